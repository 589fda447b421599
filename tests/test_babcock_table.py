"""Babcock at the table: losers' hands scored, four hands settled (``mjref settle``), draw games.

The book's figures: Fig. 18 (168 for East, 336 from each of the other three, ch.VI) and Fig. 17 held
by West (72, ch.VI). The losers' hands are worked by hand, the arithmetic beside each.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjref.main import cli
from scorer.babcock import score_loser, settle_table
from scorer.errors import MjrefError

FIG18 = "[8888p,1]234sEEEFFPPF"  # ch.VI, Fig. 18, completed by punging the third Green Dragon
FIG17_WEST = "[111p,1][WWW,2]13777m55s2m|EW1000"  # ch.VI, Fig. 17, held by West, the 2 drawn
SOUTH = "[NNN,1]123m456m789m9p"  # exposed North 4 = 4
WEST = "[222s,3]345m678m567p1s"  # exposed 2s 2 = 2
NORTH = "123p456p567p789s5s"  # nothing = 0
TABLE = {"E": FIG18, "S": SOUTH, "W": WEST, "N": NORTH}


@pytest.mark.parametrize(
    ("hand", "total"),
    [
        ("[NNN,1]123m456m789m9p|ES0000", 4),  # exposed North pung 4, not South's wind
        ("[FFF,1]EEE123m456p9s|EE0000", 48),  # 4 + concealed East 8 = 12; x2 dragons x2 own wind = 48
        ("[CCC,2]EE55m789p123s|ES0000", 8),  # 4; pair of East not South's wind: 0; x2 dragons = 8
        ("123m456m789pCCNN|EN0000", 4),  # pairs of Red and of North (his wind) 2 + 2 = 4
        ("111222333m4445m|EW0000", 20),  # 8 + 4 + 4 + 4, no one-suit double for a loser
        ("[CCCC,1][FFFF,2][PPPP,3]EEEN|EE0000", 300),  # 48 + 8 = 56, x16 = 896, capped at 300
        ("5555m123p456p789s|EE0000", 4),  # four undeclared 5m: a concealed pung 4, the fourth is odd
        ("[EEE,1][SSS,2]123p999sC|ES0000", 32),  # East 4 + South 4 + concealed 9s 8 = 16; x2 own wind = 32
    ],
)
def test_loser_scores(hand: str, total: int) -> None:
    assert score_loser(hand).total == total


def test_loser_takes_no_winner_points_or_optional_scores() -> None:
    result = score_loser("[EEE,1]111p999p222s5s|EE0000", profile="babcock-optional")
    keys = {f.key for f in result.fans} | {d.key for d in result.doubles}
    # 4 + 8 + 8 + 4 = 24, x2 own wind = 48: no Mah-Jongg, no three concealed pungs double, no limit hand.
    assert result.total == 48
    assert not keys & {"mah-jongg", "three-concealed-pungs", "no-runs", "one-suit-with-honours"}
    assert "babcock-losers-hands" in result.ruling_ids and result.form == "loser"


def test_fig18_settlement_east_collects_336_from_each() -> None:
    table = settle_table(TABLE, winner="E")
    assert table.scores == {"E": 168, "S": 4, "W": 2, "N": 0}
    # Each loser pays East 2 x 168 = 336 (ch.VI, Fig. 18); South-West 4-2 = 2, South-North 4, West-North 2.
    # South -336 + 2 + 4 = -330; West -336 - 2 + 2 = -336; North -336 - 4 - 2 = -342; East +1008.
    assert table.net == {"E": 1008, "S": -330, "W": -336, "N": -342}
    assert sum(table.net.values()) == 0


def test_fig17_west_wins_72() -> None:
    hands = {
        "E": "[FFF,1]EEE123m456p9s",  # 12 x2 x2 = 48, East
        "S": "[NNN,3]456m789m99p12s",  # exposed North 4
        "W": FIG17_WEST,  # ch.VI, Fig. 17: 36 x2 own wind = 72
        "N": "234p567p345s678s8p",  # 0
    }
    table = settle_table(hands, winner="W")
    assert table.scores == {"E": 48, "S": 4, "W": 72, "N": 0}
    # East pays 2 x 72 = 144, South and North 72 each: West +288.
    # East-South 2 x (48 - 4) = 88, East-North 2 x 48 = 96, South-North 4.
    # East -144 + 88 + 96 = +40; South -72 - 88 + 4 = -156; North -72 - 96 - 4 = -172.
    assert table.net == {"E": 40, "S": -156, "W": 288, "N": -172}


def test_draw_game_pays_nothing() -> None:
    hands = {"E": "[8888p,1]234sEEEFFPP", "S": SOUTH, "W": WEST, "N": NORTH}
    table = settle_table(hands, winner=None)
    # East's 8 + 8 + 2 + 2 = 20, x2 own wind = 40, but nobody pays after a draw game.
    assert table.scores == {"E": 40, "S": 4, "W": 2, "N": 0}
    assert table.net == dict.fromkeys("ESWN", 0)


def test_settle_json_contract() -> None:
    out = CliRunner().invoke(cli, ["settle", FIG18, SOUTH, WEST, NORTH, "--winner", "E", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert set(data) == {"scores", "net", "hands"}
    assert data["scores"] == {"E": 168, "S": 4, "W": 2, "N": 0}
    assert data["net"] == {"E": 1008, "S": -330, "W": -336, "N": -342}
    assert list(data["hands"]) == ["E", "S", "W", "N"] and data["hands"]["E"]["total"] == 168


def test_settle_text() -> None:
    out = CliRunner().invoke(cli, ["settle", FIG18, SOUTH, WEST, NORTH, "--winner", "E"])
    assert out.exit_code == 0, out.output
    assert "East (winner)" in out.output and "+1008" in out.output and "babcock-losers-hands" in out.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([FIG18, SOUTH, WEST, "123p456p789p789s5s", "--winner", "E"], "5 copies of 8p across the table"),
        ([FIG18, SOUTH + "9p", WEST, NORTH, "--winner", "E"], "South: wrong tile count for a loser"),
        ([FIG18, SOUTH, WEST, NORTH, "--winner", "X"], "'X' is not one of"),
        ([FIG18, SOUTH, WEST, NORTH, "--winner", "S"], "East: wrong tile count for a loser"),
        ([FIG18, SOUTH + "|EW0000", WEST, NORTH, "--winner", "E"], "South: the hand says seat W"),
        ([FIG18, SOUTH + "|ES0000+2", WEST, NORTH, "--winner", "E"], "without flowers"),
    ],
)
def test_settle_bad_input_one_line_exit_2(args: list[str], message: str) -> None:
    out = CliRunner().invoke(cli, ["settle", *args])
    assert out.exit_code == 2
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], out.output


def test_unknown_seat_in_library() -> None:
    with pytest.raises(MjrefError, match="seats E, S, W and N"):
        settle_table({"E": FIG18, "S": SOUTH, "W": WEST, "X": NORTH}, winner="E")
    with pytest.raises(MjrefError, match="winner 'Q'"):
        settle_table(TABLE, winner="Q")


DEAD_WEST = WEST + "9p"  # West's hand with one tile too many: a Dead Hand (ch.III), whatever it holds


def test_dead_hand_scores_nothing_pays_everyone_and_is_paid_by_no_one() -> None:
    table = settle_table({**TABLE, "W": DEAD_WEST}, winner="E", dead=frozenset("W"))
    # East 168 (Fig. 18), South 4, North 0; West dead scores 0, its exposed 2s not counted.
    # Each of the three pays East 2 x 168 = 336: East +1008.
    # West pays South 4 and North 0; South and North settle 4; no one pays West.
    # South -336 + 4 + 4 = -328, West -336 - 4 - 0 = -340, North -336 - 4 = -340.
    assert table.scores == {"E": 168, "S": 4, "W": 0, "N": 0}
    assert table.net == {"E": 1008, "S": -328, "W": -340, "N": -340}
    assert table.to_dict()["dead"] == ["W"] and table.hands["W"].fans == ()


def test_dead_east_pays_double() -> None:
    hands = {
        "E": "[FFF,1]EEE123m456p9s9s",  # one tile too many: dead, 0 (it would have scored 48)
        "S": "[NNN,3]456m789m99p12s",  # exposed North 4
        "W": FIG17_WEST,  # ch.VI, Fig. 17: 72
        "N": "234p567p345s678s8p",  # 0
    }
    table = settle_table(hands, winner="W", dead=frozenset("E"))
    assert table.scores == {"E": 0, "S": 4, "W": 72, "N": 0}
    # East, dead, pays West 2 x 72 = 144 (double stakes), South 2 x 4 = 8, North 2 x 0 = 0.
    # South and North pay West 72 each: West +288. South-North 4; no one pays East.
    # East -144 - 8 = -152; South -72 + 8 + 4 = -60; North -72 - 4 = -76.
    assert table.net == {"E": -152, "S": -60, "W": 288, "N": -76}


def test_dead_winner_refused_one_line_exit_2() -> None:
    out = CliRunner().invoke(cli, ["settle", FIG18, SOUTH, WEST, NORTH, "--winner", "E", "--dead", "E"])
    assert out.exit_code == 2
    assert out.output.strip() == "error: East cannot both win and hold a Dead Hand"


def test_a_dead_seat_given_twice_is_refused_not_merged() -> None:
    # "--dead S --dead S" was settled as one dead hand: most likely a typo for another seat.
    out = CliRunner().invoke(cli, ["settle", FIG18, SOUTH, WEST, NORTH, "--winner", "E", "--dead", "S", "--dead", "S"])
    assert out.exit_code == 2
    assert out.output.strip() == "error: --dead S is given twice: name each dead hand's seat once"


def test_dead_hand_cli_json_and_no_tile_count_check() -> None:
    args = ["settle", FIG18, SOUTH, DEAD_WEST, NORTH, "--winner", "E", "--dead", "W", "--json"]
    out = CliRunner().invoke(cli, args)
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["net"] == {"E": 1008, "S": -328, "W": -340, "N": -340} and data["dead"] == ["W"]
    # a dead hand that cannot be read is still settled; one that can is counted for the fifth copy
    assert settle_table({**TABLE, "W": "??"}, winner="E", dead=frozenset("W")).scores["W"] == 0
    with pytest.raises(MjrefError, match="5 copies of 8p"):
        settle_table({**TABLE, "W": WEST + "8p"}, winner="E", dead=frozenset("W"))
