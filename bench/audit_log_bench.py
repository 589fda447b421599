"""Benchmark: ``mjref audit-log`` over a generated event of ``--hands`` hands (default 100,000).

Writes a JSON Lines event of random valid hands (seeded; every hand with a claimed total, every
third with claimed fans), then times :func:`kb.audit_log.run` with ``--jobs`` workers (default 2)
and prints the wall time, hands/s and the summary. Target: 100,000 hands in <= 60 s on 2 cores.

    python bench/audit_log_bench.py --hands 100000 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.audit_log import run  # noqa: E402
from tests.support.generate import random_hands  # noqa: E402

CLAIMS = ["Pure Straight, Tile Hog x2", "All Chows, Mixed Double Chow", "Half Flush, Dragon Pung", "Self-Drawn"]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        event = Path(tmp) / "event.jsonl"
        started = time.perf_counter()
        with open(event, "w", encoding="utf-8") as f:
            for i, hand in enumerate(random_hands(args.seed, args.hands)):
                line: dict[str, object] = {"id": i, "hand": hand.text, "claim_total": 8 + i % 40}
                if i % 3 == 0:
                    line = {"id": i, "hand": hand.text, "claim": CLAIMS[i % len(CLAIMS)]}
                f.write(json.dumps(line) + "\n")
        generated = time.perf_counter() - started

        started = time.perf_counter()
        with open(Path(tmp) / "report.jsonl", "w", encoding="utf-8") as out:
            summary = run(event, out, jobs=args.jobs)
        seconds = time.perf_counter() - started

    print(f"machine     {os.cpu_count()} cores; {args.jobs} worker processes")
    print(f"event       {args.hands} hands generated in {generated:.1f} s (not timed below)")
    print(f"audit-log   {seconds:.1f} s, {args.hands / seconds:,.0f} hands/s (target: 100,000 in <= 60 s on 2 cores)")
    for line in summary.lines()[:2]:
        print(f"summary     {line}")


if __name__ == "__main__":
    main()
