"""Find the rulings for a question as a referee types it, in any fan name.

Ranking combines two signals:

- **the fans named in the question**, in any of their names (English variants, 中文, pinyin with or
  without tones, or ``fan 64``). A ruling about every fan named ranks high; a fan's own definition
  ranks high when it is the only fan named;
- **full-text relevance** (SQLite FTS5, BM25 with Porter stemming; a trigram index for Chinese text),
  weighting the title and question above the answer and body.

A Chinese question is read the same way: the fans it names (the fan table's names and the fan rulings'
Chinese aliases, such as the short names players use: 绝张, 杠开, 门清), then its other words. Those are
runs of CJK characters, cut at the little words every question has (能不能, 吗, 还); each run is looked up
in the trigram index when it has three characters or more (each trigram's BM25 terms asked once and kept, as
the English phrases' are), and by a scan of the Chinese texts when it is shorter, since a trigram index cannot
match one or two characters. The share of the run's character pairs (bigrams) that a ruling's Chinese title,
question and answer use counts as the English words a summary shares do.

A question that is a ruling's id or title, in either language (``payments``, ``kong-table``), names that
ruling: it comes first (:mod:`kb.exact_names`). The site's search uses the same function, so the two rank
alike.
"""

from __future__ import annotations

import json
import re
import shlex
import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from scorer import arguments
from scorer.caches import remember
from scorer.errors import MjrefError

from .build import DEFAULT_DB
from .db_file import NO_SUCH_FILE, knowledge_base_problem
from .exact_names import exact_names, named_ruling
from .names import fold

MAX_QUERY = 300  # characters
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_FAN_NUMBER = re.compile(r"(?:\bfan\s*#?|#)\s*([1-9][0-9]?)\b", re.IGNORECASE)
_STOPWORDS_TEXT = """a an and are as at be by can could do does for from has have how i if in is it its may me my
of on or our should so that the their them then there these they this to under was we what when where
which who why will with would you your hand hands score scored scores count counts fan fans
combine combines combined together also many much make get"""
_STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
# The little words of a Chinese question. Chinese has no spaces, so only words of two characters or more
# are cut out wherever they are; a one-character word (吗, 还, 的) only at either end of what is left, since
# inside a run it is as likely part of a word (算 in 套算, 计 in 计分). 和 (win), 中 (the red dragon), 对 (pair)
# and 计 (count) are words of the rules, not little words.
_CJK_STOPWORDS_TEXT = """能不能 可不可以 算不算 计不计 是不是 有没有 要不要 还能 还可以 可以 能否 是否 怎么 如何 什么
哪些 为什么 一样 以后 之后 的时候 时候 如果 请问 这样 那样 这个 那个 这种 还要 应该 也要 再算 多少分 多少番
多少 几番 几分 怎么办 怎么处理 意思 一起 同时 算 吗 呢 吧
了 的 还 再 也 都 与 或 及 能 会 要 是 有 在 把 被 给 我 你 他 这 那 就 又 里"""
_CJK_WORDS = sorted((w for w in _CJK_STOPWORDS_TEXT.split() if len(w) > 1), key=len, reverse=True)
_CJK_PARTICLES = "".join(w for w in _CJK_STOPWORDS_TEXT.split() if len(w) == 1)
# BM25 column weights: title, question, answer, names, fan_names, body_text.
_WEIGHTS = (10.0, 6.0, 3.0, 8.0, 0.0, 0.2)
_WEIGHT_LIST = ", ".join(str(w) for w in _WEIGHTS)  # as bm25() takes them
_BEST = 60  # the rows of the full-text index a question's relevance reads
# Phrases whose BM25 terms an index keeps, for each full-text index, and short Chinese runs whose rulings it keeps
# (then it forgets them all and starts again).
PHRASE_CACHE = 4096
# The full-text indexes, and how each gives a phrase's BM25 for each row that has it: the word index by rowid,
# with the column weights; the trigram index of the Chinese texts by ruling id.
_WORD_INDEX, _CJK_INDEX = "rulings_fts", "rulings_cjk"
_TERMS_SQL = {
    _WORD_INDEX: f"SELECT rowid, bm25(rulings_fts, {_WEIGHT_LIST}) FROM rulings_fts WHERE rulings_fts MATCH ?",
    _CJK_INDEX: "SELECT id, bm25(rulings_cjk) FROM rulings_cjk WHERE text MATCH ?",
}
_NONE: frozenset[str] = frozenset()


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
    title_zh: str = ""  # empty while the ruling's Chinese is not written
    answer_zh: str = ""

    def to_dict(self, lang: str = "en") -> dict[str, str]:
        """The hit in ``lang``; in Chinese, ``lang`` says whether the texts are Chinese or, not written yet, English."""
        title, answer = shown_in(lang, self.title, self.answer, self.title_zh, self.answer_zh)
        if lang != "zh":
            return {"id": self.id, "title": title, "answer": answer, "url": self.url}
        lang_shown = "zh" if self.title_zh and self.answer_zh else "en"
        return {"id": self.id, "title": title, "answer": answer, "url": f"/zh{self.url}", "lang": lang_shown}


