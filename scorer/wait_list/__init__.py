"""The wait list (听牌): every tile that completes a hand of 13, and what a win on each would score.

``scorer.waits(text, profile=None, ruleset="mcr")`` returns a :class:`Waits` (``to_dict()`` for plain data);
with ``profiles=[...]`` the grids under each profile side by side, a :class:`WaitsComparison`. A page calls it
once and reads the results (:mod:`web.waits`; ``to_dict()`` only for its JSON). Modules: :mod:`.reading` (the hand
of 13), :mod:`.grid` (the grids, each win scored once for every profile), :mod:`.compare` (several profiles).

>>> w = waits("1113333m456p789p")
>>> [(row["tile"], row["discard"]["total"], row["discard"]["false_win"]) for row in w.to_dict()["waits"]]
[('2m', 8, False)]
>>> [e["tile"] for e in w.to_dict()["exhausted"]]
['3m']
>>> waits("1113333m456p789p", profiles=["green-book", "chinese-practice"]).to_dict()["differences"][0]["totals"]
{'green-book': 8, 'chinese-practice': 7}
"""

from __future__ import annotations

from ..errors import MjrefError, ProfileError
from ..profiles import DEFAULT, Profile, builtin_names, mcr_profile
from .compare import FanDifference, WaitsComparison, WinDifference, compare_grids
from .grid import Waits, WaitTile, wait_grids
from .reading import WaitingHand, read_waiting

MAX_PROFILES = 12  # profiles compared at once


def waits(
    text: object, profile: object = None, ruleset: object = "mcr", *, profiles: object = None
) -> Waits | WaitsComparison:
    """The wait list of the 13 tiles ``text`` under ``profile`` (built-in name or YAML path; default
    green-book), or under each of ``profiles`` side by side. Raises a :class:`~scorer.errors.MjrefError` on bad
    input of any kind or type: a complete hand (14 tiles), a wrong count, a fifth copy, a declared set that
    cannot be, a win-method digit set, a profile unknown or of another rule set."""
    if not isinstance(ruleset, str) or ruleset != "mcr":
        raise MjrefError(
            "the wait list is worked out for the MCR rule set, not %(ruleset)s", code="ruleset", ruleset=repr(ruleset)
        )
    hand = read_waiting(text)
    if profiles is None:
        return wait_grids(hand, [_profile_ref(DEFAULT if profile is None else profile)])[0]
    if profile is not None:
        raise MjrefError("give either profile or profiles, not both", code="profile")
    if not isinstance(profiles, list | tuple):
        raise ProfileError(
            "profiles: expected a list of profile names or paths, not %(type)s", type=type(profiles).__name__
        )
    if not 1 <= len(profiles) <= MAX_PROFILES:
        raise ProfileError("profiles: expected 1 to %(most)s profiles, not %(n)s", most=MAX_PROFILES, n=len(profiles))
    refs = [_profile_ref(p) for p in profiles]
    loaded: dict[str, Profile] = {}
    for ref in refs:
        found = mcr_profile(ref)
        if found.name in loaded:
            raise ProfileError("profiles: %(profile)s is named twice", profile=found.name)
        loaded[found.name] = found
    return compare_grids({g.profile: g for g in wait_grids(hand, refs)}, loaded)


def _profile_ref(profile: object) -> str:
    """``profile`` checked to be a name or path of an MCR profile (loaded, so a bad one fails before scoring)."""
    if not isinstance(profile, str):
        raise ProfileError("profile: expected a profile name or a path, not %(type)s", type=type(profile).__name__)
    mcr_profile(profile)
    return profile


def mcr_builtins() -> list[str]:
    """The built-in MCR profiles, the default first (``--compare all``)."""
    names = [n for n in builtin_names() if mcr_profile_or_none(n) is not None]
    return sorted(names, key=lambda n: n != DEFAULT)


def mcr_profile_or_none(ref: str) -> str | None:
    try:
        return mcr_profile(ref).name
    except MjrefError:
        return None


__all__ = [
    "FanDifference",
    "WaitTile",
    "WaitingHand",
    "Waits",
    "WaitsComparison",
    "WinDifference",
    "mcr_builtins",
    "read_waiting",
    "waits",
]
