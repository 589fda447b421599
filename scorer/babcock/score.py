"""Score a winning hand by Babcock's rules: add, double, cap at the limit; keep the best reading.

Each reading of the tiles (four sets and a pair, or a special form the profile plays) is scored by
the Standard Score Sheet (``sheet.POINTS``, then ``sheet.DOUBLES``), unless it is an agreed limit
hand (``limits``). Our reading, where Babcock is silent, is that the player takes the reading that
scores most (``babcock-standard-score-sheet``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..arrange import REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, Arrangement, arrangements
from ..canonical import hand_text
from ..errors import Message, NotWinning
from ..hand import KONG, Hand
from ..result import BabcockScore, Double, Excluded, FanScore
from ..tiles import DRAGONS, EAST, suit_of
from .limits import limit_hands
from .options import STANDARD
from .sets import BSet, babcock_sets
from .settlement import payments
from .sheet import DOUBLES, LIMIT, LIMITS, OPTIONAL_DOUBLES, POINTS, SHEET, SPECIAL_BONUSES, set_key
from .waits import winning_tiles

if TYPE_CHECKING:
    from ..profiles import Profile

SETTLEMENT = "babcock-settlement"
ORDER = {key: i for i, key in enumerate(POINTS)}
DOUBLE_ORDER = {key: i for i, key in enumerate(DOUBLES)}


@dataclass
class Reading:
    """One reading's score: the points added (by key: points, count, sets), the doubles, the total."""

    form: str
    points: dict[str, tuple[int, int, list[str]]] = field(default_factory=dict)
    doubles: dict[str, tuple[int, list[str]]] = field(default_factory=dict)
    base: int = 0
    total: int = 0
    capped: bool = False
    limit: str | None = None  # the limit hand this reading is
    replaced: list[str] = field(default_factory=list)  # what the limit hand replaces

    def add(self, key: str, text: str | None = None) -> None:
        points, count, sets = self.points.get(key, (0, 0, []))
        self.points[key] = (points + POINTS[key].value, count + 1, sets + ([text] if text else []))

    def double(self, key: str, text: str | None = None) -> None:
        count, sets = self.doubles.get(key, (0, []))
        self.doubles[key] = (count + DOUBLES[key].value, sets + ([text] if text else []))


def _suits(hand: Hand) -> tuple[set[int], bool]:
    """The suits (0-2) the hand's tiles are in, and whether it holds an honour."""
    kinds = [t for t, n in enumerate(hand.counts()) if n]
    return {suit_of(t) for t in kinds if t < 27}, any(t >= 27 for t in kinds)


def standard(form: str, sets: tuple[BSet, ...], hand: Hand, positions: dict[str, str], only_place: bool) -> Reading:
    """The Standard Score Sheet (with the agreed optional doubles) for one reading of four sets and a pair."""
    r = Reading(form)
    seat = hand.situation.seat
    r.add("mah-jongg")
    for s in sets:
        if s.is_pung:
            r.add(set_key("kong" if s.kind is KONG else "pung", s.concealed, s.major), s.text)
        elif s.is_pair and (s.tile in DRAGONS or s.tile == seat):
            r.add("scoring-pair", s.text)
    sit = hand.situation
    if sit.self_drawn:
        r.add("winning-tile-drawn")
    if only_place:
        r.add("only-possible-place")
    special = []
    if sit.kong:
        special.append("loose-tile-win" if sit.self_drawn else "stealing-the-fourth")
    if sit.last_of_wall and sit.self_drawn:
        special.append("last-tile-drawn")
    if not any(s.is_run for s in sets):
        special.append("no-runs")
    earned = {key for key in r.points if key != "mah-jongg"}
    if not earned and not special:
        special.append("no-score")
    if earned == {"winning-tile-drawn"} and not special and positions["babcock-no-score-hand"] != STANDARD:
        r.double("no-score-drawn")
    doubling = positions["babcock-optional-doubles"] != STANDARD
    for key in SPECIAL_BONUSES:
        if key in special and doubling:
            r.double(key)
        elif key in special:
            r.add(key)
    for s in sets:
        if s.is_pung and s.tile in DRAGONS:
            r.double("dragon-set", s.text)
        elif s.is_pung and s.tile == seat:
            r.double("own-wind-set", s.text)
    suits, honours = _suits(hand)
    if not suits:
        r.double("all-honours")
    elif len(suits) == 1:
        r.double("one-suit-with-honours" if honours else "one-suit")
    if positions["babcock-three-concealed-pungs"] != STANDARD and sum(1 for s in sets if s.held) >= 3:
        r.double("three-concealed-pungs")
    r.base = sum(points for points, _, _ in r.points.values())
    doubled = r.base << sum(count for count, _ in r.doubles.values())
    r.total, r.capped = min(doubled, LIMIT), doubled > LIMIT
    return r


