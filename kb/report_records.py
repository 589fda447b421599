"""The strict reading of a resumed ``mjref audit-log`` report's records.

A report is a file anyone may edit, and a resumed run counts its records as done and sums them into the
summary, so each record must be exactly what :func:`kb.audit_log.audit_line` writes: the field names it
writes, each of the type and range it writes, a ruling id shaped like one, a line number within the input
and given once. :func:`check_record` says what is wrong in general terms (never quoting the record, which
may hold anything); the caller names the report's line.

>>> check_record({"line": 3, "error": "not JSON"}, max_line=5)
>>> check_record({"line": 10**26, "error": "not JSON"}, max_line=5)
'"line" is not a line of the input (1 to 5)'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .text import VERDICTS

RULING_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
MAX_NUMBER = 10**9  # points, counts, readings and fan numbers are far below it

Check = Callable[[Any], bool]


def _whole(low: int = 0, high: int = MAX_NUMBER) -> Check:
    return lambda v: type(v) is int and low <= v <= high


def _text(v: Any) -> bool:
    return type(v) is str


def _one_of(*checks: Check) -> Check:
    return lambda v: any(check(v) for check in checks)


def _rulings(v: Any) -> bool:
    return type(v) is list and all(type(r) is str and RULING_ID.match(r) for r in v)


def _list_of(fields: dict[str, Check]) -> Check:
    return lambda v: type(v) is list and all(_problem(item, fields) is None for item in v)


FAN = _one_of(_whole(), _text)
VERDICT_FIELDS: dict[str, Check] = {
    "claim": _text,
    "fan": FAN,
    "key": _text,
    "verdict": lambda v: v in VERDICTS and type(v) is str,
    "rulings": _rulings,
    "why": _text,
    "by": lambda v: type(v) is list and all(FAN(b) for b in v),
}
MISSED_FIELDS: dict[str, Check] = {
    "fan": FAN,
    "key": _text,
    "count": _whole(1),
    "points": _whole(),
    "rulings": _rulings,
}
PENALTY_FIELDS: dict[str, Check] = {
    "foul": _text,
    "points": _whole(1),
    "to": lambda v: v in ("others", "none"),
    "position": _text,
    "rulings": _rulings,
}
FALSE_WIN_FIELDS: dict[str, Check] = {
    "kind": lambda v: v in ("below-minimum", "not-winning"),
    "reason": _text,
    "points_short": lambda v: v is None or _whole()(v),
    "tiles_away": lambda v: v is None or _whole()(v),
    "rulings": _rulings,
    "penalty": lambda v: v is None or _problem(v, PENALTY_FIELDS) is None,
    "penalty_text": _text,
    "position": lambda v: v is None or _text(v),
}
AUDIT_FIELDS: dict[str, Check] = {
    "id": lambda v: type(v) in (str, int),
    "hand": _text,
    "profile": _text,
    "valid_win": lambda v: type(v) is bool,
    "total": lambda v: v is None or _whole()(v),
    "claimed_total": lambda v: v is None or type(v) is int,
    "right": lambda v: v is None or type(v) is bool,
    "reading": _whole(),
    "readings": _whole(1),
    "verdicts": _list_of(VERDICT_FIELDS),
    "missed": _list_of(MISSED_FIELDS),
    "agrees": lambda v: v is None or type(v) is bool,
}


def _problem(record: Any, fields: dict[str, Check]) -> str | None:
    if type(record) is not dict:
        return "not a JSON object"
    if set(record) != set(fields):
        return "not the fields a report record has"
    bad = next((key for key, check in fields.items() if not check(record[key])), None)
    return None if bad is None else f'"{bad}" is not what a report record holds there'


def check_record(record: Any, *, max_line: int) -> str | None:
    """What is wrong with one resumed record, in general terms; None when it is a record this input could have."""
    if type(record) is not dict or "line" not in record:
        return "not a report record"
    if not _whole(1, max_line)(record["line"]):
        return f'"line" is not a line of the input (1 to {max_line})'
    if "error" in record:
        problem = _problem(record, {"line": _whole(), "error": _text})
        return problem or (None if record["error"].isprintable() else '"error" holds control characters')
    fields = {"line": _whole(), **AUDIT_FIELDS}
    if record.get("valid_win") is False:
        fields["false_win"] = lambda v: _problem(v, FALSE_WIN_FIELDS) is None
    problem = _problem(record, fields)
    if problem is None and record["agrees"] is not None and record["agrees"] != record["right"]:
        return '"agrees" contradicts "right"'
    if problem is None and (record["claimed_total"] is None) != (record["right"] is None):
        return '"right" contradicts "claimed_total"'
    return problem
