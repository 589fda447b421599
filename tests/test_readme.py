"""The README's example commands print what the README says they print.

Every fenced block holding ``$ mjref …`` lines is run: each command through the command line, in a
folder whose ``build/kb.db`` is the test run's knowledge base, its output compared with the lines
that follow it. A line ``…`` alone stands for any number of lines, and ``…`` inside a line for any
text (the README shortens long output that way). A block right after ``<!-- readme: not run -->`` is
an illustration that cannot be run as it stands (a build of a broken rulings folder, say). A block right after
``<!-- readme: file NAME -->`` is a file the commands read: it is written as NAME in the folder every command
runs in (the session of ``mjref sheet``, say).
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjref.main import cli

README = Path(__file__).resolve().parent.parent / "README.md"
NOT_RUN = "<!-- readme: not run -->"
FILE = re.compile(r"<!-- readme: file ([\w.-]+) -->")


@dataclass(frozen=True)
class Example:
    line: int  # of the command in README.md
    command: str
    expected: tuple[str, ...]


def examples(text: str) -> list[Example]:
    """Every ``$ mjref`` command of the README's fenced blocks, with the lines it is said to print."""
    found: list[Example] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("```"):
            i += 1
            continue
        skipped = i > 0 and lines[i - 1].strip() == NOT_RUN
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        block, start = lines[i + 1 : end], i + 1
        i = end + 1
        if skipped:
            continue
        commands = [k for k, line in enumerate(block) if line.startswith("$ mjref ")]
        for n, k in enumerate(commands):
            stop = commands[n + 1] if n + 1 < len(commands) else len(block)
            found.append(Example(start + k + 1, block[k][2:], tuple(block[k + 1 : stop])))
    return found


def matches(expected: tuple[str, ...], actual: list[str]) -> bool:
    """Do the ``actual`` lines fit the ``expected`` ones, ``…`` standing for what the README leaves out?"""
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line.strip() == "…" else ".*?".join(map(re.escape, line.rstrip().split("…"))) + r"[ \t]*\n"
        for line in expected
    )
    return re.fullmatch(pattern, "".join(line.rstrip() + "\n" for line in actual), re.S) is not None


def files(text: str) -> dict[str, str]:
    """The files the README's commands read: each fenced block right after ``<!-- readme: file NAME -->``."""
    found: dict[str, str] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines[:-1]):
        named = FILE.fullmatch(line.strip())
        if named and lines[i + 1].startswith("```"):
            end = next(j for j in range(i + 2, len(lines)) if lines[j].startswith("```"))
            found[named.group(1)] = "\n".join(lines[i + 2 : end]) + "\n"
    return found


EXAMPLES = examples(README.read_text(encoding="utf-8"))
FILES = files(README.read_text(encoding="utf-8"))


def test_the_readme_has_examples_to_check():
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"README.md:{e.line}" for e in EXAMPLES])
def test_readme_example_prints_what_it_says(example: Example, db: Path, tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "build").mkdir()
    shutil.copyfile(db, tmp_path / "build" / "kb.db")
    for name, content in FILES.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")  # the width the README's examples are laid out for
    args = shlex.split(example.command)[1:]
    result = CliRunner().invoke(cli, args, prog_name="mjref")
    actual = result.output.rstrip("\n").splitlines()
    assert matches(example.expected, actual), (
        f"README.md:{example.line}: {example.command}\n--- README says:\n"
        + "\n".join(example.expected)
        + "\n--- it prints:\n"
        + "\n".join(actual)
    )


@pytest.mark.parametrize(
    ("expected", "actual", "fits"),
    [
        (("a", "…", "d"), ["a", "b", "c", "d"], True),
        (("a", "…", "d"), ["a", "d"], True),
        (("a … d",), ["a b c d"], True),
        (("a", "d"), ["a", "b", "d"], False),
        (("a x",), ["a y"], False),
    ],
)
def test_the_ellipsis_rules(expected: tuple[str, ...], actual: list[str], fits: bool) -> None:
    assert matches(expected, actual) is fits
