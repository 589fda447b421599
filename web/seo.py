"""What crawlers see: ``/robots.txt`` (the ``datasette-block-robots`` plugin) keeps them off the data, the search
and the score pages (``/kb``, ``/-/``, ``/zh/-/``), as configured in ``metadata.yaml``, and points to
``/sitemap.xml`` (the ``datasette-sitemap`` plugin), which lists the home and house pages and every ruling, fan and
source page in English and in Chinese: the paths this module contributes. Each page names its other language
itself (``hreflang`` links in ``mjref_base.html``)."""

from __future__ import annotations

from typing import Any

from datasette import hookimpl

from .urls import site_urls

DB = "kb"
LANGUAGES = ("en", "zh")
PAGES = (  # the URL maker of each kind of page (web.urls), and the keys of its pages
    ("ruling_url", "SELECT id FROM rulings ORDER BY id"),
    ("fan_url", "SELECT key FROM fans ORDER BY id"),
    ("source_url", "SELECT id FROM sources ORDER BY id"),
)


@hookimpl
def sitemap_extra_paths(datasette: Any) -> Any:
    async def paths() -> list[str]:
        db = datasette.get_database(DB)
        keyed = [(maker, row[0]) for maker, sql in PAGES for row in (await db.execute(sql)).rows]
        out = []
        for lang in LANGUAGES:
            made = site_urls(datasette, lang)
            out += [made["home_url"](), made["house_url"](), *(made[maker](key) for maker, key in keyed)]
        return out

    return paths
