"""Fuzz targets of the site's limits and the export's links, registered by ``bench/fuzz.py`` (:data:`SHARES`,
:func:`steps`); alone: ``python bench/fuzz.py --only site-host,protocol-head,export-links --inputs 20000``.

- ``site-host``: the site in-process with random ``Host`` headers (0 bytes to 1 MiB, host characters, junk,
  hostile characters, two of them) and header padding, on the pages the cache keeps by host. A failure: a status
  other than 200, 400, 404, 405 and 431, a 200 for a Host that is no host name, an error the site logged, a cache
  key holding a refused Host, or the cache outside its byte bound (keys counted).
- ``protocol-head``: :class:`web.protocol.SiteProtocol` fed random requests in random pieces (a head of a few
  bytes to 64 KiB, pipelined pairs, junk). A failure: an exception, a head over ``MAX_HEAD`` that reached the app,
  a head well within it refused, an answer of uvicorn's without the security headers.
- ``export-links``: ``carry_over`` from a random earlier export holding links (to a secret file, to folders, to
  nothing, in loops), FIFOs and odd names; the house profile's wheel member for random names; stale-folder
  clean-up among live, dead, foreign and linked folders. A failure: a link in the new export, a secret's bytes
  copied, a regular file not kept, an error other than ``ExportError``, a wheel member outside
  ``rulings/profiles/``, a folder removed that was not a dead export's.
"""

from __future__ import annotations

import json
import os
import posixpath
import random
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.site_support import ProtocolHarness  # noqa: E402
from web.export.errors import ExportError  # noqa: E402
from web.export.site import MARKER, carry_over  # noqa: E402
from web.export.wheel import house_member  # noqa: E402
from web.export.workdir import LOCK, Scratch, remove_stale  # noqa: E402
from web.guard import HOST, MAX_HEAD, MAX_HOST  # noqa: E402

SHARES = {"site-host": 0.02, "protocol-head": 0.02, "export-links": 0.004}
OK_STATUSES = {200, 400, 404, 405, 431}
HOST_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789.-:[]"
ODD = ["\x00", "\x1b", "\n", "\r", " ", "/", "@", "<", ">", "%", "?", "#", "\\", "é", "中", "\u202e", "'", '"']
BY_HOST_PAGES = [
    "/-/score?hand=123m456m789m123p55s",
    "/zh/-/score?hand=123m456m789m123p55s",
    "/-/qr.svg?page=/-/score%3Fhand%3D123m456m789m123p55s",
    "/robots.txt",
    "/rulings/seven-pairs-tile-hog",
    "/kb/examples/1",
]
SECRET = b"token-abc123-secret"
Unexpected = Callable[[BaseException], str]  # bench/fuzz.py's account of an exception
NAME_CHARS = "abcxyz-_." + "".join(c for c in ODD if c not in "\x00/")


# --------------------------------------------------------------------------- site-host


def random_host(rng: random.Random) -> str:
    """A Host header: a name, a name and port, an IPv6 literal, junk or a huge run, any length up to 1 MiB."""
    kind = rng.random()
    if kind < 0.3:
        return "".join(rng.choice(HOST_CHARS) for _ in range(rng.randint(0, 40)))
    if kind < 0.45:
        return f"[::{rng.randint(0, 9999)}]:{rng.randint(0, 99999)}"
    if kind < 0.6:
        return "".join(rng.choice(HOST_CHARS + "".join(ODD)) for _ in range(rng.randint(1, 30)))
    size = rng.choice([MAX_HOST - 1, MAX_HOST, MAX_HOST + 1, 2400, 16 * 1024, 256 * 1024, 1 << 20])
    return rng.choice("ax.") * size


