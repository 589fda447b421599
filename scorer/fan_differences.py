"""The fans one hand scores differently under several profiles, and the disputed rulings that part them.

Shared by the profile comparison (``kb.audit.compare``, ``mjref compare``, the score page's side by side) and the
wait list under several profiles (``scorer.wait_list``): each compares :class:`~scorer.result.Score` objects of
the same tiles, one per profile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .mcr.positions import DISPUTED, POINTS
from .profiles import Profile
from .result import Excluded, FanScore, Score


@dataclass(frozen=True, slots=True)
class FanDifference:
    """One fan scored differently under the profiles: its points under each, the rulings that part them, and
    each profile's position on each of those rulings."""

    fan: int | str
    key: str
    name: str
    points: dict[str, int]
    rulings: tuple[str, ...]
    positions: dict[str, dict[str, str]] = field(default_factory=dict)  # ruling -> profile -> position

    def to_dict(self) -> dict[str, Any]:
        return {
            "fan": self.fan,
            "key": self.key,
            "name": self.name,
            "points": self.points,
            "rulings": list(self.rulings),
            "positions": self.positions,
        }


def fan_differences(scores: dict[str, Score], profiles: dict[str, Profile]) -> tuple[FanDifference, ...]:
    """Each fan whose points differ between ``scores`` (by profile name; ``profiles`` the same names, loaded), in
    fan order, citing the disputed rulings on which the profiles take different positions: only those that set
    the fan's value when it is scored as often under each; else those behind the fan, and any setting its value.
    A fan no disputed ruling parts cites its own rulings."""
    points: dict[int | str, dict[str, int]] = {}  # by fan scored anywhere: its points under each profile
    counts: dict[int | str, dict[str, int]] = {}
    for p, s in scores.items():
        for f in s.fans:
            by = points.setdefault(f.fan, {})
            by[p] = by.get(p, 0) + f.points
            n = counts.setdefault(f.fan, {})
            n[p] = n.get(p, 0) + f.count
    differences = []
    for fan in sorted(points, key=lambda fan: (str(type(fan)), fan)):
        these = {p: points[fan].get(p, 0) for p in scores}
        if len(set(these.values())) < 2:
            continue
        key, name, rulings = _entries(fan, scores)
        by_value = _point_rulings(fan, profiles)
        if by_value and len({counts[fan].get(p, 0) for p in scores}) == 1:
            disputed = by_value  # scored as often under each profile: only the fan's value differs
        else:
            disputed = [r for r in rulings if r in DISPUTED and _parted(r, profiles)]
            disputed += [r for r in by_value if r not in disputed]
        cited = tuple(disputed or rulings)
        positions = {r: {p: profiles[p].position(r) for p in scores} for r in disputed}
        differences.append(FanDifference(fan, key, name, these, cited, positions))
    return tuple(differences)


def _entries(fan: int | str, scores: dict[str, Score]) -> tuple[str, str, list[str]]:
    """A fan's key and name as the first score that scores or excludes it gives them, and the rulings every
    score cites for it (scored or excluded), each once, in order."""
    entries: list[FanScore | Excluded] = []
    for s in scores.values():
        entries += [f for f in s.fans if f.fan == fan]
        entries += [e for e in s.excluded if e.fan == fan]
    rulings = list(dict.fromkeys(r for e in entries for r in e.rulings))
    return entries[0].key, entries[0].name, rulings


def _parted(ruling: str, profiles: dict[str, Profile]) -> bool:
    """Whether the profiles take more than one position on ``ruling``."""
    return len({p.position(ruling) for p in profiles.values()}) > 1


def _point_rulings(fan: int | str, profiles: dict[str, Profile]) -> list[str]:
    """Disputed rulings whose positions change this fan's value (e.g. Two Concealed Kongs 8 or 6)."""
    return list(dict.fromkeys(r for (r, _), values in POINTS.items() if fan in values and _parted(r, profiles)))
