"""Score an MCR hand: every arrangement, every fan, the principles, the best total."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..arrange import SEVEN_PAIRS, Arrangement, arrangements
from ..errors import NotWinning
from ..hand import Hand
from ..notation import format_hand
from ..profiles import Profile
from ..result import Excluded, FanScore, Score
from .exclude import Hit, Removal, apply_exclusions, choose_combinations, explain_unchosen
from .fans import DETECTORS, Detect
from .table import FANS
from .view import HandFacts, View

CHICKEN_HAND = 43
FLOWERS = 81
MINIMUM = 8

# Rulings cited on a fan whenever it is scored, besides its definition.
ALSO_CITE: dict[int, tuple[str, ...]] = {
    48: ("two-concealed-kongs",),
    57: ("kong-means-any-kong",),
    74: ("kong-means-any-kong",),
    77: ("wait-only-one-winning-tile", "one-wait-fan-only"),
    78: ("wait-only-one-winning-tile", "one-wait-fan-only"),
    79: ("wait-only-one-winning-tile", "one-wait-fan-only", "single-wait-pair-only"),
    82: ("melded-and-concealed-kong",),
}
KONG_FANS = frozenset({5, 17, 48, 57, 67, 74, 82})


@dataclass(slots=True)
class Reading:
    """One arrangement's outcome: the fans scored and those left out."""

    arr: Arrangement
    total: int
    hits: dict[int, list[Hit]]
    removed: dict[int, Removal]
    extra: dict[int, list[str]]


PER_HAND = tuple(d for d in DETECTORS.values() if d.per_hand)


@lru_cache(maxsize=128)
def _per_arrangement(form: str, chows: int, pungs: int) -> tuple[Detect, ...]:
    """The detectors worth running on an arrangement of this form with this many chows and pungs."""
    return tuple(
        d for d in DETECTORS.values() if not d.per_hand and form in d.forms and d.chows <= chows and d.pungs <= pungs
    )


def _hand_hits(view: View) -> dict[int, list[Hit]]:
    """Hits of the fans that depend only on the tiles and the situation, found once per hand."""
    found = {}
    for d in PER_HAND:
        hits = d.detect(view)
        if hits:
            found[d.number] = [Hit(d.number, s) for s in hits]
    return found


def _evaluate(facts: HandFacts, arr: Arrangement, profile: Profile, per_hand: dict[int, list[Hit]]) -> Reading:
    """Detect, choose and exclude the fans of one arrangement."""
    view = View(facts, arr, profile.positions)
    points = profile.points
    combos: list[Hit] = []
    hits = dict(per_hand)  # exclusions replace a fan's list, never change it in place
    for d in _per_arrangement(arr.form, len(view.chows), len(view.pungs)):
        found = d.detect(view)
        if not found:
            continue
        if d.combination:
            combos.extend(Hit(d.number, s) for s in found)
        else:
            hits[d.number] = [Hit(d.number, s) for s in found]
    removed: dict[int, Removal] = {}
    if combos:
        chosen = choose_combinations(combos, points, len(arr.groups), profile)
        for h in chosen:
            hits.setdefault(h.fan, []).append(h)
        if len(chosen) < len(combos):
            for h in combos:
                if h not in chosen:
                    by, rulings = explain_unchosen(h, chosen, profile.overlaps)
                    removed.setdefault(h.fan, Removal(h.fan)).add(by, rulings)
    extra = apply_exclusions(hits, facts, profile, removed)
    total = sum(points[f] * len(hs) for f, hs in hits.items())
    if total == len(hits.get(FLOWERS, ())):
        hits[CHICKEN_HAND] = [Hit(CHICKEN_HAND, ())]
        total += points[CHICKEN_HAND]
    return Reading(arr, total, hits, removed, extra)


def _group_texts(arr: Arrangement, sets: tuple[int, ...]) -> list[str]:
    return [arr.groups[i].text() for i in sets]


def _fan_rulings(number: int, reading: Reading) -> tuple[str, ...]:
    rulings = [FANS[number].ruling, *ALSO_CITE.get(number, ())]
    if number == 64 and reading.arr.form == SEVEN_PAIRS:
        rulings.append("seven-pairs-tile-hog")
    if number in KONG_FANS:
        rulings.append("kong-table")
    rulings += reading.extra.get(number, [])
    return tuple(dict.fromkeys(rulings))


def score_hand(hand: Hand, profile: Profile) -> Score:
    """Score a validated hand under a resolved profile."""
    facts = HandFacts(hand)
    readings: list[Reading] = []
    per_hand: dict[int, list[Hit]] | None = None
    for arr in arrangements(hand):
        if per_hand is None:
            per_hand = _hand_hits(View(facts, arr, profile.positions))
        readings.append(_evaluate(facts, arr, profile, per_hand))
    if not readings:
        raise NotWinning(
            "not a winning hand: the tiles make neither four sets and a pair nor any special hand "
            "(seven pairs, thirteen orphans, honors and knitted, knitted straight)"
        )
    best = max(readings, key=lambda r: r.total)  # first of equal totals: regular readings come first
    fans = []
    for number in sorted(best.hits):
        hs = best.hits[number]
        if not hs:
            continue
        info = FANS[number]
        sets: list[str] = []
        for h in hs:
            for t in _group_texts(best.arr, h.sets):
                if t not in sets:
                    sets.append(t)
        count = len(hs)
        fans.append(
            FanScore(
                number,
                info.key,
                info.name,
                profile.points[number] * count,
                count,
                tuple(sets),
                _fan_rulings(number, best),
            )
        )
    excluded = [
        Excluded(n, FANS[n].key, FANS[n].name, tuple(r.by), tuple(r.rulings)) for n, r in sorted(best.removed.items())
    ]
    flowers = hand.situation.flowers
    total = best.total
    meets = total - flowers >= MINIMUM
    payments: dict[str, int] | None = None
    if meets:
        if hand.situation.self_drawn:
            payments = {"others": -(MINIMUM + total), "winner": 3 * (MINIMUM + total)}
        else:
            payments = {"discarder": -(MINIMUM + total), "others": -MINIMUM, "winner": 3 * MINIMUM + total}
    return Score(
        ruleset="mcr",
        profile=profile.name,
        hand=format_hand(hand),
        total=total,
        flowers=flowers,
        meets_minimum=meets,
        fans=tuple(fans),
        excluded=tuple(excluded),
        payments=payments,
        form=best.arr.form,
        rulings=("eight-point-minimum", "payments"),
    )
