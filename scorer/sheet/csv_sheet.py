"""A score sheet kept in a spreadsheet, saved as CSV: one row a hand, read into the plain data of a JSON session.

The first row names the columns; their order is free, except that the players' columns go in seat order:

=================================  ==========================================================================
column                             cell
=================================  ==========================================================================
``winner``                         the winner's name; blank for a drawn hand
``from``                           who discarded the winning tile; blank when self-drawn
``self_drawn``                     ``yes`` when the winner drew the tile himself (blank: no)
``points``                         the hand's value, flowers included
``hand``                           the tiles in mjref's notation (scored; its suffix, if any, is checked)
``draw``                           ``yes`` for a drawn hand
``penalty_player``                 a penalised player; with ``penalty_points`` and ``penalty_to`` (``others``:
                                   split among the other three; ``none``: deducted only), or ``penalty_ruling``
                                   (the foul's ruling id: the house's amount); a second penalty in the same
                                   hand goes in ``penalty2_player`` … ``penalty2_ruling``, and so on
the four players' names            the running totals the paper sheet shows after the hand (blank: none)
=================================  ==========================================================================

Yes and no may be written ``yes``/``no``, ``true``/``false``, ``1``/``0`` or ``x``/blank. A row with every cell
blank is skipped.

>>> data_from_csv("winner,from,points,Ann,Bo,Cy,Di\\nAnn,Bo,12,36,-20,-8,-8\\n,,,,,,\\n")["hands"]
[{'winner': 'Ann', 'from': 'Bo', 'points': 12, 'claimed': {'Ann': 36, 'Bo': -20, 'Cy': -8, 'Di': -8}}]
"""

from __future__ import annotations

import csv
import io
import re

from .session import _fail

FIELDS = ("winner", "from", "self_drawn", "points", "hand", "draw")
PENALTY_COLUMN = re.compile(r"penalty(\d*)_(player|points|to|ruling)")
YES = ("yes", "true", "1", "x")
NO = ("no", "false", "0", "")


def data_from_csv(text: str) -> dict[str, object]:
    """``{"players": [...], "hands": [...]}`` from a CSV score sheet (see the module's table)."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as e:
        raise _fail("not CSV: %(reason)s", reason=str(e)) from None
    if not rows:
        raise _fail("the CSV sheet is empty: its first row names the columns")
    header = [c.strip() for c in rows[0]]
    twice = next((c for i, c in enumerate(header) if c in header[:i]), None)
    if twice is not None:
        raise _fail("the CSV sheet's columns: %(column)s is written twice", column=repr(twice[:40]))
    players = [c for c in header if c not in FIELDS and not PENALTY_COLUMN.fullmatch(c)]
    if len(players) != 4:
        message = (
            "the CSV sheet's columns: expected the four players' names besides %(fields)s, found %(count)s: %(names)s"
        )
        names = ", ".join(p[:40] for p in players[:8]) + (", …" if len(players) > 8 else "")
        raise _fail(message, fields=", ".join(FIELDS), count=len(players), names=names or "-")
    hands: list[dict[str, object]] = []
    for row in rows[1:]:
        cells = [c.strip() for c in row]
        if not any(cells):
            continue
        n = len(hands) + 1
        if len(cells) > len(header):
            raise _fail(
                "hand %(hand)s: %(count)s cells, but the sheet has %(columns)s columns",
                hand=n,
                count=len(cells),
                columns=len(header),
            )
        hands.append(_hand(n, dict(zip(header, cells, strict=False)), players))
    return {"players": players, "hands": hands}


def _hand(n: int, row: dict[str, str], players: list[str]) -> dict[str, object]:
    out: dict[str, object] = {}
    for field in FIELDS:
        cell = row.get(field, "")
        if not cell:
            continue
        if field in ("self_drawn", "draw"):
            out[field] = _yes(n, field, cell)
        elif field == "points":
            out[field] = _number(n, field, cell)
        else:
            out[field] = cell
    penalties: dict[str, dict[str, object]] = {}
    for column, cell in row.items():
        match = PENALTY_COLUMN.fullmatch(column)
        if match and cell:
            key = match.group(2)
            penalties.setdefault(match.group(1), {})[key] = _number(n, column, cell) if key == "points" else cell
    if penalties:
        out["penalties"] = [penalties[k] for k in sorted(penalties, key=lambda k: int(k or 1))]
    claimed = {p: row.get(p, "") for p in players}
    if any(claimed.values()):
        out["claimed"] = {p: _number(n, p, cell) for p, cell in claimed.items() if cell}
    return out


def _yes(n: int, field: str, cell: str) -> bool:
    word = cell.lower()
    if word not in YES + NO:
        raise _fail(
            "hand %(hand)s, %(field)s: expected yes or no, not %(value)s", hand=n, field=field, value=repr(cell[:40])
        )
    return word in YES


def _number(n: int, field: str, cell: str) -> int:
    if not re.fullmatch(r"[+-]?[0-9]{1,9}", cell):  # ASCII digits only, as the JSON sheet and the notation
        raise _fail(
            "hand %(hand)s, %(field)s: expected a whole number, not %(value)s",
            hand=n,
            field=field,
            value=repr(cell[:40]),
        )
    return int(cell)
