"""A loser's hand under Babcock: the sets and pairs he holds, the doubles for any hand, the limit.

A loser's hand is written like a winner's, without a winning tile: declared sets in brackets, then
the 13 standing tiles (one more per kong, a kong counting as 3), then the situation ``|PS0000`` for
the seat wind (the four flags stay 0: a loser did not win). Ruling ``babcock-losers-hands``: a
loser scores his pungs, kongs and pairs of dragons or of his own wind by the Standard Score Sheet,
doubles once per set of dragons and once for a set of his own wind, and is capped at the limit; the
winner's bonuses and the doubles and optional scores of a completed hand are not his.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import arguments
from ..errors import InvalidHand, Message, MjrefError
from ..hand import CHOW, KONG, Hand, Meld, Situation
from ..notation import format_hand, parse
from ..profiles import DEFAULTS, babcock_profile
from ..result import BabcockScore, Double, FanScore
from ..tiles import DRAGONS, WIND_LETTERS, WINDS, Tile, is_terminal_or_honor, name, run_text
from .sets import in_canonical_order
from .sheet import DOUBLES, LIMIT, POINTS, SHEET, set_key

LOSERS = "babcock-losers-hands"
LOSER_FORM = "loser"


@dataclass(frozen=True, slots=True)
class LoserHand:
    """A hand that did not win: declared sets, the standing tiles (sorted), the situation (seat wind)."""

    melds: tuple[Meld, ...]
    standing: tuple[Tile, ...]
    situation: Situation

    def counts(self) -> list[int]:
        """How many of each of the 34 kinds the hand holds, kongs counted as four."""
        c = [0] * 34
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
        for t in self.standing:
            c[t] += 1
        return c

    def text(self) -> str:
        """The canonical text: sets sorted, the standing tiles sorted, the situation suffix."""
        winner_text = format_hand(Hand(self.melds, self.standing[:-1], self.standing[-1], self.situation))
        sets = winner_text[: winner_text.rfind("]") + 1]
        return sets + run_text(self.standing) + winner_text[winner_text.index("|") :]


def parse_loser(text: str, seat: str | None = None) -> LoserHand:
    """Read a loser's hand; ``seat`` (``"E"`` … ``"N"``) sets the seat wind, and must agree with a suffix.

    >>> parse_loser("[EEE,2]123m456p9sCC5s", seat="S").text()
    '[EEE,2]123m456p59sCC|ES0000'
    >>> parse_loser("123m456p99sCC5s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorer.errors.InvalidHand: wrong tile count for a loser: 11 standing tiles with no declared set, expected 13 ...
    """
    if not isinstance(text, str):
        raise MjrefError(
            "a loser's hand: expected a hand string, not %(type)s", code="notation", type=type(text).__name__
        )
    h = parse(text)
    tiles = tuple(sorted(h.standing + (h.winning,)))
    expected = 13 - 3 * len(h.melds)
    if len(tiles) != expected:
        n = len(h.melds)
        sets = (
            Message("no declared set")
            if not n
            else Message("%(n)s declared set", n=n)
            if n == 1
            else Message("%(n)s declared sets", n=n)
        )
        raise InvalidHand(
            "wrong tile count for a loser: %(have)s standing tiles with %(sets)s, expected %(expected)s "
            "(a kong counting as 3, no winning tile)",
            code="tile-count",
            have=len(tiles),
            sets=sets,
            expected=expected,
        )
    s = h.situation
    if s.self_drawn or s.last_of_kind or s.last_of_wall or s.kong:
        raise InvalidHand("a loser's hand did not win: its situation flags must be 0 (|PS0000)", code="situation")
    if s.flowers:
        raise MjrefError("Babcock's game is scored without flowers: remove the +N", code="flowers")
    situation = s
    if seat is not None:
        arguments.seat(seat)
        wind = WINDS[WIND_LETTERS.index(seat)]
        if "|" in text and s.seat != wind:
            written = WIND_LETTERS[s.seat - 27]
            message = "the hand says seat %(written)s but is played in seat %(seat)s"
            raise InvalidHand(message, code="situation", written=written, seat=seat)
        situation = replace(s, seat=wind)
    hand = LoserHand(h.melds, tiles, situation)
    counts = hand.counts()
    for t, n in enumerate(counts):
        if n > 4:
            raise InvalidHand("%(n)s copies of %(tile)s: a set has only four", code="five-copies", n=n, tile=name(t))
    return hand


def score_loser_hand(hand: LoserHand, profile_name: str) -> BabcockScore:
    """Score a checked loser's hand: points for sets and pairs, doubles for dragons and own wind, the limit.

    >>> score_loser_hand(parse_loser("[FFF,1]EEE123m456p9s", seat="E"), "babcock").total
    48
    """
    seat = hand.situation.seat
    points: dict[str, tuple[int, int, list[str]]] = {}
    doubles: dict[str, tuple[int, list[str]]] = {}

    def add(key: str, text: str) -> None:
        p, n, sets = points.get(key, (0, 0, []))
        points[key] = (p + POINTS[key].value, n + 1, sets + [text])

    def double(key: str, text: str) -> None:
        n, sets = doubles.get(key, (0, []))
        doubles[key] = (n + DOUBLES[key].value, sets + [text])

    sets: list[tuple[str, Tile, bool, str]] = []  # kind, tile, concealed, text
    for m in in_canonical_order(hand.melds):  # the sets listed as the canonical text writes them
        if m.kind is not CHOW:
            sets.append(("kong" if m.kind is KONG else "pung", m.tile, m.concealed, run_text(m.tiles)))
    held = [0] * 34
    for t in hand.standing:
        held[t] += 1
    for t, n in enumerate(held):
        if n >= 3:  # three (or four, undeclared) of a kind held in the hand: a concealed pung
            sets.append(("pung", t, True, run_text((t,) * 3)))
        elif n == 2 and (t in DRAGONS or t == seat):
            add("scoring-pair", run_text((t, t)))
    for kind, t, concealed, text in sets:
        add(set_key(kind, concealed, is_terminal_or_honor(t)), text)
    for _, t, _, text in sets:
        if t in DRAGONS:
            double("dragon-set", text)
        elif t == seat:
            double("own-wind-set", text)
    order = list(POINTS)
    fans = tuple(
        FanScore(key, key, POINTS[key].name, p, n, tuple(s), (POINTS[key].ruling, LOSERS))
        for key, (p, n, s) in sorted(points.items(), key=lambda kv: order.index(kv[0]))
    )
    dorder = list(DOUBLES)
    dbl = tuple(
        Double(key, DOUBLES[key].name, n, tuple(s), (DOUBLES[key].ruling, LOSERS))
        for key, (n, s) in sorted(doubles.items(), key=lambda kv: dorder.index(kv[0]))
    )
    base = sum(p for p, _, _ in points.values())
    doubled = base << sum(d.count for d in dbl)
    return BabcockScore(
        ruleset="babcock",
        profile=profile_name,
        hand=hand.text(),
        total=min(doubled, LIMIT),
        flowers=0,
        meets_minimum=True,
        fans=fans,
        excluded=(),
        payments=None,
        form=LOSER_FORM,
        rulings=(SHEET, LOSERS),
        base=base,
        doubles=dbl,
        limit=doubled > LIMIT,
    )


def score_loser(hand: str, profile: str | None = None, *, seat: str | None = None) -> BabcockScore:
    """Score a loser's hand (notation without a winning tile) under a Babcock profile (default ``babcock``).

    The profile's options do not change a loser's score: chapter VII's optional scores are for
    completed hands only. ``seat`` overrides the seat wind of the suffix (it must agree when written).

    >>> score_loser("[CCC,2]EE55m789p123s|ES0000").total  # 4 red exposed, x2 red: 8
    8
    """
    ref = arguments.profile_ref(profile)
    loser = parse_loser(hand, seat)
    rules = babcock_profile(DEFAULTS["babcock"] if ref is None else ref)
    return score_loser_hand(loser, rules.name)


def is_loser_text(text: str) -> bool:
    """Whether ``text`` has a loser's tile count (13, a kong counting as 3): how worked examples tell
    a loser's hand from a winner's.

    >>> is_loser_text("[NNN,1]123m456m789m9p"), is_loser_text("[NNN,1]123m456m789m9p9p")
    (True, False)
    """
    try:
        h = parse(text)
    except MjrefError:
        return False
    return len(h.standing) + 1 == 13 - 3 * len(h.melds)
