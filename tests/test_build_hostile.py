"""Hostile input to ``mjref build`` and ``mjref lookup``: nothing lost, nothing crashes, nothing hangs.

Each case names the file (and line) in one line and exits 2; nothing half-written stays behind.
Anything that could block if a fix regressed (a FIFO) runs in a subprocess with a timeout.
"""

from __future__ import annotations

import os
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import kb.ruling_files
from kb.build import build
from kb.db_file import OutputError
from kb.load import RULINGS_DIR, body_references, load_corpus
from kb.render import render
from kb.ruling_files import MAX_RULING_BYTES
from kb.validate import validate
from mjref.main import cli
from scorer.errors import MjrefError

from .kb_support import copy_rulings
from .test_kb_validate import GOOD, add_ruling, problems_in

PROJECT = Path(__file__).resolve().parent.parent
TIMEOUT = 120  # seconds: far above the second these take, far below a hung suite


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_rulings(tmp_path)


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def run_python(code: str, *args: str, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=PROJECT, capture_output=True, text=True, timeout=timeout
    )


# Citations: validation sees exactly what the renderer links.


def test_an_inline_citation_without_a_locator_is_refused(root):
    add_ruling(root, GOOD.replace("[@Tsui2005, Example 3]", "[@Tsui2005, ]"))
    assert problems_in(root) == [
        "test-ruling.md:16: citation [@Tsui2005, ]: no locator: write the rule, section or page after the comma"
    ]


def test_a_citation_split_over_two_lines_is_checked_at_its_first_line(root):
    add_ruling(root, GOOD.replace("[@Tsui2005, Example 3]", "[@NoSuchSource,\n§1.2]"))
    problems = [p for p in map(str, validate(load_corpus(root), examples=False).problems) if "test-ruling.md" in p]
    assert [p.rsplit("/mcr/", 1)[-1] for p in problems] == [
        "test-ruling.md:16: unknown source 'NoSuchSource'; add it to rulings/sources.yaml"
    ]


def test_a_citation_split_over_two_lines_is_stored_as_rendered(root, tmp_path):
    add_ruling(root, GOOD.replace("[@Tsui2005, Example 3]", "[@Tsui2005, Example\n3]"))
    out = tmp_path / "kb.db"
    build(out, root)
    conn = sqlite3.connect(out)
    rows = conn.execute("SELECT source_id, locator FROM citations WHERE ruling_id = 'test-ruling'").fetchall()
    html = conn.execute("SELECT body_html FROM rulings WHERE id = 'test-ruling'").fetchone()[0]
    assert ("Tsui2005", "Example 3") in rows
    assert '<a class="cite" href="/sources/Tsui2005">Tsui2005, Example 3</a>' in html


def test_a_citation_missing_its_closing_bracket_does_not_swallow_the_paragraph(root):
    words = " ".join(["word"] * 50)
    add_ruling(root, GOOD.replace("[@Tsui2005, Example 3]", f"[@Tsui2005, Example 3 {words} (p. 3)]"))
    assert problems_in(root) == [
        "test-ruling.md:16: citation '[@Tsui2005, Example 3 word word word word '…: "
        "locator over 200 characters: ']' missing?"
    ]


def test_a_citation_in_a_code_span_is_text_not_a_citation(root):
    # The page shows it as code and links nothing, so nothing is checked or stored.
    add_ruling(root, GOOD.replace("[@Tsui2005, Example 3]", "`[@NoSuchSource, §1]` [@Tsui2005, Example 3]"))
    assert problems_in(root) == []


@pytest.mark.parametrize("stray", ["[@Tsui2005]", "[@Tsui 2005, Example 3]", "[@Tsui_2005, x]"])
def test_text_that_looks_like_a_citation_but_is_not_one_is_refused(root, stray):
    add_ruling(root, GOOD.replace("[@Tsui2005, Example 3]", stray))
    problems = problems_in(root)
    assert len(problems) == 1 and problems[0].startswith("test-ruling.md:16: '[@"), problems
    assert "is not a citation: write [@SourceId, locator]" in problems[0]


