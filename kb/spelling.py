"""A misspelt word of a question read as the word of the rulings it was meant to be: "apeal" as "appeal", "trun" as
"turn", "discardng" as "discarding".

Only a word no ruling uses in any form is corrected (``started`` is known where ``starts`` is: both are ``start``
once an ending is cut, :func:`base`), to a word the rulings use that is one edit away (a letter left out, added,
changed, or two neighbouring letters swapped; in a word of four letters only a swap, as a short word has too many
neighbours to guess from), the one most rulings use where there are several (then the first in alphabetical order);
a word with no such neighbour, or shorter than :data:`SHORTEST` letters, is no word of the rulings and is left out
(what the full-text index would make of it is a guess: FTS5's stemmer reads "guy" as the pinyin "gui"). The offline
search (``web/static/offline/search.js``) corrects with the same rule and the same words.

>>> speller = Speller({"appeal": 3, "turn": 9, "tune": 1, "discarding": 5, "starts": 2})
>>> [speller.correct(w) for w in ("apeal", "trun", "discardng", "turn", "tirn", "xyzzy", "tun", "started")]
['appeal', 'turn', 'discarding', 'turn', '', '', '', 'started']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

SHORTEST = 4  # letters: a shorter word has too many neighbours to guess from
_ENDINGS = ("ing", "ed", "es", "s")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_WORD = re.compile(r"[a-z]+")


def known_words(texts: Iterable[str]) -> dict[str, int]:
    """Each word of letters of the rulings' ``texts`` (one text a ruling, folded), with how many rulings use it."""
    counts: dict[str, int] = {}
    for text in texts:
        for word in set(_WORD.findall(text)):
            counts[word] = counts.get(word, 0) + 1
    return counts


def base(word: str) -> str:
    """``word`` without its first ending of ``-ing``, ``-ed``, ``-es``, ``-s`` that leaves three letters or more.

    >>> [base(w) for w in ("started", "starts", "start", "ages", "tiles")]
    ['start', 'start', 'start', 'age', 'til']
    """
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def _edits(word: str) -> Iterator[str]:
    """Every string one edit from ``word``: two neighbours swapped, and in a word longer than :data:`SHORTEST` letters
    also a letter deleted, changed or inserted."""
    for i in range(len(word) - 1):
        yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if len(word) <= SHORTEST:
        return
    for i in range(len(word) + 1):
        head, tail = word[:i], word[i:]
        if tail:
            yield head + tail[1:]
            for c in _LETTERS:
                yield head + c + tail[1:]
        for c in _LETTERS:
            yield head + c + tail


class Speller:
    """Corrects a question's words to the words of the rulings (``known``: word -> how many rulings use it)."""

    def __init__(self, known: dict[str, int]) -> None:
        self.known = known
        self._bases = {base(w) for w in known}

    def correct(self, word: str) -> str:
        """``word``, or the known word one edit away that most rulings use, or "" for a word of letters that is
        neither (see the module's docstring); a word with a digit as it is."""
        if not _WORD.fullmatch(word) or base(word) in self._bases:
            return word
        near = {w for w in _edits(word) if w in self.known} if len(word) >= SHORTEST else set()
        return min(near, key=lambda w: (-self.known[w], w)) if near else ""
