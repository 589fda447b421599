"""Babcock's settlement (ruling ``babcock-settlement``).

The winner collects his score from each of the three losers; the losers then pay one another the
difference between their own scores (ch.I). East plays for double stakes: every payment East makes
or receives is doubled (ch.VI, Fig. 18), the settling between losers included (our reading). A
Dead Hand scores nothing, pays the winner and each other player his score, and is paid by no one (ch.III).
"""

from __future__ import annotations

from itertools import combinations

from .. import arguments
from ..errors import Message, MjrefError

SEATS = ("E", "S", "W", "N")


def _stake(a: str, b: str) -> int:
    """How many times a payment between seats ``a`` and ``b`` counts: 2 when one of them is East."""
    return 2 if "E" in (a, b) else 1


def payments(total: int, east_won: bool) -> dict[str, int]:
    """What the winner of ``total`` points collects, and what each loser pays him.

    >>> payments(168, east_won=True)
    {'others': -336, 'winner': 1008}
    >>> payments(72, east_won=False)
    {'east': -144, 'others': -72, 'winner': 288}
    """
    arguments.whole(total, "total")
    arguments.flag(east_won, "east_won")
    if east_won:
        return {"others": -2 * total, "winner": 6 * total}
    return {"east": -2 * total, "others": -total, "winner": 4 * total}


def settle(scores: dict[str, int], winner: str, dead: frozenset[str] = frozenset()) -> dict[str, int]:
    """Each seat's net gain (+) or loss (-) for one hand, from the four players' scores.

    ``scores`` maps each seat ``"E"``, ``"S"``, ``"W"``, ``"N"`` to the points its hand scored
    (the winner's with Mah-Jongg, the losers' by the same sheet); ``winner`` is the winner's seat.
    The winner receives his score from each loser; each pair of losers settles the difference of
    their scores; East pays and receives double. The nets add up to zero.

    ``dead`` holds the seats with a Dead Hand (ch.III): each pays the winner as a loser does and pays
    each other living loser that loser's score, and no one pays it (two dead hands pay each other
    nothing). Its own score is not counted. East's double stake applies to these payments exactly as
    to the others (``_stake``): a dead East pays each loser twice his score, a dead hand pays a living
    East twice East's score.

    >>> settle({"E": 12, "S": 40, "W": 8, "N": 0}, winner="S")
    {'E': -48, 'S': 160, 'W': -40, 'N': -72}
    """
    if not isinstance(scores, dict):
        raise arguments.wrong("scores", Message("a score for each of the seats E, S, W and N"), scores)
    if set(scores) != set(SEATS):
        raise MjrefError(
            "settlement needs a score for each of the seats E, S, W and N, got %(given)s",
            code="settlement",
            given=", ".join(map(repr, scores)) or Message("none"),
        )
    if not isinstance(winner, str) or winner not in SEATS:
        raise MjrefError("winner %(winner)s: expected E, S, W or N", code="settlement", winner=repr(winner))
    dead = arguments.seats(dead, "dead")
    if winner in dead:
        raise MjrefError("the winner (%(winner)s) cannot hold a Dead Hand", code="settlement", winner=winner)
    for seat, points in scores.items():
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            message = "score of %(seat)s: expected a whole number of points, got %(points)s"
            raise MjrefError(message, code="settlement", seat=seat, points=repr(points))
    net = dict.fromkeys(SEATS, 0)
    losers = [s for s in SEATS if s != winner]
    for loser in losers:
        paid = scores[winner] * _stake(winner, loser)
        net[winner] += paid
        net[loser] -= paid
    living = [s for s in losers if s not in dead]
    for d in (s for s in losers if s in dead):
        for loser in living:  # the dead hand pays each other player his score, East's doubled via _stake
            paid = scores[loser] * _stake(d, loser)
            net[loser] += paid
            net[d] -= paid
    for a, b in combinations(living, 2):
        difference = (scores[a] - scores[b]) * _stake(a, b)
        net[a] += difference
        net[b] -= difference
    return net
