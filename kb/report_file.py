"""The report file of ``mjref audit-log``: created, or resumed only when it provably belongs to the input.

A report is JSON Lines. Its first line is a header naming what it reports on::

    {"mjref_report": 1, "input": "/abs/event.jsonl", "sha256": "…", "profile": "green-book",
     "profile_sha256": "…"}

and every later line is one input line's record (``{"line": N, …}``). :func:`open_report` creates the
file, or resumes it when the header matches this input (same resolved path, same bytes, or bytes that begin
with the old input's whole lines: hands appended, the header then names the grown input) and the profile
(the same resolved content, :func:`scorer.profiles.fingerprint`: a profile file edited since, or one it
extends, is another profile, wherever it lies), and every record is one the run could have written
(:mod:`kb.report_records`); any other existing file is refused with :class:`ReportRefused`, naming the line,
and left byte-for-byte untouched. :class:`StopOnSignals` turns SIGINT, SIGTERM and SIGHUP into
:class:`Interrupted`, never in the middle of a write.
"""

from __future__ import annotations

import fcntl
import hashlib
import io
import json
import os
import signal
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType, TracebackType
from typing import IO, Any, TypeVar

from scorer.errors import MjrefError, printable

from .report_records import check_record

FORMAT = 1  # the value of "mjref_report" in the header
MAX_HEADER = 64 * 1024  # bytes: a first line longer than this is no header of ours

T = TypeVar("T")


class ReportRefused(MjrefError):
    """``--out`` names a file that is not this input's report; nothing was written to it."""

    code = "report"


class ReportError(MjrefError):
    """The report could not be created, read or written (an operating-system error)."""

    code = "report"


