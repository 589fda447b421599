"""The sheet page's form (``/-/sheet``): its fields read into the session :func:`scorer.sheet.settle_session` takes,
its rows as the page draws them, and the query that carries the whole sheet in a link.

Shared by the server's page (:mod:`web.sheet`) and the exported page in the browser (``mjref_offline.sheet``), so it
imports only the scorer and the standard library. The fields: ``p1`` … ``p4``, the players in their seats at the
first hand (East, South, West, North); for hand ``n`` (1 to 16), ``hNw`` the winner (a seat, 1 to 4, or ``draw``),
``hNf`` from (a seat, or ``self`` for a self-drawn win), ``hNp`` the points, ``hNt`` the tiles in mjref's notation;
up to four penalties, the first ``hNx`` (the seat penalised), ``hNxp`` (its points), ``hNxt`` (``others`` or
``none``) and ``hNxr`` (a foul's ruling id: the amount is then the house's), the second to fourth the same names
ending in 2 to 4 (``hNx2``, ``hNxp2``, …); and the paper sheet's running totals after the hand, ``hNc1`` …
``hNc4`` (each seat's). A field the form cannot read is handed to the library as written, so that its one-line
error names the hand and the field.

:func:`read_query` reads a link's query into those fields, refusing with one line naming the parameter (and its
hand) what the form never writes: a name of the form's shape that is no field (``h0w``, ``h01w``, ``h٣w``, ``p5``),
a field given twice, bytes that are not UTF-8, a control character, a ``profile`` other than the one the sheet
settles under. Other names (``lang``, a tracker's ``utm_source``) are ignored, as the score page ignores the
parameters it does not take; the page's language is its path's (``/zh/``), as there.

>>> args = {"p1": "Ann", "p2": "Bo", "p3": "Cy", "p4": "Di", "h1w": "1", "h1f": "2", "h1p": "12", "h2w": "draw"}
>>> session_data(args)["hands"]
[{'winner': 'Ann', 'from': 'Bo', 'points': 12}, {'draw': True}]
>>> session_data({**args, "h2xr": "false-win", "h2x": "3", "h2x2": "4", "h2xp2": "5", "h2xt2": "none"})["hands"][1]
{'draw': True, 'penalties': [{'player': 'Cy', 'ruling': 'false-win'}, {'player': 'Di', 'points': 5, 'to': 'none'}]}
>>> share_query(args)
'p1=Ann&p2=Bo&p3=Cy&p4=Di&h1w=1&h1f=2&h1p=12&h2w=draw'
>>> read_query("p1=Ann&h1p=12&utm_source=x") == {"p1": "Ann", "h1p": "12"}
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote_to_bytes, urlencode

from scorer.errors import Message, MjrefError
from scorer.mcr.penalties import FOULS, penalty_for
from scorer.sheet import HAND_LIMIT, winds

PLAYERS = ("p1", "p2", "p3", "p4")
PENALTY_LIMIT = 4  # penalties a hand's row takes
PENALTY_SUFFIXES = ("", *(str(k) for k in range(2, PENALTY_LIMIT + 1)))  # the first penalty's names end in nothing
PENALTY_FIELDS = ("x", "xp", "xt", "xr")  # a penalty's seat, points, recipients and foul
CLAIMED_FIELDS = ("c1", "c2", "c3", "c4")  # the paper sheet's running total of each seat after the hand
# winner, from, points, tiles, the penalties, the claimed totals
HAND_FIELDS = ("w", "f", "p", "t", *(f + k for k in PENALTY_SUFFIXES for f in PENALTY_FIELDS), *CLAIMED_FIELDS)
SEATS = ("1", "2", "3", "4")
MAX_FIELD = 200  # characters of any field (a hand's notation is shorter)
WHOLE = re.compile(r"-?[0-9]{1,9}")
SEAT_WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}
# Each field by the name the library's messages give it.
NAMES = {"w": "winner", "f": "from", "p": "points", "t": "hand", "x": "penalty", "c": "claimed"}
# A hand's field, its number written as the form writes it (a hand past the 16th is refused by the library's line).
HAND_FIELD = re.compile(r"h([1-9][0-9]{0,8})(w|f|p|t|x[2-4]?|x[ptr][2-4]?|c[1-4])")
FORM_SHAPED = re.compile(r"[ph]\d+\w*")  # a name of the form's shape, in any script's digits: a field or refused
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")  # as the site's guard (web.guard): tab is whitespace
PROFILE = "profile"  # the one other parameter read: the profile the link was made under


def _named(field: str) -> str:
    """A field's name in the library's messages: ``xp2`` is a penalty's, ``c3`` the claimed totals'."""
    return NAMES.get(field, NAMES[field[0]])


def _field(args: Mapping[str, Any], name: str) -> str:
    value = args.get(name)
    text = value.strip() if isinstance(value, str) else ""
    if len(text) > MAX_FIELD:
        hand = HAND_FIELD.fullmatch(name)
        if hand is None:
            raise MjrefError("%(field)s: too long (at most %(most)s characters)", field=name, most=MAX_FIELD)
        message = "hand %(hand)s, %(field)s: too long (at most %(most)s characters)"
        raise MjrefError(message, hand=int(hand.group(1)), field=_named(hand.group(2)), most=MAX_FIELD)
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
    return not any(values[f"h{n}{f}"] for f in HAND_FIELDS if not f.startswith("xt"))


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
    penalties = [p for k in PENALTY_SUFFIXES if (p := _penalty(get, k, players))]
    if penalties:
        hand["penalties"] = penalties
    claimed = {players[i]: _number(get[c]) for i, c in enumerate(CLAIMED_FIELDS) if get[c]}
    if claimed:  # all four or none: the library names the one missing
        hand["claimed"] = claimed
    return hand


def _penalty(get: dict[str, str], k: str, players: list[str]) -> dict[str, object] | None:
    """Penalty ``k`` of a hand's row (None when none is written): points and recipients, or a foul's ruling, whose
    amount the house's table gives unless the points are written (where it gives none)."""
    seat, points, to, foul = (get[f + k] for f in PENALTY_FIELDS)
    if not (seat or points or foul):
        return None
    penalty: dict[str, object] = {"player": _seat(seat, players) if seat else None}
    if foul:
        penalty["ruling"] = foul
    if points or not foul:
        penalty.update(points=_number(points) if points else None, to=to or "others")
    return penalty


