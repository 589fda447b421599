"""The notation's common case, both ways: read a well-formed hand string, write a hand's canonical text.

:func:`read_common_text` reads what players and programs usually send (sets in brackets, tile runs, an
optional ``|PSabcd`` and ``+N``, spaces anywhere) in one pass, with its canonical text, and returns None for
anything else, which :mod:`scorer.notation` then reads carefully to say what is wrong (:func:`read_common`:
the hand alone). :func:`hand_text` writes the
canonical text :func:`scorer.notation.format_hand` promises.

Compiled with mypyc in a wheel (``setup.py``): every score reads and writes a hand, so this is the scorer's
entry path. What the compiler needs: characters compared as strings of one character and tiles as ``int``
(no regular expression: a compiled loop over the text is faster than building match objects); the caches
are plain dicts keyed by strings or small ints, bounded by emptying them when full. The functions take
only what their callers have checked (a ``str``: :func:`scorer.entry.score` and :func:`scorer.notation.parse`
check it; a :class:`~scorer.hand.Hand` of the right types), since compiled code answers an ill-typed argument
with ``TypeError``.
"""

from __future__ import annotations

from typing import Final

from .caches import new_cache, remember
from .errors import NotationError
from .hand import Hand, Kind, Meld, Situation
from .tiles import HONOR_LETTERS, NAMES, WIND_LETTERS, WINDS, Tile, run_text, set_place
from .validate import MAX_FLOWERS, MAX_SETS, declared_set

HONOR_TILES: Final = {ch: 27 + k for k, ch in enumerate(HONOR_LETTERS)}
DIGIT_VALUES: Final = {str(d): d for d in range(1, 10)}
OFFERS: Final = frozenset("1234567")  # an offer digit the common case reads
WIND_TILES: Final = {ch: WINDS[k] for k, ch in enumerate(WIND_LETTERS)}

# "[...]" text -> the declared set, its canonical text and its place in the canonical order (NO_MELD: no set)
_melds: Final[dict[str, tuple[Meld, str, int]]] = new_cache()
# "|PSabcd+N" suffix -> its situation and the suffix's canonical text (NO_SITUATION: malformed)
_situations: Final[dict[str, tuple[Situation, str]]] = new_cache()
_meld_texts: Final[dict[int, str]] = new_cache()
# Named once, as in scorer.result_makers: a hand and a situation are made without their dataclass __init__.
NEW: Final = object.__new__
HAND: Final = Hand
SITUATION: Final = Situation
# What _melds and _situations hold for a text that is no set or no situation (one lookup reads either answer).
# Told apart by value (an empty text), never by identity: compiled, a Final tuple is a C struct, boxed afresh at
# each use, so ``is`` would not find it again.
NO_MELD: Final[tuple[Meld, str, int]] = (Meld(Kind.PUNG, 0, None), "", -1)
NO_SITUATION: Final[tuple[Situation, str]] = (Situation(), "")
_situation_texts: Final[dict[int, str]] = new_cache()


def read_common(text: str) -> Hand | None:
    """The hand a well-formed string writes, or None when the string is anything else (an error, a tab, a
    digit 0 or 8-9 in honours): the careful reader of :mod:`scorer.notation` then explains it."""
    read = read_common_text(text)
    return None if read is None else read[0]


