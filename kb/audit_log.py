"""Re-score a whole event: audit every hand of a JSON Lines file, in parallel, resumably.

Each input line is ``{"id": …, "hand": "…"}`` with optionally ``"claim"`` (fan names), ``"claim_total"``
(points) or ``"profile"`` (a built-in profile, or the one the run was given). Lines are split on ``\\n``
only and decoded one by one. Each good line gives one report record: the audit of :mod:`kb.audit` plus
``id``, ``line`` and ``agrees`` (false for a claimed false win: the win does not stand). A bad line of any
kind (not UTF-8, not JSON, a field of the wrong type, a hand that cannot be scored) gives a record with
``error`` and the run goes on. The report file, its header and resuming it are :mod:`kb.report_file`'s.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import json
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext, suppress
from functools import cache
from pathlib import Path
from typing import IO, Any, cast

from scorer import arguments
from scorer.errors import MjrefError, printable
from scorer.profiles import builtin_names, fingerprint, load_profile

from .audit import MAX_CLAIMED, audit
from .audit_summary import Outcome, Summary, outcome
from .claims import name_index
from .report_file import (
    Interrupted,
    ReportError,
    StopOnSignals,
    header,
    header_line,
    open_report,
    worker_signals,
)

MAX_LINE = 2000  # characters
MAX_BYTES = 4 * MAX_LINE  # a longer line is more than MAX_LINE characters, whatever they are

# One input line as a worker gets it: its number, its bytes (or text), and the run's profile.
Item = tuple[int, bytes | str, str]


def report_line(item: Item) -> tuple[str, Outcome]:
    """One input line's report line (JSON) and its outcome: made in the worker, so the main process only
    writes text and counts (a string crosses between processes far more cheaply than a nested dict)."""
    record = audit_line(item)
    return json.dumps(record, ensure_ascii=False) + "\n", outcome(record)


def audit_line(item: Item) -> dict[str, Any]:
    """The report record of one input line (run in a worker process); never raises."""
    number, raw, profile = item
    record: dict[str, Any] = {"line": number}
    try:
        ident, hand, claim, total, own = fields(parse_line(number, raw), number, profile)
        record["id"] = ident
        result = audit(hand, claim=claim, claim_total=total, profile=own)
        record.update(result.to_dict())
        record["agrees"] = None if claim is None and total is None else result.claim_is_right
    except (ValueError, MjrefError) as e:
        record = {"line": number, "error": printable(str(e))}
    except Exception as e:  # a fault in the scorer costs this line, not the run
        record = {"line": number, "error": printable(f"internal error ({type(e).__name__}: {e})")}
    return record


def parse_line(number: int, raw: bytes | str) -> object:
    """The JSON value of one input line; ValueError, in one line, when it has none."""
    if len(raw) > MAX_BYTES:
        raise ValueError(f"line too long (more than {MAX_LINE} characters)")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(f"not UTF-8 (byte 0x{raw[e.start]:02x} at byte {e.start + 1})") from None
    text = raw.removeprefix("\ufeff") if number == 1 else raw
    if len(text) > MAX_LINE:
        raise ValueError(f"line too long ({len(text)} characters, at most {MAX_LINE})")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as e:
        reason = e.msg.removesuffix(" at")  # json's "Invalid control character at" already ends in "at"
        raise ValueError(f"not JSON ({reason} at column {e.colno})") from None
    except RecursionError:
        raise ValueError("not JSON that can be read (nested too deeply)") from None
    except DuplicateKey as e:
        raise ValueError(
            f"the key {e.key[:40]!r} is given twice (which one counts is a guess, so neither is taken)"
        ) from None
    except ValueError as e:  # e.g. an integer of more digits than Python converts
        raise ValueError(f"not JSON that can be read ({e})") from None


class DuplicateKey(ValueError):
    """A JSON object of a line holds a key twice (json.loads would keep the last one silently)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's pairs as a dict, refusing a key given twice."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DuplicateKey(key)
        found[key] = value
    return found


LINE_KEYS = ("id", "hand", "claim", "claim_total", "profile")
MEANT = {
    "total": "claim_total",
    "points": "claim_total",
    "claimed_total": "claim_total",
    "fans": "claim",
    "tiles": "hand",
}


def near_key(key: str) -> str | None:
    """The key of a line that ``key`` misspells (``claimtotal``, ``Claim_Total``, ``claims``, ``hands``), if any.
    Keys of the event's own (a table, a round, a note) are far from all of them, and left alone."""
    if key in LINE_KEYS:
        return None
    if key.lower() in MEANT:
        return MEANT[key.lower()]
    plain = "".join(ch for ch in key.lower() if ch.isalnum())
    for known in LINE_KEYS:
        if plain == known.replace("_", "") or difflib.SequenceMatcher(None, key.lower(), known).ratio() >= 0.8:
            return known
    return None


