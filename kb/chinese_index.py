"""The Chinese full-text index of ``kb.db``, ``rulings_bigrams``: each ruling's Chinese texts as pairs of characters.

FTS5 has no Chinese tokenizer, so the texts are split before they are stored (:func:`kb.query_words.index_tokens`:
"杠上开花" is stored as "杠上 上开 开花") and FTS5's ``unicode61`` tokenizer reads each pair as one token. The columns
are the word index's (``rulings_fts``), so BM25 weighs them alike (:data:`COLUMNS`, the weights in
:mod:`kb.relevance`): the title, question and answer (the Chinese ones and any Chinese in the English ones), the names
a ruling goes by (its fan's, or its ``aliases``: 相公, 跳摸, 漏碰), the fans it concerns, and the body (Chinese and
English, with the positions' Chinese summaries). :mod:`kb.lookup` asks it one pair at a time;
``web/export/search_index.py`` exports the same tokens for the offline search.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

from .query_words import index_tokens

TABLE = "rulings_bigrams"
COLUMNS = ("title", "question", "answer", "names", "fan_names", "body")
# Each column's texts in the rulings table (a position's Chinese summary is added to the body).
_SOURCES = {
    "title": "coalesce(title_zh, '') || ' ' || title",
    "question": "coalesce(question_zh, '') || ' ' || question",
    "answer": "coalesce(answer_zh, '') || ' ' || answer",
    "names": "names",
    "fan_names": "fan_names",
    "body": "coalesce(body_zh_text, '') || ' ' || coalesce(body_text, '')",
}


def _rows(conn: sqlite3.Connection) -> Iterator[tuple[int | str, ...]]:
    summaries: dict[str, list[str]] = {}
    for rid, summary in conn.execute("SELECT ruling_id, summary_zh FROM positions WHERE summary_zh IS NOT NULL"):
        summaries.setdefault(rid, []).append(summary)
    texts = ", ".join(_SOURCES[c] for c in COLUMNS)
    for rowid, rid, *columns in conn.execute(f"SELECT rowid, id, {texts} FROM rulings ORDER BY rowid"):
        columns[-1] = " ".join([*summaries.get(rid, ()), columns[-1]])
        yield (rowid, *(index_tokens(text or "") for text in columns))


def write_chinese_index(conn: sqlite3.Connection) -> None:
    """Create and fill ``rulings_bigrams`` from the rulings and positions tables: a ruling's row has its rowid, as in
    ``rulings_fts``."""
    conn.execute(f"CREATE VIRTUAL TABLE {TABLE} USING fts5({', '.join(COLUMNS)}, tokenize='unicode61')")
    marks = ", ".join("?" * (len(COLUMNS) + 1))
    conn.executemany(f"INSERT INTO {TABLE} (rowid, {', '.join(COLUMNS)}) VALUES ({marks})", list(_rows(conn)))