def test_every_citation_the_pages_link_is_one_the_build_checks():
    # One parser: per ruling, the citation links in the HTML are exactly the inline citations stored.
    corpus = load_corpus(RULINGS_DIR)
    for ruling in corpus.rulings:
        html, _ = render(ruling.body)
        cites = body_references(ruling)[0]
        assert html.count('<a class="cite"') == len(cites), ruling.id
        for c in cites:
            assert c.at and c.source in corpus.sources, (ruling.id, c)


# Files: regular, bounded, inside the folder, UTF-8.


def test_an_oversized_ruling_is_refused_unread(root):
    path = add_ruling(root, GOOD + "Padding. " * (MAX_RULING_BYTES // 9 + 1))
    size = path.stat().st_size
    assert problems_in(root) == [f"test-ruling.md:1: {size} bytes: too large (at most 256 KiB); split it or shorten it"]


FIFO_CHECK = """
import sys
from pathlib import Path
from kb.load import load_corpus
from kb.validate import validate
for p in validate(load_corpus(Path(sys.argv[1])), examples=False).problems:
    print(p)
"""


@pytest.mark.parametrize("name", ["mcr/x.md", "profiles/x.yaml", "sources.yaml"])
def test_a_fifo_is_refused_without_blocking(root, name):
    fifo = root / name
    fifo.unlink(missing_ok=True)
    os.mkfifo(fifo)
    result = run_python(FIFO_CHECK, str(root))  # raises TimeoutExpired if reading blocks
    assert result.returncode == 0, result.stderr
    assert f"{name}:1: not a regular file (a FIFO): only files are read" in result.stdout


def test_symbolic_links_may_not_leave_the_rulings_folder(root, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "test-ruling.md").write_text(GOOD, encoding="utf-8")
    (root / "mcr" / "test-ruling.md").symlink_to(outside / "test-ruling.md")
    (root / "mcr" / "linked").symlink_to(outside, target_is_directory=True)
    problems = [str(p).split("/rulings/", 1)[-1] for p in validate(load_corpus(root), examples=False).problems]
    assert problems == [
        "mcr/linked:1: symbolic link to a folder: not followed",
        f"mcr/test-ruling.md:1: symbolic link leaves the rulings folder (to {outside / 'test-ruling.md'})",
    ]
    # A link inside the folder is followed.
    (root / "mcr" / "test-ruling.md").unlink()
    (root / "mcr" / "linked").unlink()
    (root / "drafts").mkdir()
    (root / "drafts" / "test-ruling.txt").write_text(GOOD, encoding="utf-8")
    (root / "mcr" / "test-ruling.md").symlink_to(root / "drafts" / "test-ruling.txt")
    assert problems_in(root) == []


def test_a_profile_that_is_not_utf8_is_one_problem(root):
    path = root / "profiles" / "starback.yaml"
    path.write_bytes(path.read_bytes() + b"# caf\xe9\n")
    line = path.read_bytes().count(b"\n")
    assert [p for p in (str(p) for p in validate(load_corpus(root), examples=False).problems)] == [
        f"{kb.ruling_files.display(path)}:{line}: not UTF-8: byte 0xe9 cannot be decoded"
    ]


@pytest.mark.parametrize("name", ["bad\x1b[31m.md", "two\nlines.md"])
def test_a_file_name_with_control_characters_is_shown_escaped(root, name):
    add_ruling(root, GOOD, name)
    problems = [str(p) for p in validate(load_corpus(root), examples=False).problems]
    assert problems and all(p.isprintable() for p in problems)
    assert any(repr(name)[1:-1] in p for p in problems)


# The database file: no temporary left behind, the umask's mode, never over something else.

SLOW_BUILD = """
import sys, time
from pathlib import Path
import kb.build
write = kb.build._write
def slow(*args):
    write(*args)
    print("written", flush=True)
    time.sleep(600)
kb.build._write = slow
kb.build.build(Path(sys.argv[1]))
"""


def slow_build(out: Path, hangup: signal.Handlers) -> subprocess.Popen[str]:
    """A build of ``out`` that stops after writing, started with SIGHUP's disposition ``hangup`` (the suite itself
    may run under nohup, whose ignored SIGHUP a child inherits) and SIGTERM's default; returns once it has written."""

    def dispositions() -> None:
        signal.signal(signal.SIGHUP, hangup)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)

    command = [sys.executable, "-c", SLOW_BUILD, str(out)]
    proc = subprocess.Popen(command, cwd=PROJECT, stdout=subprocess.PIPE, text=True, preexec_fn=dispositions)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], TIMEOUT)
        assert ready and proc.stdout and proc.stdout.readline() == "written\n"
        assert len(temporaries(out.parent)) == 1
    except BaseException:  # never leave the sleeping build behind
        proc.kill()
        proc.wait()
        raise
    return proc


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_build_killed_while_writing_removes_its_temporary(tmp_path, sig):
    proc = slow_build(tmp_path / "kb.db", signal.SIG_DFL)
    try:
        proc.send_signal(sig)
        assert proc.wait(timeout=TIMEOUT) == 128 + sig
    finally:
        proc.kill()
        proc.wait()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_build_under_nohup_survives_a_hangup(tmp_path):
    # An ignored SIGHUP (nohup) stays ignored: the build goes on, and a later SIGTERM still cleans up.
    proc = slow_build(tmp_path / "kb.db", signal.SIG_IGN)
    try:
        proc.send_signal(signal.SIGHUP)
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=1)
        assert len(temporaries(tmp_path)) == 1
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=TIMEOUT) == 128 + signal.SIGTERM
    finally:
        proc.kill()
        proc.wait()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_the_next_build_removes_temporaries_of_killed_builds_only(tmp_path):
    out = tmp_path / "kb.db"
    gone = subprocess.Popen(["true"])
    gone.wait()
    old = time.time() - 2 * 3600
    names = {
        f".kb.db.{gone.pid}.ab12cd34.tmp": True,  # its build process is gone
        ".kb.db.x7_k2m9q.tmp": True,  # an older build's name, two hours old
        f".kb.db.{os.getpid()}.ab12cd34.tmp": False,  # a live build
        ".kb.db.fresh_12.tmp": False,  # an older build's name, but new: maybe still writing
        ".other.db.1.ab12cd34.tmp": False,  # not ours
        "notes.tmp": False,
    }
    for name in names:
        (tmp_path / name).write_bytes(b"x")
        if name in (".kb.db.x7_k2m9q.tmp",):
            os.utime(tmp_path / name, (old, old))
    build(out)
    assert temporaries(tmp_path) == sorted(name for name, stale in names.items() if not stale)


