"""``scorer.waits`` under ``chinese-practice`` against pymahjonggb 1.4.0, over random hands of 13 of every form.

For each hand (tests/support/waits_oracle.py: a ready one from each generated complete hand, and one moved one to
four tiles away) the library's fan calculator is asked about each of the 34 tiles, on a discard and self-drawn,
and its shanten functions for the count and the useful tiles. They must agree with ours: the same winning tiles
with the same two totals, flowers included, the same count and, for a hand not ready, the same useful tiles.
One difference is by design and checked as such: the library takes a fifth copy as a winning tile (it never counts
copies); we list a tile the hand holds all four of apart, as no wait (rulings ``wait-only-one-winning-tile`` and
``exhausted-waits``). ``bench/waits_bench.py --agreement`` runs the same comparison over thousands of hands.
"""

from __future__ import annotations

# The oracle is a test dependency (the `test` extra pins pymahjonggb==1.4.0): a missing one fails, never skips.
import MahjongGB  # noqa: F401

from tests.support.generate import FORMS
from tests.support.waits_oracle import compare, waiting_texts

PER_FORM = 25  # complete hands of each generated form, each giving two hands of 13
SEED = 33


def test_waits_and_totals_agree_with_the_library_on_every_form() -> None:
    texts = waiting_texts(SEED, PER_FORM)
    problems: list[str] = []
    compared = fifth = 0
    counts: dict[str, set[int]] = {form: set() for form in FORMS}
    for form, text in texts:
        found, n, k, count = compare(text)
        problems += found
        compared += n
        fifth += k
        counts[form].add(min(count, 2))
    assert not problems, f"{len(problems)} of {len(texts)} hands disagree:\n" + "\n".join(problems[:10])
    assert len(texts) == 2 * PER_FORM * len(FORMS) and compared >= len(texts) // 2
    assert all({0, 1} <= reached for reached in counts.values()), counts  # ready and not ready in every form


def test_the_fifth_copy_is_the_one_difference_by_design() -> None:
    # 1113333m456p789p: the library scores a win on a fifth 3m; we list it apart. On 2m both say 7 (no Closed Wait).
    problems, compared, fifth, _ = compare("1113333m456p789p")
    assert (problems, compared, fifth) == ([], 1, 1)
