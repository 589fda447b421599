"""``mjref audit-log``: audit every hand of an event file, resumably."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from kb import terminal
from kb.audit_log import audit_file
from kb.report_file import Interrupted
from scorer.errors import printable

from .options import BadInput, profile_option


@click.command("audit-log", short_help="Audit every hand of an event (JSON Lines), in parallel, resumably.")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@profile_option
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the report here (and resume it).")
@click.option(
    "--jobs",
    type=click.IntRange(1, 256),
    default=None,
    help="Worker processes (default and most: the cores this process may use; more would only cost memory).",
)
@click.option(
    "--format",
    "form",
    type=click.Choice(["text", "csv", "jsonl"]),
    default="text",
    show_default=True,
    help="What the standard output shows: the disagreements and false wins, one row each, and the counts (text);"
    " the same rows for a spreadsheet (csv, the counts on standard error); or every report record (jsonl).",
)
@click.option(
    "--fail-on-disagreement", is_flag=True, help="Exit with status 1 when a claim disagrees or a win is false."
)
def audit_log_command(
    path: Path, profile: str, out: Path | None, jobs: int | None, form: str, fail_on_disagreement: bool
) -> None:
    """Audit every line of PATH: {"id", "hand"} with an optional "claim" or "claim_total".

    The report (--out, or the standard output with --format jsonl) holds one record per input line,
    after a header naming the input; bad lines are reported with their line number and the run goes on.
    With --out, a rerun of the same input resumes the report, and so does a rerun after hands were
    appended to the input (only the new lines are audited); any other existing file is refused,
    untouched. Ctrl-C stops cleanly (exit status 130).

    Example:

    \b
        mjref audit-log event.jsonl --out report.jsonl
        mjref audit-log event.jsonl --format csv > disagreements.csv
    """
    house_check(profile)
    if out is not None:
        out_check(out)
    name = printable(path)

    def report_error(record: dict[str, Any]) -> None:
        click.echo(f"{name}:{record['line']}: {record['error']}", err=True)

    def bar(length: int) -> Any:
        return click.progressbar(length=length, label="auditing", file=sys.stderr)

    progress = bar if sys.stderr.isatty() else None
    try:
        summary = audit_file(path, out, profile, jobs, report_error, progress, records=form == "jsonl")
    except Interrupted as e:
        resume = f": {printable(out)} holds whole lines only; run the same command again to resume"
        click.echo(f"interrupted by {e.name}{resume if e.report else ''}", err=True)
        sys.exit(e.exit_status)
    if form == "csv":
        click.echo(summary.csv(), nl=False)
    lines = summary.report(terminal.width()) if form == "text" else summary.lines()
    for line in lines:
        click.echo(line, err=form == "csv" or (form == "jsonl" and out is None))
    if fail_on_disagreement and summary.rows:
        sys.exit(1)


def out_check(out: Path) -> None:
    """Refuse an ``--out`` that is the standard output or error this command writes its summary and errors to
    (``--out /dev/stdout > f`` would write the summary over the report), or that is not a file to write."""
    try:
        st = os.stat(out)
    except FileNotFoundError:
        return  # a new file
    except OSError as e:
        raise BadInput(f"--out {printable(out)}: cannot be read ({e.strerror})") from None
    for fd, stream in ((1, "standard output"), (2, "standard error")):
        try:
            mine = os.fstat(fd)
        except OSError:
            continue
        if (mine.st_dev, mine.st_ino) == (st.st_dev, st.st_ino):
            raise BadInput(f"--out {printable(out)}: it is this command's {stream}; name a file of its own")


def house_check(profile: str) -> None:
    """Fail early, with the profile's own error, before any work starts."""
    from scorer.profiles import load_profile

    load_profile(profile)
