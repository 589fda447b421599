"""A question that is a ruling's id, its title in either language, or one of its aliases: that ruling is the one
asked for.

``mjref lookup payments``, ``mjref lookup kong-table`` or ``mjref lookup 和牌后谁付多少`` name a ruling rather than
ask about it; :mod:`kb.lookup` ranks that ruling first (the rulings that share a title, such as Thirteen Orphans
in MCR and under Babcock, first in their own order). Ids and titles are compared folded (:func:`kb.names.fold`:
case, accents, punctuation and spacing aside), a title also without a leading "The". An alias (the words players
use for a foul: 相公, "long hand") names its ruling as a title does.

>>> names = exact_names([("kong-table", "The kong table", "杠的计分表"), ("b-kongs", "The Kong Table", None)],
...                     {"kong-table": ["kong payments"]})
>>> [named_ruling(q, names) for q in ("kong-table", "the kong table", "杠的计分表。", "kong", "Kong payments")]
[('kong-table',), ('kong-table', 'b-kongs'), ('kong-table',), (), ('kong-table',)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .names import fold


def exact_names(
    rulings: Iterable[tuple[str, str, str | None]], aliases: Mapping[str, Iterable[str]] | None = None
) -> dict[str, tuple[str, ...]]:
    """The folded forms that name rulings, from each one's ``(id, title, Chinese title)`` and its ``aliases`` (by id),
    with the rulings they name: one for an id (an id wins over a title that folds the same), each ruling of that title
    (or alias) for a title."""
    ids: dict[str, tuple[str, ...]] = {}
    titles: dict[str, tuple[str, ...]] = {}
    for rid, title, title_zh in rulings:
        ids[fold(rid)] = (rid,)
        for text in (title, title_zh or "", *(aliases or {}).get(rid, ())):
            folded = fold(text)
            for form in dict.fromkeys((folded, folded.removeprefix("the "))):
                if form and rid not in titles.get(form, ()):
                    titles[form] = (*titles.get(form, ()), rid)
    return {**titles, **ids}


def named_ruling(query: str, names: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The rulings ``query`` names by an id or a title (none, one, or those sharing the title)."""
    return names.get(fold(query), ())
