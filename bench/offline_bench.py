"""Benchmark: the exported site offline, in Debian's Chromium driven by Playwright, on loopback only.

Exports the site (``mjref export``) into a temporary folder, serves it with Python's static file server on
127.0.0.1, opens the home page in a fresh browser context and waits until the service worker has cached the
whole export, then cuts the network (``context.set_offline(True)``) and measures:

- the export's size on disk, with its parts (Pyodide, the pages, their JSON); goal <= 40 MB;
- the time from going offline to the first score: the score page opened with ``?hand=`` until its total shows,
  Pyodide's start included; goal <= 5 s;
- later scores: ``--hands`` hands (worked examples of the rulings) scored and drawn in the page one after the
  other (median and p95 in the page, ``performance.now``), and ``--ui`` of them through the form (fill the field,
  tap Score, wait for the total; Playwright's round trips included); goal: median <= 100 ms;
- the share of the export's files the page fetches offline from the service worker's cache (every file), and of
  ``--navigations`` pages opened offline that came from it; goal 100%.

Prints the figures with the machine's load (``uptime``): the machine may be shared.

With ``--first-visit N``, it measures instead what a first visit costs, N times from a cold browser (a new profile,
nothing cached), medians printed (:mod:`first_visit`): the bytes of the files the service worker fetches, raw and
as a static host compresses them (gzip; brotli when the ``brotli`` package is installed, ``pip install -e
'.[bench]'``), the requests and bytes the host served, and the time from opening the score page to its first
score (the page's marks ``mjref:pyodide``, ``mjref:wheel``, ``mjref:ready``) and to "Ready offline".

    python bench/offline_bench.py
    python bench/offline_bench.py --db build/kb.db --hands 300 --navigations 60
    python bench/offline_bench.py --first-visit 5
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import first_visit  # noqa: E402  (bench/first_visit.py, beside this file)

from tests.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.offline_support import static_server  # noqa: E402
from web.export.site import export_site  # noqa: E402

HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"


def _wait(page: Any, script: str, seconds: float = 300.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (value := page.evaluate(script)):
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out: {script}")
        time.sleep(0.02)
    return value


def _sizes(root: Path) -> dict[str, int]:
    parts = {"total": 0, "pyodide": 0, "pages (html)": 0, "json": 0, "other": 0}
    for p in root.rglob("*"):
        if not p.is_file():
            continue
        size = p.stat().st_size
        parts["total"] += size
        rel = p.relative_to(root).as_posix()
        part = "pyodide" if rel.startswith("pyodide/") else "pages (html)" if rel.endswith(".html") else None
        part = part or ("json" if rel.endswith(".json") else "other")
        parts[part] += size
    return parts


def _hands(db: Path, n: int) -> list[str]:
    with sqlite3.connect(db) as conn:
        rows = [r[0] for r in conn.execute("SELECT DISTINCT hand FROM examples WHERE ruleset = 'mcr'")]
    random.Random(19).shuffle(rows)
    return rows[:n]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=ROOT / "build" / "kb.db")
    parser.add_argument("--hands", type=int, default=200, help="later scores measured in the page")
    parser.add_argument("--ui", type=int, default=10, help="later scores measured through the form")
    parser.add_argument("--navigations", type=int, default=40, help="pages opened offline")
    parser.add_argument("--first-visit", type=int, default=0, metavar="N", help="only a first visit's cost, N runs")
    parser.add_argument("--brotli-quality", type=int, default=5, help="5: a host compressing on the fly; 11: slow")
    parser.add_argument("--link", type=float, default=None, metavar="MBIT", help="--first-visit through a slow link")
    args = parser.parse_args()
    if not args.db.is_file():
        subprocess.run([sys.executable, "-m", "mjref", "build", "--out", str(args.db)], check=True)
    if args.first_visit:
        first_visit.main(args.db, args.first_visit, args.brotli_quality, args.link)
        return
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        started = time.monotonic()
        report = export_site(out, args.db, say=lambda line: None)
        export_s = time.monotonic() - started
        sizes = _sizes(out)
        files = json.loads((out / "sw.js").read_text().split("var MJREF_FILES = ", 1)[1].split(";\n", 1)[0])
        pages = [f for f in files if f.endswith("index.html")]
        hands = _hands(args.db, args.hands)
        with static_server(out) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            context.set_default_timeout(120_000)
            page = context.new_page()
            started = time.monotonic()
            page.goto(base + "index.html")
            _wait(page, "() => document.documentElement.dataset.offline === 'ready'")
            cached_s = time.monotonic() - started
            context.set_offline(True)
            started = time.monotonic()
            page.goto(base + "-/score/index.html?hand=" + HAND.replace("|", "%7C"))
            _wait(page, "() => !!document.querySelector('dd.total')")
            first_s = time.monotonic() - started
            steps = page.evaluate(
                "() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('mjref:'))"
                ".map((m) => [m.name.slice(6), m.startTime])"
            )
            in_page = page.evaluate(
                "async (hands) => { const api = await window.mjrefScorer();"
                " const main = document.querySelector('main'); const times = [];"
                " for (const h of hands) { const t = performance.now(); const r = api.page(h, '', '');"
                " main.insertAdjacentHTML('beforeend', r.html); main.lastElementChild.remove();"
                " times.push(performance.now() - t); } return times; }",
                hands,
            )
            ui = []
            for hand in hands[: args.ui]:
                t = time.monotonic()
                page.fill("#hand", hand)
                page.evaluate("() => document.querySelector('main section.result, main p.error')?.remove()")
                page.locator("form.score-form button[type=submit]").click()
                _wait(page, "() => !!document.querySelector('main section.result, main p.error')")
                ui.append((time.monotonic() - t) * 1000)
            fetched = page.evaluate(
                "async (files) => { let ok = 0; for (const f of files) { try { const r = await fetch(f);"
                " if (r.ok) ok += 1; } catch (e) {} } return ok; }",
                [base + f for f in files],
            )
            navigated = 0
            sample = random.Random(19).sample(pages, min(args.navigations, len(pages)))
            for path in sample:
                response = page.goto(base + path)
                navigated += bool(response and response.ok and response.from_service_worker)
            browser.close()
    load = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    mb = 1e6
    print(f"load: {load}  (cores: {os.cpu_count()})")
    print(f"export: {report.pages} pages, {report.files} files in {export_s:.1f} s")
    print(
        f"export size: {sizes['total'] / mb:.1f} MB (goal <= 40 MB): pyodide {sizes['pyodide'] / mb:.1f}, "
        f"pages {sizes['pages (html)'] / mb:.1f}, json {sizes['json'] / mb:.1f}, other {sizes['other'] / mb:.1f}"
    )
    print(f"first visit, until the service worker has cached everything: {cached_s:.1f} s")
    print(f"offline to first score (Pyodide's start included): {first_s:.2f} s (goal <= 5 s)")
    marks = ", ".join(f"{name} at {at / 1000:.2f} s" for name, at in steps)
    print(f"  the score page's start, from its navigation: {marks}")
    q = statistics.quantiles(in_page, n=20)
    print(
        f"later scores in the page: median {statistics.median(in_page):.1f} ms, p95 {q[18]:.1f} ms over "
        f"{len(in_page)} hands (goal: median <= 100 ms)"
    )
    if ui:
        print(f"later scores through the form: median {statistics.median(ui):.0f} ms over {len(ui)} hands")
    print(
        f"served from the cache offline: {fetched}/{len(files)} files ({100 * fetched / len(files):.1f}%), "
        f"{navigated}/{len(sample)} pages opened ({100 * navigated / max(len(sample), 1):.1f}%) (goal 100%)"
    )


if __name__ == "__main__":
    main()
