"""The first hand where the paper sheet's running totals (``claimed``) leave the settled ones, and why.

The hand's change on paper (its claimed totals less the settled totals before it) is compared with what a
mistake of each kind would have given, in this order: a penalty left out or sent to the wrong place
(``penalty``), the win paid by another payment rule, self-drawn for a discard or the other way round, or by
another discarder (``payment``); then the paper's own arithmetic, when its totals do not add up to what the
hand's payments and penalties allow (``sum``). A difference none of these explains is a ``payment``
difference with no rule named.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .settle import PAYMENTS, HandResult, Penalty, win_payments

PAYMENT, PENALTY, SUM = "payment", "penalty", "sum"


@dataclass(frozen=True)
class Difference:
    """Where the paper sheet first goes wrong: the hand, by how much for each player (claimed less settled), the
    kind of mistake, what the paper did instead (``as_if``) and the rulings that decide the right figure."""

    hand: int
    by: dict[str, int]
    kind: str  # "payment", "penalty" or "sum"
    as_if: dict[str, object] = field(default_factory=dict)
    rulings: tuple[str, ...] = ()


def first_difference(hands: tuple[HandResult, ...], players: tuple[str, ...]) -> Difference | None:
    """The first hand whose claimed running totals differ from the settled ones; None when every claim agrees."""
    before = dict.fromkeys(players, 0)
    for h in hands:
        if h.claimed is not None and h.claimed != h.running:
            by = {p: h.claimed[p] - h.running[p] for p in players}
            paper = {p: h.claimed[p] - before[p] for p in players}
            return _explain(h, paper, by, players)
        before = h.running
    return None


def _explain(h: HandResult, paper: dict[str, int], by: dict[str, int], players: tuple[str, ...]) -> Difference:
    penalised = _plus(*(p.shares for p in h.penalties))
    paid = {p: h.change[p] - penalised.get(p, 0) for p in players}  # the win's payments alone
    for as_if, penalties in _penalty_mistakes(h):
        if _plus(paid, *(p.shares for p in penalties)) == paper:
            rulings = tuple(dict.fromkeys(r for p in h.penalties for r in p.rulings))
            return Difference(h.number, by, PENALTY, as_if, rulings)
    for as_if, change in _payment_mistakes(h, players):
        if _plus(change, penalised) == paper:
            return Difference(h.number, by, PAYMENT, as_if, PAYMENTS)
    if sum(paper.values()) != sum(h.change.values()):
        as_if = {"claimed_sum": sum(h.claimed.values()) if h.claimed else 0, "settled_sum": sum(h.running.values())}
        return Difference(h.number, by, SUM, as_if, ())
    return Difference(h.number, by, PAYMENT, {}, PAYMENTS if h.payments else ())


def _plus(*changes: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for change in changes:
        for p, v in change.items():
            out[p] = out.get(p, 0) + v
    return out


def _penalty_mistakes(h: HandResult) -> Iterator[tuple[dict[str, object], tuple[Penalty, ...]]]:
    """Each penalty left out, all of them left out, and each sent to the other place (others or none)."""
    if not h.penalties:
        return
    yield {"left_out": "all"}, ()
    for i, pen in enumerate(h.penalties):
        rest = h.penalties[:i] + h.penalties[i + 1 :]
        if len(h.penalties) > 1:
            yield {"left_out": i + 1}, rest
        flipped = _flipped(pen)
        if flipped is not None:
            yield {"penalty": i + 1, "to": flipped.to}, (*rest, flipped)


def _flipped(pen: Penalty) -> Penalty | None:
    """``pen`` sent to the other place: split among the others instead of deducted only, or the reverse."""
    to = "none" if pen.to == "others" else "others"
    if to == "others" and pen.points % 3:
        return None
    shares = {p: (-pen.points if p == pen.player else (pen.points // 3 if to == "others" else 0)) for p in pen.shares}
    return Penalty(pen.player, pen.points, to, pen.foul, shares, pen.rulings)


def _payment_mistakes(h: HandResult, players: tuple[str, ...]) -> Iterator[tuple[dict[str, object], dict[str, int]]]:
    """The win paid as self-drawn, or on the discard of each player who did not discard it."""
    if h.draw or h.winner is None or h.points is None:
        return
    if not h.self_drawn:
        yield {"self_drawn": True}, _paid(h.winner, None, h.points, players)
    for other in players:
        if other not in (h.winner, h.discarder):
            yield {"from": other}, _paid(h.winner, other, h.points, players)


def _paid(winner: str, discarder: str | None, points: int, players: tuple[str, ...]) -> dict[str, int]:
    return {pay.player: pay.points for pay in win_payments(winner, discarder, points, discarder is None, players)}