def shown_in(lang: str, title: str, answer: str, title_zh: str, answer_zh: str) -> tuple[str, str]:
    """A ruling's title and answer as a hit shows them in ``lang``: in Chinese, each one's Chinese text, or its
    English where none is written."""
    if lang != "zh":
        return title, answer
    return title_zh or title, answer_zh or answer


@dataclass(frozen=True)
class _Ruling:
    id: str
    title: str
    answer: str
    url: str
    fans: frozenset[int]
    own_fan: int | None  # the fan a fan-definition ruling defines
    title_zh: str = ""
    answer_zh: str = ""


def _prefix(word: str) -> str:
    """A crude stem for counting which words of a question a ruling's summary shares: the first five letters."""
    return word[:5]


def cjk_terms(text: str) -> list[str]:
    """The runs of CJK characters of ``text`` with the little words of a question cut out.

    >>> cjk_terms("七对里有四张一样的牌，能不能再算四归一？"), cjk_terms("套算一次吗")
    (['七对里有四张', '牌', '四归一'], ['套算一次'])
    """
    runs = _CJK.findall(text)
    for word in _CJK_WORDS:
        if word in text:  # else in no run: the runs are pieces of the text
            runs = [part for run in runs for part in run.split(word) if part]
    return [stripped for run in runs if (stripped := run.strip(_CJK_PARTICLES))]


def bigrams(text: str) -> set[str]:
    """The pairs of neighbouring CJK characters of ``text``, and each character of a one-character run.

    >>> sorted(bigrams("杠上开花 和"))
    ['上开', '和', '开花', '杠上']
    """
    out: set[str] = set()
    for run in _CJK.findall(text):
        out.update(run[i : i + 2] for i in range(len(run) - 1)) if len(run) > 1 else out.add(run)
    return out


