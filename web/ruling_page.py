"""A ruling's page ``/rulings/<id>``: what it shows, read from the database, and the view.

A ruling page is a function of the knowledge base, which the site serves immutable, of the house profile and the
profiles the site offers, which are fixed while it runs, and of the language. Reading it took about ten queries a
page, and drawing its worked examples (each with the scorer's breakdown under its line, the totals under every
profile) was nearly half of its time, up to 12 ms for a ruling with 46 examples. So both are done for every ruling
of the database in one pass (:func:`prepare`) when a worker starts (:func:`web.app.create_app`, about 0.4 s a
language and 12 MB a language per worker; when the site runs in-process, as for ``mjref export``, the first ruling
page of each language waits for it): a page then costs the same however rarely it is asked for. What remains for
each request is the page itself: its template, its lists and the frame, in its language.

This is no page cache: nothing here depends on the requests a worker has seen, and the page cache
(:mod:`web.cache`) still keeps whole answers by address.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from datasette import NotFound, Response
from markupsafe import Markup

from kb.i18n import localize
from scorer.errors import MjrefError
from scorer.profiles import Profile

from .db import Read, reader
from .house import profiles
from .reference import body_column, body_links, examples, exclusions_for, text, with_totals
from .respond import respond
from .score_checks import named
from .urls import lang_of, site_urls
from .worked_examples import worked_examples


@dataclass(frozen=True)
class PreparedRuling:
    """A ruling page's content in one language: ``data`` is what the page shows and its JSON answer (never changed
    once made), ``examples_html`` its worked examples drawn."""

    data: dict[str, Any]
    examples_html: Markup


async def ruling_page(datasette: Any, request: Any) -> Response:
    rid = request.url_vars["id"]
    prepared = prepare(datasette, lang_of(request)).get(rid)
    if prepared is None:
        if any(r.id == rid for r in profiles(datasette)[0].house_rulings):  # the house's own: on the house page
            house = site_urls(datasette, lang_of(request))["house_url"]()
            return Response.redirect(house + (".json" if request.url_vars.get("format") else f"#house-ruling-{rid}"))
        message = MjrefError("ruling %(id)s not found", id=repr(rid))  # in the page's language, as its frame
        raise NotFound(localize(message, lang_of(request)))
    return await respond(datasette, request, "mjref_ruling.html", prepared.data, examples_html=prepared.examples_html)


def prepare(datasette: Any, lang: str) -> dict[str, PreparedRuling]:
    """Every ruling of the site's database in ``lang``, by id (prepared on the first call, kept by the instance)."""
    kept: dict[str, dict[str, PreparedRuling]] = datasette.__dict__.setdefault("_mjref_prepared_rulings", {})
    if lang not in kept:
        kept[lang] = _prepare_all(datasette, lang)
    return kept[lang]


def _prepare_all(datasette: Any, lang: str) -> dict[str, PreparedRuling]:
    house, choices = profiles(datasette)
    urls = site_urls(datasette, lang)
    fan_url, ruling_url = urls["fan_url"], urls["ruling_url"]
    read = reader(datasette)
    prepared = {}
    for row in read("SELECT id FROM rulings ORDER BY id"):
        data = ruling_data(read, row["id"], house, lang)
        if data is None:  # listed above, so never: the database is immutable
            continue
        with_totals(data["examples"], house, choices)
        for e in data["examples"]:  # the stored breakdown names its fans in English: in Chinese on a Chinese page
            if e["computed"]:
                named(e["computed"], lang)
        drawn = worked_examples(data["examples"], fan_url, ruling_url, lang)  # every value escaped
        prepared[row["id"]] = PreparedRuling(data, drawn)
    return prepared


