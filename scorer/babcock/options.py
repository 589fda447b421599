"""The optional scores of Babcock's chapter VII, as the positions a Babcock profile takes.

A profile file (``rulings/profiles/babcock*.yaml``) names one position for each ruling below. The
first position is the Standard Score Sheet alone (the ``babcock`` profile); the others agree the
option before play, as chapter VII requires. Each ruling id names a Markdown ruling in
``rulings/babcock/`` that explains and cites the option.
"""

from __future__ import annotations

STANDARD = "standard"

OPTIONS: dict[str, tuple[str, ...]] = {
    "babcock-four-wind-hand": (STANDARD, "limit"),
    "babcock-terminals-and-honours-hand": (STANDARD, "limit"),
    "babcock-nine-gates": (STANDARD, "limit"),
    "babcock-four-kongs": (STANDARD, "limit"),
    "babcock-three-concealed-pungs": (STANDARD, "double"),
    "babcock-four-concealed-pungs": (STANDARD, "limit", "limit-if-drawn"),  # some tables: the last tile drawn
    "babcock-thirteen-orphans": (STANDARD, "limit"),
    "babcock-seven-twins": (STANDARD, "half-limit"),
    "babcock-optional-doubles": (STANDARD, "double"),  # the five 10-point special bonuses double instead
    "babcock-no-score-hand": (STANDARD, "double"),  # the drawn no-score hand doubles: 44 instead of 22
}

# Which option enables which limit hand (sheet.LIMITS key -> ruling above).
LIMIT_OPTION = {
    "four-wind-hand": "babcock-four-wind-hand",
    "terminals-and-honours-hand": "babcock-terminals-and-honours-hand",
    "nine-gates": "babcock-nine-gates",
    "four-kongs": "babcock-four-kongs",
    "four-concealed-pungs": "babcock-four-concealed-pungs",
    "thirteen-orphans": "babcock-thirteen-orphans",
    "seven-twins": "babcock-seven-twins",
}
