"""``/robots.txt`` and ``/sitemap.xml``: ruling, fan and source pages are indexable, in English and in Chinese
(``/zh/``); data, search and score are not. The sitemap lists each page with its ``hreflang`` alternates."""

from __future__ import annotations

from typing import Any

from datasette import Response, hookimpl
from markupsafe import escape

from .urls import page_urls

DB = "kb"
DISALLOW = ("/kb", "/-/", "/zh/-/")
HREFLANG = {"en": "en", "zh": "zh-Hans"}


async def robots(datasette: Any, request: Any) -> Response:
    lines = ["User-agent: *", *(f"Disallow: {p}" for p in DISALLOW)]
    lines.append(f"Sitemap: {datasette.absolute_url(request, '/sitemap.xml')}")
    return Response.text("\n".join(lines) + "\n")


async def sitemap(datasette: Any, request: Any) -> Response:
    db = datasette.get_database(DB)
    made = {lang: page_urls(datasette.urls, lang) for lang in HREFLANG}
    pages = [
        ("ruling_url", "SELECT id FROM rulings"),
        ("fan_url", "SELECT key FROM fans"),
        ("source_url", "SELECT id FROM sources"),
    ]
    keys: list[tuple[str, Any]] = [("home_url", None)]
    for maker, sql in pages:
        keys += [(maker, key) for key in sorted(row[0] for row in (await db.execute(sql)).rows)]

    def address(lang: str, maker: str, key: Any) -> str:
        path = made[lang][maker]() if key is None else made[lang][maker](key)
        return str(escape(datasette.absolute_url(request, path)))

    entries = []
    for maker, key in keys:
        links = "".join(
            f'<xhtml:link rel="alternate" hreflang="{code}" href="{address(lang, maker, key)}"/>'
            for lang, code in HREFLANG.items()
        )
        entries += [f"<url><loc>{address(lang, maker, key)}</loc>{links}</url>\n" for lang in HREFLANG]
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
        f"{''.join(entries)}</urlset>\n"
    )
    return Response(body, content_type="application/xml; charset=utf-8")


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    return [(r"^/robots\.txt$", robots), (r"^/sitemap\.xml$", sitemap)]
