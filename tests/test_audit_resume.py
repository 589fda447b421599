"""A resumed ``mjref audit-log`` report is trusted only as far as it proves itself (issue 31).

Every field of every resumed record must be one the run writes (an edited record is refused, naming its
line, and the report left untouched); the report resumes only under the same profile content, wherever the
profile's file lies; ``--out`` may not be the standard output the summary goes to.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.profiles import load_profile

from .test_audit_log_safety import ROOT, audit_log, check_complete, good, refused, write_event

# Two concealed kongs (tests/test_house_profiles.py works it by hand): 15 under green-book, 13 when a house
# file takes the 1998 value six for Two Concealed Kongs.
KONGS = "[CCCC][5555m]123p789pNN"


@pytest.fixture
def report(tmp_path: Path) -> tuple[Path, Path]:
    """An event of 10 hands, some with a wrong claim (a disagreement names rulings), and its whole report."""
    event = write_event(tmp_path / "event.jsonl", [good(i, 10 + (i % 3 == 0)) for i in range(1, 11)])
    out = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", out).exit_code == 0
    return event, out


def edit_record(out: Path, index: int, change) -> None:
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[index])
    change(record)
    lines[index] = json.dumps(record) + "\n"
    out.write_text("".join(lines), encoding="utf-8")


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(verdicts=5),
        lambda r: r.update(line=10**26),
        lambda r: r.update(line=11),  # the input has 10 lines
        lambda r: r.update(line=1),  # line 1 is reported already (report line 2)
        lambda r: r.update(agrees="yes"),
        lambda r: r.update(agrees=True),  # "right" says the claim is wrong
        lambda r: r.update(total=10.0),
        lambda r: r.update(missed=[{"fan": 1, "key": "k", "count": 1, "points": 1, "rulings": ["x\x1b[2J\nfake"]}]),
        lambda r: r.update(verdicts=[{"verdict": "accepted"}]),
        lambda r: r.update(extra="field"),
        lambda r: r.pop("hand"),
        lambda r: r.clear() or r.update(line=3, error="bad\x1b[2J"),
    ],
    ids=[
        "verdicts-5",
        "line-10e26",
        "line-past-input",
        "line-twice",
        "agrees-yes",
        "agrees-contradicts",
        "total-float",
        "ruling-id-with-esc",
        "verdict-missing-fields",
        "unknown-field",
        "field-missing",
        "error-with-esc",
    ],
)
def test_an_edited_record_is_refused_naming_its_line(report, change):
    event, out = report
    edit_record(out, 3, change)  # report line 4: input line 3, a disagreement
    before = out.read_bytes()
    result = audit_log(event, "--out", out)
    refused(result, str(out), "its line 4 is not a report record (")
    assert "\x1b" not in result.output and out.read_bytes() == before


def test_an_untouched_report_resumes_and_counts_its_records(report):
    event, out = report
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    out.write_text("".join(lines[:6]), encoding="utf-8")  # header and 5 records
    result = audit_log(event, "--out", out)
    assert result.exit_code == 0, result.output
    assert ", 5 already in the report)" in result.stdout and "agreements 7, disagreements 3" in result.stdout
    check_complete(out, 10)


def profile_run(event: Path, out: Path, profile: Path) -> tuple[int, str]:
    """audit-log in its own process (as a user runs it: no profile cached from an earlier run)."""
    command = [sys.executable, "-m", "mjref", "audit-log", str(event), "--out", str(out), "--profile", str(profile)]
    result = subprocess.run([*command, "--jobs", "1"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    return result.returncode, result.stderr


def test_a_report_does_not_resume_after_its_profile_changed(tmp_path):
    event = write_event(tmp_path / "event.jsonl", [json.dumps({"id": i, "hand": KONGS}) for i in range(4)])
    profile = tmp_path / "house.yaml"
    profile.write_text("name: house\nextends: green-book\n", encoding="utf-8")
    out = tmp_path / "report.jsonl"
    assert profile_run(event, out, profile)[0] == 0
    out.write_text("".join(out.read_text(encoding="utf-8").splitlines(keepends=True)[:3]), encoding="utf-8")
    before = out.read_bytes()
    profile.write_text("name: house\nextends: green-book\npositions:\n  two-concealed-kongs: six\n", encoding="utf-8")
    status, stderr = profile_run(event, out, profile)
    assert status == 2 and out.read_bytes() == before
    assert stderr == (
        f"error: --out {out}: it was begun with another profile, or with this profile's file before it was "
        "changed; refusing to write to it (it is left untouched)\n"
    )


def test_a_report_resumes_under_the_same_profile_moved_elsewhere(tmp_path):
    event = write_event(tmp_path / "event.jsonl", [json.dumps({"id": i, "hand": KONGS}) for i in range(4)])
    house = "name: house\nextends: green-book\npositions:\n  two-concealed-kongs: six\n"
    first, moved = tmp_path / "a" / "house.yaml", tmp_path / "b" / "house.yaml"
    for path in (first, moved):
        path.parent.mkdir()
        path.write_text(house, encoding="utf-8")
    out = tmp_path / "report.jsonl"
    assert profile_run(event, out, first)[0] == 0
    out.write_text("".join(out.read_text(encoding="utf-8").splitlines(keepends=True)[:3]), encoding="utf-8")
    assert profile_run(event, out, moved) == (0, "")
    assert {r["total"] for r in check_complete(out, 4)} == {13}  # one scoring throughout
    load_profile.cache_clear()


@pytest.mark.parametrize("how", ["/dev/stdout", "the redirected file"])
def test_out_may_not_be_the_standard_output(tmp_path, how):
    event = write_event(tmp_path / "event.jsonl", [good(1)])
    target = tmp_path / "f.jsonl"
    out = "/dev/stdout" if how == "/dev/stdout" else str(target)
    with open(target, "wb") as stdout:
        result = subprocess.run(
            [sys.executable, "-m", "mjref", "audit-log", str(event), "--out", out, "--jobs", "1"],
            cwd=ROOT,
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert result.returncode == 2
    assert result.stderr == f"error: --out {out}: it is this command's standard output; name a file of its own\n"
    assert target.read_bytes() == b""
