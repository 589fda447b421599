"""Properties of the scorer and the notation over random valid hands (hypothesis).

Hands come from the seeded generator of :mod:`tests.support.generate`: hypothesis draws a seed and a
form, so every form (regular, seven pairs, thirteen orphans, honours-and-knitted, knitted straight,
Nine Gates, extreme hands) is exercised, and a failing example is reproducible from its seed.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorer import Hand, MjrefError, Score, format_hand, parse, score
from scorer.arrange import arrangements, concealed_counts
from scorer.canonical import CANONICAL_MELDS, hand_text, read_common, read_common_text, read_meld
from scorer.notation import read_carefully
from scorer.profiles import builtin_names
from scorer.rulings import RULING_IDS
from scorer.suit_status import code_status, split_status
from scorer.tiles import name, run_text
from scorer.validate import validate
from scorer.wait import waiting_mask
from tests.support.generate import FORMS, GeneratedHand, random_hand, random_hands

PROFILES = ("green-book", "chinese-practice", "starback")
FLOWERS = 81
MINIMUM = 8


def _hand(args: tuple[int, str]) -> GeneratedHand:
    seed, form = args
    return random_hand(random.Random(seed), form)


hands = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from(FORMS)).map(_hand)
profiles = st.sampled_from(PROFILES)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def suffix(text: str) -> str:
    """The situation and flowers of a hand string: everything from ``|``."""
    return text[text.index("|") :]


def fan_counts(s: Score) -> dict[int | str, int]:
    return {f.fan: f.count for f in s.fans}


def test_the_builtin_profiles_are_the_ones_tested() -> None:
    assert set(PROFILES) <= set(builtin_names())


def test_generator_is_seeded_valid_and_covers_every_form() -> None:
    first = random_hands(11, 400)
    assert [g.text for g in first] == [g.text for g in random_hands(11, 400)]
    assert {g.form for g in first} == set(FORMS)
    for g in first:
        validate(g.hand)
        assert parse(g.text) == g.hand
        assert max(g.hand.counts()) <= 4


@SETTINGS
@given(hands, profiles)
def test_scores_without_error_and_adds_up(g: GeneratedHand, profile: str) -> None:
    s = score(g.text, profile=profile)
    assert s.hand == g.text
    assert s.total == sum(f.points for f in s.fans)
    flowers = g.hand.situation.flowers
    assert s.flowers == flowers
    assert fan_counts(s).get(FLOWERS, 0) == flowers
    assert s.meets_minimum == (s.total - flowers >= MINIMUM)
    for f in s.fans:
        assert f.count >= 1 and f.points > 0 and f.points % f.count == 0, f


@SETTINGS
@given(hands, profiles)
def test_every_awarded_and_excluded_fan_names_existing_rulings(g: GeneratedHand, profile: str) -> None:
    s = score(g.hand, profile=profile)
    for item in (*s.fans, *s.excluded):
        assert item.rulings, f"{g.text}: fan {item.fan} names no ruling"
        unknown = set(item.rulings) - RULING_IDS
        assert not unknown, f"{g.text}: fan {item.fan} names unknown rulings {unknown}"


@SETTINGS
@given(hands, profiles)
def test_a_fan_is_excluded_only_by_a_fan_the_hand_scores(g: GeneratedHand, profile: str) -> None:
    # Non-repetition (CMCR 10.1(5)): a fan the hand may not score implies nothing, so it cannot be the
    # reason another fan is left out. (Under chinese-practice, fan 82 removes Concealed Kong 67 and
    # Melded Kong 74 together; 67 must not be named as what removed 74.)
    s = score(g.hand, profile=profile)
    awarded = {f.fan for f in s.fans}
    for e in s.excluded:
        assert set(e.by) <= awarded, f"{g.text}: fan {e.fan} excluded by {e.by}, not all of which are scored"


def test_melded_and_concealed_kong_removes_both_kong_fans_itself() -> None:
    # One melded kong (2222m) and one concealed kong (3333p) under chinese-practice: the 5-point fan 82
    # takes the place of Concealed Kong (2) and Melded Kong (1) [rulings/mcr/melded-and-concealed-kong.md].
    s = score("[2222m,1][3333p][555s,1][777m,1]9p9p", profile="chinese-practice")
    assert {e.fan: e.by for e in s.excluded} == {67: (82,), 74: (82,)}


@SETTINGS
@given(hands, profiles, st.randoms(use_true_random=False))
def test_order_of_sets_and_standing_tiles_does_not_matter(g: GeneratedHand, profile: str, rnd: random.Random) -> None:
    melds = [m.text() for m in g.hand.melds]
    standing = [name(t) for t in g.hand.standing]
    rnd.shuffle(melds)
    rnd.shuffle(standing)
    shuffled = "".join(melds) + " ".join(standing) + " " + name(g.hand.winning) + suffix(g.text)
    a, b = score(g.text, profile=profile), score(shuffled, profile=profile)
    assert (b.hand, b.total, fan_counts(b)) == (a.hand, a.total, fan_counts(a))


@SETTINGS
@given(hands, st.randoms(use_true_random=False))
def test_notation_round_trips(g: GeneratedHand, rnd: random.Random) -> None:
    h = g.hand
    assert parse(format_hand(h)) == h
    assert format_hand(parse(format_hand(h))) == format_hand(h)
    melds = list(h.melds)
    rnd.shuffle(melds)
    assert format_hand(replace(h, melds=tuple(melds))) == g.text  # canonical whatever the order


NOTATION_CHARS = "123456789mpszESWNCFP[],|+0 \t"


def _mutated(text: str, rnd: random.Random) -> str:
    """``text`` with one to three characters of the notation's alphabet replaced, inserted or deleted."""
    chars = list(text)
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(chars) + 1)
        op = rnd.random()
        if op < 0.4 and i < len(chars):
            chars[i] = rnd.choice(NOTATION_CHARS)
        elif op < 0.7:
            chars.insert(i, rnd.choice(NOTATION_CHARS))
        elif i < len(chars):
            del chars[i]
    return "".join(chars)


