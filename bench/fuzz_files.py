"""Fuzz targets for what mjref reads from files (issue 31), registered by ``bench/fuzz.py``:

- ``profiles-outside``: profile files whose ``extends`` is relative, absolute, ``..``, a link (to a secret, to
  ``/proc/self/status``, to a FIFO, in a loop), loaded from a working folder holding a decoy of the same name.
  A failure: an error that is not one clean line, one that quotes the secret (a random token as its first
  key), or a profile that loads differently from another working folder;
- ``locator-shapes``: random shapes of many placeholders (``{TEXT}`` runs above all) and random locators.
  A failure: an error other than ``ShapeError``, a check that takes more than a second, or, for shapes of
  at most four placeholders, an answer other than Python's own ``re`` gives (the shapes' meaning is kept);
- ``special-files``: a FIFO, ``/dev/zero``, ``/dev/urandom``, a loop of links, a dangling link, a folder
  and deep folders given to ``audit-log``, to the profile loader and as a rulings folder's files.
  A failure: an exception, an error that is not one clean line, or a call still running after 10 s (a
  timer turns the hang into a failure).

Run them alone with ``python bench/fuzz.py --only profiles-outside,locator-shapes,special-files``.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.audit_log import audit_file  # noqa: E402
from kb.load import load_corpus  # noqa: E402
from kb.locators import ShapeError, compile_shape, misfit  # noqa: E402
from scorer.errors import MjrefError  # noqa: E402
from scorer.profiles import fingerprint, load_profile  # noqa: E402

SHARES = {"profiles-outside": 0.004, "locator-shapes": 0.006, "special-files": 0.001}
HANG = 10  # seconds: far above what any of these calls takes
SLOW = 1.0  # seconds: a locator check slower than this is super-linear
PLACEHOLDERS = ["{TEXT}"] * 6 + ["{N}", "{N.N}", "{P}", "{LIST}", "{ZH}", "{1-81}", "{I-XI}", "{a|b|c}"]
LITERALS = [", ", " ", "§", ".", "-", "(", ")", "fan ", "p.", "x", ";", "a"]
SIX = "positions:\n  two-concealed-kongs: six\n"


class Hung(Exception):
    """A call ran past :data:`HANG` seconds."""


@contextmanager
def bounded(seconds: float = HANG) -> Iterator[None]:
    """Raise :class:`Hung` in the block after ``seconds`` (a FIFO's open or an endless read is interrupted)."""

    def ring(signum: int, frame: Any) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def checked(t: Any, what: object, call: Callable[[], object], secret: str = "", count: bool = True) -> object | None:
    """``call()``, or None after one clean MjrefError line that does not hold ``secret``; else a failure."""
    try:
        with bounded():
            result = call()
        t.accepted += count
        return result
    except MjrefError as e:
        text = str(e)
        if not text or not text.isprintable():
            t.fail(what, f"message not one line of printable characters: {text!r}")
        elif secret and secret in text:
            t.fail(what, f"the error quotes the secret file: {text}")
    except Exception as e:
        t.fail(what, f"{type(e).__name__}: {e}")
    return None


# --------------------------------------------------------------------------- profiles outside


def link(path: Path, target: str) -> bool:
    """Make ``path`` a symbolic link to ``target``; False when no file system takes that name (empty, a NUL)."""
    try:
        path.symlink_to(target)
        return True
    except (OSError, ValueError):
        return False


class Outside:
    """A folder of profiles and a secret, a decoy working folder, and the special files to link to."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.club, self.decoy = folder, folder / "club", folder / "decoy"
        for f in (self.club / "sub", self.decoy):
            f.mkdir(parents=True, exist_ok=True)
        self.secret = secrets.token_hex(6)
        (folder / "secret.yaml").write_text(f"token-{self.secret}: {self.secret}\n", encoding="utf-8")
        (self.decoy / "base.yaml").write_text("name: base\nextends: green-book\n" + SIX, encoding="utf-8")
        (self.club / "base.yaml").write_text("name: base\nextends: green-book\n", encoding="utf-8")
        os.mkfifo(folder / "fifo.yaml")
        self.n = 0

    def target(self, g: Any) -> str:
        """An ``extends`` value or a link target."""
        r, f = g.rng, self.folder
        return r.choice(
            ["base.yaml", "green-book", "secret.yaml", "../secret.yaml", str(f / "secret.yaml"), "sub/x.yaml",
             "/proc/self/status", str(f / "fifo.yaml"), "/dev/zero", "loop.yaml", "./base.yaml", "x.yaml",
             "../decoy/base.yaml", str(self.club / "base.yaml"), g.junk(10)]
        )  # fmt: skip

    def write(self, g: Any) -> Path:
        r = g.rng
        self.n += 1
        place = self.club / ("sub" if r.random() < 0.2 else "")
        path = place / f"p{self.n % 40}.yaml"
        for name in (path.name, "x.yaml", "loop.yaml"):
            (place / name).unlink(missing_ok=True)
        kind = r.random()
        if kind < 0.25:
            link(place / "x.yaml", self.target(g))
        elif kind < 0.35:
            link(place / "loop.yaml", "loop.yaml")
        if kind < 0.15 and link(path, self.target(g)):
            return path
        lines = [f"name: p{self.n}", f"extends: {self.target(g)!r}" if r.random() < 0.9 else "extends: null"]
        if r.random() < 0.3:
            lines.append(SIX.rstrip())
        text = "\n".join(lines) + "\n"
        if r.random() < 0.3:
            text = g.mutate(text, [":", " ", "\n", "-", "'", "token-" + self.secret, *g.junk(3)], r.choice((1, 2)))
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        return path


def fuzz_profiles_outside(t: Any, g: Any, outside: Outside) -> None:
    path = outside.write(g)
    shown = f"{path.name}: {path.readlink() if path.is_symlink() else path.read_bytes()!r}"
    here = os.getcwd()
    try:
        answers = []
        for cwd in (outside.decoy, outside.club):
            os.chdir(cwd)
            loaded = checked(t, shown, lambda: load_profile.__wrapped__(str(path)), outside.secret, cwd == outside.club)
            answers.append(fingerprint(loaded) if loaded is not None else None)  # type: ignore[arg-type]
        if answers[0] != answers[1]:
            t.fail(shown, "the profile reads differently from another working folder")
    finally:
        os.chdir(here)


# --------------------------------------------------------------------------- locator shapes


def shape(g: Any) -> str:
    r = g.rng
    parts = []
    for _ in range(r.choice((1, 3, 8, 20, 40))):
        part = r.choice(PLACEHOLDERS) if r.random() < 0.6 else r.choice(LITERALS)
        parts.append(f"[{part}]" if r.random() < 0.1 else part)
    text = "".join(parts)
    return g.mutate(text, ["{", "}", "[", "]", "|", "-", *PLACEHOLDERS]) if r.random() < 0.15 else text


def locator(g: Any) -> str:
    r = g.rng
    pieces = ["a", "b", ", ", " ", "3", "3.1", "p.4", ";", "x", "§", "大", "VII", "12 and 5"]
    text = "".join(r.choice(pieces) for _ in range(r.choice((1, 5, 20, 60, 200))))
    return text + (";" if r.random() < 0.5 else "")


def python_re(pattern: str) -> re.Pattern[str]:
    """The shape as Python's backtracking ``re`` reads it (only for shapes short enough to be quick)."""
    return re.compile(compile_shape(pattern).pattern)


def fuzz_locator_shapes(t: Any, g: Any) -> None:
    pattern, text = shape(g), locator(g)
    what = f"{pattern} ~ {text}"
    try:
        compiled = compile_shape(pattern)
    except ShapeError:
        t.accepted += 1
        return
    except Exception as e:
        t.fail(what, f"{type(e).__name__}: {e}")
        return
    started = time.perf_counter()
    try:
        with bounded():
            found = misfit(text, [compiled])
    except Exception as e:
        t.fail(what, f"{type(e).__name__}: {e}")
        return
    if time.perf_counter() - started > SLOW:
        t.fail(what, f"the check took {time.perf_counter() - started:.1f} s")
    if pattern.count("{") <= 4 and len(text) <= 40:  # more could take Python's re exponential time itself
        places = [p.strip() for p in text.split("; ")]
        expected = next((p for p in places if not python_re(pattern).fullmatch(p)), None)
        if found != expected:
            t.fail(what, f"RE2 says {found!r}, Python's re {expected!r}")
            return
    t.accepted += 1


# --------------------------------------------------------------------------- special files


class Specials:
    """Special files, links to them, and a small rulings folder to plant them in."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        os.mkfifo(folder / "fifo")
        (folder / "loop-a").symlink_to("loop-b")
        (folder / "loop-b").symlink_to("loop-a")
        (folder / "dangling").symlink_to("nowhere")
        (folder / "to-fifo").symlink_to(folder / "fifo")
        self.paths = [folder / "fifo", Path("/dev/zero"), Path("/dev/urandom"), folder / "loop-a",
                      folder / "dangling", folder / "to-fifo", folder, Path("/proc/self/status")]  # fmt: skip
        self.n = 0

    def rulings(self, g: Any) -> Path:
        """A rulings folder holding a special file as a ruling, a linked loop or deep folders."""
        r = g.rng
        self.n += 1
        root = self.folder / f"rulings{self.n}"
        (root / "mcr").mkdir(parents=True)
        for i in range(r.randint(1, 3)):
            kind = r.random()
            if kind < 0.5:
                (root / "mcr" / f"r{i}.md").symlink_to(r.choice(self.paths))
            elif kind < 0.7:
                (root / "mcr" / f"d{i}").symlink_to(root if r.random() < 0.5 else root / "mcr")
            else:
                deep = root / "mcr" / "/".join("d" * r.randint(1, 2) for _ in range(r.randint(1, 60)))
                deep.mkdir(parents=True)
                (deep / "deep.md").write_text("---\nid: deep\n---\n", encoding="utf-8")
        return root


def fuzz_special_files(t: Any, g: Any, specials: Specials) -> None:
    r = g.rng
    kind = r.random()
    if kind < 0.4:
        path, report = r.choice(specials.paths), specials.folder / "report.jsonl"
        checked(t, f"audit-log {path}", lambda: audit_file(path, report, "green-book", 1))
        report.unlink(missing_ok=True)
    elif kind < 0.6:
        path = r.choice(specials.paths)
        checked(t, f"profile {path}", lambda: load_profile.__wrapped__(str(path)))
    else:
        root = specials.rulings(g)
        corpus = checked(t, f"rulings {root}", lambda: load_corpus(root))
        for problem in getattr(corpus, "problems", ()):
            if not str(problem).isprintable():
                t.fail(root, f"problem not one printable line: {problem!r}")


# --------------------------------------------------------------------------- registration and a run alone


def steps(gen: Any, folder: Path) -> dict[str, Callable[[Any, int], None]]:
    """The targets' steps for ``bench/fuzz.py``, their files under ``folder``."""
    outside, specials = Outside(folder / "outside"), Specials(folder / "specials")
    return {
        "profiles-outside": lambda t, n: fuzz_profiles_outside(t, gen, outside),
        "locator-shapes": lambda t, n: fuzz_locator_shapes(t, gen),
        "special-files": lambda t, n: fuzz_special_files(t, gen, specials),
    }
