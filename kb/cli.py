"""The ``mjref`` command line: thin commands over the library.

Each command calls one library function and formats what it returns. Errors are translated in one
place, :meth:`MjrefGroup.invoke`: a :class:`~scorer.errors.MjrefError` (or a click usage error)
becomes one line ``error: <message>`` on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import IO, Any

import click

from scorer import score as score_hand
from scorer.babcock import LIMIT, LIMITS
from scorer.errors import MjrefError, printable
from scorer.hand import Hand, Kind
from scorer.notation import parse
from scorer.result import BabcockScore, Score
from scorer.tiles import name

from .audit import Audit, Comparison, audit, compare
from .audit_log import audit_file
from .build import DEFAULT_DB, BuildFailed, build, is_stale
from .load import RULINGS_DIR
from .lookup import lookup
from .options import json_option, profile_option, situation_options, situation_overrides
from .publish import publish, stage
from .report_file import Interrupted
from .serve import house_profile, serve

DB_HELP = f"The knowledge base to read (default: {DEFAULT_DB}, built first if missing or stale)."

EXIT_BAD_INPUT = 2
MINIMUM = 8  # points a hand needs, flowers not counted, to be a valid win


class BadInput(click.ClickException):
    """Bad input from the user: shown as one line ``error: …`` on stderr, exit status 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file: IO[Any] | None = None) -> None:
        message = printable(" ".join(self.format_message().split()))  # one line of visible characters
        click.echo(f"error: {message}", file=file, err=True)


class MjrefGroup(click.Group):
    """A group that turns the library's errors and click's usage errors into :class:`BadInput`."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MjrefError as e:
            raise BadInput(str(e)) from e
        except click.UsageError as e:
            hint = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
            raise BadInput(e.format_message() + hint) from e


@click.group(cls=MjrefGroup)
@click.version_option(package_name="mjref")
def cli() -> None:
    """mjref: a referee's knowledge base and scorer for Mahjong Competition Rules (MCR)."""


