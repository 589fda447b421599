"""What kind of question this is, from its words: a question about play at the table (procedure, such as a call
made too late), about a penalty, or about scoring. A ruling of the kind a question is likely about is lifted above
the others, so that a foul's ruling is not put below a fan's ruling that shares one common word with the question,
and "how much is the fine for exposing tiles" finds the penalty table beside the ruling on exposed tiles.

The rulings' topics make the kinds (:func:`kind_of`). Each word of the question (a pair of characters in Chinese)
that the rulings use counts for each kind by the share of that kind's rulings that use it (with half a ruling added,
so that a word one kind never uses does not rule it out alone); the products, made equal to one in sum, are the
chances (a naive Bayes reading with even odds before the words). The words are weighed as the rulings use them:
there is no list of foul words to keep.

>>> kinds = {"procedure": frozenset({"late-call", "wrong-call"}), "scoring": frozenset({"a", "b", "c", "d"})}
>>> {k: round(p, 3) for k, p in kind_chances([{"late-call", "wrong-call"}], kinds).items()}
{'procedure': 0.893, 'scoring': 0.107}
>>> kind_chances([], kinds)
{'procedure': 0.5, 'scoring': 0.5}
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable

KINDS = ("procedure", "penalties")  # the topics that are kinds of their own; every other topic is about scoring
SCORING = "scoring"


def kind_of(topic: str) -> str:
    """The kind of question a ruling of ``topic`` answers."""
    return topic if topic in KINDS else SCORING


def kind_chances(found: Iterable[Collection[str]], kinds: dict[str, frozenset[str]]) -> dict[str, float]:
    """The chance that a question is of each kind, from the rulings that use each of its words (``found``, one
    collection a word; a word no ruling uses says nothing) and the rulings of each kind (``kinds``)."""
    logits = dict.fromkeys(kinds, 0.0)
    for rulings in found:
        if not rulings:
            continue
        for kind, members in kinds.items():
            having = sum(1 for rid in rulings if rid in members)
            logits[kind] += math.log((having + 0.5) / (len(members) + 1))
    top = max(logits.values(), default=0.0)
    weights = {kind: math.exp(logit - top) for kind, logit in logits.items()}
    total = sum(weights.values())
    return {kind: weight / total for kind, weight in weights.items()}
