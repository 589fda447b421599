"""Every ruling's answer can be read out at the table: at most two sentences (issue 16) and 400 characters.

Sentences are counted at '.', '!' or '?' followed by a space or the end, after setting aside the
abbreviations and numbers the rulings use (e.g., col., ch., Fig., §3.1, 10.1.5).
"""

from __future__ import annotations

import re

from kb.load import load_corpus
from rulings import RULINGS_DIR

NOT_AN_END = re.compile(r"\b(?:e\.g|i\.e|cf|vs|No|col|ch|Fig|Art|pp|p)\.|\d\.\d")
SENTENCE_END = re.compile(r"[.!?][\"”)]?(?:\s+|$)")


def sentences(text: str) -> int:
    return len(SENTENCE_END.findall(NOT_AN_END.sub("X", text)))


def test_the_sentence_count_reads_abbreviations_as_they_are():
    assert sentences("No, under col. 293 and §3.1 (e.g. Fig. 18). Starbäck argues otherwise.") == 2
    assert sentences("One. Two. Three.") == 3


def test_every_answer_is_at_most_two_sentences_and_400_characters():
    long = [
        (r.id, sentences(r.answer), len(r.answer))
        for r in load_corpus(RULINGS_DIR).rulings
        if sentences(r.answer) > 2 or len(r.answer) > 400
    ]
    assert long == []
