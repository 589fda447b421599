"""Settle a disputed score: check a claim against the scorer, or compare a hand under several profiles.

:func:`audit` gives each claimed fan a verdict with the rulings behind it:

- ``accepted``: the hand scores the fan (as many times as claimed);
- ``wrong-count``: the hand scores the fan, but fewer or more times than claimed;
- ``other-reading``: only another best reading of the same tiles scores the fan, and the claim mixes the
  two (non-separation);
- ``excluded``: the hand has the fan, but another fan or a principle keeps it out;
- ``absent``: the hand does not have the fan (its definition ruling says what it needs); when another
  built-in profile scores it for this hand, the disputed rulings on which this profile differs come first;

then the fans the claim missed and the difference in points. Before the fans, the win itself is judged
(:mod:`kb.false_win`): a hand below the 8-point minimum or tiles that make no winning hand are a false win,
and the claim is not right whatever its fans; the fan verdicts are still given where the tiles make a hand.

A hand with several best readings (the same total, other fans) is right when the claim matches any one of
them; the verdicts are taken against the reading the claim matches best. :func:`compare` scores one hand
under several profiles and lists every fan whose points differ, with the disputed rulings and the position
each profile takes on them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from scorer import arguments, score
from scorer.errors import Message, MjrefError
from scorer.fan_differences import FanDifference as Difference
from scorer.fan_differences import fan_differences
from scorer.hand import Hand
from scorer.mcr.positions import DISPUTED
from scorer.mcr.table import FANS
from scorer.notation import parse
from scorer.profiles import Profile, builtin_names, load_profile
from scorer.result import Excluded, FanScore, Score

from .claim_needs import what_is_needed
from .claims import Claim, checked_index, parse_claims
from .false_win import WinVerdict, judge_win
from .i18n import FanName


@dataclass(frozen=True)
class Verdict:
    claim: str
    fan: int
    key: str
    name: str
    verdict: str  # accepted | wrong-count | other-reading | excluded | absent
    rulings: tuple[str, ...]
    why: str
    by: tuple[int | str, ...] = ()
    reason: Message | None = field(default=None, compare=False)  # ``why`` as a message to translate (kb.i18n)

    def to_dict(self) -> dict[str, Any]:
        return {
            "claim": self.claim,
            "fan": self.fan,
            "key": self.key,
            "verdict": self.verdict,
            "rulings": list(self.rulings),
            "why": self.why,
            "by": list(self.by),
        }


@dataclass(frozen=True)
class Missed:
    fan: int | str
    key: str
    name: str
    count: int
    points: int
    rulings: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "fan": self.fan,
            "key": self.key,
            "count": self.count,
            "points": self.points,
            "rulings": list(self.rulings),
        }


@dataclass(frozen=True)
class Audit:
    score: Score | None  # None when the tiles make no winning hand (a false win)
    claimed_total: int | None  # None when nothing was claimed
    verdicts: tuple[Verdict, ...]
    missed: tuple[Missed, ...]
    reading: int = 0  # the reading the claim was judged against: 0 the main one, k the k-th alternative
    win: WinVerdict = WinVerdict(True)  # whether the win stands, judged before the fans
    hand: str = ""  # the hand's canonical text
    profile: str = ""
    fans_sum: int | None = None  # what the claimed fans add up to, when both fans and a total were claimed

    @property
    def total(self) -> int:
        """The scorer's total; 0 for tiles that make no winning hand."""
        return self.score.total if self.score is not None else 0

    @property
    def valid_win(self) -> bool:
        return self.win.valid

    @property
    def fans_right(self) -> bool:
        """Whether the claim matches the tiles' score, fan by fan and in points (the win aside)."""
        return (
            self.score is not None
            and self.claimed_total is not None
            and self.claimed_total == self.total
            and all(v.verdict == "accepted" for v in self.verdicts)
            and not self.missed
        )

    @property
    def claim_is_right(self) -> bool:
        """The win stands and the claim matches its score."""
        return self.valid_win and self.fans_right

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "profile": self.profile,
            **self.win.to_dict(),
            "total": self.total if self.score is not None else None,
            "claimed_total": self.claimed_total,
            "right": None if self.claimed_total is None else self.claim_is_right,
            "reading": self.reading,
            "readings": 1 + len(self.score.alternatives) if self.score is not None else 0,
            "verdicts": [v.to_dict() for v in self.verdicts],
            "missed": [m.to_dict() for m in self.missed],
        }


@lru_cache(maxsize=16)
def _score_under(hand: str, profile: str) -> Score:
    """The hand's score under another profile, kept while its claims are checked."""
    return score(hand, profile=profile)


