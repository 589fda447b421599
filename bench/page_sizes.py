"""Benchmark: how every ruling and fan page sits on a phone, in English and in Chinese.

Builds ``kb.db`` into a temporary folder, starts ``mjref serve`` there on loopback, and opens every ruling
page and every fan page in Debian's Chromium (Playwright, never a downloaded browser) on a 390x844 phone
viewport with touch, before anything on the page is opened. Prints, per kind of page and language: the
number of pages, the median and the tallest page height (CSS px, and in screens of 844 px), the widest
page (a page wider than 390 px scrolls sideways), and whether the ruling's question, short answer and
house position end within the first screen.

Issue 15's goals: median ruling and fan page at most 4,000 px tall, the tallest at most 15,000 px, no
page wider than 390 px.

    python bench/page_sizes.py
    python bench/page_sizes.py --lang en --kinds ruling
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.build import build  # noqa: E402
from kb.load import load_corpus  # noqa: E402
from rulings import RULINGS_DIR  # noqa: E402
from scorer.mcr.table import FANS  # noqa: E402
from tests.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.site_support import running_site, workdir_with  # noqa: E402

WIDTH, HEIGHT = 390, 844
GOALS = {"median": 4000, "tallest": 15000, "width": WIDTH}
FIRST_SCREEN = ("h1", "p.question", "p.answer", "p.house-position")  # what a ruling shows before any scrolling


def _paths(kinds: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    if "ruling" in kinds:
        out["ruling"] = [f"/rulings/{r.id}" for r in load_corpus(RULINGS_DIR).rulings]
    if "fan" in kinds:
        out["fan"] = [f"/fans/{f.key}" for n, f in sorted(FANS.items()) if n <= 81]
    return out


def _measure(page: object, url: str) -> tuple[int, int, bool]:
    """Height, width and whether the first-screen elements present end within the first screen."""
    page.goto(url)  # type: ignore[attr-defined]
    height, width, first = page.evaluate(  # type: ignore[attr-defined]
        """(selectors) => {
            const doc = document.documentElement;
            const ends = selectors.map((s) => document.querySelector(s))
                .filter((e) => e).map((e) => e.getBoundingClientRect().bottom + window.scrollY);
            return [doc.scrollHeight, doc.scrollWidth, ends.every((b) => b <= window.innerHeight)];
        }""",
        list(FIRST_SCREEN),
    )
    return int(height), int(width), bool(first)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", default="ruling,fan", help="ruling, fan or both (default)")
    parser.add_argument("--lang", default="en,zh", help="en, zh or both (default)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright  # only this benchmark needs it

    kinds, langs = args.kinds.split(","), args.lang.split(",")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mjref-sizes-") as tmp:
        db = Path(tmp) / "kb.db"
        build(db)
        with running_site(workdir_with(db, Path(tmp) / "site")) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
            context = browser.new_context(
                viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True, device_scale_factor=2
            )
            page = context.new_page()
            print(f"phone {WIDTH}x{HEIGHT}, Chromium {browser.version}; heights in CSS px (screens of {HEIGHT} px)")
            failed = []
            for kind, paths in _paths(kinds).items():
                for lang in langs:
                    prefix = "" if lang == "en" else f"/{lang}"
                    sizes = {path: _measure(page, base + prefix + path) for path in paths}
                    heights = sorted(h for h, _, _ in sizes.values())
                    median, tallest = statistics.median(heights), heights[-1]
                    widest = max(w for _, w, _ in sizes.values())
                    tall_path = max(sizes, key=lambda p: sizes[p][0])
                    first = sum(f for _, _, f in sizes.values())
                    line = f"{kind:6} {lang}  {len(paths):3} pages"
                    line += f"  median {median:7.0f} ({median / HEIGHT:4.1f} screens)"
                    line += f"  tallest {tallest:6} ({tallest / HEIGHT:4.1f}, {prefix}{tall_path})  widest {widest} px"
                    if kind == "ruling":
                        line += f"  first screen holds question, answer, house: {first}/{len(paths)}"
                    print(line)
                    if median > GOALS["median"] or tallest > GOALS["tallest"] or widest > GOALS["width"]:
                        failed.append(f"{kind} {lang}")
            browser.close()
    print(
        f"goals     median <= {GOALS['median']} px, tallest <= {GOALS['tallest']} px, width <= {WIDTH} px: "
        + ("met" if not failed else "missed by " + ", ".join(failed))
        + f"  ({time.monotonic() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
