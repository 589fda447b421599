"""The session score sheet (scorer.sheet): payments, penalties, running totals, table points, the paper's first
difference, and every bad input as one line naming the hand and the field.

Every expected figure is worked out by hand in the comment beside it, from the rulings: a win on a discard worth
V pays the winner 24 + V, the discarder pays 8 + V and each other loser 8; a self-drawn win worth V costs each
loser 8 + V and pays the winner 3 × (8 + V) (ruling payments); table points 4, 2, 1, 0, tied places sharing
(ruling table-points).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.i18n import localize
from scorer.errors import MjrefError
from scorer.sheet import (
    HAND_LIMIT,
    RULINGS,
    SheetError,
    read_session,
    session_from_data,
    session_from_text,
    settle_session,
    winds,
)
from scorer.sheet.session import HAND_KEYS, PENALTY_KEYS

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
ROOT = Path(__file__).resolve().parent.parent
TILES = "[123m,1][EEE,2]456p789s5s5s"  # Mixed Straight 8, a pung of East, Single Wait 1 (ruling payments' hand)


def session(*hands: dict) -> dict:
    return {"players": PLAYERS, "hands": list(hands)}


def totals(*hands: dict) -> dict[str, int]:
    return settle_session(session(*hands)).totals


# --- payments and running totals ---------------------------------------------------------------------------


def test_discards_self_draws_and_a_draw():
    sheet = settle_session(
        session(
            {"winner": "Ann", "from": "Bo", "points": 12},  # Ann +36, Bo -20, Cy -8, Di -8
            {"winner": "Cy", "self_drawn": True, "points": 8},  # Cy +48, the others -16 each
            {"draw": True},  # nothing changes
            {"winner": "Di", "from": "Ann", "points": 20},  # Di +44, Ann -28, Bo -8, Cy -8
        )
    )
    running = [h.running for h in sheet.hands]
    assert running[0] == {"Ann": 36, "Bo": -20, "Cy": -8, "Di": -8}
    assert running[1] == {"Ann": 20, "Bo": -36, "Cy": 40, "Di": -24}
    assert running[2] == running[1]
    # Ann 20 - 28 = -8; Bo -36 - 8 = -44; Cy 40 - 8 = 32; Di -24 + 44 = 20; they add up to 0
    assert sheet.totals == {"Ann": -8, "Bo": -44, "Cy": 32, "Di": 20}
    assert sheet.zero_sum and sheet.deductions == ()
    # Cy first (4), Di second (2), Ann third (1), Bo last (0)
    assert sheet.table_points == {"Ann": 1, "Bo": 0, "Cy": 4, "Di": 2}
    assert sheet.places == {"Ann": 3, "Bo": 4, "Cy": 1, "Di": 2}
    assert sheet.consistent and sheet.first_difference is None


def test_every_payment_names_its_role_and_ruling():
    hand = settle_session(session({"winner": "Ann", "from": "Bo", "points": 12})).hands[0]
    assert [(p.player, p.role, p.points) for p in hand.payments] == [
        ("Ann", "winner", 36),
        ("Bo", "discarder", -20),
        ("Cy", "other", -8),
        ("Di", "other", -8),
    ]
    assert all(p.rulings == ("payments",) for p in hand.payments)
    drawn = settle_session(session({"winner": "Cy", "self_drawn": True, "points": 8})).hands[0]
    assert {p.role for p in drawn.payments if p.player != "Cy"} == {"loser"}


# --- penalties ----------------------------------------------------------------------------------------------


def test_penalties_to_others_to_no_one_and_by_ruling():
    sheet = settle_session(
        session(
            {"winner": "Ann", "from": "Bo", "points": 12},  # 36, -20, -8, -8
            # Bo loses 30, 10 to each other player: 46, -50, 2, 2
            {"draw": True, "penalties": [{"player": "Bo", "points": 30, "to": "others"}]},
            # Cy self-drawn 10: +54, the others -18 each; Di loses 10 to no one: 28, -68, 56, -26
            {
                "winner": "Cy",
                "self_drawn": True,
                "points": 10,
                "penalties": [{"player": "Di", "points": 10, "to": "none"}],
            },
            # a false win under green-book's penalty table (position chinese-2006, Sloper col. 289: 10 to each
            # other player, 30 in all; ruling penalty-amounts): Ann -30, the others +10: -2, -58, 66, -16
            {"draw": True, "penalties": [{"player": "Ann", "ruling": "false-win"}]},
        )
    )
    assert sheet.totals == {"Ann": -2, "Bo": -58, "Cy": 66, "Di": -16}
    # -2 - 58 + 66 - 16 = -10: the 10 points Di lost to no one, and nothing else
    assert sum(sheet.totals.values()) == -10 and sheet.deducted == 10 and sheet.zero_sum
    assert [(d.hand, d.player, d.points) for d in sheet.deductions] == [(3, "Di", 10)]
    by_ruling = sheet.hands[3].penalties[0]
    assert (by_ruling.points, by_ruling.to, by_ruling.foul) == (30, "others", "false-win")
    assert by_ruling.rulings == ("penalty-amounts", "false-win")
    assert sheet.hands[1].penalties[0].rulings == ("penalty-amounts",)
    # Cy 4, Ann 2, Di 1, Bo 0
    assert sheet.table_points == {"Cy": 4, "Ann": 2, "Di": 1, "Bo": 0}


def test_a_penalty_by_ruling_that_the_house_does_not_fix_takes_the_points_given():
    # green-book's table gives late-call no fixed amount: the referee's 15 to no one stands, citing the foul
    pen = {"player": "Bo", "ruling": "late-call", "points": 15, "to": "none"}
    sheet = settle_session(session({"draw": True, "penalties": [pen]}))
    assert sheet.totals == {"Ann": 0, "Bo": -15, "Cy": 0, "Di": 0}
    assert sheet.hands[0].penalties[0].rulings == ("penalty-amounts", "late-call")


# --- table points -------------------------------------------------------------------------------------------


def test_a_tie_for_first_and_a_tie_for_last():
    # Ann on Bo 8: 32, -16, -8, -8; Cy on Di 8: Ann 24, Bo -24, Cy 24, Di -24
    sheet = settle_session(
        session({"winner": "Ann", "from": "Bo", "points": 8}, {"winner": "Cy", "from": "Di", "points": 8})
    )
    assert sheet.totals == {"Ann": 24, "Bo": -24, "Cy": 24, "Di": -24}
    # first and second shared: (4 + 2) / 2 = 3; third and fourth shared: (1 + 0) / 2 = 1/2
    assert sheet.table_points == {"Ann": 3, "Bo": Fraction(1, 2), "Cy": 3, "Di": Fraction(1, 2)}
    assert sheet.places == {"Ann": 1, "Bo": 3, "Cy": 1, "Di": 3}
    assert sheet.to_dict()["table_points"] == {"Ann": 3, "Bo": 0.5, "Cy": 3, "Di": 0.5}


def test_a_tie_for_second():
    sheet = settle_session(
        session(
            {"winner": "Ann", "self_drawn": True, "points": 8},  # 48, -16, -16, -16
            {"winner": "Bo", "from": "Di", "points": 8},  # Bo +32, Di -16, Ann -8, Cy -8: 40, 16, -24, -32
            {"winner": "Cy", "from": "Di", "points": 8},  # Cy +32, Di -16, Ann -8, Bo -8: 32, 8, 8, -48
        )
    )
    assert sheet.totals == {"Ann": 32, "Bo": 8, "Cy": 8, "Di": -48}
    # Ann 4; Bo and Cy share second and third: (2 + 1) / 2 = 3/2; Di 0
    assert sheet.table_points == {"Ann": 4, "Bo": Fraction(3, 2), "Cy": Fraction(3, 2), "Di": 0}


def test_three_level_behind_the_winner_and_three_level_in_front():
    # Ann self-drawn 8: 48, -16, -16, -16: second, third and fourth shared, (2 + 1 + 0) / 3 = 1 each
    assert settle_session(session({"winner": "Ann", "self_drawn": True, "points": 8})).table_points == {
        "Ann": 4,
        "Bo": 1,
        "Cy": 1,
        "Di": 1,
    }
    # Di loses 30 to the others: 10, 10, 10, -30: first three shared, (4 + 2 + 1) / 3 = 7/3 each
    sheet = settle_session(session({"draw": True, "penalties": [{"player": "Di", "points": 30, "to": "others"}]}))
    assert sheet.table_points == {"Ann": Fraction(7, 3), "Bo": Fraction(7, 3), "Cy": Fraction(7, 3), "Di": 0}
    assert sheet.to_dict()["table_points_exact"]["Ann"] == "7/3"


def test_a_four_way_tie():
    # each player in turn loses 30 to the other three: each loses 30 once and gains 10 three times, 0 in all
    hands = [{"draw": True, "penalties": [{"player": p, "points": 30, "to": "others"}]} for p in PLAYERS]
    sheet = settle_session(session(*hands))
    assert sheet.totals == dict.fromkeys(PLAYERS, 0)
    # (4 + 2 + 1 + 0) / 4 = 7/4 each
    assert sheet.table_points == dict.fromkeys(PLAYERS, Fraction(7, 4))
    assert sheet.to_dict()["table_points"] == dict.fromkeys(PLAYERS, 1.75)
    assert sheet.places == dict.fromkeys(PLAYERS, 1)


# --- the paper sheet ----------------------------------------------------------------------------------------

GOOD = [
    {"winner": "Ann", "from": "Bo", "points": 12, "claimed": {"Ann": 36, "Bo": -20, "Cy": -8, "Di": -8}},
    {"winner": "Cy", "self_drawn": True, "points": 8, "claimed": {"Ann": 20, "Bo": -36, "Cy": 40, "Di": -24}},
]


def test_a_paper_sheet_that_agrees():
    sheet = settle_session(session(*GOOD))
    assert sheet.consistent and sheet.to_dict()["first_difference"] is None


def test_a_paper_sheet_wrong_in_the_middle_pays_a_discard_as_self_drawn():
    # hand 3: Ann wins 16 on Bo's discard: Ann +40, Bo -24, Cy -8, Di -8, so 60, -60, 32, -32.
    # The paper pays it as self-drawn, 24 from each: 92, -60, 16, -48, and carries the error on to hand 4.
    hand3 = {"winner": "Ann", "from": "Bo", "points": 16, "claimed": {"Ann": 92, "Bo": -60, "Cy": 16, "Di": -48}}
    hand4 = {"draw": True, "claimed": {"Ann": 92, "Bo": -60, "Cy": 16, "Di": -48}}
    sheet = settle_session(session(*GOOD, hand3, hand4))
    diff = sheet.first_difference
    assert diff is not None and diff.hand == 3
    assert diff.by == {"Ann": 32, "Bo": 0, "Cy": -16, "Di": -16}
    assert (diff.kind, diff.as_if, diff.rulings) == ("payment", {"self_drawn": True}, ("payments",))
    assert not sheet.consistent


def test_a_paper_sheet_that_charges_the_wrong_discarder():
    # Ann 12 on Bo's discard (36, -20, -8, -8), but the paper charges Cy: 36, -8, -20, -8
    sheet = settle_session(
        session({"winner": "Ann", "from": "Bo", "points": 12, "claimed": {"Ann": 36, "Bo": -8, "Cy": -20, "Di": -8}})
    )
    diff = sheet.first_difference
    assert diff is not None and (diff.hand, diff.kind, diff.as_if) == (1, "payment", {"from": "Cy"})
    assert diff.by == {"Ann": 0, "Bo": 12, "Cy": -12, "Di": 0}


def test_a_paper_sheet_that_leaves_out_a_penalty():
    # hand 3: a draw where Bo loses 30 to the others: 30, -66, 50, -14; the paper still shows hand 2's totals
    hand3 = {
        "draw": True,
        "penalties": [{"player": "Bo", "points": 30, "to": "others"}],
        "claimed": {"Ann": 20, "Bo": -36, "Cy": 40, "Di": -24},
    }
    diff = settle_session(session(*GOOD, hand3)).first_difference
    assert diff is not None and (diff.hand, diff.kind, diff.as_if) == (3, "penalty", {"left_out": "all"})
    assert diff.by == {"Ann": -10, "Bo": 30, "Cy": -10, "Di": -10}
    assert diff.rulings == ("penalty-amounts",)


def test_a_paper_sheet_that_gives_away_a_penalty_to_no_one():
    # Bo loses 30 to no one: 0, -30, 0, 0; the paper splits it among the others: 10, -30, 10, 10
    hand = {
        "draw": True,
        "penalties": [{"player": "Bo", "points": 30, "to": "none"}],
        "claimed": {"Ann": 10, "Bo": -30, "Cy": 10, "Di": 10},
    }
    diff = settle_session(session(hand)).first_difference
    assert diff is not None and (diff.kind, diff.as_if) == ("penalty", {"penalty": 1, "to": "others"})


def test_a_paper_sheet_whose_sum_is_wrong():
    # 36, -20, -8, -8 written as 36, -20, -8, -18: the four add up to -10, and a hand without penalties sums to 0
    sheet = settle_session(
        session({"winner": "Ann", "from": "Bo", "points": 12, "claimed": {"Ann": 36, "Bo": -20, "Cy": -8, "Di": -18}})
    )
    diff = sheet.first_difference
    assert diff is not None and diff.kind == "sum"
    assert diff.as_if == {"claimed_sum": -10, "settled_sum": 0} and diff.by == {"Ann": 0, "Bo": 0, "Cy": 0, "Di": -10}


# --- hands given as tiles -----------------------------------------------------------------------------------


def test_the_winds_follow_the_seat_rotation():
    # hand 1: the first seats; hand 2: the deal has passed, Bo (first South) is East; hand 5: South's round,
    # East and South have swapped seats, so Bo deals; hand 9: West's round, Cy sits East and Ann North.
    assert winds(0) == ("E", ("E", "S", "W", "N"))
    assert winds(1) == ("E", ("N", "E", "S", "W"))
    assert winds(4) == ("S", ("S", "E", "N", "W"))
    assert winds(8) == ("W", ("N", "W", "E", "S"))
    # hand 13: North's round, Di sits East, Cy South, Ann West, Bo North
    assert winds(12) == ("N", ("W", "N", "S", "E"))
    # every hand has one player of each wind
    assert all(sorted(winds(i)[1]) == ["E", "N", "S", "W"] for i in range(HAND_LIMIT))


def test_a_hand_given_as_tiles_without_a_suffix_takes_its_winds_from_the_session():
    sheet = settle_session(
        session(
            # hand 1: Ann is East in East's round, so her pung of East is both winds: 8 + 2 + 2 + 1 + Self-Drawn 1
            # = 14; each other pays 8 + 14 = 22, Ann collects 66
            {"winner": "Ann", "self_drawn": True, "hand": TILES},
            # hand 2: Ann is North: 8 + Prevalent Wind 2 + 1 = 11 (payments' own example): Cy pays 19, the
            # others 8, Ann collects 35
            {"winner": "Ann", "from": "Cy", "hand": TILES},
        )
    )
    first, second = sheet.hands
    assert (first.points, first.change) == (14, {"Ann": 66, "Bo": -22, "Cy": -22, "Di": -22})
    assert first.tiles is not None and first.tiles.endswith("|EE1000")
    assert (second.points, second.change) == (11, {"Ann": 35, "Bo": -8, "Cy": -19, "Di": -8})
    assert second.tiles is not None and second.tiles.endswith("|EN0000")
    assert first.rulings == ("seat-rotation",)


def test_a_suffix_that_agrees_is_accepted_and_self_drawn_comes_from_it():
    sheet = settle_session(session({"winner": "Ann", "from": "Cy", "hand": "[123m,1][EEE,2]456p789s5s5s|EE0000"}))
    assert sheet.hands[0].points == 13  # 8 + 2 + 2 + 1, on a discard
    drawn = settle_session(session({"winner": "Ann", "hand": "[123m,1][EEE,2]456p789s5s5s|EE1000"}))
    assert drawn.hands[0].self_drawn and drawn.totals["Ann"] == 66


def test_a_suffix_that_contradicts_the_rotation_is_one_line_naming_the_hand():
    with pytest.raises(SheetError) as caught:
        settle_session(session({"draw": True}, {"winner": "Ann", "from": "Cy", "hand": TILES + "|EE0000"}))
    text = str(caught.value)
    assert text.startswith("hand 2, hand: the suffix says prevalent wind E and seat wind E")
    assert "Ann sits N" in text and "seat-rotation" in text and "\n" not in text


def test_a_suffix_that_contradicts_the_sheet_on_self_drawn():
    with pytest.raises(
        SheetError, match=r"^hand 1, hand: the suffix says self-drawn, but the sheet says on a discard$"
    ):
        settle_session(session({"winner": "Ann", "from": "Bo", "hand": TILES + "|EE1000"}))


def test_tiles_and_points_that_disagree():
    with pytest.raises(SheetError, match=r"^hand 1, points: the sheet says 12, the tiles score 14$"):
        settle_session(session({"winner": "Ann", "self_drawn": True, "points": 12, "hand": TILES}))


def test_tiles_under_the_minimum_are_a_false_win():
    # Concealed Hand 2, All Chows 2, Short Straight 1 = 5 (tests/test_cli.py BELOW_MINIMUM)
    with pytest.raises(SheetError) as caught:
        settle_session(session({"winner": "Ann", "from": "Bo", "hand": "123m456m789p234s55s"}))
    assert str(caught.value) == (
        "hand 1, hand: 5 points without flowers, under the 8-point minimum: a false win, not a win (ruling false-win)"
    )


def test_unreadable_tiles_name_the_hand():
    with pytest.raises(SheetError, match=r"^hand 1, hand: hand:\d+: "):
        settle_session(session({"winner": "Ann", "from": "Bo", "hand": "123m456mx"}))


# --- bad input: one line naming the hand and the field --------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (
            [{"winner": "Zed", "from": "Bo", "points": 8}],
            "hand 1, winner: 'Zed' is not at the table (players: Ann, Bo, Cy, Di)",
        ),
        ([{"draw": True}, {"winner": "Ann", "from": "Zed", "points": 8}], "hand 2, from: 'Zed' is not at the table"),
        # A value of another kind is named as the file writes it (it said "None", "list": Python's words).
        ([{"winner": 5, "from": "Bo", "points": 8}], "hand 1, winner: 5 is not at the table"),
        ([{"winner": ["Ann"], "from": "Bo", "points": 8}], "hand 1, winner: a list is not at the table"),
        (  # absent, null or a blank cell: "null is not at the table" read as a player called null
            [{"winner": "Ann", "from": "Bo", "points": 8, "penalties": [{"player": None, "points": 5}]}],
            "hand 1, penalty 1, player: missing: name who committed the foul (players: Ann, Bo, Cy, Di)",
        ),
        (
            [{"winner": "Ann", "from": "Bo", "points": 8, "penalties": [{"points": 5}]}],
            "hand 1, penalty 1, player: missing: name who committed the foul",
        ),
        ([{"winner": "Bo", "from": "Bo", "points": 8}], "hand 1, from: Bo won and cannot have discarded to himself"),
        (
            [{"winner": "Bo", "from": "Ann", "points": 6}],
            "hand 1, points: 6 is under the 8-point minimum, so a false win, not a win (ruling false-win)",
        ),
        (
            [{"draw": True, "penalties": [{"player": "Bo", "points": -10, "to": "none"}]}],
            "hand 1, penalty 1, points: -10: a penalty is a number of points above zero",
        ),
        (
            [{"draw": True, "penalties": [{"player": "Bo", "points": 20, "to": "others"}]}],
            "hand 1, penalty 1, points: 20 cannot be split equally among the other three",
        ),
        (
            [{"draw": True, "penalties": [{"player": "Bo", "points": 20, "to": "everyone"}]}],
            "hand 1, penalty 1, to: 'everyone': expected others",
        ),
        (
            [{"draw": True, "penalties": [{"player": "Bo", "points": 20}]}],
            "hand 1, penalty 1: give points and to, or the foul's ruling",
        ),
        (
            [{"draw": True, "penalties": [{"player": "Bo", "ruling": "late-call"}]}],
            "hand 1, penalty 1, ruling: the house (green-book) gives late-call no fixed amount",
        ),
        (
            [{"draw": True, "penalties": [{"player": "Bo", "ruling": "sneezing"}]}],
            "hand 1, penalty 1, ruling: unknown foul 'sneezing'",
        ),
        (
            [{"draw": True, "penalties": [{"player": "Bo", "ruling": "false-win", "points": 10, "to": "none"}]}],
            "hand 1, penalty 1: the house (green-book) gives false-win 30 points to others, not 10 to none",
        ),
        (
            [{"draw": True, "penalties": [{"player": "Bo", "points": 3, "to": "none", "why": "x"}]}],
            "hand 1, penalty 1: unknown field 'why'",
        ),
        ([{"winer": "Ann", "from": "Bo", "points": 8}], "hand 1: unknown field 'winer'"),
        ([{"winner": "Ann", "from": "Bo", "points": "12"}], "hand 1, points: expected a whole number, not '12'"),
        ([{"winner": "Ann", "from": "Bo", "points": True}], "hand 1, points: expected a whole number, not true"),
        ([{"draw": "yes"}], "hand 1, draw: expected true or false, not 'yes'"),
        ([{"draw": True, "winner": "Ann"}], "hand 1, winner: a drawn hand has no winner"),
        ([{"from": "Bo", "points": 8}], "hand 1, winner: name the winner, or write draw"),
        ([{"winner": "Ann", "points": 8}], "hand 1, from: say who discarded the winning tile, or self_drawn"),
        ([{"winner": "Ann", "from": "Bo"}], "hand 1, points: a win needs its points or its tiles"),
        (
            [{"winner": "Ann", "self_drawn": False, "points": 8}],
            "hand 1, from: the hand was won on a discard: say whose",
        ),
        (
            [{"winner": "Ann", "from": "Bo", "self_drawn": True, "points": 8}],
            "hand 1, self_drawn: a self-drawn win has no discarder, but from names Bo",
        ),
        (
            [{"draw": True, "claimed": {"Ann": 0, "Bo": 0, "Cy": 0}}],
            "hand 1, claimed: the running total of Di is missing",
        ),
        (
            [{"draw": True, "claimed": {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 0, "Ed": 0}}],
            "hand 1, claimed: 'Ed' is not at the table",
        ),
        (
            [{"draw": True, "claimed": {"Ann": 0, "Bo": 0, "Cy": 0, "Di": 0.5}}],
            "hand 1, claimed, Di: expected a whole number, not 0.5",
        ),
        ([[]], "hand 1: expected an object, not a list"),
        (
            [{"draw": True}] * (HAND_LIMIT + 1),
            "17 hands: a session has at most 16 (four rounds of four; ruling seat-rotation)",
        ),
    ],
)
def test_bad_hands_are_one_line_naming_the_hand_and_the_field(hands: list, message: str) -> None:
    with pytest.raises(SheetError) as caught:
        settle_session(session(*hands))
    text = str(caught.value)
    assert text.startswith(message), text
    assert "\n" not in text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a session is an object with players and hands, not a list"),
        ({"players": PLAYERS, "hands": [], "date": "today"}, "unknown key 'date'"),
        (
            {"players": PLAYERS[:3], "hands": []},
            "players: expected the four names in their first seats (East, South, West, North), got 3",
        ),
        ({"players": ["Ann", "Ann", "Cy", "Di"], "hands": []}, "players: 'Ann' is named twice"),
        ({"players": ["Ann", "", "Cy", "Di"], "hands": []}, "players: every name is a non-empty text, not ''"),
        ({"players": PLAYERS, "hands": {}}, "hands: expected a list of hands, not an object"),
        ({"players": PLAYERS}, "hands: expected a list of hands, not null"),
    ],
)
def test_bad_sessions_are_one_line(data: object, message: str) -> None:
    with pytest.raises(SheetError) as caught:
        session_from_data(data)
    assert str(caught.value).startswith(message)


def test_a_wrong_profile_or_type_is_the_projects_own_error():
    with pytest.raises(MjrefError, match="profile"):
        settle_session(session({"draw": True}), profile="no-such-house")
    with pytest.raises(MjrefError, match="babcock"):
        settle_session(session({"draw": True}), profile="babcock")
    with pytest.raises(MjrefError, match="expected a profile name or a path"):
        settle_session(session({"draw": True}), profile=3)
    with pytest.raises(MjrefError, match="expected a path"):
        read_session(3)
    with pytest.raises(MjrefError, match="expected text"):
        session_from_text(b"{}")


def test_an_error_is_said_in_chinese():
    with pytest.raises(SheetError) as caught:
        settle_session(session({"winner": "Bo", "from": "Bo", "points": 8}))
    assert localize(caught.value, "zh") == "第 1 盘，from：Bo 是和牌者，不能自己点炮给自己"


# --- files: JSON and CSV ----------------------------------------------------------------------------------------

PENALTY_SESSION = session(
    {"winner": "Ann", "from": "Bo", "points": 12, "claimed": {"Ann": 36, "Bo": -20, "Cy": -8, "Di": -8}},
    {
        "draw": True,
        "penalties": [{"player": "Bo", "points": 30, "to": "others"}, {"player": "Di", "points": 10, "to": "none"}],
    },
    {"winner": "Cy", "self_drawn": True, "hand": TILES, "penalties": [{"player": "Ann", "ruling": "false-win"}]},
)
PENALTY_CSV = (
    "winner,from,self_drawn,points,hand,draw,penalty_player,penalty_points,penalty_to,penalty_ruling,"
    "penalty2_player,penalty2_points,penalty2_to,Ann,Bo,Cy,Di\n"
    "Ann,Bo,,12,,,,,,,,,,36,-20,-8,-8\n"
    ",,,,,yes,Bo,30,others,,Di,10,none,,,,\n"
    ",,,,,,,,,,,,,,,,\n"
    f'Cy,,x,,"{TILES}",,Ann,,,false-win,,,,,,,\n'
)


def test_csv_and_json_give_the_same_sheet(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text(json.dumps(PENALTY_SESSION), encoding="utf-8")
    (tmp_path / "s.csv").write_text("\ufeff" + PENALTY_CSV, encoding="utf-8")  # as a spreadsheet saves it
    from_json = settle_session(read_session(tmp_path / "s.json")).to_dict()
    from_csv = settle_session(read_session(str(tmp_path / "s.csv"))).to_dict()
    assert from_json == from_csv
    # 36, -20, -8, -8; Bo -30 (+10 to each other), Di -10 to no one: 46, -50, 2, -8;
    # hand 3: Cy, West at hand 1, sits East at hand 3 in East's round: the tiles score 14, each pays 22:
    # 24, -72, 68, -30; Ann's false win, 30 to the others: -6, -62, 78, -20 (sum -10: Di's 10 to no one)
    assert from_json["totals"] == {"Ann": -6, "Bo": -62, "Cy": 78, "Di": -20}
    assert from_json["zero_sum"]["sum"] == -10 and from_json["zero_sum"]["deducted"] == 10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the CSV sheet is empty"),
        ("winner,from,points,Ann,Bo,Cy\n", "the CSV sheet's columns: expected the four players' names besides"),
        ("winner,from,points,Ann,Bo,Cy,Di,Ed\n", "found 5: Ann, Bo, Cy, Di, Ed"),
        ("winner,from,points,Ann,Bo,Cy,Di\nAnn,Bo,twelve\n", "hand 1, points: expected a whole number, not 'twelve'"),
        ("winner,draw,Ann,Bo,Cy,Di\n,perhaps\n", "hand 1, draw: expected yes or no, not 'perhaps'"),
        ("winner,from,points,Ann,Bo,Cy,Di\nAnn,Bo,8,32,-16,-8,-8,9\n", "hand 1: 8 cells, but the sheet has 7 columns"),
        (
            "winner,from,points,Ann,Bo,Cy,Di\nAnn,Bo,8,32,,-8,-8\n",
            "hand 1, claimed: the running total of Bo is missing",
        ),
        # A column written twice would take its last cell in silence; digits are ASCII, as in the JSON sheet.
        ("winner,from,points,points,Ann,Bo,Cy,Di\nAnn,Bo,12,13\n", "'points' is written twice"),
        ("winner,from,points,Ann,Bo,Cy,Di\nAnn,Bo,\u0661\u0662\n", "hand 1, points: expected a whole number"),
        ("winner,from,points,Ann,Bo,Cy,Di\nAnn,Bo,\uff11\uff12\n", "hand 1, points: expected a whole number"),
        ("winner,from,points," + ",".join(f"p{i}" for i in range(100_000)) + "\n", "found 100000: p0, p1"),
    ],
)
def test_bad_csv_sheets(text: str, message: str) -> None:
    with pytest.raises(SheetError) as caught:
        session_from_text(text, "csv")
    assert message in str(caught.value), str(caught.value)
    assert len(str(caught.value)) < 1_000  # one readable line, whatever the file holds


def test_unreadable_files_name_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    with pytest.raises(SheetError, match=r"^cannot read .*none\.json: No such file or directory$"):
        read_session(missing)
    with pytest.raises(SheetError, match="^cannot read "):
        read_session(tmp_path)  # a folder
    (tmp_path / "latin1.json").write_bytes(b'{"players": ["Andr\xe9"]}')
    with pytest.raises(SheetError, match=r"latin1\.json: not UTF-8 text \(byte 19\)$"):
        read_session(tmp_path / "latin1.json")
    (tmp_path / "broken.json").write_text('{"players": [', encoding="utf-8")
    with pytest.raises(SheetError, match=r"broken\.json: not JSON: line 1, column 14: Expecting value$"):
        read_session(tmp_path / "broken.json")
    (tmp_path / "twice.json").write_text('{"players": [], "players": []}', encoding="utf-8")
    with pytest.raises(SheetError, match="key 'players' is written twice"):
        read_session(tmp_path / "twice.json")
    (tmp_path / "big.json").write_bytes(b" " * (1 << 20) + b"{}")
    with pytest.raises(SheetError, match="larger than 1048576 bytes"):
        read_session(tmp_path / "big.json")
    (tmp_path / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(SheetError, match="deep.json: not"):
        read_session(tmp_path / "deep.json")


def test_every_ruling_the_sheet_cites_exists():
    ids = {p.stem for p in (ROOT / "rulings").rglob("*.md") if p.parent.name != "zh"}
    assert ids >= RULINGS, RULINGS - ids


# --- hostile input --------------------------------------------------------------------------------------------

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.sampled_from(PLAYERS + ["x", TILES]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(HAND_KEYS + PENALTY_KEYS + ("x",)), inner, max_size=6)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(hands=st.lists(JSONISH, max_size=5))
def test_any_data_gives_a_sheet_or_one_line_of_the_projects_error(hands: list) -> None:
    try:
        sheet = settle_session({"players": PLAYERS, "hands": hands})
    except MjrefError as e:
        assert "\n" not in str(e)
    else:  # whatever was accepted settles to a sheet whose totals and deductions sum to zero
        assert sheet.zero_sum and sum(sheet.table_points.values()) == 7


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list('winer,fromptsdaw\n"yes01-8AnBoCyDi')), max_size=120))
def test_any_csv_gives_a_session_or_one_line_of_the_projects_error(text: str) -> None:
    try:
        session_from_text(text, "csv")
    except MjrefError as e:
        assert "\n" not in str(e)


@pytest.mark.parametrize("mark", ["\x1b]0;pwned\x07", "\x1b[2J", "\x9b31m", "\x00", "\r", "\n", "\u202e", "\u200f"])
def test_a_name_holding_a_terminal_sequence_or_a_reordering_mark_is_refused(mark):
    # A name reaches the terminal, the page and the printed sheet: an ESC or C1 sequence would drive the terminal,
    # a line break would break the table, U+202E would turn the row around. Refused as a ruling's text is.
    data = {"players": ["Ann", "Bo" + mark + "x", "Cy", "Di"], "hands": []}
    with pytest.raises(MjrefError, match="players: .*a name may not hold") as caught:
        session_from_data(data)
    assert str(caught.value).isprintable()


def test_a_long_name_is_not_echoed_whole():
    with pytest.raises(MjrefError) as caught:
        session_from_data({"players": ["A" * 10_000, "Bo", "Cy", "Di"], "hands": []})
    assert len(str(caught.value)) < 200