def test_the_database_gets_the_mode_of_a_new_file_under_the_umask(tmp_path):
    previous = os.umask(0o027)
    try:
        build(tmp_path / "kb.db")
    finally:
        os.umask(previous)
    assert (tmp_path / "kb.db").stat().st_mode & 0o777 == 0o640


def one_line_error(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and lines[0].isprintable()
    return lines[0]


def test_build_refuses_to_overwrite_a_file_that_is_not_a_knowledge_base(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("the only copy of my notes\n", encoding="utf-8")
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    before = other.read_bytes()
    line = one_line_error(CliRunner().invoke(cli, ["build", "--out", str(notes)]))
    refusal = "refusing to overwrite it (remove it, or choose another path)"
    assert line == f"error: {notes} is not an SQLite database: {refusal}"
    assert notes.read_text(encoding="utf-8") == "the only copy of my notes\n"
    line = one_line_error(CliRunner().invoke(cli, ["build", "--out", str(other)]))
    assert line.startswith(f"error: {other} is an SQLite database but not an mjref knowledge base (")
    assert other.read_bytes() == before
    # A knowledge base, or an empty file, is replaced.
    ours = tmp_path / "kb.db"
    ours.touch()
    assert CliRunner().invoke(cli, ["build", "--out", str(ours)]).exit_code == 0
    assert CliRunner().invoke(cli, ["build", "--out", str(ours)]).exit_code == 0
    assert temporaries(tmp_path) == []


def test_build_to_an_unwritable_place_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    fifo = tmp_path / "fifo.db"
    os.mkfifo(fifo)
    cases = {
        "/proc/kb.db": "error: cannot write /proc/kb.db: ",
        str(blocker / "kb.db"): f"error: cannot write {blocker / 'kb.db'}: {blocker} is not a folder",
        str(fifo): f"error: cannot write {fifo}: it is not a regular file",
    }
    for out, expected in cases.items():
        assert one_line_error(CliRunner().invoke(cli, ["build", "--out", out])).startswith(expected), out
    with pytest.raises(OutputError, match="it is a folder"):
        build(tmp_path)
    assert temporaries(tmp_path) == []


@pytest.mark.parametrize("kind", ["missing", "unreadable", "control"])
def test_build_with_a_bad_rulings_folder_is_one_line(tmp_path, monkeypatch, kind):
    folder = tmp_path / ("odd\x1b[2Jname" if kind == "control" else "rulings")
    if kind == "unreadable":
        folder.mkdir()

        def refuse(path: object) -> object:
            raise PermissionError(13, "Permission denied", str(path))

        monkeypatch.setattr(kb.ruling_files.os, "scandir", refuse)
    args = ["build", "--out", str(tmp_path / "kb.db"), "--rulings", str(folder)]
    line = one_line_error(CliRunner().invoke(cli, args))
    expected = {
        "missing": f"error: rulings folder {folder}: no such folder",
        "unreadable": f"error: rulings folder {folder}: cannot be read (Permission denied)",
        "control": "error: rulings folder " + str(tmp_path / "odd\\x1b[2Jname") + ": no such folder",
    }[kind]
    assert line == expected
    assert not (tmp_path / "kb.db").exists()


def test_build_from_a_file_instead_of_a_rulings_folder_is_one_error(tmp_path):
    # The command line's --rulings refuses a file itself; the library says the same in one error.
    folder = tmp_path / "rulings"
    folder.write_text("x", encoding="utf-8")
    with pytest.raises(MjrefError) as raised:
        build(tmp_path / "kb.db", folder)
    assert str(raised.value) == f"rulings folder {folder}: not a folder"


def test_lookup_in_something_that_is_not_a_knowledge_base_is_one_line(tmp_path):
    text = tmp_path / "passwd"
    text.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    bare = tmp_path / "bare.db"
    sqlite3.connect(bare).execute("CREATE TABLE t (x)").connection.commit()
    cases = {
        text: f"error: {text} is not an SQLite database",
        bare: f"error: {bare} is an SQLite database but not an mjref knowledge base (no such table: meta)",
        tmp_path: f"error: Invalid value for '--db': File '{tmp_path}' is a directory.",
    }
    for db, expected in cases.items():
        assert one_line_error(CliRunner().invoke(cli, ["lookup", "tile hog", "--db", str(db)])).startswith(expected)


def test_lookup_in_a_fifo_does_not_block(tmp_path):
    fifo = tmp_path / "kb.db"
    os.mkfifo(fifo)
    code = "import sys; from mjref.main import cli; cli(['lookup', 'tile hog', '--db', sys.argv[1]], prog_name='mjref')"
    result = run_python(code, str(fifo))
    assert result.returncode == 2
    assert result.stderr == f"error: {fifo} is not a regular file\n"
