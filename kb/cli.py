"""The ``mjref`` command line: thin commands over the library.

Each command calls one library function and formats what it returns. Errors are translated in one
place, :meth:`~kb.options.MjrefGroup.invoke`: a :class:`~scorer.errors.MjrefError` (or a click usage error)
becomes one line ``error: <message>`` on stderr (in the language of ``--lang``) and exit status 2, never a
traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from rulings import RULINGS_DIR
from scorer import RULESETS
from scorer import score as score_hand
from scorer.babcock import settle_table
from scorer.errors import printable
from scorer.result import BabcockScore
from web.export.command import export_command, publish_static
from web.publish import publish, stage
from web.serve import MAX_DEFAULT_WORKERS, default_workers, house_profile, serve
from web.workers import check_port

from .audit import audit, compare
from .audit_log import audit_file
from .babcock_text import format_babcock, format_table
from .build import DEFAULT_DB, BuildFailed, build, is_stale
from .i18n import gettext, translate
from .lookup import lookup
from .options import (
    BadInput,
    MjrefGroup,
    json_option,
    lang_option,
    profile_option,
    situation_options,
    situation_overrides,
)
from .report_file import Interrupted
from .text import format_audit, format_comparison, format_score

DB_HELP = f"The knowledge base to read (default: {DEFAULT_DB}, built first if missing or stale)."


@click.group(cls=MjrefGroup)
@click.version_option(package_name="mjref")
def cli() -> None:
    """mjref: a referee's knowledge base and scorer for Mahjong Competition Rules (MCR)."""


@cli.command(short_help="Score a hand: fans, exclusions with their rulings, total, payments.")
@click.argument("hand")
@profile_option
@click.option(
    "--ruleset",
    type=click.Choice(RULESETS),
    default="mcr",
    show_default=True,
    help="Rule set: MCR, or Babcock's classical rules (profile babcock unless --profile names another).",
)
@json_option
@lang_option
@situation_options
@click.pass_context
def score(
    ctx: click.Context, hand: str, profile: str, ruleset: str, as_json: bool, lang: str, **situation: Any
) -> None:
    """Score HAND under a profile: the fans, the fans excluded and why, the total and the payments.

    HAND is in mjref's notation: declared sets in brackets with who supplied the tile, then the
    standing tiles with the winning tile last, then an optional situation |PSabcd (prevalent
    wind, seat wind, then 0/1 for self-drawn, last of its kind, last of the wall, kong) and +N
    flowers. Situation options override the suffix.

    Example:

    \b
        mjref score '[123m,1][EEE,2]456p789s5s5s|EW1000'
        mjref score '123m456m789m123p55s' --prevalent S --seat N --self-drawn
        mjref score '123m456m789m123p55s|EE0000' --profile chinese-practice --json
        mjref score '[SSS,1][NNN,2]123pEEWWE|EE0000' --ruleset babcock --profile babcock-optional
        mjref score '[123m,1][EEE,2]456p789s5s5s|EW1000' --lang zh
    """
    chosen: str | None = profile
    if ctx.get_parameter_source("profile") is click.core.ParameterSource.DEFAULT:
        chosen = None  # each rule set's own default profile
    result = score_hand(hand, profile=chosen, ruleset=ruleset, **situation_overrides(situation))
    if as_json:
        click.echo(result.to_json())
    else:
        click.echo(format_babcock(result, lang) if isinstance(result, BabcockScore) else format_score(result, lang))


