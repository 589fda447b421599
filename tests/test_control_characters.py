"""Control characters never reach a page or a terminal through a ruling (issue 31).

ESC, BEL, NUL, U+202E and line breaks in one-line fields are refused in a ruling with its file and line;
whatever a terminal is shown of a knowledge base (one built before this check, or edited since) is
escaped.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.load import load_corpus
from kb.validate import validate
from mjref.main import cli

from .kb_support import copy_rulings, line_of
from .test_kb_validate import GOOD, add_ruling


def refused(root: Path, name: str = "test-ruling.md") -> list[str]:
    """The control-character problems of one file, as ``folder/name:line: message``."""
    problems = validate(load_corpus(root), examples=False).problems
    return [
        f"{Path(p.path).parent.name}/{name}:{p.line}: {p.message}"
        for p in problems
        if p.path.endswith("/" + name) and "is not allowed in a ruling" in p.message
    ]


# YAML double quotes write control characters as escapes; the file itself stays printable.
FRONT = [
    ("title: A ruling written for the tests", 'title: "A ruling\\e[2J written"', "title: \\x1b (a control character)"),
    ("answer: It does.", 'answer: "It does.\\a"', "answer: \\x07 (a control character)"),
    ("answer: It does.", 'answer: "It \\u202edoes."', "answer: \\u202e (a mark that reorders text)"),
    ("answer: It does.", 'answer: "It\\0 does."', "answer: \\x00 (a control character)"),
    ("title: A ruling written for the tests", 'title: "A ruling\\nwritten"', "title: \\n (a line break)"),
    ('at: "§3.1"', 'at: "§3.1\\n§3.2"', "cites[0].at: \\n (a line break)"),
    ('at: "§3.1"', 'at: "§3.1\\u2028§3.2"', "cites[0].at: \\u2028 (a line break)"),
]


@pytest.mark.parametrize(("old", "new", "expected"), FRONT, ids=[f[2] for f in FRONT])
def test_a_control_character_in_a_field_is_refused_with_file_and_line(tmp_path, old, new, expected):
    root = copy_rulings(tmp_path)
    path = add_ruling(root, GOOD.replace(old, new))
    line = line_of(path, new.split(":")[0] + ":") if not new.startswith("at") else line_of(path, "§3.1")
    assert refused(root) == [f"mcr/test-ruling.md:{line}: {expected} is not allowed in a ruling: remove it"]


@pytest.mark.parametrize(
    ("raw", "shown"),
    [("\x1b[31mred", "\\x1b (a control character)"), ("\u202eevil", "\\u202e (a mark that reorders text)")],
)
def test_a_control_character_in_a_body_is_refused_at_its_line(tmp_path, raw, shown):
    root = copy_rulings(tmp_path)
    path = add_ruling(root, GOOD + f"\nA second paragraph, {raw} in it.\n")
    line = line_of(path, "A second paragraph")
    assert refused(root) == [f"mcr/test-ruling.md:{line}: {shown} is not allowed in a ruling: remove it"]


def test_a_body_keeps_its_line_breaks_tabs_and_crlf(tmp_path):
    root = copy_rulings(tmp_path)
    add_ruling(root, GOOD.replace("\n", "\r\n") + "\tAn indented line.\r\n")
    assert [p for p in validate(load_corpus(root), examples=False).problems if "test-ruling" in p.path] == []


def test_a_chinese_body_is_checked_too(tmp_path):
    root = copy_rulings(tmp_path)
    body = root / "zh" / "kong-table.md"
    body.write_text(body.read_text(encoding="utf-8") + "\n\x07响铃\n", encoding="utf-8")
    line = line_of(body, "响铃")
    expected = f"zh/kong-table.md:{line}: \\x07 (a control character) is not allowed in a ruling: remove it"
    assert refused(root, "kong-table.md") == [expected]


def test_lookup_escapes_what_it_prints_from_a_hostile_database(db: Path, tmp_path):
    hostile = tmp_path / "kb.db"
    shutil.copy(db, hostile)
    with sqlite3.connect(hostile) as conn:
        conn.execute(
            "UPDATE rulings SET title = title || ?, answer = ? || answer WHERE id = 'seven-pairs-tile-hog'",
            ("\x1b]0;pwned\x07", "\u202e\x1b[2J"),
        )
    result = CliRunner().invoke(cli, ["lookup", "tile hog seven pairs", "--db", str(hostile), "--limit", "10"])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output and "\u202e" not in result.output
    assert "\\x1b]0;pwned\\x07" in result.output and "\\u202e\\x1b[2J" in result.output
