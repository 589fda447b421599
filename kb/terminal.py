"""The terminal's width, and text fitted to it: the one place every layout wraps (``mjref score``, ``audit``,
``lookup``, ``audit-log``…), a CJK character taking two columns.

>>> fit_table(["id", "rulings"], [["h1", "mcr-a, mcr-b, mcr-c"]], width=24)
['  id  rulings', '  h1  mcr-a, mcr-b,', '      mcr-c']
"""

from __future__ import annotations

import re
import shutil
import textwrap
import unicodedata

_PIECES = re.compile(r"[\x21-\x7e]+|.", re.S)  # what a line of CJK text may break between
MIN_WRAPPED = 16  # columns: a last column narrower than this is folded under its row rather than squeezed


def width() -> int:
    """The terminal's columns (``$COLUMNS``, else the terminal's, else 80), never fewer than 40."""
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: two for a wide (CJK) character, one for any other."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, columns: int, indent: str = "", first: str = "") -> list[str]:
    """``text`` in lines of at most ``columns``, the first after ``first``, the others after ``indent``: broken
    at spaces (a word longer than a line is broken too), or, in text with CJK characters (which has none between
    its words), between any two of them, a word in letters kept whole. An empty text is one line, ``first``.

    >>> wrap("四归一：四张相同的牌", 12, "  ")
    ['四归一：四张', '  相同的牌']
    """
    if display_width(text) == len(text):
        lines = textwrap.wrap(text, columns, initial_indent=first, subsequent_indent=indent, break_on_hyphens=False)
        return lines or [first.rstrip()]
    lines, line = [], first
    for piece in _PIECES.findall(text):
        if display_width(line) + display_width(piece) > columns and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += piece
    return [*lines, line.rstrip()]


def fit_table(
    headers: list[str], rows: list[list[str]], right: set[int] | None = None, width: int | None = None
) -> list[str]:
    """Rows as aligned columns under ``headers`` (indices in ``right`` aligned right), two spaces in front;
    [] if no rows. When a row is wider than ``width``, its last column wraps in its own column; when that would
    leave it fewer than :data:`MIN_WRAPPED` columns or break a word, the last columns, as few as need be, fold
    under their row, each as ``header: text``, wrapped.

    >>> fit_table(["id", "why", "rulings"], [["h1", "too high", "mcr-a, mcr-b"]], width=20)
    ['  id  why', '  h1  too high', '      rulings:', '        mcr-a, mcr-b']
    """
    if not rows:
        return []
    right = right or set()
    columns = width or globals()["width"]()
    widths = [max(display_width(r[i]) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        padded = []
        for i, (c, w) in enumerate(zip(cells, widths, strict=False)):
            pad = " " * (w - display_width(c))
            padded.append(pad + c if i in right else c + pad)
        return ("  " + "  ".join(padded)).rstrip()

    if 2 + sum(w + 2 for w in widths) - 2 <= columns:
        return [line(headers), *(line(r) for r in rows)]
    start = 2 + sum(w + 2 for w in widths[:-1])  # where the last column begins
    longest = max(display_width(word) for r in rows for word in r[-1].split() or [""])
    if columns - start >= max(MIN_WRAPPED, longest):
        out = [line(headers)]
        for row in rows:
            first, *rest = wrap(row[-1], columns - start)
            out += [line([*row[:-1], first]), *(" " * start + part for part in rest)]
        return out
    kept = len(headers) - 1
    while kept > 1 and sum(w + 2 for w in widths[:kept]) > columns:
        kept -= 1
    out = [line(headers[:kept])]
    for row in rows:
        out.append(line(row[:kept]))
        for header, cell in zip(headers[kept:], row[kept:], strict=True):
            if cell:
                out += ["      " + part for part in wrap(f"{header}: {cell}", columns - 6, "  ")]
    return out


def fit_lines(lines: list[str], width: int | None = None, label: int = 0) -> list[str]:
    """``lines`` with each one wider than ``width`` wrapped: a line of a report's head or foot (a label padded to
    ``label`` columns) goes on under its text; an indented line four columns further in; any other, two."""
    columns = width or globals()["width"]()
    out: list[str] = []
    for line in lines:
        if display_width(line) <= columns:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip(" "))
        labelled = label and line[label - 1 : label + 1].startswith(" ") and not line[label:].startswith(" ")
        hang = " " * (indent + 4 if indent else label if labelled else 2)
        first, *rest = wrap(line[indent:], columns - indent, hang[indent:] if indent else hang)
        out += [" " * indent + first, *(" " * indent + r if indent else r for r in rest)]
    return out
