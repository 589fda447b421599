"""The score page's table mode for Babcock, ``/-/table``: the four hands in, the settlement out.

The fields are ``east``, ``south``, ``west``, ``north`` (each hand in its seat, as for ``mjref settle``),
``winner`` (``E``, ``S``, ``W``, ``N`` or ``none`` for a draw game), ``dead`` (a seat holding a Dead Hand, repeatable,
as ``mjref settle --dead``) and ``profile`` (a Babcock profile the site
offers, never a path). ``/-/table.json`` answers exactly what ``mjref settle --json`` prints; bad input gives
status 400 with the one-line error (which seat, which problem).
"""

from __future__ import annotations

import logging
from typing import Any

from datasette import Response

from kb.i18n import localize
from scorer.babcock import Table, settle_table
from scorer.babcock.table import SEAT_NAMES
from scorer.errors import Message, MjrefError
from scorer.notation import MAX_LENGTH as MAX_HAND

from .guard import quoted
from .house import profiles
from .respond import respond
from .score import DEFAULT_PROFILE, ruleset_of
from .score_checks import named
from .tiles import hand_layout, loser_layout
from .urls import lang_of

FIELDS = {"E": "east", "S": "south", "W": "west", "N": "north"}  # seat -> the form's field
WINNERS = ("E", "S", "W", "N", "none")


def babcock_choices(choices: dict[str, str]) -> dict[str, str]:
    """The Babcock profiles among those the site offers (name -> what the scorer takes)."""
    return {name: ref for name, ref in choices.items() if ruleset_of(ref) == "babcock"}


def table_input(
    hands: dict[str, str], winner: str, profile: str, choices: dict[str, str], dead: list[str] | None = None
) -> Table:
    """Settle the table from the request's fields; a one-line :class:`MjrefError` for bad input."""
    babcock = babcock_choices(choices)
    if profile not in babcock:
        if profile in choices:
            message = "profile %(profile)s is not a Babcock profile: use one of %(profiles)s"
            raise MjrefError(message, profile=repr(profile), profiles=", ".join(babcock))
        message = "unknown profile %(profile)s: use one of %(profiles)s"
        raise MjrefError(message, profile=quoted(profile), profiles=", ".join(babcock))
    if winner not in WINNERS:
        raise MjrefError("winner %(winner)s: expected E, S, W, N, or none for a draw game", winner=quoted(winner))
    for seat in dead or []:
        if seat not in FIELDS:
            raise MjrefError("dead %(seat)s: expected E, S, W or N", seat=quoted(seat))
    for seat, field in FIELDS.items():
        hand = hands[seat]
        if not hand.strip():
            message = "%(seat)s: no hand: give one as ?%(field)s=… in mjref's notation"
            raise MjrefError(message, seat=Message(SEAT_NAMES[seat]), field=field)
        if len(hand) > MAX_HAND:
            message = "%(seat)s: hand too long: %(length)s characters (at most %(most)s)"
            raise MjrefError(message, seat=Message(SEAT_NAMES[seat]), length=len(hand), most=MAX_HAND)
    return settle_table(hands, None if winner == "none" else winner, babcock[profile], frozenset(dead or []))


def seats_view(table: Table, lang: str = "en") -> list[dict[str, Any]]:
    """Each seat as the page shows it: its name, role, hand drawn as tiles, score JSON and net."""
    out = []
    for seat in FIELDS:
        result = table.hands[seat]
        won, dead = seat == table.winner, seat in table.dead
        out.append(
            {
                "seat": seat,
                "name": SEAT_NAMES[seat],
                "role": "winner" if won else "dead hand" if dead else "loser",
                "dead": dead,
                "layout": None if dead else hand_layout(result.hand, lang) if won else loser_layout(result.hand, lang),
                "score": named(result.to_dict(), lang),
                "net": table.net[seat],
            }
        )
    return out


async def table_page(datasette: Any, request: Any) -> Response:
    house, choices = profiles(datasette)
    babcock = babcock_choices(choices)
    args = request.args
    hands = {seat: args.get(field, "") for seat, field in FIELDS.items()}
    default = house.name if house.ruleset == "babcock" else DEFAULT_PROFILE["babcock"]
    winner, profile = args.get("winner", ""), args.get("profile") or default
    dead = args.getlist("dead")
    form = {
        "hands": {field: hands[seat] for seat, field in FIELDS.items()},
        "seats": {field: SEAT_NAMES[seat] for seat, field in FIELDS.items()},
        "winner": winner or "E",
        "winners": {**SEAT_NAMES, "none": "none: a draw game"},
        "dead": {FIELDS[seat] for seat in dead if seat in FIELDS},
        "dead_values": {field: seat for seat, field in FIELDS.items()},
        "profile": profile,
        "profiles": list(babcock),
        "house": house.name,
    }
    asked = any(h.strip() for h in hands.values()) or "winner" in args or "profile" in args or "dead" in args
    if not asked and request.url_vars.get("format") != "json":
        return await respond(datasette, request, "mjref_table.html", {}, result=None, error=None, form=form)
    try:
        table = table_input(hands, winner, profile, choices, dead)
    except Exception as e:  # the page's boundary: whatever the scorer raises is a 400, never a 500
        if not isinstance(e, MjrefError):
            logging.getLogger("mjref.site").exception("table page: %s", request.path)
            e = MjrefError("the scorer failed on this table (%(type)s)", type=type(e).__name__)
        data = {"error": " ".join(localize(e, lang_of(request)).split())}
        return await respond(datasette, request, "mjref_table.html", data, status=400, result=None, form=form)
    lang = lang_of(request)
    settled = table.to_dict()
    for seat, hand in settled["hands"].items():
        settled["hands"][seat] = named(hand, lang)  # Babcock's items in the page's language, JSON too
    view = {"winner": table.winner, "dead": sorted(table.dead), "seats": seats_view(table, lang)}
    return await respond(datasette, request, "mjref_table.html", settled, result=view, error=None, form=form)
