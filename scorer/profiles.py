"""Profiles: a house's choice of one position on every disputed ruling.

A profile is a YAML file (built-ins in ``rulings/profiles/``) with ``name``, ``title``,
``extends`` (another profile, resolved once at load), ``positions`` (ruling id ->
position) and optional ``points`` (fan key -> points, for a house value). It is read with the
rulings' strict reader (:mod:`scorer.strict_yaml`: no anchors or aliases, at most 64 KiB of UTF-8),
and every field's type and range is checked; each mistake is a :class:`ProfileError` at ``file:line``.

``ruleset`` (``mcr`` unless a file of the chain says ``babcock``) decides which rulings
the positions answer: the disputed MCR rulings (``scorer.mcr.positions``) or Babcock's
optional scores (``scorer.babcock.options``). A house file that extends a profile inherits
its rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Final

from rulings import PROFILES_DIR

from .babcock.options import OPTIONS
from .errors import Message, ProfileError
from .house_rules import ExclusionChange, HouseRules, HouseRuling
from .mcr.positions import DISPUTED, OVERLAPS, POINTS, REQUIRES, check_position
from .mcr.table import FANS, FANS_BY_KEY
from .strict_yaml import Document, YamlError, read

PROFILE_DIR = PROFILES_DIR  # the built-in profiles, packaged with the rulings
DEFAULT = "green-book"
DEFAULTS = {"mcr": DEFAULT, "babcock": "babcock"}  # the profile of each rule set when none is given
MAX_POINTS = 88  # a house value for a fan: 0 (never scores) up to the Green Book's highest fan
MAX_CHAIN = 16  # profiles in one extends chain
PROFILES_KEPT: Final = 64  # profiles each cache keeps: the functools caches here and the scorer's (entry, exclude)
MAX_TEXT = {"name": 80, "title": 200, "extends": 400, "ruleset": 20}  # characters of each text field
FIELDS = ("name", "title", "ruleset", "extends", "positions", "points", "rulings", "exclusions")


@dataclass(frozen=True, eq=False)
class Profile:
    """A resolved profile: every disputed ruling has a position; points are final."""

    name: str
    title: str
    positions: dict[str, str]
    points: dict[int, int]
    overlaps: frozenset[tuple[int, int]]
    source: str
    ruleset: str = "mcr"
    house_rulings: tuple[HouseRuling, ...] = ()  # the house's own rulings (``rulings``)
    exclusion_changes: tuple[ExclusionChange, ...] = ()  # the exclusions it lifts or adds (``exclusions``)

    def position(self, ruling: str) -> str:
        return self.positions[ruling]

    def takes(self, ruling: str, position: str) -> bool:
        """Does the profile take ``position`` on ``ruling``? Raises
        :class:`~scorer.mcr.positions.UnknownPosition` for a ruling its rule set does not dispute, or a
        position that ruling does not offer.

        >>> from scorer.mcr.positions import KONG_TABLE, CHINESE
        >>> load_profile("chinese-practice").takes(KONG_TABLE, CHINESE)
        True
        """
        try:
            return self.answers[ruling, position]
        except KeyError:
            check_position(ruling, position, DISPUTED if self.ruleset == "mcr" else OPTIONS)
            raise  # a position the profile does not decide: not a profile load_profile resolved

    @cached_property
    def answers(self) -> dict[tuple[str, str], bool]:
        """For every position of every ruling the profile decides: does it take it?"""
        table = DISPUTED if self.ruleset == "mcr" else OPTIONS
        return {(r, p): taken == p for r, taken in self.positions.items() for p in table.get(r, (taken,))}


def builtin_names() -> list[str]:
    return sorted(p.stem for p in PROFILE_DIR.glob("*.yaml"))


def _read(path: Path, label: str) -> tuple[dict[str, Any], Document]:
    """One profile file, read strictly, its fields' types checked (names and values come later)."""
    try:
        doc = read(path, nulls=True)
    except OSError as e:
        raise ProfileError("cannot read profile %(label)s: %(problem)s", label=label, problem=e.strerror or e) from None
    except YamlError as e:
        raise ProfileError(e.message, where=f"{label}:{e.line}") from None
    data = doc.data
    if not isinstance(data, dict):
        raise ProfileError("a profile is a mapping with name, extends and positions", where=f"{label}:1")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise ProfileError("unknown field %(field)s", where=f"{label}:{doc.line(unknown[0])}", field=repr(unknown[0]))
    for key, limit in MAX_TEXT.items():
        value = data.get(key)
        if value is None and key != "ruleset":
            continue
        if key in data and not (isinstance(value, str) and value.isprintable() and 0 < len(value) <= limit):
            what = Message("a profile name or path") if key == "extends" else Message("text")
            message = "%(key)s: expected %(what)s on one line, at most %(limit)s characters, not %(value)s"
            where = f"{label}:{doc.line(key)}"
            raise ProfileError(message, where=where, key=key, what=what, limit=limit, value=_shown(value))
    for key, entry in (("positions", Message("ruling id: position")), ("points", Message("fan key: points"))):
        value = data.get(key)
        if value is not None and not isinstance(value, dict):
            message = "%(key)s: expected a mapping of %(what)s, one per line, not %(value)s"
            where = f"{label}:{doc.line(key)}"
            raise ProfileError(message, where=where, key=key, what=entry, value=_shown(value))
    return data, doc