@lru_cache(maxsize=1)
def _mcr_builtins() -> tuple[Profile, ...]:
    """The built-in MCR profiles, read once."""
    return tuple(p for p in map(load_profile, builtin_names()) if p.ruleset == "mcr")


def _position_reason(result: Score, fan: int, profile: str) -> tuple[tuple[str, ...], str] | None:
    """Why ``fan`` is absent when a profile position, not the hand, is the reason: the disputed rulings in the
    fan's trail under another built-in MCR profile that has it, each with the position ``profile`` takes; and
    that profile's name. None when no other profile has the fan."""
    mine = load_profile(profile)
    for theirs in _mcr_builtins():
        if theirs.name == mine.name:
            continue
        trail = next((f.rulings for f in _score_under(result.hand, theirs.name).fans if f.fan == fan), None)
        if trail is None:
            continue
        rulings = tuple(r for r in trail if r in DISPUTED and mine.positions.get(r) != theirs.positions.get(r))
        if rulings:
            return tuple(f"{r}: {mine.positions[r]}" for r in rulings), theirs.name
    return None


@dataclass(frozen=True)
class Reading:
    """One best reading of the hand as a claim is checked against it: 0 is the scorer's main reading,
    1 and on its ``alternatives``."""

    index: int
    fans: tuple[FanScore, ...]
    excluded: tuple[Excluded, ...]

    @property
    def label(self) -> str:
        """How reports name this reading: ``main reading`` or ``also-read K``."""
        return str(self.message)

    @property
    def message(self) -> Message:
        """:attr:`label` as a message to translate."""
        return Message("also-read %(n)s", n=self.index) if self.index else Message("main reading")


def readings_of(result: Score) -> list[Reading]:
    """The hand's best readings, the main one first."""
    main = Reading(0, result.fans, result.excluded)
    return [main, *(Reading(i, a.fans, a.excluded) for i, a in enumerate(result.alternatives, 1))]


def _verdicts(
    result: Score, reading: Reading, others: list[Reading], claims: list[Claim], profile: str
) -> tuple[list[Verdict], Counter[int]]:
    """A verdict per claim against one reading, taking its awarded instances of each fan in the order the
    claims name them. A fan this reading neither scores nor leaves out, but another best reading scores, comes
    from another reading of the same tiles; one this reading leaves out keeps that reason (account-once, say)."""
    awarded = {f.fan: f for f in reading.fans}
    excluded = {e.fan: e for e in reading.excluded}
    left = Counter({f.fan: f.count for f in reading.fans if isinstance(f.fan, int)})
    verdicts = []
    for c in claims:
        n, info = c.fan.number, c.fan
        have, out = left[n], excluded.get(n)
        elsewhere = next((r for r in others if any(f.fan == n for f in r.fans)), None)
        name = FanName(n, info.name)

        def verdict(kind: str, rulings: tuple[str, ...], why: Message, by: tuple[int | str, ...] = ()) -> Verdict:
            return Verdict(c.text, n, info.key, info.name, kind, rulings, str(why), by, why)  # noqa: B023

        if have >= c.count:
            left[n] -= c.count
            f = awarded[n]
            scored = (
                Message("scored: %(sets)s", sets=" ".join(f.sets)) if f.sets else Message("scored by the whole hand")
            )
            verdicts.append(verdict("accepted", f.rulings, scored))
        elif have > 0 or n in awarded:
            left[n] = 0
            rulings = out.rulings if out else awarded[n].rulings
            count, claimed = awarded[n].count, c.count + awarded[n].count - have
            why = (
                Message("the hand scores it %(count)s time, not %(claimed)s", count=count, claimed=claimed)
                if count == 1
                else Message("the hand scores it %(count)s times, not %(claimed)s", count=count, claimed=claimed)
            )
            verdicts.append(verdict("wrong-count", rulings, why, out.by if out else ()))
        elif out is not None:
            by = tuple(
                FanName(b, FANS[b].name, numbered=True) if isinstance(b, int) and b in FANS else b for b in out.by
            )
            why = Message("excluded by %(by)s", by=by) if by else Message("excluded")
            verdicts.append(verdict("excluded", out.rulings, why, out.by))
        elif elsewhere is not None:
            why = Message(
                "scored only when the tiles are read the other way (%(reading)s): one reading, never a mix",
                reading=elsewhere.message,
            )
            verdicts.append(verdict("other-reading", OTHER_READING, why))
        elif (reason := _position_reason(result, n, profile)) is not None:
            chosen, other = reason
            rulings = tuple(choice.partition(":")[0] for choice in chosen)
            why = Message(
                "not under this profile's position (%(positions)s); %(profile)s scores %(fan)s for this hand",
                positions=", ".join(chosen),
                profile=other,
                fan=name,
            )
            verdicts.append(verdict("absent", (*rulings, info.ruling), why))
        else:
            needed = what_is_needed(parse(result.hand), info.key)
            why = (
                Message("the hand does not have %(fan)s: %(needed)s", fan=name, needed=needed)
                if needed is not None
                else Message("the hand does not have %(fan)s: see its definition", fan=name)
            )
            verdicts.append(verdict("absent", (info.ruling,), why))
    return verdicts, left