def fuzz_site_host(t: Any, rng: random.Random, site: Any, logged: Any, unexpected: Unexpected) -> None:
    host = random_host(rng)
    path = rng.choice(BY_HOST_PAGES)
    headers: list[tuple[str, str]] = [("host", host)]
    if rng.random() < 0.1:
        headers.append(("host", random_host(rng)))
    if rng.random() < 0.2:
        headers.append(("x-padding", "p" * rng.choice([100, MAX_HEAD // 2, MAX_HEAD, 4 * MAX_HEAD])))
    what = (path, f"Host of {len(host)} bytes: {host[:40]!r}", len(headers))
    try:
        response = site.loop.run_until_complete(site.ds.client.get(path, headers=headers))
    except UnicodeEncodeError:  # httpx sends headers as ASCII: a header no client can send
        return
    except Exception as e:
        t.fail(what, unexpected(e))
        return
    status = response.status_code
    t.accepted += status == 200
    host_ok = len(host) <= MAX_HOST and HOST.fullmatch(host.encode()) is not None
    valid = host_ok and (len(headers) == 1 or headers[1][0] != "host")
    if status not in OK_STATUSES:
        t.fail(what, f"status {status}: {response.text[:200]!r}")
    elif status == 200 and not valid:
        t.fail(what, "a Host that is no host name was served")
    if logged.records:
        t.fail(what, f"logged: {logged.records[0]}")
        logged.records.clear()
    cache = site.ds.__dict__.get("_mjref_pages")
    if cache is None:
        return
    if not host_ok and any(key.endswith(" " + host) for key in cache.pages):
        t.fail(what, "a refused Host is in a cache key")
    counted = sum(cache.sizes.values())
    if counted != cache.size or cache.size > cache.max_bytes:
        t.fail(what, f"cache holds {cache.size} bytes (entries add to {counted}), bound {cache.max_bytes}")


# --------------------------------------------------------------------------- protocol-head


def _request(rng: random.Random, padding: int) -> bytes:
    return b"GET /x HTTP/1.1\r\nHost: localhost\r\nX-Pad: " + b"p" * padding + b"\r\n\r\n"


def fuzz_protocol_head(t: Any, rng: random.Random, protocols: ProtocolHarness, unexpected: Unexpected) -> None:
    kind = rng.random()
    padding = rng.choice([0, 100, MAX_HEAD - 200, MAX_HEAD - 60, MAX_HEAD, MAX_HEAD + 1, 2 * MAX_HEAD, 4 * MAX_HEAD])
    padding = max(0, padding + rng.randint(-50, 50))
    if kind < 0.7:
        data = _request(rng, padding)
    elif kind < 0.85:
        data = _request(rng, rng.randint(0, 200)) + _request(rng, padding)  # pipelined
    else:
        data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))) + b"\r\n\r\n"
    piece = rng.choice([1, 7, 512, 4096, len(data)] if len(data) < 4096 else [509, 4096, 65536, len(data)])
    pieces = [data[i : i + piece] for i in range(0, len(data), piece)] or [b""]
    head = len(_request(rng, padding))
    what = (f"{len(data)} bytes in pieces of {piece}", f"last head {head} bytes", "junk" if kind >= 0.85 else "http")
    served_before = protocols.served
    try:
        written, _ = protocols.serve(pieces)
    except Exception as e:
        t.fail(what, unexpected(e))
        return
    served = protocols.served - served_before
    t.accepted += b" 200 " in written[:20]
    refused = b"HTTP/1.1 431 " in written
    if kind < 0.85 and head > MAX_HEAD and served == (2 if kind >= 0.7 else 1):
        t.fail(what, "a head over the bound reached the app")
    if kind < 0.7 and head + piece <= MAX_HEAD and refused:
        t.fail(what, "a head within the bound was refused")
    for status in (b"431", b"400"):
        answer = written.partition(b"HTTP/1.1 " + status)[2]
        if answer and b"content-security-policy" not in answer.partition(b"\r\n\r\n")[0]:
            t.fail(what, f"uvicorn's {status.decode()} without the security headers")


# --------------------------------------------------------------------------- export-links


def _name(rng: random.Random) -> str:
    name = "".join(rng.choice(NAME_CHARS) for _ in range(rng.randint(1, 8)))
    return name if name not in (".", "..") else "dot"


def earlier_export(rng: random.Random, root: Path, outside: Path) -> tuple[dict[str, bytes], set[str]]:
    """An earlier export with random files, links and FIFOs; its regular files not its own (name: bytes), and the
    names of its own files (listed in its marker)."""
    files: dict[str, bytes] = {}
    own: set[str] = set()
    folders = [root]
    for _ in range(rng.randint(1, 12)):
        here = rng.choice(folders)
        path = here / _name(rng)
        if os.path.lexists(path):
            continue
        relative = path.relative_to(root).as_posix()
        kind = rng.random()
        if kind < 0.15:
            path.mkdir()
            folders.append(path)
        elif kind < 0.45:
            data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 40)))
            path.write_bytes(data)
            if rng.random() < 0.3:
                own.add(relative)
            else:
                files[relative] = data
        elif kind < 0.9:
            targets = [outside / "secret", outside, outside / "missing", root, path, "../" * 4 + "etc/passwd"]
            path.symlink_to(rng.choice(targets))
        elif hasattr(os, "mkfifo"):
            os.mkfifo(path)
    (root / MARKER).write_text(json.dumps({"files": sorted(own)}))
    return files, own


