"""Checks shared by the tests that score hands: independent fan values, and the ruling trail."""

from __future__ import annotations

from scorer.mcr.table import FANS
from scorer.result import Score
from scorer.rulings import RULING_IDS

CP = "chinese-practice"


def fan_value(fan: int, profile: str) -> int:
    """Points of one fan: the table's (``scorer/mcr/fans.csv``), with the value a profile changes."""
    if profile == CP and fan == 48:
        return 6  # Two Concealed Kongs, 1998 value
    return FANS[fan].points


def check_rulings(s: Score) -> None:
    """Every awarded and excluded fan names at least one ruling, and each id exists."""
    for f in s.fans:
        assert f.rulings, f"fan {f.fan} ({f.key}) names no ruling"
        assert set(f.rulings) <= RULING_IDS, f"fan {f.fan}: unknown rulings {set(f.rulings) - RULING_IDS}"
    for e in s.excluded:
        assert e.rulings, f"excluded fan {e.fan} ({e.key}) names no ruling"
        assert set(e.rulings) <= RULING_IDS, f"excluded fan {e.fan}: unknown rulings {set(e.rulings) - RULING_IDS}"
