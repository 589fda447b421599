"""Search terms marked in the texts the search page shows: escaped first, so no HTML gets through.

The pattern is made to be found fast. It is matched in a copy of the text folded to lower case by :func:`folded`
(as ``re.IGNORECASE`` compares letters), and every alternative in it starts with a plain character, the check that a
word starts there coming after that character: so the regular-expression engine looks for the terms' first
characters in C, and tries the terms only where one is, instead of trying every term at every place of the text,
case-blind. The marks are those a case-blind pattern of the same terms, in the same order, makes.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_left
from functools import lru_cache

from markupsafe import Markup

_WORD = re.compile(r"[^\W\d_][\w'-]*|[\u3400-\u9fff\uf900-\ufaff]+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_SKIP = frozenset({"and", "are", "can", "does", "for", "from", "has", "have", "how", "not", "the", "what", "when"})
_SPECIAL = re.compile("[&<>\"']")  # the characters html.escape(quote=True) writes as entities


class Shown:
    """A text the search page shows, prepared once for :func:`highlight` and :func:`excerpt`: folded (what the
    pattern is matched in) and escaped (what the page prints), with where escaping lengthened it, so a stretch of
    the text is a slice of the escaped copy instead of a new call to ``html.escape``."""

    __slots__ = ("text", "folded", "escaped", "_specials", "_grown")

    def __init__(self, text: str) -> None:
        self.text, self.folded, self.escaped = text, folded(text), html.escape(text)
        self._specials: list[int] = []  # where the text has a character html.escape writes as an entity
        self._grown: list[int] = []  # how much longer the escaped text is than the text after each of them
        grown = 0
        for m in _SPECIAL.finditer(text):
            grown += len(html.escape(m.group())) - 1
            self._specials.append(m.start())
            self._grown.append(grown)

    def escaped_at(self, at: int) -> int:
        """Where the text's position ``at`` falls in the escaped copy."""
        before = bisect_left(self._specials, at) if self._specials else 0  # the entities written before ``at``
        return at + self._grown[before - 1] if before else at

    def marked(self, pattern: re.Pattern[str], start: int = 0, end: int | None = None) -> str:
        """The text from ``start`` to ``end``, escaped, every match of ``pattern`` in it wrapped in ``<mark>``:
        matched in that stretch alone, as if it were the whole text."""
        end = len(self.text) if end is None else end
        stretch = self.folded if start == 0 and end == len(self.text) else self.folded[start:end]
        out, at = [], self.escaped_at(start)
        for m in pattern.finditer(stretch):
            begins, ends = self.escaped_at(start + m.start()), self.escaped_at(start + m.end())
            out += [self.escaped[at:begins], "<mark>", self.escaped[begins:ends], "</mark>"]
            at = ends
        out.append(self.escaped[at : self.escaped_at(end)])
        return "".join(out)


def highlight(text: str | Shown, pattern: re.Pattern[str] | None) -> Markup:
    """``text`` escaped, then every match of ``pattern`` wrapped in ``<mark>``: no HTML from the text gets through."""
    shown = text if isinstance(text, Shown) else Shown(text)
    return Markup(shown.marked(pattern) if pattern is not None else shown.escaped)  # escaped, then marked


def folded(text: str) -> str:
    """``text`` in lower case, each character where it was, and folded as ``re.IGNORECASE`` compares letters: what
    :func:`terms_pattern`'s pattern is matched in.

    >>> folded("Tile HOG"), folded("İstanbul ſeven ΣΟΦΟΣ")  # dotted İ as i, long ſ as s, σ and ς alike
    ('tile hog', 'istanbul seven ςοφος')
    """
    if text.isascii():
        return text.lower()
    lowered = text.replace("İ", "i").lower()  # "İ".lower() is two characters; IGNORECASE takes it as "i"
    if len(lowered) != len(text):  # no other character lower-cases to two (Unicode 15): kept in place if one does
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text.replace("İ", "i"))
    return lowered.translate(_SAME_LETTER) if _OTHER_FORM.search(lowered) else lowered


