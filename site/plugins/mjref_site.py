"""The mjref site's own pages, each as HTML and as JSON (the same path with ``.json``).

``/`` (``/index.json``), ``/rulings/<id>``, ``/fans/<key>``, ``/sources/<id>``, ``/-/search?q=`` and
``/-/score?hand=``. Each view gathers its data from the ``kb`` database (read-only, parameters always
bound) into a plain dict: the JSON is that dict, the HTML is a template rendered from it. Search uses
:func:`kb.lookup`'s ranking; the score page calls :func:`scorer.score` under a profile the site offers
(never a path taken from the request). Bad input gives status 400 with the scorer's one-line message.
"""

from __future__ import annotations

import html
import json
import logging
import re
import sqlite3
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any

from datasette import Response, hookimpl
from markupsafe import Markup

from kb.audit import Audit, audit, compare
from kb.claims import index_names
from kb.lookup import MAX_QUERY, Index, LookupFailed, open_index
from kb.model import TOPICS  # the order the home page lists them in
from kb.names import pinyin_forms
from kb.serve import PLUGIN
from scorer import Score, score
from scorer.errors import MjrefError
from scorer.mcr.table import FANS
from scorer.notation import MAX_LENGTH as MAX_HAND
from scorer.profiles import Profile, builtin_names, load_profile

DB = "kb"
SEARCH_LIMIT = 10  # results on the search page: the first page a referee reads
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


Read = Callable[..., list[dict[str, Any]]]  # read(sql, params=()) -> rows as dicts


@lru_cache(maxsize=4)
def _connection(path: str) -> sqlite3.Connection:
    return sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro&immutable=1", uri=True, check_same_thread=False)


async def gather(datasette: Any, work: Callable[[Read], Any]) -> Any:
    """``work(read)`` on a read-only connection of the site's own, in the event loop's thread.

    The pages' queries are fixed, use bound parameters and take well under a millisecond on the small
    immutable database, so they run where the page is worked out: a hand-over to Datasette's query
    threads (kept for its table pages and their user-chosen filters) costs more than the queries.
    """
    conn = _connection(str(datasette.get_database(DB).path))

    def read(sql: str, params: Iterable[Any] = ()) -> list[dict[str, Any]]:
        cursor = conn.execute(sql, list(params))
        columns = [d[0] for d in cursor.description]
        return [dict(zip(columns, row, strict=True)) for row in cursor]

    return work(read)


async def rows(datasette: Any, sql: str, params: Iterable[Any] = ()) -> list[dict[str, Any]]:
    """The rows of a query on the knowledge base, as dicts (one query of :func:`gather`)."""
    found: list[dict[str, Any]] = await gather(datasette, lambda read: read(sql, params))
    return found


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
    house, _ = profiles(datasette)
    data = await gather(datasette, lambda read: _ruling_data(read, rid, house))
    if data is None:
        return await not_found(datasette, request, f"ruling {rid!r}")
    return await respond(datasette, request, "mjref_ruling.html", data)


def _ruling_data(read: Read, rid: str, house: Profile) -> dict[str, Any] | None:
    """Everything a ruling page shows, or None when there is no such ruling."""
    found = read(
        "SELECT id, title, ruleset, topic, status, question, answer, body_html, path, url FROM rulings WHERE id = ?",
        [rid],
    )
    if not found:
        return None
    citations = _citations(read, rid)
    return {
        "ruling": found[0],
        "citations": [c for c in citations if c["position_id"] is None],
        "positions": _positions(read, rid, house, citations),
        "examples": _examples(read, "WHERE e.ruling_id = ?", [rid]),
        "fans": read(
            "SELECT rf.fan, f.id, f.key, f.name, f.name_zh, f.points FROM ruling_fans rf "
            "LEFT JOIN fans f ON f.id = rf.fan_id WHERE rf.ruling_id = ? ORDER BY rf.rowid",
            [rid],
        ),
        "applies_to": _applies_to(read, rid, house),
        "links": read(
            "SELECT DISTINCT r.id, r.title FROM ruling_links l JOIN rulings r ON r.id = l.target_id "
            "WHERE l.ruling_id = ? ORDER BY r.title",
            [rid],
        ),
        "linked_from": read(
            "SELECT DISTINCT r.id, r.title FROM ruling_links l JOIN rulings r ON r.id = l.ruling_id "
            "WHERE l.target_id = ? AND l.ruling_id != ? ORDER BY r.title",
            [rid, rid],
        ),
        "profile": {"name": house.name, "title": house.title},
    }


