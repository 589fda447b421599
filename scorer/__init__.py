"""mjref's scorer: ``score(hand, profile="green-book", ruleset="mcr")`` returns a :class:`Score`.

``ruleset="babcock"`` scores by Babcock's classical rules (``scorer.babcock``), under the profile
``babcock`` unless another Babcock profile is given; the result is a :class:`BabcockScore`.

>>> score("[123m,1][EEE,2]456p789s5s5s|EW1000").total > 0
True
>>> score("[111p,1][WWW,2]13777m55s2m|EW1000", ruleset="babcock").total
72
"""

from __future__ import annotations

from dataclasses import replace

from .babcock.score import score_hand as score_babcock
from .consistency import validate_checked
from .errors import InvalidHand, MjrefError, NotationError, NotWinning, ProfileError
from .hand import Hand, Kind, Meld, Situation
from .mcr.score import score_hand
from .notation import format_hand, parse
from .profiles import DEFAULT, DEFAULTS, babcock_profile, mcr_profile
from .result import BabcockScore, Double, Excluded, FanScore, Score
from .tiles import WIND_LETTERS, WINDS
from .validate import checked, flowers_problem, validate  # noqa: F401  (scorer.validate, the function, as before)

RULESETS = ("mcr", "babcock")
_NO_OVERRIDES = (None,) * 7  # score() called without situation keywords


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
    """
    if profile is not None and not isinstance(profile, str):
        raise ProfileError("profile: expected a profile name or a path, not %(type)s", type=type(profile).__name__)
    if ruleset != "mcr":
        if ruleset == "babcock":
            rules = babcock_profile(DEFAULTS["babcock"] if profile is None else profile)
            h = _situated(hand, prevalent, seat, self_drawn, last_of_kind, last_of_wall, kong, flowers)
            if h.situation.flowers:
                raise MjrefError("Babcock's game is scored without flowers: remove the +N", code="flowers")
            return score_babcock(h, rules)
        message = "unknown rule set %(ruleset)s: supported are %(rulesets)s"
        raise MjrefError(message, code="ruleset", ruleset=repr(ruleset), rulesets=", ".join(RULESETS))
    h = parse(hand) if isinstance(hand, str) else checked(hand)
    if (prevalent, seat, self_drawn, last_of_kind, last_of_wall, kong, flowers) == _NO_OVERRIDES:
        validate_checked(h)
        return score_hand(h, mcr_profile(DEFAULT if profile is None else profile))
    h = _situated(h, prevalent, seat, self_drawn, last_of_kind, last_of_wall, kong, flowers)
    return score_hand(h, mcr_profile(DEFAULT if profile is None else profile))


def _situated(
    hand: str | Hand,
    prevalent: str | None,
    seat: str | None,
    self_drawn: bool | None,
    last_of_kind: bool | None,
    last_of_wall: bool | None,
    kong: bool | None,
    flowers: int | None,
) -> Hand:
    """The hand, parsed or checked, with the situation overrides applied, validated."""
    h = parse(hand) if isinstance(hand, str) else checked(hand)
    changes: dict[str, object] = {}
    for field, wind in (("prevalent", prevalent), ("seat", seat)):
        if wind is not None:
            if not isinstance(wind, str) or wind not in WIND_LETTERS:
                message = "%(field)s wind %(wind)s: expected E, S, W or N"
                raise MjrefError(message, code="situation", field=field, wind=repr(wind))
            changes[field] = WINDS[WIND_LETTERS.index(wind)]
    for field, flag in (
        ("self_drawn", self_drawn),
        ("last_of_kind", last_of_kind),
        ("last_of_wall", last_of_wall),
        ("kong", kong),
    ):
        if flag is not None:
            if not isinstance(flag, bool):
                raise MjrefError(
                    "%(field)s: expected True or False, not %(type)s",
                    code="situation",
                    field=field,
                    type=type(flag).__name__,
                )
            changes[field] = flag
    if flowers is not None:
        if not isinstance(flowers, int) or isinstance(flowers, bool):
            raise MjrefError(
                "flowers: expected a whole number, not %(type)s", code="flowers", type=type(flowers).__name__
            )
        problem = flowers_problem(flowers)
        if problem:
            raise MjrefError(problem, code="flowers")
        changes["flowers"] = flowers
    if changes:
        h = replace(h, situation=replace(h.situation, **changes))  # type: ignore[arg-type]
    validate_checked(h)
    return h


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
    "Situation",
    "format_hand",
    "parse",
    "score",
]
