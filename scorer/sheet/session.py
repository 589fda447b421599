"""A session as entered: the four players and each hand's line of the score sheet, checked field by field.

:func:`session_from_data` takes plain data (what ``json.loads`` gives, or :mod:`scorer.sheet.csv_sheet` makes of
a spreadsheet) and returns a :class:`Session`, or raises :class:`SheetError`: one line naming the hand and the
field, e.g. ``hand 3, from: Bo won and cannot have discarded to himself``. Nothing is settled here.

>>> s = session_from_data({"players": ["Ann", "Bo", "Cy", "Di"], "hands": [{"winner": "Ann", "from": "Bo",
...     "points": 12}, {"draw": True}]})
>>> s.hands[0].discarder, s.hands[1].draw
('Bo', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..control_characters import forbidden
from ..errors import Message, MjrefError

HAND_LIMIT = 16  # hands in a session: the Green Book's four rounds of four (ruling seat-rotation)
MINIMUM = 8  # points a win needs (ruling eight-point-minimum); fewer is a false win (ruling false-win)
MAX_POINTS = 100_000  # a hand's points or a penalty: far above any real one, so a typo is caught
MAX_NAME = 40  # characters of a player's name
HAND_KEYS = ("winner", "from", "self_drawn", "points", "hand", "draw", "penalties", "claimed")
PENALTY_KEYS = ("player", "points", "to", "ruling")
RECIPIENTS = ("others", "none")


class SheetError(MjrefError):
    """A session file or entry that cannot be settled; the message names the hand and the field."""

    code = "sheet"


def _fail(template: str, **params: object) -> SheetError:
    """A :class:`SheetError` from an English template and its params (translated at the edge)."""
    return SheetError(Message(template, **params))


@dataclass(frozen=True)
class PenaltyEntry:
    """A penalty as written: ``points`` and ``to`` given, or taken from the house's table for ``ruling``."""

    player: str
    points: int | None  # None: the house's amount for ``ruling``
    to: str | None  # "others", "none", or None with ``ruling``
    ruling: str | None  # the foul's ruling id, e.g. "false-win"


@dataclass(frozen=True)
class HandEntry:
    """One line of the sheet: a win (``winner``, ``discarder`` or self-drawn, ``points`` and/or ``tiles``) or a
    draw, its penalties, and the running totals the paper sheet claims after it (``claimed``)."""

    number: int  # 1-based
    draw: bool
    winner: str | None
    discarder: str | None
    self_drawn: bool | None  # None: not said (a hand given as tiles says it in its suffix)
    points: int | None
    tiles: str | None
    penalties: tuple[PenaltyEntry, ...]
    claimed: dict[str, int] | None


@dataclass(frozen=True)
class Session:
    """The players in their seats at the first hand (East, South, West, North) and the hands in order."""

    players: tuple[str, str, str, str]
    hands: tuple[HandEntry, ...]


def session_from_data(data: object) -> Session:
    """Check ``data`` (``{"players": [...], "hands": [...]}``) and return the :class:`Session` it describes."""
    if not isinstance(data, dict):
        raise _fail("a session is an object with players and hands, not %(type)s", type=_type(data))
    unknown = sorted(str(k) for k in data if k not in ("players", "hands"))
    if unknown:
        raise _fail("unknown key %(key)s: a session has players and hands", key=repr(unknown[0]))
    players = _players(data.get("players"))
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise _fail("hands: expected a list of hands, not %(type)s", type=_type(hands))
    if len(hands) > HAND_LIMIT:
        message = "%(count)s hands: a session has at most %(limit)s (four rounds of four; ruling seat-rotation)"
        raise _fail(message, count=len(hands), limit=HAND_LIMIT)
    return Session(players, tuple(_hand(n, h, players) for n, h in enumerate(hands, start=1)))


KINDS = (  # a value's kind as a session file (JSON, YAML) writes it, for messages: never Python's type names
    (bool, Message("true/false")),
    (int, Message("a number")),
    (float, Message("a fractional number")),
    (str, Message("text")),
    (list, Message("a list")),
    (dict, Message("an object")),
)


def _type(value: object) -> Message:
    """The kind of ``value`` as the file has it (null, text, a list, an object, …)."""
    if value is None:
        return Message("null")
    return next((word for kind, word in KINDS if isinstance(value, kind)), Message("a value of another kind"))


