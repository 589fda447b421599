"""The whole table under Babcock: the four hands scored and the hand settled (``settle_table``).

The winner's hand is scored as a winning hand, the others as losers' hands (``loser``); the four
must come from one set (no tile more than four times across the table). With a winner, the
settlement is ``settlement.settle``; a draw game (no winner) pays nothing (ruling ``babcock-draw-game``).
A seat with a Dead Hand (``dead``) scores nothing and is not scored (ruling ``babcock-settlement``).
"""

from __future__ import annotations

import json
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

from .. import arguments
from ..errors import InvalidHand, Message, MjrefError
from ..hand import Hand
from ..notation import parse
from ..profiles import DEFAULTS, babcock_profile
from ..result import BabcockScore
from ..tiles import WIND_LETTERS, WINDS, name
from ..validate import validate
from .loser import LoserHand, parse_loser, score_loser_hand
from .score import score_hand
from .settlement import SEATS, settle

SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
DRAW_GAME = "babcock-draw-game"
SETTLEMENT = "babcock-settlement"
DEAD_FORM = "dead"


@dataclass(frozen=True, slots=True)
class Table:
    """Each seat's score (``hands``), the points (``scores``) and the net each gains (+) or pays (-)."""

    winner: str | None
    hands: dict[str, BabcockScore]
    scores: dict[str, int]
    net: dict[str, int]
    dead: frozenset[str] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        """The fixed JSON contract: ``scores``, ``net`` and ``hands`` (each seat's score JSON), and
        ``dead`` (the dead seats, in seat order) only when a seat holds a Dead Hand."""
        out: dict[str, Any] = {
            "scores": dict(self.scores),
            "net": dict(self.net),
            "hands": {seat: self.hands[seat].to_dict() for seat in SEATS},
        }
        if self.dead:
            out["dead"] = [seat for seat in SEATS if seat in self.dead]
        return out

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)


def _winning_hand(text: str, seat: str) -> Hand:
    h = parse(text)
    wind = WINDS[WIND_LETTERS.index(seat)]
    if "|" in text and h.situation.seat != wind:
        written = WIND_LETTERS[h.situation.seat - 27]
        message = "the hand says seat %(written)s but is played in seat %(seat)s"
        raise InvalidHand(message, code="situation", written=written, seat=seat)
    h = replace(h, situation=replace(h.situation, seat=wind))
    validate(h)
    if h.situation.flowers:
        raise MjrefError("Babcock's game is scored without flowers: remove the +N", code="flowers")
    return h


def _dead_score(text: str, profile_name: str) -> BabcockScore:
    """A Dead Hand's score: nothing, whatever it holds (ch.III). Its hand is the text as given."""
    return BabcockScore(
        ruleset="babcock",
        profile=profile_name,
        hand=" ".join(text.split()),
        total=0,
        flowers=0,
        meets_minimum=True,
        fans=(),
        excluded=(),
        payments=None,
        form=DEAD_FORM,
        rulings=(SETTLEMENT,),
    )


def settle_table(
    hands: dict[str, str], winner: str | None, profile: str | None = None, dead: frozenset[str] = frozenset()
) -> Table:
    """Score the four hands (seat ``"E"`` … ``"N"`` -> notation) and settle the hand.

    ``winner`` is the winner's seat, or None for a draw game. Each hand's seat wind is its seat (a
    suffix, when written, must agree). Errors name the seat: ``South: wrong tile count …``.

    >>> t = settle_table({"E": "[8888p,1]234sEEEFFPPF", "S": "[NNN,1]123m456m789m9p",
    ...                   "W": "[222s,3]345m678m567p1s", "N": "123p456p567p789s5s"}, winner="E")
    >>> t.scores, t.net
    ({'E': 168, 'S': 4, 'W': 2, 'N': 0}, {'E': 1008, 'S': -330, 'W': -336, 'N': -342})

    ``dead`` holds the seats with a Dead Hand (Babcock ch.III, ruling ``babcock-settlement``). A dead
    hand scores 0 and is not scored; its tile count is not checked (a wrong count is what makes a hand
    dead), and its tiles count towards the four-copies check only when it can be read. It pays the
    winner as a loser does, pays each other living player that player's score (East's double stake as
    in ``settle``), and no one pays it. The winner cannot be dead; after a draw game no one pays.
    """
    if not isinstance(hands, dict) or set(hands) != set(SEATS):
        given = ", ".join(map(repr, hands)) if isinstance(hands, dict) else type(hands).__name__
        message = "the table needs a hand for each of the seats E, S, W and N, got %(given)s"
        raise MjrefError(message, given=given or Message("none"))
    if winner is not None and (not isinstance(winner, str) or winner not in SEATS):
        message = "winner %(winner)s: expected E, S, W or N, or none for a draw game"
        raise MjrefError(message, code="settlement", winner=repr(winner))
    dead = arguments.seats(dead, "dead")
    ref = arguments.profile_ref(profile)
    if winner is not None and winner in dead:
        message = "%(seat)s cannot both win and hold a Dead Hand"
        raise MjrefError(message, code="settlement", seat=Message(SEAT_NAMES[winner]))
    rules = babcock_profile(DEFAULTS["babcock"] if ref is None else ref)
    read: dict[str, Hand | LoserHand] = {}
    counted: list[Hand | LoserHand] = []
    for seat in SEATS:
        if seat in dead:
            if not isinstance(hands[seat], str) or not hands[seat].strip():
                message = "%(seat)s: a dead hand must still be given"
                raise MjrefError(message, code="notation", seat=Message(SEAT_NAMES[seat]))
            with suppress(MjrefError):  # read only to count its tiles: its count may be wrong, its text unreadable
                counted.append(parse(hands[seat]))
            continue
        try:
            read[seat] = _winning_hand(hands[seat], seat) if seat == winner else parse_loser(hands[seat], seat)
        except MjrefError as e:
            raise MjrefError("%(seat)s: %(error)s", code=e.code, seat=Message(SEAT_NAMES[seat]), error=e) from e
    total = [0] * 34
    for h in [*read.values(), *counted]:
        for t, n in enumerate(h.counts()):
            total[t] += n
    for t, n in enumerate(total):
        if n > 4:
            message = "%(n)s copies of %(tile)s across the table: a set has only four"
            raise InvalidHand(message, code="five-copies", n=n, tile=name(t))
    scored: dict[str, BabcockScore] = {}
    for seat, h in read.items():
        try:
            scored[seat] = score_hand(h, rules) if isinstance(h, Hand) else score_loser_hand(h, rules.name)
        except MjrefError as e:
            raise MjrefError("%(seat)s: %(error)s", code=e.code, seat=Message(SEAT_NAMES[seat]), error=e) from e
    for seat in dead:
        scored[seat] = _dead_score(hands[seat], rules.name)
    scores = {seat: scored[seat].total for seat in SEATS}
    net = settle(scores, winner, dead) if winner is not None else dict.fromkeys(SEATS, 0)
    return Table(winner, scored, scores, net, dead)
