"""Babcock's classical rules (1923) as a second rule set: ``score(hand, ruleset="babcock")``.

- ``sheet``: the Standard Score Sheet, the doubles and the limit hands, as tables, each row with
  its ruling, and the limit of 300;
- ``options``: the optional scores of chapter VII, as the positions of a Babcock profile;
- ``sets``, ``waits``, ``limits``: how a reading's sets count, the only possible place, the limit hands;
- ``score``: add, double, cap, and keep the reading that scores most;
- ``settlement``: what the winner collects, and the settlement among all four players;
- ``loser``: a loser's hand (13 standing tiles, no winning tile) and its score;
- ``table``: the four hands scored, checked against one set, and settled (``mjref settle``).
"""

from __future__ import annotations

from .loser import LoserHand, parse_loser, score_loser
from .settlement import payments, settle
from .sheet import DOUBLES, LIMIT, LIMITS, POINTS
from .table import Table, settle_table

__all__ = [
    "DOUBLES",
    "LIMIT",
    "LIMITS",
    "POINTS",
    "LoserHand",
    "Table",
    "parse_loser",
    "payments",
    "score_loser",
    "settle",
    "settle_table",
]
