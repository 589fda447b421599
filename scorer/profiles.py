"""Profiles: a house's choice of one position on every disputed ruling.

A profile is a YAML file (built-ins in ``rulings/profiles/``) with ``name``, ``title``,
``extends`` (another profile, resolved once at load), ``positions`` (ruling id ->
position) and optional ``points`` (fan key -> points, for a house value). It is read with the
rulings' strict reader (:mod:`scorer.strict_yaml`: no anchors or aliases, at most 64 KiB of UTF-8),
and every field's type and range is checked; each mistake is a :class:`ProfileError` at ``file:line``.

A path may lead to any file (a secret, ``/proc/self/status``), so an error names the file, the line and
what is wrong in general terms, and quotes nothing the file wrote: only mjref's own words (its fields,
rulings, positions, fan keys). A profile's ``extends`` is a built-in name or a file in the profile's own
folder (never the working folder's, never an absolute path).

``ruleset`` (``mcr`` unless a file of the chain says ``babcock``) decides which rulings
the positions answer: the disputed MCR rulings (``scorer.mcr.positions``) or Babcock's
optional scores (``scorer.babcock.options``). A house file that extends a profile inherits
its rule set.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
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


def fingerprint(profile: Profile) -> str:
    """The sha256 of what ``profile`` decides once resolved (its name, rule set, positions, points and
    overlaps, the files it extends included), not of where it lies: a report resumes only under the same.

    >>> fingerprint(load_profile("green-book")) == fingerprint(load_profile(str(PROFILE_DIR / "green-book.yaml")))
    True
    """
    if not isinstance(profile, Profile):
        raise ProfileError("profile: expected a loaded profile, not %(type)s", type=type(profile).__name__)
    content = {
        "name": profile.name,
        "ruleset": profile.ruleset,
        "positions": sorted(profile.positions.items()),
        "points": sorted(profile.points.items()),
        "overlaps": sorted(profile.overlaps),
    }
    content.update(_house_content(profile))
    return hashlib.sha256(json.dumps(content).encode()).hexdigest()


def _house_content(profile: Profile) -> dict[str, list[Any]]:
    """What a house's own rulings and exclusion changes add to :func:`fingerprint` (nothing when it has none, so
    the fingerprints of other profiles stay as they were)."""
    content: dict[str, list[Any]] = {}
    if profile.house_rulings:
        content["rulings"] = sorted([r.id, r.title, r.answer] for r in profile.house_rulings)
    if profile.exclusion_changes:
        content["exclusions"] = sorted([c.within, c.fan, c.ruling, c.kind] for c in profile.exclusion_changes)
    return content


def builtin_names() -> list[str]:
    return sorted(p.stem for p in PROFILE_DIR.glob("*.yaml"))


def _read(path: Path, label: str) -> tuple[dict[str, Any], Document]:
    """One profile file, read strictly, its fields' types checked (names and values come later)."""
    try:
        doc = read(path, nulls=True)
    except OSError as e:
        raise ProfileError("cannot read profile %(label)s: %(problem)s", label=label, problem=e.strerror or e) from None
    except YamlError as e:
        raise ProfileError(e.general, where=f"{label}:{e.line}") from None
    data = doc.data
    if not isinstance(data, dict):
        raise ProfileError("a profile is a mapping with name, extends and positions", where=f"{label}:1")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        where = f"{label}:{doc.line(unknown[0])}"
        raise ProfileError("unknown field: a profile has only the fields %(fields)s", where, fields=", ".join(FIELDS))
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
    """What kind of value ``value`` is, in mjref's words: never the value itself (see the module's docstring)."""
    if isinstance(value, str):
        return "text with a control character" if not value.isprintable() else f"text of {len(value)} characters"
    kinds = {bool: "true/false", int: "a number", list: "a list", dict: "a mapping", type(None): "no value"}
    return kinds.get(type(value), type(value).__name__)


def _locate(ref: str, base: Path | None, where: str | None = None) -> tuple[Path, str]:
    """The file of the profile ``ref``: a built-in name, or a path, from the working folder for the profile
    asked for (``base`` None), and only inside ``base``, the folder of the profile that extends it, otherwise."""
    if ref in builtin_names():
        return PROFILE_DIR / f"{ref}.yaml", ref
    builtins = ", ".join(builtin_names())
    instead = Message("name a built-in profile (%(profiles)s) or a .yaml file beside this one", profiles=builtins)
    try:
        path = Path(ref)
        if base is not None and path.is_absolute():
            raise ProfileError("extends: an absolute path is not allowed: %(instead)s", where, instead=instead)
        if base is not None:
            path = base / path
            if base.resolve() not in path.resolve().parents:
                message = "extends: the file is not in this profile's folder: %(instead)s"
                raise ProfileError(message, where, instead=instead)
        if path.suffix in (".yaml", ".yml") and path.is_file():
            return path, str(path) if base is not None else ref
    except (OSError, ValueError, RuntimeError):  # a name too long, a NUL byte, a loop of links: no such file
        pass
    if base is not None:
        raise ProfileError("extends: no such profile: %(instead)s", where, instead=instead)
    if _missing_file(ref):
        message = "the profile file %(profile)s does not exist: name a .yaml file that does, or one of %(profiles)s"
        raise ProfileError(message, profile=repr(ref), profiles=builtins)
    there = _what_is_there(ref)
    if there is not None:
        message = "the profile %(profile)s is %(what)s, not a .yaml file: name a .yaml file, or one of %(profiles)s"
        raise ProfileError(message, profile=repr(ref), what=there, profiles=builtins)
    message = "unknown profile %(profile)s: use one of %(profiles)s or a path to a .yaml file"
    raise ProfileError(message, profile=repr(ref), profiles=builtins)


