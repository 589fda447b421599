"""One detector per MCR fan, in a module of its family. This docstring is the guide to adding a fan.

A fan is two things:

1. **One row of** ``scorer/mcr/fans.csv``: ``fan`` (its number), ``key`` (its ruling is
   ``rulings/fans/fan-<key>.md``, whose ``title`` is the row's ``name``), ``name``, ``points``,
   ``name_zh`` and ``also_cite``: the other rulings (space-separated ids) to cite whenever it scores,
   e.g. ``kong-table`` on every kong fan. What it excludes is rows of ``scorer/mcr/exclusions.csv``.
2. **One detector** in the module of its family, registered with ``@fan(number, ...)``:

   - :mod:`.honors`: winds and dragons, All Honors, No Honors;
   - :mod:`.suits`: flushes, voided suits, terminals, simples, ranks, All Green, Reversible Tiles;
   - :mod:`.chows` and :mod:`.pungs`: fans of sets (kongs count as pungs);
   - :mod:`.kongs`: fans of kongs; :mod:`.waits`: Edge, Closed and Single Wait;
   - :mod:`.situations`: how the hand was won and shown, flowers, Chicken Hand;
   - :mod:`.special`: Nine Gates, Thirteen Orphans, seven pairs and the knitted hands.

A detector takes a :class:`~scorer.mcr.view.View` (one arrangement of the hand, under a profile) and
returns its hits: one tuple of group indices per instance of the fan (:data:`NONE` when absent,
:data:`WHOLE` for a fan of the whole hand). It only says what is there: points and names come from the
table, exclusions are applied afterwards (:mod:`scorer.mcr.exclude`). Its docstring opens with the
Chinese name, then the English. A disputed ruling it depends on is asked as
``v.takes(RULING, POSITION)`` with the constants of :mod:`scorer.mcr.positions`.

``@fan``'s other arguments say when the detector is worth running (see :class:`Detect`, the one place
they are explained): ``combination``, ``per_hand``, ``kongs``, ``honors``, ``suits`` for the hand;
``forms``, ``chows``, ``pungs``, ``honor_pungs``, ``wait`` for an arrangement; ``needs`` and ``within`` for
either; ``fallback``.

The detectors of two or three chows and of three pungs first test a bit of ``v.chow_shapes`` or
``v.pung_shapes`` (the shapes the sets may make, worked out once a view: :mod:`scorer.mcr.view`) and return
:data:`NONE` without it. A bit is a necessary condition only, so a detector whose test changes (a new
shape, a profile position) must keep its bit true of every hand it can score: the exhaustive tests in
``tests/test_prefilters.py`` check every two and three chows and every three pungs.

The tables and the detectors are checked against each other: ``@fan`` refuses a number the table lacks
or a second detector for a number, importing this package refuses a row without a detector, and
``tests/test_fan_catalogue.py`` checks the rulings. Then add a hand that has the fan and a near miss
that does not to ``tests/test_fan_detectors.py``, each with its reasoning.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..table import FANS, FanInfo
from . import chows, honors, kongs, pungs, situations, special, suits, waits
from .detector import DETECTORS, NONE, WHOLE, Detect, Detector, fan

__all__ = ["DETECTORS", "NONE", "WHOLE", "Detect", "Detector", "FAMILIES", "fan"]

FAMILIES = (honors, suits, chows, pungs, kongs, waits, situations, special)


def check_catalogue(table: Mapping[int, FanInfo], detectors: dict[int, Detect]) -> None:
    """Refuse a row of the fan table without its detector; put the detectors in fan order (the scorer runs
    them so)."""
    missing = sorted(set(table) - set(detectors))
    if missing:
        raise ImportError(f"fans without a detector in scorer/mcr/fans/: {', '.join(map(str, missing))}")
    ordered = sorted(detectors.items())
    detectors.clear()
    detectors.update(ordered)


check_catalogue(FANS, DETECTORS)