def read_common_text(text: str) -> tuple[Hand, str] | None:
    """:func:`read_common`'s hand, with its canonical text (:func:`hand_text`), which the reading gives almost
    for free: each set's and the situation's text come from the caches that read them, and the tiles' text is
    the text as written whenever that is already canonical (standing tiles sorted, one run a suit, the winning
    tile written alone), as canonical texts and most typed hands are."""
    s = text.replace(" ", "") if " " in text else text
    if not s.isascii():  # the notation is ASCII: anything else is an error to explain
        return None
    n = len(s)
    i = 0
    melds: list[Meld] = []
    meld_texts: list[str] = []
    in_order = True  # are the sets written in canonical order?
    last = -1
    while i < n and s[i] == "[":
        close = s.find("]", i)
        if close < 0:
            return None
        found = _meld(s[i : close + 1])
        if found is None or len(melds) == MAX_SETS:
            return None
        meld, meld_text, place = found
        melds.append(meld)
        meld_texts.append(meld_text)
        if place < last:
            in_order = False
        last = place
        i = close + 1
    bar = s.find("|", i)
    plus = s.find("+", i)
    end = bar if bar >= 0 and (plus < 0 or bar < plus) else plus  # the suffix begins at the first | or +
    if end < 0:
        end = n
    situation = _situation(s[end:])
    if situation is None:
        return None
    data = s.encode()
    standing: list[Tile] = []
    letters = _read_tiles(data, i, end, standing)
    if letters < 0 or not standing:
        return None
    winning = standing.pop()
    was_sorted = True
    for k in range(1, len(standing)):
        if standing[k] < standing[k - 1]:
            was_sorted = False
            standing.sort()
            break
    # Hand(tuple(melds), tuple(standing), winning, situation), without running the frozen dataclass's __init__
    # in the interpreter (as scorer.result_makers does for the results)
    hand = NEW(HAND)
    object.__setattr__(hand, "melds", tuple(melds))
    object.__setattr__(hand, "standing", tuple(standing))
    object.__setattr__(hand, "winning", winning)
    object.__setattr__(hand, "situation", situation[0])
    if not in_order:
        return hand, hand_text(hand)
    if was_sorted and _written_canonically(data, end, standing, letters):
        tiles_text = s[i:end]
    else:
        tiles_text = run_text(standing) + NAMES[winning]
    return hand, "".join(meld_texts) + tiles_text + situation[1]


def _written_canonically(data: bytes, end: int, standing: list[Tile], letters: int) -> bool:
    """Is the text :func:`_read_tiles` read as the sorted ``standing`` tiles and then the winning tile, ending at
    ``data[end]`` and writing ``letters`` (what it returned), their canonical text? So it is when no tile is
    written with z, the winning tile is written alone (one digit and its suit letter, or an honour letter) and
    the standing tiles take one suit letter a suit."""
    if letters & Z_WRITTEN:
        return False
    if CHAR_KINDS[data[end - 1]] >= SUIT_M:  # a suited winning tile: one digit, after a letter or nothing
        if end >= 3 and CHAR_KINDS[data[end - 3]] <= 9:
            return False
        letters -= 1
    suits = 0
    suit = -1
    for t in standing:
        if t < 27 and t // 9 != suit:
            suit = t // 9
            suits += 1
    return letters == suits


# What each character of a tile run is, by its code: a digit's rank (1-9), an honour letter's tile (27-33), a suit
# letter (SUIT_M, SUIT_P, SUIT_S, SUIT_Z), or 0 for any other character.
SUIT_M: Final = 100
SUIT_P: Final = 101
SUIT_S: Final = 102
SUIT_Z: Final = 103


def _char_kinds() -> tuple[int, ...]:
    kinds = [0] * 128
    for d in range(1, 10):
        kinds[ord(str(d))] = d
    for letter, tile in HONOR_TILES.items():
        kinds[ord(letter)] = tile
    for letter, kind in (("m", SUIT_M), ("p", SUIT_P), ("s", SUIT_S), ("z", SUIT_Z)):
        kinds[ord(letter)] = kind
    return tuple(kinds)


CHAR_KINDS: Final = _char_kinds()


def _tiles(data: bytes, start: int, end: int) -> list[Tile] | None:
    """The tiles of ``data[start:end]`` (ASCII text as bytes), a sequence of runs (digits and their suit letter,
    or one honour letter), or None when it is anything else."""
    out: list[Tile] = []
    return out if _read_tiles(data, start, end, out) >= 0 else None


Z_WRITTEN: Final = 1 << 16  # in what _read_tiles returns: some tile was written with z


