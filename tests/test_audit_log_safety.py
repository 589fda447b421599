"""`mjref audit-log`: nothing lost, nothing crashes (issue 13).

The report is created, or resumed only when its header proves it belongs to this input; any other file
at --out is refused and left byte-for-byte untouched. Input lines are split on \\n only, every bad line
(of any type, encoding or depth) is that line's error, and SIGINT/SIGTERM leave a report that resumes.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjref.main import cli

ROOT = Path(__file__).resolve().parent.parent
GOOD = "234m567m234p567p88s"  # scores 10 under green-book (Tsui, example 3)


def good(i: int, total: int = 10) -> str:
    return json.dumps({"id": f"h{i}", "hand": GOOD, "claim_total": total})


def write_event(path: Path, lines: list[str | bytes]) -> Path:
    path.write_bytes(b"".join((x if isinstance(x, bytes) else x.encode()) + b"\n" for x in lines))
    return path


def audit_log(*args: str | Path, jobs: int = 1):
    return CliRunner().invoke(cli, ["audit-log", *map(str, args), "--jobs", str(jobs)])


def records(report: Path) -> tuple[dict, list[dict]]:
    """The header (None if there is none) and the records of a report; every line must be whole JSON."""
    data = report.read_bytes()
    assert data.endswith(b"\n")
    lines = [json.loads(line) for line in data.decode("utf-8").split("\n")[:-1]]
    head = lines.pop(0) if lines and "mjref_report" in lines[0] else None
    return head, lines


def check_complete(report: Path, n: int) -> list[dict]:
    """The records of ``report``, which has exactly one for each of the ``n`` input lines."""
    _, recs = records(report)
    assert sorted(r["line"] for r in recs) == list(range(1, n + 1))
    return recs


@pytest.fixture
def event(tmp_path: Path) -> Path:
    return write_event(tmp_path / "event.jsonl", [good(i, 10 + (i % 3 == 0)) for i in range(1, 11)])


# --out: only a report of this very input is written to.


def refused(result, name: str, why: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: --out {name}: ") and why in lines[0], result.stderr


@pytest.mark.parametrize("how", ["same path", "symlink", "hardlink"])
def test_out_naming_the_input_is_refused_and_the_input_untouched(event, tmp_path, how):
    before = event.read_bytes()
    out = {"same path": event, "symlink": tmp_path / "link.jsonl", "hardlink": tmp_path / "hard.jsonl"}[how]
    if how == "symlink":
        out.symlink_to(event)
    elif how == "hardlink":
        os.link(event, out)
    result = audit_log(event, "--out", out)
    refused(result, str(out), "it is the input file itself")
    assert event.read_bytes() == before


@pytest.mark.parametrize(
    "content, why",
    [
        (b"my notes\nsecond line\n", "not an mjref audit-log report"),
        (b'{"line": 1, "id": "h1"}\n', "not an mjref audit-log report"),  # records without a header
        (b"[" * 5000 + b"\n", "not an mjref audit-log report"),
    ],
)
def test_an_existing_file_that_is_not_a_report_is_refused_untouched(event, tmp_path, content, why):
    out = tmp_path / "notes.txt"
    out.write_bytes(content)
    refused(audit_log(event, "--out", out), str(out), why)
    assert out.read_bytes() == content


def test_an_empty_existing_file_becomes_the_report(event, tmp_path):
    # An empty file (made by mktemp, say) holds nothing to lose: it is used as a new report.
    out = tmp_path / "empty.jsonl"
    out.write_bytes(b"")
    assert audit_log(event, "--out", out).exit_code == 0
    header, *records = (json.loads(x) for x in out.read_text(encoding="utf-8").splitlines())
    assert header["mjref_report"] == 1 and header["input"] == str(event.resolve())
    assert len(records) == len(event.read_text(encoding="utf-8").splitlines())


def test_a_report_of_another_input_or_of_a_changed_input_is_refused(event, tmp_path):
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    before = report.read_bytes()
    other = write_event(tmp_path / "other.jsonl", [good(i) for i in range(1, 21)])
    refused(audit_log(other, "--out", report), str(report), f"the report of another input ({event})")
    assert report.read_bytes() == before
    write_event(event, [good(i) for i in range(1, 21)])  # same path, new content: 10 more hands
    refused(audit_log(event, "--out", report), str(report), "the input has changed")
    assert report.read_bytes() == before
    refused(audit_log(event, "--out", report, "--profile", "starback"), str(report), "")
    assert report.read_bytes() == before


def test_a_report_being_written_by_another_run_is_refused(event, tmp_path):
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    before = report.read_bytes()
    with open(report, "rb") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        refused(audit_log(event, "--out", report), str(report), "another mjref run is writing this report")
    assert report.read_bytes() == before


def test_the_report_begins_with_a_header_naming_input_hash_and_profile(event, tmp_path):
    import hashlib

    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    head, _ = records(report)
    sha = hashlib.sha256(event.read_bytes()).hexdigest()
    profile_sha256 = head.pop("profile_sha256")  # what the profile decides: tests/test_audit_resume.py
    assert head == {"mjref_report": 1, "input": str(event.resolve()), "sha256": sha, "profile": "green-book"}
    assert len(profile_sha256) == 64 and set(profile_sha256) <= set("0123456789abcdef")
    head["profile_sha256"] = profile_sha256
    stdout = audit_log(event, "--format", "jsonl").stdout.splitlines()
    assert json.loads(stdout[0]) == head  # the same format on stdout


@pytest.mark.parametrize("cut", ["no newline", "half a record"])
def test_a_torn_last_line_is_cut_off_and_redone(event, tmp_path, cut):
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    lines = report.read_bytes().split(b"\n")[:-1]
    kept = lines[:5]  # the header and 4 records
    torn = lines[5] if cut == "no newline" else lines[5][: len(lines[5]) // 2]
    report.write_bytes(b"\n".join(kept) + b"\n" + torn)
    result = audit_log(event, "--out", report, jobs=2)
    assert result.exit_code == 0, result.output
    assert f", {sum(b'mjref_report' not in k for k in kept)} already in the report)" in result.stdout
    recs = check_complete(report, 10)
    assert all(r["agrees"] is (r["line"] % 3 != 0) for r in recs)
    assert "agreements 7, disagreements 3" in result.stdout  # the summary counts the resumed records too


def test_an_input_that_changes_during_the_run_is_an_error(event, tmp_path, monkeypatch):
    import kb.audit_log

    scan = kb.audit_log.scan
    monkeypatch.setattr(kb.audit_log, "scan", lambda path: ("0" * 64, *scan(path)[1:]))  # as if read before a change
    result = audit_log(event, "--out", tmp_path / "report.jsonl")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: the input changed while it was read, so the report does not match it: start a new report"
    ]


def test_an_edited_report_is_refused_not_truncated(event, tmp_path):
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    lines = report.read_bytes().split(b"\n")
    lines[3] = b"edited by hand"
    report.write_bytes(b"\n".join(lines))
    before = report.read_bytes()
    refused(audit_log(event, "--out", report), str(report), "its line 4 is not a report record")
    assert report.read_bytes() == before


# Input lines: split on \n only, each decoded and checked alone.


def test_lines_are_split_on_newline_only(tmp_path):
    lines = [
        good(1),
        b'{"id": "h2",\r"hand": "' + GOOD.encode() + b'"}',  # \r is JSON whitespace: a good line
        '{"id": "h3", "hand": "' + GOOD + '", "note": "a\u2028b\x85c"}',  # str.splitlines would split this
        b'{"id": "h4", "hand": "1\r2"}',  # a raw \r inside text: bad JSON, but one line
        good(5).encode() + b"\r",  # a \r\n ending
        good(6),
    ]
    path = write_event(tmp_path / "event.jsonl", lines)
    report = tmp_path / "report.jsonl"
    result = audit_log(path, "--out", report)
    assert result.exit_code == 0, result.output
    recs = {r["line"]: r for r in check_complete(report, 6)}
    assert [line.split(":")[1] for line in result.stderr.splitlines()] == ["4"]
    assert "not JSON" in recs[4]["error"]
    for n in (1, 2, 3, 5, 6):
        assert recs[n]["id"] == f"h{n}" and recs[n]["total"] == 10, recs[n]


BAD = {
    "profile a number": json.dumps({"id": 1, "hand": GOOD, "profile": 5}),
    "hand a number": json.dumps({"id": 1, "hand": 5}),
    "claim an array": json.dumps({"id": 1, "hand": GOOD, "claim": []}),
    "claim_total text": json.dumps({"id": 1, "hand": GOOD, "claim_total": "10"}),
    "claim_total true": json.dumps({"id": 1, "hand": GOOD, "claim_total": True}),
    "id an object": json.dumps({"id": {}, "hand": GOOD}),
    "an array": "[1, 2]",
    "a number": "5",
    "nested 1500 deep": "[" * 1500,
    "nested 5000 deep": "[" * 5000,
    "100 kB on one line": '{"hand": "' + "1" * 100_000 + '"}',
    "claim_total a fraction": json.dumps({"hand": GOOD, "claim_total": 10.5}),
    "invalid UTF-8": b'{"id": "\xff\xfe", "hand": "' + GOOD.encode() + b'"}',
    "blank-looking": "\x0c\x0b x",
    "id given twice": '{"id": 1, "id": 2, "hand": "' + GOOD + '"}',  # json.loads kept the last, silently
    "claim_total beyond any score": json.dumps({"hand": GOOD, "claim_total": 10**30}),
    "claim_total below zero": json.dumps({"hand": GOOD, "claim_total": -5}),
    # A misspelt key was read as no claim at all: the disagreement never showed.
    "claimtotal": json.dumps({"hand": GOOD, "claimtotal": 22}),
    "Claim_Total": json.dumps({"hand": GOOD, "Claim_Total": 22}),
    "claims": json.dumps({"hand": GOOD, "claims": "Pure Straight"}),
    "total": json.dumps({"hand": GOOD, "total": 22}),
    "a raw control character in text": '{"hand": "123m\x01"}',
}


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_bad_line_is_its_own_error_and_the_run_goes_on(tmp_path, jobs):
    lines: list[str | bytes] = []
    for bad in BAD.values():
        lines += [good(len(lines) + 1), bad]
    lines.append(good(len(lines) + 1))
    path = write_event(tmp_path / "event.jsonl", lines)
    report = tmp_path / "report.jsonl"
    result = audit_log(path, "--out", report, jobs=jobs)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    recs = {r["line"]: r for r in check_complete(report, len(lines))}
    bad_lines = list(range(2, 2 * len(BAD) + 1, 2))
    assert sorted(n for n, r in recs.items() if "error" in r) == bad_lines
    assert all(recs[n]["agrees"] is True for n in recs if n not in bad_lines)
    errors = result.stderr.splitlines()
    assert [e.split(":")[:2] for e in errors] == [[str(path), str(n)] for n in bad_lines]
    assert "not UTF-8 (byte 0xff at byte 9)" in recs[2 * list(BAD).index("invalid UTF-8") + 2]["error"]
    assert "must be text or a whole number, not an object" in recs[2 * list(BAD).index("id an object") + 2]["error"]
    assert "the key 'id' is given twice" in recs[2 * list(BAD).index("id given twice") + 2]["error"]
    raw = recs[2 * list(BAD).index("a raw control character in text") + 2]["error"]
    assert raw == "not JSON (Invalid control character at column 15)"  # json's message ends in "at": not twice
    assert recs[2 * list(BAD).index("claims") + 2]["error"].startswith("unknown key 'claims': is it 'claim'?")
    assert recs[2 * list(BAD).index("total") + 2]["error"].startswith("unknown key 'total': is it 'claim_total'?")
    beyond = recs[2 * list(BAD).index("claim_total beyond any score") + 2]["error"]
    assert beyond == '"claim_total" must be a whole number from 0 to 9999, not 1' + "0" * 30


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_id_with_a_lone_surrogate_is_written_escaped(tmp_path, jobs):
    path = write_event(tmp_path / "event.jsonl", [json.dumps({"id": "a\ud800b", "hand": GOOD}), good(2)])
    report = tmp_path / "report.jsonl"
    result = audit_log(path, "--out", report, jobs=jobs)
    assert result.exit_code == 0, result.output
    recs = check_complete(report, 2)
    assert recs[0]["id"] == "a\ud800b" and recs[0]["total"] == 10
    assert b'"a\\ud800b"' in report.read_bytes()
    stdout = audit_log(path, "--format", "jsonl", jobs=jobs)  # and on stdout
    assert stdout.exit_code == 0 and '"a\\ud800b"' in stdout.stdout


def test_a_line_may_not_name_a_profile_file_not_given_on_the_command_line(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("name: house\nextends: starback\n", encoding="utf-8")
    lines = [
        json.dumps({"id": "own", "hand": GOOD, "profile": str(house)}),
        json.dumps({"id": "passwd", "hand": GOOD, "profile": "/etc/passwd"}),
        json.dumps({"id": "builtin", "hand": GOOD, "profile": "starback"}),
    ]
    path = write_event(tmp_path / "event.jsonl", lines)
    report = tmp_path / "report.jsonl"
    result = audit_log(path, "--out", report)
    assert result.exit_code == 0, result.output
    recs = check_complete(report, 3)
    assert "is not allowed" in recs[0]["error"] and "is not allowed" in recs[1]["error"]
    assert recs[2]["profile"] == "starback" and "error" not in recs[2]
    # Given with --profile, the file may be named by a line too.
    report.unlink()
    result = audit_log(path, "--out", report, "--profile", str(house))
    recs = check_complete(report, 3)
    assert "error" not in recs[0] and "error" in recs[1] and "error" not in recs[2]


def test_error_messages_are_one_line_with_control_characters_escaped(tmp_path):
    lines = [
        json.dumps({"id": 1, "hand": "12\x1b[2J\nm\u2028\x07"}),
        json.dumps({"id": 2, "hand": GOOD, "profile": "evil\x1b]0;pwned\x07\nline"}),
        json.dumps({"id": 3, "hand": GOOD, "claim": "Tile\x1b[31m Hog\r\nx"}),
    ]
    path = write_event(tmp_path / "event.jsonl", lines)
    report = tmp_path / "report.jsonl"
    result = audit_log(path, "--out", report)
    errors = result.stderr.splitlines()
    assert len(errors) == 3, result.stderr
    for text in errors + [r["error"] for r in check_complete(report, 3)]:
        assert text.isprintable(), text
    assert "\\x1b" in errors[0]


# Signals: a clean stop, a whole report, and a resume that completes it.


def default_signals() -> None:
    """The child's SIGHUP and SIGTERM at their defaults (the suite may run under nohup, which a child inherits)."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_stops_the_run_cleanly_and_the_report_resumes(tmp_path, signum, status):
    n = 12_000
    path = write_event(tmp_path / "event.jsonl", [good(i, 10 + (i % 7 == 0)) for i in range(1, n + 1)])
    report = tmp_path / "report.jsonl"
    command = [sys.executable, "-m", "mjref", "audit-log", str(path), "--out", str(report)]
    proc = subprocess.Popen(
        [*command, "--jobs", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=default_signals,
    )
    try:
        deadline = time.monotonic() + 60
        while (not report.exists() or report.stat().st_size < 50_000) and proc.poll() is None:
            assert time.monotonic() < deadline, "the run wrote nothing"
            time.sleep(0.02)
        if signum in (signal.SIGINT, signal.SIGHUP):
            os.killpg(proc.pid, signum)  # as Ctrl-C and a closed terminal do: to the parent and its workers
        else:
            proc.send_signal(signum)  # as kill does: to the parent alone
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == status, err
    stderr = err.decode()
    assert "Traceback" not in stderr
    name = signal.Signals(signum).name
    assert stderr.splitlines() == [
        f"interrupted by {name}: {report} holds whole lines only; run the same command again to resume"
    ]
    head, partial = records(report)  # whole lines only
    assert 0 < len(partial) < n
    resumed = subprocess.run([*command, "--jobs", "2"], cwd=ROOT, capture_output=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    recs = check_complete(report, n)
    assert all(r["agrees"] is (r["line"] % 7 != 0) for r in recs)
    assert f", {len(partial)} already in the report)" in resumed.stdout.decode()


def test_the_fork_server_starts_with_ctrl_c_and_hangup_ignored_and_ours_come_back(monkeypatch):
    # The fork server imports the scorer before it sets its own handlers; a signal ignored when it is started stays
    # ignored across its exec. So when it is started SIGINT and SIGHUP must be ignored, and this process's own
    # handlers must be back as soon as it runs (a Ctrl-C then stops the run here, in one line).
    import multiprocessing.forkserver

    import kb.audit_log

    seen: list[tuple[object, object]] = []
    monkeypatch.setattr(
        multiprocessing.forkserver,
        "ensure_running",
        lambda: seen.append((signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGHUP))),
    )

    class NoPool:
        def Pool(self, jobs, initializer):  # noqa: N802  (multiprocessing's name)
            return "pool"

        def set_forkserver_preload(self, names):
            pass

    monkeypatch.setattr(kb.audit_log.multiprocessing, "get_context", lambda kind: NoPool())
    ours = signal.getsignal(signal.SIGINT)
    assert kb.audit_log._pool(2) == "pool"
    assert seen == [(signal.SIG_IGN, signal.SIG_IGN)]
    assert signal.getsignal(signal.SIGINT) is ours
