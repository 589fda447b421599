"""Benchmark: mjref ``score(hand, profile="chinese-practice")`` against pymahjonggb 1.4.0.

Measures the scorer Python imports: the checkout's source (an editable install, or run from the
checkout), or an installed wheel's compiled modules, and says which (``build: compiled`` when the
scorer's modules were loaded from C extensions built by mypyc). ``--build pure`` loads the same
package's ``.py`` sources even where compiled modules sit beside them; after measuring a compiled
build, the pure build of the same installation is measured too, in a child process (``--no-pure``
skips it), so one run gives both, each against pymahjonggb timed in its own process.

Generates ``--hands`` random valid hands once (seeded), then times, in one process: mjref's normal
call on each hand string (parse, validate, every arrangement, the full trail of fans, exclusions
and rulings), and the library on pre-built argument tuples, the two taking turns (one run of each a
round). Prints hands/s for each (best of ``--repeat`` runs), the ratio of the best runs and the
median of the rounds' ratios, mjref's p50/p99 per hand (each hand's fastest run), the floor (the
fastest hand), its first (cold) call, and memory.

    python bench/score_bench.py --hands 5000
    /path/to/venv/bin/python bench/score_bench.py   # a venv with the wheel installed: compiled, then pure
"""

from __future__ import annotations

import argparse
import gc
import importlib.machinery
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from types import ModuleType

# The checkout, for tests.support (the hand generator, the library's arguments). It goes last on the path, so
# an installed scorer (a compiled wheel) is the one imported; without one, the checkout's own.
ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))

PROFILE = "chinese-practice"


class SourceOnly:
    """An import hook that loads the ``scorer`` package from its ``.py`` files, never from compiled modules."""

    def find_spec(self, name: str, path: list[str] | None, target: ModuleType | None = None):  # type: ignore[no-untyped-def]
        if name != "scorer" and not name.startswith("scorer."):
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path if path is not None else sys.path:
            spec = importlib.machinery.FileFinder(entry or ".", loader).find_spec(name)
            if spec is not None:
                return spec
        return None


def scorer_build() -> tuple[str, int, int, str]:
    """Which build of the scorer is loaded: compiled or pure, the compiled and all scorer modules, where."""
    import scorer

    mods = [m for n, m in sys.modules.items() if n == "scorer" or n.startswith("scorer.")]
    native = sum(1 for m in mods if (getattr(m, "__file__", None) or "").endswith((".so", ".pyd")))
    return ("compiled" if native else "pure"), native, len(mods), str(Path(scorer.__file__).parent)


def _percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, round(q * (len(sorted_values) - 1)))]


