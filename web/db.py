"""Reading the knowledge base: the pages' fixed queries on a read-only connection of the site's own."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from kb.claims import index_names

DB = "kb"  # the database's name in Datasette: the file is kb.db

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
    return work(reader(datasette))


def reader(datasette: Any) -> Read:
    """``read(sql, params)`` on the site's read-only connection: the rows as dicts."""
    conn = _connection(str(datasette.get_database(DB).path))

    def read(sql: str, params: Iterable[Any] = ()) -> list[dict[str, Any]]:
        cursor = conn.execute(sql, list(params))
        columns = [d[0] for d in cursor.description]
        return [dict(zip(columns, row, strict=True)) for row in cursor]

    return read


async def rows(datasette: Any, sql: str, params: Iterable[Any] = ()) -> list[dict[str, Any]]:
    """The rows of a query on the knowledge base, as dicts (one query of :func:`gather`)."""
    found: list[dict[str, Any]] = await gather(datasette, lambda read: read(sql, params))
    return found


_FACTS: dict[tuple[str, str], tuple[dict[str, int], dict[str, str]]] = {}  # (database, language) -> (names, titles)


async def site_facts(datasette: Any, lang: str = "en") -> tuple[dict[str, int], dict[str, str]]:
    """The fan-name index for claims and every ruling's title in ``lang`` (the English one where the Chinese is
    not written), read from the database once (it is immutable)."""
    key = (str(datasette.get_database(DB).path), lang)
    if key not in _FACTS:
        aliases = await rows(datasette, "SELECT fan_id, alias FROM fan_aliases ORDER BY rowid")
        column = "COALESCE(NULLIF(title_zh, ''), title)" if lang == "zh" else "title"
        titles = await rows(datasette, f"SELECT id, {column} AS title FROM rulings")  # noqa: S608  (a fixed column)
        _FACTS[key] = (index_names((a["fan_id"], a["alias"]) for a in aliases), {t["id"]: t["title"] for t in titles})
    return _FACTS[key]
