"""``mjref sheet`` driven as a user drives it: the text, the JSON, the Chinese, and the exit status (0 consistent,
1 when the paper's running totals differ, 2 for bad input, with one ``error:`` line and no traceback).

The figures are worked by hand beside each session; payments as in ruling payments, table points as in ruling
table-points.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .kb_support import run

TILES = "[123m,1][EEE,2]456p789s5s5s"

# Ann 12 on Bo: 36, -20, -8, -8. Hand 2: Cy, South at hand 2, draws the tiles himself: Mixed Straight 8,
# Prevalent Wind 2, Single Wait 1, Self-Drawn 1 = 12; each pays 20: 16, -40, 52, -28. Hand 3: Di wins 8 on
# Ann's discard and Bo loses 30 to the others: Ann 16 - 16 + 10 = 10, Bo -40 - 8 - 30 = -78, Cy 52 - 8 + 10 = 54,
# Di -28 + 32 + 10 = 14. Sum 0. Places: Cy 4, Di 2, Ann 1, Bo 0.
CONSISTENT = {
    "players": ["Ann", "Bo", "Cy", "Di"],
    "hands": [
        {"winner": "Ann", "from": "Bo", "points": 12, "claimed": {"Ann": 36, "Bo": -20, "Cy": -8, "Di": -8}},
        {"winner": "Cy", "self_drawn": True, "hand": TILES, "claimed": {"Ann": 16, "Bo": -40, "Cy": 52, "Di": -28}},
        {
            "winner": "Di",
            "from": "Ann",
            "points": 8,
            "penalties": [{"player": "Bo", "points": 30, "to": "others"}],
            "claimed": {"Ann": 10, "Bo": -78, "Cy": 54, "Di": 14},
        },
    ],
}
CSV = (
    "winner,from,self_drawn,points,hand,penalty_player,penalty_points,penalty_to,Ann,Bo,Cy,Di\n"
    "Ann,Bo,,12,,,,,36,-20,-8,-8\n"
    f'Cy,,yes,,"{TILES}",,,,16,-40,52,-28\n'  # the tiles hold commas: quoted, as a spreadsheet writes them
    "Di,Ann,,8,,Bo,30,others,10,-78,54,14\n"
)


def write(tmp_path: Path, data: object, name: str = "session.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_consistent_sheet_exits_0_with_its_totals_and_table_points(tmp_path: Path) -> None:
    result = run("sheet", write(tmp_path, CONSISTENT))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "Totals     Ann 10, Bo -78, Cy 54, Di 14" in lines
    assert "Table pts  Cy 4 (place 1), Di 2 (place 2), Ann 1 (place 3), Bo 0 (place 4) (table-points)" in lines
    assert "Zero sum   the totals add up to 0" in lines
    assert "Paper      the running totals claimed agree with the hands" in lines
    assert "  hand 2: [123m,1][EEE,2]456p5789s5s|ES1000, 12 points (seat-rotation)" in lines
    assert "  hand 3: Bo -30, 10 to each other player (penalty-amounts)" in lines


def test_the_json_has_totals_table_points_first_difference_and_hands_with_rulings(tmp_path: Path) -> None:
    result = run("sheet", write(tmp_path, CONSISTENT), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["totals"] == {"Ann": 10, "Bo": -78, "Cy": 54, "Di": 14}
    assert data["table_points"] == {"Ann": 1, "Bo": 0, "Cy": 4, "Di": 2}
    assert data["first_difference"] is None and data["consistent"] is True
    assert data["table_points_rulings"] == ["table-points"]
    assert data["standings"][0] == {
        "player": "Cy",
        "total": 54,
        "place": 1,
        "table_points": 4,
        "rulings": ["table-points"],
    }
    assert [s["player"] for s in data["standings"]] == ["Cy", "Di", "Ann", "Bo"]
    third = data["hands"][2]
    assert [(p["player"], p["points"], p["rulings"]) for p in third["payments"]] == [
        ("Ann", -16, ["payments"]),
        ("Bo", -8, ["payments"]),
        ("Cy", -8, ["payments"]),
        ("Di", 32, ["payments"]),
    ]
    assert third["penalties"][0]["shares"] == {"Ann": 10, "Bo": -30, "Cy": 10, "Di": 10}
    assert third["penalties"][0]["rulings"] == ["penalty-amounts"]
    assert third["running"] == {"Ann": 10, "Bo": -78, "Cy": 54, "Di": 14}
    assert data["hands"][1]["seats"] == {"Ann": "N", "Bo": "E", "Cy": "S", "Di": "W"}


def test_csv_gives_what_json_gives(tmp_path: Path) -> None:
    from_json = run("sheet", write(tmp_path, CONSISTENT), "--json")
    from_csv = run("sheet", write(tmp_path, CSV, "session.csv"), "--json")
    assert from_csv.exit_code == 0, from_csv.stderr
    assert json.loads(from_csv.stdout) == json.loads(from_json.stdout)


def test_a_sheet_wrong_in_the_middle_exits_1_and_names_the_hand(tmp_path: Path) -> None:
    # the paper forgets Bo's penalty in hand 3: 0, -48, 44, 4 instead of 10, -78, 54, 14 (hand 3 itself, then
    # carried on): Ann -10, Bo +30, Cy -10, Di -10
    wrong = json.loads(json.dumps(CONSISTENT))
    wrong["hands"][2]["claimed"] = {"Ann": 0, "Bo": -48, "Cy": 44, "Di": 4}
    result = run("sheet", write(tmp_path, wrong))
    assert result.exit_code == 1
    assert (
        "Paper      first differs after hand 3 (claimed less settled: Ann -10, Bo +30, Cy -10, Di -10):"
        " the hand's penalties were not applied (penalty-amounts)"
    ) in result.stdout.splitlines()
    data = json.loads(run("sheet", write(tmp_path, wrong), "--json").stdout)
    assert data["first_difference"] == 3 and data["difference"]["kind"] == "penalty"


def test_chinese(tmp_path: Path) -> None:
    result = run("sheet", write(tmp_path, CONSISTENT), "--lang", "zh")
    assert result.exit_code == 0
    assert "总分       Ann 10, Bo -78, Cy 54, Di 14" in result.stdout.splitlines()
    assert "名次分     Cy 4（第 1 名）" in result.stdout


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (
            {"players": ["Ann", "Bo", "Cy", "Di"], "hands": [{"winner": "Ann", "from": "Ann", "points": 8}]},
            "hand 1, from: Ann won and cannot have discarded to himself",
        ),
        (
            {
                "players": ["Ann", "Bo", "Cy", "Di"],
                "hands": [{"draw": True}, {"winner": "Ed", "self_drawn": True, "points": 8}],
            },
            "hand 2, winner: 'Ed' is not at the table (players: Ann, Bo, Cy, Di)",
        ),
        ("{", "not JSON: line 1, column 2: Expecting property name enclosed in double quotes"),
        # Found while settling (the hand's tiles scored), not while reading: it lost the file's name.
        (
            {"players": ["Ann", "Bo", "Cy", "Di"], "hands": [{"winner": "Ann", "from": "Bo", "hand": "123m"}]},
            "hand 1, hand: wrong tile count: 3 standing tiles with 0 declared sets, expected 14",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(tmp_path: Path, data: object, line: str) -> None:
    path = write(tmp_path, data)
    result = run("sheet", path)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith(f"error: {path}: {line}")


def test_a_babcock_profile_is_refused_without_sending_to_an_option_the_command_lacks(tmp_path: Path) -> None:
    path = write(tmp_path, {"players": ["Ann", "Bo", "Cy", "Di"], "hands": [{"draw": True}]})
    result = run("sheet", path, "--profile", "babcock")
    assert result.exit_code == 2 and "--ruleset" not in result.stderr  # mjref sheet has no --ruleset
    assert result.stderr.splitlines() == [
        "error: profile 'babcock' is a Babcock profile: a session's score sheet is settled under an MCR profile"
    ]


def test_a_missing_file_and_a_chinese_error(tmp_path: Path) -> None:
    result = run("sheet", str(tmp_path / "none.json"))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"error: cannot read {tmp_path / 'none.json'}: No such file or directory"]
    bad = {"players": ["Ann", "Bo", "Cy", "Di"], "hands": [{"winner": "Ann", "from": "Bo", "points": 6}]}
    path = write(tmp_path, bad)
    zh = run("sheet", path, "--lang", "zh")
    assert zh.exit_code == 2
    assert zh.stderr.splitlines() == [
        f"错误：{path}：第 1 盘，points：6 不足 8 番起和，是错和，不是和牌（裁定 false-win）"
    ]


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path):
    # A plain open() of a FIFO waits for a writer for ever: the sheet is read as profiles are, a regular file only,
    # opened without blocking. A real process with a time bound, so a hang fails the test rather than the run.
    import os
    import subprocess
    import sys

    fifo = tmp_path / "session.json"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "mjref", "sheet", str(fifo)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2, done
    assert done.stderr.count("\n") == 1 and "not a regular file" in done.stderr, done.stderr
