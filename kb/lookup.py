"""Find the rulings for a question as a referee types it, in any fan name.

Ranking combines two signals:

- **the fans named in the question**, in any of their names (English variants, 中文, pinyin with or
  without tones, or ``fan 64``). A ruling about every fan named ranks high; a fan's own definition
  ranks high when it is the only fan named;
- **full-text relevance** (:mod:`kb.relevance`: SQLite FTS5, BM25 with Porter stemming for English words, and
  over pairs of characters for Chinese, :mod:`kb.query_words`), weighting the title, names and question above the
  answer and body.

A Chinese question is read the same way: the fans it names (the fan table's names and the fan rulings'
Chinese aliases, such as the short names players use: 绝张, 杠开, 门清), then its other words. Those are
runs of CJK characters, cut at the little words every question has (能不能, 吗, 还), each read as its pairs of
characters. The share of those pairs that a ruling's Chinese title, question, answer and names use counts as the
English words a summary shares do. A ruling's ``aliases`` (the words players use for a foul: 相公, 诈和, long hand)
are its names, for the full text and for the summary alike.

A question that is a ruling's id or title, in either language (``payments``, ``kong-table``), or one of its
aliases (相公), names that ruling: it comes first (:mod:`kb.exact_names`). Before all this, the table's words are read
as the rulings write them (:mod:`kb.table_words`), and a call of tiles that make no set ("chowed 4-6-7") as the words
of a wrong set (:mod:`kb.laid_sets`). Last, the rulings of the kind of question
the words suggest (procedure at the table, a penalty, scoring: :mod:`kb.intent`) are lifted a little. The site's
search uses the same function, so the two rank alike.
"""

from __future__ import annotations

import json
import re
import shlex
import sqlite3
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from scorer import arguments
from scorer.errors import N_, Message, MjrefError

from .build import DEFAULT_DB
from .db_file import NO_SUCH_FILE, knowledge_base_problem
from .exact_names import exact_names, named_ruling
from .intent import kind_chances, kind_of
from .laid_sets import laid_sets
from .names import fold
from .query_words import CJK, NOT, STOPWORDS, bigrams, cjk_terms
from .relevance import FullText
from .spelling import Speller, known_words
from .table_words import table_words

MAX_QUERY = 300  # characters
_FAN_NUMBER = re.compile(r"(?:\bfan\s*#?|#)\s*([1-9][0-9]?)\b", re.IGNORECASE)
_NONE: frozenset[str] = frozenset()
RELEVANCE, SHARED = 3.0, 2.0  # the weights of the full text's relevance and of the words a summary shares
INTENT = 0.5  # how far a question's kind (procedure, a penalty, scoring: kb.intent) lifts the rulings of that kind


NO_BASE = N_("no knowledge base at %(path)s: run 'mjref build --out %(quoted)s' first")


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
        """The hit in ``lang``, with the language its title and answer are in (``lang``): in Chinese, ``en`` where
        the ruling's Chinese is not written yet. The same keys in both languages."""
        title, answer = shown_in(lang, self.title, self.answer, self.title_zh, self.answer_zh)
        if lang != "zh":
            return {"id": self.id, "title": title, "answer": answer, "url": self.url, "lang": "en"}
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


