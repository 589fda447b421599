"""Settle a checked :class:`~scorer.sheet.session.Session`: each hand's payments and penalties, the running totals.

A win is paid as one hand in ``mjref score`` is (:func:`scorer.mcr.score.settlement`, ruling ``payments``); a hand
given as tiles is scored under the house profile with the winds of its place in the session
(:mod:`scorer.sheet.seats`, ruling ``seat-rotation``). A penalty ``to: others`` is split equally among the other
three; ``to: none`` is deducted only; ``ruling`` takes the amount and the recipients from the house profile's
penalty table (:func:`scorer.mcr.penalties.penalty_for`). Every payment and penalty carries the ids of the
rulings that decide it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import score
from ..errors import Message, MjrefError
from ..mcr.penalties import penalty_for
from ..mcr.positions import PENALTY_AMOUNTS
from ..mcr.score import settlement
from ..notation import parse
from ..profiles import Profile
from ..tiles import WINDS as WIND_TILES
from .seats import SEAT_ROTATION, WINDS, winds
from .session import MINIMUM, HandEntry, PenaltyEntry, Session, _fail

PAYMENTS = ("payments",)
PENALTY_RULINGS = (PENALTY_AMOUNTS,)  # the event's penalty table, or the referee, fixes a penalty's amount


@dataclass(frozen=True)
class Payment:
    """What one player gains (+) or pays (-) for a hand's win, and why."""

    player: str
    points: int
    role: str  # "winner", "discarder", "other" (a loser who did not discard), "loser" (of a self-drawn win)
    rulings: tuple[str, ...]


@dataclass(frozen=True)
class Penalty:
    """A penalty applied: the offender loses ``points``; ``shares`` is every player's change from it."""

    player: str
    points: int
    to: str  # "others" or "none"
    foul: str | None  # the foul's ruling id when the penalty was given by ruling
    shares: dict[str, int]
    rulings: tuple[str, ...]


@dataclass(frozen=True)
class HandResult:
    """One hand settled: who won how, the winds, the payments, the penalties, the change and the running totals."""

    number: int
    prevalent: str
    seats: dict[str, str]  # player -> seat wind at this hand
    draw: bool
    winner: str | None
    discarder: str | None
    self_drawn: bool
    points: int | None  # the hand's value, flowers included
    tiles: str | None  # the hand as scored (canonical notation, with its situation), when given as tiles
    payments: tuple[Payment, ...]
    penalties: tuple[Penalty, ...]
    change: dict[str, int]
    running: dict[str, int]
    claimed: dict[str, int] | None
    rulings: tuple[str, ...]  # the seat winds' ruling


def settle_hands(session: Session, profile: Profile, ref: str) -> tuple[HandResult, ...]:
    """Every hand of ``session`` settled under ``profile`` (loaded from ``ref``, a name or a path), with the
    running totals after it."""
    players = session.players
    running = dict.fromkeys(players, 0)
    out = []
    for index, entry in enumerate(session.hands):
        prevalent, seat_winds = winds(index)
        seats = dict(zip(players, seat_winds, strict=True))
        if entry.draw:
            points, self_drawn, tiles, payments = None, False, None, tuple[Payment, ...]()
        else:
            points, self_drawn, tiles = _value(entry, prevalent, seats, ref)
            assert entry.winner is not None
            payments = win_payments(entry.winner, entry.discarder, points, self_drawn, players)
        penalties = tuple(_penalty(entry.number, i, p, players, profile) for i, p in enumerate(entry.penalties, 1))
        change = dict.fromkeys(players, 0)
        for pay in payments:
            change[pay.player] += pay.points
        for pen in penalties:
            for player, share in pen.shares.items():
                change[player] += share
        running = {p: running[p] + change[p] for p in players}
        rulings = (SEAT_ROTATION,)
        out.append(
            HandResult(
                entry.number, prevalent, seats, entry.draw, entry.winner, entry.discarder, self_drawn, points,
                tiles, payments, penalties, change, running, entry.claimed, rulings,
            )
        )  # fmt: skip
    return tuple(out)


