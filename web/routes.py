"""The site's own routes (each page also as ``.json``), and the Jinja settings they render with."""

from __future__ import annotations

from typing import Any

from datasette import Response, hookimpl

from .cache import cached
from .house_page import house_page
from .reference import fan_page, home, source_page
from .ruling_page import ruling_page
from .score import qr_code, score_page
from .search import search_page
from .sheet import sheet_page
from .table import table_page
from .urls import site_urls
from .waits_page import waits_json


@hookimpl
def prepare_jinja2_environment(env: Any, datasette: Any) -> None:
    # The templates, like the database, do not change while the site runs: Jinja need not check each
    # template file's time stamp on every page it renders.
    env.auto_reload = False
    env.globals.update(site_urls(datasette))  # ruling_url(), fan_url(), score_url() … (web.urls)
    # The templates' interface strings go through gettext (``{% trans %}``, ``_()``): English, the message ids
    # themselves, here; each language's overlay (web.respond.site_templates) installs its own catalogue.
    env.add_extension("jinja2.ext.i18n")
    env.install_null_translations(newstyle=True)
    env.globals.update(lang="en", html_lang="en", tr=str)


async def zh_home(datasette: Any, request: Any) -> Response:
    """``/zh``: the Chinese home page is ``/zh/``."""
    return Response.redirect(site_urls(datasette, "zh")["home_url"]())


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    fmt = r"(?:\.(?P<format>json))?$"
    lang = r"(?:/(?P<lang>zh))?"  # every page also in Chinese, under /zh/
    return [
        (r"^" + lang + r"/(?:index\.(?P<format>json))?$", cached(home)),
        (r"^" + lang + r"/rulings/(?P<id>[^/.]+)" + fmt, cached(ruling_page)),
        (r"^" + lang + r"/fans/(?P<key>[^/.]+)" + fmt, cached(fan_page)),
        (r"^" + lang + r"/sources/(?P<id>[^/.]+)" + fmt, cached(source_page)),
        (r"^" + lang + r"/-/search" + fmt, cached(search_page)),
        (r"^" + lang + r"/-/score" + fmt, cached(score_page)),
        (r"^" + lang + r"/-/table" + fmt, cached(table_page)),
        (r"^" + lang + r"/house" + fmt, cached(house_page)),
        (r"^/zh$", zh_home),
        (r"^/-/qr\.svg$", cached(qr_code)),
        (r"^" + lang + r"/-/sheet" + fmt, cached(sheet_page)),
        (r"^" + lang + r"/-/waits\.json$", cached(waits_json)),  # the wait list's JSON (web.waits_page)
    ]
