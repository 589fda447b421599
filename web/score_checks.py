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

T = TypeVar("T")


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