class Interrupted(BaseException):  # like KeyboardInterrupt: no `except Exception` swallows it
    """The run was stopped by a signal; ``exit_status`` is the shell's 128 + its number. ``report`` is
    true once the report file was opened (it then holds whole lines only, and resumes)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.name = signal.Signals(signum).name
        self.exit_status = 128 + signum
        self.report = False
        super().__init__(self.name)


def header(path: Path, sha256: str, profile: str, profile_sha256: str) -> dict[str, Any]:
    """The header line of a report on ``path`` (whose bytes hash to ``sha256``) under ``profile`` (its name, for
    the reader), whose resolved content hashes to ``profile_sha256``."""
    return {
        "mjref_report": FORMAT,
        "input": str(path.resolve()),
        "sha256": sha256,
        "profile": profile,
        "profile_sha256": profile_sha256,
    }


def header_line(head: dict[str, Any]) -> str:
    return json.dumps(head) + "\n"  # ASCII: a file name need not be UTF-8


def open_report(
    out: Path, head: dict[str, Any], summarize: Callable[[dict[str, Any]], T], max_line: int
) -> tuple[IO[str], dict[int, T]]:
    """Open ``out`` for appending records: created with ``head`` as its first line, or resumed.

    Returns the file and, for a resumed report, ``summarize(record)`` of each record by its input line
    (the input has ``max_line`` lines).
    A torn last line (no newline: a run killed mid-write) is cut off, so that input line is redone.
    Anything else at ``out`` raises :class:`ReportRefused` and is not modified.
    """
    name = printable(str(out))
    try:
        fd = os.open(out, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        return _resume(out, head, summarize, max_line)
    except OSError as e:
        raise ReportError(f"cannot create the report {name}: {e.strerror}") from None
    f = open(fd, "rb+", buffering=0)  # noqa: SIM115 (returned, wrapped)
    _lock(f, name)
    try:
        f.write(header_line(head).encode("utf-8"))  # one write: a killed run leaves all of it or none
    except OSError as e:
        f.close()
        raise ReportError(f"cannot write the report {name}: {e.strerror}") from None
    return _text(f), {}


def _resume(
    out: Path, head: dict[str, Any], summarize: Callable[[dict[str, Any]], T], max_line: int
) -> tuple[IO[str], dict[int, T]]:
    name = printable(str(out))

    def refuse(why: str) -> ReportRefused:
        return ReportRefused(f"--out {name}: {why}; refusing to write to it (it is left untouched)")

    try:
        if not stat.S_ISREG(os.stat(out).st_mode):
            raise refuse("not a regular file")
        if os.path.samefile(out, head["input"]):
            raise refuse("it is the input file itself")
        f = open(out, "rb+", buffering=0)  # noqa: SIM115 (returned, wrapped)
    except OSError as e:
        raise ReportError(f"cannot open the report {name}: {e.strerror}") from None
    try:
        _lock(f, name)
        if os.fstat(f.fileno()).st_size == 0:  # an empty file (from mktemp, say) holds nothing to lose
            f.write(header_line(head).encode("utf-8"))
            return _text(f), {}
        reader = io.BufferedReader(f)
        first = reader.readline(MAX_HEADER)
        why = _mismatch(first, head)
        grown = None
        if why == CHANGED:
            grown = _prefix_lines(Path(head["input"]), json.loads(first).get("sha256"))  # a header without one: None
            why = None if grown is not None else why
        if why:
            raise refuse(why)
        max_line = max_line if grown is None else grown[0]
        done: dict[int, T] = {}
        good_end = reader.tell()
        for number, raw in enumerate(reader, start=2):
            if not raw.endswith(b"\n"):
                break  # torn: cut off below, and that input line redone
            record, problem = _record(raw, max_line)
            if record is not None and record["line"] in done:
                problem = "it repeats an input line already reported"
            if record is None or problem:
                raise refuse(f"its line {number} is not a report record ({problem}; was it edited?)")
            done[record["line"]] = summarize(record)
            good_end += len(raw)
        reader.detach()  # f stays open, for writing
        if grown is not None:  # the same header, for the grown input: 64 hex digits over 64, in one write
            at = first.index(b'"sha256": "') + len(b'"sha256": "')
            os.pwrite(f.fileno(), head["sha256"].encode("ascii"), at)
        f.truncate(good_end)
        f.seek(0, os.SEEK_END)
    except BaseException:
        f.close()
        raise
    return _text(f), done


def _mismatch(first: bytes, head: dict[str, Any]) -> str | None:
    """Why ``first`` (a file's first line) is not the header ``head``; None when it is."""
    try:  # UTF-8 strictly: json.loads would take bytes with surrogatepass, and a report is written as UTF-8
        found = json.loads(first.decode("utf-8")) if first.endswith(b"\n") else None
    except (ValueError, RecursionError):  # UnicodeDecodeError among the ValueErrors
        found = None
    if not isinstance(found, dict) or found.get("mjref_report") != FORMAT:
        return "it is not an mjref audit-log report (its first line is no report header)"
    if found.get("input") != head["input"]:
        return f"it is the report of another input ({printable(str(found.get('input')))})"
    if found.get("sha256") != head["sha256"]:
        return CHANGED
    if found.get("profile_sha256") != head["profile_sha256"]:
        return "it was begun with another profile, or with this profile's file before it was changed"
    return None


CHANGED = (
    "the input has changed since this report was begun (its sha256 differs, and the input it was begun on"
    " is not its beginning)"
)


def _prefix_lines(path: Path, sha256: object) -> tuple[int] | None:
    """When the first whole lines of ``path`` are, byte for byte, the input whose bytes hash to ``sha256`` (an
    event file a round's hands were appended to; its last line may have lacked the newline an editor adds before
    appending), how many lines they are; None when no beginning is."""
    if not isinstance(sha256, str):
        return None
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            number = 0
            while chunk := f.readline(1 << 16):
                if chunk.endswith(b"\n"):  # the old input may have ended with this line, short of its newline
                    unended = digest.copy()
                    unended.update(chunk[:-1])
                    if unended.hexdigest() == sha256:
                        return (number + 1,)
                digest.update(chunk)
                if chunk.endswith(b"\n"):  # a line ends: the old input may have ended with it
                    number += 1
                    if digest.copy().hexdigest() == sha256:
                        return (number,)
    except OSError:
        return None
    return None


def _record(raw: bytes, max_line: int) -> tuple[dict[str, Any] | None, str]:
    """A resumed record, or None and why it is none."""
    try:
        record = json.loads(raw.decode("utf-8"))  # strictly, as the header (_mismatch)
    except UnicodeDecodeError:
        return None, "not UTF-8 text"
    except (ValueError, RecursionError):
        return None, "not JSON"
    problem = check_record(record, max_line=max_line)
    return (None, problem) if problem else (record, "")


def _lock(f: IO[bytes], name: str) -> None:
    """Hold an exclusive lock on the report while this run writes it: two runs never interleave."""
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        raise ReportRefused(f"--out {name}: another mjref run is writing this report") from None


def _text(f: IO[bytes]) -> IO[str]:
    return io.TextIOWrapper(io.BufferedWriter(f), encoding="utf-8", newline="\n")


class StopOnSignals:
    """Within ``with``: SIGINT, SIGTERM and SIGHUP raise :class:`Interrupted` (once), but never inside
    ``with guard.held():``; a signal arriving there is raised when the block ends. SIGHUP is left ignored
    when it was (under ``nohup``). In a forked child that has not yet set its own handlers, SIGINT and
    SIGHUP (sent to the whole process group) are ignored and SIGTERM ends it quietly."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

    def __init__(self) -> None:
        self.depth = 0
        self.pending: int | None = None
        self.raised = False
        self.pid = os.getpid()
        self.saved: dict[int, Any] = {}

    def __enter__(self) -> StopOnSignals:
        if threading.current_thread() is threading.main_thread():
            for s in self.SIGNALS:
                if s == signal.SIGHUP and signal.getsignal(s) == signal.SIG_IGN:
                    continue  # nohup: a hangup is not meant to stop the run
                self.saved[s] = signal.signal(s, self._handle)
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        for s, handler in self.saved.items():
            signal.signal(s, handler)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if os.getpid() != self.pid:  # a worker, forked before it could set its own handlers
            if signum == signal.SIGTERM:
                os._exit(128 + signum)
            return
        if self.pending is None:
            self.pending = signum
        if self.depth == 0 and not self.raised:
            self.raised = True
            raise Interrupted(signum)

    @contextmanager
    def held(self) -> Iterator[None]:
        """A block that a signal does not interrupt (it is raised when the block ends)."""
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
        if self.depth == 0 and self.pending is not None and not self.raised:
            self.raised = True
            raise Interrupted(self.pending)


def worker_signals() -> None:
    """In a worker process: ignore SIGINT and SIGHUP (the parent stops the run) and die quietly on SIGTERM."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
