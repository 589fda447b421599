"""Search terms marked in the texts the search page shows: escaped first, so no HTML gets through."""

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
    for m in pattern.finditer(text):
        out += [html.escape(text[at : m.start()]), "<mark>", html.escape(m.group()), "</mark>"]
        at = m.end()
    out.append(html.escape(text[at:]))
    return Markup("".join(out))  # every piece of the text went through html.escape


def excerpt(text: str, pattern: re.Pattern[str] | None, width: int = 220) -> Markup | None:
    """About ``width`` characters of ``text`` around its first match, highlighted; None without a match."""
    m = pattern.search(text) if pattern else None
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
    return Markup("{}{}{}").format(before, highlight(text[start:end], pattern), after)


def terms_pattern(query: str, names: list[str]) -> re.Pattern[str] | None:
    """A pattern for the query's words (loosely: ``pungs`` finds ``pung``) and the names of the fans it names.

    A word or name in letters matches at the start of a word; one in Chinese characters matches anywhere,
    as Chinese text does not separate its words.
    """
    words: dict[str, str] = {}  # a term in letters -> its first character
    chinese: set[str] = set()
    for name in filter(None, names):
        term = re.escape(name).replace(r"\ ", r"\s+")
        if _CJK.match(name):
            chinese.add(term)
        else:
            words[term] = name[0]
    for word in _WORD.findall(query):
        if _CJK.match(word):
            chinese.add(re.escape(word))
        elif len(word) >= 3 and word.lower() not in _SKIP:
            stem = word[:-1] if len(word) > 3 and word.lower().endswith("s") else word
            words[re.escape(stem) + r"\w*"] = word[0]
    alternatives = []
    if words:
        # The look-ahead on the first letters spares trying every term at each word of the text.
        starts = re.escape("".join(sorted(set(words.values()))))
        alternatives.append(rf"(?<!\w)(?=[{starts}])(?:{'|'.join(sorted(words, key=len, reverse=True))})")
    if chinese:
        alternatives.append("|".join(sorted(chinese, key=len, reverse=True)))
    return re.compile("|".join(alternatives), re.IGNORECASE) if alternatives else None