def _read_tiles(data: bytes, start: int, end: int, out: list[Tile]) -> int:
    """Append to ``out`` the tiles of ``data[start:end]`` (as :func:`_tiles` reads them); return how many suit
    letters m, p and s the text has, plus :data:`Z_WRITTEN` when it writes an honour with z, or -1 when the text
    is anything else."""
    letters = 0
    run = -1  # where the digits waiting for their suit letter begin; -1 when none wait
    for k in range(start, end):
        kind = CHAR_KINDS[data[k]]
        if kind == 0:
            return -1
        if kind <= 9:
            if run < 0:
                run = k
        elif kind < SUIT_M:  # an honour letter
            if run >= 0:
                return -1
            out.append(kind)
        else:  # a suit letter
            if run < 0:
                return -1
            if kind == SUIT_Z:
                letters |= Z_WRITTEN
                for j in range(run, k):
                    d = CHAR_KINDS[data[j]]
                    if d > 7:
                        return -1
                    out.append(26 + d)
            else:
                letters += 1
                base = (kind - SUIT_M) * 9 - 1
                for j in range(run, k):
                    out.append(base + CHAR_KINDS[data[j]])
            run = -1
    return -1 if run >= 0 else letters


def _meld(written: str) -> tuple[Meld, str, int] | None:
    """The declared set ``[tiles]`` or ``[tiles,offer]`` writes, with its canonical text and its place in the
    canonical order (:func:`scorer.tiles.set_place`), or None."""
    known = CANONICAL_MELDS.get(written)
    if known is None:
        known = _melds.get(written)
        if known is None:
            found = read_meld(written)
            remember(_melds, written, NO_MELD if found is None else found)
            return found
    return None if not known[1] else known


def read_meld(written: str) -> tuple[Meld, str, int] | None:
    """:func:`_meld`, worked out (for a set written otherwise than canonically: with spaces removed, tiles out
    of order or ``z`` honours)."""
    body = written[1:-1]
    offer: int | None = None
    comma = body.find(",")
    if comma >= 0:
        digit = body[comma + 1 :]
        if len(digit) != 1 or digit not in OFFERS:
            return None
        offer = int(digit)
        body = body[:comma]
    tiles = _tiles(body.encode(), 0, len(body)) if body else None  # (read_common_text has checked it is ASCII)
    if tiles is None:
        return None
    try:
        meld = declared_set(tiles, offer, "")
    except NotationError:
        return None
    return _with_text(meld)


def _with_text(meld: Meld) -> tuple[Meld, str, int]:
    return (meld, _meld_text(meld), set_place(meld.tile, int(meld.kind), meld.offer))


def _canonical_melds() -> dict[str, tuple[Meld, str, int]]:
    """Every declared set the notation can write, by its canonical text: chows and pungs with no supplier
    written or supplier 1-3, kongs concealed (written with no supplier), supplied (1-3) or added (5-7)."""
    melds = [Meld(Kind.CHOW, t, offer) for t in range(27) if t % 9 <= 6 for offer in (None, 1, 2, 3)]
    melds += [Meld(Kind.PUNG, t, offer) for t in range(34) for offer in (None, 1, 2, 3)]
    melds += [Meld(Kind.KONG, t, offer) for t in range(34) for offer in (0, 1, 2, 3, 5, 6, 7)]
    table = {}
    for meld in melds:
        found = _with_text(meld)
        table[found[1]] = found
    return table


def _situation(suffix: str) -> tuple[Situation, str] | None:
    """The situation of a suffix ``|PSabcd``, ``+N`` or both (empty: East, East, no flags, no flowers), with
    the suffix's canonical text, or None."""
    known = _situations.get(suffix)
    if known is not None:
        return None if not known[1] else known
    found: tuple[Situation, str] | None = None
    rest = suffix
    winds = [WINDS[0], WINDS[0]]
    flags = [False, False, False, False]
    ok = True
    if rest.startswith("|"):
        if len(rest) < 7 or rest[1] not in WIND_TILES or rest[2] not in WIND_TILES:
            ok = False
        else:
            winds = [WIND_TILES[rest[1]], WIND_TILES[rest[2]]]
            for k in range(4):
                flag = rest[3 + k]
                if flag != "0" and flag != "1":
                    ok = False
                flags[k] = flag == "1"
            rest = rest[7:]
    flowers = 0
    if ok and rest.startswith("+"):
        if len(rest) == 2 and rest[1] in DIGIT_VALUES and DIGIT_VALUES[rest[1]] <= MAX_FLOWERS:
            flowers = DIGIT_VALUES[rest[1]]
            rest = ""
        else:
            ok = False
    if ok and not rest:
        found = (_new_situation(winds[0], winds[1], flags, flowers), _suffix_text(winds[0], winds[1], flags, flowers))
    remember(
        _situations, suffix, NO_SITUATION if found is None else found
    )  # at most 4 x 4 x 16 x 9 well-formed suffixes; few malformed ones recur
    return found


