"""The ``mjref export`` command (added to the ``mjref`` group by :mod:`kb.cli`), and ``mjref publish static``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from kb.db_file import NO_SUCH_FILE, knowledge_base_problem
from kb.options import profile_option
from scorer.errors import printable

if TYPE_CHECKING:  # the export (Datasette, the site) is imported when a command runs, not with the command line
    from .site import ExportReport

STATIC_DIR = Path("build") / "static"  # where ``mjref publish static`` writes, unless told


def summary(report: ExportReport) -> str:
    """The line the commands print once the export is written."""
    return (
        f"exported {printable(report.path)}: {report.pages} pages, {report.files} files, "
        f"{report.size / 1e6:.1f} MB, cache version {report.version}, in {report.seconds:.1f} s"
    )


def checked_db(db: Path) -> Path:
    """``--db`` as given, once it is known to be a knowledge base."""
    from .site import ExportError

    problem = knowledge_base_problem(db)
    if problem == NO_SUCH_FILE:
        raise ExportError(f"no knowledge base at {printable(db)}: run 'mjref build' first")
    if problem is not None:
        raise ExportError(f"{printable(db)} {problem}")
    return db


def export_to(out: Path, db_path: Path | None, profile: str) -> ExportReport:
    """Export into ``out`` from ``db_path`` (default: ``build/kb.db``, built first when missing or stale)."""
    from kb.cli import ensure_database  # the command line's build-if-stale, imported when run

    from .site import export_site

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
    from .site import ExportError

    if len(extra) > 1:
        raise ExportError("publish static takes one folder at most: mjref publish static [DIR]")
    out = Path(extra[0]) if extra else STATIC_DIR
    report = export_to(out, None, profile)
    return summary(report) + f"; upload {printable(out)} to any static host (it needs no server)"
