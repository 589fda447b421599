"""The paths of the site's own pages, made in one place, with Datasette's ``base_url`` applied.

Templates call these as globals (``ruling_url(r.id)``, ``fan_url(f.key)``, ``score_url({"hand": h})`` …),
and so do the pages' Python, so a page's address is written once: under a ``base_url`` every link still
points into the site.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote, urlencode

PageUrl = Callable[..., str]


def page_urls(urls: Any) -> dict[str, PageUrl]:
    """The URL makers for Datasette's ``urls`` (a :class:`datasette.url_builder.Urls`), by their template name."""

    def site_path(path: str) -> str:
        return str(urls.path(path))

    def with_query(path: str, params: Mapping[str, Any] | None) -> str:
        query = urlencode([(k, v) for k, v in (params or {}).items() if v not in (None, "")])
        return site_path(path + (f"?{query}" if query else ""))

    return {
        "site_path": site_path,
        "home_url": lambda: site_path("/"),
        "ruling_url": lambda ruling: site_path(f"/rulings/{quote(str(ruling), safe='')}"),
        "fan_url": lambda fan: site_path(f"/fans/{quote(str(fan), safe='')}"),
        "source_url": lambda source: site_path(f"/sources/{quote(str(source), safe='')}"),
        "search_url": lambda params=None: with_query("/-/search", params),
        "score_url": lambda params=None: with_query("/-/score", params),
        "table_url": lambda params=None: with_query("/-/table", params),
    }
