"""Babcock's Standard Score Sheet, the doubles and the limit hands, as three readable tables.

Every value here is cited in the ruling named on its row (``rulings/babcock/<ruling>.md``). The
points and names live here only: the scorer and the command line read them from these tables.
"""

from __future__ import annotations

from dataclasses import dataclass

LIMIT = 300  # the most a hand can score [@Babcock1923, ch.VII, Fig. 27]

SHEET = "babcock-standard-score-sheet"
OPTIONAL_DOUBLES = "babcock-optional-doubles"

# The Standard Score Sheet: points added before doubling. The eight set values follow Babcock's
# rule of thumb (ch.V): 2 for an exposed pung of 2-8, twice that for ones, nines, winds and dragons,
# twice again when concealed, four times the pung for four of a kind. Runs and other pairs score 0.
POINTS_TABLE = """
key                              points  name                                              ruling
mah-jongg                            20  Mah-Jongg                                         babcock-standard-score-sheet
exposed-pung-simples                  2  Pung of 2 to 8, exposed                           babcock-standard-score-sheet
concealed-pung-simples                4  Pung of 2 to 8, concealed                         babcock-standard-score-sheet
exposed-pung-terminals-honours        4  Pung of ones, nines, winds or dragons, exposed    babcock-standard-score-sheet
concealed-pung-terminals-honours      8  Pung of ones, nines, winds or dragons, concealed  babcock-standard-score-sheet
exposed-kong-simples                  8  Kong of 2 to 8, exposed                           babcock-standard-score-sheet
concealed-kong-simples               16  Kong of 2 to 8, concealed                         babcock-standard-score-sheet
exposed-kong-terminals-honours       16  Kong of ones, nines, winds or dragons, exposed    babcock-standard-score-sheet
concealed-kong-terminals-honours     32  Kong of ones, nines, winds or dragons, concealed  babcock-standard-score-sheet
scoring-pair                          2  Pair of dragons or of the player's own wind       babcock-standard-score-sheet
winning-tile-drawn                    2  Winning tile drawn                                babcock-standard-score-sheet
only-possible-place                   2  Filling the only possible place                   babcock-standard-score-sheet
no-score                             10  No score but Mah-Jongg                            babcock-no-score-hand
loose-tile-win                       10  Mah-Jongg on a loose tile after a kong            babcock-standard-score-sheet
no-runs                              10  No runs                                           babcock-standard-score-sheet
stealing-the-fourth                  10  Stealing the fourth to win                        babcock-standard-score-sheet
last-tile-drawn                      10  Mah-Jongg on the last tile drawn                  babcock-standard-score-sheet
"""

# The doubles: the total is doubled ``count`` times for each. The last seven rows are optional
# (chapter VII): a profile turns them on, and the five special bonuses then double instead of adding 10.
DOUBLES_TABLE = """
key                        count  name                                              ruling
dragon-set                     1  Set of dragons                                    babcock-standard-score-sheet
own-wind-set                   1  Set of the player's own wind                      babcock-standard-score-sheet
one-suit-with-honours          1  One suit with honours                             babcock-standard-score-sheet
one-suit                       3  One suit only                                     babcock-standard-score-sheet
all-honours                    3  All honours                                       babcock-standard-score-sheet
three-concealed-pungs          1  Three concealed pungs                             babcock-three-concealed-pungs
no-score-drawn                 1  No score but Mah-Jongg and the drawn tile         babcock-no-score-hand
no-score                       1  No score but Mah-Jongg                            babcock-optional-doubles
loose-tile-win                 1  Mah-Jongg on a loose tile after a kong            babcock-optional-doubles
no-runs                        1  No runs                                           babcock-optional-doubles
stealing-the-fourth            1  Stealing the fourth to win                        babcock-optional-doubles
last-tile-drawn                1  Mah-Jongg on the last tile drawn                  babcock-optional-doubles
"""

# The limit hands of chapter VII, each scored only when its option is agreed (see options.py).
# ``share`` is the part of the limit the hand scores: 1 the limit, 2 half of it.
LIMITS_TABLE = """
key                          share  name                                   ruling
four-wind-hand                   1  Four Wind Hand                         babcock-four-wind-hand
terminals-and-honours-hand       1  Only ones, nines and honours           babcock-terminals-and-honours-hand
nine-gates                       1  The Nine Gates                         babcock-nine-gates
four-kongs                       1  Four sets of four                      babcock-four-kongs
four-concealed-pungs             1  Four concealed pungs                   babcock-four-concealed-pungs
thirteen-orphans                 1  The Thirteen Orphans                   babcock-thirteen-orphans
seven-twins                      2  The Seven Twins                        babcock-seven-twins
"""

# The five special bonuses that the optional doubling turns into doubles (ch.VII, Optional Doubling Scores).
SPECIAL_BONUSES = ("no-score", "loose-tile-win", "no-runs", "stealing-the-fourth", "last-tile-drawn")


@dataclass(frozen=True, slots=True)
class Item:
    """One row of a table: ``value`` is points (score sheet), a count (doubles) or a share (limits)."""

    key: str
    value: int
    name: str
    ruling: str


def _rows(table: str) -> dict[str, Item]:
    """The rows of a table above, by key: columns are separated by two spaces or more."""
    lines = [line for line in table.strip().splitlines()[1:] if line.strip()]
    out = {}
    for line in lines:
        key, value, name, ruling = (cell.strip() for cell in line.split("  ") if cell.strip())
        out[key] = Item(key, int(value), name, ruling)
    return out


POINTS: dict[str, Item] = _rows(POINTS_TABLE)
DOUBLES: dict[str, Item] = _rows(DOUBLES_TABLE)
LIMITS: dict[str, Item] = _rows(LIMITS_TABLE)

# Every key an item of a Babcock score can have; ruling files list them under ``fans``.
KEYS = frozenset(POINTS) | frozenset(DOUBLES) | frozenset(LIMITS)


def rulings_of(table: dict[str, Item]) -> frozenset[str]:
    """The ruling ids the rows of ``table`` cite."""
    return frozenset(item.ruling for item in table.values())


def set_key(kind: str, concealed: bool, major: bool) -> str:
    """The score sheet key of a pung or kong (``kind`` ``"pung"`` or ``"kong"``).

    >>> set_key("kong", False, True), POINTS[set_key("kong", False, True)].value
    ('exposed-kong-terminals-honours', 16)
    """
    return f"{'concealed' if concealed else 'exposed'}-{kind}-{'terminals-honours' if major else 'simples'}"
