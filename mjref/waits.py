"""``mjref waits``: what a hand of 13 waits on, and what a win on each tile would score."""

from __future__ import annotations

import json

import click

from kb.i18n import translate
from kb.waits_text import format_waits, format_waits_comparison
from scorer import Waits, waits
from scorer.wait_list import mcr_builtins

from .options import BadInput, json_option, lang_option, profile_option


@click.command("waits", short_help="What a hand of 13 waits on, and what a win on each tile would score.")
@click.argument("hand")
@profile_option
@click.option(
    "--compare",
    "compare",
    metavar="all|P1,P2",
    help="Side by side under several profiles: all the built-in ones, or names and files separated by commas.",
)
@json_option
@lang_option
@click.pass_context
def waits_command(ctx: click.Context, hand: str, profile: str, compare: str | None, as_json: bool, lang: str) -> None:
    """List every tile that completes HAND (13 tiles, a declared set counted as three; the suffix |PS0000 gives
    the winds, +N the flowers) with its total on a discard and self-drawn, as the last tile of its kind where that
    changes it, and the wait fan; a total below the 8-point minimum is marked, a win on it being a false win.
    For a hand not ready, how many tiles it is from ready and the tiles that bring it closer.

    Example:

    \b
        mjref waits '1113333m456p789p'
        mjref waits '1113333m456p789p' --compare all
        mjref waits '[123m,1]456p789s55sEE|ES0000' --json
        mjref waits '123m567m1234p6pNC' --lang zh
    """
    if compare is not None:
        if ctx.get_parameter_source("profile") is not click.core.ParameterSource.DEFAULT:
            raise BadInput(translate(lang, "give --profile or --compare, not both"))
        names = mcr_builtins() if compare.strip() == "all" else [p.strip() for p in compare.split(",") if p.strip()]
        if len(names) < 2:
            raise BadInput(translate(lang, "--compare: all, or at least two profiles separated by commas"))
        result = waits(hand, profiles=names)
    else:
        result = waits(hand, profile=profile)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    elif isinstance(result, Waits):
        click.echo(format_waits(result, lang))
    else:
        click.echo(format_waits_comparison(result, lang))
