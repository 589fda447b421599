"""Questions a ruling's own wording must answer first, not only in the top 3 (issue 36).

Each names a principle or a fan the way a referee does ("combine-just-once", Sloper's term; "Pure Dragon"
for 清龙), so the ruling that defines it is the answer; the expected ids come from the sources cited in
those rulings, not from the ranking.
"""

from __future__ import annotations

import pytest

from kb.lookup import lookup

FIRST = {
    "exclusionary rule": "principle-account-once",  # Sloper's earlier name for it (FAQ 22, 10.1.5.5)
    "combine-just-once": "principle-account-once",  # Sloper's name (FAQ 22, Step 3)
    "use the same chow for two short straights": "principle-non-identical",
    "pure dragon 16 points": "fan-pure-straight",
}


@pytest.mark.parametrize("question", sorted(FIRST))
def test_the_ruling_a_referee_names_comes_first(db, question):
    assert lookup(question, db, limit=1)[0].id == FIRST[question]


def test_an_exception_found_first_says_it_is_one(db):
    # "Tile Hog in Seven Pairs" is the general rule (fan-seven-pairs); the Green Book's All Green / All
    # Terminals case is the exception, and when it ranks above the general rule its title says so.
    hits = lookup("can I score tile hog in seven pairs", db, limit=3)
    ids = [h.id for h in hits]
    assert "fan-seven-pairs" in ids
    exception = next(h for h in hits if h.id == "seven-pairs-tile-hog")
    if ids.index("seven-pairs-tile-hog") < ids.index("fan-seven-pairs"):
        assert exception.title.startswith("An exception")
