"""Every ruling id the scorer can cite, in one place, so the knowledge base can check each exists."""

from __future__ import annotations

from .babcock.options import OPTIONS
from .babcock.score import SETTLEMENT
from .babcock.sheet import DOUBLES, LIMITS, POINTS, SHEET, rulings_of
from .mcr.positions import DISPUTED
from .mcr.table import EXCLUSIONS, FANS

PRINCIPLES = frozenset(
    {
        "principle-non-repetition",
        "principle-non-separation",
        "principle-non-identical",
        "principle-higher-score",
        "principle-account-once",
    }
)

OTHER = frozenset(
    {
        "account-once-three-chow-fans",
        "account-once-four-chows",
        "eight-point-minimum",
        "payments",
        "kong-means-any-kong",
        "one-wait-fan-only",
        "single-wait-pair-only",
        "concealed-hand-and-fully-concealed",
        "all-terminals-and-honours-pungs",
        "last-tile-draw-replacement",
        "replacement-tile-self-drawn",
        "repeated-fans",
        "equal-readings",
    }
)

FAN_RULINGS = frozenset(f.ruling for f in FANS.values())

# Babcock: every table row's ruling, each optional score, the score sheet and the settlement.
BABCOCK_RULING_IDS = (
    rulings_of(POINTS)
    | rulings_of(DOUBLES)
    | rulings_of(LIMITS)
    | frozenset(OPTIONS)
    | frozenset({SHEET, SETTLEMENT, "babcock-no-score-hand"})
)

RULING_IDS: frozenset[str] = (
    PRINCIPLES
    | OTHER
    | FAN_RULINGS
    | frozenset(DISPUTED)
    | frozenset(r.ruling for r in EXCLUSIONS)
    | BABCOCK_RULING_IDS
)