def fuzz_export_links(t: Any, rng: random.Random, folder: Path, unexpected: Unexpected) -> None:
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        base = Path(tmp)
        outside, previous, new = base / "outside", base / "previous", base / "new"
        for made in (outside, previous, new):
            made.mkdir()
        (outside / "secret").write_bytes(SECRET)
        files, own = earlier_export(rng, previous, outside)
        what = sorted(p.relative_to(previous).as_posix() for p in previous.rglob("*"))
        try:
            kept = carry_over(previous, new)
        except ExportError:
            return
        except Exception as e:
            t.fail(what, unexpected(e))
            return
        t.accepted += 1
        for path in new.rglob("*"):
            if path.is_symlink():
                t.fail(what, f"a link in the new export: {path.relative_to(new)}")
            elif path.is_file() and SECRET in path.read_bytes():
                t.fail(what, f"a secret's bytes copied into {path.relative_to(new)}")
        if sorted(files) != kept or any((new / name).read_bytes() != data for name, data in files.items()):
            t.fail(what, f"kept {kept}, expected {sorted(files)}")
        _check_house_member(t, rng)
        _check_stale(t, rng, base / "stale")


def _check_house_member(t: Any, rng: random.Random) -> None:
    name = rng.choice(["club/../../evil", "..", "a/b", "x" * rng.randint(1, 80), _name(rng), "../" * 3 + _name(rng)])
    try:
        member = house_member(name)
    except ExportError:
        return
    if not posixpath.normpath(member).startswith("rulings/profiles/") or member.count("/") != 2:
        t.fail(name, f"wheel member {member!r} outside rulings/profiles/")


def _check_stale(t: Any, rng: random.Random, parent: Path) -> None:
    """``remove_stale`` among dead, live, legacy, foreign and linked folders: only the dead ones go."""
    parent.mkdir()
    out = parent / "site"
    live, dead = Scratch(parent, "site", ".export"), Scratch(parent, "site", rng.choice([".export", ".old"]))
    dead.close()
    foreign = parent / ".other.abcdefgh.export"
    foreign.mkdir()
    (foreign / LOCK).touch()
    link = parent / ".site.zzzzzzzz.export"
    link.symlink_to(foreign)
    try:
        remove_stale(parent, "site", out, lambda line: None)
        if os.path.lexists(dead.path) or not live.path.is_dir() or not foreign.is_dir() or not link.is_symlink():
            t.fail(sorted(p.name for p in parent.iterdir()), "remove_stale removed the wrong folders")
    finally:
        live.remove()
        shutil.rmtree(parent, ignore_errors=True)


# --------------------------------------------------------------------------- registration


def steps(gen: Any, site: Any, logged: Any, folder: Path, unexpected: Unexpected) -> dict[str, Any]:
    """The targets as ``bench/fuzz.py`` runs them: name -> step(tally, n)."""
    protocols = ProtocolHarness()
    return {
        "site-host": lambda t, n: fuzz_site_host(t, gen.rng, site, logged, unexpected),
        "protocol-head": lambda t, n: fuzz_protocol_head(t, gen.rng, protocols, unexpected),
        "export-links": lambda t, n: fuzz_export_links(t, gen.rng, folder, unexpected),
    }
