"""Read a session from a file or a text: JSON, or CSV as a spreadsheet keeps a score sheet.

A file is read whole, at most :data:`MAX_BYTES`, as UTF-8 (a spreadsheet's byte-order mark is allowed). Its kind
comes from its name (``.csv``, anything else JSON). Every failure is one line naming the file and what is wrong,
never the file's contents.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import MjrefError
from ..regular_files import read_regular
from .csv_sheet import data_from_csv
from .session import Session, _fail, session_from_data

MAX_BYTES = 1 << 20  # a session of sixteen hands fits in a few kilobytes


def read_session(path: object) -> Session:
    """The checked session in the file at ``path`` (``.csv``: CSV; otherwise JSON)."""
    if not isinstance(path, str | Path):
        raise _fail("session file: expected a path, not %(type)s", type=type(path).__name__)
    name = str(path)
    try:
        raw = read_regular(path, MAX_BYTES)
    except OSError as e:
        raise _fail("cannot read %(file)s: %(reason)s", file=name, reason=e.strerror or type(e).__name__) from None
    if len(raw) > MAX_BYTES:
        raise _fail("%(file)s: larger than %(max)s bytes: not a session's score sheet", file=name, max=MAX_BYTES)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise _fail("%(file)s: not UTF-8 text (byte %(at)s)", file=name, at=e.start + 1) from None
    kind = "csv" if name.lower().endswith(".csv") else "json"
    try:
        return session_from_text(text, kind)
    except MjrefError as e:
        raise _fail("%(file)s: %(error)s", file=name, error=e) from None


def session_from_text(text: object, kind: object = "json") -> Session:
    """The checked session written in ``text``: ``kind`` ``"json"`` or ``"csv"``."""
    if not isinstance(text, str):
        raise _fail("a session's text: expected text, not %(type)s", type=type(text).__name__)
    if kind == "csv":
        return session_from_data(data_from_csv(text))
    if kind != "json":
        raise _fail("unknown session format %(kind)s: json or csv", kind=repr(kind))
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise _fail(
            "not JSON: line %(line)s, column %(column)s: %(reason)s", line=e.lineno, column=e.colno, reason=e.msg
        ) from None
    except ValueError as e:  # a number too long to read
        raise _fail("not JSON: %(reason)s", reason=str(e)[:80]) from None
    except RecursionError:
        raise _fail("not a session: nested too deeply") from None
    return session_from_data(data)


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise _fail("key %(key)s is written twice in one object", key=repr(key))
        out[key] = value
    return out
