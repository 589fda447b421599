"""Safe reading of a rulings folder: regular files only, bounded in size, inside the folder, UTF-8.

A rulings folder may come from anyone (a pull request, a club's fork), so reading it must neither
hang nor exhaust memory nor wander off: a FIFO or a device is never opened (it is checked with
``lstat`` first, and opened non-blocking in case it is swapped in between), a file larger than its
limit is refused unread, and a symbolic link is followed only to a file inside the folder. Each
refusal is a :class:`~kb.model.Problem` naming the file, as for any other mistake in a ruling.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from scorer.errors import MjrefError, printable

from .model import Problem

# A ruling is read out at the table: the largest is 20 KB (mcr/kong-table.md), and its body is
# stored three times (Markdown, HTML, text) and indexed twice. 256 KiB is 12 times that, and keeps
# a runaway file (a pasted PDF, a generated table) from filling the database and the site's pages.
MAX_RULING_BYTES = 256 * 1024
# sources.yaml is 9.5 KB for 25 sources: 256 KiB leaves room for some 600.
MAX_SOURCES_BYTES = 256 * 1024
# A profile is a list of positions and point changes, under 2 KB.
MAX_PROFILE_BYTES = 64 * 1024


class RulingsFolderError(MjrefError):
    """The rulings folder itself is missing, not a folder, or cannot be read."""

    code = "rulings-folder"


def display(path: Path) -> str:
    """A path as problems show it: relative to the working folder when inside it, escaped to one line."""
    try:
        shown = str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        shown = str(path)
    return printable(shown)


def check_folder(root: Path) -> None:
    """Raise :class:`RulingsFolderError` unless ``root`` is a folder whose entries can be listed."""
    try:
        if not stat.S_ISDIR(os.stat(root).st_mode):
            raise RulingsFolderError(f"rulings folder {root}: not a folder")
        with os.scandir(root) as entries:
            next(entries, None)
    except FileNotFoundError:
        raise RulingsFolderError(f"rulings folder {root}: no such folder") from None
    except OSError as e:
        raise RulingsFolderError(f"rulings folder {root}: cannot be read ({e.strerror})") from None


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _target(path: Path, root: Path | None, problems: list[Problem]) -> Path | None:
    """The file to open for ``path``: itself, or where its symbolic link leads when that is inside ``root``."""
    where = display(path)
    try:
        st = os.lstat(path)
    except OSError as e:
        problems.append(Problem(where, 1, f"cannot read the file: {e.strerror}"))
        return None
    if stat.S_ISLNK(st.st_mode):
        folder = (root or path.parent).resolve()
        try:
            target = path.resolve(strict=True)
        except (OSError, RuntimeError):
            problems.append(Problem(where, 1, "symbolic link to nothing (its target does not exist)"))
            return None
        if not _inside(target, folder):
            problems.append(Problem(where, 1, f"symbolic link leaves the rulings folder (to {printable(target)})"))
            return None
        path, st = target, os.stat(target)
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode) else "a special file"
        problems.append(Problem(where, 1, f"not a regular file ({kind}): only files are read"))
        return None
    return path


def read_bytes(path: Path, problems: list[Problem], *, limit: int, root: Path | None = None) -> bytes | None:
    """The bytes of a regular file of at most ``limit`` bytes, or None with a problem naming the file."""
    where = display(path)
    target = _target(path, root, problems)
    if target is None:
        return None
    too_big = f"{{size}} bytes: too large (at most {limit // 1024} KiB); split it or shorten it"
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as e:
        problems.append(Problem(where, 1, f"cannot read the file: {e.strerror}"))
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # replaced between the check and the opening
            problems.append(Problem(where, 1, "not a regular file: only files are read"))
            return None
        if st.st_size > limit:
            problems.append(Problem(where, 1, too_big.format(size=st.st_size)))
            return None
        chunks, size = [], 0
        while chunk := os.read(fd, limit + 1 - size):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:  # grew since fstat
                problems.append(Problem(where, 1, too_big.format(size=f"more than {limit}")))
                return None
        return b"".join(chunks)
    except OSError as e:
        problems.append(Problem(where, 1, f"cannot read the file: {e.strerror}"))
        return None
    finally:
        os.close(fd)


def read_text(
    path: Path, problems: list[Problem], *, limit: int = MAX_RULING_BYTES, root: Path | None = None
) -> str | None:
    """The file's text, or None with one problem when it cannot be read safely or is not UTF-8."""
    raw = read_bytes(path, problems, limit=limit, root=root)
    if raw is None:
        return None
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark is tolerated
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        problems.append(Problem(display(path), line, f"not UTF-8: byte 0x{raw[e.start]:02x} cannot be decoded"))
        return None


def ruling_paths(root: Path, problems: list[Problem], *, skip: tuple[str, ...] = ("zh",)) -> list[Path]:
    """Every ``*.md`` under ``root`` but README files, sorted; a linked folder is reported, not followed.

    The folders named in ``skip`` directly under ``root`` are left out: ``zh/`` holds the Chinese bodies
    of rulings, not rulings (:func:`kb.load.load_zh_bodies` reads them).
    """
    found: list[Path] = []

    def unreadable(e: OSError) -> None:
        problems.append(Problem(display(Path(e.filename)), 1, f"cannot read the folder: {e.strerror}"))

    for folder, dirs, files in os.walk(root, onerror=unreadable):
        here = Path(folder)
        if here == root:
            dirs[:] = [d for d in dirs if d not in skip]
        for name in sorted(dirs):
            if (here / name).is_symlink():
                problems.append(Problem(display(here / name), 1, "symbolic link to a folder: not followed"))
        found += [here / f for f in files if f.endswith(".md") and f.lower() != "readme.md"]
    return sorted(found)


def profile_paths(root: Path, problems: list[Problem]) -> list[Path]:
    """The built-in profiles (``profiles/*.yaml``) that are safe to hand to the profile loader."""
    good = []
    for path in sorted((root / "profiles").glob("*.yaml")):
        if read_text(path, problems, limit=MAX_PROFILE_BYTES, root=root) is not None:
            good.append(path)
    return good
