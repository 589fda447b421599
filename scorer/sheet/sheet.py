"""A session settled, ranked and audited: :func:`settle_session` and its :class:`Sheet`.

>>> sheet = settle_session({"players": ["Ann", "Bo", "Cy", "Di"], "hands": [
...     {"winner": "Ann", "from": "Bo", "points": 12, "claimed": {"Ann": 36, "Bo": -20, "Cy": -8, "Di": -8}}]})
>>> sheet.totals, sheet.first_difference
({'Ann': 36, 'Bo': -20, 'Cy': -8, 'Di': -8}, None)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction

from ..errors import ProfileError
from ..profiles import DEFAULT, load_profile, mcr_profile
from .audit import Difference, first_difference
from .ranking import TABLE_POINTS, places, table_points
from .session import Session, _fail, session_from_data
from .settle import HandResult, settle_hands


@dataclass(frozen=True)
class Deduction:
    """Points a penalty took from a player and gave to no one: why a session does not sum to zero."""

    hand: int
    player: str
    points: int
    rulings: tuple[str, ...]


@dataclass(frozen=True)
class Sheet:
    """The session's hands settled, its totals, what penalties to no one took, the table points and places, and
    the first hand where the paper sheet's running totals go wrong (None when they never do)."""

    players: tuple[str, str, str, str]
    profile: str
    hands: tuple[HandResult, ...]
    totals: dict[str, int]
    deductions: tuple[Deduction, ...]
    table_points: dict[str, Fraction]
    places: dict[str, int]
    first_difference: Difference | None

    @property
    def consistent(self) -> bool:
        """No claimed running total differs from the settled one."""
        return self.first_difference is None

    @property
    def deducted(self) -> int:
        return sum(d.points for d in self.deductions)

    @property
    def zero_sum(self) -> bool:
        """The totals and the points deducted to no one add up to zero, as they must."""
        return sum(self.totals.values()) + self.deducted == 0

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: table points as numbers (a third as a decimal; ``table_points_exact`` as text)."""
        return {
            "players": list(self.players),
            "profile": self.profile,
            "totals": self.totals,
            "table_points": {p: _number(v) for p, v in self.table_points.items()},
            "table_points_exact": {p: str(v) for p, v in self.table_points.items()},
            "places": self.places,
            "table_points_rulings": [TABLE_POINTS],
            "standings": [
                {
                    "player": p,
                    "total": self.totals[p],
                    "place": self.places[p],
                    "table_points": _number(self.table_points[p]),
                    "rulings": [TABLE_POINTS],
                }
                for p in sorted(self.players, key=lambda p: (self.places[p], self.players.index(p)))
            ],
            "zero_sum": {
                "sum": sum(self.totals.values()),
                "deducted": self.deducted,
                "holds": self.zero_sum,
                "deductions": [asdict(d) for d in self.deductions],
            },
            "consistent": self.consistent,
            "first_difference": None if self.first_difference is None else self.first_difference.hand,
            "difference": None if self.first_difference is None else asdict(self.first_difference),
            "hands": [asdict(h) for h in self.hands],
        }


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 4)


def settle_session(session: object, profile: object = DEFAULT) -> Sheet:
    """Settle ``session`` (a :class:`Session`, or plain data as :func:`session_from_data` reads) under ``profile``
    (a built-in profile's name or a profile file's path). Bad input raises :class:`~scorer.errors.MjrefError`."""
    if not isinstance(session, Session):
        session = session_from_data(session)
    if not isinstance(profile, str):
        raise _fail("profile: expected a profile name or a path, not %(type)s", type=type(profile).__name__)
    if load_profile(profile).ruleset != "mcr":  # the scorer's line would send the user to an option sheets lack
        message = "profile %(profile)s is a Babcock profile: a session's score sheet is settled under an MCR profile"
        raise ProfileError(message, profile=repr(profile))
    rules = mcr_profile(profile)
    hands = settle_hands(session, rules, profile)
    totals = hands[-1].running if hands else dict.fromkeys(session.players, 0)
    deductions = tuple(
        Deduction(h.number, pen.player, pen.points, pen.rulings)
        for h in hands
        for pen in h.penalties
        if pen.to == "none"
    )
    return Sheet(
        session.players,
        rules.name,
        hands,
        dict(totals),
        deductions,
        table_points(totals),
        places(totals),
        first_difference(hands, session.players),
    )
