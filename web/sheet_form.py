"""The sheet page's form (``/-/sheet``): its fields read into the session :func:`scorer.sheet.settle_session` takes,
its rows as the page draws them, and the query that carries the whole sheet in a link.

Shared by the server's page (:mod:`web.sheet`) and the exported page in the browser (``mjref_offline.sheet``), so it
imports only the scorer and the standard library. The fields: ``p1`` … ``p4``, the players in their seats at the
first hand (East, South, West, North); for hand ``n`` (1 to 16), ``hNw`` the winner (a seat, 1 to 4, or ``draw``),
``hNf`` from (a seat, or ``self`` for a self-drawn win), ``hNp`` the points, ``hNt`` the tiles in mjref's notation,
and one penalty, ``hNx`` (the seat penalised), ``hNxp`` (its points) and ``hNxt`` (``others`` or ``none``). A field
the form cannot read is handed to the library as written, so that its one-line error names the hand and the field.

>>> args = {"p1": "Ann", "p2": "Bo", "p3": "Cy", "p4": "Di", "h1w": "1", "h1f": "2", "h1p": "12", "h2w": "draw"}
>>> session_data(args)["hands"]
[{'winner': 'Ann', 'from': 'Bo', 'points': 12}, {'draw': True}]
>>> share_query(args)
'p1=Ann&p2=Bo&p3=Cy&p4=Di&h1w=1&h1f=2&h1p=12&h2w=draw'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from scorer.errors import MjrefError
from scorer.sheet import HAND_LIMIT, winds

PLAYERS = ("p1", "p2", "p3", "p4")
HAND_FIELDS = ("w", "f", "p", "t", "x", "xp", "xt")  # winner, from, points, tiles, penalty: seat, points, to
SEATS = ("1", "2", "3", "4")
MAX_FIELD = 200  # characters of any field (a hand's notation is shorter)
WHOLE = re.compile(r"-?[0-9]{1,9}")
SEAT_WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}
# Each field by the name the library's messages give it.
NAMES = {"w": "winner", "f": "from", "p": "points", "t": "hand", "x": "penalty", "xp": "penalty", "xt": "penalty"}
HAND_FIELD = re.compile(r"h([0-9]{1,3})(w|f|p|t|x|xp|xt)")  # a hand past the 999th is not the form's field


def _field(args: Mapping[str, Any], name: str) -> str:
    value = args.get(name)
    text = value.strip() if isinstance(value, str) else ""
    if len(text) > MAX_FIELD:
        hand = HAND_FIELD.fullmatch(name)
        if hand is None:
            raise MjrefError("%(field)s: too long (at most %(most)s characters)", field=name, most=MAX_FIELD)
        message = "hand %(hand)s, %(field)s: too long (at most %(most)s characters)"
        raise MjrefError(message, hand=int(hand.group(1)), field=NAMES[hand.group(2)], most=MAX_FIELD)
    return text


def _field_text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _beyond(args: Mapping[str, Any]) -> int:
    """The number of the last hand written past the sixteenth (0 when none): the library refuses such a session."""
    written = [k for k in args.keys() if _field_text(args.get(k))]  # noqa: SIM118  (Datasette's params: no items())
    found = (HAND_FIELD.fullmatch(str(k)) for k in written)
    return max((int(m.group(1)) for m in found if m and int(m.group(1)) > HAND_LIMIT), default=0)


def form_values(args: Mapping[str, Any]) -> dict[str, str]:
    """Every field of the form the request fills (stripped; empty when absent), in the form's order."""
    names = [*PLAYERS, *(f"h{n}{f}" for n in range(1, HAND_LIMIT + 1) for f in HAND_FIELDS)]
    return {name: _field(args, name) for name in names}


def _blank(values: dict[str, str], n: int) -> bool:
    return not any(values[f"h{n}{f}"] for f in HAND_FIELDS if f != "xt")


def hands_entered(values: dict[str, str]) -> int:
    """The number of the last hand with anything written in it (0 when none)."""
    return max((n for n in range(1, HAND_LIMIT + 1) if not _blank(values, n)), default=0)