def _shown(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:40]}{'…' if len(text) > 40 else ''}"


def _locate(ref: str, base: Path | None) -> tuple[Path, str]:
    if ref in builtin_names():
        return PROFILE_DIR / f"{ref}.yaml", ref
    try:
        path = Path(ref)
        if not path.is_absolute() and base is not None and not path.exists():
            path = base / path
        if path.suffix in (".yaml", ".yml") and path.is_file():
            return path, str(ref)
    except (OSError, ValueError):  # a name too long, a NUL byte: no such file
        pass
    message = "unknown profile %(profile)s: use one of %(profiles)s or a path to a .yaml file"
    raise ProfileError(message, profile=repr(ref), profiles=", ".join(builtin_names()))


@lru_cache(maxsize=PROFILES_KEPT)
def load_profile(ref: str = DEFAULT) -> Profile:
    """Load and resolve a profile by built-in name or file path.

    >>> load_profile("chinese-practice").position("two-concealed-kongs")
    'six'
    """
    if not isinstance(ref, str):
        raise ProfileError("profile: expected a profile name or a path, not %(type)s", type=type(ref).__name__)
    path, label = _locate(ref, None)
    chain: list[tuple[dict[str, Any], str, Document]] = []
    seen: set[Path] = set()
    while True:
        seen.add(path.resolve())
        data, doc = _read(path, label)
        chain.append((data, label, doc))
        parent = data.get("extends")
        if parent is None:
            break
        where = f"{label}:{doc.line('extends')}"
        path, parent_label = _locate(parent, path.parent)
        if path.resolve() in seen:
            message = "extends: %(parent)s leads back to a profile already in the chain (a loop)"
            raise ProfileError(message, where, parent=repr(parent))
        if len(chain) >= MAX_CHAIN:
            raise ProfileError("extends: more than %(most)s profiles in one chain", where, most=MAX_CHAIN)
        label = parent_label
    ruleset = _ruleset(chain)
    table = DISPUTED if ruleset == "mcr" else OPTIONS
    positions: dict[str, str] = {}
    set_at: dict[str, str] = {}  # where each position was taken, for the error message
    points: dict[int, int] = {}
    for data, label_of, doc in reversed(chain):
        for ruling, position in (data.get("positions") or {}).items():
            where = f"{label_of}:{doc.line('positions', ruling)}"
            set_at[ruling] = where
            if ruling not in table:
                problem = _not_a_position(ruling, ruleset)
                raise ProfileError(problem, where=where)
            if not isinstance(position, str) or position not in table[ruling]:
                choices = ", ".join(table[ruling])
                message = "positions: %(ruling)s: unknown position %(position)s (one of %(choices)s)"
                raise ProfileError(message, where, ruling=ruling, position=repr(position), choices=choices)
            positions[ruling] = position
        for key, value in (data.get("points") or {}).items():
            where = f"{label_of}:{doc.line('points', key)}"
            if ruleset != "mcr":
                raise ProfileError("points: a Babcock profile sets no fan points (its values are Babcock's)", where)
            if key not in FANS_BY_KEY:
                raise ProfileError("points: unknown fan key %(key)s", where=where, key=repr(key))
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_POINTS:
                message = "points: %(key)s: expected a whole number of points from 0 to %(most)s, not %(value)s"
                raise ProfileError(message, where=where, key=key, most=MAX_POINTS, value=_shown(value))
            points[FANS_BY_KEY[key].number] = value
    missing = [r for r in table if r not in positions]
    if missing:
        _, base_label, base_doc = chain[-1]
        where = f"{base_label}:{base_doc.line('positions')}"
        must = (
            Message("a profile must decide every disputed ruling")
            if ruleset == "mcr"
            else Message("a Babcock profile must decide every optional score")
        )
        raise ProfileError(
            "positions: no position for %(ruling)s (%(must)s)", where, ruling=repr(missing[0]), must=must
        )
    _check_required(positions, set_at)
    final = {n: f.points for n, f in FANS.items()}
    overlaps: set[tuple[int, int]] = set()
    for choice in positions.items():
        final.update(POINTS.get(choice, {}))
        overlaps |= OVERLAPS.get(choice, frozenset())
    final.update(points)
    top, top_label, _ = chain[0]
    name = str(top.get("name") or Path(top_label).stem)
    own, changes = _house_rules(chain, ruleset)
    if ruleset != "mcr":
        return Profile(name, str(top.get("title") or name), positions, {}, frozenset(), top_label, ruleset, own)
    title = str(top.get("title") or name)
    return Profile(name, title, positions, final, frozenset(overlaps), top_label, ruleset, own, changes)