def session_data(args: Mapping[str, Any]) -> dict[str, Any]:
    """The session the form describes, as :func:`scorer.sheet.session_from_data` reads it: the players and every
    hand up to the last one written (a blank hand before it stays, empty, for the library to name)."""
    values = form_values(args)
    players = [values[p] for p in PLAYERS]
    hands = [_hand(values, n, players) for n in range(1, hands_entered(values) + 1)]
    beyond = _beyond(args)
    if beyond:  # a hand past the sixteenth: the library's one line on the limit, counting the hands written
        message = "%(count)s hands: a session has at most %(limit)s (four rounds of four; ruling seat-rotation)"
        raise MjrefError(message, count=beyond, limit=HAND_LIMIT)
    return {"players": players, "hands": hands}


def _where(name: str) -> dict[str, Any]:
    """A parameter as a message names it: a hand's field with its hand, another name quoted (escaped, cut)."""
    hand = HAND_FIELD.fullmatch(name)
    if hand:
        return {"hand": int(hand.group(1)), "param": name}
    return {"param": name if name in PLAYERS or name == PROFILE else repr(name[:40])}


def _refused(name: str, in_hand: Message, other: Message) -> MjrefError:
    """The error naming parameter ``name``: ``in_hand``'s line for a hand's field (its hand named), else ``other``'s."""
    where = _where(name)
    return MjrefError(in_hand.template if "hand" in where else other.template, **where)


def _decoded(raw: bytes, name: str | None) -> str:
    """One percent-encoded name or value as text; ``name`` is the parameter's (None while reading the name)."""
    data = unquote_to_bytes(raw.replace(b"+", b" "))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise _refused(
            name if name is not None else data.decode("utf-8", "replace"),
            Message("hand %(hand)s, %(param)s: not UTF-8 text (a percent-encoded byte that is no character)"),
            Message("%(param)s: not UTF-8 text (a percent-encoded byte that is no character)"),
        ) from None


