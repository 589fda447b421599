"""The database file: where a build may write it, its temporary, and what a reader may open.

A build writes ``.NAME.PID.XXXXXXXX.tmp`` next to the target and renames it over the target when
complete. The temporary is removed on any failure, an interrupt or SIGTERM/SIGHUP included (they are
turned into :class:`SystemExit` while it exists); one left by a killed build (SIGKILL, power loss)
is removed by the next build once its process is gone. The file gets the mode any new file gets
under the umask (0666 & ~umask), as a published copy must be readable.

An ``--out`` that is a symbolic link is written through: the temporary is made beside the link's
target and renamed over the target, so the link stays and what it points at is the new database (a
rename over the link itself would replace the link by a file and leave its target stale). A link that
loops or leads to something other than a knowledge base is refused as any other such path is.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from scorer.errors import MjrefError

SQLITE_HEADER = b"SQLite format 3\x00"
NO_SUCH_FILE = "does not exist"
LEGACY_TMP_AGE = 3600.0  # seconds: a temporary without a pid (older builds) is stale after an hour


class OutputError(MjrefError):
    """The database cannot be written where asked, or that place holds something else."""

    code = "output"


class NotADatabase(MjrefError):
    """A file given as a knowledge base is not one."""

    code = "not-a-database"


def _temporary_name(out: Path) -> re.Pattern[str]:
    return re.compile(rf"\.{re.escape(out.name)}\.(?:(\d+)\.)?[a-z0-9_]{{8}}\.tmp\Z")


def knowledge_base_problem(path: Path) -> str | None:
    """Why ``path`` is not a knowledge base built by mjref (None when it is one), as ``path`` + this.

    Never blocks: a FIFO or a device is refused from ``stat`` alone.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return NO_SUCH_FILE
    except OSError as e:
        return f"cannot be read ({e.strerror})"
    if stat.S_ISDIR(st.st_mode):
        return "is a folder"
    if not stat.S_ISREG(st.st_mode):
        return "is not a regular file"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            header = os.read(fd, len(SQLITE_HEADER))
        finally:
            os.close(fd)
    except OSError as e:
        return f"cannot be read ({e.strerror})"
    if header != SQLITE_HEADER:
        return "is not an SQLite database"
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            built = conn.execute("SELECT value FROM meta WHERE key = 'built'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as e:
        return f"is an SQLite database but not an mjref knowledge base ({e})"
    return None if built else "is an SQLite database but not an mjref knowledge base (no build date in meta)"


def write_target(out: Path) -> Path:
    """Where a build of ``out`` writes: ``out`` itself, or the file its symbolic link (chain) leads to."""
    return Path(os.path.realpath(out)) if os.path.islink(out) else out


def check_output(out: Path) -> None:
    """Raise :class:`OutputError` unless a build may write ``out``: a new file, an empty one, or a knowledge base."""
    try:
        st = os.stat(out)
    except (FileNotFoundError, NotADirectoryError):
        st = None
    except OSError as e:
        raise OutputError(f"cannot write {out}: {e.strerror}") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise OutputError(f"cannot write {out}: it is a folder (give the database's file name)")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OutputError(f"cannot write {out}: it is not a regular file")
    if st is not None and st.st_size > 0:
        problem = knowledge_base_problem(out)
        if problem is not None:
            raise OutputError(f"{out} {problem}: refusing to overwrite it (remove it, or choose another path)")
    parent = out.parent
    if parent.exists() and not parent.is_dir():
        raise OutputError(f"cannot write {out}: {parent} is not a folder")


def remove_stale_temporaries(out: Path) -> list[Path]:
    """Remove the temporaries of ``out`` left by builds that were killed; return what was removed."""
    pattern, removed = _temporary_name(out), []
    try:
        entries = list(os.scandir(out.parent))
    except OSError:
        return []
    for entry in entries:
        m = pattern.match(entry.name)
        if m is None or not entry.is_file(follow_symlinks=False):
            continue
        if m[1] is not None:
            if _alive(int(m[1])):
                continue
        elif time.time() - entry.stat(follow_symlinks=False).st_mtime < LEGACY_TMP_AGE:
            continue
        try:
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True  # another thread of this process may be building
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # a process of another user
    except (OverflowError, ValueError):
        return False  # a pid no system has
    return True


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


@contextmanager
def _signals_as_exit() -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP raise SystemExit (so ``finally`` runs) unless a handler is set."""
    changed: list[signal.Signals] = []
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGHUP):
            if signal.getsignal(sig) == signal.SIG_DFL:
                signal.signal(sig, _exit_on_signal)
                changed.append(sig)
    try:
        yield
    finally:
        for sig in changed:
            signal.signal(sig, signal.SIG_DFL)


@contextmanager
def temporary(out: Path) -> Iterator[Path]:
    """A new temporary file next to ``out`` (mode 0666 & ~umask), removed unless renamed away."""
    remove_stale_temporaries(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"cannot create the folder {out.parent}: {e.strerror}") from None
    with _signals_as_exit():
        tmp = _create(out)
        try:
            yield tmp
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise


def _create(out: Path) -> Path:
    for _ in range(100):
        tmp = out.parent / f".{out.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        try:
            # The kernel applies the umask: the mode a normally created file gets.
            os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666))
            return tmp
        except FileExistsError:
            continue
        except OSError as e:
            raise OutputError(f"cannot write {out}: {e.strerror}") from None
    raise OutputError(f"cannot write {out}: no free temporary name")  # pragma: no cover
