"""The mjref site's own pages, each as HTML and as JSON (the same path with ``.json``).

``/`` (``/index.json``), ``/rulings/<id>``, ``/fans/<key>``, ``/sources/<id>``, ``/-/search?q=`` and
``/-/score?hand=``. Each view gathers its data from the ``kb`` database (read-only, parameters always
bound) into a plain dict: the JSON is that dict, the HTML is a template rendered from it. Search uses
:func:`kb.lookup`'s ranking; the score page calls :func:`scorer.score` under a profile the site offers
(never a path taken from the request). Bad input gives status 400 with the scorer's one-line message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from datasette import Response, hookimpl
from markupsafe import Markup, escape

from kb.lookup import MAX_QUERY, LookupFailed, open_index
from kb.model import TOPICS  # the order the home page lists them in
from kb.names import pinyin_forms
from kb.serve import PLUGIN
from scorer import Score, score
from scorer.errors import MjrefError
from scorer.notation import MAX_LENGTH as MAX_HAND
from scorer.profiles import Profile, builtin_names, load_profile

DB = "kb"
SEARCH_LIMIT = 20
SCOPES = {"all": "every instance", "sets": "on the fan's own sets", "one": "one instance"}


# Profiles: the house profile comes from the plugin's configuration; the score page offers it and the built-ins.


@lru_cache(maxsize=8)
def _profiles(ref: str) -> tuple[Profile, dict[str, str]]:
    house = load_profile(ref)
    choices = {name: name for name in builtin_names()}
    choices[house.name] = ref
    return house, choices


def profiles(datasette: Any) -> tuple[Profile, dict[str, str]]:
    """The house profile, and every profile the site offers (name -> what :func:`scorer.score` takes)."""
    config = datasette.plugin_config(PLUGIN) or {}
    return _profiles(str(config.get("profile") or "green-book"))


# Helpers shared by the views.


async def rows(datasette: Any, sql: str, params: Iterable[Any] = ()) -> list[dict[str, Any]]:
    """The rows of a query on the knowledge base, as dicts."""
    results = await datasette.get_database(DB).execute(sql, list(params))
    return [dict(zip(results.columns, row, strict=True)) for row in results.rows]


async def respond(
    datasette: Any, request: Any, template: str, data: dict[str, Any], status: int = 200, **extra: Any
) -> Response:
    """``data`` as JSON when the path ends in ``.json``, else ``template`` rendered with ``data`` and ``extra``."""
    if request.url_vars.get("format") == "json":
        return Response.json(data, status=status)
    html = await datasette.render_template(template, {**data, **extra}, request=request)
    return Response.html(html, status=status)


async def not_found(datasette: Any, request: Any, what: str) -> Response:
    """Status 404, as a page or as ``{"error": …}``."""
    return await respond(datasette, request, "mjref_error.html", {"error": f"{what} not found"}, status=404)


def topic_label(topic: str) -> str:
    """``babcock-optional-scores`` -> ``Babcock optional scores``."""
    return topic.replace("-", " ").capitalize()


def exclusions_for(house: Profile, found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Exclusion rows with their scope in words and whether they apply under the house profile."""
    for row in found:
        ruling, _, choice = (row["position"] or "").partition("=")
        row["scope_text"] = SCOPES.get(row["scope"], row["scope"])
        row["house"] = not ruling or house.positions.get(ruling) == choice
    return found


# Home.


async def home(datasette: Any, request: Any) -> Response:
    house, _ = profiles(datasette)
    rulings = await rows(datasette, "SELECT id, title, topic, status, ruleset FROM rulings ORDER BY title")
    by_topic: dict[str, list[dict[str, Any]]] = {}
    for r in rulings:
        by_topic.setdefault(r["topic"], []).append(r)
    order = {t: i for i, t in enumerate(TOPICS)}
    topics = [
        {"topic": t, "label": topic_label(t), "count": len(by_topic[t]), "rulings": by_topic[t]}
        for t in sorted(by_topic, key=lambda t: (order.get(t, len(order)), t))
    ]
    positions = await rows(datasette, "SELECT ruling_id, id, summary FROM positions ORDER BY ruling_id, ord")
    disputed = [
        {
            "id": r["id"],
            "title": r["title"],
            "house_position": _house_position(house, r["id"], positions),
        }
        for r in rulings
        if r["status"] == "disputed"
    ]
    fans = await rows(datasette, "SELECT id, key, name, name_zh, points FROM fans WHERE id <= 81 ORDER BY id")
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


# A ruling.