def _value(entry: HandEntry, prevalent: str, seats: dict[str, str], ref: str) -> tuple[int, bool, str | None]:
    """The hand's value, whether it was self-drawn, and the tiles as scored (None when only points are given)."""
    assert entry.winner is not None
    if entry.tiles is None:
        assert entry.points is not None and entry.self_drawn is not None
        return entry.points, entry.self_drawn, None
    n, seat = entry.number, seats[entry.winner]
    try:
        written = parse(entry.tiles)
    except MjrefError as e:
        raise _fail("hand %(hand)s, hand: %(error)s", hand=n, error=e) from None
    self_drawn = entry.self_drawn
    if "|" in entry.tiles:  # a suffix is written: it must agree with the session
        situation = written.situation
        if (situation.prevalent, situation.seat) != (WIND_TILES[WINDS.index(prevalent)], WIND_TILES[WINDS.index(seat)]):
            message = (
                "hand %(hand)s, hand: the suffix says prevalent wind %(said_prevalent)s and seat wind %(said_seat)s,"
                " but at hand %(hand)s the prevalent wind is %(prevalent)s and %(winner)s sits %(seat)s"
                " (ruling seat-rotation)"
            )
            said = (WINDS[WIND_TILES.index(situation.prevalent)], WINDS[WIND_TILES.index(situation.seat)])
            raise _fail(
                message,
                hand=n,
                said_prevalent=said[0],
                said_seat=said[1],
                prevalent=prevalent,
                winner=entry.winner,
                seat=seat,
            )
        if self_drawn is not None and self_drawn != situation.self_drawn:
            message = "hand %(hand)s, hand: the suffix says %(said)s, but the sheet says %(sheet)s"
            drawn, discard = Message("self-drawn"), Message("on a discard")
            how = (drawn, discard) if situation.self_drawn else (discard, drawn)
            raise _fail(message, hand=n, said=how[0], sheet=how[1])
        self_drawn = situation.self_drawn
    if self_drawn is None:
        raise _fail("hand %(hand)s, from: say who discarded the winning tile, or self_drawn", hand=n)
    if not self_drawn and entry.discarder is None:
        raise _fail("hand %(hand)s, from: the hand was won on a discard: say whose (from)", hand=n)
    try:
        result = score(entry.tiles, ref, prevalent=prevalent, seat=seat, self_drawn=self_drawn)
    except MjrefError as e:
        raise _fail("hand %(hand)s, hand: %(error)s", hand=n, error=e) from None
    if not result.meets_minimum:
        message = (
            "hand %(hand)s, hand: %(points)s points without flowers, under the %(minimum)s-point "
            "minimum: a false win, not a win (ruling false-win)"
        )
        raise _fail(message, hand=n, points=result.total - result.flowers, minimum=MINIMUM)
    if entry.points is not None and entry.points != result.total:
        message = "hand %(hand)s, points: the sheet says %(points)s, the tiles score %(total)s"
        raise _fail(message, hand=n, points=entry.points, total=result.total)
    return result.total, self_drawn, result.hand


def win_payments(
    winner: str, discarder: str | None, points: int, self_drawn: bool, players: tuple[str, ...]
) -> tuple[Payment, ...]:
    """Each player's payment for a win worth ``points`` (ruling ``payments``), in seat order."""
    paid = settlement(points, self_drawn)
    out = []
    for player in players:
        if player == winner:
            role = "winner"
        elif player == discarder and not self_drawn:
            role = "discarder"
        else:
            role = "loser" if self_drawn else "other"
        out.append(Payment(player, paid["others" if role in ("loser", "other") else role], role, PAYMENTS))
    return tuple(out)


def _penalty(n: int, i: int, entry: PenaltyEntry, players: tuple[str, ...], profile: Profile) -> Penalty:
    """A penalty with its shares: ``to: others`` split in three equal parts, ``to: none`` deducted only."""
    points, to = entry.points, entry.to
    rulings: tuple[str, ...] = PENALTY_RULINGS
    if entry.ruling is not None:
        try:
            found = penalty_for(entry.ruling, profile)
        except MjrefError as e:
            raise _fail("hand %(hand)s, penalty %(n)s, ruling: %(error)s", hand=n, n=i, error=e) from None
        if found is None:  # the house fixes no amount: the points given stand
            if points is None:
                message = (
                    "hand %(hand)s, penalty %(n)s, ruling: the house (%(profile)s) gives %(foul)s no "
                    "fixed amount: give points and to"
                )
                raise _fail(message, hand=n, n=i, profile=profile.name, foul=entry.ruling)
            rulings = (*PENALTY_RULINGS, entry.ruling)
        else:
            if points is not None and (points, to) != (found.points, found.to):
                message = (
                    "hand %(hand)s, penalty %(n)s: the house (%(profile)s) gives %(foul)s %(points)s "
                    "points to %(to)s, not %(given)s to %(given_to)s"
                )
                raise _fail(
                    message,
                    hand=n,
                    n=i,
                    profile=profile.name,
                    foul=entry.ruling,
                    points=found.points,
                    to=found.to,
                    given=points,
                    given_to=to,
                )
            points, to, rulings = found.points, found.to, tuple(found.rulings)
    assert points is not None and to is not None
    shares = dict.fromkeys(players, 0)
    shares[entry.player] = -points
    if to == "others":
        if points % 3:
            raise _fail(
                "hand %(hand)s, penalty %(n)s, points: %(points)s cannot be split equally among the other three",
                hand=n,
                n=i,
                points=points,
            )
        for player in players:
            if player != entry.player:
                shares[player] = points // 3
    return Penalty(entry.player, points, to, entry.ruling, shares, rulings)
