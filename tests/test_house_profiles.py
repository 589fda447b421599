"""House profiles: a club's file extends a built-in one; every mistake names the file and the line."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from kb.audit import compare
from mjref.main import cli
from scorer import ProfileError, score
from scorer.mcr.positions import DISPUTED, REQUIRES
from scorer.profiles import load_profile

HAND = "123m456m789m123p55s"


def run_score(*args: str):
    return CliRunner().invoke(cli, ["score", HAND, *args])


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_house_file_overrides_one_position_and_keeps_the_rest(tmp_path):
    house = write(
        tmp_path,
        "club.yaml",
        "name: club\ntitle: House rules of our club\nextends: green-book\npositions:\n  two-concealed-kongs: six\n",
    )
    # Two concealed kongs, worked by hand under green-book: Two Concealed Kongs 8 + Dragon Pung 2 +
    # Concealed Hand 2 + Two Terminal Chows 1 + One Voided Suit 1 + Single Wait 1 = 15. The club
    # takes the 1998 value 6 for Two Concealed Kongs and nothing else: 13.
    hand = "[CCCC][5555m]123p789pNN"
    assert score(hand).total == 15
    assert score(hand, profile=house).total == 13
    assert compare(hand, ["green-book", house]).differences[0].key == "two-concealed-kongs"


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {
                "p.yaml": "name: p\nextends: green-book\npositions:\n"
                "  seven-pairs-tile-hog: tile-hog\n  kong-table: halfway\n"
            },
            "p.yaml:5: positions: kong-table: unknown position (one of full, reduced, chinese)",
        ),
        (
            {"p.yaml": "name: p\nextends: green-book\npositions:\n  tile-hog-rule: yes-please\n"},
            "p.yaml:4: positions: this is not a disputed ruling that changes a score",
        ),
        (
            {"p.yaml": "name: p\nextends: q.yaml\n", "q.yaml": "name: q\n\nextends: p.yaml\n"},
            "q.yaml:3: extends: this leads back to a profile already in the chain (a loop)",
        ),
        (
            {"p.yaml": "name: p\nextends: null\npositions:\n  kong-table: full\n"},
            "p.yaml:3: positions: no position for 'seven-pairs-tile-hog'",
        ),
        (
            {"p.yaml": "name: p\nextends: green-book\npoints:\n  tile-hogg: 3\n"},
            "p.yaml:4: points: unknown fan key (a key of the fan table, such as tile-hog)",
        ),
        (
            {"p.yaml": "name: p\nextends: green-book\ncolour: green\n"},
            "p.yaml:3: unknown field: a profile has only the fields name, title, ruleset, extends, positions, points,",
        ),
        (
            # rulings/mcr/kong-table.md, position chinese: one melded and one concealed kong score the 5-point
            # 明暗杠, so the Chinese kong table with the Green Book's "six" would score them as no source does.
            {"p.yaml": "name: p\nextends: green-book\npositions:\n  two-concealed-kongs: six\n  kong-table: chinese\n"},
            "p.yaml:5: positions: kong-table: chinese needs melded-and-concealed-kong: five, not six",
        ),
    ],
)
def test_profile_mistakes_name_file_and_line(tmp_path, files, expected):
    for name, text in files.items():
        write(tmp_path, name, text)
    result = run_score("--profile", str(tmp_path / "p.yaml"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert result.stderr.strip().removeprefix("error: ").removeprefix(str(tmp_path) + "/").startswith(expected), (
        result.stderr
    )


def test_positions_that_need_another_name_real_rulings_and_positions():
    for (ruling, position), (needed, choice, why) in REQUIRES.items():
        assert position in DISPUTED[ruling] and choice in DISPUTED[needed] and why
    # The built-in profiles keep them.
    assert load_profile("chinese-practice").position("melded-and-concealed-kong") == "five"


BILLION_LAUGHS = "name: p\nextends: green-book\na: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(8)
)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (BILLION_LAUGHS.encode(), "p.yaml:3: anchors and aliases (&name, *name) are not allowed"),
        (b"name: p\nextends: green-book\npositions: &a\n  x: *a\n", "p.yaml:3: anchors and aliases"),
        (b"name: p\nextends: green-book\npositions: [a, b]\n", "p.yaml:3: positions: expected a mapping of ruling id"),
        (b"name: p\nextends: green-book\npoints: [a]\n", "p.yaml:3: points: expected a mapping of fan key: points"),
        (b"name: p\nextends: green-book\n# caf\xe9\n", "p.yaml:3: not UTF-8 text"),
        (
            b"name: p\nextends: green-book\npoints: {tile-hog: 100000000000000000000000}\n",
            "p.yaml:3: a number of more than 18 digits",
        ),
        (
            b"name: p\nextends: green-book\npoints:\n  tile-hog: 89\n",
            "p.yaml:4: points: tile-hog: expected a whole number of points from 0 to 88, not a number outside",
        ),
        (
            b"name: p\nextends: green-book\npoints:\n  tile-hog: 2.5\n",
            "p.yaml:4: a plain word would be read as a decimal",
        ),
        (b'name: "club\\e]0;pwned\\a"\nextends: green-book\n', "p.yaml:1: name: expected text on one line"),
        (b"name: [p]\nextends: green-book\n", "p.yaml:1: name: expected text on one line"),
        (b"name: p\nextends: 5\n", "p.yaml:2: extends: expected a profile name or path on one line"),
        (
            b"name: p\nextends: green-book\ntitle: no\n",
            "p.yaml:3: a plain word would be read as a boolean",
        ),
        (b"name: p\n" + b"x: " + b"[" * 40 + b"]" * 40 + b"\n", "p.yaml:2: nested more than 16 levels deep"),
        (b"name: p\n# " + b"x" * 70_000 + b"\n", "p.yaml:1: the file is larger than 64 KiB"),
        (
            b"name: p\nextends: green-book\ntitle: \x1b[2J\n",
            "p.yaml:3: not valid YAML: a character YAML does not allow",
        ),
    ],
)
def test_hostile_profile_files_are_one_error_line_with_file_and_line(tmp_path, content, expected):
    (tmp_path / "p.yaml").write_bytes(content)
    started = time.perf_counter()
    result = run_score("--profile", str(tmp_path / "p.yaml"))
    assert time.perf_counter() - started < 5
    assert result.exit_code == 2, result.output
    assert result.stderr.endswith("\n") and result.stderr[:-1].isprintable()  # one line, no control characters
    assert result.stderr.removeprefix("error: ").removeprefix(str(tmp_path) + "/").startswith(expected), result.stderr


def test_a_profile_path_no_file_system_accepts_is_an_unknown_profile():
    for ref in ("a\x00b.yaml", "x" * 5000 + ".yaml"):
        with pytest.raises(ProfileError, match="unknown profile"):
            load_profile(ref)


def test_a_house_value_runs_from_0_to_88_points(tmp_path):
    house = write(
        tmp_path, "club.yaml", "name: club\nextends: green-book\npoints:\n  tile-hog: 88\n  flower-tiles: 0\n"
    )
    assert load_profile(house).points[64] == 88
    too_much = write(tmp_path, "much.yaml", "name: much\nextends: green-book\npoints:\n  tile-hog: 89\n")
    with pytest.raises(ProfileError, match="from 0 to 88, not a number outside that range"):
        load_profile(too_much)
