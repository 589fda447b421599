"""Babcock scores a hand as its canonical text: the order its declared sets are written in changes nothing.

Issue 31: ``scorer/babcock/sets.py`` paired an arrangement's declared groups (canonical order) with
``hand.melds`` (written order), so a concealed kong written after a pung lost its "held concealed" to the
pung; a loser's sets were listed in the written order. Over generated hands, every order of the declared
sets (all permutations), standing tiles shuffled, under every built-in Babcock profile: a winner's score, a
loser's score and a whole table's settlement are byte-identical to those of the canonical text.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import Hand, MjrefError, format_hand, score
from scorer.babcock import parse_loser, score_loser, settle_table
from scorer.hand import Meld
from scorer.profiles import builtin_names, load_profile
from scorer.tiles import WIND_LETTERS, name
from tests.support.babcock_hands import babcock_winner
from tests.support.generate import FORMS, GeneratedHand, random_hand

BABCOCK_PROFILES = tuple(p for p in builtin_names() if load_profile(p).ruleset == "babcock")
SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example]
)
CHOW_STARTS = [t for t in range(27) if t % 9 < 7]
_GENERATED = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from(FORMS)).map(
    lambda a: random_hand(random.Random(a[0]), a[1])
)


def test_both_babcock_profiles_are_checked() -> None:
    assert BABCOCK_PROFILES == ("babcock", "babcock-optional")


def test_the_issue_hand_scores_300_in_either_order() -> None:
    # Under babcock-optional, held by East (the default seat), won on the pair of 5m:
    # 20 Mah-Jongg + EEE exposed 4 + 2222p concealed kong 16 + 333s and 444s concealed 4 + 4 + only possible
    # place 2 = 50. Doubles: a set of his own wind (Standard Score Sheet), no runs (the optional doubling,
    # babcock-optional-doubles), and three concealed pungs: the concealed kong is one of "three (or four) of a
    # kind concealed" (ch.VII, Fig. 31; /work/shared/sources/babcock-ch7-optional-scores.txt), with 333s and
    # 444s. 50 x 2 x 2 x 2 = 400, capped at the limit of 300. Read in written order, the kong's offer was
    # paired with EEE and the double lost (200).
    for text in ("[EEE][2222p]333s444s5m5m", "[2222p][EEE]333s444s5m5m|EE0000"):
        result = score(text, ruleset="babcock", profile="babcock-optional")
        assert result.total == 300, text
        assert {d.key for d in result.doubles} == {"own-wind-set", "no-runs", "three-concealed-pungs"}


def test_a_losers_sets_are_listed_in_canonical_order() -> None:
    # Exposed pungs of North and East, 4 each (ruling babcock-losers-hands): listed as the canonical text
    # writes them, East first, whichever was written first; East's own wind doubles: (4 + 4 + 4) x 2 = 24.
    a, b = score_loser("[NNN][EEE]123s444s5m"), score_loser("[EEE][NNN]123s444s5m|EE0000")
    assert a.total == b.total == 24
    assert [f.sets for f in a.fans] == [("444s",), ("EEE", "NNN")]
    assert a.to_json() == b.to_json()


def outcome(call, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    """The JSON of a result, or the error's code and line: what two writings of one hand must share."""
    try:
        return call(*args, **kwargs).to_json()
    except MjrefError as e:
        return f"{e.code}: {e}"


def writings(melds: tuple[Meld, ...], standing: list[str], tail: str, rng: random.Random) -> list[str]:
    """The hand written with its declared sets in every order, its standing tiles shuffled each time, then
    ``tail`` (the winning tile, if any, and the situation)."""
    out = []
    for order in itertools.permutations(melds):
        rng.shuffle(standing)
        out.append("".join(m.text() for m in order) + "".join(standing) + tail)
    return out


def babcock_hand(g: GeneratedHand) -> Hand:
    """The generated hand without flowers (Babcock plays none)."""
    return replace(g.hand, situation=replace(g.hand.situation, flowers=0))


def babcock_winners() -> st.SearchStrategy[Hand]:
    """Winning hands of the shapes Babcock's scores tell apart (``tests.support.babcock_hands``)."""
    return st.randoms(use_true_random=False).map(babcock_winner)


