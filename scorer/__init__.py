"""mjref's scorer: ``score(hand, profile="green-book", ruleset="mcr")`` returns a :class:`Score`.

``ruleset="babcock"`` scores by Babcock's classical rules (``scorer.babcock``), under the profile
``babcock`` unless another Babcock profile is given; the result is a :class:`BabcockScore`.

>>> score("[123m,1][EEE,2]456p789s5s5s|EW1000").total > 0
True
>>> score("[111p,1][WWW,2]13777m55s2m|EW1000", ruleset="babcock").total
72

``waits(hand, profile=None, ruleset="mcr", *, profiles=None)`` lists what a hand of 13 waits on and what a win on
each tile would score (:mod:`scorer.wait_list`).
"""

from __future__ import annotations

from . import entry
from .entry import RULESETS
from .errors import InvalidHand, MjrefError, NotationError, NotWinning, ProfileError
from .hand import Hand, Kind, Meld, Situation
from .notation import format_hand, parse
from .result import BabcockScore, Double, Excluded, FanScore, Score
from .validate import validate  # noqa: F401  (scorer.validate, the function, as before)
from .wait_list import Waits, WaitsComparison, waits


def score(
    hand: str | Hand,
    profile: str | None = None,
    ruleset: str = "mcr",
    *,
    prevalent: str | None = None,
    seat: str | None = None,
    self_drawn: bool | None = None,
    last_of_kind: bool | None = None,
    last_of_wall: bool | None = None,
    kong: bool | None = None,
    flowers: int | None = None,
) -> Score:
    """Score ``hand`` (notation string or :class:`Hand`) under ``profile`` (built-in name or YAML path;
    by default the rule set's own: ``green-book`` for ``mcr``, ``babcock`` for ``babcock``).

    Keyword arguments override the hand's situation (winds as ``"E"``, ``"S"``, ``"W"``, ``"N"``).
    A :class:`Hand` is held to the same checks as a parsed string. Raises a :class:`MjrefError`
    subclass on bad input of any kind or type, and for a profile of the other rule set.

    The work is :func:`scorer.entry.score`'s (compiled in a wheel, where a function keeps no docstring: this one
    is the documented name).
    """
    given = (  # compared by identity: an argument's own == is never asked
        prevalent is not None
        or seat is not None
        or self_drawn is not None
        or last_of_kind is not None
        or last_of_wall is not None
        or kong is not None
        or flowers is not None
    )
    overrides = (prevalent, seat, self_drawn, last_of_kind, last_of_wall, kong, flowers) if given else None
    return entry.score(hand, profile, ruleset, overrides)


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
    "Waits",
    "WaitsComparison",
    "format_hand",
    "parse",
    "score",
    "waits",
]
