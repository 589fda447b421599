"""Find the rulings for a question as a referee types it, in any fan name.

Ranking combines two signals:

- **the fans named in the question**, in any of their names (English variants, 中文, pinyin with or
  without tones, or ``fan 64``). A ruling about every fan named ranks high; a fan's own definition
  ranks high when it is the only fan named;
- **full-text relevance** (SQLite FTS5, BM25 with Porter stemming; a trigram index for Chinese text),
  weighting the title and question above the answer and body.

The site's search uses the same function, so the two rank alike.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from scorer.errors import MjrefError

from .build import DEFAULT_DB
from .db_file import NO_SUCH_FILE, knowledge_base_problem
from .names import fold

MAX_QUERY = 300  # characters
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_FAN_NUMBER = re.compile(r"(?:\bfan\s*#?|#)\s*([1-9][0-9]?)\b", re.IGNORECASE)
_STOPWORDS_TEXT = """a an and are as at be by can could do does for from has have how i if in is it its may me my
of on or our should so that the their them then there these they this to under was we what when where
which who why will with would you your hand hands score scored scores count counts fan fans
combine combines combined together also many much make get"""
_STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
# BM25 column weights: title, question, answer, names, fan_names, body_text.
_WEIGHTS = (10.0, 6.0, 3.0, 8.0, 0.0, 0.2)


class LookupFailed(MjrefError):
    """The query cannot be looked up (empty, too long, or no knowledge base at the path given)."""

    code = "lookup"


@dataclass(frozen=True)
class Hit:
    """One ruling found: what ``mjref lookup --json`` prints for it."""

    id: str
    title: str
    answer: str
    url: str
    score: float

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "answer": self.answer, "url": self.url}


@dataclass(frozen=True)
class _Ruling:
    id: str
    title: str
    answer: str
    url: str
    fans: frozenset[int]
    own_fan: int | None  # the fan a fan-definition ruling defines


def _prefix(word: str) -> str:
    """A crude stem for counting which words of a question a ruling's summary shares: the first five letters."""
    return word[:5]