@cli.command("settle", short_help="Babcock: score all four hands and settle the table.")
@click.argument("east")
@click.argument("south")
@click.argument("west")
@click.argument("north")
@click.option(
    "--winner",
    required=True,
    type=click.Choice(["E", "S", "W", "N", "none"]),
    help="The winner's seat, or none for a draw game.",
)
@click.option(
    "--dead",
    "dead",
    multiple=True,
    type=click.Choice(["E", "S", "W", "N"]),
    help="A seat holding a Dead Hand: it scores nothing, pays the winner and each other player, is paid by no one"
    " (repeatable).",
)
@click.option(
    "--ruleset",
    type=click.Choice(["babcock"]),
    default="babcock",
    show_default=True,
    help="Rule set: only Babcock's settles every player's hand.",
)
@profile_option
@json_option
@lang_option
@click.pass_context
def settle_command(
    ctx: click.Context,
    east: str,
    south: str,
    west: str,
    north: str,
    winner: str,
    dead: tuple[str, ...],
    ruleset: str,
    profile: str,
    as_json: bool,
    lang: str,
) -> None:
    """Score EAST SOUTH WEST NORTH under Babcock's rules and settle: each score, its breakdown, the net.

    The winner's hand is written as for 'mjref score' (14 tiles, the winning tile last); a loser's
    hand has its 13 standing tiles (one more per kong) and no winning tile. Each hand's seat wind is
    its seat; a suffix |PS0000, when written, must agree. --dead SEAT marks a Dead Hand (Babcock
    ch.III): it scores nothing, whatever its tile count, and pays; the winner cannot be dead.

    Example:

    \b
        mjref settle '[8888p,1]234sEEEFFPPF' '[NNN,1]123m456m789m9p' '[222s,3]345m678m567p1s' \\
            '123p456p567p789s5s' --winner E
        mjref settle '[8888p,1]234sEEEFFPPF' '[NNN,1]123m456m789m9p' '[222s,3]345m678m567p1s9p' \\
            '123p456p567p789s5s' --winner E --dead W
    """
    chosen: str | None = profile
    if ctx.get_parameter_source("profile") is click.core.ParameterSource.DEFAULT:
        chosen = None  # the rule set's own default profile
    hands = {"E": east, "S": south, "W": west, "N": north}
    table = settle_table(hands, None if winner == "none" else winner, chosen, frozenset(dead))
    click.echo(table.to_json() if as_json else format_table(table, lang))


@cli.command("build", short_help="Validate every ruling and build the knowledge base (SQLite).")
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


@cli.command("lookup", short_help="Find the rulings for a question, in any fan name.")
@click.argument("query")
@json_option
@click.option("--limit", type=click.IntRange(1, 100), default=5, show_default=True, help="How many rulings to show.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path), default=None, help=DB_HELP)
@lang_option
def lookup_command(query: str, as_json: bool, limit: int, db_path: Path | None, lang: str) -> None:
    """Rulings for QUERY, best first, with their short answers.

    QUERY is a question as a referee would put it, in English or in Chinese; fans may be named in
    English (any common name), in Chinese (also the short names players use: 绝张, 杠开, 门清), or
    in pinyin with or without tones. With --lang zh the Chinese titles and answers are printed; a
    ruling whose Chinese is not written yet is shown in English, marked.

    Example:

    \b
        mjref lookup 'tile hog with seven pairs'
        mjref lookup 四归一
        mjref lookup 抢杠和算不算和绝张 --lang zh
        mjref lookup 'si gui yi' --json --limit 3
    """
    _ = gettext(lang)
    hits = lookup(query, ensure_database(db_path), limit)
    if as_json:
        click.echo(json.dumps([h.to_dict(lang) for h in hits], ensure_ascii=False, indent=2))
        return
    if not hits:
        click.echo(_("No ruling matches. Try a fan name (English, 中文 or pinyin) or fewer words."))
    for n, hit in enumerate(hits, start=1):
        shown = hit.to_dict(lang)
        marker = "" if shown.get("lang", lang) == lang else "  " + _("(not yet in Chinese: English text)")
        click.echo(f"{n}. {shown['title']}  [{hit.id}]{marker}\n   {shown['answer']}\n   {shown['url']}")


@cli.command("serve", short_help="Serve the knowledge base and the scorer as a local site (Datasette).")
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


@cli.command(
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


@cli.command("audit", short_help="Check a claimed score: a verdict on each claimed fan, with the rulings.")
@click.argument("hand")
@click.option("--claim", help="The fans claimed, e.g. 'Pure Straight, Tile Hog x2' (any name, 中文, pinyin or number).")
@click.option("--claim-total", type=int, help="The total claimed, in points.")
@profile_option
@json_option
@lang_option
def audit_command(
    hand: str, claim: str | None, claim_total: int | None, profile: str, as_json: bool, lang: str
) -> None:
    """Check a claimed score for HAND: each claimed fan accepted, excluded, absent or wrong-count.

    Exit status 0 when the claim is right, 1 when it is not, 2 for bad input.

    Example:

    \b
        mjref audit 234m567m234p567p88s --claim 'Mixed Double Chow x2, Short Straight x2'
        mjref audit '[123m,1][EEE,2]456p789s5s5s|EW1000' --claim-total 12 --json
        mjref audit 234m567m234p567p88s --claim '喜相逢×2, 连六×2' --lang zh
    """
    if claim is None and claim_total is None:
        raise BadInput(translate(lang, "give the claim: --claim 'Fan, Fan x2' or --claim-total N"))
    result = audit(hand, claim=claim, claim_total=claim_total, profile=profile)
    click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if as_json else format_audit(result, lang))
    raise SystemExit(0 if result.claim_is_right else 1)


@cli.command("compare", short_help="Score a hand under several profiles and show what differs, and why.")
@click.argument("hand")
@click.option(
    "--profiles",
    default="green-book,chinese-practice,starback",
    show_default=True,
    help="Comma-separated profile names or files.",
)
@json_option
@lang_option
def compare_command(hand: str, profiles: str, as_json: bool, lang: str) -> None:
    """Score HAND under each profile; list every fan that differs with the ruling and positions behind it.

    Example:

    \b
        mjref compare '[CCCC][5555m]123p789pNN' --profiles green-book,chinese-practice
        mjref compare '[CCCC][5555m]123p789pNN' --lang zh
    """
    names = [p.strip() for p in profiles.split(",") if p.strip()]
    if len(names) < 2:
        raise BadInput(translate(lang, "--profiles: name at least two profiles, separated by commas"))
    result = compare(hand, names)
    text = format_comparison(result, lang)
    click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if as_json else text)


