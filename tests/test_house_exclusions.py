"""A house file lifts or adds an exclusion (``exclusions``), naming a ruling of its own (``rulings``):
the scorer applies it and cites that ruling; every malformed key is one line with the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjref.main import cli
from scorer import ProfileError, score
from scorer.profiles import fingerprint, load_profile

# Four concealed pungs waiting on the East pair. Worked by hand under green-book: Four Concealed Pungs 64
# + Mixed Shifted Pungs 8 (2m 3p 4s) + Pung of Terminals or Honors 1 (1m) + Single Wait 1 = 74; All Pungs,
# Three and Two Concealed Pungs and Concealed Hand are implied by Four Concealed Pungs (MCR06 fan 12).
HAND = "111m222m333p444sEE"
GREEN_BOOK_TOTAL = 74

FORCED = """\
name: forced
title: Our club, with Four Winds' forced scoring
extends: green-book
rulings:
  our-forced-scoring:
    title: All Pungs is paid inside Four Concealed Pungs
    answer: Our club pays All Pungs on top of Four Concealed Pungs, as Four Winds' forced scoring does.
exclusions:
  lift:
    - {fan: all-pungs, within: four-concealed-pungs, ruling: our-forced-scoring}
"""

NO_SHIFTS = """\
name: no-shifts
extends: green-book
rulings:
  our-no-shifted-pungs:
    title: No Mixed Shifted Pungs inside Four Concealed Pungs
    answer: Our club does not pay Mixed Shifted Pungs on top of Four Concealed Pungs.
exclusions:
  add:
    - {fan: mixed-shifted-pungs, within: four-concealed-pungs, ruling: our-no-shifted-pungs}