class Index:
    """An open knowledge base, with the fan names and ruling summaries held in memory. ``immutable``: the file
    will not change while the index is open (as the site serves it), so SQLite need not lock it for each query,
    which worker processes searching at once otherwise contend for."""

    def __init__(self, path: Path, immutable: bool = False) -> None:
        problem = knowledge_base_problem(path)  # checked first: a FIFO or a device is never opened
        if problem == NO_SUCH_FILE:
            raise LookupFailed(NO_BASE, path=str(path), quoted=shlex.quote(str(path)))
        if problem is not None:
            raise LookupFailed("%(path)s %(problem)s", path=str(path), problem=Message(problem))
        try:
            self._load(path, immutable)
        except sqlite3.Error as e:
            message = "%(path)s cannot be read as a knowledge base (%(reason)s): run 'mjref build --out %(quoted)s'"
            raise LookupFailed(message, path=str(path), reason=str(e), quoted=shlex.quote(str(path))) from None

    def _load(self, path: Path, immutable: bool) -> None:
        uri = f"{path.resolve().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")
        self.conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        rows = self.conn.execute("SELECT id, title, answer, url, fans, title_zh, answer_zh FROM rulings").fetchall()
        self.kind_of = {rid: kind_of(topic) for rid, topic in self.conn.execute("SELECT id, topic FROM rulings")}
        members: dict[str, set[str]] = {}
        for rid, kind in self.kind_of.items():
            members.setdefault(kind, set()).add(rid)
        self._kinds = {kind: frozenset(rids) for kind, rids in sorted(members.items())}
        self.full_text = FullText(self.conn)
        texts = self.conn.execute(
            "SELECT title, question, answer, names, fan_names, body_text FROM rulings ORDER BY rowid"
        )
        self._speller = Speller(known_words(fold(" ".join(t or "" for t in row)) for row in texts))
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
        # A ruling's id, title or alias (the names of a ruling that defines no fan): that ruling first.
        names_of = self.conn.execute("SELECT id, names FROM rulings WHERE names != ''")
        aliases = {rid: names.split(" ; ") for rid, names in names_of if rid not in fan_of}
        self._exact = exact_names(((r[0], r[1], r[5]) for r in rows), aliases)
        self.rulings = {}
        for rid, title, answer, url, fans, title_zh, answer_zh in rows:
            numbers = frozenset(f for f in json.loads(fans) if isinstance(f, int))
            own = fan_of.get(rid)
            self.rulings[rid] = _Ruling(rid, title, answer, url, numbers, own, title_zh or "", answer_zh or "")
        names: dict[str, int] = {}
        for fan_id, folded, alias in self.conn.execute("SELECT fan_id, folded, alias FROM fan_aliases"):
            for form in {folded, alias} if CJK.search(alias) else {folded}:
                if form and len(form) >= 2:
                    names.setdefault(form, fan_id)
        # Longest names first, so "all terminals and honors" is found before "all terminals".
        longest_first = sorted(names.items(), key=lambda item: -len(item[0]))
        self._cjk_names = [(name, fan) for name, fan in longest_first if CJK.match(name)]
        # A name as a whole word of the folded text, and its plural: "concealed kongs" names Concealed Kong.
        self._word_names = [(fan, f" {name} ", f" {name}s ") for name, fan in longest_first if not CJK.match(name)]
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
        # The words in letters and digits, also those written against Chinese (14 in 手里有14张): fold keeps CJK.
        latin = (w for w in CJK.sub(" ", folded).split() if w != "#")
        rest = " ".join([*CJK.findall(raw), *latin])
        return [fan for fan, _ in sorted(found.items(), key=lambda item: item[1])], rest

    def _latin(self, text: str) -> list[str]:
        """The words of ``text`` in letters and digits: folded, no stop words, misspellings corrected, and no word that
        no ruling uses (:mod:`kb.spelling`)."""
        words = ("not" if w in NOT else w for w in fold(CJK.sub(" ", text)).split())
        return [c for w in words if w not in STOPWORDS and (c := self._speller.correct(w))]

    def _text_terms(self, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What full-text relevance reads of ``text``: its latin words (:meth:`_latin`) and its CJK runs."""
        return tuple(dict.fromkeys(self._latin(text))), tuple(cjk_terms(text))

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
            raise LookupFailed(
                "query too long: %(length)s characters (at most %(most)s)", length=len(query), most=MAX_QUERY
            )
        try:
            # pong, ron, 胡 read as the rulings write them; a set written as tiles that are no set, as a wrong set
            return self._find(laid_sets(table_words(query)), limit)
        except sqlite3.Error as e:
            raise LookupFailed(
                "the knowledge base cannot be read (%(reason)s): run 'mjref build'", reason=str(e)
            ) from None

    def _find(self, query: str, limit: int) -> tuple[list[Hit], list[int]]:
        fans, rest = self.read(query)
        latin = self._latin(rest)
        chinese = cjk_terms(rest)
        rest_words = latin + chinese
        rest_terms = (tuple(dict.fromkeys(latin)), tuple(chinese))  # _text_terms(rest), from the words read above
        all_terms = self._text_terms(query)
        about_rest = self.full_text.scores(rest_terms) if rest_words else {}
        about_all = about_rest if rest_words and all_terms == rest_terms else self.full_text.scores(all_terms)
        # The rulings of the kind the question is likely about (a foul's procedure, a penalty, scoring) lifted.
        chances = kind_chances(self.full_text.rulings_using(rest_terms), self._kinds)
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
            s = share * RELEVANCE * about_rest.get(rid, 0.0) + 0.5 * about_all.get(rid, 0.0)
            if words:  # the share of the question's own words (and word pairs) the ruling's summary uses
                s += share * SHARED * shared.get(rid, 0) / len(words)
            if pairs:
                s += share * with_pair.get(rid, 0) / len(pairs)
            if fans:
                s += self._fan_score(ruling, fans, len(rest_words))
            if s > 0:
                s += INTENT * chances[self.kind_of[rid]]
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
        raise LookupFailed(NO_BASE, path=str(path), quoted=shlex.quote(str(path)))
    return _index(str(path.resolve()), path.stat().st_mtime)


def lookup(query: str, path: Path = DEFAULT_DB, limit: int = 10) -> list[Hit]:
    """Ranked rulings for a question; see the module's docstring for how they are ranked. ``path`` is the
    database's (a ``Path`` or a string), ``limit`` how many rulings at most (1 or more)."""
    arguments.text(query, "query")
    arguments.whole(limit, "limit", 1)
    return open_index(path).search(query, limit)
