"""A page's answer: its data as JSON when the path ends in ``.json``, else its template rendered."""

from __future__ import annotations

from typing import Any

from datasette import Response
from jinja2 import Environment, Template


class _SyncTemplate(Template):
    """A template compiled without Jinja's async mode: Datasette's ``render_template`` awaits it, and it
    renders in one synchronous pass."""

    async def render_async(self, *args: Any, **kwargs: Any) -> str:
        return self.render(*args, **kwargs)


def site_templates(datasette: Any) -> Environment:
    """Datasette's template environment (same loader, globals, filters and settings) in synchronous mode.

    Datasette compiles every template for async rendering, so that a template may await; the site's own
    templates never do, and async rendering makes each block, loop and macro call several awaits: about
    half of a ruling page's cost. The overlay has its own template cache, made per Datasette instance
    after its start-up (so the plugins' globals are in place).
    """
    env: Environment | None = datasette.__dict__.get("_mjref_sync_templates")
    if env is None:
        env = datasette.jinja_env.overlay(enable_async=False, cache_size=400)
        env.template_class = _SyncTemplate
        datasette.__dict__["_mjref_sync_templates"] = env
    return env


async def respond(
    datasette: Any, request: Any, template: str, data: dict[str, Any], status: int = 200, **extra: Any
) -> Response:
    """``data`` as JSON when the path ends in ``.json``, else ``template`` rendered with ``data`` and ``extra``."""
    if request.url_vars.get("format") == "json":
        return Response.json(data, status=status)
    # Datasette builds the context (its own variables and the plugins'); the site's template renders it.
    page = site_templates(datasette).get_template(template)
    html = await datasette.render_template(page, {**data, **extra}, request=request)
    return Response.html(html, status=status)


async def not_found(datasette: Any, request: Any, what: str) -> Response:
    """Status 404, as a page or as ``{"error": …}``."""
    return await respond(datasette, request, "mjref_error.html", {"error": f"{what} not found"}, status=404)
