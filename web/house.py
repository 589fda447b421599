"""The house profile: from the site's plugin configuration; the score page offers it and the built-ins."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from scorer.profiles import Profile, builtin_names, load_profile

from .serve import PLUGIN


@lru_cache(maxsize=8)
def _profiles(ref: str) -> tuple[Profile, dict[str, str]]:
    house = load_profile(ref)
    choices = {name: name for name in builtin_names()}
    choices[house.name] = ref
    return house, choices


def profiles(datasette: Any) -> tuple[Profile, dict[str, str]]:
    """The house profile, and every profile the site offers (name -> what :func:`scorer.score` takes)."""
    config = datasette.plugin_config(PLUGIN) or {}
    return _profiles(str(config.get("profile") or "green-book"))
