"""Pyodide, taken from the ``pyodide`` package of the npm registry, pinned to one version.

``npm pack pyodide@VERSION`` fetches the package's tarball once into ``~/.cache/mjref/pyodide/VERSION/`` (or
``$MJREF_CACHE/pyodide/VERSION/``); the export copies the core files the page loads from there. Nothing is
loaded from another host when the page runs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
import zlib
from pathlib import Path

from scorer.errors import MjrefError, printable

VERSION = "0.29.3"  # Python 3.13 in the browser
CORE = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "package.json")
CACHE_ENV = "MJREF_CACHE"


class PyodideUnavailable(MjrefError):
    """Pyodide cannot be fetched (no npm, no registry) and is not in the cache."""

    code = "pyodide"


def cache_root() -> Path:
    """Where mjref keeps what it downloads: ``$MJREF_CACHE`` or ``~/.cache/mjref``."""
    given = os.environ.get(CACHE_ENV)
    return Path(given) if given else Path.home() / ".cache" / "mjref"


def _complete(folder: Path) -> bool:
    return all((folder / name).is_file() for name in CORE)


def pyodide_files(version: str = VERSION, cache: Path | None = None) -> Path:
    """The folder of Pyodide's core files, fetched with npm into the cache the first time."""
    folder = (cache or cache_root()) / "pyodide" / version
    package = folder / "package"
    if _complete(package):
        return package
    npm = shutil.which("npm")
    if npm is None:
        fetch = f"npm pack pyodide@{version}"
        raise PyodideUnavailable(f"npm is needed once to fetch Pyodide {version} ({fetch}): install Node.js and npm")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as work:
        done = subprocess.run(
            [npm, "pack", f"pyodide@{version}", "--silent", "--pack-destination", work],
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
        tarballs = sorted(Path(work).glob("pyodide-*.tgz"))
        if done.returncode or not tarballs:
            last = (done.stderr.strip().splitlines() or ["no tarball was written"])[-1]
            raise PyodideUnavailable(f"npm pack pyodide@{version} failed: {printable(last)}")
        unpacked = Path(work) / "package"
        try:
            extract_core(tarballs[0], unpacked)
        except (tarfile.TarError, EOFError, zlib.error) as e:
            problem = printable(str(e))
            raise PyodideUnavailable(f"npm pack pyodide@{version} wrote an unreadable tarball: {problem}") from None
        if not _complete(unpacked):
            raise PyodideUnavailable(f"the pyodide@{version} package lacks its core files ({', '.join(CORE)})")
        shutil.rmtree(package, ignore_errors=True)
        unpacked.rename(package)
    return package


def extract_core(tarball: Path, into: Path) -> None:
    """Pyodide's core files (``package/NAME`` in npm's tarball) written as regular files into ``into``; no other
    member, no link and no path outside is written. (Read member by member, the same on every Python:
    ``extractall``'s ``filter`` came with Python 3.11.4.)"""
    wanted = {f"package/{name}": name for name in CORE}
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for member in tar:
            name = wanted.get(member.name)
            source = tar.extractfile(member) if name is not None and member.isfile() else None
            if source is None or name is None:
                continue
            with source, (into / name).open("wb") as target:
                shutil.copyfileobj(source, target)


def copy_core(target: Path, version: str = VERSION, cache: Path | None = None) -> list[str]:
    """Copy Pyodide's core files into ``target``; their names."""
    source = pyodide_files(version, cache)
    target.mkdir(parents=True, exist_ok=True)
    for name in CORE:
        shutil.copyfile(source / name, target / name)
    return list(CORE)
