"""A page's answer: its data as JSON when the path ends in ``.json``, else its template rendered."""

from __future__ import annotations

from typing import Any

from datasette import Response


async def respond(
    datasette: Any, request: Any, template: str, data: dict[str, Any], status: int = 200, **extra: Any
) -> Response:
    """``data`` as JSON when the path ends in ``.json``, else ``template`` rendered with ``data`` and ``extra``."""
    if request.url_vars.get("format") == "json":
        return Response.json(data, status=status)
    html = await datasette.render_template(template, {**data, **extra}, request=request)
    return Response.html(html, status=status)


async def not_found(datasette: Any, request: Any, what: str) -> Response:
    """Status 404, as a page or as ``{"error": …}``."""
    return await respond(datasette, request, "mjref_error.html", {"error": f"{what} not found"}, status=404)
