"""Score an MCR hand: every arrangement, every fan, the principles, the best total."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..arrange import GROUP_TEXTS, SEVEN_PAIRS, Arrangement, arrangements
from ..errors import NotWinning
from ..hand import Hand
from ..notation import format_hand
from ..profiles import Profile
from ..result import Excluded, FanScore, Score
from .exclude import Hit, Removal, apply_exclusions, choose_combinations, explain_unchosen, make_hit
from .fans import DETECTORS, Detect
from .table import FANS
from .view import HandFacts, Hits, View

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
    hits: dict[int, Hits]  # by fan: the sets each instance uses
    removed: dict[int, Removal]
    extra: dict[int, list[str]]


@lru_cache(maxsize=64)
def _per_hand(kongs: int, honors: bool, suits: int) -> tuple[Detect, ...]:
    """The per-hand detectors worth running on a hand that declares this many kongs, with or without
    honours, holding tiles of this many suits."""
    return tuple(
        d
        for d in DETECTORS.values()
        if d.per_hand and d.kongs <= kongs and d.honors in (None, honors) and (d.suits is None or suits in d.suits)
    )


@lru_cache(maxsize=512)
def _per_arrangement(form: str, chows: int, pungs: int, honor_pungs: int) -> tuple[Detect, ...]:
    """The detectors of the sets worth running on an arrangement of this form, with this many chows, pungs
    and pungs of honours (all per-arrangement detectors but the wait fans')."""
    return tuple(
        d
        for d in DETECTORS.values()
        if not d.per_hand
        and d.wait is None
        and form in d.forms
        and d.chows <= chows
        and d.pungs <= pungs
        and d.honor_pungs <= honor_pungs
    )


@lru_cache(maxsize=32)
def _wait_detectors(form: str, wait: str | None) -> tuple[Detect, ...]:
    """The detector of the wait fan of an arrangement of this form won with this wait (none without one)."""
    return tuple(d for d in DETECTORS.values() if wait is not None and d.wait == wait and form in d.forms)


def _hand_hits(view: View) -> dict[int, Hits]:
    """Hits of the fans that depend only on the tiles and the situation, found once per hand."""
    found = {}
    facts = view.facts
    for d in _per_hand(facts.n_kongs, facts.has_honors, len(facts.suits)):
        hits = d.detect(view)
        if hits:
            found[d.number] = hits
    return found


@dataclass(slots=True)
class SetFans:
    """What an arrangement's sets make, whichever of them holds the winning tile: the hits of every
    per-arrangement fan but the wait fans, the set-combination fans already chosen, and why the
    others were not."""

    hits: dict[int, Hits]
    removed: dict[int, Removal]


def _set_fans(view: View, profile: Profile) -> SetFans:
    """Detect the fans of one arrangement's sets and choose among the set-combination fans."""
    points = profile.points
    combos: list[Hit] = []
    hits: dict[int, Hits] = {}
    for d in _per_arrangement(view.form, len(view.chows), len(view.pungs), view.honor_pungs):
        found = d.detect(view)
        if not found:
            continue
        if d.combination:
            number = d.number
            combos += [make_hit(number, s) for s in found]
        else:
            hits[d.number] = found
    removed: dict[int, Removal] = {}
    if combos:
        chosen = choose_combinations(combos, points, profile)
        for h in chosen:
            hits.setdefault(h.fan, []).append(h.sets)
        if len(chosen) < len(combos):
            for h in combos:
                if h not in chosen:
                    by, rulings = explain_unchosen(h, chosen, profile.overlaps)
                    if h.fan not in removed:
                        removed[h.fan] = Removal(h.fan)
                    removed[h.fan].add(by, rulings)
    return SetFans(hits, removed)


def _evaluate(view: View, profile: Profile, per_hand: dict[int, Hits], sets: SetFans) -> Reading:
    """Add the wait fan to the fans of the hand and of its sets, and exclude what the scored fans imply."""
    arr = view.arr
    points = profile.points
    hits = dict(per_hand)  # exclusions replace a fan's list, never change it in place
    hits.update(sets.hits)
    for d in _wait_detectors(arr.form, arr.wait):
        found = d.detect(view)
        if found:
            hits[d.number] = found
    removed = {fan: r.copy() for fan, r in sets.removed.items()} if sets.removed else {}  # exclusions add to them
    extra = apply_exclusions(hits, view.facts, profile, removed)
    total = 0
    for fan, hs in hits.items():
        total += points[fan] * len(hs)
    if total == len(hits.get(FLOWERS, ())):
        hits[CHICKEN_HAND] = [()]
        total += points[CHICKEN_HAND]
    return Reading(arr, total, hits, removed, extra)


def _rulings_of(number: int) -> tuple[str, ...]:
    """The rulings cited on fan ``number`` whenever it is scored."""
    rulings = [FANS[number].ruling, *ALSO_CITE.get(number, ())]
    if number in KONG_FANS:
        rulings.append("kong-table")
    return tuple(dict.fromkeys(rulings))


FAN_RULINGS = {number: _rulings_of(number) for number in FANS}


def _fan_rulings(number: int, reading: Reading) -> tuple[str, ...]:
    rulings = FAN_RULINGS[number]
    if number == 64 and reading.arr.form == SEVEN_PAIRS:
        rulings += ("seven-pairs-tile-hog",)  # fan 64 is no kong fan: this comes before any kong-table
    extra = reading.extra.get(number)
    if extra:
        rulings = tuple(dict.fromkeys(rulings + tuple(extra)))
    return rulings


@lru_cache(maxsize=4096)
def _fan_score(number: int, points: int, count: int, sets: tuple[str, ...], rulings: tuple[str, ...]) -> FanScore:
    """One fan scored. Results are immutable, so an equal one already made is shared rather than made again."""
    info = FANS[number]
    return FanScore(number, info.key, info.name, points, count, sets, rulings)


@lru_cache(maxsize=4096)
def _excluded(number: int, by: tuple[int, ...], rulings: tuple[str, ...]) -> Excluded:
    """One fan left out (shared like :func:`_fan_score`)."""
    info = FANS[number]
    return Excluded(number, info.key, info.name, by, rulings)


def _sets_text(reading: Reading, hits: Hits) -> tuple[str, ...]:
    """The texts of the sets ``hits`` use, each once, in order."""
    groups = reading.arr.groups
    sets: list[str] = []
    for used in hits:
        for i in used:
            g = groups[i]
            t = GROUP_TEXTS[g.kind, g.tile]
            if t not in sets:
                sets.append(t)
    return tuple(sets)


def score_hand(hand: Hand, profile: Profile) -> Score:
    """Score a validated hand under a resolved profile."""
    facts = HandFacts(hand)
    positions = profile.positions
    readings: list[Reading] = []
    per_hand: dict[int, Hits] = {}
    seen: list[tuple[View, SetFans]] = []
    for arr in arrangements(hand):
        known = _same_sets(seen, arr) if seen else None
        if known:  # the same sets with the winning tile in another of them: only the wait fans can differ
            view, sets = known
            view.arr = arr
        else:
            view = View(facts, arr, positions)
            if not seen:
                per_hand = _hand_hits(view)
            sets = _set_fans(view, profile)
            seen.append((view, sets))
        readings.append(_evaluate(view, profile, per_hand, sets))
    if not readings:
        raise NotWinning(
            "not a winning hand: the tiles make neither four sets and a pair nor any special hand "
            "(seven pairs, thirteen orphans, honors and knitted, knitted straight)"
        )
    best = readings[0]
    for r in readings[1:]:  # the first of equal totals: regular readings come first
        if r.total > best.total:
            best = r
    return _result(hand, profile, best)


def _same_sets(seen: list[tuple[View, SetFans]], arr: Arrangement) -> tuple[View, SetFans] | None:
    """The view and set fans already found for an arrangement of the same form and sets as ``arr``."""
    for view, sets in seen:
        if view.form == arr.form and view.groups == arr.groups:
            return view, sets
    return None


def _result(hand: Hand, profile: Profile, best: Reading) -> Score:
    """The :class:`Score` of the best reading: its fans and exclusions, with their sets and rulings."""
    points = profile.points
    fans = []
    for number in sorted(best.hits):
        hs = best.hits[number]
        if not hs:
            continue
        count = len(hs)
        fans.append(_fan_score(number, points[number] * count, count, _sets_text(best, hs), _fan_rulings(number, best)))
    excluded = [_excluded(n, tuple(r.by), tuple(r.rulings)) for n, r in sorted(best.removed.items())]
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
