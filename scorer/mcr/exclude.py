"""The Article 10 principles applied to one arrangement's detected fans.

1. Set-combination fans are chosen by an explicit search (:func:`choose_combinations`):
   non-repetition within sets (a fan made of another chosen fan's own sets is not
   scored), non-identical (one set never makes the same fan twice), and account-once
   (each further fan must bring a set not yet linked to the others: the chosen fans form
   a forest over the sets), maximising points (principle 4, higher score).
2. The exclusion table (``exclusions.csv``) then removes what a scored fan implies,
   walking fans from the highest (1) to the lowest, so a fan excluded by a higher one no
   longer excludes anything itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from ..profiles import Profile
from .positions import OVERLAPS, PRINCIPLE_ACCOUNT_ONCE, TREE
from .table import CONDITIONS, EXCLUSIONS, FANS, ExclusionRule
from .view import HandFacts, Hits

NON_REPETITION = "principle-non-repetition"
NON_IDENTICAL = "principle-non-identical"
ACCOUNT_ONCE = PRINCIPLE_ACCOUNT_ONCE  # a principle, and a disputed ruling too
HIGHER_SCORE = "principle-higher-score"
THREE_CHOW_FANS = "account-once-three-chow-fans"  # the ruling cited when a three-chow fan links the sets
FOUR_CHOWS = "account-once-four-chows"  # and when two-chow fans among four chows do


class Hit(NamedTuple):
    """One instance of a set-combination fan in an arrangement: its fan, the sets it uses (group
    indices) and those sets as a bit set (bit i for group i). Make one with :func:`make_hit`."""

    fan: int
    sets: tuple[int, ...]
    mask: int


def make_hit(fan: int, sets: tuple[int, ...]) -> Hit:
    return Hit(fan, sets, _set_mask(sets))


@dataclass(slots=True)
class Removal:
    """Why one fan (some or all of its instances) was not scored."""

    fan: int
    by: list[int] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)

    def copy(self) -> Removal:
        return Removal(self.fan, list(self.by), list(self.rulings))

    def add(self, by: list[int], rulings: list[str]) -> None:
        for b in by:
            if b not in self.by:
                self.by.append(b)
        for r in rulings:
            if r not in self.rulings:
                self.rulings.append(r)


# --- account-once search -------------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _set_mask(sets: tuple[int, ...]) -> int:
    """The bit set of a hit's sets (bit i for group i)."""
    m = 0
    for i in sets:
        m |= 1 << i
    return m


def _is_forest(hits: list[Hit], overlaps: frozenset[tuple[int, int]]) -> bool:
    """Do ``hits`` link the sets without a cycle? A fan a position lets sit inside another
    (``overlaps``) adds no link of its own."""
    if overlaps:
        hits = [
            h for h in hits if not any((o.fan, h.fan) in overlaps and h.mask & ~o.mask == 0 for o in hits if o is not h)
        ]
    linked: list[int] = []  # the groups of sets linked so far, each as a bit set
    for h in hits:
        joined = h.mask
        apart = []
        for group in linked:
            common = group & joined
            if not common:
                apart.append(group)
            elif common & (common - 1):  # two of the hit's sets are linked already: a cycle
                return False
            else:
                joined |= group
        apart.append(joined)
        linked = apart
    return True


def _conflict(a: Hit, b: Hit, overlaps: frozenset[tuple[int, int]]) -> str | None:
    """The principle that forbids scoring ``a`` and ``b`` together, if any."""
    sa, sb = a.mask, b.mask
    if a.fan == b.fan and sa & sb:
        return NON_IDENTICAL
    if sa & ~sb == 0 and (b.fan, a.fan) not in overlaps:  # a's sets are among b's
        return NON_REPETITION
    if sb & ~sa == 0 and (a.fan, b.fan) not in overlaps:
        return NON_REPETITION
    return None


MAX_CHOICES = 8  # equal-best choices kept per arrangement: enough for every tie seen, bounded for the worst


def choose_combinations(hits: list[Hit], points: dict[int, int], profile: Profile) -> list[list[Hit]]:
    """Every highest-scoring admissible subset of set-combination ``hits`` (at most :data:`MAX_CHOICES`).

    The search visits each admissible subset once, in the order of its hits sorted from the highest fan
    down (a subset before the subsets that extend it), so the first subset returned is the one that takes
    the higher-valued fans (the scorer's preferred choice); the others reach the same points with other
    fans or other sets (``equal-readings``).
    """
    if len(hits) <= 1:
        return [hits]
    order = sorted(hits, key=lambda h: (-points[h.fan], h.fan, h.sets))
    tree = profile.takes(PRINCIPLE_ACCOUNT_ONCE, TREE)
    overlaps = profile.overlaps
    n = len(order)
    suffix = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        suffix[k] = suffix[k + 1] + points[order[k].fan]
    best: list[list[Hit]] = [[]]
    kinds: set[tuple[tuple[int, int], ...]] | None = None  # what each kept choice scores (_kind), made on a tie
    best_points = 0
    chosen: list[Hit] = []

    def search(k: int, total: int) -> None:
        """Every admissible choice that extends ``chosen`` with hits from ``k`` on, each visited once."""
        nonlocal best, best_points, kinds
        for j in range(k, n):
            if total + suffix[j] < best_points:
                return  # even every hit left cannot reach the best
            h = order[j]
            if any(_conflict(h, c, overlaps) is not None for c in chosen) or (
                tree and chosen and not _is_forest(chosen + [h], overlaps)  # one fan alone links no cycle
            ):
                continue
            chosen.append(h)
            now = total + points[h.fan]
            if now > best_points:
                best, best_points, kinds = [list(chosen)], now, None
            elif now == best_points and len(best) < MAX_CHOICES:
                if kinds is None:
                    kinds = {_kind(b) for b in best}
                kind = _kind(chosen)
                if kind not in kinds and not any(_within(chosen, b) for b in best):
                    kinds.add(kind)  # a tie that scores otherwise; not one that only drops a fan worth 0
                    best.append(list(chosen))
            search(j + 1, now)
            chosen.pop()

    search(0, 0)
    return best


