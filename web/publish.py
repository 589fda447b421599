"""``mjref publish``: stage the site for ``datasette publish``, then run it (or print it, for a dry run).

``datasette publish`` copies the database, the metadata, the templates, the plugins and the static files
into an image and installs packages there. Staging in ``build/publish/`` makes that copy self-contained:

- ``kb.db``: the knowledge base with the house profile baked in (rows in ``profiles``,
  ``profile_positions`` and ``profile_points`` for a profile file, and ``meta.house_profile``);
- ``metadata.json``: the site's metadata, its plugin pointed at the house profile;
- ``plugins/``: the file that registers the site's plugins, the built mjref wheel (installed in the
  image like any package, nothing editable: the plugins import ``web``, ``kb`` and ``scorer`` from it),
  and ``plugins/house-profile.yaml``, a profile file resolved to stand alone.

The wheel is the one given with ``--wheel``, or one built from mjref's source tree when mjref runs from
it. The templates and static files go from the installed ``web`` package; the settings are those of
``mjref serve``.

``mjref publish static [DIR]`` is no ``datasette publish``: it writes the site as static files for any static
host, as ``mjref export`` does (:mod:`web.export`).

The image runs one server process: ``datasette publish`` writes its Dockerfile, whose command is
``datasette serve … --port $PORT``, and ``--extra-options`` only adds (quoted) arguments to it, so the
worker processes of ``mjref serve`` (:mod:`web.app`) cannot replace it. A published site scales by the
platform's instances.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import yaml

from scorer.errors import MjrefError, printable
from scorer.mcr.table import FANS
from scorer.profiles import Profile, builtin_names, load_profile

from .serve import DATASETTE_PIN, PLUGIN, STATIC_MOUNT, Site, setting_args, site_config, write_metadata

# Providers: built into Datasette (None) or added by a plugin (its package name).
PROVIDERS: dict[str, str | None] = {
    "cloudrun": None,
    "heroku": None,
    "fly": "datasette-publish-fly",
    "vercel": "datasette-publish-vercel",
}
# The static target: no 'datasette publish' but the site as static files (mjref export, mjref/site.py).
STATIC = "static"
STAGE_DIR = Path("build") / "publish"
PROJECT_DIR = Path(__file__).resolve().parent.parent  # the source tree, when mjref runs from one
HOUSE_FILE = "house-profile.yaml"


class PublishError(MjrefError):
    """The site cannot be published as asked (unknown provider, missing publish plugin)."""

    code = "publish"


@dataclass(frozen=True)
class PublishCommand:
    """The ``datasette publish`` command line, to run from the folder it was staged from."""

    args: list[str]
    provider: str

    @property
    def text(self) -> str:
        return shlex.join(self.args)


def standalone_profile(profile: Profile) -> str:
    """A profile as YAML that extends nothing: every position, and every value that differs from the table."""
    points = {FANS[n].key: v for n, v in sorted(profile.points.items()) if n in FANS and v != FANS[n].points}
    data = {"name": profile.name, "title": profile.title, "positions": dict(profile.positions), "points": points}
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def bake_profile(db: Path, profile: Profile, builtin: bool) -> None:
    """Record the house profile in the staged database; a profile file also gets its positions and values."""
    with sqlite3.connect(db) as conn:
        if not builtin:
            conn.execute(
                "INSERT INTO profiles (id, title, ruleset, builtin, path) VALUES (?, ?, ?, 0, ?)",
                (profile.name, profile.title, profile.ruleset, f"plugins/{HOUSE_FILE}"),
            )
            conn.executemany(
                "INSERT INTO profile_positions (profile_id, ruling_id, position_id) VALUES (?, ?, ?)",
                [(profile.name, r, p) for r, p in profile.positions.items()],
            )
            conn.executemany(
                "INSERT INTO profile_points (profile_id, fan_id, points) VALUES (?, ?, ?)",
                [(profile.name, n, v) for n, v in profile.points.items() if n in FANS and v != FANS[n].points],
            )
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('house_profile', ?)", (profile.name,))
    conn.close()


def _replaceable(path: Path) -> Path:
    """``path`` with nothing at it, so that what is written there is a new file: a symbolic link found there (planted
    in the staging folder) is removed, never written through, and a folder is removed whole."""
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    return path


def _stage_plugins(site: Site, target: Path, wheel: Path) -> None:
    _replaceable(target).mkdir(parents=True)
    for plugin in sorted(site.plugins.glob("*.py")):
        shutil.copy2(plugin, target / plugin.name)
    shutil.copy2(wheel, target / wheel.name)


def mjref_wheel(given: Path | None, out: Path) -> Path:
    """The mjref wheel the image installs: ``given``, or one built from the source tree into ``out``."""
    if given is not None:
        if not (given.is_file() and given.name.startswith("mjref-") and given.suffix == ".whl"):
            raise PublishError(f"--wheel {printable(given)}: not an mjref wheel file (mjref-VERSION-….whl)")
        return given
    if not _is_source_tree(PROJECT_DIR):
        raise PublishError("mjref is installed without its source tree: pass --wheel with the mjref wheel to install")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("mjref-*.whl"):
        old.unlink()
    pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(PROJECT_DIR)]
    # A pure-Python wheel (no compiled scorer): the host that runs it may not be this machine's platform.
    env = {**os.environ, "MJREF_COMPILE": "0"}
    done = subprocess.run(pip, capture_output=True, text=True, check=False, env=env)
    built = sorted(out.glob("mjref-*.whl"))
    if done.returncode or not built:
        last = (done.stderr.strip().splitlines() or ["no wheel was written"])[-1]
        raise PublishError(f"could not build the mjref wheel from {PROJECT_DIR}: {printable(last)}")
    return built[-1]


def _is_source_tree(path: Path) -> bool:
    """Is ``path`` mjref's own source tree (a pyproject.toml naming the project mjref)?"""
    try:
        text = (path / "pyproject.toml").read_text(encoding="utf-8")
    except OSError:
        return False
    project = tomllib.loads(text).get("project", {})
    return isinstance(project, dict) and project.get("name") == "mjref"