def _reading(arr: Arrangement, hand: Hand, positions: dict[str, str], only_place: bool) -> Reading:
    sets = babcock_sets(arr, hand)
    sheet = standard(arr.form, sets, hand, positions, only_place) if arr.form == REGULAR else None
    limits = limit_hands(arr.form, sets, hand, positions)
    if not limits:
        assert sheet is not None  # the special forms are played only as limit hands
        return sheet
    key = limits[0]
    r = Reading(arr.form, limit=key)
    r.base = r.total = LIMIT // LIMITS[key].value
    r.points[key] = (r.base, 1, [s.text for s in sets])
    r.replaced = limits[1:] + (list(sheet.points) + list(sheet.doubles) if sheet else [])
    return r


def _playable(form: str, positions: dict[str, str]) -> bool:
    if form == REGULAR:
        return True
    if form == SEVEN_PAIRS:
        return positions["babcock-seven-twins"] != STANDARD
    return form == THIRTEEN_ORPHANS and positions["babcock-thirteen-orphans"] != STANDARD


def score_hand(hand: Hand, profile: Profile) -> BabcockScore:
    """Score a validated winning ``hand`` under a Babcock ``profile``.

    >>> from scorer.notation import parse
    >>> from scorer.profiles import load_profile
    >>> score_hand(parse("[111p,1][WWW,2]13777m55s2m|EW1000"), load_profile("babcock")).total
    72
    """
    positions = profile.positions
    seven, orphans = positions["babcock-seven-twins"] != STANDARD, positions["babcock-thirteen-orphans"] != STANDARD
    only_place = len(winning_tiles(hand, seven_twins=seven, thirteen_orphans=orphans)) == 1
    best: Reading | None = None
    for arr in arrangements(hand):
        if _playable(arr.form, positions):
            r = _reading(arr, hand, positions, only_place)
            if best is None or r.total > best.total:
                best = r
    if best is None:
        if seven and orphans:
            raise NotWinning(
                "not a winning hand: the tiles make no four sets and a pair nor Seven Twins or Thirteen Orphans"
            )
        if seven or orphans:
            played = Message("Seven Twins") if seven else Message("Thirteen Orphans")
            raise NotWinning("not a winning hand: the tiles make no four sets and a pair nor %(hand)s", hand=played)
        raise NotWinning(
            "not a winning hand: the tiles make no four sets and a pair "
            "(Seven Twins and Thirteen Orphans need their options)"
        )
    return _result(hand, profile, best)


def _result(hand: Hand, profile: Profile, r: Reading) -> BabcockScore:
    if r.limit is not None:
        item = LIMITS[r.limit]
        points, _, sets = r.points[r.limit]
        fans = [FanScore(r.limit, r.limit, item.name, points, 1, tuple(sets), (item.ruling,))]
    else:
        fans = [
            FanScore(key, key, POINTS[key].name, points, count, tuple(sets), (POINTS[key].ruling,))
            for key, (points, count, sets) in sorted(r.points.items(), key=lambda kv: ORDER[kv[0]])
        ]
    doubles = [
        Double(key, DOUBLES[key].name, count, tuple(sets), _double_rulings(key))
        for key, (count, sets) in sorted(r.doubles.items(), key=lambda kv: DOUBLE_ORDER[kv[0]])
    ]
    excluded = []
    if r.limit is not None:
        by, why = (r.limit,), (LIMITS[r.limit].ruling,)
        for key in dict.fromkeys(r.replaced):
            name = (LIMITS.get(key) or POINTS.get(key) or DOUBLES[key]).name
            extra = (LIMITS[key].ruling,) if key in LIMITS else ()
            excluded.append(Excluded(key, key, name, by, why + extra))
    return BabcockScore(
        ruleset="babcock",
        profile=profile.name,
        hand=hand_text(hand),
        total=r.total,
        flowers=0,
        meets_minimum=True,
        fans=tuple(fans),
        excluded=tuple(excluded),
        payments=payments(r.total, east_won=hand.situation.seat == EAST),
        form=r.form,
        rulings=(SHEET, SETTLEMENT),
        base=r.base,
        doubles=tuple(doubles),
        limit=r.capped,
    )


def _double_rulings(key: str) -> tuple[str, ...]:
    ruling = DOUBLES[key].ruling
    if ruling == OPTIONAL_DOUBLES and key == "no-score":
        return (ruling, "babcock-no-score-hand")
    return (ruling,)
