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

from scorer.babcock import Table, settle_table
from scorer.babcock.table import SEAT_NAMES
from scorer.errors import MjrefError
from scorer.notation import MAX_LENGTH as MAX_HAND

from .guard import quoted
from .house import profiles
from .respond import respond
from .score import DEFAULT_PROFILE, ruleset_of
from .tiles import hand_layout, loser_layout

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
            raise MjrefError(f"profile {profile!r} is not a Babcock profile: use one of {', '.join(babcock)}")
        raise MjrefError(f"unknown profile {quoted(profile)}: use one of {', '.join(babcock)}")
    if winner not in WINNERS:
        raise MjrefError(f"winner {quoted(winner)}: expected E, S, W, N, or none for a draw game")
    for seat in dead or []:
        if seat not in FIELDS:
            raise MjrefError(f"dead {quoted(seat)}: expected E, S, W or N")
    for seat, field in FIELDS.items():
        hand = hands[seat]
        if not hand.strip():
            raise MjrefError(f"{SEAT_NAMES[seat]}: no hand: give one as ?{field}=… in mjref's notation")
        if len(hand) > MAX_HAND:
            raise MjrefError(f"{SEAT_NAMES[seat]}: hand too long: {len(hand)} characters (at most {MAX_HAND})")
    return settle_table(hands, None if winner == "none" else winner, babcock[profile], frozenset(dead or []))


def seats_view(table: Table) -> list[dict[str, Any]]:
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
                "layout": None if dead else hand_layout(result.hand) if won else loser_layout(result.hand),
                "score": result.to_dict(),
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
            e = MjrefError(f"the scorer failed on this table ({type(e).__name__})")
        data = {"error": " ".join(str(e).split())}
        return await respond(datasette, request, "mjref_table.html", data, status=400, result=None, form=form)
    data = table.to_dict()
    view = {"winner": table.winner, "dead": sorted(table.dead), "seats": seats_view(table)}
    return await respond(datasette, request, "mjref_table.html", data, result=view, error=None, form=form)
