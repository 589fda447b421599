"""Score an MCR hand: every arrangement, every fan, the principles, the best total.

Compiled with mypyc in a wheel (``setup.py``). What the compiler needs: :class:`Reading` and
:class:`SetFans` are plain classes with ``__slots__`` and their own ``__init__`` (native classes once
compiled); the detectors worth running come from :mod:`scorer.mcr.runs` as native runs; constants are
``Final``.
"""

from __future__ import annotations

from typing import Final

from ..arrange import (
    PUNG,
    SEVEN_PAIRS,
    Arrangement,
    arrangements,
)
from ..caches import new_cache, remember
from ..canonical import hand_text
from ..errors import NotWinning
from ..hand import Hand
from ..profiles import Profile
from ..result import Excluded, FanScore, Score
from ..result_makers import alternative, excluded, fan_score, mcr_score
from .exclude import Hit, Removal, Rules, apply_exclusions, choose_combinations, explain_unchosen, rules_for
from .fans import DETECTORS
from .positions import SEVEN_PAIRS_TILE_HOG
from .runs import per_arrangement_runs, per_hand_runs, wait_runs
from .table import FANS, N_FANS
from .view import HandFacts, Hits, View

CHICKEN_HAND: Final = 43
FLOWERS: Final = 81
CHICKEN: Final = DETECTORS[CHICKEN_HAND]  # the fallback detector, asked when nothing but flowers scores
MINIMUM: Final = 8
EQUAL_READINGS: Final = ("equal-readings",)  # the ruling cited wherever other readings of the same total are shown
WHOLE_HAND: Final = ("eight-point-minimum", "payments")  # the rulings behind the hand as a whole
WHOLE_HAND_TIED: Final = (*WHOLE_HAND, *EQUAL_READINGS)


class Reading:
    """One arrangement's outcome: the fans scored and those left out."""

    __slots__ = ("arr", "total", "hits", "removed", "extra")

    def __init__(
        self,
        arr: Arrangement,
        total: int,
        hits: dict[int, Hits],
        removed: dict[int, Removal],
        extra: dict[int, list[str]],
    ) -> None:
        self.arr = arr
        self.total = total
        self.hits = hits  # by fan: the sets each instance uses
        self.removed = removed
        self.extra = extra


def _hand_hits(view: View) -> dict[int, Hits]:
    """Hits of the fans that depend only on the tiles and the situation, found once per hand."""
    found = {}
    facts = view.facts
    tiles = facts.mask
    for run in per_hand_runs(facts.n_kongs, facts.has_honors, len(facts.suits), facts.bits):
        if tiles & ~run.within:
            continue
        hits = run.detect(view)
        if hits:
            found[run.number] = hits
    return found


class SetFans:
    """What an arrangement's sets make, whichever of them holds the winning tile: the hits of every
    per-arrangement fan but the wait fans, the set-combination fans already chosen, and why the
    others were not."""

    __slots__ = ("hits", "removed")

    def __init__(self, hits: dict[int, Hits], removed: dict[int, Removal]) -> None:
        self.hits = hits
        self.removed = removed


def _set_fans(view: View, rules: Rules) -> list[SetFans]:
    """Detect the fans of one arrangement's sets and choose among the set-combination fans: one
    :class:`SetFans` per choice that reaches the best points, the preferred choice first."""
    combos: list[Hit] = []
    hits: dict[int, Hits] = {}
    facts = view.facts
    tiles = facts.mask
    bits = facts.bits
    for run in per_arrangement_runs(view.form, len(view.chows), len(view.pungs), view.honor_pungs):
        if tiles & ~run.within or run.needs & ~bits:
            continue
        found = run.detect(view)
        if not found:
            continue
        if run.combination:
            number = run.number
            for s in found:
                combos.append(Hit(number, s))
        else:
            hits[run.number] = found
    if not combos:
        return [SetFans(hits, {})]
    choices = choose_combinations(combos, rules)
    out = []
    for chosen in choices:
        these = dict(hits) if len(choices) > 1 else hits  # combination fans are never among ``hits``' keys
        removed: dict[int, Removal] = {}
        for h in chosen:
            these.setdefault(h.fan, []).append(h.sets)
        if len(chosen) < len(combos):
            for h in combos:
                if h not in chosen:
                    by, rulings = explain_unchosen(h, chosen, rules.overlaps)
                    known = removed.get(h.fan)
                    removed[h.fan] = (Removal(h.fan) if known is None else known).plus(by, rulings)
        out.append(SetFans(these, removed))
    return out


