"""The reference pages: home ``/``, a fan ``/fans/<key>``, a source ``/sources/<id>`` (a ruling's, ``/rulings/<id>``, is
:mod:`web.ruling_page`), and what they share with it.

Each view gathers its data from the ``kb`` database (read-only, parameters always bound) into a plain
dict: the JSON is that dict, the HTML is a template rendered from it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from datasette import NotFound, Response

from kb.i18n import localize
from kb.model import TOPICS  # the order the home page lists them in
from kb.names import pinyin_forms
from scorer import score
from scorer.errors import MjrefError
from scorer.profiles import Profile, load_profile

from .db import Read, gather, rows
from .house import profiles
from .respond import respond
from .urls import lang_of, site_urls

SCOPES = {"all": "every instance", "sets": "on the fan's own sets", "one": "one instance"}
SCOPES_ZH = {"all": "每一次", "sets": "限该番种自身的牌组", "one": "一次"}


def text(column: str, lang: str, alias: str | None = None) -> str:
    """A text column in ``lang``, as SQL: ``r.title`` in English; in Chinese its ``_zh`` column (``r.title_zh``),
    falling back to the English where there is no Chinese. Named ``alias`` (by default the column's own name), so
    the JSON has the same fields in both languages.

    >>> text("r.title", "en"), text("f.name", "zh", "fan_name")
    ('r.title AS title', "COALESCE(NULLIF(f.name_zh, ''), f.name) AS fan_name")
    """
    name = alias or column.rpartition(".")[2]
    if lang != "zh":
        return f"{column} AS {name}"
    return f"COALESCE(NULLIF({column}_zh, ''), {column}) AS {name}"


def topic_label(topic: str) -> str:
    """``babcock-optional-scores`` -> ``Babcock optional scores``."""
    return topic.replace("-", " ").capitalize()


def exclusions_for(house: Profile, found: list[dict[str, Any]], lang: str = "en") -> list[dict[str, Any]]:
    """Exclusion rows with their scope in words and whether they apply under the house profile."""
    for row in found:
        ruling, _, choice = (row["position"] or "").partition("=")
        row["scope_text"] = (SCOPES_ZH if lang == "zh" else SCOPES).get(row["scope"], row["scope"])
        row["house"] = not ruling or house.positions.get(ruling) == choice
    return found


def body_column(prefix: str, lang: str) -> str:
    """A ruling's rendered body in ``lang``, as SQL (the Chinese body's column is ``body_zh_html``).

    >>> body_column("r.", "zh")
    "COALESCE(NULLIF(r.body_zh_html, ''), r.body_html) AS body_html"
    """
    if lang != "zh":
        return f"{prefix}body_html"
    return f"COALESCE(NULLIF({prefix}body_zh_html, ''), {prefix}body_html) AS body_html"


def body_links(body_html: str | None, lang: str) -> str | None:
    """A body's links to rulings and sources kept in the page's language (an English body shown on a Chinese
    page, where the ruling has no Chinese body yet, links to the Chinese pages).

    >>> body_links('<a href="/rulings/x">x</a> <a href="/zh/sources/y">y</a>', "zh")
    '<a href="/zh/rulings/x">x</a> <a href="/zh/sources/y">y</a>'
    """
    if lang != "zh" or not body_html:
        return body_html
    for kind in ("rulings", "sources"):
        body_html = body_html.replace(f'href="/{kind}/', f'href="/zh/{kind}/')
    return body_html


# Home.


async def home(datasette: Any, request: Any) -> Response:
    house, _ = profiles(datasette)
    lang = lang_of(request)
    rulings = await rows(
        datasette, f"SELECT id, {text('title', lang)}, topic, status, ruleset FROM rulings ORDER BY title"
    )
    by_topic: dict[str, list[dict[str, Any]]] = {}
    for r in rulings:
        by_topic.setdefault(r["topic"], []).append(r)
    order = {t: i for i, t in enumerate(TOPICS)}
    topics = [
        {"topic": t, "label": topic_label(t), "count": len(by_topic[t]), "rulings": by_topic[t]}
        for t in sorted(by_topic, key=lambda t: (order.get(t, len(order)), t))
    ]
    positions = await rows(
        datasette, f"SELECT ruling_id, id, {text('summary', lang)} FROM positions ORDER BY ruling_id, ord"
    )
    disputed = [
        {
            "id": r["id"],
            "title": r["title"],
            "house_position": _house_position(house, r["id"], positions),
        }
        for r in rulings
        if r["status"] == "disputed"
    ]
    fans = await rows(
        datasette, f"SELECT id, key, {text('name', lang)}, name_zh, points FROM fans WHERE id <= 81 ORDER BY id"
    )
    groups: dict[int, list[dict[str, Any]]] = {}
    for f in fans:
        f["house_points"] = house.points.get(f["id"], f["points"])
        groups.setdefault(f["house_points"], []).append(f)
    data = {
        "profile": {"name": house.name, "title": house.title},
        "topics": topics,
        "disputed": disputed,
        "fans_by_points": [{"points": p, "fans": groups[p]} for p in sorted(groups, reverse=True)],
    }
    return await respond(datasette, request, "mjref_home.html", data)


def _house_position(house: Profile, ruling: str, positions: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The position the house takes on a disputed ruling, or None when its profile does not decide it."""
    chosen = house.positions.get(ruling)
    for p in positions:
        if p["ruling_id"] == ruling and p["id"] == chosen:
            return {"id": p["id"], "summary": p["summary"]}
    return None


