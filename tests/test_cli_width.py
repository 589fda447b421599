"""Output that fits (issue 35): every layout of the command line fits the terminal's width ($COLUMNS here), the
rulings column wrapping or folding under its row with nothing lost; --json is the same at any width, and an
error under --json is JSON on the standard output with the exit status kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.terminal import display_width
from mjref.main import cli

HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
COMMANDS = {
    "score": ["score", HAND],
    "audit": ["audit", "234m567m234p567p88s", "--claim", "Mixed Double Chow x2, Short Straight x2"],
    "compare": ["compare", "[CCCC][5555m]123p789pNN", "--profiles", "green-book,chinese-practice"],
    "babcock": ["score", "[SSS,1][NNN,2]123pEEWWE|EE0000", "--ruleset", "babcock"],
    "waits": ["waits", "1113m123p123s789s"],
    "settle": [
        "settle",
        "[8888p,1]234sEEEFFPPF",
        "[NNN,1]123m456m789m9p",
        "[222s,3]345m678m567p1s",
        "123p456p567p789s5s",
        "--winner",
        "E",
    ],
    "lookup": ["lookup", "tile hog with seven pairs", "--db", "{db}"],
    "show": ["show", "payments", "--db", "{db}"],
    "show-zh": ["show", "payments", "--db", "{db}", "--lang", "zh"],
}


def run(args: list[str], db: Path, columns: int, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", str(columns))
    return CliRunner().invoke(cli, [a.replace("{db}", str(db)) for a in args], prog_name="mjref")


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("columns", [60, 80])
def test_every_line_fits_the_terminal(name, columns, db, monkeypatch):
    result = run(COMMANDS[name], db, columns, monkeypatch)
    assert result.exit_code in (0, 1), result.output
    too_wide = [line for line in result.stdout.splitlines() if display_width(line) > columns]
    # A table row of a ruling's body (Markdown "| … |") and a link are the only lines allowed to stay whole.
    assert [line for line in too_wide if " " in line.strip() and not line.startswith("|")] == []


@pytest.mark.parametrize("name", ["score", "audit", "compare"])
def test_no_ruling_is_lost_to_the_wrapping(name, db, monkeypatch):
    data = json.loads(run([*COMMANDS[name], "--json"], db, 200, monkeypatch).stdout)
    text = " ".join(run(COMMANDS[name], db, 60, monkeypatch).stdout.split())
    rulings = {r for key in ("fans", "excluded", "verdicts", "missed") for f in data.get(key, []) for r in f["rulings"]}
    rulings |= {r for d in data.get("differences", []) for r in d["rulings"]}
    assert rulings and all(r in text for r in rulings)


@pytest.mark.parametrize("name", ["score", "audit", "compare", "waits", "lookup"])
def test_json_is_the_same_at_any_width(name, db, monkeypatch):
    args = [*COMMANDS[name], "--json"]
    assert run(args, db, 40, monkeypatch).stdout == run(args, db, 300, monkeypatch).stdout


@pytest.mark.parametrize(
    "args",
    [
        ["score", "11m", "--json"],
        ["audit", "234m567m234p567p88s", "--claim", "Nothing Fan", "--json"],
        ["score", "--json", "234m567m234p567p88s", "--flowers", "x"],
        ["lookup", "tile hog", "--json", "--db", "{tmp}/nothere.db"],
        ["waits", "11m", "--json"],
        ["compare", HAND, "--profiles", "nope", "--json"],
    ],
)
def test_an_error_under_json_is_json_on_stdout(args, tmp_path):
    result = CliRunner().invoke(cli, [a.replace("{tmp}", str(tmp_path)) for a in args], prog_name="mjref")
    assert result.exit_code == 2
    assert result.stderr == ""
    (line,) = result.stdout.splitlines()
    assert set(json.loads(line)) == {"error"} and json.loads(line)["error"]


def test_the_audit_shows_the_tiles_and_situation_and_no_empty_why(monkeypatch, db):
    args = ["audit", "234m567m234p567p88s", "--claim", "Mixed Double Chow x2, Concealed Hand"]
    lines = run(args, db, 120, monkeypatch).stdout.splitlines()
    assert lines[1] == "Tiles      2m 3m 4m 5m 6m 7m 2p 3p 4p 5p 6p 7p 8s  + 8s (winning tile)"
    assert lines[2] == "Situation  prevalent wind E, seat wind E, won on a discard"
    concealed = next(line for line in lines if line.startswith("  Concealed Hand"))
    assert "scored by the whole hand" in concealed and "scored: " not in concealed


def test_a_claimed_total_that_is_not_the_claimed_fans_sum_is_pointed_out(monkeypatch, db):
    # Mixed Double Chow x2 (1 + 1) and Concealed Hand (2) add up to 4; 12 is claimed.
    args = ["audit", "234m567m234p567p88s", "--claim", "Mixed Double Chow x2, Concealed Hand", "--claim-total", "12"]
    lines = run(args, db, 120, monkeypatch).stdout.splitlines()
    assert "Claimed    12 points (but the fans claimed add up to 4)" in lines
    same = ["audit", "234m567m234p567p88s", "--claim", "Mixed Double Chow x2, Concealed Hand", "--claim-total", "4"]
    assert "Claimed    4 points" in run(same, db, 120, monkeypatch).stdout.splitlines()
