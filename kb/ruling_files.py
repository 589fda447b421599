"""Safe reading of a rulings folder: regular files only, bounded in size, inside the folder, UTF-8.

A rulings folder may come from anyone (a pull request, a club's fork), so reading it must neither
hang nor exhaust memory nor wander off: a FIFO or a device is never opened (it is checked with
``lstat`` first, and opened non-blocking in case it is swapped in between), a file larger than its
limit is refused unread, and a file is read only when its real path (symbolic links, the file's own or
a folder's, followed) is inside the folder; a link that loops is reported, and folders are walked with a
list, not recursion, at most :data:`MAX_DEPTH` deep. Each refusal is a :class:`~kb.model.Problem` naming
the file, as for any other mistake in a ruling.
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
# Folders inside the rulings folder: the project uses one level (mcr/, fans/, babcock/); 1,200 nested
# folders once ended the build in a RecursionError.
MAX_DEPTH = 8


class RulingsFolderError(MjrefError):
    """The rulings folder itself is missing, not a folder, or cannot be read."""

    code = "rulings-folder"


def display(path: Path) -> str:
    """A path as problems show it: relative to the working folder when inside it, escaped to one line."""
    try:
        shown = str(Path(os.path.realpath(path)).relative_to(os.path.realpath(Path.cwd())))
    except (ValueError, OSError):  # realpath never raises on a loop (Path.resolve raises RuntimeError)
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


def _real(path: Path) -> Path | None:
    """``path`` with every symbolic link followed; None when it leads nowhere or loops."""
    try:
        return path.resolve(strict=True)
    except (OSError, RuntimeError):  # RuntimeError: a loop, under Python 3.11 and 3.12
        return None


def _target(path: Path, root: Path | None, problems: list[Problem]) -> Path | None:
    """The file to open for ``path``: its real path, when that is inside ``root`` (or its own folder)."""
    where = display(path)
    try:
        st = os.lstat(path)
    except OSError as e:
        problems.append(Problem(where, 1, f"cannot read the file: {e.strerror}"))
        return None
    folder, target = _real(root or path.parent), _real(path)
    if target is None or folder is None:
        problems.append(Problem(where, 1, "symbolic link to nothing (a loop, or a target that does not exist)"))
        return None
    if not _inside(target, folder):
        what = "symbolic link" if stat.S_ISLNK(st.st_mode) else "file reached through a linked folder"
        problems.append(Problem(where, 1, f"{what} leaves the rulings folder (to {printable(target)})"))
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
    folders = [(root, 0)]  # a list, not recursion: any depth of folders is one problem, never a RecursionError
    while folders:
        here, depth = folders.pop()
        try:
            with os.scandir(here) as scan:
                entries = sorted(scan, key=lambda e: e.name)
        except OSError as e:
            problems.append(Problem(display(here), 1, f"cannot read the folder: {e.strerror}"))
            continue
        for entry in entries:
            path = here / entry.name
            if entry.is_dir(follow_symlinks=False):
                if depth == 0 and entry.name in skip:
                    continue
                if depth + 1 > MAX_DEPTH:
                    problems.append(Problem(display(path), 1, f"folders nested more than {MAX_DEPTH} deep: not read"))
                else:
                    folders.append((path, depth + 1))
            elif entry.is_symlink() and os.path.isdir(path):
                problems.append(Problem(display(path), 1, "symbolic link to a folder: not followed"))
            elif entry.name.endswith(".md") and entry.name.lower() != "readme.md":
                found.append(path)
    return sorted(found)


def profile_paths(root: Path, problems: list[Problem]) -> list[Path]:
    """The built-in profiles (``profiles/*.yaml``) that are safe to hand to the profile loader: regular files
    whose real path is inside ``root`` (a ``profiles/`` linked outside it is refused, file by file)."""
    good: list[Path] = []
    folder = root / "profiles"
    if os.path.islink(folder):  # reported by ruling_paths, as any linked folder
        return good
    for path in sorted(folder.glob("*.yaml")):
        if read_text(path, problems, limit=MAX_PROFILE_BYTES, root=root) is not None:
            good.append(path)
    return good