def read_query(query: str | bytes, offered: str | None = None) -> dict[str, str]:
    """The fields a link's query fills, each as written (the parameters the form does not take left out).

    Refused with one line naming the parameter: a name of the form's shape that is no field, a field or ``profile``
    given more than once, text that is not UTF-8, a control character, and (when ``offered`` is given, the profile
    the sheet settles under) a ``profile`` other than ``offered``."""
    raw = query.encode("utf-8") if isinstance(query, str) else query
    found: dict[str, str] = {}
    for piece in raw.split(b"&"):
        if not piece:
            continue
        raw_name, _, raw_value = piece.partition(b"=")
        name = _decoded(raw_name, None)
        value = _decoded(raw_value, name)
        if CONTROL.search(name) or CONTROL.search(value):
            raise _refused(
                name,
                Message("hand %(hand)s, %(param)s: control characters are not allowed"),
                Message("%(param)s: control characters are not allowed"),
            )
        if not (FORM_SHAPED.fullmatch(name) or name == PROFILE):
            continue  # not the form's: ignored, as the score page ignores what it does not take
        if not (name in PLAYERS or name == PROFILE or HAND_FIELD.fullmatch(name)):
            message = "%(param)s: no field of the sheet (players p1 to p4; hands h1… to h%(limit)s…, as h1w)"
            raise MjrefError(message, param=repr(name[:40]), limit=HAND_LIMIT)
        if name in found:
            raise _refused(
                name,
                Message("hand %(hand)s, %(param)s: given more than once (a link gives each field once)"),
                Message("%(param)s: given more than once (a link gives each field once)"),
            )
        found[name] = value
    chosen = found.pop(PROFILE, None)
    if offered is not None and chosen is not None and chosen.strip() != offered:
        message = "profile %(profile)s: the sheet is settled under the house's profile, %(offered)s"
        raise MjrefError(message, profile=repr(chosen[:40]), offered=offered)
    return found


def share_query(args: Mapping[str, Any]) -> str:
    """The query that carries the whole sheet: every field written, none of the empty ones."""
    values = form_values(args)
    for n in range(1, HAND_LIMIT + 1):
        for k in PENALTY_SUFFIXES:
            if not values[f"h{n}xp{k}"]:
                values[f"h{n}xt{k}"] = ""  # the recipients matter only with points written
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
        fields = {f: values[f"h{n}{f}"] for f in HAND_FIELDS}
        out.append(
            {
                "n": n,
                "fields": fields,
                "penalties": _penalty_rows(fields),
                "claimed": [fields[c] for c in CLAIMED_FIELDS],
                "prevalent": prevalent,
                "seats": list(seat_winds),  # each player's seat wind, in the order of their first seats
                "dealer": seat_winds.index("E"),  # the player (0 to 3) who is East at this hand
                "hidden": n > shown,
            }
        )
    return out


def _penalty_rows(fields: dict[str, str]) -> list[dict[str, Any]]:
    """A row's penalties as the form draws them: each one's number, names and values; those after the first blank
    one past those written are hidden (the page's script shows the next as each is filled)."""
    written = [any(fields[f + k] for f in ("x", "xp", "xr")) for k in PENALTY_SUFFIXES]
    shown = max((i + 2 for i, w in enumerate(written) if w), default=1)
    return [
        {
            "number": i + 1,
            "names": {f: f + k for f in PENALTY_FIELDS},
            "given": {f: fields[f + k] for f in PENALTY_FIELDS},
            "hidden": i + 1 > shown,
        }
        for i, k in enumerate(PENALTY_SUFFIXES)
    ]


def fouls(profile: str) -> list[dict[str, Any]]:
    """Each foul a penalty may name, with what the house's table (``profile``) makes it cost: ``points`` and ``to``,
    or None for both where the table fixes no amount and the referee decides."""
    out = []
    for foul in FOULS:
        found = penalty_for(foul, profile)
        out.append({"id": foul, "points": found.points if found else None, "to": found.to if found else None})
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
