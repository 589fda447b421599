"""A house profile's own rulings and the exclusions it lifts or adds (the profile keys ``rulings`` and
``exclusions``; ``rulings/README.md``, "House rulings and exclusions", is the guide).

``rulings`` maps an id of the house's own to its ``title`` and ``answer``; ``exclusions`` has ``lift`` and
``add``, lists of ``{fan: F, within: W, ruling: R}``: under ``lift`` the exclusion table's rows by which fan
W excludes fan F no longer apply (Four Winds' "forced scoring": F is paid inside W), under ``add`` W
excludes every instance of F. R is one of the profile's own rulings, cited on every fan the change affects.
A file inherits what the profile it extends says and may change it; every mistake is a
:class:`~scorer.errors.ProfileError` at ``file:line``.

>>> from scorer.strict_yaml import parse
>>> doc = parse("rulings:\\n  our-forced: {title: Forced scoring, answer: All Pungs is paid.}\\n"
...             "exclusions:\\n  lift:\\n  - {fan: all-pungs, within: four-concealed-pungs, ruling: our-forced}\\n")
>>> house = HouseRules()
>>> house.read(doc.data, doc, "club.yaml")
>>> [(c.fan, c.within, c.ruling, c.lift) for c in house.changes()]
[(49, 12, 'our-forced', True)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from rulings import RULINGS_DIR

from .errors import ProfileError
from .mcr.table import EXCLUSIONS, FANS, FANS_BY_KEY
from .strict_yaml import Document

RULING_ID: Final = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
MAX_ID: Final = 80  # characters of a house ruling's id
MAX_TITLE: Final = 200  # characters of its title
MAX_ANSWER: Final = 1000  # characters of its answer
RULING_FIELDS: Final = ("title", "answer")
CHANGE_FIELDS: Final = ("fan", "within", "ruling")
KINDS: Final = ("lift", "add")
TABLE_PAIRS: Final = frozenset((rule.fan, rule.excludes) for rule in EXCLUSIONS)
ALWAYS: Final = frozenset((r.fan, r.excludes) for r in EXCLUSIONS if not r.position and not r.when and r.scope == "all")


@dataclass(frozen=True)
class HouseRuling:
    """A ruling of the house's own, named by a profile: its id, title and the answer read out."""

    id: str
    title: str
    answer: str


@dataclass(frozen=True)
class ExclusionChange:
    """An exclusion the house lifts (``lift``) or adds: fan ``within`` excludes fan ``fan`` (numbers), by
    the house ruling ``ruling``."""

    fan: int
    within: int
    ruling: str
    lift: bool

    @property
    def kind(self) -> str:
        return "lift" if self.lift else "add"