# Fans whose exclusions depend on the very sets they use ("sets" rows): for them a choice's sets matter.
SET_SCOPED = frozenset(rule.fan for rule in EXCLUSIONS if rule.scope == "sets")


def _kind(chosen: list[Hit]) -> tuple[tuple[int, int], ...]:
    """What a choice of set-combination fans scores once exclusions are applied: its fans, and for fans of
    :data:`SET_SCOPED` the sets they use. Two choices of one kind give the same fans, so one is kept."""
    return tuple(sorted((h.fan, h.mask if h.fan in SET_SCOPED else 0) for h in chosen))


def _within(chosen: list[Hit], other: list[Hit]) -> bool:
    """Are all of ``chosen``'s hits in ``other``?"""
    return all(h in other for h in chosen)


def explain_unchosen(hit: Hit, chosen: list[Hit], overlaps: frozenset[tuple[int, int]]) -> tuple[list[int], list[str]]:
    """Which chosen fans kept ``hit`` out, and the principle that says so."""
    for c in chosen:
        why = _conflict(hit, c, overlaps)
        if why == NON_REPETITION:
            disputed = [r for (r, _), pairs in OVERLAPS.items() if (c.fan, hit.fan) in pairs]
            return [c.fan], [NON_REPETITION, FANS[c.fan].ruling, *disputed]
        if why == NON_IDENTICAL:
            return [c.fan], [NON_IDENTICAL]
    linked = [c.fan for c in chosen if c.mask & hit.mask]
    if not linked:  # admissible but worth nothing more (a house profile valued it at 0 points)
        return [], [HIGHER_SCORE]
    rulings = [ACCOUNT_ONCE]
    if any(len(c.sets) == 3 for c in chosen):
        rulings.append(THREE_CHOW_FANS)
    elif len(hit.sets) == 2:
        rulings.append(FOUR_CHOWS)
    return sorted(set(linked)), rulings


# --- the exclusion table -------------------------------------------------------------------------------------


class Rules(NamedTuple):
    """The exclusion table under one profile."""

    active: dict[int, list[ExclusionRule]]  # the rows in force, by excluding fan
    waived: dict[tuple[int, int], list[str]]  # rows a position switched off: the rulings to cite instead
    waiving: frozenset[int]  # the excluding fans of the waived rows
    order: tuple[int, ...]  # the excluding fans, highest value first (a fan a higher one excluded excludes nothing)
    rank: dict[int, int]  # each excluding fan's place in ``order``


@lru_cache(maxsize=64)
def rules_for(profile: Profile) -> Rules:
    """The exclusion rows in force under ``profile``, by excluding fan; and, for rows a
    position switched off, the ruling to cite on the fan that therefore stays."""
    active: dict[int, list[ExclusionRule]] = {}
    waived: dict[tuple[int, int], list[str]] = {}
    for rule in EXCLUSIONS:
        if rule.in_force(profile):
            active.setdefault(rule.fan, []).append(rule)
        else:
            waived.setdefault((rule.fan, rule.excludes), []).append(rule.ruling)
    order = tuple(sorted(active, key=lambda n: (-profile.points.get(n, 0), n)))
    return Rules(active, waived, frozenset(a for a, _ in waived), order, {fan: i for i, fan in enumerate(order)})


def apply_exclusions(
    hits: dict[int, Hits], facts: HandFacts, profile: Profile, removed: dict[int, Removal]
) -> dict[int, list[str]]:
    """Remove implied fans from ``hits`` in place, recording why in ``removed``.

    Returns extra rulings to cite on fans that stay because a profile position keeps them.
    """
    active, waived, waiving, _, rank = rules_for(profile)
    extra: dict[int, list[str]] = {}
    # The excluding fans the reading has, by value, so that 82 (5 points) removes 67 before 67 could remove 74.
    for a in sorted([fan for fan in hits if fan in rank], key=rank.__getitem__):
        if not hits.get(a):
            continue
        for rule in active[a]:
            b = rule.excludes
            victims = hits.get(b)
            if not victims:
                continue
            if rule.when:
                if rule.when.isdigit():
                    if not hits.get(int(rule.when)):
                        continue
                elif not CONDITIONS[rule.when](facts):
                    continue
            if rule.scope == "all":
                gone, kept = victims, []
            elif rule.scope == "one":
                gone, kept = victims[:1], victims[1:]
            else:
                own = {s for used in hits[a] for s in used}
                gone = [used for used in victims if set(used) <= own]
                kept = [used for used in victims if not set(used) <= own]
            if not gone:
                continue
            hits[b] = kept
            if b not in removed:
                removed[b] = Removal(b)
            removed[b].add([a], [rule.ruling, FAN_RULING[a]])
    if not waiving.isdisjoint(hits):
        for (a, b), rulings in waived.items():
            if hits.get(a) and hits.get(b):
                extra.setdefault(b, []).extend(r for r in rulings if r not in extra.get(b, []))
    return extra


FAN_RULING = {number: info.ruling for number, info in FANS.items()}