async def ruling_page(datasette: Any, request: Any) -> Response:
    rid = request.url_vars["id"]
    found = await rows(
        datasette,
        "SELECT id, title, ruleset, topic, status, question, answer, body_html, path, url FROM rulings WHERE id = ?",
        [rid],
    )
    if not found:
        return await not_found(datasette, request, f"ruling {rid!r}")
    house, _ = profiles(datasette)
    citations = await _citations(datasette, rid)
    data = {
        "ruling": found[0],
        "citations": [c for c in citations if c["position_id"] is None],
        "positions": await _positions(datasette, rid, house, citations),
        "examples": await _examples(datasette, "WHERE e.ruling_id = ?", [rid]),
        "fans": await rows(
            datasette,
            "SELECT rf.fan, f.id, f.key, f.name, f.name_zh, f.points FROM ruling_fans rf "
            "LEFT JOIN fans f ON f.id = rf.fan_id WHERE rf.ruling_id = ? ORDER BY rf.rowid",
            [rid],
        ),
        "applies_to": await _applies_to(datasette, rid, house),
        "links": await rows(
            datasette,
            "SELECT DISTINCT r.id, r.title FROM ruling_links l JOIN rulings r ON r.id = l.target_id "
            "WHERE l.ruling_id = ? ORDER BY r.title",
            [rid],
        ),
        "linked_from": await rows(
            datasette,
            "SELECT DISTINCT r.id, r.title FROM ruling_links l JOIN rulings r ON r.id = l.ruling_id "
            "WHERE l.target_id = ? AND l.ruling_id != ? ORDER BY r.title",
            [rid, rid],
        ),
        "profile": {"name": house.name, "title": house.title},
    }
    return await respond(datasette, request, "mjref_ruling.html", data)


async def _citations(datasette: Any, rid: str) -> list[dict[str, Any]]:
    """A ruling's citations, each (position, source, locator) once, a quoted one kept over a bare one."""
    cited = await rows(
        datasette,
        "SELECT c.position_id, c.source_id, s.title AS source_title, s.authority, c.locator, c.quote "
        "FROM citations c LEFT JOIN sources s ON s.id = c.source_id WHERE c.ruling_id = ? ORDER BY c.rowid",
        [rid],
    )
    unique: dict[tuple[Any, ...], dict[str, Any]] = {}
    for c in cited:
        key = (c["position_id"], c["source_id"], c["locator"])
        if key not in unique or (c["quote"] and not unique[key]["quote"]):
            unique[key] = c
    return list(unique.values())