@dataclass
class HouseRules:
    """What the files of one profile's chain say, read from its base to the file named (:meth:`read`)."""

    rulings: dict[str, HouseRuling] = field(default_factory=dict)
    _changes: dict[tuple[int, int], tuple[ExclusionChange, str]] = field(default_factory=dict)

    def read(self, data: dict[str, Any], doc: Document, label: str) -> None:
        """Read one file's ``rulings`` and ``exclusions`` (a file read later overrides an earlier one's)."""
        self._read_rulings(data.get("rulings"), doc, label)
        self._read_exclusions(data.get("exclusions"), doc, label)

    def changes(self) -> tuple[ExclusionChange, ...]:
        """Every change in force, in the order the files give them; each names a ruling of :attr:`rulings`."""
        for change, where in self._changes.values():
            if change.ruling not in self.rulings:
                message = "exclusions: ruling: not one of the profile's own rulings (give it under rulings:)"
                raise ProfileError(message, where=where)
        return tuple(change for change, _ in self._changes.values())

    def _read_rulings(self, value: object, doc: Document, label: str) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise ProfileError(
                "rulings: expected a mapping of ruling id: {title, answer}, not %(value)s",
                where=f"{label}:{doc.line('rulings')}",
                value=_shown(value),
            )
        for ruling, entry in value.items():
            where = f"{label}:{doc.line('rulings', ruling)}"
            if not (RULING_ID.match(ruling) and len(ruling) <= MAX_ID):
                message = "rulings: an id is lowercase letters and digits joined by hyphens, at most %(most)s"
                raise ProfileError(message, where=where, most=MAX_ID)
            if _is_published(ruling):
                message = "rulings: %(ruling)s is a ruling of mjref's own: give the house's ruling another id"
                raise ProfileError(message, where=where, ruling=repr(ruling))
            if not isinstance(entry, dict) or sorted(entry) != sorted(RULING_FIELDS):
                message = "rulings: expected title and answer (and nothing else), not %(value)s"
                raise ProfileError(message, where=where, value=_shown(entry))
            for key, limit in (("title", MAX_TITLE), ("answer", MAX_ANSWER)):
                text = entry[key]
                if not (isinstance(text, str) and text.isprintable() and text.strip() and len(text) <= limit):
                    message = "rulings: %(key)s: expected text on one line, at most %(limit)s characters"
                    raise ProfileError(message, f"{label}:{doc.line('rulings', ruling, key)}", key=key, limit=limit)
            self.rulings[ruling] = HouseRuling(ruling, entry["title"], entry["answer"])

    def _read_exclusions(self, value: object, doc: Document, label: str) -> None:
        if value is None:
            return
        where = f"{label}:{doc.line('exclusions')}"
        if not isinstance(value, dict) or not value or set(value) - set(KINDS):
            message = "exclusions: expected a mapping with lift and/or add, each a list, not %(value)s"
            raise ProfileError(message, where=where, value=_shown(value))
        seen: set[tuple[int, int]] = set()
        for kind in KINDS:
            items = value.get(kind)
            if kind not in value:
                continue
            if not isinstance(items, list):
                message = "exclusions: %(kind)s: expected a list of {fan, within, ruling}, not %(value)s"
                raise ProfileError(
                    message, where=f"{label}:{doc.line('exclusions', kind)}", kind=kind, value=_shown(items)
                )
            for i, item in enumerate(items):
                at = f"{label}:{doc.line('exclusions', kind, i)}"
                change = _change(item, kind, at)
                pair = (change.within, change.fan)
                earlier = self._changes.get(pair)
                if not change.lift and pair in ALWAYS and not (earlier and earlier[0].lift):  # restoring a lift is fine
                    message = "exclusions: add: %(within)s already excludes %(fan)s under every profile"
                    raise ProfileError(message, where=at, within=FANS[pair[0]].key, fan=FANS[pair[1]].key)
                if pair in seen:
                    message = "exclusions: %(within)s and %(fan)s are named twice in this file"
                    raise ProfileError(message, where=at, within=FANS[pair[0]].key, fan=FANS[pair[1]].key)
                seen.add(pair)
                self._changes.pop(pair, None)  # a later file's word replaces an earlier one's, in its own place
                self._changes[pair] = (change, at)


def _change(item: object, kind: str, at: str) -> ExclusionChange:
    """One item of ``lift`` or ``add``, checked against the fan table and the exclusion table."""
    if not isinstance(item, dict) or sorted(item) != sorted(CHANGE_FIELDS):
        message = "exclusions: %(kind)s: expected {fan: KEY, within: KEY, ruling: ID}, not %(value)s"
        raise ProfileError(message, where=at, kind=kind, value=_shown(item))
    numbers = []
    for key in ("fan", "within"):
        fan = item[key]
        if not isinstance(fan, str) or fan not in FANS_BY_KEY:
            message = "exclusions: %(kind)s: %(key)s: unknown fan key (a key of the fan table, such as all-pungs)"
            raise ProfileError(message, where=at, kind=kind, key=key)
        numbers.append(FANS_BY_KEY[fan].number)
    fan, within = numbers
    if fan == within:
        raise ProfileError(
            "exclusions: %(kind)s: a fan does not exclude itself (%(fan)s)", at, kind=kind, fan=item["fan"]
        )
    ruling = item["ruling"]
    if not isinstance(ruling, str):
        raise ProfileError(
            "exclusions: %(kind)s: ruling: expected a ruling id, not %(value)s", at, kind=kind, value=_shown(ruling)
        )
    if kind == "lift" and (within, fan) not in TABLE_PAIRS:
        message = "exclusions: lift: the exclusion table has no row by which %(within)s excludes %(fan)s"
        raise ProfileError(message, where=at, within=item["within"], fan=item["fan"])
    return ExclusionChange(fan, within, ruling, kind == "lift")


def _is_published(ruling: str) -> bool:
    """Is ``ruling`` the id of one of mjref's own rulings (a file of the rulings folder)?"""
    return any((RULINGS_DIR / folder / f"{ruling}.md").is_file() for folder in ("mcr", "fans", "babcock"))


def _shown(value: object) -> str:
    """What kind of value ``value`` is, in mjref's words: never the value itself (a path may lead to any file)."""
    if isinstance(value, str):
        return "text"
    kinds = {bool: "true/false", int: "a number", list: "a list", dict: "a mapping", type(None): "no value"}
    return kinds.get(type(value), "another kind of value")
