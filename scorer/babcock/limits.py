"""The limit hands of chapter VII: which of them a reading of the hand is.

Each test takes the reading's form and sets and the hand; a limit hand counts only when its option
is agreed (``options.LIMIT_OPTION``). A hand that is several limit hands scores the limit once; it
is named by the first that matches in ``TESTS`` (the most particular first, Seven Twins last as it
is worth only half), the others being listed as replaced.
"""

from __future__ import annotations

from collections.abc import Callable

from ..arrange import REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS
from ..hand import KONG, Hand
from ..tiles import WINDS, is_terminal_or_honor, suit_of
from .options import LIMIT_OPTION, STANDARD
from .sets import BSet

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999 of one suit, waiting on any of its nine tiles

Test = Callable[[str, tuple[BSet, ...], Hand, str], bool]


def _four_winds(form: str, sets: tuple[BSet, ...], hand: Hand, position: str) -> bool:
    """Three or four wind sets, one of them the player's own wind, and at least a pair of the fourth."""
    if form != REGULAR:
        return False
    wind_sets = {s.tile for s in sets if s.is_pung and s.tile in WINDS}
    covered = wind_sets | {s.tile for s in sets if s.is_pair and s.tile in WINDS}
    return len(wind_sets) >= 3 and hand.situation.seat in wind_sets and covered >= set(WINDS)


def _terminals_and_honours(form: str, sets: tuple[BSet, ...], hand: Hand, position: str) -> bool:
    """No tile but ones, nines, winds and dragons, in any winning form the profile plays."""
    counts = hand.counts()
    return all(is_terminal_or_honor(t) for t, n in enumerate(counts) if n)


def _nine_gates(form: str, sets: tuple[BSet, ...], hand: Hand, position: str) -> bool:
    """Concealed 1112345678999 of one suit before the win, completed by any tile of that suit."""
    if hand.melds or form != REGULAR:
        return False
    suit = suit_of(hand.standing[0])
    if suit == 3 or any(suit_of(t) != suit for t in hand.standing):
        return False
    counts = [0] * 9
    for t in hand.standing:
        counts[t % 9] += 1
    return tuple(counts) == NINE_GATES


def _four_kongs(form: str, sets: tuple[BSet, ...], hand: Hand, position: str) -> bool:
    return sum(1 for s in sets if s.kind is KONG) == 4


def _four_concealed_pungs(form: str, sets: tuple[BSet, ...], hand: Hand, position: str) -> bool:
    """Four sets of three or four held concealed; under ``limit-if-drawn`` the last tile drawn as well."""
    if position == "limit-if-drawn" and not hand.situation.self_drawn:
        return False
    return sum(1 for s in sets if s.held) == 4


def _thirteen_orphans(form: str, sets: tuple[BSet, ...], hand: Hand, position: str) -> bool:
    return form == THIRTEEN_ORPHANS


def _seven_twins(form: str, sets: tuple[BSet, ...], hand: Hand, position: str) -> bool:
    return form == SEVEN_PAIRS


# In the order a hand that is several limit hands is named by.
TESTS: dict[str, Test] = {
    "thirteen-orphans": _thirteen_orphans,
    "nine-gates": _nine_gates,
    "four-wind-hand": _four_winds,
    "four-kongs": _four_kongs,
    "four-concealed-pungs": _four_concealed_pungs,
    "terminals-and-honours-hand": _terminals_and_honours,
    "seven-twins": _seven_twins,
}


def limit_hands(form: str, sets: tuple[BSet, ...], hand: Hand, positions: dict[str, str]) -> list[str]:
    """The keys of the agreed limit hands this reading is, in the order of ``TESTS``."""
    out = []
    for key, test in TESTS.items():
        position = positions[LIMIT_OPTION[key]]
        if position != STANDARD and test(form, sets, hand, position):
            out.append(key)
    return out