"""


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_hand_under_the_green_book():
    result = score(HAND)
    assert result.total == GREEN_BOOK_TOTAL
    assert "all-pungs" in [e.key for e in result.excluded]


def test_a_lifted_exclusion_pays_the_fan_and_cites_the_house_ruling(tmp_path):
    result = score(HAND, profile=write(tmp_path, "forced.yaml", FORCED))
    assert result.total == GREEN_BOOK_TOTAL + 6  # All Pungs, 6 points, paid inside Four Concealed Pungs
    fans = {f.key: f for f in result.fans}
    assert fans["all-pungs"].points == 6
    assert "our-forced-scoring" in fans["all-pungs"].rulings
    assert all("our-forced-scoring" not in f.rulings for key, f in fans.items() if key != "all-pungs")
    # Only the row it names is lifted: Four Concealed Pungs still implies Concealed Hand and the rest.
    assert {e.key for e in result.excluded} == {"three-concealed-pungs", "two-concealed-pungs", "concealed-hand"}


def test_a_lift_changes_nothing_where_the_excluding_fan_is_absent(tmp_path):
    # All Pungs with melded pungs: no Four Concealed Pungs, so no exclusion to lift and no house ruling cited.
    hand = "[111m][222m]333p444sEE"
    house = score(hand, profile=write(tmp_path, "forced.yaml", FORCED))
    assert house.total == score(hand).total
    assert all("our-forced-scoring" not in f.rulings for f in house.fans)


def test_an_added_exclusion_drops_the_fan_with_the_house_ruling(tmp_path):
    result = score(HAND, profile=write(tmp_path, "no-shifts.yaml", NO_SHIFTS))
    assert result.total == GREEN_BOOK_TOTAL - 8  # Mixed Shifted Pungs, 8 points, no longer paid
    dropped = {e.key: e for e in result.excluded}["mixed-shifted-pungs"]
    assert "our-no-shifted-pungs" in dropped.rulings
    assert "mixed-shifted-pungs" not in [f.key for f in result.fans]


def test_a_file_that_extends_a_house_file_keeps_its_rulings_and_exclusions(tmp_path):
    write(tmp_path, "forced.yaml", FORCED)
    child = write(tmp_path, "child.yaml", "name: child\nextends: forced.yaml\n")
    profile = load_profile(child)
    assert [r.id for r in profile.house_rulings] == ["our-forced-scoring"]
    assert score(HAND, profile=child).total == GREEN_BOOK_TOTAL + 6


def test_the_command_line_scores_under_a_house_file(tmp_path):
    result = CliRunner().invoke(cli, ["score", HAND, "--profile", write(tmp_path, "forced.yaml", FORCED)])
    assert result.exit_code == 0, result.output
    assert "our-forced-scoring" in result.output


HEAD = "name: p\nextends: green-book\n"
OWN = "rulings:\n  our-rule:\n    title: Our rule\n    answer: Our club says so.\n"  # lines 3-6


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (HEAD + "rulings: [our-rule]\n", "p.yaml:3: rulings: expected a mapping of ruling id: {title, answer}"),
        (HEAD + "rulings:\n  Our_Rule: {title: t, answer: a}\n", "p.yaml:4: rulings: an id is lowercase"),
        (
            HEAD + "rulings:\n  false-win: {title: t, answer: a}\n",
            "p.yaml:4: rulings: 'false-win' is a ruling of mjref's",
        ),
        (
            HEAD + "rulings:\n  our-rule: {title: t}\n",
            "p.yaml:4: rulings: expected title and answer (and nothing else), not a mapping",
        ),
        (
            HEAD + "rulings:\n  our-rule:\n    title: t\n    answer: 5\n",
            "p.yaml:6: rulings: answer: expected text",
        ),
        (HEAD + OWN + "exclusions: [x]\n", "p.yaml:7: exclusions: expected a mapping with lift and/or add"),
        (HEAD + OWN + "exclusions:\n  remove: []\n", "p.yaml:7: exclusions: expected a mapping with lift and/or add"),
        (HEAD + OWN + "exclusions:\n  lift: all-pungs\n", "p.yaml:8: exclusions: lift: expected a list of"),
        (
            HEAD + OWN + "exclusions:\n  lift:\n    - {fan: all-pungs, within: four-concealed-pungs}\n",
            "p.yaml:9: exclusions: lift: expected {fan: KEY, within: KEY, ruling: ID}",
        ),
        (
            HEAD
            + OWN
            + "exclusions:\n  lift:\n    - {fan: all-pung, within: four-concealed-pungs, ruling: our-rule}\n",
            "p.yaml:9: exclusions: lift: fan: unknown fan key (a key of the fan table, such as all-pungs)",
        ),
        (
            HEAD + OWN + "exclusions:\n  add:\n    - {fan: all-pungs, within: 12, ruling: our-rule}\n",
            "p.yaml:9: exclusions: add: within: unknown fan key (a key",
        ),
        (
            HEAD + OWN + "exclusions:\n  add:\n    - {fan: all-pungs, within: all-pungs, ruling: our-rule}\n",
            "p.yaml:9: exclusions: add: a fan does not exclude itself (all-pungs)",
        ),
        (
            HEAD
            + OWN
            + "exclusions:\n  lift:\n    - {fan: all-pungs, within: four-concealed-pungs, ruling: our-other}\n",
            "p.yaml:9: exclusions: ruling: not one of the profile's own rulings (give it under rulings:)",
        ),
        (
            HEAD + "exclusions:\n  lift:\n    - {fan: all-pungs, within: four-concealed-pungs, ruling: our-rule}\n",
            "p.yaml:5: exclusions: ruling: not one of the profile's own rulings",
        ),
        (
            HEAD + OWN + "exclusions:\n  lift:\n    - {fan: tile-hog, within: all-pungs, ruling: our-rule}\n",
            "p.yaml:9: exclusions: lift: the exclusion table has no row by which all-pungs excludes tile-hog",
        ),
        (
            HEAD
            + OWN
            + "exclusions:\n  add:\n    - {fan: all-pungs, within: four-concealed-pungs, ruling: our-rule}\n",
            "p.yaml:9: exclusions: add: four-concealed-pungs already excludes all-pungs under every profile",
        ),
        (
            HEAD
            + OWN
            + "exclusions:\n  lift:\n    - {fan: all-pungs, within: four-concealed-pungs, ruling: our-rule}\n"
            "    - {fan: all-pungs, within: four-concealed-pungs, ruling: our-rule}\n",
            "p.yaml:10: exclusions: four-concealed-pungs and all-pungs are named twice in this file",
        ),
        (
            HEAD
            + OWN
            + "exclusions:\n  lift:\n    - {fan: all-pungs, within: four-concealed-pungs, ruling: [our-rule]}\n",
            "p.yaml:9: exclusions: lift: ruling: expected a ruling id, not a list",
        ),
        (
            "name: p\nextends: babcock\nexclusions:\n  lift: []\n",
            "p.yaml:3: exclusions: a Babcock profile has no exclusion table to change",
        ),
    ],
)
def test_every_malformed_key_is_one_line_with_file_and_line(tmp_path, text, expected):
    path = write(tmp_path, "p.yaml", text)
    with pytest.raises(ProfileError) as caught:
        load_profile(path)
    assert str(caught.value).startswith(str(tmp_path / expected))
    result = CliRunner().invoke(cli, ["score", HAND, "--profile", path])
    assert result.exit_code != 0
    assert expected in result.output and "Traceback" not in result.output


def test_the_example_of_rulings_readme_loads_and_scores(tmp_path):
    text = (Path(__file__).parent.parent / "rulings" / "README.md").read_text(encoding="utf-8")
    example = text.split("## House rulings and exclusions", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    result = score(HAND, profile=write(tmp_path, "our-club.yaml", example))
    # All Pungs paid (+6), Mixed Shifted Pungs dropped (-8).
    assert result.total == GREEN_BOOK_TOTAL + 6 - 8


@pytest.mark.parametrize(
    "text",
    [
        HEAD + "rulings:\n  S3CR3T-value: {title: t, answer: a}\n",
        HEAD + "rulings: s3cr3t-value\n",
        HEAD + "rulings:\n  our-rule: {title: s3cr3t-value}\n",
        HEAD + OWN + "exclusions: s3cr3t-value\n",
        HEAD + OWN + "exclusions:\n  lift: s3cr3t-value\n",
        HEAD + OWN + "exclusions:\n  lift:\n    - {fan: s3cr3t-value, within: all-pungs, ruling: our-rule}\n",
        HEAD
        + OWN
        + "exclusions:\n  lift:\n    - {fan: all-pungs, within: four-concealed-pungs, ruling: s3cr3t-value}\n",
    ],
)
def test_no_error_quotes_what_the_file_wrote(tmp_path, text):
    # A path may lead to any file (a secret, /proc/self/status): an error says what is wrong in mjref's words only.
    with pytest.raises(ProfileError) as caught:
        load_profile(write(tmp_path, "p.yaml", text))
    assert "s3cr3t" not in str(caught.value).lower()


def test_a_file_may_restore_what_the_file_it_extends_lifted(tmp_path):
    write(tmp_path, "forced.yaml", FORCED)
    child = write(
        tmp_path,
        "strict.yaml",
        "name: strict\nextends: forced.yaml\nrulings:\n  our-no-forced-scoring: {title: t, answer: a}\n"
        "exclusions:\n  add:\n    - {fan: all-pungs, within: four-concealed-pungs, ruling: our-no-forced-scoring}\n",
    )
    result = score(HAND, profile=child)
    assert result.total == GREEN_BOOK_TOTAL  # All Pungs implied again, as under green-book
    dropped = {e.key: e for e in result.excluded}["all-pungs"]
    assert dropped.by == (12,) and "our-no-forced-scoring" in dropped.rulings


def test_the_fingerprint_changes_with_the_exclusions_and_rulings(tmp_path):
    # An audit-log report resumes only under the same profile (scorer.profiles.fingerprint): a changed lift is another.
    forced = load_profile(write(tmp_path, "forced.yaml", FORCED))
    other = load_profile(write(tmp_path, "other.yaml", FORCED.replace("our-forced-scoring", "our-forcing")))
    plain = load_profile(write(tmp_path, "plain.yaml", FORCED.split("rulings:")[0].replace("forced", "plain")))
    assert len({fingerprint(forced), fingerprint(other), fingerprint(plain)}) == 3
