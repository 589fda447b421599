"""Helpers for the knowledge-base tests: a private copy of the rulings to break, problem lookup, and the command
line run in-process."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner, Result

from kb.load import RULINGS_DIR
from mjref.main import cli


def copy_rulings(tmp_path: Path) -> Path:
    """A copy of the project's rulings folder that a test may edit."""
    target = tmp_path / "rulings"
    shutil.copytree(RULINGS_DIR, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace ``old`` by ``new`` in a file, failing loudly if ``old`` is not there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    """The 1-based line of the first line containing ``needle``."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return n
    raise AssertionError(f"{needle!r} not in {path}")


def run(*args: str) -> Result:
    """Invoke ``mjref ARGS`` in-process, stdout and stderr kept apart; real exceptions propagate."""
    try:
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]  # click 8.1
    except TypeError:  # click >= 8.2 always keeps stderr apart
        runner = CliRunner()
    return runner.invoke(cli, list(args), catch_exceptions=False)
