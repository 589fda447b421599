"""The disputed MCR rulings that change a score, and the positions a profile may take.

Each ruling id names a Markdown ruling in ``rulings/`` that explains and cites every
position; the knowledge base checks the two lists agree. The first position listed is
the Green Book's.
"""

from __future__ import annotations

DISPUTED: dict[str, tuple[str, ...]] = {
    "seven-pairs-tile-hog": ("no-tile-hog", "tile-hog"),
    "nine-gates-terminal-pungs": ("none", "one-implied"),
    "kong-table": ("full", "reduced", "chinese"),
    "two-concealed-kongs": ("eight", "six"),
    "melded-and-concealed-kong": ("six", "five"),
    "self-drawn-concealed-special-hands": ("fully-concealed", "self-drawn-only"),
    "suit-fans-with-special-hands": ("combine", "exclude-half-flush"),
    "all-terminals-double-pung": ("combine", "exclude"),
    "reversible-tiles-one-voided-suit": ("exclude", "combine"),
    "four-pure-shifted-chows-exclusions": ("exclude-both", "english-text"),
    "knitted-straight-combinations": ("combine", "no-lesser-honors"),
    "knitted-straight-waits": ("count", "no-count"),
    "wait-only-one-winning-tile": ("standing", "formal"),
    "kong-on-last-tile": ("both", "robbing-only"),
    "principle-account-once": ("tree", "non-identical-only"),
}

# Positions that change a fan's value: (ruling, position) -> {fan number: points}.
POINTS: dict[tuple[str, str], dict[int, int]] = {
    ("two-concealed-kongs", "six"): {48: 6},
}

# Pairs (outer fan, inner fan) that may share sets under a position, despite non-repetition.
OVERLAPS: dict[tuple[str, str], frozenset[tuple[int, int]]] = {
    ("four-pure-shifted-chows-exclusions", "english-text"): frozenset({(16, 72)}),
}

# Positions that hold only together with another: (ruling, position) -> (ruling, position it needs, why).
REQUIRES: dict[tuple[str, str], tuple[str, str, str]] = {
    ("kong-table", "chinese"): (
        "melded-and-concealed-kong",
        "five",
        "the Chinese kong table scores one melded and one concealed kong only as the 5-point fan 82",
    ),
}
