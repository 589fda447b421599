"""A session's score sheet, settled, ranked and audited (the Green Book's score sheet for a game session).

Pure functions over plain data, importing only the scorer, the standard library and PyYAML (through the
profiles), so that a page can run them in the browser as the score page does:

- :func:`read_session` (a JSON or CSV file), :func:`session_from_text`, :func:`session_from_data`: the session,
  checked field by field (:mod:`.session`; the CSV columns in :mod:`.csv_sheet`);
- :func:`settle_session`: each hand's payments and penalties with their rulings, the running totals, the session
  totals, the zero-sum check, the table points and the first hand where the paper sheet goes wrong
  (:mod:`.settle`, :mod:`.seats`, :mod:`.ranking`, :mod:`.audit`).
"""

from __future__ import annotations

from .audit import Difference
from .files import read_session, session_from_text
from .ranking import PLACE_POINTS, TABLE_POINTS, table_points
from .seats import SEAT_ROTATION, winds
from .session import HAND_LIMIT, HandEntry, PenaltyEntry, Session, SheetError, session_from_data
from .settle import PAYMENTS, PENALTY_RULINGS, HandResult, Payment, Penalty
from .sheet import Deduction, Sheet, settle_session

# Every ruling the sheet cites by name (a penalty given by ruling also cites the house's table and the foul).
RULINGS = frozenset({*PAYMENTS, *PENALTY_RULINGS, SEAT_ROTATION, TABLE_POINTS, "false-win"})

__all__ = [
    "HAND_LIMIT",
    "PLACE_POINTS",
    "RULINGS",
    "Deduction",
    "Difference",
    "HandEntry",
    "HandResult",
    "Payment",
    "Penalty",
    "PenaltyEntry",
    "Session",
    "Sheet",
    "SheetError",
    "read_session",
    "session_from_data",
    "session_from_text",
    "settle_session",
    "table_points",
    "winds",
]
