"""Fuzz every entry point of mjref for a long, bounded run: nothing crashes, every error is one clean line.

Inputs are random mutations of valid ones (hands of :mod:`tests.support.generate`, the project's ruling
files, profiles and claims) plus random junk, made with :mod:`random` alone (no hypothesis), so the run
is fast and reproducible from ``--seed``. The entry points, each with its share of ``--inputs``:

- ``parser``: ``scorer.parse`` on mutated hand strings (and the canonical text of what it reads reads the same);
- ``score-text``, ``score-hand``: ``scorer.score`` on mutated strings and on constructed ``Hand`` objects
  with fields of wrong values and types (a valid hand with its sets shuffled must give the canonical JSON);
- ``profile``: profile files, mutated and with ``extends`` chains between them;
- ``claims``: ``kb.claims.parse_claims`` and ``kb.audit.audit`` with random claims and totals;
- ``rulings``: ``kb.build.build`` and ``mjref build`` on a copy of the rulings with files corrupted (a temp dir);
- ``audit-log``: the reader on corrupted input; ``audit-log-resume``: reruns on torn or edited reports;
- ``cli``: ``mjref score/audit/lookup/build`` through click's CliRunner, and ``cli-process`` a few real processes;
- ``site``: the site in-process (Datasette's client): random parameters, path segments and methods;
- ``babcock-order``, ``api-arguments``: Babcock's score in any order, every public function's arguments
  (``bench/fuzz_api.py``).
- ``profiles-outside``, ``locator-shapes``, ``special-files``: what mjref reads from files (``bench/fuzz_files.py``).

A failure is an exception other than the entry point's expected ones (``MjrefError``; ``BuildFailed`` for a
build), an error message that is not one line of printable characters, a status other than 200, 400, 404
or 405 (after redirects) or an exception the site had to catch and log, a file written when the call
failed (the previous ``kb.db``, a refused report), or an input line without exactly one report record.

    python bench/fuzz.py                       # 100,000 inputs
    python bench/fuzz.py --inputs 20000 --seconds 120 --seed 7

It prints, per entry point, the inputs tried, the failures and the first few failing inputs (escaped),
then the totals; the exit status is 1 when anything failed.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import logging
import random
import shutil
import string
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import fuzz_api  # noqa: E402
import fuzz_files  # noqa: E402
from click.testing import CliRunner  # noqa: E402
from datasette.views.base import DatasetteError  # noqa: E402

from kb.audit import audit  # noqa: E402
from kb.audit_log import audit_file  # noqa: E402
from kb.build import BuildFailed, build  # noqa: E402
from kb.claims import parse_claims  # noqa: E402
from kb.load import RULINGS_DIR  # noqa: E402
from mjref.main import cli  # noqa: E402
from scorer import Hand, Kind, Meld, MjrefError, Situation, format_hand, parse, score  # noqa: E402
from scorer.mcr.table import FANS  # noqa: E402
from scorer.profiles import load_profile  # noqa: E402
from scorer.tiles import name as tile_name  # noqa: E402
from tests.support.generate import GeneratedHand, random_hands  # noqa: E402

# Shares of --inputs; ``cli-process`` is a fixed handful of real processes (each costs half a second).
SHARES = {
    "parser": 0.30,
    "score-text": 0.17,
    "score-hand": 0.12,
    "profile": 0.05,
    "claims": 0.10,
    "rulings": 0.002,
    "audit-log": 0.03,
    "audit-log-resume": 0.015,
    "cli": 0.06,
    "site": 0.15,
}
import fuzz_web  # noqa: E402  (bench/fuzz_web.py: Host sizes, the server's bound on a request head, export links)

SHARES.update(fuzz_web.SHARES)
SHARES.update(fuzz_api.SHARES)
SHARES.update(fuzz_files.SHARES)
PROCESSES = 12
OK_STATUSES = {200, 400, 404, 405}
SHOWN = 3  # failing inputs shown per entry point

HOSTILE = [
    "\x00",
    "\x1b",
    "\x1b[2J",
    "\x07",
    "\n",
    "\r",
    "\r\n",
    "\t",
    "\u202e",
    "\u200b",
    "\ufeff",
    "\x85",
    "\u2028",
    "²",
    "٣",
    "\uff15",
    "é",
    "四归一",
    "\ud800",
    "\U0001f004",
    "\\",
    "'",
    '"',
    "%",
    "{",
    "}",
]
NOTATION = list("0123456789mpszESWNCFP[],|+ ") + [
    "[",
    "]",
    ",1",
    ",2",
    ",3",
    ",5",
    ",9",
    ",0",
    "|EE",
    "|EW1000",
    "+2",
    "+9",
    "1z",
    "8z",
    "0m",
    "[123m,1]",
    "[EEE,2]",
    "[5555s]",
    "55s",
]
YAML_TOKENS = ["", "~", "null", "no", "yes", "3.10", "1e309", "0x1f", "2006-03-26", "-1", "9" * 40, "[]", "{}",
               "[1, 2", "&a x", "*a", "!!python/name:os.system", "'open", '"\\e[2J"', "|\n  block", ">-", "[28, 28]",
               "[0]", "[999]", "{source: Nope, at: x}", "official", "disputed", "mcr", "babcock", "- a\n- b",
               "x: y: z", "\t", "#", "? x", "<<: {a: 1}", "[" * 40, "{" * 40, "---", "...", "%YAML 1.1"]  # fmt: skip


def shown(value: object, limit: int = 160) -> str:
    """``value`` escaped on one line, cut at ``limit`` characters."""
    text = value if isinstance(value, str) else repr(value)
    text = repr(text)[1:-1] if isinstance(value, str) else text
    return text if len(text) <= limit else text[:limit] + "…"


def clean_line(text: str) -> str | None:
    """Why ``text`` is not one non-empty line of printable characters (None when it is)."""
    if not text:
        return "empty message"
    if not text.isprintable():
        return f"message not one line of printable characters: {shown(text)}"
    return None


@dataclass
class Tally:
    """Inputs tried and failures of one entry point."""

    name: str
    tried: int = 0
    accepted: int = 0  # inputs read without an error (a hand scored, a build written, a page answered 200)
    failed: int = 0
    seconds: float = 0.0
    examples: list[str] = field(default_factory=list)

    def fail(self, what: object, problem: str) -> None:
        self.failed += 1
        if len(self.examples) < SHOWN:
            self.examples.append(f"{shown(what)}\n        -> {shown(problem, 400)}")


def unexpected(e: BaseException) -> str:
    """An unexpected exception, with the innermost frame of mjref's code that raised it."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if str(ROOT) in f.filename and "bench" not in f.filename]
    where = f" at {Path(frames[-1].filename).relative_to(ROOT)}:{frames[-1].lineno}" if frames else ""
    return f"{type(e).__name__}: {e}{where}"