async def _positions(datasette: Any, rid: str, house: Profile, citations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    taken = await rows(datasette, "SELECT profile_id, position_id FROM profile_positions WHERE ruling_id = ?", [rid])
    positions = await rows(datasette, "SELECT id, summary FROM positions WHERE ruling_id = ? ORDER BY ord", [rid])
    for p in positions:
        p["house"] = house.positions.get(rid) == p["id"]
        p["profiles"] = [t["profile_id"] for t in taken if t["position_id"] == p["id"]]
        p["citations"] = [c for c in citations if c["position_id"] == p["id"]]
    return positions


async def _examples(datasette: Any, where: str, params: list[Any]) -> list[dict[str, Any]]:
    found = await rows(
        datasette,
        "SELECT e.ruling_id, r.title AS ruling_title, e.ord, e.hand, e.canonical, e.ruleset, e.profile, "
        "e.expected_total, e.computed_total, e.computed, e.status, e.note "
        f"FROM examples e JOIN rulings r ON r.id = e.ruling_id {where} ORDER BY e.ruling_id, e.ord",
        params,
    )
    for e in found:
        e["computed"] = json.loads(e["computed"]) if e["computed"] else None
    return found


async def _applies_to(datasette: Any, rid: str, house: Profile) -> list[dict[str, Any]]:
    """What the scorer does with a ruling: the fans it defines, and the exclusions it decides."""
    defines = await rows(datasette, "SELECT id, key, name FROM fans WHERE ruling_id = ? ORDER BY id", [rid])
    excludes = await rows(
        datasette,
        "SELECT e.fan_id, f.key AS fan_key, f.name AS fan_name, e.excluded_fan_id, x.key AS excluded_key, "
        "x.name AS excluded_name, e.scope, e.condition, c.name AS condition_fan, e.position, "
        "group_concat(e.profile_id, ', ') AS profiles FROM exclusions e JOIN fans f ON f.id = e.fan_id "
        "JOIN fans x ON x.id = e.excluded_fan_id LEFT JOIN fans c ON c.id = CAST(e.condition AS INTEGER) "
        "WHERE e.ruling_id = ? GROUP BY e.fan_id, e.excluded_fan_id, e.scope, e.condition, e.position "
        "ORDER BY e.fan_id, e.excluded_fan_id",
        [rid],
    )
    excludes = exclusions_for(house, excludes)
    return [{"kind": "definition", **d} for d in defines] + [{"kind": "exclusion", **e} for e in excludes]


# A fan.


async def fan_page(datasette: Any, request: Any) -> Response:
    key = request.url_vars["key"]
    if key.isdigit():
        found = await rows(datasette, "SELECT key FROM fans WHERE id = ?", [int(key)])
        if found:
            return Response.redirect(f"/fans/{found[0]['key']}" + (".json" if request.url_vars.get("format") else ""))
    found = await rows(
        datasette,
        "SELECT f.id, f.key, f.name, f.name_zh, f.pinyin, f.points, f.ruling_id, r.answer, r.body_html "
        "FROM fans f LEFT JOIN rulings r ON r.id = f.ruling_id WHERE f.key = ?",
        [key],
    )
    if not found:
        return await not_found(datasette, request, f"fan {key!r}")
    fan = found[0]
    house, _ = profiles(datasette)
    fan["house_points"] = house.points.get(fan["id"], fan["points"])
    fan["pinyin_marked"] = pinyin_forms(fan["pinyin"])[1] if fan["pinyin"] else None
    pair_sql = (
        "SELECT e.{other} AS fan_id, o.key, o.name, e.scope, e.condition, c.name AS condition_fan, e.position, "
        "e.ruling_id, r.title AS ruling_title, group_concat(e.profile_id, ', ') AS profiles FROM exclusions e "
        "JOIN fans o ON o.id = e.{other} JOIN rulings r ON r.id = e.ruling_id "
        "LEFT JOIN fans c ON c.id = CAST(e.condition AS INTEGER) WHERE e.{this} = ? "
        "GROUP BY e.{other}, e.scope, e.condition, e.position, e.ruling_id ORDER BY e.{other}"
    )
    data = {
        "fan": fan,
        "names": await rows(datasette, "SELECT alias, kind FROM fan_aliases WHERE fan_id = ?", [fan["id"]]),
        "does_not_combine_with": exclusions_for(
            house, await rows(datasette, pair_sql.format(this="fan_id", other="excluded_fan_id"), [fan["id"]])
        ),
        "excluded_by": exclusions_for(
            house, await rows(datasette, pair_sql.format(this="excluded_fan_id", other="fan_id"), [fan["id"]])
        ),
        "rulings": await rows(
            datasette,
            "SELECT DISTINCT r.id, r.title, r.status FROM ruling_fans rf JOIN rulings r ON r.id = rf.ruling_id "
            "WHERE rf.fan_id = ? AND r.id != ? ORDER BY r.title",
            [fan["id"], fan["ruling_id"]],
        ),
        "examples": [
            e
            for e in await _examples(datasette, "WHERE e.computed LIKE ?", [f'%"key": "{fan["key"]}"%'])
            if any(f["key"] == fan["key"] for f in e["computed"]["fans"])
        ],
        "profile": {"name": house.name, "title": house.title},
    }
    return await respond(datasette, request, "mjref_fan.html", data)


# A source.


async def source_page(datasette: Any, request: Any) -> Response:
    sid = request.url_vars["id"]
    found = await rows(
        datasette,
        "SELECT id, title, author, year, language, authority, url, locators, note FROM sources WHERE id = ?",
        [sid],
    )
    if not found:
        return await not_found(datasette, request, f"source {sid!r}")
    cited = await rows(
        datasette,
        "SELECT c.ruling_id, r.title, c.position_id, c.locator, c.quote FROM citations c "
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


# Search.

_WORD = re.compile(r"[^\W\d_][\w'-]*|[\u3400-\u9fff\uf900-\ufaff]+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_SKIP = frozenset({"and", "are", "can", "does", "for", "from", "has", "have", "how", "not", "the", "what", "when"})


def highlight(text: str, pattern: re.Pattern[str] | None) -> Markup:
    """``text`` escaped, then every match of ``pattern`` wrapped in ``<mark>``: no HTML from the text gets through."""
    if pattern is None:
        return Markup(escape(text))
    out, at = [], 0
    for m in pattern.finditer(text):
        out += [escape(text[at : m.start()]), Markup("<mark>%s</mark>") % m.group()]
        at = m.end()
    out.append(escape(text[at:]))
    return Markup("").join(out)


def excerpt(text: str, pattern: re.Pattern[str] | None, width: int = 220) -> Markup | None:
    """About ``width`` characters of ``text`` around its first match, highlighted; None without a match."""
    m = pattern.search(text) if pattern else None
    if m is None:
        return None
    start = max(0, m.start() - 60)
    if start:
        space = text.find(" ", start, m.start())
        start = space + 1 if space >= 0 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", m.end(), end)
        end = space if space > 0 else end
    before, after = ("… " if start else ""), (" …" if end < len(text) else "")
    return Markup("%s%s%s") % (before, highlight(text[start:end], pattern), after)


def terms_pattern(query: str, names: list[str]) -> re.Pattern[str] | None:
    """A pattern for the query's words (loosely: ``pungs`` finds ``pung``) and the names of the fans it names."""
    terms = {re.escape(n).replace(r"\ ", r"\s+") for n in names if n}
    for word in _WORD.findall(query):
        if _CJK.match(word):
            terms.add(re.escape(word))
        elif len(word) >= 3 and word.lower() not in _SKIP:
            stem = word[:-1] if len(word) > 3 and word.lower().endswith("s") else word
            terms.add(re.escape(stem) + r"\w*")
    if not terms:
        return None
    alternatives = "|".join(sorted(terms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})", re.IGNORECASE)


async def search_page(datasette: Any, request: Any) -> Response:
    q = request.args.get("q", "")
    data: dict[str, Any] = {"q": q, "results": [], "fans_named": [], "error": None}
    if len(q) > MAX_QUERY:
        data["error"] = f"query too long: {len(q)} characters (at most {MAX_QUERY})"
        return await respond(datasette, request, "mjref_search.html", data, status=400)
    if not q.strip():
        return await respond(datasette, request, "mjref_search.html", data)
    index = open_index(Path(datasette.get_database(DB).path))
    try:
        hits = index.search(q, SEARCH_LIMIT)
    except LookupFailed as e:
        data["error"] = str(e)
        return await respond(datasette, request, "mjref_search.html", data, status=400)
    fans = index.fans_named(q)
    in_list = "IN (SELECT value FROM json_each(?))"
    names = await rows(datasette, f"SELECT alias FROM fan_aliases WHERE fan_id {in_list}", [json.dumps(fans)])
    named = await rows(datasette, f"SELECT id, key, name, name_zh FROM fans WHERE id {in_list}", [json.dumps(fans)])
    ids = json.dumps([h.id for h in hits])
    texts = {
        r["id"]: r["body_text"]
        for r in await rows(datasette, f"SELECT id, body_text FROM rulings WHERE id {in_list}", [ids])
    }
    pattern = terms_pattern(q, [n["alias"] for n in names])
    data["results"] = [
        {
            **hit.to_dict(),
            "title_html": highlight(hit.title, pattern),
            "answer_html": highlight(hit.answer, pattern),
            "snippet_html": excerpt(texts.get(hit.id) or "", pattern),
        }
        for hit in hits
    ]
    data["fans_named"] = sorted(named, key=lambda f: fans.index(f["id"]))
    return await respond(datasette, request, "mjref_search.html", data)


# Score.


async def score_page(datasette: Any, request: Any) -> Response:
    house, choices = profiles(datasette)
    hand = request.args.get("hand", "")
    profile = request.args.get("profile") or house.name
    form = {"hand": hand, "profile": profile, "profiles": list(choices), "house": house.name}
    if not hand.strip() and request.url_vars.get("format") != "json":
        return await respond(datasette, request, "mjref_score.html", {}, result=None, error=None, form=form)
    try:
        result = score_input(hand, profile, choices)
    except MjrefError as e:
        data = {"error": " ".join(str(e).split()), "hand": hand, "profile": profile}
        return await respond(datasette, request, "mjref_score.html", data, status=400, result=None, form=form)
    data = result.to_dict()
    return await respond(datasette, request, "mjref_score.html", data, result=data, error=None, form=form)


def score_input(hand: str, profile: str, choices: dict[str, str]) -> Score:
    """Score a hand from the request under one of the site's profiles; a :class:`MjrefError` for bad input."""
    if not hand.strip():
        raise MjrefError("no hand: give one as ?hand=… in mjref's notation")
    if len(hand) > MAX_HAND:
        raise MjrefError(f"hand too long: {len(hand)} characters (at most {MAX_HAND})")
    if profile not in choices:
        shown = profile if len(profile) <= 40 else profile[:40] + "…"
        raise MjrefError(f"unknown profile {shown!r}: use one of {', '.join(choices)}")
    return score(hand, profile=choices[profile])


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    fmt = r"(?:\.(?P<format>json))?$"
    return [
        (r"^/(?:index\.(?P<format>json))?$", home),
        (r"^/rulings/(?P<id>[^/.]+)" + fmt, ruling_page),
        (r"^/fans/(?P<key>[^/.]+)" + fmt, fan_page),
        (r"^/sources/(?P<id>[^/.]+)" + fmt, source_page),
        (r"^/-/search" + fmt, search_page),
        (r"^/-/score" + fmt, score_page),
    ]