@cli.command("audit-log", short_help="Audit every hand of an event (JSON Lines), in parallel, resumably.")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@profile_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the report here (and resume it).")
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="Worker processes (default: every core).")
def audit_log_command(path: Path, profile: str, out: Path | None, jobs: int | None) -> None:
    """Audit every line of PATH: {"id", "hand"} with an optional "claim" or "claim_total".

    One report line per input line, after a header naming the input; bad lines are reported with
    their line number and the run goes on. With --out, a rerun of the same input resumes the report;
    any other existing file is refused, untouched. Ctrl-C stops cleanly (exit status 130).

    Example:

    \b
        mjref audit-log event.jsonl --out report.jsonl
    """
    house_check(profile)
    name = printable(path)

    def report_error(record: dict[str, Any]) -> None:
        click.echo(f"{name}:{record['line']}: {record['error']}", err=True)

    def bar(length: int) -> Any:
        return click.progressbar(length=length, label="auditing", file=sys.stderr)

    try:
        summary = audit_file(path, out, profile, jobs, report_error, bar if sys.stderr.isatty() else None)
    except Interrupted as e:
        resume = f": {printable(out)} holds whole lines only; run the same command again to resume"
        click.echo(f"interrupted by {e.name}{resume if e.report else ''}", err=True)
        sys.exit(e.exit_status)
    for line in summary.lines():
        click.echo(line, err=out is None)


def house_check(profile: str) -> None:
    """Fail early, with the profile's own error, before any work starts."""
    from scorer.profiles import load_profile

    load_profile(profile)


cli.add_command(export_command)  # mjref export DIR (web/export/command.py)


def ensure_database(db_path: Path | None) -> Path:
    """The database to read: ``--db`` as given, or the default one, built first if missing or stale."""
    if db_path is not None:
        return db_path
    if is_stale(DEFAULT_DB):
        click.echo(f"building {DEFAULT_DB} (missing or older than the rulings) …", err=True)
        try:
            build(DEFAULT_DB)
        except BuildFailed as e:
            for problem in e.problems:
                click.echo(str(problem), err=True)
            raise BadInput(f"the knowledge base cannot be built: {len(e.problems)} problem(s) in the rulings") from e
    return DEFAULT_DB


def main() -> None:
    """Entry point of the ``mjref`` console script. Output piped into a program that stops reading
    (``mjref audit-log … | head``) ends the command quietly, as other Unix tools do."""
    try:
        cli(prog_name="mjref")
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)  # nothing more can reach the reader: drop the rest
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(141)  # 128 + SIGPIPE, what a shell reports for a command ended this way
