"""``mjref export``: the site as static files that work offline (see :mod:`web.export.site`).

- ``command.py``: the ``mjref export`` command and ``mjref publish static``;
- ``site.py``: the export as a whole, written beside ``DIR`` and swapped in;
- ``pages.py``: every page rendered in-process by the app ``mjref serve`` runs, links made relative;
- ``search_index.py``: the search index as JSON, ranked in the browser by ``static/offline/search_rank.js`` (the
  words read by ``search_words.js``, the page drawn by ``search.js``);
- ``wheel.py`` and ``in_browser.py``: the scorer and the score page's macros as a wheel for Pyodide
  (``pyodide.py`` fetches Pyodide from the npm registry), driven by ``static/offline/score.js``;
- ``offline.py``: the service worker, the web app manifest and the icons.
"""