def _evaluate(view: View, rules: Rules, per_hand: dict[int, Hits], sets: SetFans) -> Reading:
    """Add the wait fan to the fans of the hand and of its sets, and exclude what the scored fans imply (by the
    profile's exclusion ``rules``)."""
    arr = view.arr
    points = rules.values
    hits = dict(per_hand)  # exclusions replace a fan's list, never change it in place
    hits.update(sets.hits)
    for d in wait_runs(arr.form, arr.wait):
        found = d.detect(view)
        if found:
            hits[d.number] = found
    removed = dict(sets.removed)  # exclusions add to it (removals themselves never change)
    extra = apply_exclusions(hits, view.facts, rules, removed)
    total = 0
    for fan, hs in hits.items():
        total += points[fan] * len(hs)
    if total == len(hits.get(FLOWERS, ())):  # nothing but flowers: Chicken Hand
        hits[CHICKEN_HAND] = CHICKEN.detect(view)
        total += points[CHICKEN_HAND]
    return Reading(arr, total, hits, removed, extra)


# Tables by fan number (list reads, where a dictionary keyed by an int hashes and compares): each fan's key, name
# and rulings.
FAN_KEYS: Final = tuple(FANS[n].key if n in FANS else "" for n in range(N_FANS))
FAN_NAMES: Final = tuple(FANS[n].name if n in FANS else "" for n in range(N_FANS))
FAN_RULINGS: Final = tuple(FANS[n].rulings if n in FANS else () for n in range(N_FANS))
CONCEALED_PUNG_FANS: Final = frozenset({12, 33, 66})  # Four, Three and Two Concealed Pungs
PUNG_COMPLETED_BY_DISCARD: Final = ("pung-completed-by-discard",)
# By fan: may it cite more than its row (see _fan_rulings)?
CITES_MORE: Final = tuple(n in CONCEALED_PUNG_FANS or n == 64 for n in range(N_FANS))


def _pung_took_the_discard(arr: Arrangement) -> bool:
    """Did the winning discard complete a pung of this reading (which then counts as melded)?"""
    if arr.win < 0:
        return False
    g = arr.groups[arr.win]
    return g.kind is PUNG and not g.concealed and not g.declared


def _fan_rulings(number: int, reading: Reading) -> tuple[str, ...]:
    rulings = FAN_RULINGS[number]
    if number == 64 and reading.arr.form == SEVEN_PAIRS:
        rulings += (SEVEN_PAIRS_TILE_HOG,)  # a tile hog among seven pairs: the ruling that lets it score
    elif number in CONCEALED_PUNG_FANS and _pung_took_the_discard(reading.arr):
        rulings += PUNG_COMPLETED_BY_DISCARD  # why the pung the discard completed is not among the concealed
    extra = reading.extra.get(number)
    if extra:
        rulings = tuple(dict.fromkeys(rulings + tuple(extra)))
    return rulings


def _sets_text(reading: Reading, hits: Hits) -> tuple[str, ...]:
    """The texts of the sets ``hits`` use, each set once, in order: two sets of the same tiles (Pure Double
    Chow's two ``234s``, the two pairs of a four-of-a-kind in Seven Pairs) are both listed."""
    groups = reading.arr.groups
    seen: set[int] = set()
    sets: list[str] = []
    for used in hits:
        for i in used:
            if i not in seen:
                seen.add(i)
                sets.append(groups[i].label)
    return tuple(sets)


