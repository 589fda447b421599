"""mjref's scorer: ``score(hand, profile="green-book", ruleset="mcr")`` returns a :class:`Score`.

``ruleset="babcock"`` scores by Babcock's classical rules (``scorer.babcock``), under the profile
``babcock`` unless another Babcock profile is given; the result is a :class:`BabcockScore`.

>>> score("[123m,1][EEE,2]456p789s5s5s|EW1000").total > 0
True
>>> score("[111p,1][WWW,2]13777m55s2m|EW1000", ruleset="babcock").total
72
"""

from __future__ import annotations

from .entry import RULESETS, score
from .errors import InvalidHand, MjrefError, NotationError, NotWinning, ProfileError
from .hand import Hand, Kind, Meld, Situation
from .notation import format_hand, parse
from .result import BabcockScore, Double, Excluded, FanScore, Score
from .validate import validate  # noqa: F401  (scorer.validate, the function, as before)

__all__ = [
    "BabcockScore",
    "Double",
    "Excluded",
    "FanScore",
    "Hand",
    "InvalidHand",
    "Kind",
    "Meld",
    "MjrefError",
    "NotWinning",
    "NotationError",
    "ProfileError",
    "Score",
    "RULESETS",
    "Situation",
    "format_hand",
    "parse",
    "score",
]
