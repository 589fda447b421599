"""``/robots.txt`` and ``/sitemap.xml``: ruling, fan and source pages are indexable; data, search and score are not."""

from __future__ import annotations

from typing import Any

from datasette import Response, hookimpl
from markupsafe import escape

from .urls import page_urls

DB = "kb"
DISALLOW = ("/kb", "/-/")


async def robots(datasette: Any, request: Any) -> Response:
    lines = ["User-agent: *", *(f"Disallow: {p}" for p in DISALLOW)]
    lines.append(f"Sitemap: {datasette.absolute_url(request, '/sitemap.xml')}")
    return Response.text("\n".join(lines) + "\n")


async def sitemap(datasette: Any, request: Any) -> Response:
    db = datasette.get_database(DB)
    made = page_urls(datasette.urls)
    pages = [
        (made["ruling_url"], "SELECT id FROM rulings"),
        (made["fan_url"], "SELECT key FROM fans"),
        (made["source_url"], "SELECT id FROM sources"),
    ]
    paths = [made["home_url"]()]
    for url, sql in pages:
        paths += sorted(url(row[0]) for row in (await db.execute(sql)).rows)
    urls = "".join(f"<url><loc>{escape(datasette.absolute_url(request, p))}</loc></url>\n" for p in paths)
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{urls}</urlset>\n'
    )
    return Response(body, content_type="application/xml; charset=utf-8")


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    return [(r"^/robots\.txt$", robots), (r"^/sitemap\.xml$", sitemap)]
