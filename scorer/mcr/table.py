"""The MCR fan table (``fans.csv``) and the exclusion table (``exclusions.csv``), loaded once.

``fans.csv`` holds the number, key, English and Chinese name and points of each fan: 1 Big
Four Winds … 81 Flower Tiles in Green Book order, and 82, the Chinese-practice
Melded and Concealed Kong. ``exclusions.csv`` is the non-repetition principle as data:
"when fan A is scored, fan B is not", each row with the ruling that decided it.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent


@dataclass(frozen=True, slots=True)
class FanInfo:
    number: int
    key: str
    name: str
    points: int
    name_zh: str

    @property
    def ruling(self) -> str:
        """The id of the ruling that defines this fan."""
        return f"fan-{self.key}"


@dataclass(frozen=True, slots=True)
class ExclusionRule:
    """Fan ``fan`` excludes fan ``excludes``.

    ``scope``: ``all`` every instance; ``sets`` only instances built from the excluding
    fan's own sets; ``one`` a single instance. ``when``: another fan number that must also
    be scored, or a named condition (see ``scorer.mcr.exclude.CONDITIONS``), or empty.
    ``position``: ``ruling-id=position`` when the row applies only under that position.
    """

    fan: int
    excludes: int
    scope: str
    when: str
    ruling: str
    position: str

    @property
    def condition(self) -> tuple[str, str] | None:
        if not self.position:
            return None
        ruling, _, position = self.position.partition("=")
        return ruling, position


def _load_fans() -> dict[int, FanInfo]:
    with open(HERE / "fans.csv", encoding="utf-8", newline="") as f:
        return {
            int(r["fan"]): FanInfo(int(r["fan"]), r["key"], r["name"], int(r["points"]), r["name_zh"])
            for r in csv.DictReader(f)
        }


def _load_exclusions() -> tuple[ExclusionRule, ...]:
    rules = []
    with open(HERE / "exclusions.csv", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            rules.append(
                ExclusionRule(int(r["fan"]), int(r["excludes"]), r["scope"], r["when"], r["ruling"], r["position"])
            )
    return tuple(rules)


FANS: dict[int, FanInfo] = _load_fans()
FANS_BY_KEY: dict[str, FanInfo] = {f.key: f for f in FANS.values()}
EXCLUSIONS: tuple[ExclusionRule, ...] = _load_exclusions()