# The letters re.IGNORECASE takes as the same though their lower cases differ (CPython's table of them, which a test
# compares with this one), each group's other forms folded to its first: dotless ı to i, long ſ to s, µ to μ …
_SAME_LETTERS = (
    (0x69, 0x131), (0x73, 0x17F), (0xB5, 0x3BC), (0x345, 0x3B9, 0x1FBE), (0x390, 0x1FD3), (0x3B0, 0x1FE3),
    (0x3B2, 0x3D0), (0x3B5, 0x3F5), (0x3B8, 0x3D1), (0x3BA, 0x3F0), (0x3C0, 0x3D6), (0x3C1, 0x3F1), (0x3C2, 0x3C3),
    (0x3C6, 0x3D5), (0x432, 0x1C80), (0x434, 0x1C81), (0x43E, 0x1C82), (0x441, 0x1C83), (0x442, 0x1C84, 0x1C85),
    (0x44A, 0x1C86), (0x463, 0x1C87), (0x1C88, 0xA64B), (0x1E61, 0x1E9B), (0xFB05, 0xFB06),
)  # fmt: skip
_SAME_LETTER = {other: group[0] for group in _SAME_LETTERS for other in group[1:]}
_OTHER_FORM = re.compile("[" + "".join(map(chr, _SAME_LETTER)) + "]")


def excerpt(text: str | Shown, pattern: re.Pattern[str] | None, width: int = 220) -> Markup | None:
    """About ``width`` characters of ``text`` around its first match, highlighted; None without a match."""
    if pattern is None:
        return None
    shown = text if isinstance(text, Shown) else Shown(text)
    m = pattern.search(shown.folded)
    if m is None:
        return None
    plain = shown.text
    start = max(0, m.start() - 60)
    if start:
        space = plain.find(" ", start, m.start())
        start = space + 1 if space >= 0 else start
    end = min(len(plain), start + width)
    if end < len(plain):
        space = plain.rfind(" ", m.end(), end)
        end = space if space > 0 else end
    before, after = ("… " if start else ""), (" …" if end < len(plain) else "")
    return Markup(before + shown.marked(pattern, start, end) + after)  # the stretch escaped; the ellipses need not be


def terms_pattern(query: str, names: list[str]) -> re.Pattern[str] | None:
    """A pattern for the query's words (loosely: ``pungs`` finds ``pung``) and the names of the fans it names, to
    be matched in a text :func:`folded` to lower case.

    A word or name in letters matches at the start of a word; one in Chinese characters matches anywhere,
    as Chinese text does not separate its words. The longer terms are tried first.
    """
    words: dict[str, None] = {}  # the terms in letters, in the order given (names first), each once
    chinese: dict[str, None] = {}
    for name in filter(None, names):
        term, in_chinese = _name_term(name)
        if in_chinese:
            chinese[term] = None
        else:
            words[term] = None
    for word in _WORD.findall(query):
        if _CJK.match(word):
            chinese[re.escape(folded(word))] = None
        elif len(word) >= 3 and word.lower() not in _SKIP:
            stem = word[:-1] if len(word) > 3 and word.lower().endswith("s") else word
            words[_at_word_start(folded(stem)) + r"\w*"] = None
    # One alternation of plain first characters: the engine then finds where a term may start by that character.
    alternatives = sorted(words, key=len, reverse=True) + sorted(chinese, key=len, reverse=True)
    return re.compile("|".join(alternatives)) if alternatives else None


@lru_cache(maxsize=4096)
def _name_term(name: str) -> tuple[str, bool]:
    """A fan's name as a term of :func:`terms_pattern`, and whether it is in Chinese characters: worked out once for
    each name (a search names the same fans again and again, each with a dozen names)."""
    if _CJK.match(name):
        return _spaced(re.escape(folded(name))), True
    return _at_word_start(folded(name)), False


def _at_word_start(term: str) -> str:
    r"""``term`` as a pattern that matches where a word starts: its first character, then the check that what comes
    before that character is no word character (``(?<!\w)`` before it would keep the engine from finding it fast).

    >>> print(_at_word_start("tile hog"))
    t(?<!\w.)ile\s+hog
    """
    return f"{re.escape(term[0])}(?<!\\w.){_spaced(re.escape(term[1:]))}"


def _spaced(escaped: str) -> str:
    """An escaped name's spaces as any run of spaces."""
    return escaped.replace(r"\ ", r"\s+")
