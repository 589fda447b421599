"""``scorer.waits``: every winning tile of a hand of 13 and what a win on it scores, in each MCR form.

The expected figures are worked by hand beside each case from the fan values of the Green Book (fans.csv) and the
rulings named; where a case repeats a ruling's worked example, the ruling is named.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorer import MjrefError, Waits, WaitsComparison, score, waits
from scorer.errors import InvalidHand, NotationError, ProfileError
from tests.support.waits_oracle import waiting_texts


def grid(text: str, profile: str | None = None) -> dict[str, Any]:
    result = waits(text, profile=profile)
    assert isinstance(result, Waits)
    return result.to_dict()


def tiles(d: dict[str, Any]) -> list[str]:
    return [w["tile"] for w in d["waits"]]


def fan_keys(win: dict[str, Any]) -> set[str]:
    return {f["key"] for f in win["fans"]}


def test_regular_single_wait_with_its_full_scores() -> None:
    # 123m 456m 789m 123p and a lone 5p: only 5p completes it, as the pair (Single Wait). On a discard: Pure
    # Straight 16 + All Chows 2 + Concealed Hand 2 + Mixed Double Chow 1 (123m 123p) + One Voided Suit 1 + Single
    # Wait 1 = 23 (All Chows excludes No Honors). Self-drawn: Fully Concealed Hand 4 instead of Concealed Hand 2
    # and Self-Drawn, 25. The 5p stands in the hand, so it cannot be the last of its kind.
    d = grid("123m456m789m123p5p")
    assert (d["shanten"], d["ready"], tiles(d)) == (0, True, ["5p"])
    row = d["waits"][0]
    assert (row["discard"]["total"], row["self_drawn"]["total"]) == (23, 25)
    assert "pure-straight" in fan_keys(row["discard"]) and "fully-concealed-hand" in fan_keys(row["self_drawn"])
    assert row["wait_fan"]["key"] == "single-wait" and row["wait_fan"]["rulings"]
    assert row["last_of_kind"] is None and row["unseen"] == 3
    assert row["discard"]["meets_minimum"] and not row["discard"]["false_win"]


def test_the_full_score_is_the_scorers_own() -> None:
    d = grid("123m456m789m123p5p")
    assert d["waits"][0]["discard"]["fans"] == score("123m456m789m123p5p5p").to_dict()["fans"]
    assert d["waits"][0]["self_drawn"]["hand"] == "123456789m1235p5p|EE1000"


def test_a_tile_below_the_minimum_is_marked_a_false_win() -> None:
    # Ruling wait-only-one-winning-tile's first example: 1113m waits on 2m (11m + 123m) and 3m (111m + 33m).
    # On 2m: Mixed Triple Chow 8 + Outside Hand 4 + Concealed Hand 2 + All Chows 2 + Two Terminal Chows 1 = 17.
    # On 3m: Pung of Terminals 1 + Concealed Hand 2 + Mixed Double Chow 1 (123p 123s) + Two Terminal Chows 1
    # (123s 789s) + No Honors 1 = 6, a false win on a discard; self-drawn, Fully Concealed Hand 4 for Concealed
    # Hand 2, 8: it stands. Two winning tiles: no wait fan on either.
    d = grid("1113m123p123s789s")
    assert tiles(d) == ["2m", "3m"]
    two, three = d["waits"]
    assert (two["discard"]["total"], three["discard"]["total"], three["self_drawn"]["total"]) == (17, 6, 8)
    assert three["discard"]["false_win"] and not three["discard"]["meets_minimum"]
    assert {"false-win", "eight-point-minimum"} <= set(three["discard"]["rulings"])
    assert not three["self_drawn"]["false_win"] and "false-win" not in three["self_drawn"]["rulings"]
    assert two["wait_fan"] is None and three["wait_fan"] is None


def test_the_last_of_its_kind_where_it_changes_the_score() -> None:
    # 2m stands nowhere in 1113m…: won as the last 2m it adds Last Tile 4 (fan 58): 17 + 4 = 21 on a discard.
    # 3m stands in the hand: no other 3m can have been shown three times, so no last-of-kind row.
    two, three = grid("1113m123p123s789s")["waits"]
    assert two["last_of_kind"]["discard"]["total"] == 21
    assert "last-tile" in fan_keys(two["last_of_kind"]["discard"])
    assert two["last_of_kind"]["self_drawn"]["total"] == two["self_drawn"]["total"] + 4
    assert three["last_of_kind"] is None


def test_edge_wait_and_tile_order() -> None:
    # 12p waits on 3p alone: Edge Wait 1. And two tiles in tile order: 55s and EE wait on 5s and E (a pung each).
    assert grid("123m456m789m12p55s")["waits"][0]["wait_fan"]["key"] == "edge-wait"
    d = grid("[123m,1]456p789s55sEE|ES0000")
    assert tiles(d) == ["5s", "E"]
    assert [w["unseen"] for w in d["waits"]] == [2, 2]


def test_seven_pairs() -> None:
    # Six pairs and a lone 7s: Seven Pairs (24) on 7s, its Single Wait not scored (ruling single-wait-pair-only).
    d = grid("1122m3344p5566s7s")
    assert tiles(d) == ["7s"]
    row = d["waits"][0]
    assert row["discard"]["form"] == "seven-pairs" and "seven-pairs" in fan_keys(row["discard"])
    assert row["wait_fan"] is None


def test_thirteen_orphans_thirteen_ways() -> None:
    # Each of the thirteen orphans once: every one of them wins, 88 each; all stand in the hand, so no
    # last-of-kind row; three copies of each unseen.
    d = grid("19m19p19sESWNCFP")
    assert tiles(d) == ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "C", "F", "P"]
    assert {w["discard"]["total"] for w in d["waits"]} == {88}
    assert all(w["last_of_kind"] is None and w["unseen"] == 3 for w in d["waits"])


def test_honours_and_knitted_and_the_knitted_straight_inside_it() -> None:
    # 147m 258p 36s and five honours wait on 9s, F and P. 9s completes the knitted straight too: Lesser Honours and
    # Knitted Tiles 12 + Knitted Straight 12 = 24 (as the reference calculator's g1 hand, tests/test_differential.py);
    # F or P: Lesser Honours and Knitted Tiles 12 alone.
    d = grid("147m258p36sESWNC")
    assert tiles(d) == ["9s", "F", "P"]
    assert [w["discard"]["total"] for w in d["waits"]] == [24, 12, 12]
    assert {w["discard"]["form"] for w in d["waits"]} == {"honors-and-knitted"}


def test_knitted_straight() -> None:
    # 147m 258p 36s, 234s and 55s: the knitted straight lacks 9s only.
    d = grid("147m258p36s234s55s")
    assert tiles(d) == ["9s"] and d["waits"][0]["discard"]["form"] == "knitted-straight"
    # The whole knitted straight and 234s: the pair is the wait, on E alone (Single Wait).
    d = grid("147m258p369s234sE")
    assert tiles(d) == ["E"] and d["waits"][0]["wait_fan"]["key"] == "single-wait"


def test_a_tile_the_hand_holds_four_of_is_no_wait() -> None:
    # Ruling wait-only-one-winning-tile's second example: 1113333m456p789p "waits" on 2m and on a fifth 3m. The
    # 3m is listed apart, with the rulings; 2m is the one wait. Green Book (position standing): Closed Wait, 8;
    # Chinese practice (position formal): no Closed Wait, 7, a false win; the ruling's figures.
    d = grid("1113333m456p789p")
    assert tiles(d) == ["2m"]
    assert d["exhausted"] == [{"tile": "3m", "rulings": ["wait-only-one-winning-tile", "exhausted-waits"]}]
    assert d["waits"][0]["discard"]["total"] == 8 and d["waits"][0]["wait_fan"]["key"] == "closed-wait"
    practice = grid("1113333m456p789p", "chinese-practice")
    assert practice["waits"][0]["discard"]["total"] == 7 and practice["waits"][0]["discard"]["false_win"]


def test_copies_in_the_declared_sets_count_too() -> None:
    # Four declared kongs and a lone 5m wait on 5m, three unseen.
    d = grid("[1111m][2222p][3333s][4444m]5m")
    assert tiles(d) == ["5m"] and d["waits"][0]["unseen"] == 3
    # With a kong of 5m declared, the lone 6m waits on 6m; the kong's 5m are counted, none is the wait.
    assert grid("[5555m][2222p][3333s][4444m]6m")["waits"][0]["unseen"] == 3


def test_flowers_count_in_the_total_but_not_for_the_minimum() -> None:
    # 1113333m456p789p under Chinese practice: 7 on 2m, + 2 flowers = 9, still below the minimum (flowers not
    # counted, ruling eight-point-minimum).
    row = grid("1113333m456p789p|EE0000+2", "chinese-practice")["waits"][0]
    assert row["discard"]["total"] == 9 and row["discard"]["flowers"] == 2 and row["discard"]["false_win"]


def test_a_hand_not_ready_gets_its_count_and_useful_tiles() -> None:
    # 123m 567m 123p, 4p 6p, N, C: three sets, a partial set (46p) and two lone honours, one tile from ready. 5p
    # makes the fourth set (ready on N or C), N or C the pair (ready on 5p): those three only; four 5p unseen and
    # three each of N and C (one stands).
    d = grid("123m567m1234p6pNC")
    assert (d["shanten"], d["ready"], d["waits"]) == (1, False, [])
    assert d["useful"] == [{"tile": "5p", "unseen": 4}, {"tile": "N", "unseen": 3}, {"tile": "C", "unseen": 3}]
    assert d["useful_unseen"] == 10


def test_a_hand_two_tiles_from_ready() -> None:
    # 123m 456m 789m and four lone tiles 1p 4p 7s E: three sets, nothing else, so 2 * 4 - 2 * 3 = 2 from ready
    # (no special form is closer). Useful: a tile making a pair or a partial set with a lone one: 1p-3p and 2p-6p
    # around 1p and 4p, 5s-9s around 7s, and E; each 3 unseen where one stands, else 4.
    d = grid("123m456m789m1p4p7sE")
    assert (d["shanten"], d["waits"]) == (2, [])
    assert [(u["tile"], u["unseen"]) for u in d["useful"]] == [
        ("1p", 3), ("2p", 4), ("3p", 4), ("4p", 3), ("5p", 4), ("6p", 4),
        ("5s", 4), ("6s", 4), ("7s", 3), ("8s", 4), ("9s", 4), ("E", 3),
    ]  # fmt: skip


def test_honours_and_knitted_ready_on_any_missing_honour() -> None:
    # 147m 258p 369s and four winds: Lesser Honours and Knitted Tiles lacks one tile: any of the three dragons.
    assert tiles(grid("147m258p369sESWN")) == ["C", "F", "P"]


def test_several_profiles_side_by_side_with_the_rulings_where_they_differ() -> None:
    result = waits("1113333m456p789p", profiles=["green-book", "chinese-practice", "starback"])
    assert isinstance(result, WaitsComparison)
    d = result.to_dict()
    assert d["profiles"] == ["green-book", "chinese-practice", "starback"]
    assert [d["grids"][p]["waits"][0]["discard"]["total"] for p in d["profiles"]] == [8, 7, 8]
    first = d["differences"][0]
    assert (first["tile"], first["way"], first["meets_minimum"]["chinese-practice"]) == ("2m", "discard", False)
    fan = first["fans"][0]
    assert fan["key"] == "closed-wait" and fan["points"] == {"green-book": 1, "chinese-practice": 0, "starback": 1}
    assert fan["positions"] == {
        "wait-only-one-winning-tile": {"green-book": "standing", "chinese-practice": "formal", "starback": "standing"}
    }


def test_profiles_that_agree_show_no_difference() -> None:
    d = waits("123m456m789m123p5p", profiles=["green-book", "starback"]).to_dict()
    assert d["differences"] == [] and list(d["grids"]) == ["green-book", "starback"]


@pytest.mark.parametrize(
    ("text", "error", "code", "problem"),
    [
        ("123m456m789m123p5p5p", InvalidHand, "complete-hand", "that is a complete hand: score it"),
        ("[123m,1]456m789m123p5p5p", InvalidHand, "complete-hand", "that is a complete hand: score it"),
        ("123m456m789m123p", InvalidHand, "tile-count", "12 tiles, a declared set counted as three"),
        ("11111m456m789m12p", InvalidHand, "five-copies", "5 copies of 1m"),
        ("[1111m]1m456m789m123p", InvalidHand, "five-copies", "5 copies of 1m"),
        ("[12m]456m789m123p5p", NotationError, "notation", r"\[12m\] is no set"),
        ("[135m,1]456m789m123p5p", NotationError, "notation", r"\[135m,1\] is no set"),
        ("123m456m789m123p5p|EE1000", InvalidHand, "situation", r"win-method digits .* must be 0 \(\|EE0000\)"),
        ("123m456m789m123p5p|SW0001", InvalidHand, "situation", r"\(\|SW0000\)"),
        ("123m456m789m123p5x", NotationError, "notation", "unknown character"),
        ("", NotationError, "notation", "no standing tiles"),
    ],
)
def test_bad_hands_are_one_clear_error(text: str, error: type[MjrefError], code: str, problem: str) -> None:
    with pytest.raises(error, match=problem) as caught:
        waits(text)
    assert caught.value.code == code and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "problem"),
    [
        ((None,), {}, NotationError, "expected a hand string, not NoneType"),
        ((b"123m",), {}, NotationError, "expected a hand string, not bytes"),
        (("123m456m789m123p5p",), {"profile": 3}, ProfileError, "expected a profile name or a path, not int"),
        (("123m456m789m123p5p",), {"profile": "nope"}, ProfileError, "unknown profile 'nope'"),
        (("123m456m789m123p5p",), {"profile": "babcock"}, ProfileError, "babcock"),
        (("123m456m789m123p5p", None, "babcock"), {}, MjrefError, "worked out for the MCR rule set"),
        (("123m456m789m123p5p", None, 1), {}, MjrefError, "worked out for the MCR rule set"),
        (("123m456m789m123p5p",), {"profiles": "green-book"}, ProfileError, "not str"),
        (("123m456m789m123p5p",), {"profiles": []}, ProfileError, "1 to 12 profiles, not 0"),
        (("123m456m789m123p5p",), {"profiles": [None]}, ProfileError, "not NoneType"),
        (("123m456m789m123p5p",), {"profiles": ["starback", "starback"]}, ProfileError, "named twice"),
        (("123m456m789m123p5p", "starback"), {"profiles": ["green-book"]}, MjrefError, "not both"),
    ],
)
def test_wrong_types_and_values_are_the_projects_errors(
    args: tuple[object, ...], kwargs: dict[str, object], error: type[MjrefError], problem: str
) -> None:
    with pytest.raises(error, match=problem):
        waits(*args, **kwargs)  # type: ignore[arg-type]


def test_hostile_text_is_a_wait_list_or_one_line_of_the_projects_error() -> None:
    """Hands of 13 of every form, mutated at random (characters replaced, dropped, doubled): each gives a wait list
    or one line of MjrefError, never another exception."""
    rng = random.Random(3301)
    alphabet = list("0123456789mpsz ESWNCFP[],|+01x\n\u00b2") + ["", "[123m,1]", "|EE0000", "+9"]
    texts = [text for _, text in waiting_texts(3301, 10)]
    outcomes = {"list": 0, "error": 0}
    for k in range(600):
        chars = list(texts[k % len(texts)])
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars) + 1)
            chars[i : i + rng.randint(0, 2)] = [rng.choice(alphabet)]
        text = "".join(chars)
        try:
            waits(text).to_dict()
            outcomes["list"] += 1
        except MjrefError as e:
            assert "\n" not in str(e) and str(e).strip(), text
            outcomes["error"] += 1
    assert outcomes["list"] > 20 and outcomes["error"] > 200, outcomes


def test_every_ruling_the_wait_list_names_exists() -> None:
    from scorer.rulings import RULING_IDS
    from scorer.wait_list.grid import EXHAUSTED, FALSE_WIN

    assert set(EXHAUSTED) | set(FALSE_WIN) <= RULING_IDS
    d = waits("1113333m456p789p", profile="chinese-practice").to_dict()
    cited = {r for e in d["exhausted"] for r in e["rulings"]}
    for w in d["waits"]:
        for win in (w["discard"], w["self_drawn"], *w["last_of_kind"].values()):
            cited |= set(win["rulings"]) | {r for f in win["fans"] for r in f["rulings"]}
    assert cited <= RULING_IDS and "false-win" in cited
