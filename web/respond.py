"""A page's answer: its data as JSON when the path ends in ``.json``, else its template rendered in the page's
language (English, or Chinese under ``/zh/``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from datasette import Response
from jinja2 import Environment, Template
from markupsafe import Markup

from kb.i18n import HTML_LANG, LANGUAGES, translations

from . import breakdown, ruling_lists, tiles, waits_table, worked_examples
from .markup import direct_gettext
from .urls import lang_of, page_path, route_path, site_urls

I18N_METHODS = (  # what Jinja2's i18n extension adds to its environment
    "install_gettext_translations",
    "install_null_translations",
    "install_gettext_callables",
    "uninstall_gettext_translations",
    "extract_translations",
)


class _SiteTemplate(Template):
    """A template of the site's pages, whose globals are flattened into a plain dict at its first render.

    Jinja keeps a template's globals as a ChainMap over its environment's, and every render (and every macro
    import) copies that map key by key, in Python: a quarter of the time the base template takes. The site's
    environments have all their globals before their first template loads (:func:`site_templates`), and keep
    them: a global added to one later would not be seen by its templates already rendered.
    """

    def new_context(self, vars: Any = None, shared: bool = False, locals: Any = None) -> Any:
        if type(self.globals) is not dict:
            self.globals = dict(self.globals)
        return super().new_context(vars, shared, locals)


def site_templates(datasette: Any, lang: str = "en") -> Environment:
    """Datasette's template environment (same loader, globals, filters and settings) in synchronous mode, with
    the interface strings of ``lang`` installed (Jinja2's i18n extension, the catalogue of :mod:`kb.i18n`).

    Datasette compiles every template for async rendering, so that a template may await; the site's own
    templates never do, and async rendering makes each block, loop and macro call several awaits: about
    half of a ruling page's cost. Each language has its overlay, with its own template cache and its own
    globals (the translations and the URL makers of its pages), made per Datasette instance after its
    start-up (so the plugins' globals are in place).
    """
    envs: dict[str, Environment] = datasette.__dict__.setdefault("_mjref_sync_templates", {})
    env = envs.get(lang)
    if env is None:
        env = datasette.jinja_env.overlay(enable_async=False, cache_size=400)
        env.template_class = _SiteTemplate
        env.globals = dict(env.globals)  # an overlay shares its parent's globals: each language has its own
        # The overlay copies its parent's install_gettext_translations (which would install into the parent): its
        # own i18n extension gives it its own, installing into this overlay's globals.
        for name in I18N_METHODS:
            env.__dict__.pop(name, None)
        env.add_extension("jinja2.ext.i18n")
        # tr(): a text of the data (a topic, a status) in lang, escaped like any other value, never taken as markup.
        tr = translations(lang).gettext
        env.globals.update(site_urls(datasette, lang), lang=lang, html_lang=HTML_LANG[lang], tr=tr)
        env.globals.update(tiles.template_globals(lang))  # tiles, sets and the keyboard named in lang
        env.globals.update(breakdown.template_globals(lang))  # a score's breakdown, labelled in lang
        env.globals.update(worked_examples.template_globals(lang))  # a worked example, its line and its detail
        env.globals.update(ruling_lists.template_globals(lang))  # a ruling's citations, fans, links
        env.globals.update(waits_table.template_globals(lang))  # the wait grid's section
        # Installed for its newstyle setting, which {% trans %} blocks compile with; the functions they then call are
        # replaced by direct_gettext's, the same in one call.
        env.install_gettext_translations(translations(lang), newstyle=True)
        env.globals.update(direct_gettext(translations(lang)))
        env.globals["fixed_part"] = _fixed_parts(env)
        envs[lang] = env
    return env


def _fixed_parts(env: Environment) -> Callable[[str], Markup]:
    """``fixed_part(name)``: the partial ``name`` rendered once, with nothing but its environment's globals (its
    language's texts and URL makers), then the same HTML for every page that draws it. For the partials that read
    no page's data: the tile keyboard, the notation's help, the header's search field and tool links, the footer's
    data links; drawn anew for every score page they cost half of its frame's rendering."""
    rendered: dict[str, Markup] = {}

    def fixed_part(name: str) -> Markup:
        html = rendered.get(name)
        if html is None:
            html = rendered[name] = Markup(env.get_template(name).render())
        return html

    return fixed_part


def alternates(datasette: Any, request: Any) -> dict[str, str]:
    """The page the request asks for, in each language (``base_url`` applied, the query kept)."""
    path, query = route_path(datasette, request), request.query_string
    return {
        lang: str(datasette.urls.path(page_path(path, lang))) + (f"?{query}" if query else "") for lang in LANGUAGES
    }


async def respond(
    datasette: Any, request: Any, template: str, data: dict[str, Any], status: int = 200, **extra: Any
) -> Response:
    """``data`` as JSON when the path ends in ``.json``, else ``template`` rendered with ``data`` and ``extra``."""
    if request.url_vars.get("format") == "json":
        return Response.json(data, status=status)
    # Rendered here rather than by Datasette's render_template: the site's templates read their data, the request
    # and their environment's globals only, none of the variables Datasette gathers for its own pages (plugins'
    # scripts and style sheets, menu links, the actor), which cost a twentieth of a search page to gather.
    page = site_templates(datasette, lang_of(request)).get_template(template)
    html = page.render({**data, **extra, "alternates": alternates(datasette, request), "request": request})
    return Response.html(html, status=status)


async def error_page(datasette: Any, request: Any, message: str, status: int) -> Response:
    """A page's error (a ruling, fan or source not found) in the page's language: its template, or ``{"error": …}``."""
    return await respond(datasette, request, "mjref_error.html", {"error": message}, status=status)
