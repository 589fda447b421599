"""Table points: 4, 2, 1 and 0 by place at the table, tied places sharing their points equally (ruling
``table-points``).

>>> table_points({"Ann": 40, "Bo": 40, "Cy": -30, "Di": -50})
{'Ann': Fraction(3, 1), 'Bo': Fraction(3, 1), 'Cy': Fraction(1, 1), 'Di': Fraction(0, 1)}
>>> places({"Ann": 40, "Bo": 40, "Cy": -30, "Di": -50})
{'Ann': 1, 'Bo': 1, 'Cy': 3, 'Di': 4}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from ..errors import MjrefError

PLACE_POINTS: Final = (4, 2, 1, 0)  # first, second, third, fourth
TABLE_POINTS: Final = "table-points"


def _checked(totals: object) -> dict[str, int]:
    if (
        not isinstance(totals, dict)
        or len(totals) != len(PLACE_POINTS)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in totals.values())
    ):
        raise MjrefError("table points need the four players' totals as whole numbers", code="sheet")
    return totals


def places(totals: dict[str, int]) -> dict[str, int]:
    """Each player's place (1 to 4); tied players share the best of their places."""
    totals = _checked(totals)
    return {p: 1 + sum(1 for other in totals.values() if other > t) for p, t in totals.items()}


def table_points(totals: dict[str, int]) -> dict[str, Fraction]:
    """Each player's table points: the points of the places his tie covers, shared equally."""
    totals = _checked(totals)
    out = {}
    for player, total in totals.items():
        above = sum(1 for t in totals.values() if t > total)
        tied = sum(1 for t in totals.values() if t == total)
        out[player] = Fraction(sum(PLACE_POINTS[above : above + tied]), tied)
    return out