def _carefully(text: str) -> Hand | str:
    try:
        return read_carefully(text)
    except MjrefError as e:
        return f"error: {e}"


@SETTINGS
@given(hands, st.randoms(use_true_random=False))
def test_the_one_pass_reader_reads_what_the_careful_reader_reads(g: GeneratedHand, rnd: random.Random) -> None:
    # scorer.canonical.read_common reads the common case in one pass and leaves everything else (None) to the
    # careful reader, which says what is wrong: where it reads a hand, the careful reader must read the same one.
    # A canonical hand and one with spaces are the common case; a mutated one is often not.
    cuts = sorted(rnd.sample(range(1, len(g.text)), 5))
    spaced = " ".join(g.text[i:j] for i, j in zip([0, *cuts], [*cuts, len(g.text)], strict=True))
    assert read_common(g.text) == g.hand
    assert read_common(spaced) == g.hand == _carefully(spaced)
    for _ in range(20):
        text = _mutated(g.text, rnd)
        common = read_common(text)
        if common is not None:
            assert common == _carefully(text), text


def _tile_runs(tiles: list[int], rnd: random.Random) -> str:
    """``tiles`` in their order, written in runs cut at random (an honour as its letter or as ``1z``-``7z``)."""
    out = []
    run: list[int] = []
    for k, t in enumerate(tiles):
        run.append(t)
        last = k == len(tiles) - 1
        if t >= 27 or last or tiles[k + 1] >= 27 or tiles[k + 1] // 9 != t // 9 or rnd.random() < 0.3:
            if t >= 27:
                out.append(name(t) if rnd.random() < 0.7 else f"{t - 26}z")
            else:
                out.append("".join(str(x % 9 + 1) for x in run) + "mps"[t // 9])
            run = []
    return "".join(out)


def _rewritten(g: GeneratedHand, rnd: random.Random) -> str:
    """The hand written another valid way: sets in any order, standing tiles in any order and runs, the winning
    tile sometimes in the last run, spaces, the situation sometimes left out when it is the default."""
    melds = [m.text() for m in g.hand.melds]
    rnd.shuffle(melds)
    standing = list(g.hand.standing)
    if rnd.random() < 0.5:
        rnd.shuffle(standing)
    tiles = _tile_runs([*standing, g.hand.winning], rnd)
    rest = suffix(g.text)
    if rest.startswith("|EE0000") and rnd.random() < 0.5:
        rest = rest[len("|EE0000") :]
    text = "".join(melds) + tiles + rest
    return " ".join(text) if rnd.random() < 0.2 else text


@SETTINGS
@given(hands, st.randoms(use_true_random=False))
def test_the_one_pass_reader_gives_the_canonical_text(g: GeneratedHand, rnd: random.Random) -> None:
    # read_common_text takes each part's canonical text from its caches, and the tiles' text as written when that
    # is canonical already: whatever the writing, the text must be the one format_hand writes.
    read = read_common_text(g.text)
    assert read is not None and read == (g.hand, g.text) and hand_text(g.hand) == g.text
    for _ in range(20):
        text = _rewritten(g, rnd)
        read = read_common_text(text)
        assert read is not None, text
        assert read[1] == hand_text(read[0]) == format_hand(parse(text)) == g.text, text


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=9, max_size=9))
def test_a_suit_read_from_its_code_splits_as_from_its_counts(counts: list[int]) -> None:
    # the wait test and the suit statuses read a suit's counts from one integer, 3 bits a rank
    code = sum(n << 3 * r for r, n in enumerate(counts))
    assert code_status(code) == split_status(counts)


@SETTINGS
@given(hands)
def test_the_waits_read_from_the_counts_are_the_waits(g: GeneratedHand) -> None:
    # the scorer asks for a hand's waits with the counts it made already (the winning tile then taken out)
    assert waiting_mask(g.hand, concealed=concealed_counts(g.hand)) == waiting_mask(g.hand)


