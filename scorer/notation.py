"""Read and write the hand notation of ``../shared/design.md``.

``[123m,1][EEE,2]456p789s5s5s|EW1000+2``: declared sets first, in brackets; then the
standing tiles, the last one written being the winning tile; then an optional
situation ``|PSabcd`` (prevalent wind, seat wind, self-drawn, last tile of its kind,
last tile of the wall, kong) and an optional ``+N`` flower count.
"""

from __future__ import annotations

from .canonical import hand_text, read_common_text
from .errors import Message, NotationError, shown_char
from .hand import Hand, Meld, Situation
from .tiles import HONOR_LETTERS, SUIT_LETTERS, WIND_LETTERS, WINDS, Tile
from .validate import MAX_FLOWERS, MAX_SETS, checked, declared_set, flowers_problem

MAX_LENGTH = 200
DIGITS = "0123456789"  # ASCII only: str.isdigit() also takes '²' and '١', which int() then refuses
__all__ = ["MAX_FLOWERS", "MAX_LENGTH", "format_hand", "parse", "parse_text"]


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


def parse(text: str) -> Hand:
    """Read a hand string.

    >>> h = parse("[123m,1][EEE,2]456p789s5s5s|EW1000")
    >>> len(h.melds), h.winning, h.situation.self_drawn  # 5s is tile 22
    (2, 22, True)
    """
    return parse_text(text)[0]


def parse_text(text: str) -> tuple[Hand, str | None]:
    """:func:`parse`'s hand, with its canonical text (:func:`format_hand`) when reading it gave that text
    already (the common case, :func:`scorer.canonical.read_common_text`), else None."""
    if not isinstance(text, str):
        raise NotationError("expected a hand string, not %(type)s", type=type(text).__name__)
    if len(text) > MAX_LENGTH:
        raise NotationError(
            "hand is %(length)s characters long; at most %(most)s are read", length=len(text), most=MAX_LENGTH
        )
    common = read_common_text(text)
    return common if common is not None else (read_carefully(text), None)


def read_carefully(text: str) -> Hand:
    """Read a hand string character by character, saying where and what is wrong (:func:`parse` asks it
    only for what :func:`scorer.canonical.read_common` does not read)."""
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


def format_hand(hand: Hand) -> str:
    """The canonical text of a hand: sets sorted, standing tiles sorted, winning tile last.

    A :class:`Hand` built in Python is first held to the parser's checks (:func:`scorer.validate.checked`).

    >>> format_hand(parse("[EEE,2] [123m,1] 789s 456p 5s 5s | E W 1 0 0 0"))
    '[123m,1][EEE,2]456p5789s5s|EW1000'
    """
    return hand_text(checked(hand))
