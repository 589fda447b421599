"""Read and write the hand notation of ``../shared/design.md``.

``[123m,1][EEE,2]456p789s5s5s|EW1000+2``: declared sets first, in brackets; then the
standing tiles, the last one written being the winning tile; then an optional
situation ``|PSabcd`` (prevalent wind, seat wind, self-drawn, last tile of its kind,
last tile of the wall, kong) and an optional ``+N`` flower count.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .errors import Message, NotationError, shown_char
from .hand import Hand, Kind, Meld, Situation
from .tiles import HONOR_LETTERS, SUIT_LETTERS, WIND_LETTERS, WINDS, Tile, name, run_text
from .validate import MAX_FLOWERS, MAX_SETS, declared_set, flowers_problem

MAX_LENGTH = 200
DIGITS = "0123456789"  # ASCII only: str.isdigit() also takes '²' and '١', which int() then refuses
__all__ = ["MAX_FLOWERS", "MAX_LENGTH", "format_hand", "parse"]


def _fail(message: str, column: int, **params: object) -> NotationError:
    return NotationError(Message(message, **params), where=f"hand:{column}")


class _Reader:
    """A cursor over the text that skips spaces and knows 1-based columns."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def peek(self) -> str:
        while self.i < len(self.text) and self.text[self.i] in " \t":
            self.i += 1
        return self.text[self.i] if self.i < len(self.text) else ""

    def take(self) -> str:
        ch = self.peek()
        self.i += 1
        return ch

    @property
    def column(self) -> int:
        return self.i + 1

    def tiles(self, stop: str) -> list[tuple[Tile, int]]:
        """Read tiles until a character of ``stop`` or the end; each with its column."""
        out: list[tuple[Tile, int]] = []
        digits: list[tuple[str, int]] = []
        while True:
            ch = self.peek()
            col = self.column
            if ch == "" or ch in stop:
                break
            self.i += 1
            if ch in DIGITS:
                digits.append((ch, col))
            elif ch in SUIT_LETTERS or ch == "z":
                if not digits:
                    raise _fail("suit letter %(char)s has no digits before it", col, char=shown_char(ch))
                for d, dcol in digits:
                    out.append((_suited(d, ch, dcol), dcol))
                digits = []
            elif ch in HONOR_LETTERS:
                if digits:
                    written = "".join(d for d, _ in digits)
                    raise _fail("digits '%(digits)s' have no suit letter", digits[0][1], digits=written)
                out.append((27 + HONOR_LETTERS.index(ch), col))
            else:
                message = "unknown character %(char)s (tiles are 1-9 + m/p/s, 1-7z, or E S W N C F P)"
                raise _fail(message, col, char=shown_char(ch))
        if digits:
            written = "".join(d for d, _ in digits)
            raise _fail("digits '%(digits)s' have no suit letter (m, p, s or z)", digits[0][1], digits=written)
        return out


def _suited(digit: str, suit: str, column: int) -> Tile:
    rank = int(digit)
    if suit == "z":
        if not 1 <= rank <= 7:
            raise _fail("no tile '%(digit)sz': honours are 1z to 7z (E S W N C F P)", column, digit=digit)
        return 27 + rank - 1
    if rank == 0:
        raise _fail("no tile '0%(suit)s': ranks run from 1 to 9", column, suit=suit)
    return SUIT_LETTERS.index(suit) * 9 + rank - 1


def _meld(tiles: list[tuple[Tile, int]], offer: int | None, column: int, text: str) -> Meld:
    return declared_set([t for t, _ in tiles], offer, text, where=f"hand:{column}")


def _situation(r: _Reader) -> tuple[Tile, Tile, tuple[bool, ...]]:
    col = r.column
    body = ""
    columns: list[int] = []  # the column of each character of ``body`` (spaces are skipped)
    while r.peek() not in ("", "+"):
        columns.append(r.column)
        body += r.take()
    example = Message(
        "expected |PSabcd, e.g. |EW1000 (prevalent, seat, then 0/1 for self-drawn, last of its kind, "
        "last of the wall, kong)"
    )
    if len(body) != 6:
        message = "situation '|%(body)s' has %(length)s characters, %(example)s"
        raise _fail(message, col, body=body, length=len(body), example=example)
    winds = WIND_LETTERS
    for k, ch in enumerate(body[:2]):
        if ch not in winds:
            message = "situation: %(char)s is no wind (E, S, W or N), %(example)s"
            raise _fail(message, columns[k], char=shown_char(ch), example=example)
    for k, ch in enumerate(body[2:], start=2):
        if ch not in "01":
            message = "situation: flag %(char)s must be 0 or 1, %(example)s"
            raise _fail(message, columns[k], char=shown_char(ch), example=example)
    return WINDS[winds.index(body[0])], WINDS[winds.index(body[1])], tuple(ch == "1" for ch in body[2:])