def fields(data: object, number: int, profile: str) -> tuple[str | int, str, str | None, int | None, str]:
    """``id``, ``hand``, ``claim``, ``claim_total`` and ``profile`` of a line, each of the type it must
    have (null is the same as absent); ValueError naming the first that is not."""
    if not isinstance(data, dict):
        raise ValueError(f'expected a JSON object with "id" and "hand", not {_kind(data)}')
    for key in data:
        meant = near_key(key)
        if meant is not None:  # a misspelt "claim_total" would otherwise be read as no claim at all
            raise ValueError(f"unknown key {key[:40]!r}: is it {meant!r}? (a line's keys: {', '.join(LINE_KEYS)})")
    ident = data.get("id")
    if ident is None:
        ident = number
    elif not isinstance(ident, str) and not _whole(ident):
        raise ValueError(f'"id" must be text or a whole number, not {_kind(ident)}')
    hand = data.get("hand")
    if not isinstance(hand, str):
        what = "is missing" if hand is None else f"must be text, not {_kind(hand)}"
        raise ValueError(f'"hand" {what} (a hand such as "234m567m234p567p88s")')
    claim = data.get("claim")
    if claim is not None and not isinstance(claim, str):
        raise ValueError(f'"claim" must be text such as "Pure Straight, Tile Hog x2", not {_kind(claim)}')
    total = data.get("claim_total")
    if total is not None and not (_whole(total) and 0 <= total <= MAX_CLAIMED):
        shown = str(total)[:40] if _whole(total) else _kind(total)
        raise ValueError(f'"claim_total" must be a whole number from 0 to {MAX_CLAIMED}, not {shown}')
    own = data.get("profile")
    if own is None:
        own = profile
    elif not isinstance(own, str):
        raise ValueError(f'"profile" must be the name of a profile, not {_kind(own)}')
    elif own != profile and own not in _builtins():
        allowed = ", ".join(sorted({*_builtins(), profile}))
        raise ValueError(f'"profile": {own[:100]!r} is not allowed: use one of {allowed} (--profile adds a file)')
    return ident, hand, claim, total, own


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: object) -> str:
    """The JSON type of ``value``, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    kinds = {dict: "an object", list: "an array", str: "text", int: "a number", float: "a fractional number"}
    return kinds.get(type(value), type(value).__name__)


@cache
def _builtins() -> frozenset[str]:
    return frozenset(builtin_names())


def read_lines(f: IO[bytes], digest: Any = None) -> Iterator[tuple[int, bytes]]:
    """Each line of ``f`` with its number, split on ``\\n`` only (``\\r`` is data), its ``\\n`` or
    ``\\r\\n`` ending removed. A line longer than :data:`MAX_BYTES` is cut to ``MAX_BYTES + 1`` bytes
    (the rest is read past, not kept). Every byte read is fed to ``digest`` (a hashlib object)."""
    number = 0
    while raw := f.readline(MAX_BYTES + 1):
        number += 1
        if digest is not None:
            digest.update(raw)
        if not raw.endswith(b"\n") and len(raw) > MAX_BYTES:
            while rest := f.readline(1 << 16):
                if digest is not None:
                    digest.update(rest)
                if rest.endswith(b"\n"):
                    break
        if raw.endswith(b"\n"):
            raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
        yield number, raw


class InputRefused(MjrefError):
    """The input is not a regular file (a FIFO, a device such as /dev/zero, a folder): it could block or never end."""

    code = "input"


def open_input(path: Path) -> IO[bytes]:
    """``path`` opened for reading, when it is a regular file: checked without blocking (a FIFO opened for
    reading waits for a writer; ``O_NONBLOCK`` does not), and on the opened file itself."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        raise InputRefused(f"{printable(path)}: cannot be read ({e.strerror})") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise InputRefused(f"{printable(path)}: not a regular file (a FIFO, a device or a folder): only files are read")
    os.set_blocking(fd, True)
    return open(fd, "rb")


def scan(path: Path) -> tuple[str, int, int]:
    """The sha256 of ``path``'s bytes, its number of lines that are not blank, and its number of lines."""
    digest = hashlib.sha256()
    lines = last = 0
    with open_input(path) as f:
        for number, raw in read_lines(f, digest):
            lines, last = lines + (1 if raw.strip() else 0), number
    return digest.hexdigest(), lines, last


