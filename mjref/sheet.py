"""``mjref sheet``: a session's score sheet settled, ranked and audited."""

from __future__ import annotations

import json

import click

from kb.sheet_text import format_sheet
from scorer.errors import Message
from scorer.sheet import SheetError, read_session, settle_session

from .options import json_option, lang_option, profile_option

EXIT_DIFFERS = 1  # the paper sheet's running totals differ from the settled ones (2 is bad input, as everywhere)


@click.command("sheet", short_help="Settle a session's score sheet: payments, totals, table points, first error.")
@click.argument("file", metavar="FILE")
@profile_option
@json_option
@lang_option
@click.pass_context
def sheet_command(ctx: click.Context, file: str, profile: str, as_json: bool, lang: str) -> None:
    """Settle the session in FILE (JSON, or CSV from a spreadsheet: see the README, "The session score sheet"):
    every hand's payments and penalties with their rulings, the running totals, the session totals, the zero-sum
    check and the table points (4, 2, 1, 0; tied places share). Where the file gives the paper sheet's running
    totals (claimed), the first hand where they go wrong, by how much and why.

    Exit status 0 when the sheet is consistent, 1 when the claimed totals differ, 2 for bad input.

    Example:

    \b
        mjref sheet session.json
        mjref sheet session.csv --json
        mjref sheet session.json --lang zh
    """
    session = read_session(file)
    try:
        sheet = settle_session(session, profile)
    except SheetError as e:  # a hand found wrong while settling: named with its file, as one found reading it
        raise SheetError(Message("%(file)s: %(error)s", file=file, error=e)) from None
    if as_json:
        click.echo(json.dumps(sheet.to_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(format_sheet(sheet, lang))
    if not sheet.consistent:
        ctx.exit(EXIT_DIFFERS)
