"""The Babcock table's settlement, worked out from the page's fields (``/-/table``): the form as the page fills it,
the four hands settled by :func:`scorer.babcock.settle_table`, and each seat as the page shows it. Shared by the
server's page (:mod:`web.table`) and the exported page, which runs it in the browser
(:mod:`web.export.table_in_browser`, on Pyodide). Only the scorer, :mod:`kb.i18n`, :mod:`web.tiles` and the
standard library: no Datasette."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.i18n import localize
from scorer.babcock import Table, settle_table
from scorer.babcock.table import SEAT_NAMES
from scorer.errors import Message, MjrefError
from scorer.notation import MAX_LENGTH as MAX_HAND
from scorer.profiles import load_profile

from .score_checks import named
from .score_checks import shown as quoted
from .tiles import hand_layout, loser_layout

FIELDS = {"E": "east", "S": "south", "W": "west", "N": "north"}  # seat -> the form's field
WINNERS = ("E", "S", "W", "N", "none")


def babcock_choices(choices: dict[str, str]) -> dict[str, str]:
    """The Babcock profiles among those the site offers (name -> what the scorer takes)."""
    return {name: ref for name, ref in choices.items() if load_profile(ref).ruleset == "babcock"}


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


def table_form(
    get: Callable[[str], str | None], getlist: Callable[[str], list[str]], house: str, choices: dict[str, str]
) -> dict[str, Any]:
    """The page's form from its query (``get`` a field's first value, ``getlist`` all of them): what it shows,
    with ``asked`` (any field given) and the fields to settle (``hands`` by seat, ``winner``, ``profile``,
    ``dead``). ``house`` is the site's profile, ``choices`` every profile it offers."""
    babcock = babcock_choices(choices)
    hands = {seat: get(field) or "" for seat, field in FIELDS.items()}
    default = house if house in babcock else "babcock"
    winner, profile, dead = get("winner") or "", get("profile") or default, getlist("dead")
    asked = any(h.strip() for h in hands.values()) or any(get(k) is not None for k in ("winner", "profile", "dead"))
    return {
        "hands": {field: hands[seat] for seat, field in FIELDS.items()},
        "seats": {field: SEAT_NAMES[seat] for seat, field in FIELDS.items()},
        "winner": winner or "E",
        "winners": {**SEAT_NAMES, "none": "none: a draw game"},
        "dead": {FIELDS[seat] for seat in dead if seat in FIELDS},
        "dead_values": {field: seat for seat, field in FIELDS.items()},
        "profile": profile,
        "profiles": list(babcock),
        "house": house,
        "asked": asked,
        "settle": {"hands": hands, "winner": winner, "profile": profile, "dead": dead},
    }


def table_answer(form: dict[str, Any], choices: dict[str, str], lang: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The settlement's JSON (what ``mjref settle --json`` prints, Babcock's items in ``lang``) and the page's view
    of it, for :func:`table_form`'s form; a :class:`MjrefError` for bad input (and whatever the scorer raises, for
    the page's boundary to answer)."""
    asked = form["settle"]
    table = table_input(asked["hands"], asked["winner"], asked["profile"], choices, asked["dead"])
    settled = table.to_dict()
    for seat, hand in settled["hands"].items():
        settled["hands"][seat] = named(hand, lang)  # Babcock's items in the page's language, JSON too
    view = {"winner": table.winner, "dead": sorted(table.dead), "seats": seats_view(table, lang)}
    return settled, view


def table_error(e: Exception, lang: str) -> str:
    """The page's one line for what settling raised (anything but a :class:`MjrefError` named by its type)."""
    if not isinstance(e, MjrefError):
        e = MjrefError("the scorer failed on this table (%(type)s)", type=type(e).__name__)
    return " ".join(localize(e, lang).split())
