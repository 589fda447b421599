"""What a first visit to the exported site costs (``python bench/offline_bench.py --first-visit N``).

Exports the site into a temporary folder and measures:

- the files the service worker fetches (its own list in ``sw.js``, and ``sw.js`` itself): their number and bytes,
  raw and as a static host serves them compressed: gzip at level 6 (zlib's and the ``gzip`` command's default;
  GitHub Pages and nginx's ``gzip``/``gzip_static`` serve about this), and brotli when the ``brotli`` package is
  installed (quality 5 by default, what a host compressing on the fly uses; ``--brotli-quality 11`` for files
  compressed once with ``brotli_static``, about three minutes here). Files already compressed (``.zip``, ``.whl``,
  ``.png``) are counted as they are; any other file at the smaller of raw and compressed;
- N first visits from a cold browser (a new profile: no cache, no service worker), each opening the score page with
  ``?hand=`` on Debian's Chromium at 390x844: the time to the first score (``dd.total`` shown, and the page's marks
  ``mjref:pyodide``, ``mjref:wheel``, ``mjref:ready`` from its navigation), the time until the status line says
  "Ready offline", and the requests and bytes the host served until then (the page's and the service worker's).

The host is Python's static file server on loopback: no network delay, so the times are the browser's work (and the
machine's load, printed); ``--link MBIT`` sends its files through one shared link of that speed (uncompressed, as
that server sends them), to see what the page and the service worker do to each other on a slow network.
"""

from __future__ import annotations

import gzip
import json
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import ARGS, CHROMIUM
from tests.offline_support import static_server
from web.export.site import export_site

HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
STORED = (".zip", ".whl", ".png")  # compressed already: a host sends them as they are
LINKS = {"10 Mbit/s": 10e6 / 8, "50 Mbit/s": 50e6 / 8}  # bytes per second


def compressors(brotli_quality: int) -> dict[str, Callable[[bytes], int]]:
    """The size of a file's body as a host sends it, by encoding."""
    out: dict[str, Callable[[bytes], int]] = {
        "raw": len,
        "gzip": lambda data: len(gzip.compress(data, compresslevel=6, mtime=0)),
    }
    try:
        import brotli  # type: ignore[import-not-found]  # noqa: PLC0415  (optional: the bench extra)
    except ImportError:
        return out
    out[f"brotli q{brotli_quality}"] = lambda data: len(brotli.compress(data, quality=brotli_quality))
    return out


def sizes(root: Path, names: list[str], brotli_quality: int) -> dict[str, dict[str, int]]:
    """Each file's size by encoding: ``{name: {"raw": …, "gzip": …, …}}``."""
    out = {}
    for name in names:
        data = (root / name).read_bytes()
        stored = name.endswith(STORED)
        out[name] = {
            kind: len(data) if stored else min(len(data), size(data))
            for kind, size in compressors(brotli_quality).items()
        }
    return out


def precached(root: Path) -> list[str]:
    """The service worker's list, as the export wrote it into ``sw.js``."""
    head = (root / "sw.js").read_text(encoding="utf-8")
    return list(json.loads(head.split("var MJREF_FILES = ", 1)[1].split(";\n", 1)[0]))


def _wait(page: Any, script: str, seconds: float = 300.0) -> float:
    started = time.monotonic()
    while not page.evaluate(script):
        if time.monotonic() - started > seconds:
            raise SystemExit(f"timed out: {script}")
        time.sleep(0.02)
    return time.monotonic() - started