def _new_situation(prevalent: Tile, seat: Tile, flags: list[bool], flowers: int) -> Situation:
    """``Situation(prevalent, seat, *flags, flowers)``, without running the frozen dataclass's ``__init__`` in the
    interpreter (as for the hand in :func:`read_common_text`)."""
    made = NEW(SITUATION)
    object.__setattr__(made, "prevalent", prevalent)
    object.__setattr__(made, "seat", seat)
    object.__setattr__(made, "self_drawn", flags[0])
    object.__setattr__(made, "last_of_kind", flags[1])
    object.__setattr__(made, "last_of_wall", flags[2])
    object.__setattr__(made, "kong", flags[3])
    object.__setattr__(made, "flowers", flowers)
    return made


def _suffix_text(prevalent: Tile, seat: Tile, flags: list[bool], flowers: int) -> str:
    """The canonical suffix ``|PSabcd`` and ``+N`` of a situation, from its parts."""
    text = "|" + WIND_LETTERS[prevalent - 27] + WIND_LETTERS[seat - 27] + "".join(["1" if f else "0" for f in flags])
    return text + "+" + str(flowers) if flowers else text


def hand_text(hand: Hand) -> str:
    """The canonical text of a hand: sets sorted (by tile, then chow, pung, kong, then offer), standing
    tiles sorted, winning tile last, then the situation."""
    melds = hand.melds
    parts: list[str] = []
    if melds:
        if len(melds) > 1:
            melds = tuple(sorted(melds, key=_meld_order))
        for m in melds:
            parts.append(_meld_text(m))
    parts.append(run_text(hand.standing))
    parts.append(NAMES[hand.winning])
    parts.append(_situation_text(hand.situation))
    return "".join(parts)


def _meld_order(m: Meld) -> int:
    return set_place(m.tile, int(m.kind), m.offer)


def _meld_text(m: Meld) -> str:
    kind = int(m.kind)
    tile = m.tile
    offer = m.offer
    key = (kind * 64 + tile) * 16 + (15 if offer is None else offer)
    found = _meld_texts.get(key)
    if found is not None:
        return found
    body = run_text([tile, tile + 1, tile + 2] if kind == 0 else [tile] * (4 if kind == 2 else 3))
    text = f"[{body}]" if offer is None or offer == 0 else f"[{body},{offer}]"
    remember(_meld_texts, key, text)
    return text


def _situation_text(s: Situation) -> str:
    """The suffix ``|PSabcd`` and ``+N`` of the canonical text."""
    prevalent = s.prevalent
    seat = s.seat
    flowers = s.flowers
    bits = (s.self_drawn << 3) | (s.last_of_kind << 2) | (s.last_of_wall << 1) | int(s.kong)
    key = ((prevalent * 64 + seat) * 16 + bits) * 16 + flowers
    found = _situation_texts.get(key)
    if found is not None:
        return found
    text = _suffix_text(prevalent, seat, [s.self_drawn, s.last_of_kind, s.last_of_wall, s.kong], flowers)
    remember(_situation_texts, key, text)
    return text


# The declared sets written canonically (most are), read from a table made once rather than from a cache that
# empties (tests/test_properties.py checks each against read_meld).
CANONICAL_MELDS: Final = _canonical_melds()
