"""The score page's checks of its input and its naming of the result, shared by the server's page
(:mod:`web.score`) and the offline page that runs in the browser (:mod:`web.export.in_browser`, on Pyodide):
so both answer a hand with the same data and the same one-line errors. Only the scorer, :mod:`kb.i18n` and the
standard library: no Datasette (the export ships this module to the browser as it is)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from kb.i18n import babcock_name, fan_name
from scorer.errors import MjrefError
from scorer.notation import MAX_LENGTH as MAX_HAND
from scorer.profiles import load_profile

T = TypeVar("T")
MAX_COMPARE = 200  # characters of ``compare``, as the score page's


def shown(text: str) -> str:
    """``text`` quoted for an error message, cut at 40 characters.

    >>> shown("green-book"), shown("x" * 41)[-2:]
    ("'green-book'", "…'")
    """
    return repr(text if len(text) <= 40 else text[:40] + "…")


def checked(hand: str, profile: str, choices: Mapping[str, T]) -> T:
    """``choices[profile]``, once the hand is something to score and the profile one of ``choices``; else a
    :class:`MjrefError` in the page's words."""
    if not hand.strip():
        raise MjrefError("no hand: give one as ?hand=… in mjref's notation")
    if len(hand) > MAX_HAND:
        raise MjrefError("hand too long: %(length)s characters (at most %(most)s)", length=len(hand), most=MAX_HAND)
    if profile not in choices:
        message = "unknown profile %(profile)s: use one of %(profiles)s"
        raise MjrefError(message, profile=shown(profile), profiles=", ".join(choices))
    return choices[profile]


def named(data: dict[str, Any], lang: str) -> dict[str, Any]:
    """A score's JSON (or a comparison's) with its fans named in ``lang``: an MCR fan by the fan table's Chinese
    name in Chinese (:func:`kb.i18n.fan_name`), a Babcock item by its Chinese name, in the same ``name`` fields
    as in English."""
    if lang == "en":
        return data
    readings = [data, *data.get("alternatives", [])]
    if data.get("ruleset") == "babcock":  # the items of the score sheet, the doubles and the limit hands
        for item in (*data.get("fans", []), *data.get("excluded", []), *data.get("doubles", [])):
            item["name"] = babcock_name(item["key"], item["name"], lang)
        return data
    for fan in [f for r in readings for f in (*r.get("fans", []), *r.get("excluded", []))]:
        fan["name"] = fan_name(fan["fan"], fan["name"], lang)
    for d in data.get("differences", []):
        d["name"] = fan_name(d["fan"], d["name"], lang)
    return data


def compare_names(spec: str, choices: dict[str, str]) -> list[str]:
    """The profiles ``spec`` lists (comma-separated names the site offers, or ``all``: every MCR one), at least
    two; a :class:`MjrefError` in the page's words otherwise."""
    if len(spec) > MAX_COMPARE:
        message = "compare: too long (%(length)s characters, at most %(most)s)"
        raise MjrefError(message, length=len(spec), most=MAX_COMPARE)
    names: list[str] = []
    for item in (p.strip() for p in spec.split(",")):
        if item == "all":
            names += [n for n, ref in choices.items() if load_profile(ref).ruleset == "mcr"]
        elif item in choices:
            names.append(item)
        elif item:
            message = "compare: unknown profile %(profile)s: use one of %(profiles)s, or all"
            raise MjrefError(message, profile=shown(item), profiles=", ".join(choices))
    names = list(dict.fromkeys(names))
    if len(names) < 2:
        raise MjrefError("compare: name at least two profiles, separated by commas (or all)")
    return names


def grid_refs(hand: str, profile: str, spec: str, choices: dict[str, str]) -> dict[str, str]:
    """The profiles to lay the grid out under, by the site's name: ``profile``, or those ``spec`` compares."""
    ref = checked(hand, profile, choices)
    if load_profile(ref).ruleset != "mcr":
        raise MjrefError("the wait list is worked out for the MCR rule set, not %(ruleset)s", ruleset="'babcock'")
    if not spec.strip():
        return {profile: ref}
    return {n: choices[n] for n in compare_names(spec, choices)}
