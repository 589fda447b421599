"""The site's commands: ``mjref serve``, ``mjref publish`` and ``mjref export``.

Datasette and the export are imported when a command runs, not with the command line.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import click

from kb.db_file import NO_SUCH_FILE, knowledge_base_problem
from scorer.errors import printable
from web.publish import publish, stage
from web.serve import MAX_DEFAULT_WORKERS, default_workers, house_profile, serve
from web.workers import check_port

from .knowledge import ensure_database
from .options import profile_option

if TYPE_CHECKING:
    from web.export.site import ExportReport

STATIC_DIR = Path("build") / "static"  # where ``mjref publish static`` writes, unless told


def summary(report: ExportReport) -> str:
    """The line the commands print once the export is written."""
    return (
        f"exported {printable(report.path)}: {report.pages} pages, {report.files} files, "
        f"{report.size / 1e6:.1f} MB, cache version {report.version}, in {report.seconds:.1f} s"
    )


def checked_db(db: Path) -> Path:
    """``--db`` as given, once it is known to be a knowledge base."""
    from web.export.site import ExportError

    problem = knowledge_base_problem(db)
    if problem == NO_SUCH_FILE:
        raise ExportError(
            f"no knowledge base at {printable(db)}: run 'mjref build --out {shlex.quote(printable(db))}' first"
        )
    if problem is not None:
        raise ExportError(f"{printable(db)} {problem}")
    return db


def export_to(out: Path, db_path: Path | None, profile: str) -> ExportReport:
    """Export into ``out`` from ``db_path`` (default: ``build/kb.db``, built first when missing or stale)."""
    from web.export.site import export_site

    db = checked_db(db_path) if db_path is not None else ensure_database(None)
    return export_site(out, db, profile, say=lambda line: click.echo(line, err=True))


@click.command("export", short_help="Write the site as static files that work offline (any static host).")
@click.argument("out", metavar="DIR", type=click.Path(path_type=Path))
@profile_option
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The knowledge base to export (default: build/kb.db, built first if missing or stale).",
)
def export_command(out: Path, profile: str, db_path: Path | None) -> None:
    """Write the whole site into DIR as static files: every page in English and Chinese, its JSON, the search
    index, and the score page scoring in the browser (mjref's scorer on Pyodide, fetched once with npm).

    A service worker keeps the site in the browser's cache on the first visit, so it works with no network.
    DIR must be new, empty or an earlier export, which is replaced whole.

    Example:

    \b
        mjref export site/
        mjref export site/ --profile our-club.yaml
        python -m http.server -d site/ 8000
    """
    click.echo(summary(export_to(out, db_path, profile)))


def publish_static(profile: str, extra: tuple[str, ...]) -> str:
    """``mjref publish static [DIR]``: the export into DIR (default ``build/static``), ready for any static host."""
    from web.export.site import ExportError

    if len(extra) > 1:
        raise ExportError("publish static takes one folder at most: mjref publish static [DIR]")
    out = Path(extra[0]) if extra else STATIC_DIR
    report = export_to(out, None, profile)
    return summary(report) + f"; upload {printable(out)} to any static host (it needs no server)"


@click.command("serve", short_help="Serve the knowledge base and the scorer as a local site (Datasette).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8001, show_default=True, help="Port to listen on.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    help=f"Server processes, each with its own Datasette (default: one per core, at most {MAX_DEFAULT_WORKERS}); "
    "1 serves in this process.",
)
@profile_option
def serve_command(host: str, port: int, workers: int | None, profile: str) -> None:
    """Build the knowledge base if it is missing or stale, then serve it until interrupted.

    The site has a search in any fan name, a page per ruling, fan and source, and a score page;
    the profile is the house interpretation: the score page's default and the position marked on
    every disputed ruling. Datasette's table pages stay at /kb for the raw data. The worker
    processes share the port; Ctrl-C stops them all.

    Example:

    \b
        mjref serve
        mjref serve --port 8080 --profile chinese-practice
        mjref serve --profile our-club.yaml --workers 1
    """
    house_profile(profile)  # a bad profile fails here, before the build
    check_port(host, port)  # and a port in use, before the build (serve() checks again, for other callers)
    db = ensure_database(None)
    workers = workers or default_workers()
    processes = "1 process" if workers == 1 else f"{workers} worker processes"
    click.echo(f"serving {db} on http://{host}:{port}/ (profile {profile}, {processes}); Ctrl-C stops", err=True)
    serve(db, profile, host, port, workers)


@click.command(
    "publish",
    short_help="Publish the site: 'datasette publish' (cloudrun, heroku, fly, vercel), or static files (static).",
    context_settings={"ignore_unknown_options": True},
)
@click.argument("provider")
@profile_option
@click.option("--dry-run", is_flag=True, help="Print the 'datasette publish' command instead of running it.")
@click.option(
    "--wheel",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The mjref wheel to install in the image (default: built from mjref's source tree).",
)
@click.argument("extra", nargs=-1, type=click.UNPROCESSED)
def publish_command(provider: str, profile: str, dry_run: bool, wheel: Path | None, extra: tuple[str, ...]) -> None:
    """Publish the site to PROVIDER with the settings, pins and files of 'mjref serve'.

    The database is staged in build/publish/ with the house profile baked in; arguments after
    PROVIDER that mjref does not know (for example --service NAME) go to 'datasette publish'.
    PROVIDER static writes the site as static files into DIR (default build/static), as 'mjref export'.

    Example:

    \b
        mjref publish static site/
        mjref publish cloudrun --dry-run
        mjref publish fly --profile our-club.yaml -- --app our-club-rulings
    """
    if provider == "static":  # a folder for any static host: the site as 'mjref export' writes it
        click.echo(publish_static(profile, extra))
        return
    db = ensure_database(None)
    command = stage(db, provider, profile, extra, wheel=wheel)
    if dry_run:
        click.echo(command.text)
        return
    status = publish(command)
    if status:
        raise click.exceptions.Exit(status)
