"""Differential test: our scorer under ``chinese-practice`` against pymahjonggb 1.4.0.

``MJREF_DIFF_HANDS`` (default 2000) random valid hands from :mod:`tests.support.generate`, seed
``MJREF_DIFF_SEED``, are scored by both. Totals (flowers included) must agree on every hand except
those listed in ``fixtures/oracle_differences.yaml``, each explained by one of our rulings; every
listed difference must still reproduce, so a stale entry fails. The first tests check the oracle
adapter itself against outputs of the library recorded in ``../shared/notes/reference-calculator.md``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# The oracle is a test dependency (the `test` extra pins pymahjonggb==1.4.0): a missing one fails, never skips.
import MahjongGB  # noqa: F401
import pytest
import yaml

from scorer import Score, format_hand, parse, score
from scorer.rulings import RULING_IDS
from tests.support.generate import GeneratedHand, random_hands
from tests.support.oracle import library_args, library_score

PROFILE = "chinese-practice"
N_HANDS = int(os.environ.get("MJREF_DIFF_HANDS", "2000"))
SEED = int(os.environ.get("MJREF_DIFF_SEED", "20240601"))
MIN_AGREEMENT = 0.999
DIFFERENCES = Path(__file__).parent / "fixtures" / "oracle_differences.yaml"
SHOW = 12  # disagreements printed in a failure message

# --------------------------------------------------------------------------- the oracle adapter

# (hand, library total, library fans) as the notes record them; seat West, prevalent North unless stated.
RECORDED = [
    ("2222s33s44s66s88sFF|NW0000", 114, {3: 1, 19: 1, 64: 1}),  # a1: 7P + All Green + Tile Hog
    ("5555m7777p11s33sEE|NW0000", 28, {19: 1, 64: 2}),  # a4: two doubled pairs
    ("1112345678999m2m|NW0000", 92, {4: 1, 66: 1, 71: 1, 73: 1}),  # b2
    ("1112345678999m1m|NW1000", 107, {4: 1, 28: 1, 64: 1, 80: 1}),  # b1 self-drawn
    ("[2222m,1][3333p]555s777m9p9p|NW0000", 29, {33: 1, 49: 1, 82: 1, 76: 1, 79: 1}),  # MK CK CP CP
    ("[2222m][3333p][555s,1][777m,1]9p9p|NW0000", 14, {48: 1, 49: 1, 76: 1, 79: 1}),  # CK CK MP MP
    ("[2222m,1][3333p,1][5555s,1][7777m,1]9p9p|NW0000", 95, {5: 1, 53: 1, 76: 1}),  # MK x4
    ("[2222m,5][3333p,6][5555s,7][7777m,1]9p9p|NW0000", 95, {5: 1, 53: 1, 76: 1}),  # added kongs are melded
    ("123m456m789p2355s4s|NW0011", 21, {45: 1, 47: 1, 62: 1, 63: 1, 71: 1}),  # j6
    ("[456m,1]123m789p2355s4s|NW1000", 4, {63: 1, 71: 1, 80: 1}),  # j14
    ("[456m]123m789p2355s4s|NW1000", 4, {63: 1, 71: 1, 80: 1}),  # j14 with the supplier not written
    ("[444s,1]123m456m35s99p4s|NW0000", 9, {58: 1, 64: 1, 71: 1, 76: 1, 78: 1}),  # j18: Last Tile forced
    ("1234444678m456p1m|NE1000", 8, {56: 1, 64: 1, 75: 1, 76: 1}),  # h9 (seat East)
    ("234567m234567p8s8s|NW0000", 10, {62: 1, 63: 1, 68: 1, 70: 2, 71: 1, 79: 1}),  # i3
    ("147m258s369pESWCF|NW0000", 24, {34: 1, 35: 1}),  # g1
    ("147m258s369pESWCF|NW0000+3", 27, {34: 1, 35: 1, 81: 3}),  # g1 with three flowers
]


@pytest.mark.parametrize(("text", "total", "fans"), RECORDED, ids=[r[0] for r in RECORDED])
def test_oracle_reproduces_recorded_library_outputs(text: str, total: int, fans: dict[int, int]) -> None:
    assert library_score(parse(text)) == (total, fans)


def test_oracle_arguments_follow_the_binding_conventions() -> None:
    packs, standing, win, flowers, self_drawn, last_kind, kong, wall, seat, prevalent = library_args(
        parse("[123m,2][555p][7777s,6][EEE]46s9s9s|SE1001+2")
    )
    assert packs == (("CHI", "W2", 2), ("PENG", "B5", 1), ("GANG", "T7", 2), ("PENG", "F1", 1))
    assert (standing, win) == (("T4", "T6", "T9"), "T9")
    assert (flowers, self_drawn, last_kind, kong, wall, seat, prevalent) == (2, True, False, True, False, 0, 1)


# --------------------------------------------------------------------------- random hands


@dataclass(frozen=True, slots=True)
class Compared:
    generated: GeneratedHand
    ours: Score
    library_total: int
    library_fans: dict[int, int]

    @property
    def agrees(self) -> bool:
        return self.ours.total == self.library_total


def fan_counts(s: Score) -> dict[int, int]:
    """``{fan number: count}`` of the fans a score awards."""
    return {int(f.fan): f.count for f in s.fans}


def describe(c: Compared) -> str:
    """One disagreement on one line: hand, both totals, and the fans only one side scored."""
    ours = fan_counts(c.ours)
    lib = c.library_fans
    only_ours = {f: n for f, n in ours.items() if lib.get(f) != n}
    only_lib = {f: n for f, n in lib.items() if ours.get(f) != n}
    return (
        f"{c.generated.text} ({c.generated.form}/{c.generated.theme}): ours {c.ours.total}, "
        f"library {c.library_total}; ours only {only_ours}, library only {only_lib}"
    )


@pytest.fixture(scope="module")
def compared() -> list[Compared]:
    out = []
    for g in random_hands(SEED, N_HANDS):
        total, fans = library_score(g.hand)
        out.append(Compared(g, score(g.text, profile=PROFILE), total, fans))
    return out


def _load_differences() -> list[dict[str, Any]]:
    entries = yaml.safe_load(DIFFERENCES.read_text(encoding="utf-8"))
    assert isinstance(entries, list), f"{DIFFERENCES.name} must hold a YAML list"
    return entries


@pytest.fixture(scope="module")
def listed() -> dict[str, dict[str, Any]]:
    return {format_hand(parse(e["hand"])): e for e in _load_differences()}


def test_totals_agree_with_the_library(compared: list[Compared], listed: dict[str, dict[str, Any]]) -> None:
    unexplained = [c for c in compared if not c.agrees and c.generated.text not in listed]
    lines = "\n".join(describe(c) for c in unexplained[:SHOW])
    assert not unexplained, f"{len(unexplained)} of {len(compared)} hands disagree with pymahjonggb:\n{lines}"


def test_agreement_rate(compared: list[Compared]) -> None:
    rate = sum(c.agrees for c in compared) / len(compared)
    assert rate >= MIN_AGREEMENT, f"agreement {rate:.4%} < {MIN_AGREEMENT:.1%} over {len(compared)} hands"


def _ruling_problems(s: Score) -> list[str]:
    problems = []
    for item in (*s.fans, *s.excluded):
        if not item.rulings:
            problems.append(f"fan {item.fan} names no ruling")
        problems += [f"fan {item.fan} names unknown ruling {r!r}" for r in item.rulings if r not in RULING_IDS]
    return problems


def test_every_fan_names_existing_rulings(compared: list[Compared]) -> None:
    bad = [(c.generated.text, p) for c in compared for p in _ruling_problems(c.ours)]
    assert not bad, f"{len(bad)} problems, first: {bad[:SHOW]}"


# --------------------------------------------------------------------------- the listed differences

ENTRY_CHECKS: dict[str, Callable[[Any], bool]] = {
    "hand": lambda v: isinstance(v, str),
    "ours": lambda v: isinstance(v, int),
    "library": lambda v: isinstance(v, int),
    "ruling": lambda v: v in RULING_IDS,
    "reason": lambda v: isinstance(v, str) and bool(v.strip()) and "\n" not in v.strip(),
}


def test_listed_differences_are_well_formed() -> None:
    for e in _load_differences():
        assert set(e) == set(ENTRY_CHECKS), f"{e}: keys must be exactly {sorted(ENTRY_CHECKS)}"
        bad = [k for k, ok in ENTRY_CHECKS.items() if not ok(e[k])]
        assert not bad, f"{e['hand']}: bad {bad} (ruling must be in scorer.rulings.RULING_IDS, reason one line)"


def test_listed_differences_still_reproduce() -> None:
    stale = []
    for e in _load_differences():
        hand = parse(e["hand"])
        ours = score(hand, profile=PROFILE).total
        library = library_score(hand)[0]
        if (ours, library) != (e["ours"], e["library"]) or ours == library:
            stale.append(f"{e['hand']}: listed ours {e['ours']} / library {e['library']}, now {ours} / {library}")
    assert not stale, "stale entries in oracle_differences.yaml:\n" + "\n".join(stale)
