"""The scorer's entry point, :func:`score` (re-exported as ``scorer.score``).

Compiled with mypyc in a wheel (``setup.py``): every score starts here, so the common case (a hand string under
an MCR profile, no situation keywords) runs from reading to result without a frame of interpreted Python. What
the compiler needs: every parameter typed ``object`` and narrowed with ``isinstance`` here, so that a caller's
argument of any type is answered with the :class:`~scorer.errors.MjrefError` the scorer promises, never the
``TypeError`` a compiled function raises for an argument of the wrong declared type.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from .arrange import arrangements
from .babcock.score import score_hand as score_babcock
from .caches import new_cache, remember
from .canonical import read_common_text
from .consistency import validate_checked, validate_fields
from .errors import MjrefError, ProfileError
from .hand import Hand
from .mcr.score import score_hand
from .mcr.view import HandFacts
from .notation import MAX_LENGTH, parse_text, read_carefully
from .profiles import DEFAULT, DEFAULTS, PROFILES_KEPT, Profile, babcock_profile, mcr_profile
from .result import Score
from .tiles import WIND_LETTERS, WINDS
from .validate import checked, flowers_problem

RULESETS: Final = ("mcr", "babcock")
# score()'s situation keywords, in order: prevalent, seat, self_drawn, last_of_kind, last_of_wall, kong, flowers
Overrides = tuple[object, object, object, object, object, object, object]


def score(hand: object, profile: object, ruleset: object, overrides: Overrides | None) -> Score:
    """:func:`scorer.score`, which documents it (a compiled function keeps no docstring); ``overrides``: its
    situation keywords, None when none is given."""
    if profile is not None and not isinstance(profile, str):
        raise ProfileError("profile: expected a profile name or a path, not %(type)s", type=type(profile).__name__)
    if not isinstance(ruleset, str) or ruleset != "mcr":
        if ruleset == "babcock":
            rules = babcock_profile(DEFAULTS["babcock"] if profile is None else profile)
            h = _situated(hand, overrides)
            if h.situation.flowers:
                raise MjrefError("Babcock's game is scored without flowers: remove the +N", code="flowers")
            return score_babcock(h, rules)
        message = "unknown rule set %(ruleset)s: supported are %(rulesets)s"
        raise MjrefError(message, code="ruleset", ruleset=repr(ruleset), rulesets=", ".join(RULESETS))
    if overrides is None:
        h, text, facts = _read(hand)
        return score_hand(h, _mcr_profile(DEFAULT if profile is None else profile), text, facts)
    return score_hand(_situated(hand, overrides), _mcr_profile(DEFAULT if profile is None else profile))


def score_under(hand: str, profiles: list[str]) -> list[Score]:
    """The MCR scores of the hand text ``hand`` under each of ``profiles`` (names or paths), in order: what
    ``score(hand, p, "mcr", None)`` gives for each, the hand read, checked and arranged once for all of them (the
    wait list scores every win it tries under every profile it compares). Internal, so typed: its one caller passes
    the text it built and the profiles :func:`scorer.waits` checked (compiled, another type is a TypeError)."""
    h, text, facts = _read(hand)
    arranged = arrangements(h, facts.concealed_counts, facts.declared)
    return [score_hand(h, _mcr_profile(p), text, facts, arranged) for p in profiles]


def _read(hand: object) -> tuple[Hand, str | None, HandFacts]:
    """A hand given as text (read, and its canonical text when the common reader reads it) or as a
    :class:`Hand` (checked), with its facts, which the checks and the scorer both read, made once; validated."""
    read: tuple[Hand, str | None] | None = None
    if not isinstance(hand, str):
        read = (checked(hand), None)
    elif len(hand) <= MAX_LENGTH:
        read = read_common_text(hand)
        if read is None:  # the careful reader, which says what is wrong (or reads what the common case does not)
            read = (read_carefully(hand), None)
    else:
        read = parse_text(hand)
    h, text = read
    facts = HandFacts(h)
    validate_fields(facts, facts.counts, facts.top)
    return h, text, facts


_profiles: Final[dict[str, Profile]] = new_cache()


def _mcr_profile(ref: str) -> Profile:
    """:func:`scorer.profiles.mcr_profile` (which keeps what it loads), from a dict compiled code reads without a
    functools call."""
    found = _profiles.get(ref)
    if found is None:
        found = mcr_profile(ref)
        remember(_profiles, ref, found, PROFILES_KEPT)
    return found


def _situated(hand: object, overrides: Overrides | None) -> Hand:
    """The hand, parsed or checked, with the situation ``overrides`` (if any) applied, validated."""
    h = parse_text(hand)[0] if isinstance(hand, str) else checked(hand)
    if overrides is None:
        validate_checked(h)
        return h
    prevalent, seat, self_drawn, last_of_kind, last_of_wall, kong, flowers = overrides
    changes: dict[str, object] = {}
    for field, wind in (("prevalent", prevalent), ("seat", seat)):
        if wind is not None:
            if not isinstance(wind, str) or len(wind) != 1 or wind not in WIND_LETTERS:
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
