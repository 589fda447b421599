"""The site as an ASGI app factory, so that uvicorn can run it in several worker processes.

``mjref serve --workers N`` writes the site's configuration (the database, the metadata with the house
profile, the settings and the folders of :func:`web.serve.site_config`) to a JSON file, names it in the
environment variable ``MJREF_SITE_CONFIG`` and runs ``uvicorn --factory web.app:create_app``: every
worker builds its own Datasette instance from that file (with its own page cache and connections), and serves
the connections the parent process hands it (:mod:`web.workers`; elsewhere than Linux, uvicorn's own workers
share its socket).

Without ``MJREF_SITE_CONFIG`` the factory reads ``MJREF_DB`` (default ``build/kb.db``) and
``MJREF_PROFILE`` (default ``green-book``), so a self-hosted site can run under uvicorn directly::

    MJREF_DB=/srv/mjref/kb.db uvicorn --factory web.app:create_app --workers 2 --port 8001

The workers sign with one secret (``MJREF_SITE_SECRET``, made by ``mjref serve`` for each run and passed
in the environment, never written to disk), so a value one worker signed reads the same on another.
"""

from __future__ import annotations

import gc
import json
import logging
import os
from pathlib import Path
from typing import Any

from .db import DB
from .serve import Site, datasette_kwargs, site_config

CONFIG_ENV = "MJREF_SITE_CONFIG"
SECRET_ENV = "MJREF_SITE_SECRET"
DB_ENV, PROFILE_ENV = "MJREF_DB", "MJREF_PROFILE"


def write_config(db: Path, site: Site, path: Path) -> Path:
    """Write what :func:`create_app` needs to serve ``db`` as ``site`` to ``path`` (JSON); return the path."""
    config = {
        "db": str(db.resolve()),
        "metadata": site.metadata,
        "settings": site.settings,
        "templates": str(site.templates),
        "plugins": str(site.plugins),
        "static": str(site.static),
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(config, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def read_config(path: Path) -> tuple[Path, Site]:
    """The database and the site a file of :func:`write_config` describes."""
    config = json.loads(path.read_text(encoding="utf-8"))
    folders = (Path(config[name]) for name in ("templates", "plugins", "static"))
    return Path(config["db"]), Site(config["metadata"], config["settings"], *folders)


def site_from_environment() -> tuple[Path, Site]:
    """The database and the site the environment names: ``MJREF_SITE_CONFIG``, else ``MJREF_DB``, ``MJREF_PROFILE``."""
    config = os.environ.get(CONFIG_ENV)
    if config:
        return read_config(Path(config))
    return Path(os.environ.get(DB_ENV) or "build/kb.db"), site_config(os.environ.get(PROFILE_ENV) or "green-book")


def named_kb(ds: Any, db: Path) -> None:
    """Datasette names a database by its file's stem; the site reads it as ``kb`` (:data:`web.db.DB`), so a file
    named otherwise (``MJREF_DB=/srv/other.db``) is served under that name."""
    (name,) = [name for name, database in ds.databases.items() if database.path == str(db)]
    if name != DB:
        database = ds.databases[name]
        ds.remove_database(name)
        ds.add_database(database, name=DB)


def create_app() -> Any:
    """A Datasette instance serving the site the environment names, as an ASGI app (one per worker).

    Datasette runs its start-up (plugins' hooks, the immutable database's table counts) when uvicorn sends
    the lifespan start-up, before the worker serves a connection; a failure there stops the worker. Every ruling
    page's content is prepared here (:mod:`web.ruling_page`), and then everything the process holds is frozen
    out of the garbage collector's full passes (``gc.freeze``): the caller's objects too, which is what a worker
    process wants; a program that calls this factory for other reasons may ``gc.unfreeze()``.
    """
    from datasette.app import Datasette  # imported only to serve
    from uvicorn.config import STARTUP_FAILURE

    from kb.i18n import LANGUAGES

    from .ruling_page import prepare
    from .search import site_index

    db, site = site_from_environment()
    if not db.is_file():
        # The exit status uvicorn's parent reads as "cannot start": it stops rather than start the worker again.
        logging.getLogger("uvicorn.error").error("no knowledge base at %s: run 'mjref build' first", db)
        raise SystemExit(STARTUP_FAILURE)
    ds = Datasette(**datasette_kwargs(db, site), secret=os.environ.get(SECRET_ENV) or None)
    named_kb(ds, db)
    site_index(str(db))  # the search index, read once per worker now rather than by its first search
    for lang in LANGUAGES:  # every ruling page's content, prepared now rather than at the first ruling page
        prepare(ds, lang)
    app = ds.app()
    # What is made so far lives as long as the worker: kept out of the garbage collector's full passes, which
    # otherwise walk its 100,000 objects and stop every request of the worker for about 60 ms each time.
    gc.collect()
    gc.freeze()
    return app
