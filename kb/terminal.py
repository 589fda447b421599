"""The terminal's width, and text fitted to it: the one place every layout wraps (``mjref score``, ``audit``,
``lookup``, ``audit-log``…), a CJK character taking two columns.

>>> fit_table(["id", "rulings"], [["h1", "mcr-a, mcr-b, mcr-c"]], width=24)
['  id  rulings', '  h1  mcr-a, mcr-b,', '      mcr-c']
"""

from __future__ import annotations

import shutil
import textwrap
import unicodedata

MIN_WRAPPED = 16  # columns: a last column narrower than this is folded under its row rather than squeezed


def width() -> int:
    """The terminal's columns (``$COLUMNS``, else the terminal's, else 80), never fewer than 40."""
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: two for a wide (CJK) character, one for any other."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, columns: int, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``columns`` (a word longer than a line is broken), later lines after
    ``indent``; an empty text is one empty line."""
    lines = textwrap.wrap(text, columns, subsequent_indent=indent, break_on_hyphens=False)
    return lines or [""]


def fit_table(
    headers: list[str], rows: list[list[str]], right: set[int] | None = None, width: int | None = None
) -> list[str]:
    """Rows as aligned columns under ``headers`` (indices in ``right`` aligned right), two spaces in front;
    [] if no rows. When a row is wider than ``width`` its last column wraps in its own column, or, when that
    would leave it fewer than :data:`MIN_WRAPPED` columns or break a word, folds under the row, indented."""
    if not rows:
        return []
    right = right or set()
    columns = width or globals()["width"]()
    widths = [max(display_width(r[i]) for r in [headers, *rows]) for i in range(len(headers))]
    start = 2 + sum(w + 2 for w in widths[:-1])  # where the last column begins
    room = columns - start

    def line(cells: list[str]) -> str:
        padded = []
        for i, (c, w) in enumerate(zip(cells, widths, strict=True)):
            pad = " " * (w - display_width(c))
            padded.append(pad + c if i in right else c + pad)
        return ("  " + "  ".join(padded)).rstrip()

    out = [line(headers)]
    for row in rows:
        *head, last = row
        if start + display_width(last) <= columns:
            out.append(line(row))
        elif room >= max(MIN_WRAPPED, *map(display_width, last.split())):
            first, *rest = wrap(last, room)
            out.append(line([*head, first]))
            out += [" " * start + part for part in rest]
        else:
            out.append(line([*head, ""]))
            out += ["      " + part for part in wrap(last, columns - 6)]
    return out