def examples(
    read: Read, where: str, params: list[Any], lang: str = "en", breakdown: bool = True
) -> list[dict[str, Any]]:
    """The worked examples ``where`` selects, with the scorer's stored breakdown (``computed``) when
    ``breakdown``: a ruling's page shows it; a fan's page lists the examples and links to their ruling's."""
    computed = ", e.computed" if breakdown else ""
    found = read(
        f"SELECT e.ruling_id, {text('r.title', lang, 'ruling_title')}, e.ord, e.hand, e.canonical, e.ruleset, "
        f"e.profile, e.expected_total, e.computed_total{computed}, e.status, {text('e.note', lang)} "
        f"FROM examples e JOIN rulings r ON r.id = e.ruling_id {where} ORDER BY e.ruling_id, e.ord",
        params,
    )
    for e in found if breakdown else ():
        e["computed"] = json.loads(e["computed"]) if e["computed"] else None
    return found


@lru_cache(maxsize=4096)
def _total(hand: str, ref: str, ruleset: str) -> int | None:
    """A hand's total under one profile, or None when it does not score there (kept: the database is immutable)."""
    try:
        return score(hand, profile=ref, ruleset=ruleset).total
    except MjrefError:
        return None


def with_totals(examples: list[dict[str, Any]], house: Profile, choices: dict[str, str]) -> None:
    """Give each worked example ``totals``: its total under every profile the site offers for its rule set, the
    house's first. The collapsed example shows them; its stored breakdown stays under ``computed``."""
    order = sorted(choices, key=lambda name: name != house.name)
    for e in examples:
        refs = [(name, choices[name]) for name in order if load_profile(choices[name]).ruleset == e["ruleset"]]
        e["totals"] = {name: _total(e["canonical"] or e["hand"], ref, e["ruleset"]) for name, ref in refs}


# A fan.


async def fan_page(datasette: Any, request: Any) -> Response:
    key = request.url_vars["key"]
    lang = lang_of(request)
    if key.isascii() and key.isdigit() and len(key) <= 3:  # a Green Book number, not ² or 10**30
        found = await rows(datasette, "SELECT key FROM fans WHERE id = ?", [int(key)])
        if found:
            target = site_urls(datasette, lang)["fan_url"](found[0]["key"])
            return Response.redirect(target + (".json" if request.url_vars.get("format") else ""))
    found = await rows(
        datasette,
        f"SELECT f.id, f.key, {text('f.name', lang)}, f.name_zh, f.pinyin, f.points, f.ruling_id, "
        f"{text('r.answer', lang)}, "
        f"{body_column('r.', lang)} "
        "FROM fans f LEFT JOIN rulings r ON r.id = f.ruling_id WHERE f.key = ?",
        [key],
    )
    if not found:
        raise NotFound(localize(MjrefError("fan %(key)s not found", key=repr(key)), lang))
    house, _ = profiles(datasette)
    found[0]["body_html"] = body_links(found[0]["body_html"], lang)
    data = await gather(datasette, lambda read: _fan_data(read, found[0], house, lang))
    with_totals(data["examples"], house, profiles(datasette)[1])
    return await respond(datasette, request, "mjref_fan.html", data)


