"""`mjref audit-log` for the organiser (issue 35): a line without a claim carries no sentinel, a grown event
file resumes, and the report an organiser reads names each disagreement."""

from __future__ import annotations

import csv
import io
import json

from .test_audit_log_safety import GOOD, audit_log, check_complete, good, records, write_event


def test_a_line_without_a_claim_has_no_claimed_total_and_no_verdict(tmp_path):
    event = write_event(tmp_path / "event.jsonl", [json.dumps({"id": "a", "hand": GOOD})])
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    (record,) = check_complete(report, 1)
    assert (record["claimed_total"], record["right"], record["agrees"]) == (None, None, None)
    assert audit_log(event, "--out", report).exit_code == 0  # and such a record resumes


def test_hands_appended_to_the_event_resume_and_only_the_new_lines_are_scored(tmp_path):
    event = write_event(tmp_path / "event.jsonl", [good(i) for i in range(1, 6)])
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    before = report.read_bytes()
    write_event(event, [good(i) for i in range(1, 6)] + [good(i, 11) for i in range(6, 9)])
    result = audit_log(event, "--out", report)
    assert result.exit_code == 0, result.output
    head, recs = records(report)
    assert [r["line"] for r in recs] == list(range(1, 9))
    assert report.read_bytes().split(b"\n", 1)[1].startswith(before.split(b"\n", 1)[1])  # old records kept
    assert head["sha256"] != json.loads(before.split(b"\n", 1)[0])["sha256"]  # the header names the grown input
    assert "5 already in the report" in result.output and "3 audited now" in result.output
    assert audit_log(event, "--out", report).exit_code == 0  # and resumes again, all done


def test_an_event_whose_last_line_had_no_newline_resumes_when_hands_are_appended(tmp_path):
    # An editor adds the missing newline before the appended round: the old input, byte for byte, is still the
    # beginning of the new one, but the report was refused as "the input has changed".
    event = tmp_path / "event.jsonl"
    event.write_text("\n".join(good(i) for i in range(1, 4)))  # no final newline
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    event.write_text("".join(good(i) + "\n" for i in range(1, 6)))
    result = audit_log(event, "--out", report)
    assert result.exit_code == 0, result.output
    assert "3 already in the report" in result.output and "2 audited now" in result.output
    assert [r["line"] for r in records(report)[1]] == [1, 2, 3, 4, 5]
    event.write_text("".join(good(i, 12) + "\n" for i in range(1, 7)))  # changed lines: still refused
    assert audit_log(event, "--out", report).exit_code == 2


def test_an_event_whose_old_lines_changed_is_still_refused(tmp_path):
    event = write_event(tmp_path / "event.jsonl", [good(i) for i in range(1, 6)])
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    before = report.read_bytes()
    write_event(event, [good(i) for i in range(1, 5)] + [good(5, 12), good(6)])  # line 5 edited, line 6 added
    result = audit_log(event, "--out", report)
    assert result.exit_code == 2 and "the input has changed" in result.stderr
    assert report.read_bytes() == before
    write_event(event, [good(i) for i in range(1, 5)] + [good(5)[:-1]])  # line 5 cut short: not a beginning
    assert audit_log(event, "--out", report).exit_code == 2
    assert report.read_bytes() == before


# The readable report. GOOD scores 10 (Tsui, example 3); 123m345m678p999s11z is no 8-point hand (below the
# minimum: a false win whatever is claimed).
BELOW = "123m345m678p999s11z"
LINES = [
    json.dumps({"id": "h1", "hand": GOOD, "claim_total": 10}),  # agrees
    json.dumps({"id": "h2", "hand": GOOD, "claim_total": 12}),  # 2 too high
    json.dumps({"id": "h3", "hand": BELOW}),  # a false win, not claimed
    json.dumps({"id": "h4", "hand": GOOD, "claim_total": 7}),  # 3 too low
    json.dumps({"id": "h5", "hand": GOOD}),  # no claim
]


def test_the_report_lists_each_disagreement_and_the_false_wins_apart(tmp_path):
    event = write_event(tmp_path / "event.jsonl", LINES)
    result = audit_log(event)
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert '{"mjref_report"' not in result.stdout  # no raw records without --format jsonl
    start = out.index("Disagreements (2, false wins apart)")
    assert out[start + 1].split() == ["line", "id", "claimed", "scorer", "difference", "rulings"]
    assert out[start + 2].split() == ["2", "h2", "12", "10", "+2", "(total", "only)"]
    assert out[start + 3].split() == ["4", "h4", "7", "10", "-3", "(total", "only)"]
    false_wins = out.index("False wins (1: the win does not stand, whatever was claimed)")  # 80 columns
    assert out[false_wins + 2].split()[:4] == ["3", "h3", "-", "below-minimum"]
    assert "false-win" in out[false_wins + 2] or "false-win" in out[false_wins + 3]
    assert "hands: agreements 1, disagreements 2, without a claim 2" in out