def clear_scorer_caches() -> int:
    """Empty every cache in the scorer's modules (``functools`` caches and those of :mod:`scorer.caches`), so a
    repeated run is as cold as the first."""
    from scorer.caches import clear_caches

    cleared = clear_caches()
    for name, module in list(sys.modules.items()):
        if name == "scorer" or name.startswith("scorer."):
            for obj in vars(module).values():
                if callable(getattr(obj, "cache_clear", None)) and getattr(obj, "__module__", None) == name:
                    obj.cache_clear()
                    cleared += 1
    return cleared


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=5000, help="random hands to score (default 5000)")
    p.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    p.add_argument("--repeat", type=int, default=3, help="timing runs of each side, best kept (default 3)")
    p.add_argument("--build", choices=("auto", "pure"), default="auto", help="pure: the .py sources only")
    p.add_argument("--no-pure", action="store_true", help="after a compiled build, do not measure the pure one")
    args = p.parse_args(argv)

    if args.build == "pure":
        sys.meta_path.insert(0, SourceOnly())
    import MahjongGB

    from scorer import score
    from tests.support.generate import random_hands
    from tests.support.oracle import library_args

    build, native, modules, where = scorer_build()
    print(f"build: {build} ({native} of {modules} scorer modules compiled), scorer from {where}")
    started = time.perf_counter()
    hands = random_hands(args.seed, args.hands)
    texts = [g.text for g in hands]
    lib_args = [library_args(g.hand) for g in hands]
    print(f"{len(hands)} hands generated in {time.perf_counter() - started:.2f} s (seed {args.seed})")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cpus, load {load}")

    t0 = time.perf_counter()
    score(texts[0], profile=PROFILE)  # cold: loads the tables and the profile
    cold_ms = (time.perf_counter() - t0) * 1e3

    # The two sides take turns, one run each a round, so a change in the machine's load falls on both; each hand
    # is timed once per run, caches emptied between runs; a hand's fastest run counts, so a busy machine does not
    # fake a tail.
    clock = time.perf_counter_ns
    calc = MahjongGB.MahjongFanCalculator
    per_hand = [float("inf")] * len(texts)
    ours_runs: list[float] = []
    lib_runs: list[float] = []
    for _ in range(args.repeat):
        clear_scorer_caches()
        score(texts[0], profile=PROFILE)  # reload the profile; the hands themselves stay uncached
        gc.collect()
        run = 0
        for i, text in enumerate(texts):
            t = clock()
            score(text, profile=PROFILE)
            dt = clock() - t
            run += dt
            per_hand[i] = min(per_hand[i], dt)
        ours_runs.append(run / 1e9)
        t = time.perf_counter()
        for a in lib_args:
            calc(*a, verbose=True)
        lib_runs.append(time.perf_counter() - t)
    ours_s, lib_s = min(ours_runs), min(lib_runs)
    round_ratios = sorted(o / lib for o, lib in zip(ours_runs, lib_runs, strict=True))

    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    sample = texts[: min(len(texts), 1000)]
    tracemalloc.start()
    for text in sample:
        score(text, profile=PROFILE)
    peak_mb = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()

    ms = sorted(v / 1e6 for v in per_hand)
    ours_rate, lib_rate = len(texts) / ours_s, len(lib_args) / lib_s
    print(f"mjref ({build}) {ours_rate:9,.0f} hands/s   ({ours_s:.2f} s, best of {args.repeat})")
    print(f"pymahjonggb  {lib_rate:12,.0f} hands/s   ({lib_s:.3f} s, best of {args.repeat}, verbose=True)")
    quiet_rate = 1e3 / statistics.fmean(ms)
    print(f"ratio        {lib_rate / ours_rate:12.1f}x  (library / mjref, best runs)")
    print(
        f"ratio        {statistics.median(round_ratios):12.1f}x  (median of the {args.repeat} rounds' ratios, each "
        f"round one run of each side; range {round_ratios[0]:.1f} to {round_ratios[-1]:.1f})"
    )
    print(f"ratio        {lib_rate / quiet_rate:12.1f}x  (library / mjref from each hand's fastest run)")
    p50, p99 = _percentile(ms, 0.50), _percentile(ms, 0.99)
    print(
        f"mjref per hand (fastest of {args.repeat}): p50 {p50:.3f} ms, p99 {p99:.3f} ms, max {ms[-1]:.3f} ms, "
        f"floor {ms[0]:.3f} ms (the fastest hand)"
    )
    print(f"mjref from each hand's fastest run: {quiet_rate:,.0f} hands/s (what a quiet machine gives)")
    print(f"mjref first call (cold): {cold_ms:.1f} ms")
    print(f"memory: max RSS {rss_mb:.1f} MB (process), tracemalloc peak {peak_mb:.2f} MB over {len(sample)} scores")

    if build == "compiled" and not args.no_pure:
        print("\n---- the same installation's pure-Python build (--build pure), in a child process ----", flush=True)
        rest = ["--hands", str(args.hands), "--seed", str(args.seed), "--repeat", str(args.repeat)]
        subprocess.run([sys.executable, __file__, "--build", "pure", *rest], check=True)


if __name__ == "__main__":
    main()
