"""Held-out referee questions about fouls (tests/fixtures/foul_questions.yaml), in English and in Chinese: at
least 90% of each language find the right ruling in the top 3 of `mjref lookup`."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kb.lookup import lookup

QUESTIONS = yaml.safe_load((Path(__file__).parent / "fixtures" / "foul_questions.yaml").read_text(encoding="utf-8"))
TARGET = 0.9


def test_there_are_at_least_25_questions_in_each_language():
    for lang in ("en", "zh"):
        asked = [case["q"] for case in QUESTIONS[lang]]
        assert len(asked) >= 25 and len(set(asked)) == len(asked), lang


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nine_questions_in_ten_find_their_ruling_in_the_top_3(db, lang):
    missed = [
        (case["q"], case["expect"], hits)
        for case in QUESTIONS[lang]
        if case["expect"] not in (hits := [h.id for h in lookup(case["q"], db, limit=3)])
    ]
    found = 1 - len(missed) / len(QUESTIONS[lang])
    assert found >= TARGET, f"{lang}: {found:.0%} found; missed: {missed}"
