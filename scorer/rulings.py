"""Every ruling id the scorer can cite, in one place, so the knowledge base can check each exists."""

from __future__ import annotations

from .babcock.options import OPTIONS
from .babcock.score import SETTLEMENT
from .babcock.sheet import DOUBLES, LIMITS, POINTS, SHEET, rulings_of
from .mcr.exclude import FOUR_CHOWS, THREE_CHOW_FANS
from .mcr.penalties import FOULS
from .mcr.positions import DISPUTED
from .mcr.score import PUNG_COMPLETED_BY_DISCARD, WHOLE_HAND_TIED
from .mcr.table import EXCLUSIONS, FANS
from .wait_list.grid import EXHAUSTED, FALSE_WIN

PRINCIPLES = frozenset(
    {
        "principle-non-repetition",
        "principle-non-separation",
        "principle-non-identical",
        "principle-higher-score",
        "principle-account-once",
    }
)

# Rulings the scorer's code cites by name: the account-once search, the hand as a whole, equal readings,
# and a pung the winning discard completed.
CITED_IN_CODE = frozenset({THREE_CHOW_FANS, FOUR_CHOWS, *WHOLE_HAND_TIED, *PUNG_COMPLETED_BY_DISCARD})

# The wait list (scorer.waits): a win below the minimum, a tile the hand holds all four of.
WAIT_LIST_RULINGS = frozenset({*FALSE_WIN, *EXHAUSTED})

# Each fan's definition and the rulings its row of fans.csv also cites.
FAN_RULINGS = frozenset(r for f in FANS.values() for r in f.rulings)

# Babcock: every table row's ruling, each optional score, the score sheet and the settlement.
BABCOCK_RULING_IDS = (
    rulings_of(POINTS)
    | rulings_of(DOUBLES)
    | rulings_of(LIMITS)
    | frozenset(OPTIONS)
    | frozenset({SHEET, SETTLEMENT, "babcock-no-score-hand"})
)

# The fouls a penalty table may price (scorer.mcr.penalties), each cited with penalty-amounts.
FOUL_RULINGS = frozenset(FOULS)

RULING_IDS: frozenset[str] = (
    PRINCIPLES
    | FOUL_RULINGS
    | CITED_IN_CODE
    | WAIT_LIST_RULINGS
    | FAN_RULINGS
    | frozenset(DISPUTED)
    | frozenset(r.ruling for r in EXCLUSIONS)
    | BABCOCK_RULING_IDS
)
