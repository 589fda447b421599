"""Benchmark: the exported score page's wait grid offline, in Debian's Chromium driven by Playwright, on loopback.

Exports the site (``mjref export``) into a temporary folder, serves it on 127.0.0.1, opens the score page and
waits until the scorer is loaded (Pyodide started, the wheel imported, one hand scored), then stops the server
and cuts the network, and measures in the page (``performance.now``): ``--hands`` hands of 13 of every form
(``tests/support/waits_oracle.py``, ready and not) worked out and drawn one after the other, and beside them, as
the anchor, the same run's scores of as many complete hands (the score page's usual work: one hand of 14, one
profile). Then ``--ui`` of the hands of 13 through the form (fill, tap Score, wait for the grid; Playwright's
round trips included). Goal: the grid in at most 300 ms after the scorer is loaded (issue 33).

    python bench/waits_page_bench.py
    python bench/waits_page_bench.py --hands 120 --ui 10 --db build/kb.db
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.offline_support import static_server  # noqa: E402
from tests.support.generate import FORMS, random_hands  # noqa: E402
from tests.support.waits_oracle import waiting_texts  # noqa: E402
from web.export.site import export_site  # noqa: E402

TIMED = (
    "async (hands) => { const api = await window.mjrefScorer(); const main = document.querySelector('main');"
    " const times = [], kinds = []; for (const h of hands) { const t = performance.now();"
    " const r = api.page(h, '', '');"
    " main.insertAdjacentHTML('beforeend', r.html); main.lastElementChild.remove();"
    " times.push(performance.now() - t); kinds.push(r.waits ? 'grid' : String(r.status)); } return [times, kinds]; }"
)


def _wait(page: Any, script: str, seconds: float = 300.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (value := page.evaluate(script)):
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out: {script}")
        time.sleep(0.02)
    return value


def _line(label: str, times: list[float]) -> str:
    q = statistics.quantiles(times, n=20)
    return f"{label}: median {statistics.median(times):6.1f} ms  p95 {q[18]:6.1f} ms  max {max(times):6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", type=Path, default=ROOT / "build" / "kb.db")
    parser.add_argument("--hands", type=int, default=120, help="hands of 13 timed in the page (and as many of 14)")
    parser.add_argument("--ui", type=int, default=10, help="hands of 13 timed through the form")
    args = parser.parse_args()
    if not args.db.is_file():
        subprocess.run([sys.executable, "-m", "mjref", "build", "--out", str(args.db)], check=True)
    from playwright.sync_api import sync_playwright

    waiting = [t for _, t in waiting_texts(7, max(1, args.hands // len(FORMS)))][: args.hands]
    complete = [g.text for g in random_hands(7, len(waiting))]
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        out = Path(tmp) / "site"
        export_site(out, args.db, say=lambda line: None)
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        context.set_default_timeout(120_000)
        page = context.new_page()
        with static_server(out) as base:
            page.goto(base + "index.html")
            _wait(page, "() => document.documentElement.dataset.offline === 'ready'")
            page.goto(base + "-/score/index.html")
            page.evaluate("async () => { await window.mjrefScorer(); }")  # the scorer loaded
        context.set_offline(True)  # the server stopped too
        grid, kinds = page.evaluate(TIMED, waiting)
        anchor, scored = page.evaluate(TIMED, complete)
        ui = []
        for hand in waiting[: args.ui]:
            started = time.monotonic()
            page.fill("#hand", hand)
            page.evaluate("() => document.querySelector('main section.result, main p.error')?.remove()")
            page.locator("form.score-form button[type=submit]").click()
            _wait(page, "() => !!document.querySelector('main section.waits, main p.error')")
            ui.append((time.monotonic() - started) * 1000)
        browser.close()
    load = subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()
    print(f"load: {load}  (cores: {os.cpu_count()})")
    print(f"offline, the scorer loaded, server stopped; {len(waiting)} hands of 13 of every form, ready and not")
    print(f"answers: hands of 13 {dict(Counter(kinds))}, hands of 14 {dict(Counter(scored))}")
    print(_line("wait grid in the page (worked out and drawn)", grid) + "  (goal <= 300 ms)")
    print(_line("anchor: a hand of 14 scored and drawn", anchor))
    print(f"  grid / anchor (medians): {statistics.median(grid) / statistics.median(anchor):.1f}")
    if ui:
        print(
            f"wait grid through the form: median {statistics.median(ui):6.1f} ms"
            f"  max {max(ui):6.1f} ms ({len(ui)} hands)"
        )


if __name__ == "__main__":
    main()
