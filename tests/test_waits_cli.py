"""``mjref waits`` driven as a referee drives it: the table, the JSON (the API's own), the Chinese, several
profiles, and one ``error:`` line with exit status 2 for every bad input.

The figures are those worked by hand in tests/test_waits.py.
"""

from __future__ import annotations

import json

import pytest

from scorer import waits

from .kb_support import run


def test_the_table_a_referee_reads() -> None:
    result = run("waits", "1113m123p123s789s")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Hand       1113m123p123789s|EE0000"
    assert lines[2] == "Ready      yes: 2 winning tiles, 7 copies unseen"
    header = next(line for line in lines if line.startswith("  tile"))
    for column in ("copies left", "on a discard", "self-drawn", "last of its kind", "wait fan"):
        assert column in header
    two = next(line for line in lines if line.startswith("  2m")).split()
    three = next(line for line in lines if line.startswith("  3m")).split()
    assert two[1:6] == ["4", "17", "19", "21", "/"]  # 4 left, 17 on a discard, 19 self-drawn, 21 / 23 as the last
    assert three[1:4] == ["3", "6*", "8"]  # 6 on a discard is below the minimum, 8 self-drawn stands
    assert any(line.startswith("* below the 8-point minimum") and "false-win" in line for line in lines)


def test_the_exhausted_tile_is_named_with_its_rulings() -> None:
    out = run("waits", "1113333m456p789p").stdout
    assert "Closed Wait 1" in out
    assert "3m completes the hand, but the hand holds all four: no wait" in out
    assert "wait-only-one-winning-tile, exhausted-waits" in out


def test_a_hand_whose_every_winning_tile_is_held_four_times_names_it_when_compared_too() -> None:
    # Under --compare the note was dropped when no tile was left to win on; alone, and in the JSON, it was there.
    hand = "[123m,1][123m,2][123m,3][EEE]1m"
    for args in ([], ["--compare", "all"]):
        out = run("waits", hand, *args).stdout
        assert "1m completes the hand, but the hand holds all four: no wait" in out, args


def test_json_is_the_apis_dict() -> None:
    result = run("waits", "[123m,1]456p789s55sEE|ES0000+1", "--profile", "chinese-practice", "--json")
    assert result.exit_code == 0, result.stderr
    expected = waits("[123m,1]456p789s55sEE|ES0000+1", profile="chinese-practice").to_dict()
    assert json.loads(result.stdout) == expected
    compared = run("waits", "1113333m456p789p", "--compare", "green-book,chinese-practice", "--json")
    assert (
        json.loads(compared.stdout) == waits("1113333m456p789p", profiles=["green-book", "chinese-practice"]).to_dict()
    )


def test_compare_all_sets_the_profiles_side_by_side_with_the_ruling() -> None:
    result = run("waits", "1113333m456p789p", "--compare", "all")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "Profiles   green-book, chinese-practice, starback"
    row = next(line for line in lines if line.startswith("  2m ")).split()
    assert row[1:] == ["8", "/", "10", "7*", "/", "9", "8", "/", "10"]
    assert any("wait-only-one-winning-tile: green-book standing, chinese-practice formal" in line for line in lines)


def test_a_hand_not_ready() -> None:
    out = run("waits", "123m567m1234p6pNC").stdout.splitlines()
    assert out[2] == "Ready      no: 1 tile from ready (shanten 1)"
    assert out[3] == "Useful     5p (4 left), N (3 left), C (3 left): 3 kinds, 10 copies unseen"


def test_in_chinese() -> None:
    out = run("waits", "1113m123p123s789s", "--lang", "zh").stdout
    assert "点和" in out and "自摸" in out and "错和" in out
    assert "Ready" not in out and "copies left" not in out
    out = run("waits", "123m567m1234p6pNC", "--lang", "zh").stdout
    assert "Useful" not in out and "5p" in out


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["123m456m789m123p5p5p"], "that is a complete hand: score it"),
        (["123m456m789m123p"], "12 tiles, a declared set counted as three: a waiting hand has 13"),
        (["11111m456m789m12p"], "5 copies of 1m: a set has only four"),
        (["[12m]456m789m123p5p"], "[12m] is no set"),
        (["123m456m789m123p5p|EE1000"], "the win-method digits after the winds must be 0 (|EE0000)"),
        (["123m456m789m123p5p", "--profile", "nope"], "unknown profile 'nope'"),
        (["123m456m789m123p5p", "--profile", "starback", "--compare", "all"], "give --profile or --compare, not both"),
        (["123m456m789m123p5p", "--compare", "starback"], "--compare: all, or at least two profiles"),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], problem: str) -> None:
    result = run("waits", *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ") and problem in result.stderr


def test_bad_input_in_chinese() -> None:
    result = run("waits", "123m456m789m123p5p5p", "--lang", "zh")
    assert result.exit_code == 2
    assert result.stderr == "错误：14 张牌（副露每组按三张计）：这是一副完整的和牌，请直接算番\n"


def test_a_hand_whose_only_winning_tile_would_be_a_fifth_copy() -> None:
    # 1111m 456p 789p 123s: only a fifth 1m would complete it (111m and a 1m pair). Ready in form, but no tile wins.
    out = run("waits", "1111m456p789p123s").stdout.splitlines()
    assert out[2] == "Ready      yes, but every winning tile is one the hand holds all four of"
    assert out[3].startswith("1m completes the hand, but the hand holds all four: no wait")
    d = waits("1111m456p789p123s").to_dict()
    assert (d["shanten"], d["waits"], [e["tile"] for e in d["exhausted"]]) == (0, [], ["1m"])


@pytest.mark.parametrize(
    "args",
    [
        ["waits", "1113m123p123s789s", "--profile", "babcock"],
        ["audit", "123m456m789m123p55s", "--claim-total", "8", "--profile", "babcock"],
        ["compare", "123m456m789m123p55s", "--profiles", "babcock,green-book"],
    ],
)
def test_a_babcock_profile_is_refused_without_naming_an_option_the_command_lacks(args: list[str]) -> None:
    # The line said "(--ruleset babcock)", and these commands answered that with "No such option".
    result = run(*args)
    assert result.exit_code == 2 and "--ruleset" not in result.stderr
    assert "is a Babcock profile, not an MCR one: use chinese-practice, green-book, starback" in result.stderr
