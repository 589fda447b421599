"""The MCR fan table (``fans.csv``) and the exclusion table (``exclusions.csv``), loaded and checked once.

``fans.csv`` holds one row per fan: the number, key, English name, points, Chinese name and
``also_cite``, the rulings (space-separated ids) cited on the fan whenever it scores, besides its
definition ``fan-<key>``: 1 Big Four Winds … 81 Flower Tiles in Green Book order, and 82, the
Chinese-practice Melded and Concealed Kong. ``exclusions.csv`` is the non-repetition principle as
data: "when fan A is scored, fan B is not", each row with the ruling that decided it and, for a
disputed ruling, the position that switches the row on. A mistake in either table (an unknown
fan, scope, condition or position) raises :class:`TableError` at import, with file and line.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .positions import UnknownPosition, check_position

if TYPE_CHECKING:
    from .view import HandFacts

HERE = Path(__file__).parent
SCOPES = ("all", "sets", "one")


def _three_concealed_kongs(facts: HandFacts) -> bool:
    return facts.n_concealed_kongs >= 3


# Named conditions an exclusion row may require in ``when`` (besides another fan's number).
CONDITIONS: dict[str, Callable[[HandFacts], bool]] = {"concealed-kongs>=3": _three_concealed_kongs}


class TableError(ValueError):
    """A row of ``fans.csv`` or ``exclusions.csv`` that the scorer cannot use, at ``file:line``."""


class TakesPositions(Protocol):
    def takes(self, ruling: str, position: str) -> bool: ...


@dataclass(frozen=True, slots=True)
class FanInfo:
    number: int
    key: str
    name: str
    points: int
    name_zh: str
    also_cite: tuple[str, ...] = ()

    @property
    def ruling(self) -> str:
        """The id of the ruling that defines this fan."""
        return f"fan-{self.key}"

    @property
    def rulings(self) -> tuple[str, ...]:
        """The rulings cited on this fan whenever it scores: its definition, then ``also_cite``."""
        return tuple(dict.fromkeys((self.ruling, *self.also_cite)))


@dataclass(frozen=True, slots=True)
class ExclusionRule:
    """Fan ``fan`` excludes fan ``excludes``.

    ``scope``: ``all`` every instance; ``sets`` only instances built from the excluding
    fan's own sets; ``one`` a single instance. ``when``: another fan number that must also
    be scored, or a named condition (:data:`CONDITIONS`), or empty. ``position``: a position
    on the disputed ruling ``ruling`` when the row applies only under it, or empty.
    """

    fan: int
    excludes: int
    scope: str
    when: str
    ruling: str
    position: str

    def in_force(self, profile: TakesPositions) -> bool:
        """Does the row apply under ``profile``?"""
        return not self.position or profile.takes(self.ruling, self.position)

    @property
    def qualified_position(self) -> str:
        """``ruling=position`` for a disputed row (the knowledge base stores it so), else empty."""
        return f"{self.ruling}={self.position}" if self.position else ""


def _rows(name: str, columns: tuple[str, ...]) -> Iterator[tuple[str, dict[str, str]]]:
    """Each row of ``name`` with its ``file:line``; the header must be ``columns``."""
    path = HERE / name
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != columns:
            raise TableError(f"{path}:1: expected the columns {','.join(columns)}")
        for row in reader:
            yield f"{path}:{reader.line_num}", row


def _number(text: str, where: str, what: str) -> int:
    if not text.isdigit():
        raise TableError(f"{where}: {what}: expected a whole number, not {text!r}")
    return int(text)


def _load_fans() -> dict[int, FanInfo]:
    fans: dict[int, FanInfo] = {}
    keys: set[str] = set()
    for where, r in _rows("fans.csv", ("fan", "key", "name", "points", "name_zh", "also_cite")):
        info = FanInfo(
            _number(r["fan"], where, "fan"),
            r["key"],
            r["name"],
            _number(r["points"], where, "points"),
            r["name_zh"],
            tuple(r["also_cite"].split()),
        )
        if info.number in fans or info.key in keys or not (info.key and info.name and info.name_zh):
            raise TableError(f"{where}: fan {info.number} {info.key!r}: repeated, or a key or name missing")
        fans[info.number] = info
        keys.add(info.key)
    return fans


def _load_exclusions(fans: dict[int, FanInfo]) -> tuple[ExclusionRule, ...]:
    rules = []
    for where, r in _rows("exclusions.csv", ("fan", "excludes", "scope", "when", "ruling", "position")):
        rule = ExclusionRule(
            _number(r["fan"], where, "fan"),
            _number(r["excludes"], where, "excludes"),
            r["scope"],
            r["when"],
            r["ruling"],
            r["position"],
        )
        for what, number in (("fan", rule.fan), ("excludes", rule.excludes)):
            if number not in fans:
                raise TableError(f"{where}: {what}: no fan {number} in fans.csv")
        if rule.scope not in SCOPES:
            raise TableError(f"{where}: scope: {rule.scope!r} is not one of {', '.join(SCOPES)}")
        if rule.when and not (rule.when.isdigit() and int(rule.when) in fans) and rule.when not in CONDITIONS:
            raise TableError(f"{where}: when: {rule.when!r} is neither a fan number nor one of {', '.join(CONDITIONS)}")
        if not rule.ruling:
            raise TableError(f"{where}: ruling: every row names the ruling that decided it")
        if rule.position:
            try:
                check_position(rule.ruling, rule.position)
            except UnknownPosition as e:
                raise TableError(f"{where}: position: {e}") from None
        rules.append(rule)
    return tuple(rules)


FANS: dict[int, FanInfo] = _load_fans()
N_FANS = max(FANS) + 1  # tables indexed by fan number have this many entries (0 unused)
FANS_BY_KEY: dict[str, FanInfo] = {f.key: f for f in FANS.values()}
EXCLUSIONS: tuple[ExclusionRule, ...] = _load_exclusions(FANS)
