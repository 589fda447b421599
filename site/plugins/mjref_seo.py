"""``/robots.txt`` and ``/sitemap.xml``: ruling, fan and source pages are indexable; data, search and score are not."""

from __future__ import annotations

from typing import Any

from datasette import Response, hookimpl
from markupsafe import escape

DB = "kb"
DISALLOW = ("/kb", "/-/")


async def robots(datasette: Any, request: Any) -> Response:
    lines = ["User-agent: *", *(f"Disallow: {p}" for p in DISALLOW)]
    lines.append(f"Sitemap: {datasette.absolute_url(request, '/sitemap.xml')}")
    return Response.text("\n".join(lines) + "\n")


async def sitemap(datasette: Any, request: Any) -> Response:
    results = await datasette.get_database(DB).execute(
        "SELECT '/rulings/' || id FROM rulings UNION ALL SELECT '/fans/' || key FROM fans "
        "UNION ALL SELECT '/sources/' || id FROM sources"
    )
    paths = ["/", *sorted(row[0] for row in results.rows)]
    urls = "".join(f"<url><loc>{escape(datasette.absolute_url(request, p))}</loc></url>\n" for p in paths)
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{urls}</urlset>\n'
    )
    return Response(body, content_type="application/xml; charset=utf-8")


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    return [(r"^/robots\.txt$", robots), (r"^/sitemap\.xml$", sitemap)]