def _waits_by_trying(hand: Hand) -> int:
    """The tiles (bit t) that complete the hand's 13 tiles in some form: each of the 34 tried as the last tile."""
    waits = 0
    for t in range(34):
        if arrangements(replace(hand, winning=t)):
            waits |= 1 << t
    return waits


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands)
def test_the_waits_are_the_tiles_that_complete_the_hand(g: GeneratedHand) -> None:
    # waiting_mask works the waits out suit by suit (and layout by layout for the knitted forms): each tile it
    # names, and only those, must complete the 13 tiles when tried as the last one
    assert waiting_mask(g.hand) == _waits_by_trying(g.hand), g.text


@pytest.mark.parametrize(
    "text",
    [
        "147m258p369s1234m5m",  # a knitted straight and a chow less one tile, and more: every wait is checked
        "147m258p39s123m55p6s",  # a knitted straight lacking one tile, a chow and a pair
        "147m258p369sEEE1s2s",
        "147m25p369sEEE11s8p",
        "14m258p369s123pWW7m",
        "147m258p369sCCFF4m",
    ],
)
def test_the_knitted_waits_are_the_tiles_that_complete_the_hand(text: str) -> None:
    hand = parse(text)
    assert waiting_mask(hand) == _waits_by_trying(hand)


@pytest.mark.parametrize(
    "text",
    ["9m19p199sESWNCFP1m|NS0000+32", "[1111m,4]123456789p5s|EE0000", "[124m]123456789p5s", "123456789m1122p|EQ0000"],
)
def test_what_the_one_pass_reader_refuses_it_refuses_again(text: str) -> None:
    # its caches remember a malformed set or situation, so the second reading comes from them: it must still be
    # refused (compiled, a sentinel compared by identity once passed for a situation of East, East, no flowers)
    assert read_common(text) is None
    assert read_common(text) is None
    with pytest.raises(MjrefError):
        parse(text)


def test_every_canonical_set_reads_as_the_reader_reads_it():
    # the one-pass reader takes a set written canonically from a table made at import, every other writing from
    # read_meld: the table must hold, for each text, what read_meld makes of it, and every set the notation writes
    assert len(CANONICAL_MELDS) == 21 * 4 + 34 * 4 + 34 * 7
    for text, entry in CANONICAL_MELDS.items():
        assert read_meld(text) == entry, text
    assert read_meld("[213m,1]") == CANONICAL_MELDS["[123m,1]"]
    assert read_meld("[555z]") == CANONICAL_MELDS["[CCC]"]
    assert read_meld("[1111m,4]") is None and read_meld("[124m]") is None
    assert read_common("[555z][4444s,5]123m9p|ES0000+1") == parse("[CCC][4444s,5]123m9p|ES0000+1")


def _fifth_copy(g: GeneratedHand, rnd: random.Random) -> str | None:
    """The hand with concealed tiles replaced so one kind has five copies, or None if it cannot."""
    counts = g.hand.counts()
    concealed = [*g.hand.standing, g.hand.winning]
    choices = [t for t in range(34) if counts[t] and 5 - counts[t] <= sum(c != t for c in concealed)]
    if not choices:
        return None
    kind = rnd.choice(choices)
    others = [i for i, c in enumerate(concealed) if c != kind]
    for i in rnd.sample(others, 5 - counts[kind]):
        concealed[i] = kind
    melds = "".join(m.text() for m in g.hand.melds)
    return melds + run_text(sorted(concealed[:-1])) + name(concealed[-1]) + suffix(g.text)


@SETTINGS
@given(hands, profiles, st.randoms(use_true_random=False))
def test_a_fifth_copy_is_an_mjref_error(g: GeneratedHand, profile: str, rnd: random.Random) -> None:
    text = _fifth_copy(g, rnd)
    assume(text is not None)
    with pytest.raises(MjrefError) as info:
        score(text, profile=profile)
    assert info.value.code == "five-copies", str(info.value)


@SETTINGS
@given(hands, profiles, st.randoms(use_true_random=False))
def test_a_missing_tile_is_an_mjref_error(g: GeneratedHand, profile: str, rnd: random.Random) -> None:
    standing = list(g.hand.standing)
    assume(standing)
    standing.pop(rnd.randrange(len(standing)))
    text = "".join(m.text() for m in g.hand.melds) + run_text(standing) + name(g.hand.winning) + suffix(g.text)
    with pytest.raises(MjrefError):
        score(text, profile=profile)


NOISE = "0123456789mpszESWNCFPX[],|+ -"


@SETTINGS
@given(hands, profiles, st.randoms(use_true_random=False))
def test_corrupted_text_scores_or_raises_only_mjref_errors(g: GeneratedHand, profile: str, rnd: random.Random) -> None:
    text = list(g.text)
    for _ in range(rnd.randint(1, 3)):
        i = rnd.randrange(len(text))
        action = rnd.choice(("delete", "insert", "replace", "swap"))
        if action == "delete" and len(text) > 1:
            del text[i]
        elif action == "insert":
            text.insert(i, rnd.choice(NOISE))
        elif action == "replace":
            text[i] = rnd.choice(NOISE)
        else:
            j = rnd.randrange(len(text))
            text[i], text[j] = text[j], text[i]
    try:
        s = score("".join(text), profile=profile)
    except MjrefError:
        return
    assert s.total == sum(f.points for f in s.fans)  # a mutation may still be a valid hand
