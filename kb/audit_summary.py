"""What ``mjref audit-log`` tells the person who runs the event: the counts over a report, one row per
disagreement and per false win (id, claimed, scorer, difference, the deciding rulings), as text fitted to the
terminal or as CSV for a spreadsheet. Rows are in input-line order and rulings by count then id, so two runs
over the same report print the same bytes, however many workers wrote it or how often it resumed.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from scorer.errors import printable

from . import terminal
from .terminal import fit_table


class Row(NamedTuple):
    """One hand the organiser must look at: a disagreement, a false win, or both."""

    line: int
    id: str
    claimed: int | None
    scorer: int | None
    false_win: str | None  # "below-minimum" or "not-winning"
    rulings: tuple[str, ...]

    @property
    def difference(self) -> int | None:
        """Claimed minus the scorer's total, when both are known."""
        return None if self.claimed is None or self.scorer is None else self.claimed - self.scorer


# What the summary needs of a record: whether the claim agrees ("error" for a bad line, None without a
# claim), the rulings that decided a disagreement or a false win, whether the win is false, and its row.
Outcome = tuple[bool | str | None, tuple[str, ...], bool, Row | None]


def deciding_rulings(record: dict[str, Any]) -> tuple[str, ...]:
    """The rulings behind a disagreement or a false win, sorted: those of the false win, of each rejected claim
    and of each missed fan; ``(total only)`` when only the claimed total differs."""
    rulings = set(record["false_win"]["rulings"]) if record.get("valid_win") is False else set()
    rulings |= {r for v in record.get("verdicts", []) if v["verdict"] != "accepted" for r in v["rulings"]}
    rulings |= {r for m in record.get("missed", []) for r in m["rulings"]}
    return tuple(sorted(rulings)) or ("(total only)",)


def outcome(record: dict[str, Any]) -> Outcome:
    if "error" in record:
        return "error", (), False, None
    agrees, false_win = record.get("agrees"), record.get("valid_win") is False
    if agrees is not False and not false_win:
        return agrees, (), false_win, None
    rulings = deciding_rulings(record)
    kind = record["false_win"]["kind"] if false_win else None
    row = Row(record["line"], str(record["id"]), record["claimed_total"], record["total"], kind, rulings)
    return agrees, rulings, false_win, row


@dataclass
class Summary:
    """Counts over the report, the rows to look at, and the rulings behind them."""

    hands: int = 0
    agreements: int = 0
    disagreements: int = 0
    unclaimed: int = 0
    false_wins: int = 0  # hands below the minimum or tiles that make no winning hand, claimed or not
    errors: int = 0
    skipped: int = 0  # input lines (hands and bad lines) already in the report when this run began
    by_ruling: Counter[str] = field(default_factory=Counter)
    rows: list[Row] = field(default_factory=list)
    sha256: str = ""  # of the input bytes as read by this run

    def add(self, outcome: Outcome) -> None:
        """Count one report record, given as its :data:`Outcome`."""
        agrees, rulings, false_win, row = outcome
        if agrees == "error":
            self.errors += 1
            return
        self.hands += 1
        if false_win:
            self.false_wins += 1
        if agrees is None:
            self.unclaimed += 1
        elif agrees:
            self.agreements += 1
        else:
            self.disagreements += 1
        self.by_ruling.update(rulings)
        if row is not None:
            self.rows.append(row)

    def rulings(self) -> list[tuple[str, int]]:
        """The deciding rulings, most frequent first, then by id: the same order on every run."""
        return sorted(self.by_ruling.items(), key=lambda item: (-item[1], item[0]))

    def lines(self) -> list[str]:
        lines = self.hands + self.errors
        claimed_false = sum(r.false_win is not None and r.claimed is not None for r in self.rows)
        among = f" ({claimed_false} of them false wins)" if claimed_false else ""
        out = [
            f"input lines {lines} ({lines - self.skipped} audited now, {self.skipped} already in the report):"
            f" hands {self.hands}, bad lines {self.errors}",
            f"hands: agreements {self.agreements}, disagreements {self.disagreements}{among},"
            f" without a claim {self.unclaimed}",
            f"hands: false wins {self.false_wins} (below the minimum or no winning hand, claimed or not)",
        ]
        if self.by_ruling:
            out.append("hands in disagreement or false wins, by the ruling that decided them:")
            out += [f"  {n:6d}  {ruling}" for ruling, n in self.rulings()]
        return out

    def report(self, width: int | None = None) -> list[str]:
        """The readable report: the disagreements, the false wins apart, then :meth:`lines`."""
        rows = sorted(self.rows)
        disagreements = [r for r in rows if r.false_win is None]
        false_wins = [r for r in rows if r.false_win is not None]
        out = [f"Disagreements ({len(disagreements)}, false wins apart)"]
        headers = ["line", "id", "claimed", "scorer", "difference", "rulings"]
        table = [
            [str(r.line), printable(r.id), _n(r.claimed), _n(r.scorer), _signed(r.difference), ", ".join(r.rulings)]
            for r in disagreements
        ]
        out += fit_table(headers, table, right={0, 2, 3, 4}, width=width) or ["  (none)"]
        columns = width or terminal.width()
        out += [
            "",
            *terminal.wrap(f"False wins ({len(false_wins)}: the win does not stand, whatever was claimed)", columns),
        ]
        headers = ["line", "id", "claimed", "why", "rulings"]
        table = [
            [str(r.line), printable(r.id), _n(r.claimed), r.false_win or "", ", ".join(r.rulings)] for r in false_wins
        ]
        out += fit_table(headers, table, right={0, 2}, width=width) or ["  (none)"]
        return [*out, "", *(part for line in self.lines() for part in terminal.wrap(line, columns, "    "))]

    def csv(self) -> str:
        """One CSV row per hand to look at, in input-line order, under a header row."""
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerow(["line", "id", "verdict", "claimed", "scorer", "difference", "rulings"])
        for r in sorted(self.rows):
            verdict = "disagreement" if r.false_win is None else f"false win ({r.false_win})"
            row = [
                r.line,
                _cell(r.id),
                verdict,
                _n(r.claimed, ""),
                _n(r.scorer, ""),
                _n(r.difference, ""),
                " ".join(r.rulings),
            ]
            writer.writerow(row)
        return text.getvalue()


def _cell(text: str) -> str:
    """An event's own text as a spreadsheet cell: control characters escaped as the terminal shows them, and a
    leading = + - @ made plain text with a quote, so that no spreadsheet reads the cell as a formula.

    >>> _cell("=cmd|' /C calc'!A0"), _cell("r1\\x1b]0;x\\x07"), _cell("round 1-3")
    ("'=cmd|' /C calc'!A0", 'r1\\\\x1b]0;x\\\\x07', 'round 1-3')
    """
    shown = printable(text)
    return "'" + shown if shown[:1] in ("=", "+", "-", "@") else shown


def _n(value: int | None, none: str = "-") -> str:
    return none if value is None else str(value)


def _signed(value: int | None) -> str:
    return "-" if value is None else f"{value:+d}"
