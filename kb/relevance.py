"""Full-text relevance of the rulings to a question's words: BM25 over ``kb.db``'s two full-text indexes.

English words are looked up in ``rulings_fts`` (Porter stemming), each word and each pair of neighbouring words as a
phrase ("four chows" beats "four" + "chows"); Chinese runs in ``rulings_bigrams`` (:mod:`kb.chinese_index`), each
pair of neighbouring characters as a phrase; a run of one character by a scan of the Chinese texts, since neither
index holds one character inside a word. Both indexes weigh their columns alike (:data:`WEIGHTS`): a ruling's title,
names and question above its answer, and the body far below, so that one common word of a long body does not put a
ruling above the one whose title or aliases say what was asked.

FTS5's BM25 of a query ``p1 OR p2 ...`` is a sum over its phrases of each phrase's own term, so each phrase is asked
alone, once (its terms kept, :data:`PHRASE_CACHE` of them, as words recur from one question to the next), and the sums
are made here. One thing is changed: FTS5's inverse document frequency, log((N - n + 0.5) / (n + 0.5)), is no more
than a millionth for a word more than half the rulings use, which in this corpus are the words of the game itself
(tile, kong, discard, count): a question's most telling words then weigh nothing, and one rare word of no import
decides. Each term is rescaled to Lucene's form of the same weight, log(1 + (N - n + 0.5) / (n + 0.5)), which is
always positive and otherwise nearly FTS5's (:func:`idf`); the term is the IDF times a factor of the row alone, so the
rescaling is exact. The offline search (``web/static/offline/search.js``) computes the same terms from the tokens
``web/export/search_index.py`` exports.
"""

from __future__ import annotations

import math
import sqlite3

from scorer.caches import remember

from .chinese_index import TABLE as CJK_TABLE
from .query_words import run_bigrams

# BM25 column weights: title, question, answer, names, fan_names, body (both indexes have these columns).
WEIGHTS = (10.0, 6.0, 3.0, 8.0, 0.0, 0.2)
_WEIGHT_LIST = ", ".join(str(w) for w in WEIGHTS)  # as bm25() takes them
BEST = 60  # the rows of the word index a question's relevance reads
# Phrases whose BM25 terms an index keeps, for each full-text index, and short Chinese runs whose rulings it keeps
# (then it forgets them all and starts again).
PHRASE_CACHE = 4096
# The full-text indexes, and how each gives a phrase's BM25 for each row that has it, by rowid (a ruling's in both).
WORD_INDEX = "rulings_fts"
_TERMS_SQL = {
    WORD_INDEX: f"SELECT rowid, bm25(rulings_fts, {_WEIGHT_LIST}) FROM rulings_fts WHERE rulings_fts MATCH ?",
    CJK_TABLE: f"SELECT rowid, bm25({CJK_TABLE}, {_WEIGHT_LIST}) FROM {CJK_TABLE} WHERE {CJK_TABLE} MATCH ?",
}


def idf(having: int, rows: int) -> float:
    """The inverse document frequency of a phrase ``having`` of ``rows`` rows have: Lucene's, always positive.

    >>> round(idf(1, 170), 3), round(idf(138, 170), 3), idf(170, 170) > 0
    (4.736, 0.211, True)
    """
    return math.log(1.0 + (rows - having + 0.5) / (having + 0.5))


def _fts5_idf(having: int, rows: int) -> float:
    """The inverse document frequency FTS5's bm25() uses (sqlite's fts5_aux.c), a millionth where it is not positive."""
    value = math.log((rows - having + 0.5) / (having + 0.5))
    return value if value > 0.0 else 1e-6


