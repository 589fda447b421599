"""The site's own routes (each page also as ``.json``), and the Jinja settings they render with."""

from __future__ import annotations

from typing import Any

from datasette import hookimpl

from .cache import cached
from .reference import fan_page, home, ruling_page, source_page
from .score import qr_code, score_page
from .search import search_page
from .table import table_page
from .urls import page_urls


@hookimpl
def prepare_jinja2_environment(env: Any, datasette: Any) -> None:
    # The templates, like the database, do not change while the site runs: Jinja need not check each
    # template file's time stamp on every page it renders.
    env.auto_reload = False
    env.globals.update(page_urls(datasette.urls))  # ruling_url(), fan_url(), score_url() … (web.urls)


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    fmt = r"(?:\.(?P<format>json))?$"
    return [
        (r"^/(?:index\.(?P<format>json))?$", cached(home)),
        (r"^/rulings/(?P<id>[^/.]+)" + fmt, cached(ruling_page)),
        (r"^/fans/(?P<key>[^/.]+)" + fmt, cached(fan_page)),
        (r"^/sources/(?P<id>[^/.]+)" + fmt, cached(source_page)),
        (r"^/-/search" + fmt, cached(search_page)),
        (r"^/-/score" + fmt, cached(score_page)),
        (r"^/-/table" + fmt, cached(table_page)),
        (r"^/-/qr\.svg$", cached(qr_code)),
    ]