def _fan_data(read: Read, fan: dict[str, Any], house: Profile, lang: str = "en") -> dict[str, Any]:
    """Everything a fan page shows besides the fan's own row."""
    fan["house_points"] = house.points.get(fan["id"], fan["points"])
    fan["pinyin_marked"] = pinyin_forms(fan["pinyin"])[1] if fan["pinyin"] else None
    name, condition = text("o.name", lang), text("c.name", lang, "condition_fan")
    title = text("r.title", lang, "ruling_title")
    pair_sql = (
        f"SELECT e.{{other}} AS fan_id, o.key, {name}, e.scope, e.condition, {condition}, e.position, e.ruling_id, "
        f"{title}, group_concat(e.profile_id, ', ') AS profiles FROM exclusions e "
        "JOIN fans o ON o.id = e.{other} JOIN rulings r ON r.id = e.ruling_id "
        "LEFT JOIN fans c ON c.id = CAST(e.condition AS INTEGER) WHERE e.{this} = ? "
        "GROUP BY e.{other}, e.scope, e.condition, e.position, e.ruling_id ORDER BY e.{other}"
    )
    # Examples in which the scorer awards this fan: its key in the stored breakdown's fans, not its excluded.
    in_breakdown = (
        "WHERE EXISTS (SELECT 1 FROM json_each(e.computed, '$.fans') j WHERE json_extract(j.value, '$.key') = ?)"
    )
    return {
        "fan": fan,
        "names": read("SELECT alias, kind FROM fan_aliases WHERE fan_id = ?", [fan["id"]]),
        "does_not_combine_with": exclusions_for(
            house, read(pair_sql.format(this="fan_id", other="excluded_fan_id"), [fan["id"]]), lang
        ),
        "excluded_by": exclusions_for(
            house, read(pair_sql.format(this="excluded_fan_id", other="fan_id"), [fan["id"]]), lang
        ),
        "rulings": read(
            f"SELECT DISTINCT r.id, {text('r.title', lang)}, r.status FROM ruling_fans rf "
            "JOIN rulings r ON r.id = rf.ruling_id WHERE rf.fan_id = ? AND r.id != ? ORDER BY r.title",
            [fan["id"], fan["ruling_id"]],
        ),
        "examples": examples(read, in_breakdown, [fan["key"]], lang, breakdown=False),
        "profile": {"name": house.name, "title": house.title},
    }


# A source.


async def source_page(datasette: Any, request: Any) -> Response:
    sid = request.url_vars["id"]
    lang = lang_of(request)
    found = await rows(
        datasette,
        f"SELECT s.id, s.title, s.author, s.year, s.language, s.authority, s.url, {text('s.locators', lang)}, "
        f"{text('s.note', lang)}, s.quoted_by, "
        "q.title AS quoted_by_title FROM sources s LEFT JOIN sources q ON q.id = s.quoted_by WHERE s.id = ?",
        [sid],
    )
    if not found:
        raise NotFound(localize(MjrefError("source %(id)s not found", id=repr(sid)), lang))
    cited = await rows(
        datasette,
        f"SELECT c.ruling_id, {text('r.title', lang)}, c.position_id, c.locator, c.quote FROM citations c "
        "JOIN rulings r ON r.id = c.ruling_id WHERE c.source_id = ? ORDER BY r.title, c.rowid",
        [sid],
    )
    by_ruling: dict[str, dict[str, Any]] = {}
    for c in cited:
        entry = by_ruling.setdefault(c["ruling_id"], {"id": c["ruling_id"], "title": c["title"], "locators": []})
        if c["locator"] not in entry["locators"]:
            entry["locators"].append(c["locator"])
    data = {"source": found[0], "rulings": list(by_ruling.values())}
    return await respond(datasette, request, "mjref_source.html", data)
