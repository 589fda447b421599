"""The scoring commands: ``mjref score``, ``settle``, ``audit`` and ``compare``."""

from __future__ import annotations

import json
from typing import Any

import click

from kb.audit import MAX_CLAIMED, audit, compare
from kb.babcock_text import format_babcock, format_table
from kb.i18n import translate
from kb.text import format_audit, format_comparison, format_score
from scorer import RULESETS
from scorer import score as score_hand
from scorer.babcock import settle_table
from scorer.result import BabcockScore

from .options import (
    BadInput,
    babcock_profile_option,
    json_option,
    lang_option,
    profile_option,
    situation_options,
    situation_overrides,
)


@click.command("score", short_help="Score a hand: fans, exclusions with their rulings, total, payments.")
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
def score_command(
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
    if ruleset == "babcock" and situation.get("flowers"):  # the scorer's line would name the hand's +N, not this
        raise BadInput(translate(lang, "--flowers: Babcock's game is scored without flowers: leave it out"))
    result = score_hand(hand, profile=chosen, ruleset=ruleset, **situation_overrides(situation))
    if as_json:
        click.echo(result.to_json())
    else:
        click.echo(format_babcock(result, lang) if isinstance(result, BabcockScore) else format_score(result, lang))


@click.command("settle", short_help="Babcock: score all four hands and settle the table.")
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
@babcock_profile_option
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
    hands = {"E": east, "S": south, "W": west, "N": north}
    twice = next((seat for seat in dead if dead.count(seat) > 1), None)
    if twice is not None:  # a typo for another seat, most likely: not merged silently
        raise BadInput(
            translate(lang, "--dead %(seat)s is given twice: name each dead hand's seat once") % {"seat": twice}
        )
    table = settle_table(hands, None if winner == "none" else winner, profile, frozenset(dead))
    click.echo(table.to_json() if as_json else format_table(table, lang))


@click.command("audit", short_help="Check a claimed score: a verdict on each claimed fan, with the rulings.")
@click.argument("hand")
@click.option("--claim", help="The fans claimed, e.g. 'Pure Straight, Tile Hog x2' (any name, 中文, pinyin or number).")
@click.option("--claim-total", type=click.IntRange(0, MAX_CLAIMED), help="The total claimed, in points.")
@profile_option
@json_option
@lang_option
def audit_command(
    hand: str, claim: str | None, claim_total: int | None, profile: str, as_json: bool, lang: str
) -> None:
    """Check a claimed score for HAND: the win first, then each claimed fan accepted, excluded, absent or
    wrong-count.

    A hand below the 8-point minimum (flowers not counted) or tiles that make no winning hand are a false
    win, with the rulings and the penalty under the profile. Exit status 0 when the win stands and the claim
    is right, 1 when it does not, 2 for bad input.

    Example:

    \b
        mjref audit 234m567m234p567p88s --claim 'Mixed Double Chow x2, Short Straight x2'
        mjref audit '[123m,1][EEE,2]456p789s5s5s|EW1000' --claim-total 12 --json
        mjref audit 234m567m234p567p88s --claim '喜相逢×2, 连六×2' --lang zh
        mjref audit '[234m,1]567p345s678s9m9m' --claim 'All Chows, Short Straight, Single Wait'
    """
    if claim is None and claim_total is None:
        raise BadInput(translate(lang, "give the claim: --claim 'Fan, Fan x2' or --claim-total N"))
    result = audit(hand, claim=claim, claim_total=claim_total, profile=profile)
    click.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2) if as_json else format_audit(result, lang))
    raise SystemExit(0 if result.claim_is_right else 1)


@click.command("compare", short_help="Score a hand under several profiles and show what differs, and why.")
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
