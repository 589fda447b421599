"""Re-score a whole event: audit every hand of a JSON Lines file, in parallel, resumably.

Each input line is ``{"id": …, "hand": "…"}`` with optionally ``"claim"`` (fan names) or
``"claim_total"`` (points). Each good line gives one report line: the audit of :mod:`kb.audit` plus
``id``, ``line`` and ``agrees``. A bad line (not JSON, no hand, a hand that cannot be scored) gives a
report line with ``error`` and the run goes on. With an existing report, lines already reported are
skipped, so an interrupted run resumes where it stopped (a half-written last line is dropped).
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from scorer.errors import MjrefError

from .audit import audit
from .claims import name_index

MAX_LINE = 2000  # characters


@dataclass
class Summary:
    """Counts over the report, and the rulings behind the disagreements."""

    hands: int = 0
    agreements: int = 0
    disagreements: int = 0
    unclaimed: int = 0
    errors: int = 0
    skipped: int = 0
    by_ruling: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        """Count one report record, given as its :data:`Outcome`."""
        agrees, rulings = outcome
        if agrees == "error":
            self.errors += 1
            return
        self.hands += 1
        if agrees is None:
            self.unclaimed += 1
        elif agrees:
            self.agreements += 1
        else:
            self.disagreements += 1
            self.by_ruling.update(rulings)

    def lines(self) -> list[str]:
        out = [
            f"hands {self.hands} (skipped as already reported: {self.skipped}), bad lines {self.errors}",
            f"agreements {self.agreements}, disagreements {self.disagreements}, without a claim {self.unclaimed}",
        ]
        if self.by_ruling:
            out.append("disagreements by the ruling that decided them:")
            out += [f"  {n:6d}  {ruling}" for ruling, n in self.by_ruling.most_common()]
        return out


def deciding_rulings(record: dict[str, Any]) -> set[str]:
    """The rulings behind a disagreement: those of each rejected claim and each missed fan."""
    rulings = {r for v in record.get("verdicts", []) if v["verdict"] != "accepted" for r in v["rulings"]}
    rulings |= {r for m in record.get("missed", []) for r in m["rulings"]}
    return rulings or {"(total only)"}


# What the summary needs of a record: whether the claim agrees ("error" for a bad line, None without a
# claim) and, for a disagreement, the rulings that decided it.
Outcome = tuple[bool | str | None, frozenset[str]]


def outcome(record: dict[str, Any]) -> Outcome:
    if "error" in record:
        return "error", frozenset()
    agrees = record.get("agrees")
    return agrees, frozenset(deciding_rulings(record)) if agrees is False else frozenset()


def report_line(item: tuple[int, str, str]) -> tuple[str, Outcome]:
    """One input line's report line (JSON) and its outcome: made in the worker, so the main process only
    writes text and counts (a string crosses between processes far more cheaply than a nested dict)."""
    record = audit_line(item)
    return json.dumps(record, ensure_ascii=False) + "\n", outcome(record)


def audit_line(item: tuple[int, str, str]) -> dict[str, Any]:
    """The report record of one input line (run in a worker process)."""
    number, text, profile = item
    record: dict[str, Any] = {"line": number}
    try:
        if len(text) > MAX_LINE:
            raise ValueError(f"line too long ({len(text)} characters)")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"not JSON ({e.msg} at column {e.colno})") from None
        if not isinstance(data, dict) or not isinstance(data.get("hand"), str):
            raise ValueError('expected an object with "id" and "hand"')
        record["id"] = data.get("id", number)
        claim, total = data.get("claim"), data.get("claim_total")
        if claim is not None and not isinstance(claim, str):
            raise ValueError('"claim" must be text such as "Pure Straight, Tile Hog x2"')
        if total is not None and (not isinstance(total, int) or isinstance(total, bool)):
            raise ValueError('"claim_total" must be a whole number')
        result = audit(data["hand"], claim=claim, claim_total=total, profile=data.get("profile", profile))
        record.update(result.to_dict())
        record["agrees"] = None if claim is None and total is None else result.claim_is_right
    except (ValueError, MjrefError) as e:
        record["error"] = str(e).splitlines()[0]
    return record


def done_lines(report: Path) -> set[int]:
    """Input line numbers already in ``report``; a half-written last line is cut off the file."""
    if not report.exists():
        return set()
    done: set[int] = set()
    good_end = 0
    with open(report, "rb") as f:
        for raw in f:
            try:
                done.add(int(json.loads(raw)["line"]))
            except (ValueError, KeyError, TypeError):
                break  # an interrupted write: everything from here is redone
            good_end += len(raw)
    with open(report, "rb+") as f:
        f.truncate(good_end)
    return done


def _items(path: Path, skip: set[int], profile: str, summary: Summary) -> Iterator[tuple[int, str, str]]:
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, start=1):
            if not line.strip():
                continue
            if number in skip:
                summary.skipped += 1
                continue
            yield number, line.strip(), profile


def count_lines(path: Path) -> int:
    with open(path, "rb") as f:
        return sum(1 for line in f if line.strip())


def run(
    path: Path,
    out: IO[str],
    profile: str = "green-book",
    jobs: int | None = None,
    skip: set[int] | None = None,
    progress: Any = None,
    on_error: Any = None,
) -> Summary:
    """Audit every line of ``path`` into ``out`` (one JSON record per line); return the summary."""
    summary = Summary()
    items = _items(path, skip or set(), profile, summary)
    jobs = jobs or os.cpu_count() or 1
    name_index()  # read the fan names once, before the workers are forked
    if jobs == 1:
        results: Iterator[tuple[str, Outcome]] = map(report_line, items)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs)
        results = pool.imap(report_line, items, chunksize=64)
    try:
        for line, result in results:
            out.write(line)
            summary.add(result)
            if result[0] == "error" and on_error is not None:
                on_error(json.loads(line))
            if progress is not None:
                progress(1)
    finally:
        if pool is not None:
            pool.terminate()
    return summary
