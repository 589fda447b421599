"""The disputed MCR rulings that change a score or a penalty, and the positions a profile may take.

Each ruling id names a Markdown ruling in ``rulings/`` that explains and cites every
position; the knowledge base checks the two lists agree. The first position listed is
the Green Book's.

Code never spells a ruling or a position as a bare string: it names the constants below and
asks a profile ``profile.takes(KONG_TABLE, CHINESE)``, which raises on a ruling that is not
disputed or a position that ruling does not have. A position name is shared by every ruling
that offers it (``COMBINE``, ``EXCLUDE``, ``SIX``); ``takes`` checks the pairing.
"""

from __future__ import annotations

# --- the disputed rulings --------------------------------------------------------------------------------------

SEVEN_PAIRS_TILE_HOG = "seven-pairs-tile-hog"
NINE_GATES_TERMINAL_PUNGS = "nine-gates-terminal-pungs"
KONG_TABLE = "kong-table"
TWO_CONCEALED_KONGS = "two-concealed-kongs"
MELDED_AND_CONCEALED_KONG = "melded-and-concealed-kong"
SELF_DRAWN_CONCEALED_SPECIAL_HANDS = "self-drawn-concealed-special-hands"
SUIT_FANS_WITH_SPECIAL_HANDS = "suit-fans-with-special-hands"
ALL_TERMINALS_DOUBLE_PUNG = "all-terminals-double-pung"
REVERSIBLE_TILES_ONE_VOIDED_SUIT = "reversible-tiles-one-voided-suit"
FOUR_PURE_SHIFTED_CHOWS_EXCLUSIONS = "four-pure-shifted-chows-exclusions"
KNITTED_STRAIGHT_COMBINATIONS = "knitted-straight-combinations"
KNITTED_STRAIGHT_WAITS = "knitted-straight-waits"
WAIT_ONLY_ONE_WINNING_TILE = "wait-only-one-winning-tile"
KONG_ON_LAST_TILE = "kong-on-last-tile"
PRINCIPLE_ACCOUNT_ONCE = "principle-account-once"
PENALTY_AMOUNTS = "penalty-amounts"  # the penalty table (scorer.mcr.penalties), not a fan's score

# --- the positions (a name several rulings share is one constant) ----------------------------------------------

NO_TILE_HOG, TILE_HOG = "no-tile-hog", "tile-hog"
NONE, ONE_IMPLIED = "none", "one-implied"
FULL, REDUCED, CHINESE = "full", "reduced", "chinese"
EIGHT, SIX, FIVE = "eight", "six", "five"
FULLY_CONCEALED, SELF_DRAWN_ONLY = "fully-concealed", "self-drawn-only"
COMBINE, EXCLUDE, EXCLUDE_HALF_FLUSH = "combine", "exclude", "exclude-half-flush"
EXCLUDE_BOTH, ENGLISH_TEXT = "exclude-both", "english-text"
NO_LESSER_HONORS = "no-lesser-honors"
COUNT, NO_COUNT = "count", "no-count"
STANDING, FORMAL = "standing", "formal"
BOTH, ROBBING_ONLY = "both", "robbing-only"
TREE, NON_IDENTICAL_ONLY = "tree", "non-identical-only"
CHINESE_2006, EMA = "chinese-2006", "ema"

DISPUTED: dict[str, tuple[str, ...]] = {
    SEVEN_PAIRS_TILE_HOG: (NO_TILE_HOG, TILE_HOG),
    NINE_GATES_TERMINAL_PUNGS: (NONE, ONE_IMPLIED),
    KONG_TABLE: (FULL, REDUCED, CHINESE),
    TWO_CONCEALED_KONGS: (EIGHT, SIX),
    MELDED_AND_CONCEALED_KONG: (SIX, FIVE),
    SELF_DRAWN_CONCEALED_SPECIAL_HANDS: (FULLY_CONCEALED, SELF_DRAWN_ONLY),
    SUIT_FANS_WITH_SPECIAL_HANDS: (COMBINE, EXCLUDE_HALF_FLUSH),
    ALL_TERMINALS_DOUBLE_PUNG: (COMBINE, EXCLUDE),
    REVERSIBLE_TILES_ONE_VOIDED_SUIT: (EXCLUDE, COMBINE),
    FOUR_PURE_SHIFTED_CHOWS_EXCLUSIONS: (EXCLUDE_BOTH, ENGLISH_TEXT),
    KNITTED_STRAIGHT_COMBINATIONS: (COMBINE, NO_LESSER_HONORS),
    KNITTED_STRAIGHT_WAITS: (COUNT, NO_COUNT),
    WAIT_ONLY_ONE_WINNING_TILE: (STANDING, FORMAL),
    KONG_ON_LAST_TILE: (BOTH, ROBBING_ONLY),
    PRINCIPLE_ACCOUNT_ONCE: (TREE, NON_IDENTICAL_ONLY),
    PENALTY_AMOUNTS: (CHINESE_2006, EMA),  # no Green Book figure read: green-book takes Tianjin 2006 (Sloper col. 289)
}

# Positions that change a fan's value: (ruling, position) -> {fan number: points}.
POINTS: dict[tuple[str, str], dict[int, int]] = {
    (TWO_CONCEALED_KONGS, SIX): {48: 6},
}

# Pairs (outer fan, inner fan) that may share sets under a position, despite non-repetition.
OVERLAPS: dict[tuple[str, str], frozenset[tuple[int, int]]] = {
    (FOUR_PURE_SHIFTED_CHOWS_EXCLUSIONS, ENGLISH_TEXT): frozenset({(16, 72)}),
}

# Positions that hold only together with another: (ruling, position) -> (ruling, position it needs, why).
REQUIRES: dict[tuple[str, str], tuple[str, str, str]] = {
    (KONG_TABLE, CHINESE): (
        MELDED_AND_CONCEALED_KONG,
        FIVE,
        "the Chinese kong table scores one melded and one concealed kong only as the 5-point fan 82",
    ),
}


def check_position(ruling: str, position: str, choices: dict[str, tuple[str, ...]] = DISPUTED) -> None:
    """Raise :class:`UnknownPosition` unless ``ruling`` is one of ``choices`` and offers ``position``."""
    if ruling not in choices:
        raise UnknownPosition(f"{ruling!r} is not a disputed ruling (one of {', '.join(choices)})")
    if position not in choices[ruling]:
        raise UnknownPosition(f"{ruling}: unknown position {position!r} (one of {', '.join(choices[ruling])})")


class UnknownPosition(ValueError):
    """A ruling that is not disputed, or a position its ruling does not offer: a mistake in the code or tables."""


def _check_tables() -> None:
    for ruling, position in (*POINTS, *OVERLAPS, *REQUIRES):
        check_position(ruling, position)
    for needed, required, _ in REQUIRES.values():
        check_position(needed, required)


_check_tables()
