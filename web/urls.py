"""The paths of the site's own pages, made in one place, with Datasette's ``base_url`` applied.

Templates call these as globals (``ruling_url(r.id)``, ``fan_url(f.key)``, ``score_url({"hand": h})`` …),
and so do the pages' Python, so a page's address is written once: under a ``base_url`` every link still
points into the site. Each page is served in English at its path and in Chinese under ``/zh/``: the makers
of a language (``page_urls(urls, "zh")``) keep a Chinese page's links in ``/zh/``.

>>> page_path("/rulings/payments", "zh"), page_path("/zh/rulings/payments", "en"), page_path("/zh/", "en")
('/zh/rulings/payments', '/rulings/payments', '/')
>>> page_path("/", "zh"), page_path("/index.json", "zh")
('/zh/', '/zh/index.json')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any
from urllib.parse import quote, quote_plus

from kb.i18n import LANGUAGES

from .breakdown import RulingUrl  # the site's ruling_url: a maker that names the ruling too (also offline)

PageUrl = Callable[..., str]
PREFIX = {"en": "", "zh": "/zh"}  # a language's pages, under this path
PATHS_KEPT = 4096  # paths each maker keeps: every ruling, fan and source of both languages, and more
# What urlencode writes for each ASCII character (quote_plus: letters, digits and _.-~ as they are, a space as +,
# the rest as %XX), as a table str.translate applies in one call.
_QUERY_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~"
_QUERY_ESCAPES = {c: "+" if c == 32 else f"%{c:02X}" for c in range(128) if chr(c) not in _QUERY_SAFE}


def query_string(params: Mapping[str, Any]) -> str:
    """``urlencode(params)``, the values as ``str`` of them, made faster for ASCII text: a score page links every
    win of its wait grid to its own score, each with a hand of forty characters to escape.

    >>> query_string({"hand": "[123m,1]5s5s|EW1000+2", "profile": "green-book", "q": "四 归"})
    'hand=%5B123m%2C1%5D5s5s%7CEW1000%2B2&profile=green-book&q=%E5%9B%9B+%E5%BD%92'
    """
    return "&".join(f"{_quote(str(k))}={_quote(str(v))}" for k, v in params.items())


def _quote(text: str) -> str:
    return text.translate(_QUERY_ESCAPES) if text.isascii() else quote_plus(text)


def lang_of(request: Any) -> str:
    """The language of the page a request asks for: ``zh`` under ``/zh/``, else ``en``."""
    lang = request.url_vars.get("lang")
    return lang if lang in LANGUAGES else "en"


def page_path(path: str, lang: str) -> str:
    """A site path (``base_url`` not applied) of one language made the same page's path in ``lang``."""
    if path == "/zh" or path.startswith("/zh/"):
        path = path[3:] or "/"
    return PREFIX[lang] + path


def route_path(datasette: Any, request: Any) -> str:
    """The request's path without Datasette's ``base_url``: the path the site's routes match."""
    path = str(request.path)
    base = datasette.setting("base_url")
    if base != "/" and path.startswith(base):
        path = "/" + path[len(base) :]
    return path


def page_urls(urls: Any, lang: str = "en", titles: Mapping[str, str] | None = None) -> dict[str, PageUrl]:
    """The URL makers for Datasette's ``urls`` (a :class:`datasette.url_builder.Urls`), by their template name,
    for the pages in ``lang``. A page draws a hundred links and more, mostly to the same few pages, and the site's
    ``base_url`` does not change while it runs: each maker keeps the paths it has made. ``titles``: the rulings'
    titles in ``lang``, by id, that ``ruling_url.name`` names a link by (none: by its id)."""
    prefix = PREFIX[lang]

    @lru_cache(maxsize=PATHS_KEPT)
    def site_path(path: str) -> str:
        return str(urls.path(path))

    def page(path: str) -> str:
        return site_path(prefix + path)

    def with_query(path: str, params: Mapping[str, Any] | None) -> str:
        query = query_string({k: v for k, v in (params or {}).items() if v not in (None, "")})
        return page(path) + (f"?{query}" if query else "")  # the path kept, the query (every one new) not

    @lru_cache(maxsize=PATHS_KEPT)
    def item(kind: str, key: Any) -> str:
        return page(f"/{kind}/{quote(str(key), safe='')}")

    ruling_url = RulingUrl(lambda ruling: item("rulings", ruling), titles or {})
    return {
        "site_path": site_path,
        "home_url": lambda: page("/"),
        "ruling_url": ruling_url,
        "fan_url": lambda fan: item("fans", fan),
        "source_url": lambda source: item("sources", source),
        "search_url": lambda params=None: with_query("/-/search", params),
        "score_url": lambda params=None: with_query("/-/score", params),
        "table_url": lambda params=None: with_query("/-/table", params),
        "sheet_url": lambda params=None: with_query("/-/sheet", params),
        "house_url": lambda: page("/house"),
    }


def site_urls(datasette: Any, lang: str = "en") -> dict[str, PageUrl]:
    """:func:`page_urls` for the site of ``datasette`` in ``lang``, made once per site and language, so that the
    paths each maker keeps serve every page (a page that made its own makers would work every path out anew)."""
    kept: dict[str, dict[str, PageUrl]] = datasette.__dict__.setdefault("_mjref_page_urls", {})
    if lang not in kept:
        kept[lang] = page_urls(datasette.urls, lang, _titles(datasette) if lang == "zh" else None)
    return kept[lang]


def _titles(datasette: Any) -> dict[str, str]:
    """Every ruling's Chinese title (the English where none is written), by id, read from the site's database."""
    from .db import reader  # noqa: PLC0415  (the database module imports the claims' index; only this needs it)

    read = reader(datasette)
    return {r["id"]: r["title"] for r in read("SELECT id, COALESCE(NULLIF(title_zh, ''), title) AS title FROM rulings")}