class Index:
    """An open knowledge base, with the fan names and ruling summaries held in memory. ``immutable``: the file
    will not change while the index is open (as the site serves it), so SQLite need not lock it for each query,
    which worker processes searching at once otherwise contend for."""

    def __init__(self, path: Path, immutable: bool = False) -> None:
        problem = knowledge_base_problem(path)  # checked first: a FIFO or a device is never opened
        if problem == NO_SUCH_FILE:
            raise LookupFailed(f"no knowledge base at {path}: run 'mjref build --out {shlex.quote(str(path))}' first")
        if problem is not None:
            raise LookupFailed(f"{path} {problem}")
        try:
            self._load(path, immutable)
        except sqlite3.Error as e:
            raise LookupFailed(
                f"{path} cannot be read as a knowledge base ({e}): run 'mjref build --out {shlex.quote(str(path))}'"
            ) from None

    def _load(self, path: Path, immutable: bool) -> None:
        uri = f"{path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")
        self.conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        rows = self.conn.execute("SELECT id, title, answer, url, fans, title_zh, answer_zh FROM rulings").fetchall()
        self._ids = dict(self.conn.execute("SELECT rowid, id FROM rulings"))  # the full-text index's rows by rowid
        self._phrase_cache: dict[str, dict[str, list[tuple[Any, float]]]] = {_WORD_INDEX: {}, _CJK_INDEX: {}}
        self._short_runs: dict[str, list[str]] = {}  # see _having
        summaries = self.conn.execute("SELECT id, title, question, answer, names FROM rulings")
        self.summaries = {r[0]: f" {fold(' '.join(r[1:]))} " for r in summaries}
        self.summary_words = {rid: {_prefix(w) for w in text.split()} for rid, text in self.summaries.items()}
        # The Chinese summary: the Chinese title, question and answer, and the Chinese in the English ones.
        summaries_zh = self.conn.execute(
            "SELECT id, coalesce(title_zh, '') || ' ' || coalesce(question_zh, '') || ' ' || coalesce(answer_zh, '')"
            " || ' ' || title || ' ' || question || ' ' || names FROM rulings"
        )
        self.summary_bigrams = {rid: bigrams(text) for rid, text in summaries_zh}
        fan_of = dict(self.conn.execute("SELECT ruling_id, id FROM fans").fetchall())
        self._exact = exact_names((r[0], r[1], r[5]) for r in rows)  # a ruling's id or title: that ruling first
        self.rulings = {}
        for rid, title, answer, url, fans, title_zh, answer_zh in rows:
            numbers = frozenset(f for f in json.loads(fans) if isinstance(f, int))
            own = fan_of.get(rid)
            self.rulings[rid] = _Ruling(rid, title, answer, url, numbers, own, title_zh or "", answer_zh or "")
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
        # Which names can be in a question: those whose first character (a Chinese name) or one of whose forms'
        # first word (a name in letters) it has. :meth:`read` tries only those, in the same order.
        self._cjk_by_char: dict[str, list[int]] = {}
        for i, (name, _) in enumerate(self._cjk_names):
            self._cjk_by_char.setdefault(name[0], []).append(i)
        self._word_by_first: dict[str, list[int]] = {}
        for i, (_, *forms) in enumerate(self._word_names):
            for first in dict.fromkeys(form.split()[0] for form in forms):
                self._word_by_first.setdefault(first, []).append(i)
        self._own_fans = {r.own_fan for r in self.rulings.values()}
        # Each ruling's Chinese text, for the runs too short for the trigram index (in the table's order).
        self._cjk_texts: dict[str, str] = {
            rid: cjk for rid, cjk in self.conn.execute("SELECT id, cjk FROM rulings ORDER BY rowid") if cjk
        }
        # Which rulings' summaries use a word (its prefix) or a pair of Chinese characters, and which are about a
        # fan (a fan they concern, or their own): a question is scored against those rulings only.
        self._by_word: dict[str, set[str]] = {}
        for rid in self.rulings:
            for w in self.summary_words[rid] | self.summary_bigrams[rid]:
                self._by_word.setdefault(w, set()).add(rid)
        # Which rulings' summaries have two words side by side (" a b ", as the summaries are folded to one space).
        self._by_pair: dict[str, list[str]] = {}
        for rid, text in self.summaries.items():
            tokens = text.split()
            for pair in dict.fromkeys(f" {a} {b} " for a, b in zip(tokens, tokens[1:], strict=False)):
                self._by_pair.setdefault(pair, []).append(rid)
        self._by_fan: dict[int, set[str]] = {}
        for rid, r in self.rulings.items():
            for f in r.fans | ({r.own_fan} if r.own_fan is not None else set()):
                self._by_fan.setdefault(f, set()).add(rid)

    def fans_named(self, query: str) -> list[int]:
        """The fans a question names, in order of first mention."""
        return self.read(query)[0]

    def read(self, query: str) -> tuple[list[int], str]:
        """The fans a question names (in order of mention), and the rest of the question without them."""
        found: dict[int, int] = {}
        raw = query
        # A name found is replaced by a space or "#", which joins no new name: a name whose first character (or
        # first word) the question lacks is never found, and only the others are tried.
        cjk = sorted({i for char in set(raw) for i in self._cjk_by_char.get(char, ())})
        for name, fan in (self._cjk_names[i] for i in cjk):  # Chinese names first: they are matched in the raw text
            if name in raw:
                found.setdefault(fan, query.find(name))
                raw = raw.replace(name, " ")
        folded = f" {fold(raw)} "
        words = sorted({i for word in set(folded.split()) for i in self._word_by_first.get(word, ())})
        for fan, *forms in (self._word_names[i] for i in words):
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
        latin = (w for w in folded.split() if w != "#" and not _CJK.search(w))  # fold keeps CJK: once is enough
        rest = " ".join([*_CJK.findall(raw), *latin])
        return [fan for fan, _ in sorted(found.items(), key=lambda item: item[1])], rest

    @staticmethod
    def _text_terms(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What full-text relevance reads of ``text``: its latin words (folded, no stop words) and its CJK runs."""
        words = tuple(dict.fromkeys(w for w in fold(_CJK.sub(" ", text)).split() if w not in _STOPWORDS))
        return words, tuple(cjk_terms(text))

    def _text_scores(self, terms: tuple[tuple[str, ...], tuple[str, ...]]) -> dict[str, float]:
        """Full-text relevance of each ruling to a text's terms (:meth:`_text_terms`), scaled so the best is 1."""
        words, runs = terms
        scores: dict[str, float] = {}
        if words:
            # Each word, and each pair of neighbouring words as a phrase (so "four chows" beats "four" + "chows").
            phrases = [f'"{w}"' for w in words] + [f'"{a} {b}"' for a, b in zip(words, words[1:], strict=False)]
            ids = self._ids
            for rowid, score in self._phrases_best(phrases):
                rid = ids.get(rowid)  # None only in a damaged file: a full-text row without its ruling
                if rid is not None:
                    scores[rid] = score
        for run in runs:
            if len(run) == 1 and len(runs) > 1:  # a lone character left over in a longer question says little
                continue
            if len(run) >= 3:  # the trigram index: any three characters of the run, its BM25 summed as FTS5 does
                totals: dict[str, float] = {}
                for i in range(len(run) - 2):
                    for rid, term in self._phrase_terms(f'"{run[i : i + 3]}"', _CJK_INDEX):
                        totals[rid] = totals.get(rid, 0.0) + term
                for rid, total in totals.items():
                    scores[rid] = scores.get(rid, 0.0) + total
            else:  # too short for trigrams (SQLite's trigram LIKE matches nothing under three): the texts that have it
                for rid in self._having(run):
                    scores[rid] = scores.get(rid, 0.0) + 1.0
        if scores:
            best = max(scores.values()) or 1.0
            scores = {rid: s / best for rid, s in scores.items()}
        return scores

    def _phrases_best(self, phrases: list[str]) -> list[tuple[int, float]]:
        """The 60 rows of the full-text index that match ``phrases`` (any of them) best, with their BM25 score
        (higher is better): what ``ORDER BY bm25 LIMIT 60`` on the query ``phrase OR phrase ...`` gives.

        FTS5's BM25 is a sum over the query's phrases, in their order, of each phrase's own term; so each
        phrase is asked alone, once (its terms kept, :data:`PHRASE_CACHE` of them, as words recur from one
        question to the next), and the sums are made here in the same order, to the same bits. Where two rows
        tie across the 60th place, SQLite's order decides which is kept: the whole query is asked then.
        """
        totals: dict[int, float] = {}
        for phrase in phrases:
            for rowid, term in self._phrase_terms(phrase):
                totals[rowid] = totals.get(rowid, 0.0) + term
        best = sorted(totals.items(), key=lambda item: -item[1])
        if len(best) <= _BEST:
            return best
        if best[_BEST - 1][1] != best[_BEST][1]:
            return best[:_BEST]
        sql = f"{_TERMS_SQL[_WORD_INDEX]} ORDER BY 2 LIMIT {_BEST}"
        return [(rowid, -rank) for rowid, rank in self.conn.execute(sql, (" OR ".join(phrases),))]

    def _phrase_terms(self, phrase: str, index: str = _WORD_INDEX) -> list[tuple[Any, float]]:
        """Each row of a full-text ``index`` that has ``phrase`` (its rowid in the word index, its ruling's id in
        the Chinese one), with the phrase's BM25 term for it: the row's bm25() for the phrase alone, negated."""
        cache = self._phrase_cache[index]
        found = cache.get(phrase)
        if found is None:
            found = [(row, -rank) for row, rank in self.conn.execute(_TERMS_SQL[index], (phrase,))]
            remember(cache, phrase, found, PHRASE_CACHE)
        return found

    def _having(self, run: str) -> list[str]:
        """The rulings whose Chinese text has ``run`` (one or two characters), in the table's order: found by a scan
        of the texts held in memory (five times faster than SQLite's instr() over the column), kept as the
        phrases' terms are."""
        found = self._short_runs.get(run)
        if found is None:
            found = [rid for rid, cjk in self._cjk_texts.items() if run in cjk]
            remember(self._short_runs, run, found, PHRASE_CACHE)
        return found

    @staticmethod
    def _fan_score(ruling: _Ruling, fans: list[int], rest_words: int) -> float:
        """How much a ruling is about the fans named: a topic ruling by coverage, a definition by its own fan.
        ``fans`` names each fan once, as :meth:`read` gives them (the coverage counts the fans in common)."""
        covered = len(ruling.fans.intersection(fans))
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
        latin = [w for w in fold(_CJK.sub(" ", rest)).split() if w not in _STOPWORDS]
        chinese = cjk_terms(rest)
        rest_words = latin + chinese
        rest_terms = (tuple(dict.fromkeys(latin)), tuple(chinese))  # _text_terms(rest), from the words read above
        all_terms = self._text_terms(query)
        about_rest = self._text_scores(rest_terms) if rest_words else {}
        about_all = about_rest if rest_words and all_terms == rest_terms else self._text_scores(all_terms)
        scored: dict[str, float] = {}
        words = {_prefix(w) for w in latin} | bigrams(" ".join(chinese))
        pairs = [f" {a} {b} " for a, b in zip(latin, latin[1:], strict=False)]
        # With fans named, the other words of the question count in proportion to how many there are.
        share = len(rest_words) / (len(rest_words) + len(fans)) if fans else 1.0
        shared: dict[str, int] = {}  # how many of the question's words each ruling's summary uses
        for w in words:
            for rid in self._by_word.get(w, _NONE):
                shared[rid] = shared.get(rid, 0) + 1
        with_pair: dict[str, int] = {}  # how many of the question's word pairs each ruling's summary has
        for pair in pairs:
            for rid in self._by_pair.get(pair, ()):
                with_pair[rid] = with_pair.get(rid, 0) + 1
        for rid in self._candidates(about_rest, about_all, shared, fans):
            ruling = self.rulings[rid]
            s = share * 3.0 * about_rest.get(rid, 0.0) + 0.5 * about_all.get(rid, 0.0)
            if words:  # the share of the question's own words (and word pairs) the ruling's summary uses
                s += share * 2.0 * shared.get(rid, 0) / len(words)
            if pairs:
                s += share * with_pair.get(rid, 0) / len(pairs)
            if fans:
                s += self._fan_score(ruling, fans, len(rest_words))
            if s > 0:
                scored[rid] = s
        top = max(scored.values(), default=0.0) + 1.0
        for rid in named_ruling(query, self._exact):  # the question names a ruling (or those of one title): first
            scored[rid] = scored.get(rid, 0.0) + top
        best = sorted(scored.items(), key=lambda item: (-item[1], item[0]))[:limit]
        hits = []
        for rid, s in best:
            r = self.rulings[rid]
            hits.append(Hit(rid, r.title, r.answer, r.url, round(s, 4), r.title_zh, r.answer_zh))
        return hits, fans

    def _candidates(
        self, about_rest: dict[str, float], about_all: dict[str, float], shared: dict[str, int], fans: list[int]
    ) -> set[str]:
        """The rulings that can score above 0: found by the full text, sharing a word (or a pair of words, whose
        first word it then shares) with the question, or about a fan it names. The others are not scored at all."""
        found = set(about_rest) | set(about_all) | set(shared)
        for f in fans:
            found |= self._by_fan.get(f, _NONE)
        return found


@lru_cache(maxsize=4)
def _index(path: str, mtime: float) -> Index:
    return Index(Path(path))


def open_index(path: Path = DEFAULT_DB) -> Index:
    """The index of the database at ``path`` (a ``Path`` or a string), reused while the file is unchanged."""
    path = arguments.path(path, "path")
    if not path.exists():
        raise LookupFailed(f"no knowledge base at {path}: run 'mjref build --out {shlex.quote(str(path))}' first")
    return _index(str(path.resolve()), path.stat().st_mtime)


def lookup(query: str, path: Path = DEFAULT_DB, limit: int = 10) -> list[Hit]:
    """Ranked rulings for a question; see the module's docstring for how they are ranked. ``path`` is the
    database's (a ``Path`` or a string), ``limit`` how many rulings at most (1 or more)."""
    arguments.text(query, "query")
    arguments.whole(limit, "limit", 1)
    return open_index(path).search(query, limit)
