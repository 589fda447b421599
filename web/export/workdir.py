"""The export's temporary folders beside ``DIR``: ``.DIR.XXXXXXXX.export`` (the export being written) and
``.DIR.XXXXXXXX.old`` (the earlier export, moved aside while the new one takes its name).

Each holds the lock file :data:`LOCK`, locked (``flock``) while its export runs: a folder of that name whose lock
can be taken belongs to an export that has ended, whatever ended it (SIGKILL, a power cut). The next export of the
same ``DIR`` removes such folders, and puts back an earlier export a killed swap left aside, if ``DIR`` is missing.
A folder of that name without the lock file (left by a version of mjref before it) is removed once it is an hour
old. Nothing is followed through a symbolic link, and a folder that does not match is never touched.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from scorer.errors import printable

try:
    import fcntl as _fcntl

    fcntl: Any = _fcntl
except ImportError:  # Windows: no flock; a killed export's folders are left (the hour-old rule still applies)
    fcntl = None

LOCK = ".mjref-export-lock"
LEGACY_AGE = 3600.0  # seconds after which a folder without the lock file is taken as stale
KINDS = (".export", ".old")
PREVIOUS = "previous"  # the earlier export, inside an .old folder


class Scratch:
    """A new temporary folder beside ``DIR``, locked while this export runs."""

    def __init__(self, parent: Path, name: str, kind: str) -> None:
        self.path = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=kind, dir=parent))
        self.lock: IO[bytes] | None = None
        if fcntl is not None:
            self.lock = (self.path / LOCK).open("wb")
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def unlock_file(self) -> None:
        """Remove the lock file from the folder (it is not part of an export); the lock is held until :meth:`close`."""
        if self.lock is not None:
            (self.path / LOCK).unlink(missing_ok=True)

    def close(self) -> None:
        if self.lock is not None:
            self.lock.close()
            self.lock = None

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        self.close()


def _is_folder(path: Path) -> bool:
    """A real folder, not a symbolic link to one."""
    try:
        return stat.S_ISDIR(path.lstat().st_mode)
    except OSError:
        return False


def _dead(folder: Path) -> bool:
    """Has the export that made ``folder`` ended? Proved by taking its lock (or, with no lock file, by its age)."""
    lock = folder / LOCK
    if not stat.S_ISREG(_mode(lock)):
        return _mode(lock) == 0 and time.time() - folder.lstat().st_mtime > LEGACY_AGE
    if fcntl is None:
        return False
    try:
        fd = os.open(lock, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # held: its export is running
        return False
    finally:
        os.close(fd)
    return True


def _mode(path: Path) -> int:
    try:
        return path.lstat().st_mode
    except OSError:
        return 0


def remove_stale(parent: Path, name: str, out: Path, say: Callable[[str], None]) -> None:
    """Remove the temporary folders of ``DIR`` (named ``name`` in ``parent``) that ended exports left; a killed
    swap's earlier export goes back to ``out`` when ``out`` is missing."""
    pattern = re.compile(rf"\.{re.escape(name)}\.[A-Za-z0-9_]{{8}}(?:{'|'.join(map(re.escape, KINDS))})")
    try:
        candidates = sorted(p for p in parent.iterdir() if pattern.fullmatch(p.name))
    except OSError:
        return
    for folder in candidates:
        if not _is_folder(folder) or not _dead(folder):
            continue
        previous = folder / PREVIOUS
        if folder.name.endswith(".old") and _is_folder(previous) and not os.path.lexists(out):
            try:
                previous.rename(out)
            except OSError:  # kept where it is: this export then fails on DIR, and says so
                continue
            say(f"put back {printable(out)}: an export was stopped while replacing it")
        shutil.rmtree(folder, ignore_errors=True)
