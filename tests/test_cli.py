"""The ``mjref`` command line, driven as a user drives it.

Bad input must end in exit status 2 and exactly one stderr line ``error: …`` that names what is
wrong (the tile, the character, the bracket), never a traceback. Good input prints a table, or with
``--json`` the Score JSON of design.md.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.notation import format_hand, parse

from .kb_support import run

EXAMPLE = "[123m,1][EEE,2]456p789s5s5s|EW1000"  # Mixed Straight, Prevalent Wind, Single Wait, Self-Drawn
PLAIN = "123m456m789m123p55s|EE0000"  # Pure Straight, won on a discard
BELOW_MINIMUM = "123m456m789p234s55s|EE0000"  # Concealed Hand, All Chows, Short Straight: 5 points

SCORE_KEYS = {
    "ruleset",
    "profile",
    "hand",
    "total",
    "flowers",
    "meets_minimum",
    "fans",
    "excluded",
    "payments",
    "alternatives",
}
FAN_KEYS = {"fan", "key", "name", "points", "count", "sets", "rulings"}
EXCLUDED_KEYS = {"fan", "key", "name", "by", "rulings"}
PURE_STRAIGHT, MIXED_STRAIGHT, FULLY_CONCEALED, CONCEALED, SHORT_STRAIGHT, SELF_DRAWN = 28, 39, 56, 62, 71, 80


def error_line(result: Result) -> str:
    """The single ``error: …`` line of a bad-input run, after checking the run failed as it should."""
    shown = f"exit {result.exit_code}\nstdout: {result.stdout!r}\nstderr: {result.stderr!r}"
    assert result.exit_code == 2, shown
    assert "Traceback" not in result.stdout + result.stderr, shown
    assert result.stdout == "", shown
    lines = result.stderr.splitlines()
    assert len(lines) == 1, shown
    assert lines[0].startswith("error: "), shown
    return lines[0]


def score_json(*args: str) -> dict:
    result = run("score", *args, "--json")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


# (id, arguments after "score", fragments the message must contain, compared case-insensitively)
BAD_INPUT = [
    ("unknown-character", ["123x456m789m123p55s"], ["'x'"]),
    ("digits-without-suit", ["123m456m789m123p55"], ["'55'", "suit"]),
    ("tile-0m", ["023m456m789m123p55s"], ["0m"]),
    ("five-copies", ["11111m234m567m999m"], ["1m"]),
    ("bracket-not-a-chow", ["[135m]456m789m123p55s"], ["[135m]"]),
    ("bracket-honour-run", ["[EFC]456m789m123p55s"], ["[EFC]"]),
    ("bracket-two-tiles", ["[12m]456m789m123p55s"], ["[12m]"]),
    ("five-declared-sets", ["[123m][456m][789m][123p][456p]5s5s"], ["four", "declared"]),
    ("wrong-tile-count", ["123m456m789m123p5s"], ["13", "14"]),
    ("chow-offer-0", ["[123m,0]456m789m123p55s"], ["[123m,0]", "1-3"]),
    ("kong-offer-4", ["[5555s,4]123m456m789m5p5p"], ["[5555s,4]", "5-7"]),
    ("short-situation", ["123m456m789m123p55s|EW10"], ["|EW10"]),
    ("situation-bad-wind", ["123m456m789m123p55s|EX1000"], ["'X'", "wind"]),
    ("nine-flowers-suffix", ["123m456m789m123p55s+9"], ["9", "flower"]),
    ("nine-flowers-option", ["123m456m789m123p55s", "--flowers", "9"], ["--flowers", "9"]),
    ("too-long", ["123m" * 51], ["204", "200"]),
    ("robbing-a-held-tile", ["123m456m789m123p55s|EE0001"], ["5s", "kong"]),
    ("replacement-without-kong", ["123m456m789m123p55s|EE1001"], ["kong", "replacement"]),
    ("last-of-kind-with-copy", ["123m456m789m123p55s|EE0100"], ["5s", "last"]),
    ("unknown-profile", [PLAIN, "--profile", "no-such-profile"], ["no-such-profile"]),
    ("bad-wind-option", [PLAIN, "--prevalent", "X"], ["--prevalent", "'X'"]),
]


@pytest.mark.parametrize(("args", "fragments"), [c[1:] for c in BAD_INPUT], ids=[c[0] for c in BAD_INPUT])
def test_bad_input_is_one_error_line(args: list[str], fragments: list[str]) -> None:
    line = error_line(run("score", *args))
    for fragment in fragments:
        assert fragment.lower() in line.lower(), f"{fragment!r} not in {line!r}"


def test_incomplete_hand_says_not_winning_in_words() -> None:
    line = error_line(run("score", "123m456m789m124p55s"))
    assert "winning" in line.lower(), line
    assert "not" in line.lower() or "no " in line.lower(), line


def test_json_has_the_keys_of_the_design() -> None:
    data = score_json(EXAMPLE)
    assert set(data) == SCORE_KEYS
    assert data["ruleset"] == "mcr"
    assert data["profile"] == "green-book"
    assert data["hand"] == format_hand(parse(EXAMPLE))
    assert data["flowers"] == 0
    assert data["meets_minimum"] is True
    assert data["fans"], "the example hand scores"
    for fan in data["fans"]:
        assert set(fan) == FAN_KEYS
        assert fan["rulings"], f"fan {fan['fan']} cites no ruling"
    for excluded in data["excluded"]:
        assert set(excluded) == EXCLUDED_KEYS
        assert excluded["by"] and excluded["rulings"]
    numbers = [f["fan"] for f in data["fans"]]
    assert MIXED_STRAIGHT in numbers and SELF_DRAWN in numbers
    assert numbers == sorted(numbers)
    assert data["total"] == sum(f["points"] for f in data["fans"])


def test_json_pure_straight_and_discard_payments() -> None:
    data = score_json(PLAIN)
    numbers = [f["fan"] for f in data["fans"]]
    assert PURE_STRAIGHT in numbers
    assert SHORT_STRAIGHT not in numbers  # the straight's chows may not be counted again
    total = data["total"]
    assert data["payments"] == {"discarder": -(total + 8), "others": -8, "winner": total + 24}


def test_profile_option_is_reported() -> None:
    assert score_json(PLAIN, "--profile", "chinese-practice")["profile"] == "chinese-practice"


def test_below_minimum_has_no_payments() -> None:
    data = score_json(BELOW_MINIMUM)
    assert data["meets_minimum"] is False
    assert data["payments"] is None
    table = run("score", BELOW_MINIMUM).stdout
    assert "not met" in table.lower()
    assert "does not meet the 8-point minimum" in table


def test_table_shows_hand_fans_total_and_payments() -> None:
    data = score_json(PLAIN)
    result = run("score", PLAIN)
    assert result.exit_code == 0 and result.stderr == ""
    out = result.stdout
    assert data["hand"] in out
    assert f"Total      {data['total']} points" in out
    for fan in data["fans"]:
        assert fan["name"] in out
        assert all(r in out for r in fan["rulings"])
    for excluded in data["excluded"]:
        assert excluded["name"] in out
    assert "Minimum    met" in out
    assert f"winner {data['payments']['winner']:+d}" in out


def test_situation_options_override_the_suffix() -> None:
    base = score_json(PLAIN)
    data = score_json(PLAIN, "--prevalent", "S", "--seat", "n", "--self-drawn", "--flowers", "2")
    assert data["hand"].endswith("|SN1000+2")
    assert data["flowers"] == 2
    assert CONCEALED in [f["fan"] for f in base["fans"]]  # won on a discard, as the suffix says
    assert FULLY_CONCEALED in [f["fan"] for f in data["fans"]]  # self-drawn, as --self-drawn says

    off = score_json(EXAMPLE, "--no-self-drawn")
    assert "|EW0000" in off["hand"]
    assert SELF_DRAWN not in [f["fan"] for f in off["fans"]]


def test_flowers_add_to_the_total_but_not_the_minimum() -> None:
    without = score_json(BELOW_MINIMUM)
    with_flowers = score_json(BELOW_MINIMUM + "+8")
    assert with_flowers["flowers"] == 8
    assert with_flowers["total"] == without["total"] + 8
    assert with_flowers["meets_minimum"] is False


def test_help_has_an_example() -> None:
    result = run("score", "--help")
    assert result.exit_code == 0
    assert "Example:" in result.stdout
    assert "mjref score '[123m,1][EEE,2]456p789s5s5s|EW1000'" in result.stdout
    assert "score" in run("--help").stdout


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123456789mpszESWNCFPx[],|+ ", max_size=40))
def test_any_text_scores_or_fails_cleanly(text: str) -> None:
    """Whatever is typed, the command scores it or prints one error line; it never crashes."""
    result = run("score", text)
    if result.exit_code == 0:
        assert result.stderr == "" and "Total" in result.stdout
    else:
        error_line(result)


def mjref_script() -> str:
    found = shutil.which("mjref", path=str(Path(sys.executable).parent)) or shutil.which("mjref")
    if found is None:
        pytest.fail("the mjref console script is not installed: pip install -e '.[test]'")
    return found


def test_console_script_scores_and_reports_errors() -> None:
    ok = subprocess.run([mjref_script(), "score", EXAMPLE], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert "Total" in ok.stdout and ok.stderr == ""

    bad = subprocess.run([mjref_script(), "score", "[12m]5s"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("error: ") and bad.stderr.count("\n") == 1
    assert "[12m]" in bad.stderr and "Traceback" not in bad.stderr