_FAST = re.compile(
    r"((?:\[[1-9ESWNCFPmpsz]+(?:,[1-7])?\])*)([1-9ESWNCFPmpsz]+)(?:\|([ESWN])([ESWN])([01]{4}))?(?:\+([1-8]))?"
)
_SETS = re.compile(r"\[([^,\]]+)(?:,([0-9]))?\]")


_RUNS = re.compile(r"[1-9]+[mpsz]|[ESWNCFP]")  # digits and their suit letter, or one honour letter
_SUIT_BASES = {"m": 0, "p": 9, "s": 18, "z": 27}  # the tile of rank 1 in each suit letter
_HONOR_TILES = {ch: 27 + k for k, ch in enumerate(HONOR_LETTERS)}


@lru_cache(maxsize=1024)
def _run_tiles(run: str) -> tuple[Tile, ...] | None:
    """The tiles of one run (``123m``, ``E``), or None for honours past ``7z``."""
    letter = run[-1]
    if letter in _HONOR_TILES:
        return (_HONOR_TILES[letter],)
    if letter == "z" and ("8" in run or "9" in run):
        return None
    base = _SUIT_BASES[letter] - 1
    return tuple(base + int(d) for d in run[:-1])


def _fast_tiles(text: str) -> list[Tile] | None:
    """Tiles of a well-formed run of tile text (``_FAST`` has checked its characters), or None (the
    careful reader then explains the fault)."""
    runs = _RUNS.findall(text)
    if sum(map(len, runs)) != len(text):  # some characters are in no run
        return None
    out: list[Tile] = []
    for run in runs:
        tiles = _run_tiles(run)
        if tiles is None:
            return None
        out += tiles
    return out


@lru_cache(maxsize=1024)
def _fast_meld(tiles_text: str, offer: str) -> Meld | None:
    """A declared set from its tile text and offer digit (empty when not written), or None."""
    tiles = _fast_tiles(tiles_text)
    if tiles is None:
        return None
    try:
        return _meld([(t, 0) for t in tiles], int(offer) if offer else None, 0, "")
    except NotationError:
        return None


@lru_cache(maxsize=1024)
def _fast_situation(prevalent: str | None, seat: str | None, flags: str | None, flowers: str | None) -> Situation:
    """The situation of a suffix ``|PSabcd+N`` whose parts ``_FAST`` has read (None when not written)."""
    winds = WIND_LETTERS
    bits = flags or "0000"
    return Situation(
        WINDS[winds.index(prevalent)] if prevalent else WINDS[0],
        WINDS[winds.index(seat)] if seat else WINDS[0],
        bits[0] == "1",
        bits[1] == "1",
        bits[2] == "1",
        bits[3] == "1",
        int(flowers) if flowers else 0,
    )


def _parse_fast(text: str) -> Hand | None:
    """The common case, a well-formed hand, read with regular expressions; None for anything else."""
    m = _FAST.fullmatch(text.replace(" ", ""))
    if m is None:
        return None
    sets, body, prevalent, seat, flags, flowers = m.groups()
    melds: list[Meld] = []
    if sets:
        for tiles_text, offer in _SETS.findall(sets):
            meld = _fast_meld(tiles_text, offer)
            if meld is None:
                return None
            melds.append(meld)
        if len(melds) > 4:
            return None
    standing = _fast_tiles(body)
    if not standing:
        return None
    situation = _fast_situation(prevalent, seat, flags, flowers)
    return Hand(tuple(melds), tuple(sorted(standing[:-1])), standing[-1], situation)


