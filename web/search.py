"""The search page ``/-/search?q=``: the ranking of ``mjref lookup``, terms and fan names highlighted."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from datasette import Response

from kb.lookup import MAX_QUERY, Index, LookupFailed, open_index

from .db import DB, gather
from .highlight import excerpt, highlight, terms_pattern
from .reference import text
from .respond import respond
from .urls import lang_of, page_urls

BODY_TEXT = {"en": "body_text", "zh": "COALESCE(NULLIF(body_zh_text, ''), body_text)"}  # the snippet's text
SEARCH_LIMIT = 10  # results on the search page: the first page a referee reads


@lru_cache(maxsize=4)
def site_index(path: str) -> Index:
    """The search index of the site's database, opened once: the database is immutable while the site runs."""
    return open_index(Path(path))


async def search_page(datasette: Any, request: Any) -> Response:
    q = request.args.get("q", "")
    lang = lang_of(request)
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
            read(f"SELECT id, key, {text('name', lang)}, name_zh FROM fans WHERE id {in_list}", [fan_ids]),
            read(f"SELECT id, {BODY_TEXT[lang]} AS body_text FROM rulings WHERE id {in_list}", [ids]),
        ),
    )
    texts = {r["id"]: r["body_text"] for r in bodies}
    pattern = terms_pattern(q, [n["alias"] for n in names])
    ruling_url = page_urls(datasette.urls, lang)["ruling_url"]
    data["results"] = []
    for hit in hits:
        found = hit.to_dict(lang)  # in Chinese: the Chinese title and answer, or the English where none is written
        data["results"].append(
            {
                **found,
                "url": ruling_url(hit.id),
                "title_html": highlight(found["title"], pattern),
                "answer_html": highlight(found["answer"], pattern),
                "snippet_html": excerpt(texts.get(hit.id) or "", pattern),
            }
        )
    data["fans_named"] = sorted(named, key=lambda f: fans.index(f["id"]))
    return await respond(datasette, request, "mjref_search.html", data)