def _players(value: object) -> tuple[str, str, str, str]:
    if not isinstance(value, list) or len(value) != 4:
        shown = len(value) if isinstance(value, list) else _type(value)
        raise _fail(
            "players: expected the four names in their first seats (East, South, West, North), got %(got)s", got=shown
        )
    for name in value:
        if not isinstance(name, str) or not name.strip():
            raise _fail("players: every name is a non-empty text, not %(name)s", name=_cut(name))
        if len(name) > MAX_NAME or name != name.strip():
            raise _fail(
                "players: %(name)s: a name has at most %(max)s characters and no spaces around it",
                name=_cut(name),
                max=MAX_NAME,
            )
        if (found := forbidden(name)) is not None:
            raise _fail("players: %(name)s: a name may not hold %(what)s", name=_cut(name), what=found[1])
    if len(set(value)) != 4:
        twice = next(n for n in value if value.count(n) > 1)
        raise _fail("players: %(name)s is named twice", name=repr(twice))
    return (value[0], value[1], value[2], value[3])


def _cut(value: object) -> str | Message:
    """``value`` as an error shows it: text quoted, cut at 40 characters; a number as written; true, false or null
    as a file writes them; a list or an object by its kind."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, int | float):
        return str(value)[:40]
    if not isinstance(value, str):
        return _type(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _hand(n: int, entry: object, players: tuple[str, ...]) -> HandEntry:
    if not isinstance(entry, dict):
        raise _fail("hand %(hand)s: expected an object, not %(type)s", hand=n, type=_type(entry))
    for key in entry:
        if key not in HAND_KEYS:
            raise _fail(
                "hand %(hand)s: unknown field %(field)s (fields: %(fields)s)",
                hand=n,
                field=repr(key),
                fields=", ".join(HAND_KEYS),
            )
    draw = _bool(n, entry, "draw")
    self_drawn = entry.get("self_drawn")
    if self_drawn is not None:
        self_drawn = _bool(n, entry, "self_drawn")
    penalties = tuple(_penalties(n, entry.get("penalties"), players))
    claimed = _claimed(n, entry.get("claimed"), players)
    if draw:
        for key in ("winner", "from", "self_drawn", "points", "hand"):
            if entry.get(key) is not None and entry.get(key) is not False:
                raise _fail(
                    "hand %(hand)s, %(field)s: a drawn hand has no winner, discarder or points", hand=n, field=key
                )
        return HandEntry(n, True, None, None, None, None, None, penalties, claimed)
    winner = _player(n, entry, "winner", players)
    if winner is None:
        raise _fail("hand %(hand)s, winner: name the winner, or write draw for a drawn hand", hand=n)
    discarder = _player(n, entry, "from", players)
    if discarder == winner:
        raise _fail("hand %(hand)s, from: %(player)s won and cannot have discarded to himself", hand=n, player=winner)
    if discarder is not None and self_drawn:
        raise _fail(
            "hand %(hand)s, self_drawn: a self-drawn win has no discarder, but from names %(player)s",
            hand=n,
            player=discarder,
        )
    if discarder is not None:
        self_drawn = False
    points = _points(n, entry.get("points"), "points")
    if points is not None and points < MINIMUM:
        message = (
            "hand %(hand)s, points: %(points)s is under the %(minimum)s-point minimum, so a false "
            "win, not a win (ruling false-win)"
        )
        raise _fail(message, hand=n, points=points, minimum=MINIMUM)
    tiles = entry.get("hand")
    if tiles is not None and (not isinstance(tiles, str) or not tiles.strip()):
        raise _fail(
            "hand %(hand)s, hand: expected the tiles in mjref's notation, not %(value)s", hand=n, value=repr(tiles)
        )
    if points is None and tiles is None:
        raise _fail("hand %(hand)s, points: a win needs its points or its tiles (hand)", hand=n)
    if self_drawn is None and tiles is None:
        raise _fail("hand %(hand)s, from: say who discarded the winning tile, or self_drawn", hand=n)
    if self_drawn is False and discarder is None:
        raise _fail("hand %(hand)s, from: the hand was won on a discard: say whose (from)", hand=n)
    return HandEntry(n, False, winner, discarder, self_drawn, points, tiles, penalties, claimed)


def _bool(n: int, entry: dict[str, object], field: str) -> bool:
    value = entry.get(field, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise _fail(
            "hand %(hand)s, %(field)s: expected true or false, not %(value)s", hand=n, field=field, value=_cut(value)
        )
    return value


def _player(n: int, entry: dict[str, object], field: str, players: tuple[str, ...]) -> str | None:
    name = entry.get(field)
    if name is None:
        return None
    if not isinstance(name, str) or name not in players:
        message = "hand %(hand)s, %(field)s: %(name)s is not at the table (players: %(players)s)"
        raise _fail(message, hand=n, field=field, name=_cut(name), players=", ".join(players))
    return name


def _points(n: int, value: object, field: str | Message) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(
            "hand %(hand)s, %(field)s: expected a whole number, not %(value)s",
            hand=n,
            field=field,
            value=_cut(value),
        )
    if abs(value) > MAX_POINTS:
        raise _fail(
            "hand %(hand)s, %(field)s: %(value)s is beyond any real score", hand=n, field=field, value=str(value)[:40]
        )
    return value


def _penalties(n: int, value: object, players: tuple[str, ...]) -> list[PenaltyEntry]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise _fail("hand %(hand)s, penalties: expected a list, not %(type)s", hand=n, type=_type(value))
    out = []
    for i, p in enumerate(value, start=1):
        field = Message("penalty %(n)s", n=i)
        if not isinstance(p, dict):
            raise _fail(
                "hand %(hand)s, %(field)s: expected an object, not %(type)s", hand=n, field=field, type=_type(p)
            )
        for key in p:
            if key not in PENALTY_KEYS:
                message = "hand %(hand)s, %(field)s: unknown field %(key)s (fields: %(fields)s)"
                raise _fail(message, hand=n, field=field, key=repr(key), fields=", ".join(PENALTY_KEYS))
        player = p.get("player")
        if player is None or player == "":  # absent, null, or a blank cell of a spreadsheet
            message = "hand %(hand)s, %(field)s, player: missing: name who committed the foul (players: %(players)s)"
            raise _fail(message, hand=n, field=field, players=", ".join(players))
        if not isinstance(player, str) or player not in players:
            message = "hand %(hand)s, %(field)s, player: %(name)s is not at the table (players: %(players)s)"
            raise _fail(message, hand=n, field=field, name=_cut(player), players=", ".join(players))
        points = _points(n, p.get("points"), Message("penalty %(n)s, points", n=i))
        if points is not None and points <= 0:
            message = (
                "hand %(hand)s, %(field)s, points: %(points)s: a penalty is a number of points above "
                "zero, deducted from the offender"
            )
            raise _fail(message, hand=n, field=field, points=points)
        to, ruling = p.get("to"), p.get("ruling")
        if to is not None and to not in RECIPIENTS:
            message = (
                "hand %(hand)s, %(field)s, to: %(to)s: expected others (split among the other three) "
                "or none (deducted only)"
            )
            raise _fail(message, hand=n, field=field, to=repr(to))
        if ruling is not None and (not isinstance(ruling, str) or not ruling):
            raise _fail(
                "hand %(hand)s, %(field)s, ruling: expected a foul's ruling id, not %(value)s",
                hand=n,
                field=field,
                value=repr(ruling),
            )
        if ruling is None and (points is None or to is None):
            raise _fail("hand %(hand)s, %(field)s: give points and to, or the foul's ruling", hand=n, field=field)
        if (points is None) != (to is None):
            raise _fail("hand %(hand)s, %(field)s: give points and to together", hand=n, field=field)
        if to == "others" and points is not None and points % 3:
            message = "hand %(hand)s, %(field)s, points: %(points)s cannot be split equally among the other three"
            raise _fail(message, hand=n, field=field, points=points)
        out.append(PenaltyEntry(player, points, to, ruling))
    return out


def _claimed(n: int, value: object, players: tuple[str, ...]) -> dict[str, int] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _fail(
            "hand %(hand)s, claimed: expected each player's running total, not %(type)s", hand=n, type=_type(value)
        )
    for name in value:
        if name not in players:
            message = "hand %(hand)s, claimed: %(name)s is not at the table (players: %(players)s)"
            raise _fail(message, hand=n, name=_cut(name), players=", ".join(players))
    missing = [p for p in players if p not in value]
    if missing:
        raise _fail("hand %(hand)s, claimed: the running total of %(player)s is missing", hand=n, player=missing[0])
    return {p: _whole(n, value[p], p) for p in players}


def _whole(n: int, value: object, player: str) -> int:
    total = _points(n, value, Message("claimed, %(player)s", player=player))
    if total is None:
        raise _fail("hand %(hand)s, claimed: the running total of %(player)s is missing", hand=n, player=player)
    return total