class Index:
    """An open knowledge base, with the fan names and ruling summaries held in memory."""

    def __init__(self, path: Path) -> None:
        problem = knowledge_base_problem(path)  # checked first: a FIFO or a device is never opened
        if problem == NO_SUCH_FILE:
            raise LookupFailed(f"no knowledge base at {path}: run 'mjref build' first")
        if problem is not None:
            raise LookupFailed(f"{path} {problem}")
        try:
            self._load(path)
        except sqlite3.Error as e:
            raise LookupFailed(f"{path} cannot be read as a knowledge base ({e}): run 'mjref build'") from None

    def _load(self, path: Path) -> None:
        self.conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
        rows = self.conn.execute("SELECT id, title, answer, url, fans FROM rulings").fetchall()
        summaries = self.conn.execute("SELECT id, title, question, answer, names FROM rulings")
        self.summaries = {r[0]: f" {fold(' '.join(r[1:]))} " for r in summaries}
        self.summary_words = {rid: {_prefix(w) for w in text.split()} for rid, text in self.summaries.items()}
        fan_of = dict(self.conn.execute("SELECT ruling_id, id FROM fans").fetchall())
        self.rulings = {}
        for rid, title, answer, url, fans in rows:
            numbers = frozenset(f for f in json.loads(fans) if isinstance(f, int))
            self.rulings[rid] = _Ruling(rid, title, answer, url, numbers, fan_of.get(rid))
        names: dict[str, int] = {}
        for fan_id, folded, alias in self.conn.execute("SELECT fan_id, folded, alias FROM fan_aliases"):
            for form in {folded, alias} if _CJK.search(alias) else {folded}:
                if form and len(form) >= 2:
                    names.setdefault(form, fan_id)
        # Longest names first, so "all terminals and honors" is found before "all terminals".
        longest_first = sorted(names.items(), key=lambda item: -len(item[0]))
        self._cjk_names = [(name, fan) for name, fan in longest_first if _CJK.match(name)]
        # A name as a whole word of the folded text, and its plural: "concealed kongs" names Concealed Kong.
        self._word_names = [(fan, f" {name} ", f" {name}s ") for name, fan in longest_first if not _CJK.match(name)]
        self._own_fans = {r.own_fan for r in self.rulings.values()}

    def fans_named(self, query: str) -> list[int]:
        """The fans a question names, in order of first mention."""
        return self.read(query)[0]

    def read(self, query: str) -> tuple[list[int], str]:
        """The fans a question names (in order of mention), and the rest of the question without them."""
        found: dict[int, int] = {}
        raw = query
        for name, fan in self._cjk_names:  # Chinese names first: they are matched in the raw text
            if name in raw:
                found.setdefault(fan, query.find(name))
                raw = raw.replace(name, " ")
        folded = f" {fold(raw)} "
        for fan, *forms in self._word_names:
            for form in forms:
                at = folded.find(form)
                if at >= 0:
                    found.setdefault(fan, 1000 + at)
                    folded = folded.replace(form, " # ")
        for m in _FAN_NUMBER.finditer(raw):
            number = int(m.group(1))
            if number in self._own_fans:
                found.setdefault(number, m.start())
                folded = folded.replace(f" {fold(m.group(0))} ", " # ")
        rest = " ".join([*_CJK.findall(raw), *(w for w in folded.split() if w != "#")])
        return [fan for fan, _ in sorted(found.items(), key=lambda item: item[1])], rest

    def _text_scores(self, text: str) -> dict[str, float]:
        """Full-text relevance of each ruling to ``text``, scaled so the best is 1."""
        words = list(dict.fromkeys(w for w in fold(_CJK.sub(" ", text)).split() if w not in _STOPWORDS))
        scores: dict[str, float] = {}
        if words:
            # Each word, and each pair of neighbouring words as a phrase (so "four chows" beats "four" + "chows").
            terms = [f'"{w}"' for w in words] + [f'"{a} {b}"' for a, b in zip(words, words[1:], strict=False)]
            weights = ", ".join(str(w) for w in _WEIGHTS)
            sql = (
                f"SELECT rulings.id, bm25(rulings_fts, {weights}) FROM rulings_fts "
                "JOIN rulings ON rulings.rowid = rulings_fts.rowid WHERE rulings_fts MATCH ? ORDER BY 2 LIMIT 60"
            )
            for rid, rank in self.conn.execute(sql, (" OR ".join(terms),)):
                scores[rid] = -rank
        for run in _CJK.findall(text):
            if len(run) >= 3:  # the trigram index: any three characters of the run
                grams = " OR ".join(f'"{run[i : i + 3]}"' for i in range(len(run) - 2))
                rows = self.conn.execute("SELECT id, bm25(rulings_cjk) FROM rulings_cjk WHERE text MATCH ?", (grams,))
            else:
                rows = self.conn.execute("SELECT id, -1.0 FROM rulings_cjk WHERE text LIKE ?", (f"%{run}%",))
            for rid, rank in rows:
                scores[rid] = scores.get(rid, 0.0) - rank
        if scores:
            best = max(scores.values()) or 1.0
            scores = {rid: s / best for rid, s in scores.items()}
        return scores

    @staticmethod
    def _fan_score(ruling: _Ruling, fans: list[int], rest_words: int) -> float:
        """How much a ruling is about the fans named: a topic ruling by coverage, a definition by its own fan."""
        covered = sum(1 for f in fans if f in ruling.fans)
        if ruling.own_fan is None:
            whole = 1.0 if covered == len(fans) > 1 else 0.0
            return covered + whole + 0.5 * covered / max(len(ruling.fans), 1)  # fewer fans: more specific
        others = 0.25 * (covered - (ruling.own_fan in ruling.fans and ruling.own_fan in fans))
        if ruling.own_fan not in fans:
            return others
        alone = len(fans) == 1
        return 1.0 + others + ((1.5 if rest_words <= 1 else 0.5) if alone else 0.0)

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """The rulings for ``query``, best first."""
        return self.find(query, limit)[0]

    def find(self, query: str, limit: int = 10) -> tuple[list[Hit], list[int]]:
        """The rulings for ``query``, best first, and the fans it names (as :meth:`fans_named`)."""
        query = query.strip()
        if not query:
            raise LookupFailed("empty query: type a question or a fan name")
        if len(query) > MAX_QUERY:
            raise LookupFailed(f"query too long: {len(query)} characters (at most {MAX_QUERY})")
        try:
            return self._find(query, limit)
        except sqlite3.Error as e:
            raise LookupFailed(f"the knowledge base cannot be read ({e}): run 'mjref build'") from None

    def _find(self, query: str, limit: int) -> tuple[list[Hit], list[int]]:
        fans, rest = self.read(query)
        rest_words = [w for w in fold(_CJK.sub(" ", rest)).split() if w not in _STOPWORDS] + _CJK.findall(rest)
        about_rest = self._text_scores(rest) if rest_words else {}
        about_all = self._text_scores(query)
        scored: dict[str, float] = {}
        words = {_prefix(w) for w in rest_words}
        pairs = [f" {a} {b} " for a, b in zip(rest_words, rest_words[1:], strict=False)]
        # With fans named, the other words of the question count in proportion to how many there are.
        share = len(rest_words) / (len(rest_words) + len(fans)) if fans else 1.0
        for rid, ruling in self.rulings.items():
            s = share * 3.0 * about_rest.get(rid, 0.0) + 0.5 * about_all.get(rid, 0.0)
            if words:  # the share of the question's own words (and word pairs) the ruling's summary uses
                s += share * 2.0 * len(words & self.summary_words[rid]) / len(words)
            if pairs:
                s += share * sum(p in self.summaries[rid] for p in pairs) / len(pairs)
            if fans:
                s += self._fan_score(ruling, fans, len(rest_words))
            if s > 0:
                scored[rid] = s
        best = sorted(scored.items(), key=lambda item: (-item[1], item[0]))[:limit]
        hits = [
            Hit(rid, self.rulings[rid].title, self.rulings[rid].answer, self.rulings[rid].url, round(s, 4))
            for rid, s in best
        ]
        return hits, fans


@lru_cache(maxsize=4)
def _index(path: str, mtime: float) -> Index:
    return Index(Path(path))


def open_index(path: Path = DEFAULT_DB) -> Index:
    """The index of the database at ``path``, reused while the file is unchanged."""
    if not path.exists():
        raise LookupFailed(f"no knowledge base at {path}: run 'mjref build' first")
    return _index(str(path.resolve()), path.stat().st_mtime)


def lookup(query: str, path: Path = DEFAULT_DB, limit: int = 10) -> list[Hit]:
    """Ranked rulings for a question; see the module's docstring for how they are ranked."""
    return open_index(path).search(query, limit)