def ruling_data(read: Read, rid: str, house: Profile, lang: str = "en") -> dict[str, Any] | None:
    """Everything a ruling page shows (its texts in ``lang``), or None when there is no such ruling; the worked
    examples as stored, before :func:`with_totals` and their fans named in ``lang``."""
    found = read(
        f"SELECT id, {text('title', lang)}, ruleset, topic, status, {text('question', lang)}, {text('answer', lang)}, "
        f"{body_column('', lang)}, path, url "
        "FROM rulings WHERE id = ?",
        [rid],
    )
    if not found:
        return None
    citations = _citations(read, rid)
    found[0]["body_html"] = body_links(found[0]["body_html"], lang)
    return {
        "ruling": found[0],
        "citations": [c for c in citations if c["position_id"] is None],
        "positions": _positions(read, rid, house, citations, lang),
        "examples": examples(read, "WHERE e.ruling_id = ?", [rid], lang),
        "fans": read(
            f"SELECT rf.fan, f.id, f.key, {text('f.name', lang)}, f.name_zh, f.points FROM ruling_fans rf "
            "LEFT JOIN fans f ON f.id = rf.fan_id WHERE rf.ruling_id = ? ORDER BY rf.rowid",
            [rid],
        ),
        "applies_to": _applies_to(read, rid, house, lang),
        "links": read(
            f"SELECT DISTINCT r.id, {text('r.title', lang)} FROM ruling_links l JOIN rulings r ON r.id = l.target_id "
            "WHERE l.ruling_id = ? ORDER BY r.title",
            [rid],
        ),
        "linked_from": read(
            f"SELECT DISTINCT r.id, {text('r.title', lang)} FROM ruling_links l JOIN rulings r ON r.id = l.ruling_id "
            "WHERE l.target_id = ? AND l.ruling_id != ? ORDER BY r.title",
            [rid, rid],
        ),
        "profile": {"name": house.name, "title": house.title},
    }


def _citations(read: Read, rid: str) -> list[dict[str, Any]]:
    """A ruling's citations, each (position, source, locator) once, a quoted one kept over a bare one."""
    cited = read(
        "SELECT c.position_id, c.source_id, s.title AS source_title, s.authority, s.quoted_by, c.locator, c.quote "
        "FROM citations c LEFT JOIN sources s ON s.id = c.source_id WHERE c.ruling_id = ? ORDER BY c.rowid",
        [rid],
    )
    unique: dict[tuple[Any, ...], dict[str, Any]] = {}
    for c in cited:
        key = (c["position_id"], c["source_id"], c["locator"])
        if key not in unique or (c["quote"] and not unique[key]["quote"]):
            unique[key] = c
    return list(unique.values())


def _positions(
    read: Read, rid: str, house: Profile, citations: list[dict[str, Any]], lang: str = "en"
) -> list[dict[str, Any]]:
    taken = read("SELECT profile_id, position_id FROM profile_positions WHERE ruling_id = ?", [rid])
    positions = read(f"SELECT id, {text('summary', lang)} FROM positions WHERE ruling_id = ? ORDER BY ord", [rid])
    for p in positions:
        p["house"] = house.positions.get(rid) == p["id"]
        p["profiles"] = [t["profile_id"] for t in taken if t["position_id"] == p["id"]]
        p["citations"] = [c for c in citations if c["position_id"] == p["id"]]
    return positions


def _applies_to(read: Read, rid: str, house: Profile, lang: str = "en") -> list[dict[str, Any]]:
    """What the scorer does with a ruling: the fans it defines, and the exclusions it decides."""
    defines = read(f"SELECT id, key, {text('name', lang)} FROM fans WHERE ruling_id = ? ORDER BY id", [rid])
    excludes = read(
        f"SELECT e.fan_id, f.key AS fan_key, {text('f.name', lang, 'fan_name')}, e.excluded_fan_id, "
        f"x.key AS excluded_key, {text('x.name', lang, 'excluded_name')}, e.scope, e.condition, "
        f"{text('c.name', lang, 'condition_fan')}, e.position, "
        "group_concat(e.profile_id, ', ') AS profiles FROM exclusions e JOIN fans f ON f.id = e.fan_id "
        "JOIN fans x ON x.id = e.excluded_fan_id LEFT JOIN fans c ON c.id = CAST(e.condition AS INTEGER) "
        "WHERE e.ruling_id = ? GROUP BY e.fan_id, e.excluded_fan_id, e.scope, e.condition, e.position "
        "ORDER BY e.fan_id, e.excluded_fan_id",
        [rid],
    )
    excludes = exclusions_for(house, excludes, lang)
    return [{"kind": "definition", **d} for d in defines] + [{"kind": "exclusion", **e} for e in excludes]