class FullText:
    """The full-text indexes of an open knowledge base, with the BM25 terms of the phrases asked so far."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._ids = dict(conn.execute("SELECT rowid, id FROM rulings"))  # the word index's rows by rowid
        self._rows = len(self._ids)  # the rows of each full-text index: one a ruling
        self._phrase_cache: dict[str, dict[str, list[tuple[int, float]]]] = {WORD_INDEX: {}, CJK_TABLE: {}}
        self._short_runs: dict[str, list[str]] = {}  # see having
        # Each ruling's Chinese text, for the runs of one character (in the table's order).
        self._cjk_texts: dict[str, str] = {
            rid: cjk for rid, cjk in conn.execute("SELECT id, cjk FROM rulings ORDER BY rowid") if cjk
        }

    def scores(self, terms: tuple[tuple[str, ...], tuple[str, ...]]) -> dict[str, float]:
        """Relevance of each ruling to a text's latin words and CJK runs, scaled so the best is 1."""
        words, runs = terms
        scores: dict[str, float] = {}
        if words:
            phrases = [f'"{w}"' for w in words] + [f'"{a} {b}"' for a, b in zip(words, words[1:], strict=False)]
            ids = self._ids
            for rowid, score in self.phrases_best(phrases):
                rid = ids.get(rowid)  # None only in a damaged file: a full-text row without its ruling
                if rid is not None:
                    scores[rid] = score
        for rid, score in self.chinese(runs).items():
            scores[rid] = scores.get(rid, 0.0) + score
        if scores:
            best = max(scores.values()) or 1.0
            scores = {rid: s / best for rid, s in scores.items()}
        return scores

    def chinese(self, runs: tuple[str, ...]) -> dict[str, float]:
        """The BM25 of a question's Chinese runs for each ruling that has any: each run's pairs of characters asked of
        the Chinese index, in order, the terms summed; a run of one character counts 1 for each text that has it,
        unless it is left over from a longer question, where it says little."""
        totals: dict[str, float] = {}
        for run in runs:
            if len(run) == 1:
                if len(runs) == 1:
                    for rid in self.having(run):
                        totals[rid] = totals.get(rid, 0.0) + 1.0
                continue
            for pair in run_bigrams(run):
                for rowid, term in self.phrase_terms(f'"{pair}"', CJK_TABLE):
                    ruling = self._ids.get(rowid)
                    if ruling is not None:
                        totals[ruling] = totals.get(ruling, 0.0) + term
        return totals

    def rulings_using(self, terms: tuple[tuple[str, ...], tuple[str, ...]]) -> list[set[str]]:
        """The rulings that use each of a text's latin words and each pair of characters of its CJK runs."""
        ids = self._ids
        found = [{ids[row] for row, _ in self.phrase_terms(f'"{w}"') if row in ids} for w in terms[0]]
        pairs = [pair for run in terms[1] for pair in run_bigrams(run)]
        return found + [
            {ids[row] for row, _ in self.phrase_terms(f'"{pair}"', CJK_TABLE) if row in ids} for pair in pairs
        ]

    def phrases_best(self, phrases: list[str]) -> list[tuple[int, float]]:
        """The 60 rows of the word index that match ``phrases`` (any of them) best, with their BM25 score (higher is
        better; rows that tie in the order of the index)."""
        totals: dict[int, float] = {}
        for phrase in phrases:
            for rowid, term in self.phrase_terms(phrase):
                totals[rowid] = totals.get(rowid, 0.0) + term
        return sorted(totals.items(), key=lambda item: (-item[1], item[0]))[:BEST]

    def phrase_terms(self, phrase: str, index: str = WORD_INDEX) -> list[tuple[int, float]]:
        """Each row of a full-text ``index`` that has ``phrase`` (its rowid, its ruling's), with the phrase's BM25 term
        for it: the row's bm25() for the phrase alone, negated, with :func:`idf` for FTS5's."""
        cache = self._phrase_cache[index]
        found = cache.get(phrase)
        if found is None:
            rows = self.conn.execute(_TERMS_SQL[index], (phrase,)).fetchall()
            scale = idf(len(rows), self._rows) / _fts5_idf(len(rows), self._rows)
            found = [(row, -rank * scale) for row, rank in rows]
            remember(cache, phrase, found, PHRASE_CACHE)
        return found

    def having(self, run: str) -> list[str]:
        """The rulings whose Chinese text has ``run`` (one character), in the table's order: found by a scan of the
        texts held in memory (five times faster than SQLite's instr() over the column), kept as the phrases' terms
        are."""
        found = self._short_runs.get(run)
        if found is None:
            found = [rid for rid, cjk in self._cjk_texts.items() if run in cjk]
            remember(self._short_runs, run, found, PHRASE_CACHE)
        return found