def parse(text: str) -> Hand:
    """Read a hand string.

    >>> h = parse("[123m,1][EEE,2]456p789s5s5s|EW1000")
    >>> len(h.melds), name(h.winning), h.situation.self_drawn
    (2, '5s', True)
    """
    if not isinstance(text, str):
        raise NotationError("expected a hand string, not %(type)s", type=type(text).__name__)
    if len(text) > MAX_LENGTH:
        raise NotationError(
            "hand is %(length)s characters long; at most %(most)s are read", length=len(text), most=MAX_LENGTH
        )
    fast = _parse_fast(text)
    if fast is not None:
        return fast
    r = _Reader(text)
    melds: list[Meld] = []
    while r.peek() == "[":
        col = r.column
        r.take()
        tiles = r.tiles("],")
        offer = None
        if r.peek() == ",":
            r.take()
            ocol = r.column
            digits = ""
            while r.peek() in DIGITS and r.peek():
                digits += r.take()
            if not digits:
                raise _fail("expected the offer digit after the comma, found %(found)s", ocol, found=_found(r.peek()))
            offer = int(digits)
        if r.take() != "]":
            raise _fail("declared set is not closed with ']'", col)
        melds.append(_meld(tiles, offer, col, text[col - 1 : r.i].replace(" ", "")))
        if len(melds) > MAX_SETS:
            raise _fail("more than four declared sets", col)
    standing = r.tiles("|+[]")
    ch = r.peek()
    if ch in ("[", "]"):
        raise _fail("declared sets come first, before the standing tiles", r.column)
    if not standing:
        raise _fail("no standing tiles: write them after the declared sets, the winning tile last", r.column)
    flowers = 0
    seen_flowers = seen_situation = False
    prevalent = seat = WINDS[0]
    flags: tuple[bool, ...] = (False, False, False, False)
    while ch:
        col = r.column
        r.take()
        if ch == "|" and not seen_situation:
            seen_situation = True
            prevalent, seat, flags = _situation(r)
        elif ch == "+" and not seen_flowers:
            seen_flowers = True
            digits = ""
            while r.peek() in DIGITS and r.peek():
                digits += r.take()
            if not digits:
                message = "expected the number of flowers after '+', found %(found)s"
                raise _fail(message, col + 1, found=_found(r.peek()))
            flowers = int(digits)
            problem = flowers_problem(flowers)
            if problem:
                raise NotationError(problem, where=f"hand:{col}")
        else:
            raise _fail("unexpected %(char)s after the tiles", col, char=shown_char(ch))
        ch = r.peek()
    winning = standing[-1][0]
    self_drawn, last_of_kind, last_of_wall, kong = flags
    situation = Situation(prevalent, seat, self_drawn, last_of_kind, last_of_wall, kong, flowers)
    return Hand(tuple(melds), tuple(sorted(t for t, _ in standing[:-1])), winning, situation)


def _found(ch: str) -> str | Message:
    return shown_char(ch) if ch else Message("the end")


_MELD_ORDER = {Kind.CHOW: 0, Kind.PUNG: 1, Kind.KONG: 2}


def format_hand(hand: Hand) -> str:
    """The canonical text of a hand: sets sorted, standing tiles sorted, winning tile last.

    >>> format_hand(parse("[EEE,2] [123m,1] 789s 456p 5s 5s | E W 1 0 0 0"))
    '[123m,1][EEE,2]456p5789s5s|EW1000'
    """
    s = hand.situation
    melds = hand.melds
    if len(melds) > 1:
        melds = tuple(sorted(melds, key=lambda m: (m.tile, _MELD_ORDER[m.kind], m.offer or 0)))
    text = "".join([m.text() for m in melds]) + run_text(hand.standing) + name(hand.winning)
    return text + _situation_text(s.prevalent, s.seat, s.self_drawn, s.last_of_kind, s.last_of_wall, s.kong, s.flowers)


@lru_cache(maxsize=1024)
def _situation_text(
    prevalent: Tile, seat: Tile, self_drawn: bool, last_of_kind: bool, last_of_wall: bool, kong: bool, flowers: int
) -> str:
    """The suffix ``|PSabcd`` and ``+N`` of the canonical text."""
    flags = "".join(["1" if f else "0" for f in (self_drawn, last_of_kind, last_of_wall, kong)])
    text = f"|{WIND_LETTERS[prevalent - 27]}{WIND_LETTERS[seat - 27]}{flags}"
    return text + (f"+{flowers}" if flowers else "")
