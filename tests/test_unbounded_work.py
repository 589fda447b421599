"""No input makes mjref hang, recurse without end or take memory without bound (issue 31).

A locator shape of many ``{TEXT}`` placeholders, a rulings folder with a loop of links or 1,200 nested
folders, an event "file" that is a FIFO or /dev/zero, and ``--jobs 64`` on a small machine. Anything that
would block or take exponential time on the old code runs in a subprocess with a timeout, so a regression
fails the test instead of hanging the suite; none of the checks is a timing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import kb.audit_log
from kb.load import load_corpus
from kb.ruling_files import profile_paths
from kb.validate import validate
from mjref.main import cli

from .kb_support import copy_rulings, edit
from .test_kb_validate import GOOD, add_ruling

PROJECT = Path(__file__).resolve().parent.parent
TIMEOUT = 60  # seconds: the new code takes about one; the old never ended on these


def run_python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=PROJECT, capture_output=True, text=True, timeout=TIMEOUT
    )


# Locator shapes: matching is linear in the locator whatever the shape (RE2, not backtracking).

SHAPE_CHECK = """
import sys
from kb.locators import locator_problem
shape = "{TEXT}" * int(sys.argv[1])
print(locator_problem("Src", "a" * 60 + ";x", [shape]) is not None)
"""


def test_a_shape_of_many_text_placeholders_is_checked_at_once():
    # 24 lazy placeholders over 62 characters: C(61, 23) ways to split them for a backtracking matcher.
    result = run_python(SHAPE_CHECK, "24")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"  # "a…a;x" fits no {TEXT}: ';' is not in a heading


def test_such_a_shape_in_sources_yaml_is_one_problem_for_a_misfit_citation(tmp_path):
    root = copy_rulings(tmp_path)
    edit(root / "sources.yaml", '    - "Preface"\n', '    - "' + "{TEXT}" * 24 + '"\n    - "Preface"\n')
    add_ruling(root, GOOD.replace('at: "§3.1"}', 'at: "§3.1"}\n  - {source: GB2006, at: "' + "a" * 60 + ';x"}'))
    code = f"""