def cold_visit(playwright: Any, root: Path, link: float | None) -> dict[str, Any]:
    """One first visit to the score page from a cold browser, until the whole site is saved. The browser has a
    profile folder of its own, new, as a phone's browser has: its HTTP cache on disk (a context without one keeps
    it in memory, too small for Pyodide's 8.6 MB, which the service worker then downloads a second time)."""
    served: list[tuple[str, int]] = []
    profile = tempfile.TemporaryDirectory(prefix="mjref-cold-")
    context = playwright.chromium.launch_persistent_context(
        profile.name,
        executable_path=str(CHROMIUM),
        args=ARGS,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    context.set_default_timeout(300_000)
    page = context.new_page()
    with static_server(root, served, link) as base:
        started = time.monotonic()
        page.goto(base + "-/score/index.html?hand=" + HAND.replace("|", "%7C"))
        _wait(page, "() => !!document.querySelector('dd.total')")
        first = time.monotonic() - started
        marks = page.evaluate(
            "() => Object.fromEntries(performance.getEntriesByType('mark')"
            ".filter((m) => m.name.startsWith('mjref:')).map((m) => [m.name.slice(6), m.startTime / 1000]))"
        )
        _wait(page, "() => document.documentElement.dataset.offline === 'ready'")
        ready = time.monotonic() - started
        page.wait_for_load_state("networkidle")
    context.close()
    profile.cleanup()
    return {"first": first, "ready": ready, "marks": marks, "requests": len(served), "bytes": sum(b for _, b in served)}


def main(db: Path, runs: int, brotli_quality: int, mbit: float | None = None) -> None:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415  (only the benchmarks need it)

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "site"
        export_site(root, db, say=lambda line: None)
        names = [*precached(root), "sw.js"]
        started = time.monotonic()
        table = sizes(root, names, brotli_quality)
        compress_s = time.monotonic() - started
        with sync_playwright() as p:
            visits = [cold_visit(p, root, mbit * 1e6 / 8 if mbit else None) for _ in range(runs)]
    load = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    print(f"load: {load}")
    kinds = list(next(iter(table.values())))
    totals = {kind: sum(t[kind] for t in table.values()) for kind in kinds}
    print(f"the service worker fetches {len(names)} files (sw.js included); bytes as a static host sends them:")
    for kind in kinds:
        on_links = ", ".join(f"{totals[kind] / speed:.0f} s at {link}" for link, speed in LINKS.items())
        print(f"  {kind:12} {totals[kind]:>12,} B  ({totals[kind] / 1e6:5.1f} MB; {on_links})")
    parts: dict[str, dict[str, int]] = {}
    for name, by_kind in table.items():
        part = "pyodide" if name.startswith("pyodide/") else name.rsplit(".", 1)[-1]
        for kind, size in by_kind.items():
            parts.setdefault(part, {}).setdefault(kind, 0)
            parts[part][kind] += size
        parts[part]["files"] = parts[part].get("files", 0) + 1
    for part, by_kind in sorted(parts.items(), key=lambda item: -item[1]["raw"]):
        line = ", ".join(f"{kind} {by_kind[kind] / 1e6:.2f} MB" for kind in kinds)
        print(f"    {part:10} {by_kind['files']:5} files: {line}")
    print(f"  (compressed in {compress_s:.0f} s)")

    def median(key: str) -> float:
        return statistics.median(v[key] for v in visits)

    where = f"through a link of {mbit:g} Mbit/s, raw bytes" if mbit else "loopback, so no network delay"
    print(f"{runs} first visits to the score page from a cold browser (medians; {where}):")
    print(f"  first score shown {median('first'):.2f} s after opening the page")
    steps = ", ".join(
        f"{step} {statistics.median(v['marks'][step] for v in visits):.2f} s"
        for step in ("pyodide", "wheel", "ready")
        if all(step in v["marks"] for v in visits)
    )
    print(f"  the page's marks from its navigation: {steps}")
    print(f"  'Ready offline' {median('ready'):.2f} s after opening the page")
    print(f"  the host served {median('requests'):.0f} requests, {median('bytes') / 1e6:.1f} MB raw, until then")
    print("  each run: " + "; ".join(f"{v['first']:.2f} s / {v['ready']:.1f} s / {v['requests']}" for v in visits))
