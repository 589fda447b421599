"""Characters a text a user or a ruling writes may not hold: control characters, line breaks where a field is one
line, and the invisible marks that reorder text.

Such text reaches pages, the export and the terminal, where an ESC starts a terminal sequence, a BEL rings, a NUL
cuts text short and U+202E turns the rest of a line around, so that what a referee reads is not what is written.
None of them has a use in a ruling or a player's name: :mod:`kb.load` refuses each in a ruling with its file and
line (a body keeps its line breaks and tabs), and the score sheet refuses them in names (:mod:`scorer.sheet`).

>>> forbidden("Tile Hog\\x1b[2J"), forbidden("one\\ntwo"), forbidden("one\\ntwo", line_breaks=True)
((8, '\\\\x1b (a control character)'), (3, '\\\\n (a line break)'), None)
>>> forbidden("a\\u202eb")
(1, '\\\\u202e (a mark that reorders text)')
"""

from __future__ import annotations

import unicodedata

from .errors import printable

# Unicode's bidirectional formatting characters: they change the order in which a line is shown.
REORDERING = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _kind(ch: str) -> str | None:
    if ch in LINE_BREAKS:
        return "a line break"
    if ch in REORDERING:
        return "a mark that reorders text"
    if unicodedata.category(ch) == "Cc":
        return "a control character"
    return None


def forbidden(text: str, *, line_breaks: bool = False) -> tuple[int, str] | None:
    """The offset of the first character ``text`` may not hold, and that character described (escaped);
    None when it holds none. With ``line_breaks``, ``\\n``, ``\\r\\n`` and tabs are allowed (a body)."""
    if text.isprintable():
        return None
    for i, ch in enumerate(text):
        if line_breaks and (ch in "\n\t" or (ch == "\r" and text[i + 1 : i + 2] == "\n")):
            continue
        kind = _kind(ch)
        if kind is not None:
            return i, f"{printable(ch)} ({kind})"
    return None


def problem(text: str, *, line_breaks: bool = False) -> tuple[int, str] | None:
    """``(line offset within text, message)`` for the first forbidden character of ``text``, or None."""
    found = forbidden(text, line_breaks=line_breaks)
    if found is None:
        return None
    at, shown = found
    return text.count("\n", 0, at), f"{shown} is not allowed in a ruling: remove it"