def _house_rules(
    chain: list[tuple[dict[str, Any], str, Document]], ruleset: str
) -> tuple[tuple[HouseRuling, ...], tuple[ExclusionChange, ...]]:
    """The chain's own rulings and exclusion changes (:mod:`scorer.house_rules`), from its base up."""
    house = HouseRules()
    for data, label, doc in reversed(chain):
        if ruleset != "mcr" and "exclusions" in data:
            where = f"{label}:{doc.line('exclusions')}"
            raise ProfileError("exclusions: a Babcock profile has no exclusion table to change", where)
        house.read(data, doc, label)
    return tuple(house.rulings.values()), house.changes()


def _check_required(positions: dict[str, str], set_at: dict[str, str]) -> None:
    """Refuse a position taken without the one it needs (``REQUIRES``), at the line that took it."""
    for (ruling, position), (needed, required, why) in REQUIRES.items():
        if positions.get(ruling) == position and positions.get(needed) != required:
            message = "positions: %(ruling)s: %(position)s needs %(needed)s: %(required)s, not %(taken)s (%(why)s)"
            params = {"ruling": ruling, "position": position, "needed": needed, "required": required, "why": why}
            raise ProfileError(message, where=set_at[ruling], taken=positions.get(needed), **params)


def _ruleset(chain: list[tuple[dict[str, Any], str, Document]]) -> str:
    """The chain's rule set: ``mcr`` unless its base says otherwise; a file may repeat it, not change it."""
    ruleset = "mcr"
    for i, (data, label, doc) in enumerate(reversed(chain)):
        if "ruleset" not in data:
            continue
        where = f"{label}:{doc.line('ruleset')}"
        value = data["ruleset"]
        if not isinstance(value, str) or value not in DEFAULTS:
            message = "ruleset: unknown rule set %(value)s (one of %(rulesets)s)"
            raise ProfileError(message, where, value=repr(value), rulesets=", ".join(DEFAULTS))
        if i and value != ruleset:
            message = "ruleset: %(value)s, but the profile it extends is a %(ruleset)s profile"
            raise ProfileError(message, where, value=repr(value), ruleset=ruleset)
        ruleset = value
    return ruleset


def _not_a_position(ruling: str, ruleset: str) -> Message:
    if ruleset == "mcr":
        if ruling in OPTIONS:
            return Message(
                "positions: %(ruling)s is not a disputed ruling that changes a score (it is a Babcock option: "
                "a Babcock profile extends babcock)",
                ruling=repr(ruling),
            )
        return Message("positions: %(ruling)s is not a disputed ruling that changes a score", ruling=repr(ruling))
    options = ", ".join(OPTIONS)
    if ruling in DISPUTED:
        return Message(
            "positions: %(ruling)s is not one of Babcock's optional scores (%(options)s) (it is an MCR ruling: "
            "an MCR profile extends green-book)",
            ruling=repr(ruling),
            options=options,
        )
    message = "positions: %(ruling)s is not one of Babcock's optional scores (%(options)s)"
    return Message(message, ruling=repr(ruling), options=options)


def _for_ruleset(ref: str, ruleset: str) -> Profile:
    profile = load_profile(ref)
    if profile.ruleset != ruleset:
        if ruleset == "mcr":
            message = "profile %(profile)s is a Babcock profile: score with rule set babcock (--ruleset babcock)"
            raise ProfileError(message, profile=repr(ref))
        raise ProfileError(
            "profile %(profile)s is an MCR profile, not a Babcock one: use babcock, babcock-optional "
            "or a file that extends one of them",
            profile=repr(ref),
        )
    return profile


@lru_cache(maxsize=PROFILES_KEPT)
def mcr_profile(ref: str) -> Profile:
    """:func:`load_profile` for the MCR scorer: a Babcock profile is an error."""
    return _for_ruleset(ref, "mcr")


@lru_cache(maxsize=PROFILES_KEPT)
def babcock_profile(ref: str) -> Profile:
    """:func:`load_profile` for the Babcock scorer: an MCR profile is an error.

    >>> babcock_profile("babcock-optional").position("babcock-seven-twins")
    'half-limit'
    """
    return _for_ruleset(ref, "babcock")