MAX_CLAIMED = 9999  # points: more than any hand scores, so a typo is caught
OTHER_READING = ("principle-non-separation", "equal-readings")


def _missed(reading: Reading, left: Counter[int]) -> list[Missed]:
    """The fans a reading scores that the claim does not name (``left``: the instances no claim took)."""
    return [
        Missed(f.fan, f.key, f.name, left[f.fan], left[f.fan] * (f.points // max(f.count, 1)), f.rulings)
        for f in reading.fans
        if isinstance(f.fan, int) and left[f.fan] > 0
    ]


def audit(
    hand: str | Hand,
    claim: str | None = None,
    claim_total: int | None = None,
    profile: str = "green-book",
    names: dict[str, int] | None = None,
) -> Audit:
    """Check ``claim`` (fan names) or ``claim_total`` (points) against the score of ``hand``.

    When the hand has several best readings (``Score.alternatives``), the claim is checked against each
    and judged against the one it matches best (the fewest verdicts not accepted and fans missed; the
    main reading on a tie): a claim is right when it matches one reading exactly. ``names`` is the
    fan-name index to read the claim with (see :func:`kb.claims.index_names`); by default the one read
    from the fan rulings.
    """
    arguments.optional_text(claim, "claim")
    if claim_total is not None:
        arguments.whole(claim_total, "claim_total", most=MAX_CLAIMED)
    arguments.text(profile, "profile")
    checked_index(names, "names")
    result, win, text = judge_win(hand, profile)
    rules = load_profile(profile)
    values = rules.points
    if claim is None:
        return Audit(result, claim_total, (), (), 0, win, text, rules.name)
    claims = parse_claims(claim, names)
    claimed = sum(values.get(c.fan.number, c.fan.points) * c.count for c in claims)
    if result is None:  # no winning hand: no fan to judge
        total = claimed if claim_total is None else claim_total
        return Audit(None, total, (), (), 0, win, text, rules.name, None if claim_total is None else claimed)
    readings = readings_of(result)
    best: tuple[int, Reading, list[Verdict], list[Missed]] | None = None
    for reading in readings:
        others = [r for r in readings if r is not reading]
        verdicts, left = _verdicts(result, reading, others, claims, profile)
        missed = _missed(reading, left)
        wrong = sum(v.verdict != "accepted" for v in verdicts) + sum(m.count for m in missed)
        if best is None or wrong < best[0]:
            best = (wrong, reading, verdicts, missed)
        if not wrong:
            break
    assert best is not None
    _, reading, verdicts, missed = best
    total = claim_total if claim_total is not None else claimed
    fans_sum = None if claim_total is None else claimed
    return Audit(result, total, tuple(verdicts), tuple(missed), reading.index, win, text, rules.name, fans_sum)


@dataclass(frozen=True)
class Comparison:
    scores: dict[str, Score]
    differences: tuple[Difference, ...]

    @property
    def totals(self) -> dict[str, int]:
        return {name: s.total for name, s in self.scores.items()}

    def to_dict(self) -> dict[str, Any]:
        hand = next(iter(self.scores.values())).hand
        return {"hand": hand, "totals": self.totals, "differences": [d.to_dict() for d in self.differences]}


def compare(hand: str | Hand, profiles: list[str]) -> Comparison:
    """Score ``hand`` under each profile; every fan whose points differ, with the disputed rulings behind it.

    ``profiles`` is a list (or tuple) of profile names or paths, at least one."""
    if not isinstance(profiles, list | tuple) or not all(isinstance(p, str) for p in profiles):
        raise arguments.wrong("profiles", Message("a list of profile names or paths"), profiles)
    if not profiles:
        raise MjrefError("profiles: no profile given to compare the hand under", code=arguments.CODE)
    scores = {p: score(hand, profile=p) for p in profiles}
    return Comparison(scores, fan_differences(scores, {p: load_profile(p) for p in profiles}))