def test_csv_gives_one_row_per_hand_to_look_at_and_the_counts_on_stderr(tmp_path):
    event = write_event(tmp_path / "event.jsonl", LINES)
    result = audit_log(event, "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == ["line", "id", "verdict", "claimed", "scorer", "difference", "rulings"]
    assert [r[:6] for r in rows[1:]] == [
        ["2", "h2", "disagreement", "12", "10", "2"],
        ["3", "h3", "false win (below-minimum)", "", "4", ""],
        ["4", "h4", "disagreement", "7", "10", "-3"],
    ]
    assert "hands: agreements 1" in result.stderr


def test_fail_on_disagreement_sets_the_exit_status(tmp_path):
    bad = write_event(tmp_path / "bad.jsonl", LINES)
    fine = write_event(tmp_path / "fine.jsonl", [LINES[0], LINES[4]])
    assert audit_log(bad, "--fail-on-disagreement").exit_code == 1
    assert audit_log(fine, "--fail-on-disagreement").exit_code == 0
    assert audit_log(bad).exit_code == 0


def test_the_by_ruling_order_is_by_count_then_id_whatever_the_order_of_the_lines(tmp_path):
    claims = [json.dumps({"id": f"c{i}", "hand": GOOD, "claim": "All Chows"}) for i in range(3)]
    one = write_event(tmp_path / "one.jsonl", [*LINES, *claims])
    other = write_event(tmp_path / "other.jsonl", [*reversed(claims), *reversed(LINES)])

    def by_ruling(result) -> list[list[str]]:
        out = result.stdout.splitlines()
        return [
            line.split(maxsplit=1) for line in out[out.index(next(x for x in out if x.endswith("decided them:"))) + 1 :]
        ]

    first, second = by_ruling(audit_log(one)), by_ruling(audit_log(other))
    assert first == second
    keys = [(-int(n), r) for n, r in first]
    assert keys == sorted(keys) and len(keys) > 3


def test_the_report_fits_the_terminal(tmp_path, monkeypatch):
    claims = [json.dumps({"id": f"c{i}", "hand": GOOD, "claim": "Mixed Shifted Chows, All Chows"}) for i in range(3)]
    event = write_event(tmp_path / "event.jsonl", claims)
    monkeypatch.setenv("COLUMNS", "60")
    out = audit_log(event).stdout.splitlines()
    assert max(map(len, out)) <= 60
    assert sum("fan-short-straight" in line for line in out) == 3 + 1  # in each row, wrapped, and by ruling


def test_csv_cells_from_the_event_are_never_formulas_or_terminal_sequences(tmp_path):
    # An id is the event's own text: a spreadsheet would run "=cmd|…" as a formula, and a control character would
    # reach whoever prints the file. The cell keeps the id readable: a leading quote, escapes as the terminal shows.
    hostile = ["=cmd|' /C calc'!A0", "+SUM(1+1)", "-2+3", "@SUM(A1)", "r\x1b]0;pwn\x07", "r\u202e1"]
    event = write_event(
        tmp_path / "event.jsonl", [json.dumps({"id": i, "hand": GOOD, "claim_total": 12}) for i in hostile]
    )
    result = audit_log(event, "--format", "csv")
    ids = [r[1] for r in list(csv.reader(io.StringIO(result.stdout)))[1:]]
    assert ids == ["'=cmd|' /C calc'!A0", "'+SUM(1+1)", "'-2+3", "'@SUM(A1)", "r\\x1b]0;pwn\\x07", "r\\u202e1"]


def test_a_report_header_without_its_input_hash_is_refused_in_one_line(tmp_path):
    # Found by bench/fuzz.py (audit-log-resume, seed 32): a header of the right input with its "sha256" taken out
    # read as "the input has changed", and the check whether the input had grown then took the missing hash
    # (KeyError, a traceback). It is refused as changed, and the report left as it was.
    event = write_event(tmp_path / "event.jsonl", [good(i) for i in range(1, 4)])
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    head, rest = report.read_text("utf-8").split("\n", 1)
    header = json.loads(head)
    del header["sha256"]
    report.write_text(json.dumps(header) + "\n" + rest, "utf-8")
    before = report.read_bytes()
    result = audit_log(event, "--out", report)
    assert result.exit_code == 2 and "the input has changed since this report was begun" in result.output
    assert "Traceback" not in result.output and report.read_bytes() == before


def test_a_report_with_bytes_that_are_not_utf8_is_refused_and_left_as_it_was(tmp_path):
    # Found by bench/fuzz.py (seed 32): a header edited to hold a lone surrogate written raw (\xed\xa0\x80, which
    # json.loads takes from bytes) resumed, and the report kept a line no UTF-8 reader can read. A header's or a
    # record's bytes are read as UTF-8 strictly.
    event = write_event(tmp_path / "event.jsonl", [good(i) for i in range(1, 4)])
    report = tmp_path / "report.jsonl"
    assert audit_log(event, "--out", report).exit_code == 0
    whole = report.read_bytes()
    head, first, rest = whole.split(b"\n", 2)
    for edited in (
        head.replace(b'"green-book"', b'"green-book\xed\xa0\x80"'),
        first.replace(b'"', b'"\xed\xa0\x80', 1),
    ):
        assert edited not in (head, first)
        bad = whole.replace(head if edited.startswith(b'{"mjref_report"') else first, edited)
        report.write_bytes(bad)
        result = audit_log(event, "--out", report)
        assert result.exit_code == 2 and "refusing to write to it" in result.output, result.output
        assert report.read_bytes() == bad
