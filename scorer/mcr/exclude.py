"""The Article 10 principles applied to one arrangement's detected fans.

1. Set-combination fans are chosen by an explicit search (:func:`choose_combinations`):
   non-repetition within sets (a fan made of another chosen fan's own sets is not
   scored), non-identical (one set never makes the same fan twice), and account-once
   (each further fan must bring a set not yet linked to the others: the chosen fans form
   a forest over the sets), maximising points (principle 4, higher score).
2. The exclusion table (``exclusions.csv``) then removes what a scored fan implies,
   walking fans from the highest (1) to the lowest, so a fan excluded by a higher one no
   longer excludes anything itself. A house profile may lift rows or add some (its ``exclusions``,
   :mod:`scorer.house_rules`), each citing the house's ruling on the fan it keeps or drops.

Compiled with mypyc in a wheel (``setup.py``). What the compiler needs: :class:`Removal` and :class:`Row`
are plain classes with ``__slots__`` and an ``__init__`` of their own (compiled, native classes; a
dataclass's generated ``__init__`` would run as interpreted Python); the exclusion table's rows are read
once per profile into :class:`Row` (scope as a small int, ``when`` split into a fan number or a condition),
so the loop of :func:`apply_exclusions` reads typed fields and sets of groups as integer bit sets.
Constants are ``Final``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..caches import new_cache, remember
from ..profiles import PROFILES_KEPT, Profile
from ..result import Excluded
from ..result_makers import excluded
from .positions import OVERLAPS, PRINCIPLE_ACCOUNT_ONCE, TREE
from .table import CONDITIONS, EXCLUSIONS, FANS, N_FANS, ExclusionRule
from .view import HandFacts, Hits

FAN_SLOTS: Final = N_FANS  # table.N_FANS as a constant compiled code reads as a C value
NON_REPETITION: Final = "principle-non-repetition"
NON_IDENTICAL: Final = "principle-non-identical"
ACCOUNT_ONCE: Final = PRINCIPLE_ACCOUNT_ONCE  # a principle, and a disputed ruling too
HIGHER_SCORE: Final = "principle-higher-score"
THREE_CHOW_FANS: Final = "account-once-three-chow-fans"  # the ruling cited when a three-chow fan links the sets
FOUR_CHOWS: Final = "account-once-four-chows"  # and when two-chow fans among four chows do


class Hit:
    """One instance of a set-combination fan in an arrangement: its fan, the sets it uses (group
    indices) and those sets as a bit set (bit i for group i). Each instance is one object, compared by
    identity: a detector never finds the same sets twice for its fan."""

    __slots__ = ("fan", "sets", "mask")

    def __init__(self, fan: int, sets: tuple[int, ...]) -> None:
        self.fan = fan
        self.sets = sets
        mask = 0
        for i in sets:
            mask |= 1 << i
        self.mask = mask

    def __repr__(self) -> str:
        return f"Hit({self.fan}, {self.sets})"


class Removal:
    """Why one fan (some or all of its instances) was not scored: the fans that removed it (``by``) and the
    rulings that say so, each once, in order. ``shown``: the result that says so, already made, while one
    exclusion row alone removed the fan (see :class:`Row`, which makes that removal once); None once anything
    else is added. A removal never changes (:meth:`plus` makes another), so readings and rows share them."""

    __slots__ = ("fan", "by", "rulings", "shown")

    def __init__(
        self, fan: int, by: tuple[int, ...] = (), rulings: tuple[str, ...] = (), shown: Excluded | None = None
    ) -> None:
        self.fan = fan
        self.by = by
        self.rulings = rulings
        self.shown = shown

    def plus(self, by: tuple[int, ...], rulings: tuple[str, ...]) -> Removal:
        """This removal with more fans and rulings (those it has already are not repeated)."""
        fans = list(self.by)
        for b in by:
            if b not in fans:
                fans.append(b)
        cited = list(self.rulings)
        for r in rulings:
            if r not in cited:
                cited.append(r)
        return Removal(self.fan, tuple(fans), tuple(cited))


# --- account-once search -------------------------------------------------------------------------------------


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
    if sa & ~sb == 0 and (not overlaps or (b.fan, a.fan) not in overlaps):  # a's sets are among b's
        return NON_REPETITION
    if sb & ~sa == 0 and (not overlaps or (a.fan, b.fan) not in overlaps):
        return NON_REPETITION
    return None


MAX_CHOICES: Final = 8  # equal-best choices kept per arrangement: enough for every tie seen, bounded for the worst


def choose_combinations(hits: list[Hit], rules: Rules) -> list[list[Hit]]:
    """Every highest-scoring admissible subset of set-combination ``hits`` (at most :data:`MAX_CHOICES`).

    The search visits each admissible subset once, in the order of its hits sorted from the highest fan
    down (a subset before the subsets that extend it), so the first subset returned is the one that takes
    the higher-valued fans (the scorer's preferred choice); the others reach the same points with other
    fans or other sets (``equal-readings``).
    """
    if len(hits) <= 1:
        return [hits]
    points = rules.values
    order = _by_value(hits, points)
    n = len(order)
    suffix = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        suffix[k] = suffix[k + 1] + points[order[k].fan]
    search = _Search(order, [points[h.fan] for h in order], suffix, rules.tree, rules.overlaps)
    _extend(search, 0, 0)
    return search.best


def _by_value(hits: list[Hit], points: list[int]) -> list[Hit]:
    """``hits`` sorted from the highest-valued fan down, then by fan number, then by their sets (a stable sort by
    numbers worked out once, rather than a key function called for each hit)."""
    keyed = [((ABOVE_ANY_VALUE - points[h.fan]) * FAN_SLOTS + h.fan, h.sets, i) for i, h in enumerate(hits)]
    keyed.sort()
    return [hits[i] for _, _, i in keyed]


ABOVE_ANY_VALUE: Final = 1024  # more than any fan is worth (a profile gives at most 88)


class _Search:
    """The state of :func:`choose_combinations`' search: the hits in order, their points, the points of each
    suffix of them, whether account-once is a forest, the profile's overlaps, the choice being extended and the
    best choices so far."""

    def __init__(
        self, order: list[Hit], values: list[int], suffix: list[int], tree: bool, overlaps: frozenset[tuple[int, int]]
    ) -> None:
        self.order = order
        self.values = values
        self.suffix = suffix
        self.tree = tree
        self.overlaps = overlaps
        self.chosen: list[Hit] = []
        self.best: list[list[Hit]] = [[]]
        self.best_points = 0
        self.kinds: set[tuple[tuple[int, int], ...]] | None = None  # what each kept choice scores, made on a tie


def _extend(st: _Search, k: int, total: int) -> None:
    """Every admissible choice that extends ``st.chosen`` with hits from ``k`` on, each visited once."""
    order = st.order
    chosen = st.chosen
    overlaps = st.overlaps
    for j in range(k, len(order)):
        if total + st.suffix[j] < st.best_points:
            return  # even every hit left cannot reach the best
        h = order[j]
        if any(_conflict(h, c, overlaps) is not None for c in chosen) or (
            st.tree and chosen and not _is_forest(chosen + [h], overlaps)  # one fan alone links no cycle
        ):
            continue
        chosen.append(h)
        now = total + st.values[j]
        if now > st.best_points:
            st.best, st.best_points, st.kinds = [list(chosen)], now, None
        elif now == st.best_points and len(st.best) < MAX_CHOICES:
            if st.kinds is None:
                st.kinds = {_kind(b) for b in st.best}
            kind = _kind(chosen)
            if kind not in st.kinds and not any(_within(chosen, b) for b in st.best):
                st.kinds.add(kind)  # a tie that scores otherwise; not one that only drops a fan worth 0
                st.best.append(list(chosen))
        _extend(st, j + 1, now)
        chosen.pop()


# Fans whose exclusions depend on the very sets they use ("sets" rows): for them a choice's sets matter.
SET_SCOPED: Final = frozenset(rule.fan for rule in EXCLUSIONS if rule.scope == "sets")


def _kind(chosen: list[Hit]) -> tuple[tuple[int, int], ...]:
    """What a choice of set-combination fans scores once exclusions are applied: its fans, and for fans of
    :data:`SET_SCOPED` the sets they use. Two choices of one kind give the same fans, so one is kept."""
    return tuple(sorted((h.fan, h.mask if h.fan in SET_SCOPED else 0) for h in chosen))


def _within(chosen: list[Hit], other: list[Hit]) -> bool:
    """Are all of ``chosen``'s hits in ``other``?"""
    return all(h in other for h in chosen)


# The disputed rulings with a position that lets a fan sit inside another, by (the outer fan, the inner fan).
DISPUTED_OVERLAPS: Final = {
    pair: tuple(r for (r, _), within in OVERLAPS.items() if pair in within)
    for pairs in OVERLAPS.values()
    for pair in pairs
}
NO_RULINGS: Final[tuple[str, ...]] = ()


def explain_unchosen(
    hit: Hit, chosen: list[Hit], overlaps: frozenset[tuple[int, int]]
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Which chosen fans kept ``hit`` out, and the principle that says so."""
    for c in chosen:
        why = _conflict(hit, c, overlaps)
        if why == NON_REPETITION:
            disputed = DISPUTED_OVERLAPS.get((c.fan, hit.fan), NO_RULINGS)
            return (c.fan,), (NON_REPETITION, FAN_RULING[c.fan], *disputed)
        if why == NON_IDENTICAL:
            return (c.fan,), (NON_IDENTICAL,)
    linked = [c.fan for c in chosen if c.mask & hit.mask]
    if not linked:  # admissible but worth nothing more (a house profile valued it at 0 points)
        return (), (HIGHER_SCORE,)
    by = tuple(sorted(set(linked)))
    if any(len(c.sets) == 3 for c in chosen):
        return by, (ACCOUNT_ONCE, THREE_CHOW_FANS)
    if len(hit.sets) == 2:
        return by, (ACCOUNT_ONCE, FOUR_CHOWS)
    return by, (ACCOUNT_ONCE,)


# --- the exclusion table -------------------------------------------------------------------------------------


ALL, SETS, ONE = 0, 1, 2  # a row's scope, as a small int
SCOPES: Final = {"all": ALL, "sets": SETS, "one": ONE}


class Row:
    """One exclusion row in force, read once for the loop of :func:`apply_exclusions`: the fan it excludes,
    its scope, what it requires (``when_fan``, a fan number, 0 for none; ``condition``, a named condition, or
    None), the two rulings it cites and ``shown``, the result a score shows when this row alone excluded the
    fan (results are frozen, so every score shares it)."""

    __slots__ = ("excludes", "scope", "when_fan", "condition", "by", "cite", "shown", "removal")

    def __init__(self, rule: ExclusionRule) -> None:
        self.excludes: int = rule.excludes
        self.scope: int = SCOPES[rule.scope]
        when = rule.when
        self.when_fan: int = int(when) if when.isdigit() else 0
        self.condition: Callable[[HandFacts], bool] | None = CONDITIONS[when] if when and not when.isdigit() else None
        self.by: tuple[int, ...] = (rule.fan,)
        cite = (rule.ruling, FAN_RULING[rule.fan])
        self.cite: tuple[str, ...] = cite if cite[0] != cite[1] else cite[:1]  # each once, as Removal.plus keeps them
        b = rule.excludes
        self.shown = excluded(b, FANS[b].key, FANS[b].name, self.by, self.cite)
        self.removal = Removal(b, self.by, self.cite, self.shown)  # the removal when this row alone removed b


NO_ROWS: Final[tuple[Row, ...]] = ()


class Rules:
    """What the scorer reads of one profile, worked out once (:func:`rules_for`; a native class once compiled, so
    its fields are C reads where the profile's are Python attribute lookups): the exclusion table as lists indexed
    by fan number, and the profile's points, overlaps and answers."""

    __slots__ = ("profile", "active", "rank", "waived", "waiving", "tree", "values", "overlaps", "answers")

    def __init__(
        self,
        profile: Profile,
        active: list[tuple[Row, ...]],
        rank: list[int],
        waived: dict[tuple[int, int], list[str]],
        waiving: list[bool],
        tree: bool,
    ) -> None:
        self.profile = profile
        self.active = active  # the rows in force, by excluding fan (none for a fan that excludes nothing)
        self.rank = rank  # each excluding fan's place when the fans are ordered by value, highest first; -1 for others
        self.waived = waived  # rows a position switched off: the rulings to cite instead
        self.waiving = waiving  # by fan: is it the excluding fan of a waived row?
        self.tree = tree  # does account-once make the chosen set-combination fans a forest (choose_combinations)?
        points = profile.points
        self.values = [points.get(n, 0) for n in range(N_FANS)]  # each fan's points, read without hashing
        self.overlaps = profile.overlaps
        self.answers = profile.answers  # Profile.takes' table


# Rules by profile (a profile hashes by identity), in a dict compiled code reads without a functools call.
_rules: Final[dict[Profile, Rules]] = new_cache()


def rules_for(profile: Profile) -> Rules:
    """The exclusion rows in force under ``profile``, by excluding fan; and, for rows a
    position switched off, the ruling to cite on the fan that therefore stays (worked out once a profile)."""
    found = _rules.get(profile)
    if found is None:
        found = _work_out_rules(profile)
        remember(_rules, profile, found, PROFILES_KEPT)
    return found


def _work_out_rules(profile: Profile) -> Rules:
    active: dict[int, list[Row]] = {}
    waived: dict[tuple[int, int], list[str]] = {}
    lifted: dict[tuple[int, int], str] = {}  # rows the house lifts (``exclusions: lift``): its ruling
    for change in profile.exclusion_changes:
        if change.lift:
            lifted[change.within, change.fan] = change.ruling
        else:  # a row the house adds: every instance, cited with its ruling
            rule = ExclusionRule(change.within, change.fan, "all", "", change.ruling, "")
            active.setdefault(change.within, []).append(Row(rule))
    for rule in EXCLUSIONS:
        pair = (rule.fan, rule.excludes)
        house = lifted.get(pair)
        if house is not None:
            cited = waived.setdefault(pair, [])
            if house not in cited:
                cited.append(house)  # the fan that stays cites the house's ruling, once
        elif rule.in_force(profile):
            active.setdefault(rule.fan, []).append(Row(rule))
        else:
            waived.setdefault(pair, []).append(rule.ruling)
    # A fan a higher one excluded excludes nothing: the excluding fans are walked from the highest value down.
    order = sorted(active, key=lambda n: (-profile.points.get(n, 0), n))
    rank = [-1] * N_FANS
    for place, fan in enumerate(order):
        rank[fan] = place
    waiving = [False] * N_FANS
    for a, _ in waived:
        waiving[a] = True
    tree = profile.takes(PRINCIPLE_ACCOUNT_ONCE, TREE)
    return Rules(profile, [tuple(active.get(n, NO_ROWS)) for n in range(N_FANS)], rank, waived, waiving, tree)


def apply_exclusions(
    hits: dict[int, Hits], facts: HandFacts, rules: Rules, removed: dict[int, Removal]
) -> dict[int, list[str]]:
    """Remove implied fans from ``hits`` in place, recording why in ``removed``; ``rules``: the profile's
    (:func:`rules_for`).

    Returns extra rulings to cite on fans that stay because a profile position keeps them.
    """
    active = rules.active
    rank = rules.rank
    waiving = rules.waiving
    extra: dict[int, list[str]] = {}
    # The excluding fans the reading has, by value, so that 82 (5 points) removes 67 before 67 could remove 74
    # (each as place * FAN_SLOTS + fan: a list of ints sorts faster than one of tuples).
    excluding: list[int] = []
    any_waiving = False
    for fan in hits:
        place = rank[fan]
        if place >= 0:
            excluding.append(place * FAN_SLOTS + fan)
        if waiving[fan]:
            any_waiving = True
    if len(excluding) > 1:
        excluding.sort()
    for key in excluding:
        a = key % FAN_SLOTS
        own_hits = hits[a]
        if not own_hits:
            continue
        own = -1  # the excluding fan's sets as a bit set, made when a "sets" row first asks
        for row in active[a]:
            b = row.excludes
            victims = hits.get(b)
            if not victims:
                continue
            if row.when_fan and not hits.get(row.when_fan):
                continue
            if row.condition is not None and not row.condition(facts):
                continue
            scope = row.scope
            if scope == ALL:
                gone, kept = victims, []
            elif scope == ONE:
                gone, kept = victims[:1], victims[1:]
            else:
                if own < 0:
                    own = 0
                    for used in own_hits:
                        for s in used:
                            own |= 1 << s
                gone, kept = [], []
                for used in victims:
                    inside = True
                    for s in used:
                        if not own >> s & 1:
                            inside = False
                            break
                    (gone if inside else kept).append(used)
            if not gone:
                continue
            hits[b] = kept
            known = removed.get(b)
            removed[b] = row.removal if known is None else known.plus(row.by, row.cite)
    if any_waiving:
        for (a, b), rulings in rules.waived.items():
            if hits.get(a) and hits.get(b):
                extra.setdefault(b, []).extend(r for r in rulings if r not in extra.get(b, []))
    return extra


FAN_RULING: Final = {number: info.ruling for number, info in FANS.items()}
