"""The search page ``/-/search?q=``: the ranking of ``mjref lookup``, terms and fan names highlighted."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from datasette import Response
from markupsafe import Markup

from kb.lookup import MAX_QUERY, Index, LookupFailed, shown_in

from .db import DB, Read, gather
from .highlight import Shown, excerpt, highlight, terms_pattern
from .markup import escape_text
from .reference import text
from .respond import respond
from .urls import lang_of, site_urls

# The snippet's text: the body as its page reads (a ruling link as that ruling's title), in the page's language.
BODY_TEXT = {"en": "body_shown", "zh": "COALESCE(NULLIF(body_zh_shown, ''), body_shown)"}
SEARCH_LIMIT = 10  # results on the search page: the first page a referee reads


@dataclass(frozen=True)
class SiteTexts:
    """What the search page shows besides the hits, in one language: each fan's names (to mark them in the texts),
    each fan's row (for "Fans named"), and each ruling's title, answer and body as text (the snippet's), prepared
    for highlighting (:class:`web.highlight.Shown`)."""

    aliases: dict[int, list[str]]
    fans: dict[int, dict[str, Any]]
    shown: dict[str, tuple[Shown, Shown, Shown]]  # ruling id -> its title, answer and body, as a hit shows them


_TEXTS: dict[tuple[str, str], SiteTexts] = {}  # (database, language) -> its texts


async def site_texts(datasette: Any, lang: str) -> SiteTexts:
    """The :class:`SiteTexts` of the site's database in ``lang``, read once (as :func:`web.db.site_facts` is): the
    database is immutable while the site runs, and a search then needs no query of its own besides the ranking's."""
    key = (str(datasette.get_database(DB).path), lang)
    if key not in _TEXTS:

        def load(read: Read) -> SiteTexts:
            aliases: dict[int, list[str]] = {}
            for row in read("SELECT fan_id, alias FROM fan_aliases ORDER BY rowid"):
                aliases.setdefault(row["fan_id"], []).append(row["alias"])
            fans = {f["id"]: f for f in read(f"SELECT id, key, {text('name', lang)}, name_zh FROM fans")}
            shown = {}
            columns = "id, title, answer, title_zh, answer_zh"
            for r in read(f"SELECT {columns}, {BODY_TEXT[lang]} AS body FROM rulings"):
                title, answer = shown_in(lang, r["title"], r["answer"], r["title_zh"] or "", r["answer_zh"] or "")
                shown[r["id"]] = (Shown(title), Shown(answer), Shown(r["body"] or ""))
            return SiteTexts(aliases, fans, shown)

        _TEXTS[key] = await gather(datasette, load)
    return _TEXTS[key]


@lru_cache(maxsize=4)
def site_index(path: str) -> Index:
    """The search index of the site's database, opened once: the database is immutable while the site runs."""
    return Index(Path(path), immutable=True)


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
    texts = await site_texts(datasette, lang)
    names = [alias for fan in sorted(set(fans)) for alias in texts.aliases.get(fan, ())]  # in the table's order
    pattern = terms_pattern(q, names)
    ruling_url = site_urls(datasette, lang)["ruling_url"]
    data["results"] = []
    for hit in hits:
        found = hit.to_dict(lang)  # in Chinese: the Chinese title and answer, or the English where none is written
        title, answer, body = texts.shown.get(hit.id) or (Shown(found["title"]), Shown(found["answer"]), Shown(""))
        data["results"].append(
            {
                **found,
                "url": ruling_url(hit.id),
                "title_html": highlight(title, pattern),
                "answer_html": highlight(answer, pattern),
                "snippet_html": excerpt(body, pattern),
            }
        )
    data["fans_named"] = [texts.fans[fan] for fan in fans if fan in texts.fans]
    return await respond(datasette, request, "mjref_search.html", data, results_html=result_items(data["results"]))


def result_items(results: list[dict[str, Any]]) -> Markup:
    """The ``<li>`` of each result, drawn here rather than by a template loop (a tenth of a search's time):
    each value escaped, the highlighted texts already markup."""
    items = []
    for r in results:
        snippet = f'<p class="snippet">{r["snippet_html"]}</p>' if r["snippet_html"] else ""
        items.append(
            f'<li class="result"><a class="result-title" href="{escape_text(r["url"])}">{r["title_html"]}</a> '
            f'<code class="muted">{escape_text(r["id"])}</code><p class="answer">{r["answer_html"]}</p>{snippet}</li>'
        )
    return Markup("".join(items))
