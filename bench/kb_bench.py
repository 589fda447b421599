"""Benchmark: building the knowledge base, and looking rulings up in-process.

Times ``kb.build.build`` on the whole corpus (``--builds`` runs into a temporary folder; the
median and best are printed), then every question of ``tests/fixtures/lookup_questions.yaml``
through ``kb.lookup.lookup`` (``--rounds`` rounds after one warm-up round) and prints p50, p95
and the slowest lookup, and how many questions found their ruling in the top 3. Targets: build
<= 3 s, lookup p95 <= 20 ms.

    python bench/kb_bench.py
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.build import build  # noqa: E402
from kb.lookup import lookup  # noqa: E402


def _percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, round(q * (len(sorted_values) - 1)))]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--builds", type=int, default=3, help="timed builds (default 3)")
    p.add_argument("--rounds", type=int, default=20, help="timed rounds over the questions (default 20)")
    args = p.parse_args(argv)
    questions = yaml.safe_load((ROOT / "tests" / "fixtures" / "lookup_questions.yaml").read_text(encoding="utf-8"))

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "kb.db"
        times, cpu, report = [], [], None
        for _ in range(args.builds):
            started, started_cpu = time.perf_counter(), time.process_time()
            report = build(out)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        assert report is not None
        size = out.stat().st_size

        for q in questions:  # warm-up: opens the database and loads the name index once
            lookup(q["q"], out, limit=3)
        latencies, found = [], 0
        for _ in range(args.rounds):
            for q in questions:
                started = time.perf_counter()
                hits = lookup(q["q"], out, limit=3)
                latencies.append((time.perf_counter() - started) * 1000)
                found += q["expect"] in [h.id for h in hits]
        latencies.sort()

    print(f"machine        {platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    print(
        f"corpus         {report.rulings} rulings, {report.sources} sources, {report.examples} worked examples "
        f"({report.verified} scored at build time)"
    )
    print(
        f"build          median {statistics.median(times):.2f} s, best {min(times):.2f} s (target <= 3 s); "
        f"CPU median {statistics.median(cpu):.2f} s; database {size / 1024:.0f} KiB"
    )
    print(
        f"lookup         {len(questions)} questions x {args.rounds} rounds: p50 {_percentile(latencies, 0.5):.2f} ms, "
        f"p95 {_percentile(latencies, 0.95):.2f} ms, max {latencies[-1]:.2f} ms (target p95 <= 20 ms)"
    )
    print(f"ranking        {found / args.rounds:.0f} of {len(questions)} questions have their ruling in the top 3")


if __name__ == "__main__":
    main()