@cli.command(short_help="Score a hand: fans, exclusions with their rulings, total, payments.")
@click.argument("hand")
@profile_option
@click.option(
    "--ruleset",
    type=click.Choice(["mcr", "babcock"]),
    default="mcr",
    show_default=True,
    help="Rule set: MCR, or Babcock's classical rules (profile babcock unless --profile names another).",
)
@json_option
@situation_options
@click.pass_context
def score(ctx: click.Context, hand: str, profile: str, ruleset: str, as_json: bool, **situation: Any) -> None:
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
    """
    chosen: str | None = profile
    if ctx.get_parameter_source("profile") is click.core.ParameterSource.DEFAULT:
        chosen = None  # each rule set's own default profile
    result = score_hand(hand, profile=chosen, ruleset=ruleset, **situation_overrides(situation))
    if as_json:
        click.echo(result.to_json())
    else:
        click.echo(format_babcock(result) if isinstance(result, BabcockScore) else format_score(result))


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
def lookup_command(query: str, as_json: bool, limit: int, db_path: Path | None) -> None:
    """Rulings for QUERY, best first, with their short answers.

    QUERY is a question as a referee would put it; fans may be named in English (any common
    name), in Chinese, or in pinyin with or without tones.

    Example:

    \b
        mjref lookup 'tile hog with seven pairs'
        mjref lookup 四归一
        mjref lookup 'si gui yi' --json --limit 3
    """
    hits = lookup(query, ensure_database(db_path), limit)
    if as_json:
        click.echo(json.dumps([h.to_dict() for h in hits], ensure_ascii=False, indent=2))
        return
    if not hits:
        click.echo("No ruling matches. Try a fan name (English, 中文 or pinyin) or fewer words.")
    for n, hit in enumerate(hits, start=1):
        click.echo(f"{n}. {hit.title}  [{hit.id}]\n   {hit.answer}\n   {hit.url}")


@cli.command("serve", short_help="Serve the knowledge base and the scorer as a local site (Datasette).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8001, show_default=True, help="Port to listen on.")
@profile_option
def serve_command(host: str, port: int, profile: str) -> None:
    """Build the knowledge base if it is missing or stale, then serve it until interrupted.

    The site has a search in any fan name, a page per ruling, fan and source, and a score page;
    the profile is the house interpretation: the score page's default and the position marked on
    every disputed ruling. Datasette's table pages stay at /kb for the raw data.

    Example:

    \b
        mjref serve
        mjref serve --port 8080 --profile chinese-practice
        mjref serve --profile our-club.yaml
    """
    house_profile(profile)  # a bad profile fails here, before the build
    db = ensure_database(None)
    click.echo(f"serving {db} on http://{host}:{port}/ (profile {profile}); Ctrl-C stops", err=True)
    serve(db, profile, host, port)


@cli.command(
    "publish",
    short_help="Publish the site with 'datasette publish' (cloudrun, heroku, fly, vercel).",
    context_settings={"ignore_unknown_options": True},
)
@click.argument("provider")
@profile_option
@click.option("--dry-run", is_flag=True, help="Print the 'datasette publish' command instead of running it.")
@click.argument("extra", nargs=-1, type=click.UNPROCESSED)
def publish_command(provider: str, profile: str, dry_run: bool, extra: tuple[str, ...]) -> None:
    """Publish the site to PROVIDER with the settings, pins and files of 'mjref serve'.

    The database is staged in build/publish/ with the house profile baked in; arguments after
    PROVIDER that mjref does not know (for example --service NAME) go to 'datasette publish'.

    Example:

    \b
        mjref publish cloudrun --dry-run
        mjref publish fly --profile our-club.yaml -- --app our-club-rulings
    """
    db = ensure_database(None)
    command = stage(db, provider, profile, extra)
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
def audit_command(hand: str, claim: str | None, claim_total: int | None, profile: str, as_json: bool) -> None:
    """Check a claimed score for HAND: each claimed fan accepted, excluded, absent or wrong-count.

    Exit status 0 when the claim is right, 1 when it is not, 2 for bad input.

    Example:

    \b
        mjref audit 234m567m234p567p88s --claim 'Mixed Double Chow x2, Short Straight x2'
        mjref audit '[123m,1][EEE,2]456p789s5s5s|EW1000' --claim-total 12 --json
    """
    if claim is None and claim_total is None:
        raise BadInput("give the claim: --claim 'Fan, Fan x2' or --claim-total N")
    result = audit(hand, claim=claim, claim_total=claim_total, profile=profile)
    click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if as_json else format_audit(result))
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
def compare_command(hand: str, profiles: str, as_json: bool) -> None:
    """Score HAND under each profile; list every fan that differs with the ruling and positions behind it.

    Example:

    \b
        mjref compare '[CCCC][5555m]123p789pNN' --profiles green-book,chinese-practice
    """
    names = [p.strip() for p in profiles.split(",") if p.strip()]
    if len(names) < 2:
        raise BadInput("--profiles: name at least two profiles, separated by commas")
    result = compare(hand, names)
    click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if as_json else format_comparison(result))


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


# Formatting of a Score as text. Nothing below decides anything: it only lays out what score() returned.


def format_score(result: Score) -> str:
    """A readable report of ``result``: hand, tiles, fans, exclusions, total, minimum and payments."""
    hand = parse(result.hand)
    names: dict[int | str, str] = {f.fan: f.name for f in result.fans}
    names.update({e.fan: e.name for e in result.excluded})
    lines = [
        f"Hand       {result.hand}",
        f"Tiles      {_tiles(hand)}",
        f"Situation  {_situation(hand)}",
        f"Profile    {result.profile} (rule set {result.ruleset})",
        "",
        "Fans",
    ]
    fan_rows = [
        [str(f.fan), f.name, str(f.points), str(f.count), " ".join(f.sets) or "-", ", ".join(f.rulings)]
        for f in result.fans
    ]
    lines += _table(["#", "fan", "points", "count", "sets", "rulings"], fan_rows, right={2, 3}) or ["  (none)"]
    if result.excluded:
        lines += ["", "Excluded (the hand has them, but they may not be scored)"]
        excluded_rows = [
            [str(e.fan), e.name, ", ".join(f"{b} {names.get(b, '')}".strip() for b in e.by), ", ".join(e.rulings)]
            for e in result.excluded
        ]
        lines += _table(["#", "fan", "excluded by", "rulings"], excluded_rows)
    if result.alternatives:
        lines += ["", f"Also read as (the same total, {result.total} points; either reading is right, never a mix)"]
        for i, a in enumerate(result.alternatives, 1):
            lines.append(f"  also-read {i}: {a}" + (f"  [{a.form}]" if a.form != result.form else ""))
    flowers = f"{result.flowers} flower{'' if result.flowers == 1 else 's'}"
    lines += ["", f"Total      {result.total} points (including {flowers})"]
    if result.meets_minimum:
        lines.append(f"Minimum    met: at least {MINIMUM} points without flowers")
    else:
        lines.append(f"Minimum    NOT met: fewer than {MINIMUM} points without flowers, so this is no valid win")
    lines.append(f"Payments   {_payments(result.payments)}")
    if result.rulings:
        lines.append(f"Rulings    {', '.join(result.rulings)}")
    return "\n".join(lines)


def format_babcock(result: BabcockScore) -> str:
    """A readable Babcock score: the points added (sets, bonuses), the doubles, the limit, the total and
    what the winner collects, every line with its ruling."""
    hand = parse(result.hand)
    seat = ("East", "South", "West", "North")[hand.situation.seat - 27]
    s = hand.situation
    how = ["self-drawn" if s.self_drawn else "won on a discard"]
    if s.kong:
        how.append("loose tile after a kong" if s.self_drawn else "stealing the fourth")
    if s.last_of_wall:
        how.append("last tile of the wall")
    lines = [
        f"Hand       {result.hand}",
        f"Tiles      {_tiles(hand)}",
        f"Situation  seat wind {seat}, {', '.join(how)} (Babcock scores no prevalent wind)",
        f"Profile    {result.profile} (rule set babcock)",
        "",
        "Points",
    ]
    rows = [[f.name, " ".join(f.sets) or "-", str(f.points), ", ".join(f.rulings)] for f in result.fans]
    lines += _table(["item", "sets", "points", "rulings"], rows, right={2})
    lines.append(f"Base       {result.base} points (babcock-standard-score-sheet)")
    if result.doubles:
        lines += ["", "Doubles"]
        rows = [[d.name, " ".join(d.sets) or "-", f"x{2**d.count}", ", ".join(d.rulings)] for d in result.doubles]
        lines += _table(["double", "sets", "factor", "rulings"], rows, right={2})
    if result.excluded:
        lines += ["", "Replaced by the limit hand"]
        lines += _table(["item", "rulings"], [[e.name, ", ".join(e.rulings)] for e in result.excluded])
    factors = "".join(f" x {2**d.count}" for d in result.doubles)
    limit_hand = next((f for f in result.fans if f.key in LIMITS), None)
    if limit_hand is not None:
        limit = f"{limit_hand.name} scores {limit_hand.points} ({', '.join(limit_hand.rulings)})"
        total = f"{result.total} points ({', '.join(limit_hand.rulings)})"
    else:
        limit = (
            f"{'reached: the limit capped the total' if result.limit else 'not reached'} (babcock-standard-score-sheet)"
        )
        total = f"{result.base}{factors} = {result.base << sum(d.count for d in result.doubles)}"
        total += f", capped at {result.total}" if result.limit else " points"
        total += " (babcock-standard-score-sheet)"
    lines += ["", f"Limit      {LIMIT} points; {limit}", f"Total      {total}"]
    payments = result.payments or {}
    paid = ", ".join(
        f"{k}{' (each)' if k == 'others' else ''} {payments[k]:+d}"
        for k in ("winner", "east", "others")
        if k in payments
    )
    lines.append(f"Payments   {paid}; losers then settle their differences, East double (babcock-settlement)")
    return "\n".join(lines)


def _tiles(hand: Hand) -> str:
    """Every tile, declared sets in brackets (a concealed kong marked), the winning tile last."""
    parts = []
    for meld in hand.melds:
        text = "[" + " ".join(name(t) for t in meld.tiles) + "]"
        parts.append(text + " concealed" if meld.kind is Kind.KONG and meld.concealed else text)
    parts.append(" ".join(name(t) for t in hand.standing))
    parts.append(f"+ {name(hand.winning)} (winning tile)")
    return "  ".join(p for p in parts if p)


def _situation(hand: Hand) -> str:
    s = hand.situation
    winds = "ESWN"
    words = [f"prevalent wind {winds[s.prevalent - 27]}", f"seat wind {winds[s.seat - 27]}"]
    words.append("self-drawn" if s.self_drawn else "won on a discard")
    if s.last_of_kind:
        words.append("last tile of its kind")
    if s.last_of_wall:
        words.append("last tile of the wall")
    if s.kong:
        words.append("replacement tile after a kong" if s.self_drawn else "robbing the kong")
    if s.flowers:
        words.append(f"{s.flowers} flower{'' if s.flowers == 1 else 's'}")
    return ", ".join(words)


def _payments(payments: dict[str, int] | None) -> str:
    if payments is None:
        return f"none: the hand does not meet the {MINIMUM}-point minimum"
    order = ["winner", "discarder", "others"]
    keys = sorted(payments, key=lambda k: (order.index(k) if k in order else len(order), k))
    return ", ".join(f"{k}{' (each)' if k == 'others' else ''} {payments[k]:+d}" for k in keys)


def _table(headers: list[str], rows: list[list[str]], right: set[int] | None = None) -> list[str]:
    """Rows as aligned columns under ``headers`` (indices in ``right`` aligned right); [] if no rows."""
    if not rows:
        return []
    right = right or set()
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        padded = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return ("  " + "  ".join(padded)).rstrip()

    return [line(headers), *(line(r) for r in rows)]


def format_audit(result: Audit) -> str:
    """A readable verdict: the claim against the scorer, claim by claim, then what the claim missed."""
    diff = result.claimed_total - result.total
    lines = [
        f"Hand       {result.score.hand}",
        f"Profile    {result.score.profile}",
        f"Claimed    {result.claimed_total} points",
        f"Scorer     {result.total} points"
        + (f" (the claim is {abs(diff)} {'too high' if diff > 0 else 'too low'})" if diff else ""),
    ]
    readings = 1 + len(result.score.alternatives)
    if readings > 1:
        which = f"also-read {result.reading}" if result.reading else "the main reading"
        lines.append(f"Reading    {which} (the hand has {readings} readings of the same total)")
    if result.verdicts:
        lines += ["", "Verdicts"]
        rows = [[v.claim, f"{v.fan} {v.name}", v.verdict, v.why, ", ".join(v.rulings)] for v in result.verdicts]
        lines += _table(["claim", "fan", "verdict", "why", "rulings"], rows)
    if result.missed:
        lines += ["", "Missed (scored by the hand, not claimed)"]
        rows = [[f"{m.fan} {m.name}", str(m.count), str(m.points), ", ".join(m.rulings)] for m in result.missed]
        lines += _table(["fan", "count", "points", "rulings"], rows, right={1, 2})
    lines += ["", "Verdict    " + ("the claim is right" if result.claim_is_right else "the claim is NOT right")]
    return "\n".join(lines)


def format_comparison(result: Comparison) -> str:
    """Totals per profile, then each fan whose points differ and the positions that decide it."""
    profiles = list(result.scores)
    lines = [f"Hand       {next(iter(result.scores.values())).hand}", ""]
    lines += _table(["profile", "total"], [[p, str(t)] for p, t in result.totals.items()], right={1})
    if not result.differences:
        return "\n".join([*lines, "", "No fan differs between these profiles."])
    lines += ["", "Differences"]
    rows = []
    for d in result.differences:
        why = "; ".join(f"{r}: " + ", ".join(f"{p} {pos}" for p, pos in by.items()) for r, by in d.positions.items())
        rows.append([f"{d.fan} {d.name}", *(str(d.points[p]) for p in profiles), why or ", ".join(d.rulings)])
    lines += _table(["fan", *profiles, "rulings and positions"], rows, right=set(range(1, len(profiles) + 1)))
    return "\n".join(lines)
