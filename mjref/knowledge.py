"""The knowledge-base commands: ``mjref build``, ``mjref lookup`` and ``mjref show``, and the build-if-stale the
site's commands share."""

from __future__ import annotations

import json
from pathlib import Path

import click

from kb import terminal
from kb.build import DEFAULT_DB, BuildFailed, build, is_stale
from kb.i18n import gettext, translate
from kb.lookup import lookup
from kb.ruling_text import format_ruling, full_url, read_ruling
from rulings import RULINGS_DIR
from scorer.errors import printable

from .options import BadInput, base_url_option, current_lang, json_option, lang_option

DB_HELP = f"The knowledge base to read (default: {DEFAULT_DB}, built first if missing or stale)."


@click.command("build", short_help="Validate every ruling and build the knowledge base (SQLite).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_DB, show_default=True)
@click.option(
    "--rulings",
    "rulings_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=RULINGS_DIR,
    help="The rulings folder (default: the project's rulings/).",
)
def build_command(out: Path, rulings_dir: Path) -> None:
    """Validate every ruling, score every worked example, and write the database atomically.

    Every problem is reported as FILE:LINE: PROBLEM, then the command exits with status 2 and
    the last good database is left untouched.

    Example:

    \b
        mjref build
        mjref build --out /tmp/kb.db --rulings rulings
    """
    try:
        report = build(out, rulings_dir)
    except BuildFailed as e:
        for problem in e.problems:
            click.echo(str(problem), err=True)
        kept = f"{out} left unchanged" if out.exists() else f"{out} not written"
        raise BadInput(f"{len(e.problems)} problem(s) in the rulings; {kept}") from e
    for warning in report.warnings:
        click.echo(f"{warning.path}:{warning.line}: warning: {warning.message}", err=True)
    if report.warnings:
        switch = "kb.validate.REQUIRE_ZH is off: warnings, not errors"
        click.echo(f"{len(report.warnings)} ruling(s) lack Chinese texts ({switch})", err=True)
    click.echo(
        f"built {report.path}: {report.rulings} rulings, {report.sources} sources, "
        f"{report.examples} worked examples ({report.verified} verified by the scorer, "
        f"{report.unverified} unverified) in {report.seconds:.2f} s"
    )


@click.command("lookup", short_help="Find the rulings for a question, in any fan name.")
@click.argument("query")
@json_option
@click.option("--limit", type=click.IntRange(1, 100), default=5, show_default=True, help="How many rulings to show.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path), default=None, help=DB_HELP)
@lang_option
@base_url_option
def lookup_command(
    query: str, as_json: bool, limit: int, db_path: Path | None, lang: str, base_url: str | None
) -> None:
    """Rulings for QUERY, best first, with their short answers.

    QUERY is a question as a referee would put it, in English or in Chinese; fans may be named in
    English (any common name), in Chinese (also the short names players use: 绝张, 杠开, 门清), or
    in pinyin with or without tones. With --lang zh the Chinese titles and answers are printed; a
    ruling whose Chinese is not written yet is shown in English, marked. A QUERY that is a ruling's id
    or title (payments, kong-table) puts that ruling first.

    Example:

    \b
        mjref lookup 'tile hog with seven pairs'
        mjref lookup 四归一
        mjref lookup 抢杠和算不算和绝张 --lang zh
        mjref lookup 'si gui yi' --json --limit 3
        mjref lookup kong-table --base-url https://mjref.example.org
    """
    _ = gettext(lang)
    hits = lookup(query, ensure_database(db_path), limit)
    shown = [{**h, "url": full_url(h["url"], base_url)} for h in (hit.to_dict(lang) for hit in hits)]
    if as_json:
        click.echo(json.dumps(shown, ensure_ascii=False, indent=2))
        return
    if not hits:
        click.echo(_("No ruling matches. Try a fan name (English, 中文 or pinyin) or fewer words."))
    for n, hit in enumerate(shown, start=1):
        marker = "" if hit.get("lang", lang) == lang else "  " + _("(not yet in Chinese: English text)")
        title, answer, url = (printable(hit[k]) for k in ("title", "answer", "url"))  # as stored: escaped
        head = f"{n}. {title}  [{printable(hit['id'])}]{marker}"
        columns = terminal.width()
        lines = [*terminal.wrap(head, columns, "   "), *terminal.wrap(answer, columns, "   ", "   "), f"   {url}"]
        click.echo("\n".join(lines))


@click.command("show", short_help="Read one ruling: question, answer, positions, body, citations.")
@click.argument("ruling_id", metavar="ID")
@click.option(
    "--profile",
    default=None,
    metavar="NAME|FILE",
    help="The house profile whose position is shown (default: the rule set's own, green-book for MCR).",
)
@json_option
@click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path), default=None, help=DB_HELP)
@lang_option
@base_url_option
def show_command(
    ruling_id: str, profile: str | None, as_json: bool, db_path: Path | None, lang: str, base_url: str | None
) -> None:
    """The ruling ID in full: question, answer, the house position, every position, the body, the
    citations (source title and locator) and the related rulings. An unknown ID names the closest.

    Example:

    \b
        mjref show payments
        mjref show kong-table --profile chinese-practice --lang zh
        mjref show false-win --json --base-url https://mjref.example.org
    """
    data = read_ruling(ensure_database(db_path), ruling_id, lang, profile, base_url)
    click.echo(json.dumps(data, ensure_ascii=False, indent=2) if as_json else format_ruling(data, lang))


def ensure_database(db_path: Path | None) -> Path:
    """The database to read: ``--db`` as given, or the default one, built first if missing or stale."""
    if db_path is not None:
        return db_path
    if is_stale(DEFAULT_DB):
        notice = translate(current_lang(), "building %(db)s (missing or older than the rulings) …")
        click.echo(notice % {"db": DEFAULT_DB}, err=True)
        try:
            build(DEFAULT_DB)
        except BuildFailed as e:
            for problem in e.problems:
                click.echo(str(problem), err=True)
            raise BadInput(f"the knowledge base cannot be built: {len(e.problems)} problem(s) in the rulings") from e
    return DEFAULT_DB
