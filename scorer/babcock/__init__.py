"""Babcock's classical rules (1923) as a second rule set: ``score(hand, ruleset="babcock")``.

- ``sheet``: the Standard Score Sheet, the doubles and the limit hands, as tables, each row with
  its ruling, and the limit of 300;
- ``options``: the optional scores of chapter VII, as the positions of a Babcock profile;
- ``sets``, ``waits``, ``limits``: how a reading's sets count, the only possible place, the limit hands;
- ``score``: add, double, cap, and keep the reading that scores most;
- ``settlement``: what the winner collects, and the settlement among all four players.
"""

from __future__ import annotations

from .settlement import payments, settle
from .sheet import DOUBLES, LIMIT, LIMITS, POINTS

__all__ = ["DOUBLES", "LIMIT", "LIMITS", "POINTS", "payments", "settle"]