def score_hand(
    hand: Hand,
    profile: Profile,
    text: str | None = None,
    facts: HandFacts | None = None,
    arranged: list[Arrangement] | None = None,
) -> Score:
    """Score a validated hand under a resolved profile: the best reading and every other reading of the
    same total that lists other fans (see :func:`best_readings`). ``text``: the hand's canonical text, ``facts``
    its :class:`HandFacts` and ``arranged`` its :func:`~scorer.arrange.arrangements`, when the caller has them
    (none depends on the profile: one hand scored under several profiles shares them)."""
    if facts is None:
        facts = HandFacts(hand)
    if arranged is None:
        arranged = arrangements(hand, facts.concealed_counts, facts.declared)
    rules = rules_for(profile)
    preferred: list[Reading] = []  # each arrangement with its preferred choice of set-combination fans
    others: list[Reading] = []  # the same arrangements with the other choices of equal points
    per_hand: dict[int, Hits] = {}
    seen: list[tuple[View, list[SetFans]]] = []
    for arr in arranged:
        known = _same_sets(seen, arr) if seen else None
        if known:  # the same sets with the winning tile in another of them: only the wait fans can differ
            view, choices = known
            view.arr = arr
        else:
            view = View(facts, arr, rules)
            if not seen:
                per_hand = _hand_hits(view)
            choices = _set_fans(view, rules)
            seen.append((view, choices))
        preferred.append(_evaluate(view, rules, per_hand, choices[0]))
        if len(choices) > 1:
            others += [_evaluate(view, rules, per_hand, sets) for sets in choices[1:]]
    if not preferred:
        raise NotWinning(
            "not a winning hand: the tiles make neither four sets and a pair nor any special hand "
            "(seven pairs, thirteen orphans, honors and knitted, knitted straight)"
        )
    best, alternatives = best_readings(preferred, others)
    return _result(facts, rules, best, alternatives, hand_text(hand) if text is None else text)


def best_readings(preferred: list[Reading], others: list[Reading]) -> tuple[Reading, list[Reading]]:
    """The reading shown first and the other readings of the same total, one per distinct list of fans.

    The order is fixed, so a hand and its canonical form read alike: the arrangements in the order
    :func:`scorer.arrange.arrangements` gives them (four sets and a pair before the special forms; in each
    suit the lowest tile read as a pung, then as a chow, then as the pair; declared sets in canonical
    order; the winning tile in the earliest set it fits), each first with its preferred choice of
    set-combination fans (the higher-valued fans first), then the other choices of equal points.
    """
    if not others and len(preferred) == 1:  # one arrangement, one choice: most hands
        return preferred[0], []
    top = max(r.total for r in (*preferred, *others))
    tied = [r for r in preferred if r.total == top] + [r for r in others if r.total == top]
    best = tied[0]
    if len(tied) == 1:
        return best, []
    seen = {_fan_list(best)}
    alternatives = []
    for r in tied[1:]:
        fans = _fan_list(r)
        if fans not in seen:
            seen.add(fans)
            alternatives.append(r)
    return best, alternatives


def _same_sets(seen: list[tuple[View, list[SetFans]]], arr: Arrangement) -> tuple[View, list[SetFans]] | None:
    """The view and set fans already found for an arrangement of the same form and sets as ``arr``."""
    for view, choices in seen:
        if view.form == arr.form and view.groups == arr.groups:
            return view, choices
    return None


def _fan_list(reading: Reading) -> tuple[tuple[int, int], ...]:
    """The fans a reading scores, each with its count: readings that list the same fans are one."""
    return tuple(sorted((fan, len(hs)) for fan, hs in reading.hits.items() if hs))


# Results are frozen values: one object serves every score that shows the same fan with the same points, count
# and sets, citing its table row. The key is one number: (fan * 16 + count) * 1024 + points (at most 8 flowers, a
# fan worth at most 88 a time), then, for a fan of sets, each set's label_id + 1 (8 bits a set, up to
# MAX_KEYED_SETS sets: the number stays a machine-sized int).
_made_fans: Final[dict[int, FanScore]] = new_cache()
MAX_KEYED_SETS: Final = 5