def _missing_file(ref: str) -> bool:
    """Whether ``ref`` is written as a file (a .yaml or .yml name, or a path with a folder) that is not there."""
    if Path(ref).suffix not in (".yaml", ".yml") and "/" not in ref:
        return False
    try:
        os.stat(ref)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):  # a name no file system accepts: no file, but none missing either
        return False
    return False


def _what_is_there(ref: str) -> Message | None:
    """What stands at the path ``ref`` when it is not a profile file (a folder, a pipe, a file of another kind)."""
    try:
        mode = os.stat(ref).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(mode):
        return Message("a folder")
    if not stat.S_ISREG(mode):
        return Message("not a regular file (a pipe or a device)")
    return Message("a file of another kind (its name does not end in .yaml or .yml)")


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
        path, parent_label = _locate(parent, path.parent, where)
        if path.resolve() in seen:
            raise ProfileError("extends: this leads back to a profile already in the chain (a loop)", where)
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
                message = "positions: %(ruling)s: unknown position (one of %(choices)s)"
                raise ProfileError(message, where, ruling=ruling, choices=choices)
            positions[ruling] = position
        for key, value in (data.get("points") or {}).items():
            where = f"{label_of}:{doc.line('points', key)}"
            if ruleset != "mcr":
                raise ProfileError("points: a Babcock profile sets no fan points (its values are Babcock's)", where)
            if key not in FANS_BY_KEY:
                raise ProfileError("points: unknown fan key (a key of the fan table, such as tile-hog)", where=where)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_POINTS:
                message = "points: %(key)s: expected a whole number of points from 0 to %(most)s, not %(value)s"
                shown = "a number outside that range" if isinstance(value, int) else _shown(value)
                raise ProfileError(message, where=where, key=key, most=MAX_POINTS, value=shown)
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
            message = "ruleset: unknown rule set (one of %(rulesets)s)"
            raise ProfileError(message, where, rulesets=", ".join(DEFAULTS))
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
        return Message("positions: this is not a disputed ruling that changes a score")
    options = ", ".join(OPTIONS)
    if ruling in DISPUTED:
        return Message(
            "positions: %(ruling)s is not one of Babcock's optional scores (%(options)s) (it is an MCR ruling: "
            "an MCR profile extends green-book)",
            ruling=repr(ruling),
            options=options,
        )
    return Message("positions: this is not one of Babcock's optional scores (%(options)s)", options=options)


def _for_ruleset(ref: str, ruleset: str) -> Profile:
    profile = load_profile(ref)
    if profile.ruleset != ruleset:
        if ruleset == "mcr":
            # Said without an option's name: mjref waits, audit, compare, sheet and audit-log have no --ruleset.
            message = (
                "profile %(profile)s is a Babcock profile, not an MCR one: use %(profiles)s or a file that extends one"
                " of them (a Babcock hand is scored under rule set babcock)"
            )
            mcr = ", ".join(n for n in builtin_names() if not n.startswith("babcock"))
            raise ProfileError(message, profile=repr(ref), profiles=mcr)
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


def _ref_checked(cached: Any) -> Any:
    """``cached`` (a function of a profile reference, kept by ``lru_cache``) asked only with a string: any other
    argument is a :class:`ProfileError`, never the ``TypeError`` an unhashable one raises in the cache."""

    def checked(ref: str = DEFAULT) -> Profile:
        if not isinstance(ref, str):
            raise ProfileError("profile: expected a profile name or a path, not %(type)s", type=type(ref).__name__)
        return cached(ref)  # type: ignore[no-any-return]

    for name in ("__name__", "__qualname__", "__doc__", "__module__"):
        setattr(checked, name, getattr(cached, name))
    checked.__wrapped__ = cached  # type: ignore[attr-defined]
    checked.cache_clear = cached.cache_clear  # type: ignore[attr-defined]  # bench/score_bench.py empties it
    return checked


load_profile = _ref_checked(load_profile)
mcr_profile = _ref_checked(mcr_profile)
babcock_profile = _ref_checked(babcock_profile)