from pathlib import Path
from kb.load import load_corpus
from kb.ruling_files import profile_paths
from kb.validate import validate
problems = validate(load_corpus(Path({str(root)!r})), examples=False).problems
print("\\n".join(p.message for p in problems if "locator shapes" in p.message))
"""
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    found = result.stdout.splitlines()
    assert len(found) == 1 and found[0].startswith("citation [@GB2006, aaaa"), found


# The rulings folder: loops of links and deep folders are problems, not tracebacks.


def problems_of(root: Path) -> list[str]:
    return [str(p) for p in validate(load_corpus(root), examples=False).problems]


def test_a_loop_of_symbolic_links_is_one_problem_per_link(tmp_path):
    root = copy_rulings(tmp_path)
    (root / "mcr" / "one.md").symlink_to("two.md")
    (root / "mcr" / "two.md").symlink_to("one.md")
    found = [p for p in problems_of(root) if "one.md" in p or "two.md" in p]
    assert [p.split("rulings/", 1)[1] for p in found] == [
        "mcr/one.md:1: symbolic link to nothing (a loop, or a target that does not exist)",
        "mcr/two.md:1: symbolic link to nothing (a loop, or a target that does not exist)",
    ]


def test_a_folder_linked_to_itself_is_not_followed(tmp_path):
    root = copy_rulings(tmp_path)
    (root / "mcr" / "again").symlink_to(root / "mcr")
    found = [p for p in problems_of(root) if "again" in p]
    assert [p.split("rulings/", 1)[1] for p in found] == ["mcr/again:1: symbolic link to a folder: not followed"]


@pytest.fixture
def nested(tmp_path: Path) -> Iterator[Path]:
    """A rulings folder whose mcr/ holds 1,200 nested folders and a file at the bottom; removed afterwards
    bottom-up, as pytest's own clean-up (shutil.rmtree, recursive) would end in a RecursionError."""
    root = copy_rulings(tmp_path)
    levels, fd = 0, os.open(root / "mcr", os.O_RDONLY)
    try:  # made relative to an open folder: the whole path would pass PATH_MAX
        for _ in range(1200):
            os.mkdir("d", dir_fd=fd)
            levels += 1
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        Path(f"/proc/self/fd/{fd}/deep.md").write_text("not a ruling", encoding="utf-8")
        yield root
    finally:
        Path(f"/proc/self/fd/{fd}/deep.md").unlink(missing_ok=True)
        for _ in range(levels):
            up = os.open("..", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            os.rmdir("d", dir_fd=up)
            fd = up
        os.close(fd)


def test_1200_nested_folders_are_one_problem(nested):
    found = [p for p in problems_of(nested) if "/d/" in p]
    assert len(found) == 1 and found[0].endswith(":1: folders nested more than 8 deep: not read"), found


def test_a_profiles_folder_linked_outside_the_rulings_is_refused(tmp_path):
    root = copy_rulings(tmp_path)
    outside = tmp_path / "elsewhere"
    (root / "profiles").rename(outside)
    (root / "profiles").symlink_to(outside)
    found = [p.split("rulings/", 1)[1] for p in problems_of(root) if "profiles" in p]
    assert found == ["profiles:1: symbolic link to a folder: not followed"]
    assert profile_paths(root, []) == []  # and none of its files is read (they were, and built in)


def test_a_file_reached_through_a_linked_zh_folder_is_refused(tmp_path):
    root = copy_rulings(tmp_path)
    outside = tmp_path / "zh-elsewhere"
    (root / "zh").rename(outside)
    (root / "zh").symlink_to(outside)
    found = [p for p in problems_of(root) if "linked folder" in p]
    assert found and all("file reached through a linked folder leaves the rulings folder" in p for p in found)


# audit-log: regular files only, and never more workers than cores.


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "/dev/urandom", "folder-link"])
def test_audit_log_of_a_special_file_is_one_line_at_once(tmp_path, kind):
    path = tmp_path / "event.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder-link":
        path.symlink_to(tmp_path)
    else:
        path = Path(kind)
    result = subprocess.run(
        [sys.executable, "-m", "mjref", "audit-log", str(path), "--jobs", "1"],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert result.returncode == 2
    if kind == "folder-link":  # click refuses a folder before mjref looks
        assert "is a directory" in result.stderr
        return
    assert result.stderr == f"error: {path}: not a regular file (a FIFO, a device or a folder): only files are read\n"


def test_audit_log_never_starts_more_workers_than_cores(tmp_path, monkeypatch):
    started: list[int] = []

    class Pool:
        def __init__(self, jobs: int) -> None:
            started.append(jobs)

        def imap(self, func, items, chunksize):
            return map(func, items)

        def terminate(self) -> None:
            pass

    monkeypatch.setattr(kb.audit_log, "_pool", Pool)
    monkeypatch.setattr(kb.audit_log, "usable_cores", lambda: 2)
    event = tmp_path / "event.jsonl"
    event.write_text(json.dumps({"id": 1, "hand": "234m567m234p567p88s"}) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["audit-log", str(event), "--jobs", "64"])
    assert result.exit_code == 0, result.output
    assert started == [2]


def test_usable_cores_follows_the_affinity():
    if not hasattr(os, "sched_getaffinity"):
        pytest.skip("no CPU affinity on this system")  # Linux has it, and CI is Linux
    assert kb.audit_log.usable_cores() == len(os.sched_getaffinity(0))


def test_the_help_says_jobs_are_capped_by_the_cores():
    result = CliRunner().invoke(cli, ["audit-log", "--help"])
    assert "default and most: the cores this process may use" in " ".join(result.output.split())
