"""Reading a file the user named, safely: a regular file only, opened without blocking (a FIFO opens at once and
is refused, where a plain open would wait for a writer for ever), and never more than a limit.

Shared by the profile reader (:mod:`scorer.strict_yaml`) and the score sheet (:mod:`scorer.sheet.files`). The
score page runs it in Pyodide too, hence the ``getattr`` on the ``os`` flags.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotARegularFile(OSError):
    """The path names a FIFO, a device or a folder: only regular files are read."""

    def __init__(self) -> None:
        super().__init__("not a regular file (a FIFO, a device or a folder): only files are read")
        self.strerror = "not a regular file (a FIFO, a device or a folder)"


def read_regular(path: str | Path, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``path`` (one more than allowed, so the caller can tell
    a file too large). Raises :class:`NotARegularFile`, or the :class:`OSError` of a file that cannot be read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with open(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotARegularFile()
        return f.read(limit + 1)
