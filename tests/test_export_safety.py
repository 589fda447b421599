"""``mjref export`` and what is not its own: links planted in an earlier export, a house profile's name that leaves
its folder, a DIR that is a link, a full disk, an unreadable file, SIGTERM and SIGKILL, and npm's tarball.

The site itself is not rendered here (``build_into`` is replaced by a stand-in that writes three files): what is
tested is what happens around it. ``test_offline_export.py`` exports the real site."""

from __future__ import annotations

import errno
import io
import json
import os
import signal
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from web.export import pyodide, site, wheel
from web.export.errors import ExportError
from web.export.site import MARKER, carry_over, export_site
from web.export.workdir import LOCK, Scratch

ROOT = Path(__file__).resolve().parent.parent


def fake_build(root: Path, *args: object) -> int:
    """What ``build_into`` leaves, in brief: a page, the service worker's first line and the marker."""
    (root / "index.html").write_text("new export")
    (root / "sw.js").write_text('var MJREF_VERSION = "0123456789abcdef";\n')
    (root / MARKER).write_text(json.dumps({"files": ["index.html", "sw.js"]}))
    return 1


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(site, "build_into", fake_build)


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith(".") and p.name.endswith((".export", ".old")))


def test_links_planted_in_an_earlier_export_are_never_followed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("token-abc123")
    previous, new = tmp_path / "previous", tmp_path / "new"
    (previous / "rulings").mkdir(parents=True)
    new.mkdir()
    (previous / MARKER).write_text(json.dumps({"files": []}))
    (previous / "CNAME").symlink_to(secret)
    (previous / ".well-known-passwd").symlink_to("/etc/passwd")
    (previous / "etc").symlink_to("/etc")
    (previous / "rulings" / "notes.txt").write_text("mine")
    said: list[str] = []
    assert carry_over(previous, new, said.append) == ["rulings/notes.txt"]
    assert sorted(p.name for p in new.iterdir()) == ["rulings"]
    assert not any("token-abc123" in p.read_text() for p in new.rglob("*") if p.is_file())
    assert len(said) == 3 and all("not a regular file" in line for line in said)


def test_an_earlier_exports_file_that_cannot_be_read_stops_the_export_in_one_line(
    tmp_path: Path, quick: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / MARKER).write_text(json.dumps({"files": []}))
    (out / "CNAME").write_text("rulings.example.org")

    def unreadable(source: Path, target: Path, **kwargs: object) -> None:  # as root, chmod 000 is still readable
        raise PermissionError(errno.EACCES, "Permission denied", str(source))

    monkeypatch.setattr(site.shutil, "copy2", unreadable)
    with pytest.raises(ExportError, match="cannot keep CNAME of the earlier export: Permission denied"):
        export_site(out, tmp_path / "kb.db", say=lambda line: None)
    assert (out / "CNAME").read_text() == "rulings.example.org" and leftovers(tmp_path) == []


def test_a_house_profile_named_outside_its_folder_is_refused(tmp_path: Path) -> None:
    for name in ("club/../../evil", "..", ".hidden", "a\\b", "c:evil", ""):
        with pytest.raises(ExportError, match="cannot name its file"):
            wheel.write_wheel(tmp_path / "py", {}, (name, "name: x\n"))
    wheel.write_wheel(tmp_path / "py", {}, ("our-club", "name: our-club\n"))
    with zipfile.ZipFile(next((tmp_path / "py").glob("*.whl"))) as made:
        ours = [n for n in made.namelist() if n.startswith("rulings/profiles/our")]
        assert ours == ["rulings/profiles/our-club.yaml"]
        assert not [n for n in made.namelist() if ".." in n]


