"""The static search index of the exported site: what :class:`kb.lookup.Index` reads from ``kb.db``, as one JSON
file that ``static/offline/search.js`` ranks with the same rules in the browser.

The full-text part keeps what SQLite's FTS5 would compute BM25 from: each ruling's tokens per column, as the
index itself stores them (porter-stemmed, read through ``fts5vocab``), and a map from each word of the rulings
to its stem, so that the browser stems a query the same way (a word no ruling uses is stemmed by dropping a
plural or ``-ed``/``-ing`` ending: the one place the static ranking may differ). The Chinese part keeps each
ruling's tokens of the Chinese index per column (:mod:`kb.chinese_index`, pairs of characters) and its Chinese text for
the one-character matches; the words the speller knows (:mod:`kb.spelling`) and each ruling's kind
(:mod:`kb.intent`) come with them.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

from kb import chinese_index, laid_sets, lookup, query_words, relevance, table_words

COLUMNS = ("title", "question", "answer", "names", "fan_names", "body_text")
_WORD = re.compile(r"[^\W_]+")


def _instances(conn: sqlite3.Connection, table: str) -> list[tuple[str, int, str, int]]:
    conn.execute(f"CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, {table}, instance)")
    try:
        return conn.execute("SELECT term, doc, col, offset FROM temp.vocab ORDER BY doc, col, offset").fetchall()
    finally:
        conn.execute("DROP TABLE temp.vocab")


def _stems(conn: sqlite3.Connection, words: set[str]) -> dict[str, str]:
    """Each word's stem as the index's tokenizer makes it (one FTS5 row per word, read back through fts5vocab)."""
    ordered = sorted(words)
    conn.execute("CREATE VIRTUAL TABLE temp.words USING fts5(w, tokenize='porter unicode61 remove_diacritics 2')")
    conn.execute("CREATE VIRTUAL TABLE temp.stems USING fts5vocab(temp, words, instance)")
    try:
        conn.executemany("INSERT INTO temp.words (rowid, w) VALUES (?, ?)", enumerate(ordered, start=1))
        stems = {ordered[doc - 1]: term for term, doc in conn.execute("SELECT term, doc FROM temp.stems")}
    finally:
        conn.execute("DROP TABLE temp.stems")
        conn.execute("DROP TABLE temp.words")
    return {w: s for w, s in stems.items() if w != s}


def build_index(db: Path) -> dict[str, Any]:
    """The index as JSON-ready data."""
    index = lookup.open_index(db)
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = conn.execute(f"SELECT rowid, id, cjk, {', '.join(COLUMNS)} FROM rulings ORDER BY rowid").fetchall()
        order = {rowid: n for n, (rowid, *_rest) in enumerate(rows)}
        vocab: dict[str, int] = {}
        tokens: list[list[list[int]]] = [[[] for _ in COLUMNS] for _ in rows]
        for term, doc, col, _offset in _instances(conn, "rulings_fts"):
            tokens[order[doc]][COLUMNS.index(col)].append(vocab.setdefault(term, len(vocab)))
        words = {w for row in rows for text in row[3:] for w in _WORD.findall(str(text or "").lower())}
        stems = _stems(conn, words)
        pairs = ", ".join(chinese_index.COLUMNS)
        bigram_columns = {row[0]: list(row[1:]) for row in conn.execute(f"SELECT rowid, {pairs} FROM rulings_bigrams")}
        fans = conn.execute("SELECT id, key, name, name_zh FROM fans").fetchall()
    finally:
        conn.close()
    rulings = []
    for n, (rowid, rid, cjk, *_cols) in enumerate(rows):
        r = index.rulings[rid]
        rulings.append(
            {
                "id": rid,
                "title": r.title,
                "answer": r.answer,
                "url": r.url,
                "title_zh": r.title_zh,
                "answer_zh": r.answer_zh,
                "fans": sorted(r.fans),
                "own": r.own_fan,
                "summary": index.summaries[rid],
                "words": sorted(index.summary_words[rid]),
                "bigrams": sorted(index.summary_bigrams[rid]),
                "cjk": cjk or "",
                "bigram_columns": bigram_columns[rowid],
                "kind": index.kind_of[rid],
                "tokens": tokens[n],
            }
        )
    return {
        "version": 1,
        "rulings": rulings,
        "vocab": list(vocab),
        "stems": stems,
        "cjk_names": index._cjk_names,
        "word_names": [[fan, name.strip()] for fan, name, _plural in index._word_names],
        "own_fans": sorted(f for f in index._own_fans if f is not None),
        "exact": {form: list(ids) for form, ids in index._exact.items()},  # kb.exact_names: a ruling named
        "fans": {str(i): {"key": k, "name": name, "name_zh": zh} for i, k, name, zh in fans},
        "stopwords": sorted(query_words.STOPWORDS),
        "not_words": sorted(query_words.NOT),
        "cjk_words": query_words.CJK_WORDS,
        "cjk_particles": query_words.CJK_PARTICLES,
        "known_words": index._speller.known,
        "weights": list(relevance.WEIGHTS),
        "weights_fused": {"relevance": lookup.RELEVANCE, "shared": lookup.SHARED, "intent": lookup.INTENT},
        "max_query": lookup.MAX_QUERY,
        "table_words": table_words.baked(),  # kb.table_words: pong, ron, 胡 read as the rulings write them
        "laid_sets": laid_sets.baked(),  # kb.laid_sets: a set written as tiles that are no set (chowed 4-6-7)
    }


def write_index(db: Path, path: Path) -> None:
    """Write the index as compact JSON."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(build_index(db), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