def usable_cores() -> int:
    """The cores this process may run on (its affinity), at least 1."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _items(f: IO[bytes], profile: str, done: dict[int, Any], digest: Any) -> Iterator[Item]:
    for number, raw in read_lines(f, digest):
        if raw.strip() and number not in done:
            yield number, raw, profile


def run(
    path: Path,
    out: IO[str],
    profile: str = "green-book",
    jobs: int | None = None,
    done: dict[int, Outcome] | None = None,
    progress: Callable[[int], object] | None = None,
    on_error: Callable[[dict[str, Any]], object] | None = None,
    guard: StopOnSignals | None = None,
) -> Summary:
    """Audit every line of ``path`` not in ``done`` (records already reported, by input line) into ``out``,
    one JSON record per line; return the summary of all of them. With ``guard``, a signal stops the run
    between two writes, never in one."""
    summary = Summary(skipped=len(done or {}))
    for result in (done or {}).values():
        summary.add(result)
    held: Callable[[], AbstractContextManager[None]] = guard.held if guard is not None else nullcontext
    digest = hashlib.sha256()
    jobs = min(jobs or usable_cores(), usable_cores())  # more workers than cores only cost memory (64: 1.4 GB)
    pool = None
    with open_input(path) as f:
        items = _items(f, profile, done or {}, digest)
        try:
            if jobs == 1:
                results: Iterator[tuple[str, Outcome]] = map(report_line, items)
            else:
                with held():
                    pool = _pool(jobs)
                results = pool.imap(report_line, items, chunksize=64)
            for line, result in results:
                with held():
                    _write(out, line)
                    summary.add(result)
                if result[0] == "error" and on_error is not None:
                    on_error(json.loads(line))
                if progress is not None:
                    progress(1)
        finally:
            if pool is not None:
                with held():
                    pool.terminate()
    summary.sha256 = digest.hexdigest()
    return summary


def _start_worker() -> None:
    worker_signals()
    name_index()  # the fan names, read once per worker rather than by its first claim


def _pool(jobs: int) -> Any:
    """``jobs`` worker processes, started by a fork server: a clean single-threaded process that has imported
    the scorer once. Forking the caller itself could copy a lock another of its threads holds (a test runner,
    a host application) into a worker, which would then wait on it forever."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    # The fork server starts by importing the scorer, with SIGINT and SIGHUP at their defaults until it sets its
    # own: a Ctrl-C in that second printed its KeyboardInterrupt, and a hangup sent to the whole process group (a
    # closed terminal) killed it under the pool, which then waited for ever. Signals ignored when it is started
    # stay ignored across its exec, so both are ignored here for that moment only; this process, which stops the
    # run, has its own handlers back at once.
    main = threading.current_thread() is threading.main_thread()
    kept = {s: h for s in (signal.SIGINT, signal.SIGHUP) if (h := signal.getsignal(s)) is not None} if main else {}
    try:
        for s in kept:
            signal.signal(s, signal.SIG_IGN)
        multiprocessing.forkserver.ensure_running()
    finally:
        for s, handler in kept.items():
            signal.signal(s, handler)
    return context.Pool(jobs, initializer=_start_worker)


def _write(out: IO[str], line: str) -> None:
    try:
        try:
            out.write(line)
        except UnicodeEncodeError:  # text the output cannot encode (a lone surrogate from a \\ud800 escape)
            out.write(json.dumps(json.loads(line), ensure_ascii=True) + "\n")
    except BrokenPipeError:  # the standard output's reader stopped (| head): ended quietly, as other Unix tools are
        raise
    except OSError as e:
        raise ReportError(f"cannot write the report: {e.strerror}") from None


class _Nowhere(io.TextIOBase):
    """A text stream that drops what is written to it: the records when only the summary is wanted."""

    def write(self, text: str) -> int:
        return len(text)


def audit_file(
    path: Path,
    out: Path | None,
    profile: str = "green-book",
    jobs: int | None = None,
    on_error: Callable[[dict[str, Any]], object] | None = None,
    progress: Callable[[int], AbstractContextManager[Any]] | None = None,
    records: bool = True,
) -> Summary:
    """Audit ``path`` into the report ``out`` (created, or resumed: :func:`kb.report_file.open_report`),
    or to stdout, header first (or nowhere, with ``records`` false: the summary is then all there is).
    ``progress(n)`` makes a bar for ``n`` lines (with ``update(1)``).
    SIGINT and SIGTERM raise :class:`kb.report_file.Interrupted` with the report left whole."""
    path, out = arguments.path(path, "path"), None if out is None else arguments.path(out, "out")
    arguments.known_profile(profile)
    if jobs is not None:
        arguments.whole(jobs, "jobs", 1)
    with StopOnSignals() as guard:
        target: IO[str] | None = None
        try:
            sha256, lines, last = scan(path)
            resolved = load_profile(profile)
            head = header(path, sha256, resolved.name, fingerprint(resolved))
            with guard.held():
                done: dict[int, Outcome] = {}
                if out is None:
                    target = sys.stdout if records else cast(IO[str], _Nowhere())
                    _write(target, header_line(head))
                else:
                    target, done = open_report(out, head, outcome, max_line=last)
            with progress(max(lines - len(done), 0)) if progress else nullcontext() as bar:
                summary = run(path, target, profile, jobs, done, bar.update if bar else None, on_error, guard)
        except BaseException as e:
            if target is not None:
                with guard.held(), suppress(OSError):
                    target.flush() if out is None else target.close()
                if isinstance(e, Interrupted):
                    e.report = out is not None
            raise
        with guard.held():
            try:
                target.flush() if out is None else target.close()
            except BrokenPipeError:
                raise
            except OSError as e:
                raise ReportError(f"cannot write the report: {e.strerror}") from None
    if summary.sha256 != sha256:
        raise ReportError("the input changed while it was read, so the report does not match it: start a new report")
    return summary