# --------------------------------------------------------------------------- generators


class Gen:
    """Random inputs: mutations of valid hands, claims and files, plus junk."""

    def __init__(self, rng: random.Random, hands: list[GeneratedHand]) -> None:
        self.rng = rng
        self.hands = hands
        self.fan_names = [n for f in FANS.values() for n in (f.name, f.name_zh, f.key, str(f.number))]

    def junk(self, limit: int = 30) -> str:
        r = self.rng
        kind = r.random()
        if kind < 0.3:
            return "".join(r.choice(HOSTILE + NOTATION) for _ in range(r.randint(0, limit // 3)))
        if kind < 0.6:
            return "".join(chr(r.randint(0, 0x2FFF)) for _ in range(r.randint(0, limit)))
        if kind < 0.8:
            return "".join(r.choice(string.printable) for _ in range(r.randint(0, limit)))
        return r.choice(HOSTILE)

    def hand(self) -> GeneratedHand:
        return self.rng.choice(self.hands)

    def mutate(self, text: str, alphabet: list[str] | None = None, times: int | None = None) -> str:
        """``text`` with a few random edits: characters deleted, inserted, replaced; slices swapped or cut."""
        r = self.rng
        alphabet = alphabet or NOTATION + HOSTILE
        for _ in range(times if times is not None else r.choice((1, 1, 1, 2, 3, 6))):
            i = r.randint(0, len(text))
            j = r.randint(i, min(len(text), i + 6))
            op = r.random()
            if op < 0.25:
                text = text[:i] + text[j:]
            elif op < 0.55:
                text = text[:i] + r.choice(alphabet) + text[i:]
            elif op < 0.7:
                text = text[:i] + r.choice(alphabet) + text[j:]
            elif op < 0.8:
                text = text[:i] + text[i:j] * r.randint(2, 40) + text[j:]
            elif op < 0.9:
                k = r.randint(0, len(text))
                text = text[:i] + text[k : k + 4] + text[i:]
            else:
                text = text[:i] if r.random() < 0.5 else text[i:]
        return text

    def hand_text(self) -> str:
        r = self.rng
        kind = r.random()
        if kind < 0.1:
            return self.junk(60)
        if kind < 0.2:
            return self.hand().text
        if kind < 0.25:
            return self.hand().text + self.hand().text
        if kind < 0.3:
            return self.shuffled(self.hand())
        return self.mutate(self.hand().text)

    def shuffled(self, g: GeneratedHand) -> str:
        """``g`` with its sets and standing tiles in a random order and random spaces (winning tile last)."""
        r = self.rng
        melds = [m.text() for m in g.hand.melds]
        standing = [tile_name(t) for t in g.hand.standing]
        r.shuffle(melds)
        r.shuffle(standing)
        parts = [*melds, *standing, tile_name(g.hand.winning), g.text[g.text.index("|") :]]
        return "".join(p + " " * r.choice((0, 0, 1)) for p in parts)

    def value(self) -> Any:
        """A value of some type, for a field of a constructed Hand or a JSON line."""
        r = self.rng
        return r.choice(
            [None, True, False, 0, -1, 1, 27, 33, 34, 99, 2**64, 1.5, float("nan"), "", "1", "E", [], (), {}, b"x",
             r.randint(-5, 40), r.randint(-5, 40), self.junk(6)]
        )  # fmt: skip

    def constructed(self) -> tuple[Hand, bool]:
        """A Hand built in Python: a valid one with a field broken (False), or with its sets shuffled (True)."""
        r = self.rng
        h = self.hand().hand
        melds: Any = list(h.melds)
        standing: Any = list(h.standing)
        winning: Any = h.winning
        s = h.situation
        sit: Any = Situation(s.prevalent, s.seat, s.self_drawn, s.last_of_kind, s.last_of_wall, s.kong, s.flowers)
        if r.random() < 0.15:
            r.shuffle(melds)
            r.shuffle(standing)
            return Hand(tuple(melds), tuple(standing), winning, sit), True
        for _ in range(r.choice((1, 1, 2, 3))):
            what = r.random()
            if what < 0.3 and melds:
                i = r.randrange(len(melds))
                m = melds[i] if isinstance(melds[i], Meld) else Meld(Kind.PUNG, 0, 1)
                melds[i] = r.choice(
                    [
                        Meld(r.choice(list(Kind)), m.tile, m.offer),
                        Meld(m.kind, r.randint(-2, 36), m.offer),
                        Meld(m.kind, m.tile, r.choice([None, -1, 0, 1, 2, 3, 4, 5, 7, 8, 9])),
                        Meld(self.value(), self.value(), self.value()),
                        self.value(),
                    ]
                )
            elif what < 0.4:
                melds.append(Meld(r.choice(list(Kind)), r.randint(0, 33), r.choice([None, 0, 1, 2])))
            elif what < 0.65 and standing:
                standing[r.randrange(len(standing))] = r.choice([r.randint(-2, 36), self.value()])
            elif what < 0.72:
                standing = (
                    standing[: r.randint(0, len(standing))] if r.random() < 0.5 else standing + [r.randint(0, 33)]
                )
            elif what < 0.8:
                winning = r.choice([r.randint(-2, 36), self.value()])
            elif what < 0.95:
                values: list[Any] = (
                    [getattr(sit, f.name) for f in fields(Situation)] if isinstance(sit, Situation) else [27] * 7
                )
                values[r.randrange(len(values))] = r.choice([r.randint(-1, 40), self.value()])
                sit = Situation(*values)
            else:
                sit = self.value()
        container = r.choice([tuple, tuple, tuple, list])
        return Hand(container(melds), container(standing), winning, sit), False

    def claim(self) -> str:
        r = self.rng
        items = []
        for _ in range(r.randint(0, 4)):
            item = r.choice(self.fan_names)
            if r.random() < 0.3:
                item += r.choice([" x2", " x0", " ×3", " x99999999999999999999", " (2)", "x", " x-1", " x²"])
            if r.random() < 0.2:
                item = "2 " + item
            if r.random() < 0.25:
                item = self.mutate(item, list(string.ascii_letters) + HOSTILE, 1)
            items.append(item)
        text = r.choice([", ", ";", " + ", "\n", "，", "、"]).join(items)
        return self.junk(40) if r.random() < 0.1 else text


# --------------------------------------------------------------------------- entry points


def expect_mjref(t: Tally, what: object, call: Callable[[], object], count: bool = True) -> object | None:
    """Run ``call``: its result, or None after an MjrefError of one clean line; anything else is a failure."""
    try:
        result = call()
        t.accepted += count
        return result
    except MjrefError as e:
        problem = clean_line(str(e))
        if problem:
            t.fail(what, problem)
    except Exception as e:
        t.fail(what, unexpected(e))
    return None


def fuzz_parser(t: Tally, g: Gen) -> None:
    text = g.hand_text()
    hand = expect_mjref(t, text, lambda: parse(text))
    if isinstance(hand, Hand):
        canonical = format_hand(hand)
        again = expect_mjref(t, text, lambda: format_hand(parse(canonical)), count=False)
        if again is not None and again != canonical:
            t.fail(text, f"canonical text {canonical!r} reads back as {again!r}")


def fuzz_score_text(t: Tally, g: Gen) -> None:
    text = g.hand_text()
    profile = g.rng.choice(["green-book", "green-book", "chinese-practice", "starback"])
    ruleset = "babcock" if g.rng.random() < 0.05 else "mcr"
    if ruleset == "babcock":
        profile = "babcock"
    result = expect_mjref(t, text, lambda: score(text, profile=profile, ruleset=ruleset))
    if result is not None and ruleset == "mcr" and g.rng.random() < 0.3:
        canonical = expect_mjref(t, text, lambda: score(result.hand, profile=profile), False)  # type: ignore[attr-defined]
        if canonical is not None and canonical.to_json() != result.to_json():  # type: ignore[attr-defined]
            t.fail(text, "score JSON differs from the score of its canonical form")


def fuzz_score_hand(t: Tally, g: Gen) -> None:
    hand, valid = g.constructed()
    ruleset = "babcock" if g.rng.random() < 0.05 else "mcr"
    result = expect_mjref(t, hand, lambda: score(hand, ruleset=ruleset))
    if valid and ruleset == "mcr":
        if result is None:
            t.fail(hand, "a valid hand with its sets shuffled was refused")
            return
        canonical = expect_mjref(t, hand, lambda: score(format_hand(hand)).to_json(), False)
        if canonical is not None and canonical != result.to_json():  # type: ignore[attr-defined]
            t.fail(hand, "score JSON differs from the score of its canonical text")


class ProfileFiles:
    """A folder of fuzzed profile files, built on the project's profiles."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.bases = [p.read_text(encoding="utf-8") for p in sorted((RULINGS_DIR / "profiles").glob("*.yaml"))]
        self.bases.append(
            "name: our-club\ntitle: Our club\nextends: green-book\npositions:\n  seven-pairs-tile-hog: tile-hog\n"
            "points:\n  two-concealed-kongs: 6\n"
        )
        self.n = 0

    def write(self, g: Gen) -> Path:
        r = g.rng
        self.n += 1
        path = self.folder / f"p{self.n % 50}.yaml"
        text = r.choice(self.bases)
        kind = r.random()
        if kind < 0.45:
            lines = text.split("\n")
            for _ in range(r.choice((1, 1, 2, 4))):
                i = r.randrange(len(lines))
                key, sep, _ = lines[i].partition(":")
                lines[i] = (
                    key + (sep or ":") + " " + r.choice([r.choice(YAML_TOKENS), g.junk(12), json.dumps(g.junk(8))])
                )
            text = "\n".join(lines)
        elif kind < 0.6:
            other = self.folder / f"p{r.randrange(50)}.yaml"
            target = r.choice([str(other), str(path), "green-book", "nope", "/dev/null", "/etc/passwd", g.junk(8)])
            text = f"name: chain{self.n}\ntitle: a chain\nextends: {json.dumps(target)}\n"
        elif kind < 0.9:
            text = g.mutate(text, YAML_TOKENS + HOSTILE + list(":- \n"), r.choice((1, 3, 8)))
        else:
            path.write_bytes(bytes(r.randrange(256) for _ in range(r.randint(0, 200))))
            return path
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        return path


def fuzz_profile(t: Tally, g: Gen, files: ProfileFiles) -> None:
    path = files.write(g)
    content = path.read_bytes()
    profile = expect_mjref(t, content, lambda: load_profile(str(path)))
    if profile is not None:
        name, title = profile.name, profile.title  # type: ignore[attr-defined]
        if not (str(name).isprintable() and str(title).isprintable()):
            t.fail(content, f"profile read with a name or title not printable: {name!r} {title!r}")


def fuzz_claims(t: Tally, g: Gen) -> None:
    claim = g.claim()
    if g.rng.random() < 0.75:
        expect_mjref(t, claim, lambda: parse_claims(claim))
        return
    hand = g.hand().text if g.rng.random() < 0.8 else g.hand_text()
    total = g.rng.choice([None, None, g.rng.randint(0, 100), g.rng.randint(-10, 10**6)])
    given = claim if g.rng.random() < 0.8 else None
    if given is None and total is None:
        total = 8
    expect_mjref(t, (hand, given, total), lambda: audit(hand, claim=given, claim_total=total))


# The rulings loader: a copy of the rulings, one or more files corrupted, then built; every file restored after.


class Rulings:
    def __init__(self, folder: Path) -> None:
        self.root = folder / "rulings"
        shutil.copytree(RULINGS_DIR, self.root)
        self.out = folder / "out"
        self.out.mkdir()
        self.db = self.out / "kb.db"
        build(self.db, self.root)
        self.files = sorted(p for p in self.root.rglob("*") if p.is_file() and p.suffix in (".md", ".yaml"))

    @contextmanager
    def corrupted(self, g: Gen) -> Iterator[str]:
        """The folder with a few files corrupted; yields what was done; restores everything after."""
        r = g.rng
        saved: dict[Path, bytes] = {}
        added: list[Path] = []
        done: list[str] = []
        try:
            for _ in range(r.choice((1, 1, 1, 2, 3))):
                path = r.choice(self.files)
                if path not in saved:
                    saved[path] = path.read_bytes()
                data = path.read_bytes()
                how = r.random()
                if how < 0.2:
                    i = r.randint(0, len(data))
                    junk = bytes(r.randrange(256) for _ in range(r.randint(1, 40)))
                    data, what = data[:i] + junk + data[i:], f"bytes {junk!r} at {i}"
                elif how < 0.5:
                    head, sep, body = data.partition(b"\n---\n")
                    lines = head.split(b"\n")
                    i = r.randrange(1, len(lines)) if len(lines) > 1 else 0
                    key = lines[i].partition(b":")[0]
                    value = r.choice([r.choice(YAML_TOKENS), g.junk(12), json.dumps(g.junk(10))])
                    lines[i] = key + b": " + value.encode("utf-8", "surrogatepass")
                    data, what = b"\n".join(lines) + sep + body, f"line {i + 1} value {value!r}"
                elif how < 0.8:
                    head, sep, body = data.partition(b"\n---\n")
                    source = r.choice(["Starback2008", "Tsui2005", "Nope", "", " ", g.junk(6)])
                    insert = r.choice(
                        [
                            f"[@{source}, {g.junk(10)}]",
                            f"[@{source}; {g.junk(6)}]",
                            f"[@{source}, x; @Tsui2005, y]",
                            f"[[{r.choice(['seven-pairs-tile-hog', 'fan-tile-hog', 'nope', '', g.junk(8)])}]]",
                            r.choice(
                                ["[@", "[[", "]]", "`[@Nope, x]`", "\n---\n", "```\n", "<script>", "[@Tsui2005,\n§1]"]
                            ),
                        ]
                    )
                    i = r.randint(0, len(body))
                    insert_b = insert.encode("utf-8", "surrogatepass")
                    data, what = head + sep + body[:i] + insert_b + body[i:], f"body {insert!r}"
                elif how < 0.9:
                    text = data.decode("utf-8", "replace")
                    data, what = g.mutate(text, YAML_TOKENS + HOSTILE).encode("utf-8", "surrogatepass"), "mutated"
                elif how < 0.95:
                    data, what = data[: r.randint(0, len(data))], "cut short"
                else:
                    extra = path.parent / r.choice(["x\x1b[2J.md", "two\nlines.md", "copy.md", "é.md"])
                    extra.write_bytes(saved[path])
                    added.append(extra)
                    what = f"copied as {extra.name!r}"
                path.write_bytes(data)
                done.append(f"{path.relative_to(self.root)}: {what}")
            yield "; ".join(done)
        finally:
            for path, data in saved.items():
                path.write_bytes(data)
            for path in added:
                path.unlink(missing_ok=True)

    def leftovers(self) -> list[str]:
        return sorted(p.name for p in self.out.iterdir() if p.name != "kb.db")


def fuzz_rulings(t: Tally, g: Gen, rulings: Rulings, runner: CliRunner) -> None:
    before = rulings.db.read_bytes()
    with rulings.corrupted(g) as what:
        if g.rng.random() < 0.5:
            try:
                build(rulings.db, rulings.root)
                failed = False
            except BuildFailed as e:
                failed = True
                for p in e.problems:
                    problem = clean_line(str(p))
                    if problem:
                        t.fail(what, problem)
            except MjrefError as e:
                failed = True
                problem = clean_line(str(e))
                if problem:
                    t.fail(what, problem)
            except Exception as e:
                failed = True
                t.fail(what, unexpected(e))
        else:
            args = ["build", "--out", str(rulings.db), "--rulings", str(rulings.root)]
            result = runner.invoke(cli, args)
            failed = result.exit_code != 0
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                t.fail(what, unexpected(result.exception))
            elif failed:
                lines = result.stderr.split("\n")
                if result.exit_code != 2 or lines[-1] != "" or not lines[-2].startswith("error: "):
                    t.fail(what, f"exit {result.exit_code}, stderr ends {shown(result.stderr[-200:])}")
                for line in lines[:-1]:
                    problem = clean_line(line)
                    if problem:
                        t.fail(what, problem)
    t.accepted += not failed
    if failed and rulings.db.read_bytes() != before:
        t.fail(what, "the build failed but kb.db changed")
    if rulings.leftovers():
        t.fail(what, f"files left beside kb.db: {rulings.leftovers()}")
        for name in rulings.leftovers():
            (rulings.out / name).unlink()


# The audit-log reader: corrupted input; then corrupted or torn reports, resumed.


def event_bytes(g: Gen) -> bytes:
    r = g.rng
    if r.random() < 0.05:
        return bytes(r.randrange(256) for _ in range(r.randint(0, 400)))
    lines = []
    for _ in range(r.randint(1, 12)):
        kind = r.random()
        if kind < 0.55:
            data: dict[str, Any] = {"id": r.choice([f"h{r.randrange(99)}", r.randrange(99), g.value()]),
                                    "hand": g.hand().text if r.random() < 0.7 else g.hand_text()}  # fmt: skip
            if r.random() < 0.5:
                data["claim"] = g.claim() if r.random() < 0.9 else g.value()
            if r.random() < 0.5:
                data["claim_total"] = r.choice([r.randint(0, 90), g.value()])
            if r.random() < 0.1:
                data["profile"] = r.choice(["starback", "babcock", "nope", "/etc/passwd", g.value()])
            for key in list(data):
                if r.random() < 0.05:
                    data[key] = g.value()
            try:
                line = json.dumps(data, ensure_ascii=r.random() < 0.5, default=repr).encode("utf-8", "surrogatepass")
            except ValueError:
                line = b"{}"
            if r.random() < 0.15:
                line = g.mutate(line.decode("utf-8", "surrogatepass"), list('{}[]",: \\') + HOSTILE).encode(
                    "utf-8", "surrogatepass"
                )
        elif kind < 0.7:
            line = bytes(r.randrange(256) for _ in range(r.randint(0, 30))).replace(b"\n", b"")
        elif kind < 0.8:
            line = r.choice([b"", b" ", b"\r", b"\xef\xbb\xbf{}", b"[" * 5000, b"{" * 100, b"1" * 5000,
                             b'{"hand": "\\ud800"}', b"x" * 9000, b"null", b"[]", b'"text"'])  # fmt: skip
        else:
            line = json.dumps(g.value(), default=repr).encode()
        lines.append(line)
    return b"\n".join(lines) + (b"\n" if r.random() < 0.8 else b"") + (b"\r\n" if r.random() < 0.05 else b"")


def non_blank_lines(data: bytes) -> list[int]:
    """The numbers of the lines a report must hold: split on ``\\n`` only, blank ones skipped, long ones cut."""
    pieces = data.split(b"\n")
    if data.endswith(b"\n"):
        pieces.pop()
    return [n for n, raw in enumerate(pieces, start=1) if raw[:8001].strip()]


def report_problem(report: Path, data: bytes, path: Path) -> str | None:
    """Why ``report`` is not a complete report of ``data`` (read from ``path``), one record per line."""
    text = report.read_bytes()
    if not text.endswith(b"\n"):
        return "report does not end with a newline"
    try:
        head, *records = (json.loads(line) for line in text.decode("utf-8").split("\n")[:-1])
    except ValueError as e:
        return f"report line not JSON: {e}"
    if head.get("mjref_report") != 1 or head.get("input") != str(path.resolve()):
        return f"bad header {head!r}"
    numbers = sorted(r.get("line") for r in records)
    expected = non_blank_lines(data)
    if numbers != expected:
        return f"records for lines {numbers[:20]}, expected {expected[:20]}"
    for r in records:
        if "error" in r:
            problem = clean_line(r["error"])
            if problem:
                return problem
        elif "total" not in r:
            return f"record neither an error nor an audit: {shown(r)}"
    return None


class Events:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.n = 0

    def paths(self) -> tuple[Path, Path]:
        self.n += 1
        return self.folder / f"event{self.n}.jsonl", self.folder / f"report{self.n}.jsonl"


def fuzz_audit_log(t: Tally, g: Gen, events: Events) -> None:
    path, report = events.paths()
    data = event_bytes(g)
    path.write_bytes(data)
    errors: list[dict[str, Any]] = []
    try:
        summary = audit_file(path, report, "green-book", jobs=1, on_error=errors.append)
    except Exception as e:
        t.fail(data, unexpected(e))
    else:
        t.accepted += summary.hands > 0
        problem = report_problem(report, data, path)
        if problem:
            t.fail(data, problem)
    path.unlink()
    report.unlink(missing_ok=True)


def still_a_record(raw: bytes) -> bool:
    """Whether an edited report line still reads as a record (a JSON object with a whole "line" from 1): the
    resumed run then keeps it as the user left it, so only the report's shape can be checked."""
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return isinstance(record, dict) and type(record.get("line")) is int and record["line"] >= 1


def corrupt_report(g: Gen, text: bytes) -> tuple[bytes, str]:
    r = g.rng
    lines = text.split(b"\n")[:-1]
    how = r.random()
    if how < 0.35:
        cut = r.randint(0, len(text))
        return text[:cut], f"cut at byte {cut}"
    if how < 0.55 and len(lines) > 1:
        drop = r.sample(range(1, len(lines)), r.randint(1, len(lines) - 1))
        return b"".join(x + b"\n" for i, x in enumerate(lines) if i not in drop), f"records {drop} removed"
    if how < 0.7:
        i = r.randrange(len(lines))
        lines[i] = g.mutate(lines[i].decode("utf-8", "replace"), list('{}[]",: 1') + HOSTILE).encode(
            "utf-8", "surrogatepass"
        )
        return b"".join(x + b"\n" for x in lines), f"line {i + 1} edited" + (
            " (still a record)" * still_a_record(lines[i])
        )
    if how < 0.8:
        junk = bytes(r.randrange(256) for _ in range(r.randint(1, 60)))
        return text + junk, f"torn junk {junk!r} appended"
    if how < 0.9:
        head = json.loads(lines[0])
        key = r.choice(["input", "sha256", "profile", "mjref_report"])
        head[key] = r.choice([None, 2, "x", g.junk(8)])
        return json.dumps(head).encode() + b"\n" + b"".join(x + b"\n" for x in lines[1:]), f"header {key} changed"
    return b"", "emptied"


def fuzz_audit_log_resume(t: Tally, g: Gen, events: Events) -> None:
    path, report = events.paths()
    data = event_bytes(g)
    path.write_bytes(data)
    try:
        audit_file(path, report, "green-book", jobs=1)
        corrupted, what = corrupt_report(g, report.read_bytes())
        report.write_bytes(corrupted)
        try:
            audit_file(path, report, "green-book", jobs=1)
        except MjrefError as e:
            problem = clean_line(str(e))
            if problem:
                t.fail((what, data), problem)
            if report.read_bytes() != corrupted:
                t.fail((what, data), f"refused ({shown(str(e))}) but the report was changed")
        else:
            t.accepted += 1
            text = report.read_bytes()
            lines = text.count(b"\n")
            if "still a record" in what:  # the edited record is kept: check only that the report is whole lines
                if not text.endswith(b"\n") or lines < len(non_blank_lines(data)) + 1:
                    t.fail((what, data), f"after resuming: report of {lines} lines")
            elif problem := report_problem(report, data, path):
                t.fail((what, data), f"after resuming: {problem}")
    except Exception as e:
        t.fail(data, unexpected(e))
    path.unlink()
    report.unlink(missing_ok=True)


# The command line, through click's CliRunner and as real processes.


def cli_args(g: Gen, db: Path, rulings: Rulings) -> list[str]:
    r = g.rng
    what = r.random()
    if what < 0.45:
        args = ["score", g.hand_text()]
        for option in r.sample(["--json", "--profile", "--prevalent", "--flowers", "--self-drawn", "--ruleset"], 2):
            if option in ("--json", "--self-drawn"):
                args.append(option)
            elif option == "--profile":
                args += [option, r.choice(["starback", "chinese-practice", "nope", "/dev/null", g.junk(8)])]
            elif option == "--ruleset":
                args += [option, r.choice(["mcr", "babcock", g.junk(4)])]
            else:
                args += [option, r.choice(["E", "S", "9", "-1", g.junk(3)])]
        return args
    if what < 0.75:
        args = ["audit", g.hand().text if r.random() < 0.7 else g.hand_text(), "--claim", g.claim()]
        if r.random() < 0.5:
            args += ["--claim-total", r.choice([str(r.randint(0, 100)), g.junk(4), "99999999999999999999"])]
        return args + (["--json"] if r.random() < 0.3 else [])
    if what < 0.95:
        return ["lookup", r.choice([g.junk(20), g.claim(), "tile hog"]), "--db", str(db), "--limit",
                r.choice(["5", "1", "0", "101", "x"])]  # fmt: skip
    return ["compare", g.hand_text(), "--profiles", r.choice(["green-book,starback", "green-book", g.junk(10)])]


def check_cli_result(
    t: Tally, args: list[str], exit_code: int, stderr: str, exception: BaseException | None, stdout: str = ""
) -> None:
    if exception is not None and not isinstance(exception, SystemExit):
        t.fail(args, unexpected(exception))
    elif exit_code not in (0, 1, 2):
        t.fail(args, f"exit status {exit_code}")
    elif exit_code == 2 and "--json" in args and stdout:  # what a program asked for: {"error": one line} on stdout
        check_json_error(t, args, stdout, stderr)
    elif exit_code == 2:
        lines = stderr.split("\n")
        if len(lines) != 2 or lines[1] != "" or not lines[0].startswith("error: "):
            t.fail(args, f"not one error line on stderr: {shown(stderr)}")
        elif clean_line(lines[0]):
            t.fail(args, str(clean_line(lines[0])))
    elif "Traceback" in stderr:
        t.fail(args, f"traceback on stderr: {shown(stderr[-300:])}")


def check_json_error(t: Tally, args: list[str], stdout: str, stderr: str) -> None:
    """Bad input under --json: one JSON line ``{"error": …}`` on stdout, the message one clean line, stderr empty."""
    try:
        data = json.loads(stdout)
    except ValueError:
        data = None
    if stderr or stdout.count("\n") != 1 or not isinstance(data, dict) or list(data) != ["error"]:
        t.fail(args, f"not one JSON error line on stdout: {shown(stdout[-300:])} / {shown(stderr[-300:])}")
    elif clean_line("error: " + str(data["error"])):
        t.fail(args, str(clean_line("error: " + str(data["error"]))))


def fuzz_cli(t: Tally, g: Gen, runner: CliRunner, db: Path, rulings: Rulings) -> None:
    # An argv cannot hold U+D800 (undecodable bytes arrive as U+DC80-U+DCFF, which a real process writes
    # back with surrogateescape); CliRunner's output is strict UTF-8, so the lone surrogate stays out of here.
    args = [a.replace("\ud800", "?") for a in cli_args(g, db, rulings)]
    try:
        result = runner.invoke(cli, args)
    except Exception as e:  # CliRunner itself refused the input (a lone surrogate it cannot encode)
        if not isinstance(e, UnicodeEncodeError):
            t.fail(args, unexpected(e))
        return
    check_cli_result(t, args, result.exit_code, result.stderr, result.exception, result.stdout)
    t.accepted += result.exit_code in (0, 1)


def fuzz_cli_process(t: Tally, g: Gen, db: Path, rulings: Rulings, events: Events, n: int) -> None:
    code = "from mjref.main import main; main()"
    if n % 4 == 3:  # a build of a corrupted folder: every problem one line, then the error line, kb.db kept
        before = rulings.db.read_bytes()
        with rulings.corrupted(g) as what:
            command = ["build", "--out", str(rulings.db), "--rulings", str(rulings.root)]
            done = subprocess.run([sys.executable, "-c", code, *command], cwd=ROOT, capture_output=True, timeout=300)
        stderr = done.stderr.decode("utf-8", "replace")
        if done.returncode not in (0, 2) or any(clean_line(x) for x in stderr.split("\n")[:-1]):
            t.fail(what, f"exit {done.returncode}, stderr {shown(stderr[-300:])}")
        if done.returncode != 0 and rulings.db.read_bytes() != before:
            t.fail(what, "the build failed but kb.db changed")
        return
    if n % 4 == 2:  # audit-log to stdout of a corrupted event
        path, _ = events.paths()
        path.write_bytes(event_bytes(g))
        args = ["audit-log", str(path), "--jobs", "2"]
        done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, timeout=300)
        stderr = done.stderr.decode("utf-8", "replace")
        lines = stderr.split("\n")[:-1]
        if done.returncode != 0 or any(clean_line(x) for x in lines) or "Traceback" in stderr:
            t.fail(path.read_bytes(), f"exit {done.returncode}, stderr {shown(stderr[-300:])}")
        path.unlink()
        return
    args = cli_args(g, db, rulings)
    args = [a.replace("\ud800", "?").replace("\x00", "?") for a in args]  # what an argv can hold
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, timeout=300)
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    check_cli_result(t, args, done.returncode, err, None, out)
    t.accepted += done.returncode in (0, 1)


# The site, in-process.


class _Logged(logging.Handler):
    """Errors the site logs: an exception a page had to catch (answered 400, but a bug)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and isinstance(record.exc_info[1], DatasetteError):
            return  # Datasette's own error of input ("Cannot sort table by x"): logged and answered 400 by design
        self.records.append(record.getMessage() + (f" ({record.exc_info[1]!r})" if record.exc_info else ""))


def encoded(text: str, safe: str = "") -> str:
    return quote(text.encode("utf-8", "surrogatepass"), safe=safe)


def site_request(g: Gen) -> tuple[str, str]:
    r = g.rng
    what = r.random()
    method = "GET" if r.random() < 0.9 else r.choice(["HEAD", "POST", "PUT", "DELETE", "OPTIONS"])
    if what < 0.6:
        page = r.choice(["/-/score", "/-/score.json", "/-/search", "/-/search.json"])
        params: dict[str, str] = {}
        if r.random() < 0.5:  # well-formed, so hands are scored, claims audited and profiles compared
            params["hand"] = g.hand().text
            for key, values in [
                ("profile", ["green-book", "chinese-practice", "starback"]),
                ("claim", [g.claim()]),
                ("claim_total", [str(r.randint(0, 90))]),
                ("compare", ["all", "green-book,starback"]),
                ("q", ["tile hog", "四归一", "si gui yi"]),
            ]:
                if r.random() < 0.3:
                    params[key] = r.choice(values)
        else:
            for key in r.sample(["hand", "profile", "claim", "claim_total", "compare", "ruleset", "q", "_size"], 3):
                params[key] = r.choice([g.junk(20), g.hand_text(), g.claim(), str(r.randint(-10, 10**25)),
                                        r.choice(["green-book", "babcock", "mcr", "all", ""])])  # fmt: skip
        query = "&".join(f"{encoded(k)}={encoded(v)}" for k, v in params.items())
        return method, f"{page}?{query}"
    prefix = r.choice(["/rulings/", "/fans/", "/sources/", "/kb/"])
    segment = r.choice([g.junk(20), r.choice(["seven-pairs-tile-hog", "tile-hog", "64", "99999999999999999999999",
                        "Starback2008", "rulings", "fans", "citations", "..", "%", "x.json"])])  # fmt: skip
    suffix = r.choice(["", "", ".json", ".csv", "/", "/1", "/1.json"])
    url = prefix + encoded(segment, r.choice(["", ".-_~", "/"])) + suffix
    if prefix == "/kb/" and r.random() < 0.5:
        key = r.choice(["_sort", "_size", "id__gt", "_next", "_shape", "_facet", "x__in"])
        url += f"?{key}={encoded(r.choice([g.junk(10), str(r.randint(-5, 10**20)), '[1', 'id']))}"
    return method, url


def fuzz_site(t: Tally, g: Gen, site: Any, logged: _Logged) -> None:
    method, url = site_request(g)
    try:
        with redirect_stderr(io.StringIO()):  # Datasette writes the SQL of a missing table's row page there
            response = site.loop.run_until_complete(site.ds.client.request(method, url, follow_redirects=True))
    except Exception as e:
        t.fail((method, url), unexpected(e))
        return
    t.accepted += response.status_code == 200
    if response.status_code not in OK_STATUSES:
        t.fail((method, url), f"status {response.status_code}: {shown(response.text[:200])}")
    if logged.records:
        t.fail((method, url), f"status {response.status_code}, logged: {logged.records[0]}")
        logged.records.clear()


# --------------------------------------------------------------------------- the run


def quotas(total: int) -> dict[str, int]:
    out = {name: max(1, round(total * share)) for name, share in SHARES.items()}
    out["parser"] += total - sum(out.values())  # the remainder, so the quotas add up to --inputs
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--inputs", type=int, default=100_000, help="inputs in all (default 100000)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this many seconds (default: no bound)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--only", default="", help="entry points to run alone, comma-separated (default: every one)")
    args = p.parse_args(argv)

    started = time.perf_counter()
    rng = random.Random(args.seed)
    gen = Gen(rng, random_hands(args.seed, 3000))
    plan = quotas(args.inputs)
    plan["cli-process"] = PROCESSES if args.inputs >= 1000 else 2
    if args.only:  # the chosen entry points, sharing --inputs in their proportions
        chosen = [name for name in args.only.split(",") if name in plan]
        plan = {name: max(1, round(args.inputs * SHARES[name] / sum(SHARES[c] for c in chosen))) for name in chosen}
    tallies = {name: Tally(name) for name in plan}
    logging.getLogger("datasette").setLevel(logging.CRITICAL)
    logged = _Logged()
    logging.getLogger("mjref.site").addHandler(logged)
    logging.getLogger("mjref.site").propagate = False  # counted here, not printed

    with tempfile.TemporaryDirectory(prefix="mjref-fuzz-") as tmp:
        folder = Path(tmp)
        (folder / "profiles").mkdir()
        (folder / "events").mkdir()
        rulings = Rulings(folder / "build")
        db = folder / "kb.db"
        shutil.copyfile(rulings.db, db)
        profiles = ProfileFiles(folder / "profiles")
        events = Events(folder / "events")
        runner = CliRunner()
        from tests.site_support import Site

        site = Site(db)
        steps: dict[str, Callable[[Tally, int], None]] = {
            "parser": lambda t, n: fuzz_parser(t, gen),
            "score-text": lambda t, n: fuzz_score_text(t, gen),
            "score-hand": lambda t, n: fuzz_score_hand(t, gen),
            "profile": lambda t, n: fuzz_profile(t, gen, profiles),
            "claims": lambda t, n: fuzz_claims(t, gen),
            "rulings": lambda t, n: fuzz_rulings(t, gen, rulings, runner),
            "audit-log": lambda t, n: fuzz_audit_log(t, gen, events),
            "audit-log-resume": lambda t, n: fuzz_audit_log_resume(t, gen, events),
            "cli": lambda t, n: fuzz_cli(t, gen, runner, db, rulings),
            "cli-process": lambda t, n: fuzz_cli_process(t, gen, db, rulings, events, n),
            "site": lambda t, n: fuzz_site(t, gen, site, logged),
        }
        steps.update(fuzz_web.steps(gen, site, logged, folder, unexpected))
        steps.update(fuzz_api.steps(gen))
        steps.update(fuzz_files.steps(gen, folder))
        setup = time.perf_counter() - started
        deadline = started + args.seconds if args.seconds else None
        rounds = 200  # every entry point gets its share in each round, so a --seconds bound cuts all alike
        timed_out = False
        try:
            for k in range(1, rounds + 1):
                for name, quota in plan.items():
                    t = tallies[name]
                    target = quota * k // rounds
                    t0 = time.perf_counter()
                    while t.tried < target:
                        if deadline is not None and time.perf_counter() > deadline:
                            timed_out = True
                            break
                        steps[name](t, t.tried)
                        t.tried += 1
                    t.seconds += time.perf_counter() - t0
                    if timed_out:
                        break
                if timed_out:
                    break
                if k % 20 == 0:
                    done = sum(x.tried for x in tallies.values())
                    print(f"  … {done} inputs, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        finally:
            site.close()
            asyncio.set_event_loop(None)

    wall = time.perf_counter() - started
    print(f"mjref fuzz: seed {args.seed}, {args.inputs} inputs planned" + (", time bound hit" if timed_out else ""))
    print(f"{'entry point':18} {'inputs':>8} {'accepted':>8} {'failures':>8} {'seconds':>8}")
    for t in tallies.values():
        print(f"{t.name:18} {t.tried:8d} {t.accepted:8d} {t.failed:8d} {t.seconds:8.1f}")
        for example in t.examples:
            print(f"    {example}")
    tried = sum(t.tried for t in tallies.values())
    failed = sum(t.failed for t in tallies.values())
    accepted = sum(t.accepted for t in tallies.values())
    print(f"{'total':18} {tried:8d} {accepted:8d} {failed:8d} {wall:8.1f}  (wall time, {setup:.1f} s of it set-up)")
    print("FAILED" if failed else "ok: no failure")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
