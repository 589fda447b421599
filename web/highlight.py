"""Search terms marked in the texts the search page shows: escaped first, so no HTML gets through.

The pattern is made to be found fast. It is matched in lower case, in a copy of the text lower-cased by
:func:`folded`, and every alternative in it starts with a plain character, the check that a word starts there coming
after that character: so the regular-expression engine looks for the terms' first characters in C, and tries the
terms only where one is, instead of trying them at every place of the text, case-blind (about half of a search's
time went to that). The marks are the same.
"""

from __future__ import annotations

import html
import re

from markupsafe import Markup

_WORD = re.compile(r"[^\W\d_][\w'-]*|[\u3400-\u9fff\uf900-\ufaff]+")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_SKIP = frozenset({"and", "are", "can", "does", "for", "from", "has", "have", "how", "not", "the", "what", "when"})


def highlight(text: str, pattern: re.Pattern[str] | None) -> Markup:
    """``text`` escaped, then every match of ``pattern`` wrapped in ``<mark>``: no HTML from the text gets through."""
    if pattern is None:
        return Markup(html.escape(text))
    out, at = [], 0
    for m in pattern.finditer(folded(text)):
        start, end = m.span()
        out += [html.escape(text[at:start]), "<mark>", html.escape(text[start:end]), "</mark>"]
        at = end
    out.append(html.escape(text[at:]))
    return Markup("".join(out))  # every piece of the text went through html.escape


def folded(text: str) -> str:
    """``text`` in lower case, each character where it was (what :func:`terms_pattern`'s pattern is matched in).

    >>> folded("Tile HOG"), folded("İ a")  # "İ" would lower-case to two characters: it stays
    ('tile hog', 'İ a')
    """
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def excerpt(text: str, pattern: re.Pattern[str] | None, width: int = 220, text_folded: str = "") -> Markup | None:
    """About ``width`` characters of ``text`` around its first match, highlighted; None without a match.
    ``text_folded`` is ``folded(text)``, when the caller keeps it (a ruling's body, folded once)."""
    m = pattern.search(text_folded or folded(text)) if pattern else None
    if m is None:
        return None
    start = max(0, m.start() - 60)
    if start:
        space = text.find(" ", start, m.start())
        start = space + 1 if space >= 0 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", m.end(), end)
        end = space if space > 0 else end
    before, after = ("… " if start else ""), (" …" if end < len(text) else "")
    return before + highlight(text[start:end], pattern) + after  # Markup: the ellipses are escaped, and need not be


def terms_pattern(query: str, names: list[str]) -> re.Pattern[str] | None:
    """A pattern for the query's words (loosely: ``pungs`` finds ``pung``) and the names of the fans it names, to
    be matched in a text :func:`folded` to lower case.

    A word or name in letters matches at the start of a word; one in Chinese characters matches anywhere,
    as Chinese text does not separate its words. The longer terms are tried first.
    """
    words: set[str] = set()
    chinese: set[str] = set()
    for name in filter(None, names):
        if _CJK.match(name):
            chinese.add(_spaced(re.escape(name)))
        else:
            words.add(_at_word_start(folded(name)))
    for word in _WORD.findall(query):
        if _CJK.match(word):
            chinese.add(re.escape(word))
        elif len(word) >= 3 and word.lower() not in _SKIP:
            stem = word[:-1] if len(word) > 3 and word.lower().endswith("s") else word
            words.add(_at_word_start(folded(stem)) + r"\w*")
    # One alternation of plain first characters: the engine then finds where a term may start by that character.
    alternatives = sorted(words, key=len, reverse=True) + sorted(chinese, key=len, reverse=True)
    return re.compile("|".join(alternatives)) if alternatives else None


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
