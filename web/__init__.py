"""The mjref site: Datasette serving the knowledge base ``kb.db``, with pages of its own.

A map for a newcomer:

- ``serve.py``: the one description of the site (metadata, settings, templates, plugins, static files)
  that ``mjref serve``, ``mjref publish`` (``publish.py``) and the tests share; ``app.py``: the app
  factory uvicorn's worker processes run for ``mjref serve``.
- The Datasette plugins, all registered by ``plugins/mjref_plugins.py`` (the one file ``--plugins-dir``
  loads): ``routes.py`` (the site's own routes), ``guard.py`` (GET and HEAD only, allow-listed paths,
  no 500 for any input), ``security.py`` (headers, Content Security Policy), ``seo.py`` (the pages
  sitemap.xml lists), ``tiles.py`` (hands drawn as tiles).
- The pages, each HTML and JSON, in English and in Chinese under ``/zh/`` (``urls.py`` makes each language's
  paths, ``respond.py`` renders through one template environment per language with its message catalogue
  installed): ``reference.py`` (home, ruling, fan, source), ``search.py``,
  ``score.py`` (score, audit, compare; its input checks in ``score_checks.py``, shared with the offline page)
  and ``table.py`` (a Babcock table settled from four hands); with
  ``db.py`` (queries on the immutable database), ``house.py``
  (the house profile), ``respond.py`` (HTML or JSON), ``highlight.py`` (search terms marked) and
  ``cache.py`` (answers kept by URL).
- ``export/``: ``mjref export``, the site as static files that work offline (its ``__init__.py`` is the map), with
  the scripts of ``static/offline/``.
- ``templates/`` (``mjref_*.html``), ``static/mjref.css``, ``metadata.yaml``, ``settings.json``.
"""

from __future__ import annotations

# The plugin modules, in the order they are registered with Datasette.
PLUGINS = ("web.guard", "web.security", "web.routes", "web.seo", "web.tiles")