def _number(text: str) -> int | str:
    return int(text) if WHOLE.fullmatch(text) else text  # not a number: the library says so, naming the field


def _seat(text: str, players: list[str]) -> str:
    return players[int(text) - 1] if text in SEATS else text


def _hand(values: dict[str, str], n: int, players: list[str]) -> dict[str, object]:
    get = {f: values[f"h{n}{f}"] for f in HAND_FIELDS}
    hand: dict[str, object] = {}
    if get["w"] == "draw":
        hand["draw"] = True
    elif get["w"]:
        hand["winner"] = _seat(get["w"], players)
    if get["f"] == "self":
        hand["self_drawn"] = True
    elif get["f"]:
        hand["from"] = _seat(get["f"], players)
    if get["p"]:
        hand["points"] = _number(get["p"])
    if get["t"]:
        hand["hand"] = get["t"]
    if get["x"] or get["xp"]:
        penalty = {
            "player": _seat(get["x"], players) if get["x"] else None,
            "points": _number(get["xp"]) if get["xp"] else None,
        }
        hand["penalties"] = [{**penalty, "to": get["xt"] or "others"}]
    return hand


def session_data(args: Mapping[str, Any]) -> dict[str, Any]:
    """The session the form describes, as :func:`scorer.sheet.session_from_data` reads it: the players and every
    hand up to the last one written (a blank hand before it stays, empty, for the library to name)."""
    values = form_values(args)
    players = [values[p] for p in PLAYERS]
    hands = [_hand(values, n, players) for n in range(1, hands_entered(values) + 1)]
    beyond = _beyond(args)
    if beyond:  # hands past the sixteenth: as many as were written, for the library's one line on the limit
        hands += [{}] * (beyond - len(hands))
    return {"players": players, "hands": hands}


def share_query(args: Mapping[str, Any]) -> str:
    """The query that carries the whole sheet: every field written, none of the empty ones."""
    values = form_values(args)
    for n in range(1, HAND_LIMIT + 1):
        if not (values[f"h{n}x"] or values[f"h{n}xp"]):
            values[f"h{n}xt"] = ""  # the penalty's recipients, left at their default, with no penalty
    kept = {k: v for k, v in values.items() if v}
    return urlencode(kept)


def asked(args: Mapping[str, Any]) -> bool:
    """Whether the request fills any field of the form (an empty form is the page, not a sheet to settle)."""
    return any(v for v in form_values(args).values()) or _beyond(args) > 0


def rows(args: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each hand's row as the form draws it: its number, fields, winds and dealer; the rows after the first blank
    one past those written are hidden (the page's script shows the next as each is filled)."""
    values = form_values(args)
    shown = min(HAND_LIMIT, max(hands_entered(values) + 1, 4))
    out = []
    for n in range(1, HAND_LIMIT + 1):
        prevalent, seat_winds = winds(n - 1)
        out.append(
            {
                "n": n,
                "fields": {f: values[f"h{n}{f}"] for f in HAND_FIELDS},
                "prevalent": prevalent,
                "seats": list(seat_winds),  # each player's seat wind, in the order of their first seats
                "dealer": seat_winds.index("E"),  # the player (0 to 3) who is East at this hand
                "hidden": n > shown,
            }
        )
    return out


def cited(sheet: Mapping[str, Any]) -> list[str]:
    """Every ruling a settled sheet (its JSON) cites, each once, in the order they first appear."""
    found = [r for h in sheet["hands"] for r in h["rulings"]]
    for h in sheet["hands"]:
        found += [r for pay in h["payments"] for r in pay["rulings"]]
        found += [r for pen in h["penalties"] for r in pen["rulings"]]
    return list(dict.fromkeys([*found, *sheet["table_points_rulings"]]))


def view(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """What the result's macro takes besides the sheet's JSON: the winds' names and the rulings cited."""
    return {"winds": SEAT_WINDS, "rulings": cited(sheet)}
