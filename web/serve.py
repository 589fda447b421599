"""The mjref site: the knowledge base served by Datasette with the templates, plugins and static files
of :mod:`web`.

One description of the site, :func:`site_config`, feeds the three ways of running it: ``mjref serve``
(:func:`serve`: uvicorn running the app factory of :mod:`web.app` in one or more worker processes), the
tests (:func:`datasette_kwargs`) and ``mjref publish`` (:mod:`web.publish`, whose image runs ``datasette
serve`` with the arguments of :func:`serve_args`).
The database is opened immutable under the name ``kb``; the settings in ``web/settings.json`` turn
arbitrary SQL and facets off and bound every query's time. The house profile reaches the site's plugins
as ``plugins.mjref-site.profile`` in the metadata. The plugins are those ``web/plugins/mjref_plugins.py``
registers in every case, so the published site has the same guard as ``mjref serve`` (GET and HEAD
only, Datasette's internals pages 404, no 500 for any input: :mod:`web.guard`).
"""

from __future__ import annotations

import copy
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from scorer.errors import ProfileError
from scorer.profiles import builtin_names, load_profile

SITE_DIR = Path(__file__).resolve().parent  # the web package: templates, plugins, static files, settings
DATASETTE_PIN = "datasette==0.65.5"
PLUGIN = "mjref-site"
STATIC_MOUNT = "static"
MAX_DEFAULT_WORKERS = 4


@dataclass(frozen=True)
class Site:
    """What Datasette needs besides the database: metadata (with the house profile), settings and folders."""

    metadata: dict[str, Any]
    settings: dict[str, Any]
    templates: Path
    plugins: Path
    static: Path

    @property
    def profile(self) -> str:
        """The house profile as the plugin receives it: a built-in name or a profile file's absolute path."""
        return str(self.metadata["plugins"][PLUGIN]["profile"])


def house_profile(ref: str) -> str:
    """``ref`` checked: a built-in name as it is, a profile file as an absolute path.

    Raises :class:`~scorer.errors.ProfileError` for an unknown profile, a malformed file, or a file
    whose ``name`` is that of a built-in profile (the site would show two profiles under one name).
    """
    profile = load_profile(ref)
    if ref in builtin_names():
        return ref
    if profile.name in builtin_names():
        raise ProfileError(f"the profile file names itself {profile.name!r}, a built-in profile: give it its own name")
    return str(Path(ref).resolve())


def site_config(profile: str = "green-book", site_dir: Path = SITE_DIR) -> Site:
    """The site as ``site_dir`` describes it, with ``profile`` as the house profile."""
    metadata = yaml.safe_load((site_dir / "metadata.yaml").read_text(encoding="utf-8"))
    metadata = copy.deepcopy(metadata)
    metadata.setdefault("plugins", {}).setdefault(PLUGIN, {})["profile"] = house_profile(profile)
    settings = json.loads((site_dir / "settings.json").read_text(encoding="utf-8"))
    return Site(metadata, settings, site_dir / "templates", site_dir / "plugins", site_dir / "static")


def setting_args(settings: dict[str, Any]) -> list[str]:
    """``--setting NAME VALUE`` for each setting, booleans as ``on``/``off``.

    >>> setting_args({"allow_facet": False, "sql_time_limit_ms": 500})
    ['--setting', 'allow_facet', 'off', '--setting', 'sql_time_limit_ms', '500']
    """
    args: list[str] = []
    for name, value in settings.items():
        text = ("on" if value else "off") if isinstance(value, bool) else str(value)
        args += ["--setting", name, text]
    return args


def serve_args(db: Path, site: Site, metadata_file: Path, host: str, port: int) -> list[str]:
    """The ``datasette serve`` arguments that serve ``db`` as the site (in one process, as a published image does)."""
    return [
        "serve",
        "-i",
        str(db),
        "--metadata",
        str(metadata_file),
        "--template-dir",
        str(site.templates),
        "--plugins-dir",
        str(site.plugins),
        "--static",
        f"{STATIC_MOUNT}:{site.static}",
        *setting_args(site.settings),
        "--host",
        host,
        "--port",
        str(port),
    ]


def datasette_kwargs(db: Path, site: Site) -> dict[str, Any]:
    """Keyword arguments of ``datasette.app.Datasette`` for the same site, in-process (tests, scripts)."""
    return {
        "immutables": [str(db)],
        "metadata": site.metadata,
        "settings": site.settings,
        "template_dir": str(site.templates),
        "plugins_dir": str(site.plugins),
        "static_mounts": [(STATIC_MOUNT, str(site.static))],
    }


def write_metadata(site: Site, path: Path) -> Path:
    """Write the site's metadata as JSON to ``path`` (for ``datasette serve -m`` and ``publish -m``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(site.metadata, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def default_workers() -> int:
    """The worker processes ``mjref serve`` runs unless told: one per core, at most :data:`MAX_DEFAULT_WORKERS`."""
    return max(1, min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS))


def serve(db: Path, profile: str, host: str, port: int, workers: int = 1) -> None:
    """Serve ``db`` as the site until interrupted; its name in Datasette is the file's stem (``kb``).

    Uvicorn runs the app factory :func:`web.app.create_app` in ``workers`` processes, each with its own Datasette
    (see :mod:`web.app`); with one worker it serves in this process. On Linux this process accepts every connection
    and hands it to the worker holding the fewest (:mod:`web.workers`); elsewhere the workers share uvicorn's one
    socket. Ctrl-C (SIGINT) or SIGTERM stops every worker. A port in use, or an empty ``host`` (uvicorn would
    listen on every interface), is a :class:`~scorer.errors.MjrefError`.
    """
    import uvicorn  # imported only to serve

    from .app import CONFIG_ENV, SECRET_ENV, write_config
    from .protocol import IMPORT_PATH
    from .workers import check_host, check_port, hands_off_connections, run_workers

    check_host(host)
    site = site_config(profile)
    config = write_config(db, site, db.parent / "site-config.json")
    os.environ[CONFIG_ENV] = str(config)  # the workers inherit the environment
    os.environ.setdefault(SECRET_ENV, secrets.token_hex(32))
    options: dict[str, Any] = {
        "app": "web.app:create_app",
        "factory": True,
        "host": host,
        "port": port,
        "log_level": "info",
        # No line per request: it costs every request some CPU, and it would print what visitors search for.
        "access_log": False,
        "lifespan": "on",
        # uvicorn's HTTP parser in C (httptools, a dependency of mjref), bounding what a request's head may hold and
        # adding the security headers to the answers uvicorn writes itself (web/protocol.py); its event loop in C.
        "http": IMPORT_PATH,
        "loop": "auto",
        # The site has no WebSocket: an upgrade would also hand a connection to a protocol web/adopt.py cannot count.
        "ws": "none",
    }
    check_port(host, port)
    if workers > 1 and hands_off_connections():
        status = run_workers(workers, host, port, options)
        if status:
            raise SystemExit(status)
        return
    if workers == 1:  # uvicorn's Server re-raises the signal that stopped it: Ctrl-C is then KeyboardInterrupt
        from .adopt import QuietServer

        QuietServer(uvicorn.Config(**options)).run()
        return
    uvicorn.run(**options, workers=workers)