def test_a_dir_that_is_a_link(tmp_path: Path, quick: None) -> None:
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    for link in (dangling, loop):
        with pytest.raises(ExportError, match="is a symbolic link to a folder that does not exist"):
            export_site(link, tmp_path / "kb.db", say=lambda line: None)
        assert link.is_symlink() and leftovers(tmp_path) == []
    real, link = tmp_path / "real", tmp_path / "link"
    real.mkdir()
    link.symlink_to(real)
    said: list[str] = []
    export_site(link, tmp_path / "kb.db", say=said.append)
    assert link.is_symlink() and (link / "index.html").read_text() == "new export"  # the link's folder, new
    assert any("exporting there" in line for line in said)


def test_a_full_disk_is_one_line_and_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(root: Path, *args: object) -> int:
        (root / "half-written.html").write_text("…")
        raise OSError(errno.ENOSPC, "No space left on device", str(root / "rulings" / "x" / "index.html"))

    monkeypatch.setattr(site, "build_into", full)
    with pytest.raises(ExportError) as raised:
        export_site(tmp_path / "site", tmp_path / "kb.db", say=lambda line: None)
    assert str(raised.value) == f"cannot export into {tmp_path / 'site'}: No space left on device (index.html)"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


CHILD = """
import sys, time
from pathlib import Path
import web.export.site as site
def slow(root, *args):
    (root / "index.html").write_text("half")
    print("writing", flush=True)
    time.sleep(60)
site.build_into = slow
site.export_site(Path(sys.argv[1]), Path(sys.argv[2]), say=lambda line: None)
"""


def _stopped_export(out: Path, sig: signal.Signals) -> int:
    """An export stopped by ``sig`` while it writes; its exit status."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(out), str(out.parent / "kb.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL) for s in (signal.SIGTERM, signal.SIGHUP)],
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == b"writing\n", child.stderr
        child.send_signal(sig)
        return child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_an_export_stopped_by_a_signal_leaves_no_temporary_folder(tmp_path: Path, sig: signal.Signals) -> None:
    out = tmp_path / "site"
    status = _stopped_export(out, sig)
    assert status != 0 and leftovers(tmp_path) == [] and not out.exists()


def test_a_killed_exports_folders_are_removed_by_the_next_and_no_others(tmp_path: Path, quick: None) -> None:
    out = tmp_path / "site"
    assert _stopped_export(out, signal.SIGKILL) == -signal.SIGKILL
    (killed,) = leftovers(tmp_path)
    running = Scratch(tmp_path, "site", ".export")  # an export of the same DIR still running: its lock held
    recent = tmp_path / ".site.abcdefgh.export"  # no lock file, made a moment ago: not proved dead
    recent.mkdir()
    other = tmp_path / ".other.abcdefgh.export"  # another DIR's
    other.mkdir(mode=0o755)
    (other / LOCK).touch()
    link = tmp_path / ".site.zzzzzzzz.export"  # a link is never followed
    link.symlink_to(other)
    try:
        export_site(out, tmp_path / "kb.db", say=lambda line: None)
        assert not (tmp_path / killed).exists()
        assert running.path.is_dir() and recent.is_dir() and other.is_dir() and link.is_symlink()
    finally:
        running.remove()
    assert (out / "index.html").read_text() == "new export" and not (out / LOCK).exists()
    old = time.time() - 7200
    os.utime(recent, (old, old))  # a folder of an mjref before the lock file, two hours old
    export_site(out, tmp_path / "kb.db", say=lambda line: None)
    assert not recent.exists() and other.is_dir()


def test_an_earlier_export_a_killed_swap_left_aside_is_put_back(tmp_path: Path, quick: None) -> None:
    aside = Scratch(tmp_path, "site", ".old")
    (aside.path / "previous").mkdir()
    (aside.path / "previous" / MARKER).write_text(json.dumps({"files": ["index.html"]}))
    (aside.path / "previous" / "CNAME").write_text("rulings.example.org")
    aside.close()  # its export was killed: the lock is free
    said: list[str] = []
    export_site(tmp_path / "site", tmp_path / "kb.db", say=said.append)
    assert (tmp_path / "site" / "CNAME").read_text() == "rulings.example.org"  # put back, then carried over
    assert leftovers(tmp_path) == [] and any("put back" in line for line in said)


def _npm_tarball(path: Path) -> None:
    """npm's tarball of Pyodide as a hostile registry might make it: the core files, and members that reach out."""
    with tarfile.open(path, "w:gz") as tar:

        def add(name: str, data: bytes = b"x", kind: bytes = tarfile.REGTYPE, link: str = "") -> None:
            info = tarfile.TarInfo(name)
            info.type, info.linkname, info.size = kind, link, len(data) if kind == tarfile.REGTYPE else 0
            tar.addfile(info, io.BytesIO(data) if kind == tarfile.REGTYPE else None)

        for name in pyodide.CORE:
            add(f"package/{name}", name.encode())
        add("../escaped.txt")
        add("/tmp/absolute-escape.txt")
        add("package/passwd", kind=tarfile.SYMTYPE, link="/etc/passwd")
        add("package/dev", kind=tarfile.CHRTYPE)


