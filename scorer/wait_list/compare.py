"""The wait list under several profiles side by side, and the rulings where they differ.

The winning tiles are the same under every profile (they are the hand's shape); what a win on each is worth
may differ. For each tile and way of winning whose totals differ, each fan whose points differ is named with the
disputed rulings behind it on which the profiles take different positions, and those positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..fan_differences import FanDifference, fan_differences
from ..profiles import Profile, mcr_profile
from ..result import Score
from ..tiles import name
from .grid import Waits, WaitTile

WAY_NAMES = ("discard", "self_drawn", "last_of_kind_discard", "last_of_kind_self_drawn")


@dataclass(frozen=True, slots=True)
class WinDifference:
    """A winning tile and a way of winning (``discard``, ``self_drawn``, ``last_of_kind_discard`` or
    ``last_of_kind_self_drawn``) whose totals differ between the profiles."""

    tile: str
    way: str
    totals: dict[str, int]
    meets_minimum: dict[str, bool]
    fans: tuple[FanDifference, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "way": self.way,
            "totals": self.totals,
            "meets_minimum": self.meets_minimum,
            "fans": [f.to_dict() for f in self.fans],
        }


@dataclass(frozen=True, slots=True)
class WaitsComparison:
    """The :class:`~scorer.wait_list.grid.Waits` of one hand under each profile, in the order given, and the
    wins whose totals differ."""

    grids: dict[str, Waits]
    differences: tuple[WinDifference, ...]

    @property
    def first(self) -> Waits:
        return next(iter(self.grids.values()))

    def to_dict(self) -> dict[str, Any]:
        first = self.first
        return {
            "ruleset": "mcr",
            "hand": first.hand,
            "shanten": first.shanten,
            "ready": first.ready,
            "profiles": list(self.grids),
            "grids": {p: g.to_dict() for p, g in self.grids.items()},
            "differences": [d.to_dict() for d in self.differences],
        }


def compare_grids(grids: dict[str, Waits], loaded: dict[str, Profile] | None = None) -> WaitsComparison:
    """Side by side: every win whose totals differ between ``grids`` (one per profile, of the same hand, by the
    profile's name); ``loaded`` the profiles by name, needed for one read from a file (a built-in is read here)."""
    profiles = {p: (loaded or {}).get(p) or mcr_profile(p) for p in grids}
    names = list(grids)
    rows = [g.waits for g in grids.values()]
    differences = []
    for k, first in enumerate(rows[0]):
        tiles = [row[k] for row in rows]
        for way in WAY_NAMES:
            found = [_way(t, way) for t in tiles]
            present = {p: s for p, s in zip(names, found, strict=True) if s is not None}
            # totals that differ, or a last-of-kind score kept under some profiles only (it changes the score there)
            if len({s.total for s in present.values()}) > 1 or 0 < len(present) < len(found):
                differences.append(
                    WinDifference(
                        name(first.tile),
                        way,
                        {p: s.total for p, s in present.items()},
                        {p: s.meets_minimum for p, s in present.items()},
                        fan_differences(present, profiles),
                    )
                )
    return WaitsComparison(grids, tuple(differences))


def _way(row: WaitTile, way: str) -> Score | None:
    if way == "discard":
        return row.discard
    if way == "self_drawn":
        return row.self_drawn
    if row.last_of_kind is None:
        return None
    return row.last_of_kind[0 if way == "last_of_kind_discard" else 1]
