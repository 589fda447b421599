"""Every name of every MCR fan: the fan table's English and Chinese names, then the fan rulings' aliases."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rulings import RULINGS_DIR
from scorer.mcr.table import FANS

from .load import load_ruling
from .model import Problem, Ruling
from .names import pinyin_forms


def fan_names(rulings: Iterable[Ruling]) -> dict[int, list[tuple[str, str]]]:
    """Every name of every MCR fan as ``(name, kind)``: the table's names, then each ruling's aliases."""
    by_id = {r.id: r for r in rulings}
    out: dict[int, list[tuple[str, str]]] = {}
    for n, info in FANS.items():
        names = [(info.name, "en"), (info.name_zh, "zh")]
        ruling = by_id.get(info.ruling)
        if ruling is not None:
            names += [(form, "pinyin") for form in pinyin_forms(ruling.pinyin)] if ruling.pinyin else []
            names += [(a, "en-alias") for a in ruling.aliases.get("en", ())]
            names += [(a, "zh-alias") for a in ruling.aliases.get("zh", ())]
            names += [(a, "pinyin-alias") for a in ruling.aliases.get("pinyin", ())]
        out[n] = list(dict.fromkeys(names))
    return out


def load_fan_names(root: Path = RULINGS_DIR) -> dict[int, list[tuple[str, str]]]:
    """The names of every fan, reading only the fan rulings (``fans/*.md``) under ``root``."""
    problems: list[Problem] = []
    rulings = [r for p in sorted((root / "fans").glob("fan-*.md")) if (r := load_ruling(p, problems))]
    return fan_names(rulings)