def test_pyodide_is_unpacked_safely_without_extractall_filter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Python 3.11.2's ``extractall`` has no ``filter`` (TypeError); the first fetch must not depend on it."""
    tarball = tmp_path / "pyodide-0.0.1.tgz"
    _npm_tarball(tarball)
    fake = tmp_path / "bin" / "npm"
    fake.parent.mkdir()
    fake.write_text(f'#!/bin/sh\nwhile [ "$1" != --pack-destination ]; do shift; done\ncp {tarball} "$2"/\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}:{os.environ['PATH']}")

    def old_extractall(self: tarfile.TarFile, path: str = ".", members: object = None, *, numeric_owner: bool = False):
        raise TypeError("extractall() got an unexpected keyword argument 'filter'")

    monkeypatch.setattr(tarfile.TarFile, "extractall", old_extractall)
    cache = tmp_path / "cache"
    package = pyodide.pyodide_files("0.0.1", cache)
    assert sorted(p.name for p in package.iterdir()) == sorted(pyodide.CORE)
    assert all((package / name).read_bytes() == name.encode() for name in pyodide.CORE)
    found = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")}
    assert not any("escape" in name or "passwd" in name for name in found)
    assert not Path("/tmp/absolute-escape.txt").exists()


def test_publish_never_writes_through_a_link_planted_in_its_staging_folder(db: Path, tmp_path: Path) -> None:
    from web.publish import stage

    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's")
    out = tmp_path / "publish"
    out.mkdir()
    for name in ("kb.db", "metadata.json", "plugins"):
        (out / name).symlink_to(victim if name != "plugins" else tmp_path)
    fake_wheel = tmp_path / "mjref-0.0.0-py3-none-any.whl"
    fake_wheel.write_bytes(b"PK")
    stage(db, "cloudrun", "green-book", out=out, wheel=fake_wheel)
    assert victim.read_text() == "someone else's"
    assert not any((out / name).is_symlink() for name in ("kb.db", "metadata.json", "plugins"))
    assert (out / "kb.db").read_bytes().startswith(b"SQLite format 3") and (out / "plugins" / fake_wheel.name).is_file()


def test_a_swap_that_fails_puts_the_earlier_export_back(tmp_path: Path, quick: None, monkeypatch) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / MARKER).write_text(json.dumps({"files": ["index.html"]}))
    (out / "index.html").write_text("earlier export")
    rename = Path.rename

    def failing(self: Path, target: Path) -> Path:
        if self.name.endswith(".export"):  # the new export taking DIR's name
            raise OSError(errno.EIO, "Input/output error", str(self))
        return rename(self, target)

    monkeypatch.setattr(Path, "rename", failing)
    with pytest.raises(ExportError, match="Input/output error"):
        export_site(out, tmp_path / "kb.db", say=lambda line: None)
    assert (out / "index.html").read_text() == "earlier export" and leftovers(tmp_path) == []
