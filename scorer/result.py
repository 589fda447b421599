"""What scoring returns: the fans awarded and excluded, each with its rulings."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class FanScore:
    """One fan awarded: ``points`` is value × count, ``sets`` the sets it used."""

    fan: int | str
    key: str
    name: str
    points: int
    count: int
    sets: tuple[str, ...]
    rulings: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "fan": self.fan,
            "key": self.key,
            "name": self.name,
            "points": self.points,
            "count": self.count,
            "sets": list(self.sets),
            "rulings": list(self.rulings),
        }


@dataclass(frozen=True, slots=True)
class Excluded:
    """One fan the hand has but may not score, the fans that excluded it, and why."""

    fan: int | str
    key: str
    name: str
    by: tuple[int | str, ...]
    rulings: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"fan": self.fan, "key": self.key, "name": self.name, "by": list(self.by), "rulings": list(self.rulings)}


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another reading of the hand with the same total: its ``fans`` and ``excluded`` as in :class:`Score`."""

    form: str
    fans: tuple[FanScore, ...]
    excluded: tuple[Excluded, ...]
    rulings: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "form": self.form,
            "fans": [f.to_dict() for f in self.fans],
            "excluded": [e.to_dict() for e in self.excluded],
            "rulings": list(self.rulings),
        }

    def __str__(self) -> str:
        return ", ".join(f"{f.name} {f.points}" for f in self.fans)


@dataclass(frozen=True, slots=True)
class Score:
    """The result of :func:`scorer.score`; ``to_json()`` gives the JSON of the design."""

    ruleset: str
    profile: str
    hand: str
    total: int
    flowers: int
    meets_minimum: bool
    fans: tuple[FanScore, ...]
    excluded: tuple[Excluded, ...]
    payments: dict[str, int] | None
    form: str = "regular"
    rulings: tuple[str, ...] = field(default=())  # rulings behind the hand as a whole (minimum, payments)
    alternatives: tuple[Alternative, ...] = ()  # the other readings of the same total, one per list of fans

    @property
    def ruling_ids(self) -> set[str]:
        """Every ruling id this score cites."""
        ids = set(self.rulings)
        for f in self.fans:
            ids.update(f.rulings)
        for e in self.excluded:
            ids.update(e.rulings)
        for a in self.alternatives:
            ids.update(a.rulings)
            for f in a.fans:
                ids.update(f.rulings)
            for e in a.excluded:
                ids.update(e.rulings)
        return ids

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "profile": self.profile,
            "hand": self.hand,
            "total": self.total,
            "flowers": self.flowers,
            "meets_minimum": self.meets_minimum,
            "fans": [f.to_dict() for f in self.fans],
            "excluded": [e.to_dict() for e in self.excluded],
            "payments": self.payments,
            "alternatives": [a.to_dict() for a in self.alternatives],
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    def __str__(self) -> str:
        parts = ", ".join(f"{f.name} {f.points}" for f in self.fans)
        return f"{self.total} points: {parts}"


@dataclass(frozen=True, slots=True)
class Double:
    """One Babcock doubling: the total is doubled ``count`` times for it."""

    key: str
    name: str
    count: int
    sets: tuple[str, ...]
    rulings: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "count": self.count,
            "sets": list(self.sets),
            "rulings": list(self.rulings),
        }


@dataclass(frozen=True, slots=True)
class BabcockScore(Score):
    """A Babcock result: ``fans`` are the points added (``fan`` is their key), ``base`` their sum,
    ``doubles`` what doubles it, and ``limit`` whether the limit capped the doubled total."""

    base: int = 0
    doubles: tuple[Double, ...] = ()
    limit: bool = False

    @property
    def ruling_ids(self) -> set[str]:
        """Every ruling id this score cites, its doubles' included."""
        ids = set(self.rulings)
        for rulings in [f.rulings for f in self.fans] + [e.rulings for e in self.excluded]:
            ids.update(rulings)
        for d in self.doubles:
            ids.update(d.rulings)
        return ids

    def to_dict(self) -> dict[str, Any]:
        out = Score.to_dict(self)
        out["base"] = self.base
        out["doubles"] = [d.to_dict() for d in self.doubles]
        out["limit"] = self.limit
        return out