def _fans(reading: Reading, points: list[int]) -> tuple[FanScore, ...]:
    """The fans a reading scores, with their points (``points``: each fan's, by number), sets and rulings."""
    fans = []
    hits = reading.hits
    groups = reading.arr.groups
    plain = not reading.extra  # no fan cites more than its table row, but those of CITES_MORE may
    for number in sorted(hits):
        hs = hits[number]
        if not hs:
            continue
        count = len(hs)
        value = points[number] * count
        key = -1  # the made fan's key, or -1 when it is made afresh
        if plain and not CITES_MORE[number] and count < 16 and value < 1024:
            key = (number * 16 + count) * 1024 + value
            if count > 1 or hs[0]:  # a fan of sets: add the sets' labels, each once, in order (as _sets_text)
                n_labels = 0
                for used in hs:
                    for i in used:
                        label = groups[i].label_id + 1
                        k = 0
                        while k < n_labels and key >> 8 * k & 255 != label:  # each label once
                            k += 1
                        if k == n_labels:
                            key = key << 8 | label
                            n_labels += 1
                if n_labels > MAX_KEYED_SETS:
                    key = -1
        if key >= 0:
            made = _made_fans.get(key)
            if made is None:
                sets = _sets_text(reading, hs) if count > 1 or hs[0] else ()
                made = fan_score(number, FAN_KEYS[number], FAN_NAMES[number], value, count, sets, FAN_RULINGS[number])
                remember(_made_fans, key, made)
            fans.append(made)
            continue
        sets = _sets_text(reading, hs) if count > 1 or hs[0] else ()  # a fan of the whole hand uses no set
        rulings = FAN_RULINGS[number] if plain and not CITES_MORE[number] else _fan_rulings(number, reading)
        fans.append(fan_score(number, FAN_KEYS[number], FAN_NAMES[number], value, count, sets, rulings))
    return tuple(fans)


def _excluded_of(reading: Reading) -> tuple[Excluded, ...]:
    """The fans a reading has but may not score, with why."""
    removed = reading.removed
    if not removed:
        return ()
    out = []
    for n in sorted(removed):  # (a list: iterating "a list or the dict" would go through a generic iterator)
        r = removed[n]
        shown = r.shown
        out.append(excluded(n, FAN_KEYS[n], FAN_NAMES[n], r.by, r.rulings) if shown is None else shown)
    return tuple(out)


def settlement(total: int, self_drawn: bool) -> dict[str, int]:
    """What each role gains (+) or pays (-) for a valid win worth ``total`` points, flowers included (ruling
    ``payments``): every loser pays the winner 8, and the value on top, the discarder alone or, self-drawn, each
    of the three. ``others`` is what each loser other than the discarder pays. The session sheet
    (:mod:`scorer.sheet`) settles its hands with this too.

    >>> settlement(11, self_drawn=False)
    {'discarder': -19, 'others': -8, 'winner': 35}
    >>> settlement(12, self_drawn=True)
    {'others': -20, 'winner': 60}
    """
    if self_drawn:
        return {"others": -(MINIMUM + total), "winner": 3 * (MINIMUM + total)}
    return {"discarder": -(MINIMUM + total), "others": -MINIMUM, "winner": 3 * MINIMUM + total}


def _result(facts: HandFacts, rules: Rules, best: Reading, others: list[Reading], text: str) -> Score:
    """The :class:`Score` of the best reading: its fans and exclusions, with their sets and rulings, and the
    other readings of the same total."""
    points = rules.values
    flowers = facts.flowers
    total = best.total
    meets = total - flowers >= MINIMUM
    payments = settlement(total, facts.self_drawn) if meets else None
    alternatives = (
        tuple(alternative(r.arr.form, _fans(r, points), _excluded_of(r), EQUAL_READINGS) for r in others)
        if others
        else ()
    )
    return mcr_score(
        profile=rules.profile.name,
        hand=text,
        total=total,
        flowers=flowers,
        meets_minimum=meets,
        fans=_fans(best, points),
        excluded=_excluded_of(best),
        payments=payments,
        form=best.arr.form,
        rulings=WHOLE_HAND_TIED if alternatives else WHOLE_HAND,
        alternatives=alternatives,
    )
