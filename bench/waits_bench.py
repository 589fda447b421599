"""Benchmark: the wait list, ``scorer.waits(hand, profile="chinese-practice")``, against pymahjonggb 1.4.0.

Times, in one process, over ``--hands`` random ready hands of 13 of every form (tests/support/waits_oracle.py):

- the grid for one hand under one profile: every winning tile scored on a discard, self-drawn and as the last of
  its kind, with the full trail of fans and rulings;
- the anchor: pymahjonggb's fan calculator swept over the 34 tiles of the same hand (on a discard, and self-drawn
  for each tile that wins), the same question asked of the reference calculator;
- the floor: one ``scorer.score`` of the hand won on its first winning tile, the unit the grid repeats;
- the grid under every built-in MCR profile at once (``profiles=[...]``).

Each hand is timed once per pass, after a warm-up pass (the scorer's caches warm, as in a running service); the
best of ``--repeat`` passes is kept per hand, and the median and p95 over hands are printed. ``--agreement N``
then compares the two over N hands of 13 (ready and not), as tests/test_waits_oracle.py does over a few hundred.

    python bench/waits_bench.py --hands 700 --agreement 2000
    /path/to/venv/bin/python bench/waits_bench.py   # a venv with the compiled wheel installed
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# The checkout, for tests.support; last on the path, so an installed (compiled) scorer is the one imported.
ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))


def build() -> str:
    """compiled or pure: whether the scorer's modules came from C extensions."""
    mods = [m for n, m in sys.modules.items() if n == "scorer" or n.startswith("scorer.")]
    native = sum(1 for m in mods if (getattr(m, "__file__", None) or "").endswith((".so", ".pyd")))
    return f"compiled ({native} of {len(mods)} modules)" if native else "pure Python"


def per_hand(items: list[object], work: Callable[[object], object], repeat: int) -> list[float]:
    """Seconds per item, the best of ``repeat`` passes (after one warm-up pass)."""
    for item in items:
        work(item)
    best = [float("inf")] * len(items)
    clock = time.perf_counter
    for _ in range(repeat):
        for k, item in enumerate(items):
            start = clock()
            work(item)
            best[k] = min(best[k], clock() - start)
    return best


def line(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"  {label:<44} median {statistics.median(ordered) * 1e3:7.3f} ms   p95 {p95 * 1e3:7.3f} ms"


def agreement(n: int, seed: int) -> None:
    from tests.support.generate import FORMS  # noqa: PLC0415
    from tests.support.waits_oracle import compare, waiting_texts  # noqa: PLC0415

    texts = waiting_texts(seed, max(1, n // (2 * len(FORMS))))
    problems: list[str] = []
    tiles = fifth = ready = 0
    for _form, text in texts:
        found, k, f, count = compare(text)
        problems += found
        tiles += k
        fifth += f
        ready += count == 0
    print(
        f"\nAgreement with pymahjonggb 1.4.0 (chinese-practice): {len(texts)} hands of 13 ({ready} ready), "
        f"{tiles} winning tiles, each total on a discard and self-drawn; {len(problems)} disagreements; "
        f"{fifth} fifth copies the library took as wins, listed apart by design"
    )
    for p in problems[:10]:
        print("  " + p)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=700, help="ready hands to time (default 700)")
    p.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    p.add_argument("--repeat", type=int, default=3, help="timed passes, best kept per hand (default 3)")
    p.add_argument("--agreement", type=int, default=0, help="then compare with the library over N hands")
    args = p.parse_args(argv)

    from scorer import score, waits  # noqa: PLC0415
    from scorer.wait_list import mcr_builtins, read_waiting  # noqa: PLC0415
    from tests.support.generate import FORMS  # noqa: PLC0415
    from tests.support.waits_oracle import library_waits, waiting_texts  # noqa: PLC0415

    texts = [text for _, text in waiting_texts(args.seed, max(1, args.hands // len(FORMS)))]
    ready = []
    for text in texts:
        result = waits(text, profile="chinese-practice")
        if result.waits:
            ready.append((text, read_waiting(text), result.waits[0].discard.hand))
    ready = ready[: args.hands]
    profiles = mcr_builtins()
    print(f"mjref wait list, {build()}, Python {sys.version.split()[0]}; {len(ready)} ready hands of 13")
    grid = per_hand(ready, lambda r: waits(r[0], profile="chinese-practice"), args.repeat)
    anchor = per_hand(ready, lambda r: library_waits(r[1]), args.repeat)
    floor = per_hand(ready, lambda r: score(r[2], profile="chinese-practice"), args.repeat)
    every = per_hand(ready, lambda r: waits(r[0], profiles=profiles), args.repeat)
    print(line("grid, one profile (chinese-practice)", grid))
    print(line("anchor: pymahjonggb, 34-tile sweep", anchor))
    print(line("floor: one scorer.score (one winning tile)", floor))
    print(line(f"grid, all {len(profiles)} built-in profiles", every))
    print(f"  grid / anchor (medians): {statistics.median(grid) / statistics.median(anchor):.1f}")
    if args.agreement:
        agreement(args.agreement, args.seed + 1)


if __name__ == "__main__":
    main()