@SETTINGS
@given(
    hand=st.one_of(babcock_winners(), _GENERATED.map(lambda g: babcock_hand(g))), rnd=st.randoms(use_true_random=False)
)
def test_a_winner_scores_as_its_canonical_text_in_any_order(hand: Hand, rnd: random.Random) -> None:
    canonical = format_hand(hand)
    suffix = canonical[canonical.index("|") :]
    for profile in BABCOCK_PROFILES:
        expected = outcome(score, canonical, ruleset="babcock", profile=profile)
        for text in writings(hand.melds, [name(t) for t in hand.standing], name(hand.winning) + suffix, rnd):
            assert outcome(score, text, ruleset="babcock", profile=profile) == expected, (text, profile)
        for order in itertools.permutations(hand.melds):
            built = replace(hand, melds=order)
            assert outcome(score, built, ruleset="babcock", profile=profile) == expected, (built, profile)


def loser_of(g: GeneratedHand) -> tuple[tuple[Meld, ...], list[str], str]:
    """A loser's hand from a generated winner: its declared sets, its standing tiles without the winning
    tile, and the loser's situation (its winds, no flags)."""
    s = g.hand.situation
    suffix = f"|{WIND_LETTERS[s.prevalent - 27]}{WIND_LETTERS[s.seat - 27]}0000"
    return g.hand.melds, [name(t) for t in g.hand.standing], suffix


@SETTINGS
@given(g=_GENERATED, rnd=st.randoms(use_true_random=False))
def test_a_loser_scores_as_its_canonical_text_in_any_order(g: GeneratedHand, rnd: random.Random) -> None:
    melds, standing, suffix = loser_of(g)
    canonical = parse_loser("".join(m.text() for m in melds) + "".join(standing) + suffix).text()
    for profile in BABCOCK_PROFILES:
        expected = outcome(score_loser, canonical, profile)
        for text in writings(melds, standing, suffix, rnd):
            assert outcome(score_loser, text, profile) == expected, (text, profile)
            assert parse_loser(text).text() == canonical


def _table(seed: int) -> dict[str, tuple[tuple[Meld, ...], list[str], str]]:
    """Four hands from one set: a generated winner in its seat, generated losers in the others (drawn again
    until their tiles fit beside the hands already dealt)."""
    rng = random.Random(seed)
    winner = random_hand(rng, "regular")
    hand = babcock_hand(winner)
    text = format_hand(hand)
    seat = WIND_LETTERS[hand.situation.seat - 27]
    left = [4 - n for n in hand.counts()]
    hands = {seat: (hand.melds, [name(t) for t in hand.standing], name(hand.winning) + text[text.index("|") :])}
    for other in (s for s in WIND_LETTERS if s != seat):
        for _ in range(200):
            g = random_hand(rng, "regular")
            tiles = [t for m in g.hand.melds for t in m.tiles] + list(g.hand.standing)
            if all(tiles.count(t) <= left[t] for t in set(tiles)):
                break
        else:  # no generated hand fits: thirteen concealed tiles from what is left of the wall
            g = None
            wall = [t for t in range(34) for _ in range(left[t])]
            tiles = sorted(rng.sample(wall, 13))
        for t in tiles:
            left[t] -= 1
        melds = g.hand.melds if g else ()
        standing = [name(t) for t in (g.hand.standing if g else tiles)]
        hands[other] = (melds, standing, f"|{text[text.index('|') + 1]}{other}0000")
    return hands


@settings(SETTINGS, max_examples=60)
@given(seed=st.integers(0, 2**32 - 1), rnd=st.randoms(use_true_random=False))
def test_a_table_settles_as_its_canonical_texts_in_any_order(seed: int, rnd: random.Random) -> None:
    hands = _table(seed)
    winner = next(iter(hands))
    # the sets come from parsed hands (canonical order), the standing tiles sorted: each text is canonical
    canonical = {seat: "".join(m.text() for m in h[0]) + "".join(h[1]) + h[2] for seat, h in hands.items()}
    for profile in BABCOCK_PROFILES:
        expected = outcome(settle_table, canonical, winner, profile)
        assert expected.startswith("{"), expected  # the dealt table is one set and settles
        for _ in range(3):
            written = {seat: rnd.choice(writings(*hands[seat], rnd)) for seat in hands}
            assert outcome(settle_table, written, winner, profile) == expected, (written, profile)