def stage(
    db: Path,
    provider: str,
    profile: str,
    extra: tuple[str, ...] = (),
    out: Path = STAGE_DIR,
    wheel: Path | None = None,
) -> PublishCommand:
    """Stage the site in ``out`` with ``profile`` as the house profile and the mjref ``wheel`` (built from
    the source tree when None); return the publish command."""
    if provider not in PROVIDERS:
        names = ", ".join([*PROVIDERS, STATIC])
        raise PublishError(f"unknown provider {provider!r}: use one of {names}")
    site = site_config(profile)
    house = load_profile(site.profile)
    builtin = profile in builtin_names()
    staged_db = out / "kb.db"
    try:
        out.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(db, _replaceable(staged_db))
        bake_profile(staged_db, house, builtin)
        built = mjref_wheel(wheel, out / "wheel")
        _stage_plugins(site, out / "plugins", built)
        if not builtin:
            (out / "plugins" / HOUSE_FILE).write_text(standalone_profile(house), encoding="utf-8")
            site.metadata["plugins"][PLUGIN]["profile"] = f"plugins/{HOUSE_FILE}"  # where the image has it
        metadata = write_metadata(site, _replaceable(out / "metadata.json"))
    except OSError as e:  # a full disk, a folder that cannot be written
        where = f" ({printable(e.filename)})" if e.filename else ""
        raise PublishError(f"cannot stage the site in {printable(out)}: {e.strerror or e}{where}") from None
    args = [
        "datasette",
        "publish",
        provider,
        str(staged_db),
        "--metadata",
        str(metadata),
        "--template-dir",
        str(site.templates),
        "--plugins-dir",
        str(out / "plugins"),
        "--static",
        f"{STATIC_MOUNT}:{site.static}",
        "--install",
        DATASETTE_PIN,
        "--install",
        f"plugins/{built.name}",
        "--extra-options",
        " ".join(setting_args(site.settings)),
        "--version-note",
        f"mjref {version('mjref')}, profile {house.name}",
        *extra,
    ]
    return PublishCommand(args, provider)


def publish(command: PublishCommand) -> int:
    """Run ``datasette publish``; its exit status. Fails first when the provider's plugin is not installed."""
    from datasette.cli import cli as datasette_cli  # imported only to publish

    if command.provider not in datasette_cli.commands["publish"].commands:
        plugin = PROVIDERS[command.provider]
        raise PublishError(f"publishing to {command.provider} needs a plugin: pip install {plugin}")
    return subprocess.call([sys.executable, "-m", *command.args])