def _citations(read: Read, rid: str) -> list[dict[str, Any]]:
    """A ruling's citations, each (position, source, locator) once, a quoted one kept over a bare one."""
    cited = read(
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


def _positions(read: Read, rid: str, house: Profile, citations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    taken = read("SELECT profile_id, position_id FROM profile_positions WHERE ruling_id = ?", [rid])
    positions = read("SELECT id, summary FROM positions WHERE ruling_id = ? ORDER BY ord", [rid])
    for p in positions:
        p["house"] = house.positions.get(rid) == p["id"]
        p["profiles"] = [t["profile_id"] for t in taken if t["position_id"] == p["id"]]
        p["citations"] = [c for c in citations if c["position_id"] == p["id"]]
    return positions


def _examples(read: Read, where: str, params: list[Any]) -> list[dict[str, Any]]:
    found = read(
        "SELECT e.ruling_id, r.title AS ruling_title, e.ord, e.hand, e.canonical, e.ruleset, e.profile, "
        "e.expected_total, e.computed_total, e.computed, e.status, e.note "
        f"FROM examples e JOIN rulings r ON r.id = e.ruling_id {where} ORDER BY e.ruling_id, e.ord",
        params,
    )
    for e in found:
        e["computed"] = json.loads(e["computed"]) if e["computed"] else None
    return found


def _applies_to(read: Read, rid: str, house: Profile) -> list[dict[str, Any]]:
    """What the scorer does with a ruling: the fans it defines, and the exclusions it decides."""
    defines = read("SELECT id, key, name FROM fans WHERE ruling_id = ? ORDER BY id", [rid])
    excludes = read(
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
    if key.isascii() and key.isdigit() and len(key) <= 3:  # a Green Book number, not ² or 10**30
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
    house, _ = profiles(datasette)
    data = await gather(datasette, lambda read: _fan_data(read, found[0], house))
    return await respond(datasette, request, "mjref_fan.html", data)


def _fan_data(read: Read, fan: dict[str, Any], house: Profile) -> dict[str, Any]:
    """Everything a fan page shows besides the fan's own row."""
    fan["house_points"] = house.points.get(fan["id"], fan["points"])
    fan["pinyin_marked"] = pinyin_forms(fan["pinyin"])[1] if fan["pinyin"] else None
    pair_sql = (
        "SELECT e.{other} AS fan_id, o.key, o.name, e.scope, e.condition, c.name AS condition_fan, e.position, "
        "e.ruling_id, r.title AS ruling_title, group_concat(e.profile_id, ', ') AS profiles FROM exclusions e "
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
            house, read(pair_sql.format(this="fan_id", other="excluded_fan_id"), [fan["id"]])
        ),
        "excluded_by": exclusions_for(
            house, read(pair_sql.format(this="excluded_fan_id", other="fan_id"), [fan["id"]])
        ),
        "rulings": read(
            "SELECT DISTINCT r.id, r.title, r.status FROM ruling_fans rf JOIN rulings r ON r.id = rf.ruling_id "
            "WHERE rf.fan_id = ? AND r.id != ? ORDER BY r.title",
            [fan["id"], fan["ruling_id"]],
        ),
        "examples": _examples(read, in_breakdown, [fan["key"]]),
        "profile": {"name": house.name, "title": house.title},
    }


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
        return Markup(html.escape(text))
    out, at = [], 0
    for m in pattern.finditer(text):
        out += [html.escape(text[at : m.start()]), "<mark>", html.escape(m.group()), "</mark>"]
        at = m.end()
    out.append(html.escape(text[at:]))
    return Markup("".join(out))  # every piece of the text went through html.escape


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
    """A pattern for the query's words (loosely: ``pungs`` finds ``pung``) and the names of the fans it names.

    A word or name in letters matches at the start of a word; one in Chinese characters matches anywhere,
    as Chinese text does not separate its words.
    """
    words: dict[str, str] = {}  # a term in letters -> its first character
    chinese: set[str] = set()
    for name in filter(None, names):
        term = re.escape(name).replace(r"\ ", r"\s+")
        if _CJK.match(name):
            chinese.add(term)
        else:
            words[term] = name[0]
    for word in _WORD.findall(query):
        if _CJK.match(word):
            chinese.add(re.escape(word))
        elif len(word) >= 3 and word.lower() not in _SKIP:
            stem = word[:-1] if len(word) > 3 and word.lower().endswith("s") else word
            words[re.escape(stem) + r"\w*"] = word[0]
    alternatives = []
    if words:
        # The look-ahead on the first letters spares trying every term at each word of the text.
        starts = re.escape("".join(sorted(set(words.values()))))
        alternatives.append(rf"(?<!\w)(?=[{starts}])(?:{'|'.join(sorted(words, key=len, reverse=True))})")
    if chinese:
        alternatives.append("|".join(sorted(chinese, key=len, reverse=True)))
    return re.compile("|".join(alternatives), re.IGNORECASE) if alternatives else None


@lru_cache(maxsize=4)
def site_index(path: str) -> Index:
    """The search index of the site's database, opened once: the database is immutable while the site runs."""
    return open_index(Path(path))


async def search_page(datasette: Any, request: Any) -> Response:
    q = request.args.get("q", "")
    data: dict[str, Any] = {"q": q, "results": [], "fans_named": [], "error": None}
    if len(q) > MAX_QUERY:
        data["error"] = f"query too long: {len(q)} characters (at most {MAX_QUERY})"
        return await respond(datasette, request, "mjref_search.html", data, status=400)
    if not q.strip():
        return await respond(datasette, request, "mjref_search.html", data)
    try:
        hits, fans = site_index(datasette.get_database(DB).path).find(q, SEARCH_LIMIT)
    except LookupFailed as e:
        data["error"] = str(e)
        return await respond(datasette, request, "mjref_search.html", data, status=400)
    in_list = "IN (SELECT value FROM json_each(?))"
    fan_ids, ids = json.dumps(fans), json.dumps([h.id for h in hits])
    names, named, bodies = await gather(
        datasette,
        lambda read: (
            read(f"SELECT alias FROM fan_aliases WHERE fan_id {in_list}", [fan_ids]),
            read(f"SELECT id, key, name, name_zh FROM fans WHERE id {in_list}", [fan_ids]),
            read(f"SELECT id, body_text FROM rulings WHERE id {in_list}", [ids]),
        ),
    )
    texts = {r["id"]: r["body_text"] for r in bodies}
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


# Score, with an audit of a claimed score (``claim``, ``claim_total``) and a comparison of profiles (``compare``).

MAX_CLAIM_TOTAL = 9999  # points: more than any hand scores
MAX_COMPARE = 200  # characters of ``compare``


RULESETS = {"mcr": "MCR", "babcock": "Babcock"}  # the rule sets the score page offers, as it names them
DEFAULT_PROFILE = {"mcr": "green-book", "babcock": "babcock"}  # when the house profile is of the other set


def ruleset_of(ref: str) -> str:
    """The rule set a profile the site offers scores (its name or file, as :func:`scorer.score` takes it)."""
    return load_profile(ref).ruleset


def score_choice(args: Any, house: Profile, choices: dict[str, str]) -> tuple[str, str]:
    """The rule set and profile a request asks for: ``ruleset`` picks the set (by default the profile's, or the
    house's), ``profile`` the profile (by default the house's, or the set's first). A mismatch is an error."""
    profile = args.get("profile") or ""
    ruleset = args.get("ruleset") or (ruleset_of(choices[profile]) if profile in choices else house.ruleset)
    if ruleset not in RULESETS:
        raise MjrefError(f"unknown rule set {_shown(ruleset)}: use one of {', '.join(RULESETS)}")
    if not profile:
        profile = house.name if house.ruleset == ruleset else DEFAULT_PROFILE[ruleset]
    if profile in choices and ruleset_of(choices[profile]) != ruleset:
        raise MjrefError(f"profile {profile!r} is not a {RULESETS[ruleset]} profile: drop ruleset or profile")
    return ruleset, profile


async def score_page(datasette: Any, request: Any) -> Response:
    house, choices = profiles(datasette)
    args = request.args
    hand = args.get("hand", "")
    claim, claim_total, spec = args.get("claim", ""), args.get("claim_total", ""), args.get("compare", "")
    form = {
        "hand": hand,
        "ruleset": args.get("ruleset") or house.ruleset,
        "rulesets": RULESETS,
        "profile": args.get("profile") or house.name,
        "profiles": list(choices),
        "house": house.name,
        "claim": claim,
        "claim_total": claim_total,
        "compare": spec,
        "carry": {k: v for k, v in (("claim", claim), ("claim_total", claim_total)) if v.strip()},  # to other profiles
    }
    try:
        ruleset, profile = score_choice(args, house, choices)
        form.update(ruleset=ruleset, profile=profile)
    except MjrefError as e:
        ruleset, profile = "", ""
        choice_error: MjrefError | None = e
    else:
        choice_error = None
    form["profiles"] = [p for p in choices if ruleset_of(choices[p]) == (ruleset or house.ruleset)]
    if not hand.strip() and request.url_vars.get("format") != "json" and choice_error is None:
        return await respond(datasette, request, "mjref_score.html", {}, result=None, error=None, form=form)
    names, titles = await site_facts(datasette)
    try:
        if choice_error is not None:
            raise choice_error
        if ruleset != "mcr" and (claim.strip() or claim_total.strip() or spec.strip()):
            raise MjrefError("audit and compare are for MCR hands: leave claim, claim_total and compare empty")
        if claim.strip() or claim_total.strip():
            checked = audit_input(hand, profile, choices, claim, claim_total, names)
            result, audited = checked.score, checked.to_dict()
        else:
            result, audited = score_input(hand, profile, choices, ruleset), None
        compared = compare_input(result.hand, spec, choices) if spec.strip() else None
    except Exception as e:  # the page's boundary: whatever the scorer raises is a 400, never a 500
        if not isinstance(e, MjrefError):
            logging.getLogger("mjref.site").exception("score page: %s", request.path)
            e = MjrefError(f"the scorer failed on this hand ({type(e).__name__})")
        data = {"error": " ".join(str(e).split()), "hand": hand, "profile": profile}
        return await respond(datasette, request, "mjref_score.html", data, status=400, result=None, form=form)
    data = result.to_dict()
    if audited is not None:
        data["audit"] = audited
    if compared is not None:
        data["compare"] = compared
    views = {
        "audit_view": audit_view(audited) if audited is not None else None,
        "compare_view": compare_view(compared, result.profile) if compared is not None else None,
        "titles": titles,
    }
    return await respond(datasette, request, "mjref_score.html", data, result=data, error=None, form=form, **views)


def score_input(hand: str, profile: str, choices: dict[str, str], ruleset: str = "mcr") -> Score:
    """Score a hand from the request under one of the site's profiles; a :class:`MjrefError` for bad input."""
    return score(hand, profile=_checked(hand, profile, choices), ruleset=ruleset)


def _checked(hand: str, profile: str, choices: dict[str, str]) -> str:
    """What :func:`scorer.score` takes for ``profile``, once the hand and the profile are checked."""
    if not hand.strip():
        raise MjrefError("no hand: give one as ?hand=… in mjref's notation")
    if len(hand) > MAX_HAND:
        raise MjrefError(f"hand too long: {len(hand)} characters (at most {MAX_HAND})")
    if profile not in choices:
        raise MjrefError(f"unknown profile {_shown(profile)}: use one of {', '.join(choices)}")
    return choices[profile]


def _shown(text: str) -> str:
    """``text`` quoted for an error message, cut at 40 characters."""
    return repr(text if len(text) <= 40 else text[:40] + "…")


def audit_input(
    hand: str, profile: str, choices: dict[str, str], claim: str, claim_total: str, names: dict[str, int]
) -> Audit:
    """Check a claim from the request (fan names, a total or both) against the hand's score.

    ``names`` is the fan-name index of the site's database, so that a claim reads the same with or
    without the rulings' files at hand. A :class:`MjrefError` for bad input, the claim's own included.
    """
    ref = _checked(hand, profile, choices)
    total = None
    if claim_total.strip():
        text = claim_total.strip()
        if not text.isascii() or not text.isdigit() or int(text[:5]) > MAX_CLAIM_TOTAL:
            raise MjrefError(f"claim_total: expected a whole number of points from 0 to {MAX_CLAIM_TOTAL}")
        total = int(text)
    return audit(hand, claim=claim if claim.strip() else None, claim_total=total, profile=ref, names=names)


def compare_input(hand: str, spec: str, choices: dict[str, str]) -> dict[str, Any]:
    """The comparison of ``hand`` under the profiles ``spec`` lists (comma-separated names, or ``all``).

    ``all`` is every MCR profile the site offers (a Babcock profile scores another game). What
    ``mjref compare --json`` prints, with every profile under the name the site shows it by.
    """
    if len(spec) > MAX_COMPARE:
        raise MjrefError(f"compare: too long ({len(spec)} characters, at most {MAX_COMPARE})")
    names: list[str] = []
    for item in (p.strip() for p in spec.split(",")):
        if item == "all":
            names += [n for n, ref in choices.items() if ruleset_of(ref) == "mcr"]
        elif item in choices:
            names.append(item)
        elif item:
            raise MjrefError(f"compare: unknown profile {_shown(item)}: use one of {', '.join(choices)}, or all")
    names = list(dict.fromkeys(names))
    if len(names) < 2:
        raise MjrefError("compare: name at least two profiles, separated by commas (or all)")
    data = compare(hand, [choices[n] for n in names]).to_dict()
    label = {choices[n]: n for n in names}  # a house profile file is shown by its name, never its path
    data["totals"] = {label[ref]: total for ref, total in data["totals"].items()}
    for d in data["differences"]:
        d["points"] = {label[ref]: points for ref, points in d["points"].items()}
        d["positions"] = {r: {label[ref]: pos for ref, pos in by.items()} for r, by in d["positions"].items()}
    return data


def _fan_link(fan: int | str) -> dict[str, Any]:
    info = FANS.get(fan) if isinstance(fan, int) else None
    return {"fan": fan, "key": info.key if info else None, "name": info.name if info else str(fan)}


def audit_view(audited: dict[str, Any]) -> dict[str, Any]:
    """The audit's JSON with what the page shows besides: fan names, the fans behind a verdict, the difference."""
    verdicts = [{**v, "name": FANS[v["fan"]].name, "by": [_fan_link(b) for b in v["by"]]} for v in audited["verdicts"]]
    missed = [{**m, "name": _fan_link(m["fan"])["name"]} for m in audited["missed"]]
    claimed, total = audited["claimed_total"], audited["total"]
    return {**audited, "verdicts": verdicts, "missed": missed, "difference": claimed - total}


def compare_view(compared: dict[str, Any], current: str) -> dict[str, Any]:
    """The comparison's JSON with, for each difference, the profiles grouped by the position they take."""
    differences = []
    for d in compared["differences"]:
        rulings = []
        for ruling, by in d["positions"].items():
            grouped: dict[str, list[str]] = {}
            for name, position in by.items():
                grouped.setdefault(position, []).append(name)
            rulings.append({"id": ruling, "positions": [{"id": p, "profiles": n} for p, n in grouped.items()]})
        differences.append({**d, "disputed": rulings})
    return {"profiles": list(compared["totals"]), "current": current, **compared, "differences": differences}


_FACTS: dict[str, tuple[dict[str, int], dict[str, str]]] = {}


async def site_facts(datasette: Any) -> tuple[dict[str, int], dict[str, str]]:
    """The fan-name index for claims and every ruling's title, read from the database once (it is immutable)."""
    key = str(datasette.get_database(DB).path)
    if key not in _FACTS:
        aliases = await rows(datasette, "SELECT fan_id, alias FROM fan_aliases ORDER BY rowid")
        titles = await rows(datasette, "SELECT id, title FROM rulings")
        _FACTS[key] = (index_names((a["fan_id"], a["alias"]) for a in aliases), {t["id"]: t["title"] for t in titles})
    return _FACTS[key]


# The page cache. The database is served immutable and the house profile is fixed while the site runs, so
# each page is a function of its URL: every Datasette instance keeps its most recent answers, bounded in
# number and in bytes, and browsers may keep a page for CACHE_SECONDS.

CACHE_ENTRIES = 2048
CACHE_BYTES = 64 * 2**20
CACHE_SECONDS = 300
View = Callable[[Any, Any], Awaitable[Response]]
Cached = tuple[bytes, int, tuple[tuple[str, str], ...], str]


class PageCache:
    """Answers by URL, least recently used dropped first once either bound is passed."""

    def __init__(self, entries: int = CACHE_ENTRIES, max_bytes: int = CACHE_BYTES) -> None:
        self.entries, self.max_bytes, self.size = entries, max_bytes, 0
        self.pages: OrderedDict[str, Cached] = OrderedDict()

    def get(self, url: str) -> Cached | None:
        page = self.pages.get(url)
        if page is not None:
            self.pages.move_to_end(url)
        return page

    def put(self, url: str, page: Cached) -> None:
        if len(page[0]) > self.max_bytes // 64 or url in self.pages:
            return
        self.pages[url] = page
        self.size += len(page[0])
        while len(self.pages) > self.entries or self.size > self.max_bytes:
            self.size -= len(self.pages.popitem(last=False)[1][0])


def cached(view: View) -> View:
    """``view`` answered from the page cache of its Datasette instance when it has answered the URL before."""

    @wraps(view)
    async def answer(datasette: Any, request: Any) -> Response:
        if request.method not in ("GET", "HEAD"):
            return await view(datasette, request)
        cache = datasette.__dict__.setdefault("_mjref_pages", PageCache())
        url = f"{request.path}?{request.query_string}"
        page = cache.get(url)
        if page is None:
            response = await view(datasette, request)
            body = response.body if isinstance(response.body, bytes) else str(response.body).encode("utf-8")
            headers = {**response.headers, "cache-control": f"public, max-age={CACHE_SECONDS}"}
            page = (body, response.status, tuple(headers.items()), response.content_type)
            cache.put(url, page)
        body, status, headers, content_type = page
        return Response(body, status=status, headers=dict(headers), content_type=content_type)

    return answer


@hookimpl
def prepare_jinja2_environment(env: Any) -> None:
    # The templates, like the database, do not change while the site runs: Jinja need not check each
    # template file's time stamp on every page it renders.
    env.auto_reload = False


@hookimpl
def register_routes() -> list[tuple[str, Any]]:
    fmt = r"(?:\.(?P<format>json))?$"
    return [
        (r"^/(?:index\.(?P<format>json))?$", cached(home)),
        (r"^/rulings/(?P<id>[^/.]+)" + fmt, cached(ruling_page)),
        (r"^/fans/(?P<key>[^/.]+)" + fmt, cached(fan_page)),
        (r"^/sources/(?P<id>[^/.]+)" + fmt, cached(source_page)),
        (r"^/-/search" + fmt, cached(search_page)),
        (r"^/-/score" + fmt, cached(score_page)),
    ]
