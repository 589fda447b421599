"""How a house profile differs from its rule set's reference profile (the Green Book, ``green-book``, for MCR):
the disputed rulings where it takes another position, the fan values it changes, the exclusions it lifts or
adds, and its own rulings. Plain data for the house page (``/house``) and anything else that lists them.

Each difference is a dict with ``kind`` (``position``, ``points``, ``exclusion``, ``house-ruling``) and the id it
changes: ``ruling`` (a ruling id) or ``fan`` (a fan key). The texts come from the knowledge base (``kb.db``), read
through ``read(sql, params)``, in ``lang`` where a Chinese text is written.

>>> from kb.house_differences import fan_values
>>> from scorer.profiles import load_profile
>>> [(d["fan"], d["base_points"], d["house_points"], d["set_by"]) for d in fan_values(
...     load_profile("chinese-practice"), load_profile("green-book"), lambda key: key)]
[('two-concealed-kongs', 8, 6, ['two-concealed-kongs'])]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from kb.i18n import LANGUAGES
from scorer.errors import MjrefError, ProfileError
from scorer.mcr.positions import POINTS
from scorer.mcr.table import EXCLUSIONS, FANS
from scorer.profiles import DEFAULTS, Profile, load_profile

Read = Callable[..., list[dict[str, Any]]]  # read(sql, params=()) -> rows as dicts
KINDS = ("position", "points", "exclusion", "house-ruling")  # the order the page lists them in


def reference_profile(house: Profile) -> Profile:
    """The profile a house is compared with: its rule set's default (``green-book`` for MCR)."""
    return load_profile(DEFAULTS[_checked(house).ruleset])


def _checked(profile: object) -> Profile:
    if not isinstance(profile, Profile):
        raise ProfileError("profile: expected a loaded profile, not %(type)s", type=type(profile).__name__)
    return profile


def house_differences(house: Profile, read: Read, lang: str = "en") -> dict[str, Any]:
    """Every way ``house`` differs from :func:`reference_profile`, with the texts a reader needs: ``profile``
    and ``reference`` (name and title) and ``differences`` (a list, empty for the reference profile itself)."""
    base = reference_profile(house)
    if lang not in LANGUAGES:
        raise MjrefError("lang: expected one of %(languages)s", languages=", ".join(LANGUAGES))
    fan_names = _fan_names(read, lang)
    found = positions(house, base, read, lang)
    found += fan_values(house, base, fan_names.__getitem__)
    found += exclusions(house, fan_names.__getitem__)
    found += [
        {"kind": "house-ruling", "ruling": r.id, "title": r.title, "answer": r.answer} for r in house.house_rulings
    ]
    return {
        "profile": {"name": house.name, "title": house.title, "ruleset": house.ruleset},
        "reference": {"name": base.name, "title": base.title},
        "differences": found,
    }


def positions(house: Profile, base: Profile, read: Read, lang: str = "en") -> list[dict[str, Any]]:
    """The disputed rulings on which ``house`` takes another position than ``base``: both positions' summaries
    and citations, in the order of the rule set's table."""
    changed = [r for r, taken in base.positions.items() if house.positions.get(r, taken) != taken]
    if not changed:
        return []
    marks = ", ".join("?" * len(changed))
    title = "COALESCE(NULLIF(title_zh, ''), title)" if lang == "zh" else "title"
    summary = "COALESCE(NULLIF(summary_zh, ''), summary)" if lang == "zh" else "summary"
    titles = {
        r["id"]: r["title"] for r in read(f"SELECT id, {title} AS title FROM rulings WHERE id IN ({marks})", changed)
    }
    summaries = {
        (p["ruling_id"], p["id"]): p["summary"]
        for p in read(
            f"SELECT ruling_id, id, {summary} AS summary FROM positions WHERE ruling_id IN ({marks})", changed
        )
    }
    cites: dict[tuple[str, str], list[dict[str, str]]] = {}
    for c in read(
        f"SELECT ruling_id, position_id, source_id, locator FROM citations WHERE ruling_id IN ({marks}) "
        "AND position_id != '' ORDER BY rowid",
        changed,
    ):
        cites.setdefault((c["ruling_id"], c["position_id"]), []).append(
            {"source": c["source_id"], "locator": c["locator"]}
        )

    def side(ruling: str, position: str) -> dict[str, Any]:
        key = (ruling, position)
        return {"position": position, "summary": summaries.get(key, ""), "cites": cites.get(key, [])}

    return [
        {
            "kind": "position",
            "ruling": r,
            "title": titles.get(r, r),
            "reference": side(r, base.positions[r]),
            "house": side(r, house.positions[r]),
        }
        for r in changed
    ]


def fan_values(house: Profile, base: Profile, name: Callable[[str], str]) -> list[dict[str, Any]]:
    """The fans ``house`` values otherwise than ``base``: both values, the fan's ruling, and the disputed rulings
    whose house position sets the value (``set_by``; empty when the house file's ``points`` does)."""
    found = []
    for number, info in FANS.items():
        was, now = base.points.get(number, info.points), house.points.get(number, info.points)
        if was == now:
            continue
        set_by = [r for (r, p), values in POINTS.items() if house.positions.get(r) == p and values.get(number) == now]
        found.append(
            {
                "kind": "points",
                "fan": info.key,
                "name": name(info.key),
                "base_points": was,
                "house_points": now,
                "fan_ruling": info.ruling,
                "set_by": set_by,
            }
        )
    return found


def exclusions(house: Profile, name: Callable[[str], str]) -> list[dict[str, Any]]:
    """The exclusions ``house`` lifts or adds (its file's ``exclusions``), each with the house's ruling and, for a
    lifted one, the rulings of the table's rows it lifts."""
    found = []
    for change in house.exclusion_changes:
        fan, within = FANS[change.fan], FANS[change.within]
        table = _unique(r.ruling for r in EXCLUSIONS if (r.fan, r.excludes) == (change.within, change.fan))
        found.append(
            {
                "kind": "exclusion",
                "change": change.kind,
                "fan": fan.key,
                "name": name(fan.key),
                "within": within.key,
                "within_name": name(within.key),
                "ruling": change.ruling,
                "table_rulings": table if change.lift else [],
            }
        )
    return found


def _fan_names(read: Read, lang: str) -> dict[str, str]:
    column = "COALESCE(NULLIF(name_zh, ''), name)" if lang == "zh" else "name"
    return {f["key"]: f["name"] for f in read(f"SELECT key, {column} AS name FROM fans")}


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
