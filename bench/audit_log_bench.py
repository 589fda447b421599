"""Benchmark: ``mjref audit-log`` over a generated event of ``--hands`` hands (default 100,000).

Writes a JSON Lines event of random valid hands (seeded; every hand with a claimed total, every third
with claimed fans instead), then times :func:`kb.audit_log.run` with ``--jobs`` worker processes
(default 2) on at most ``--cores`` CPUs (default 2: the process and its workers are pinned to that
many CPUs when the machine has more, so the figure is one for 2 cores). Generating the event is not
timed; reading the fan names, done once per run, is timed apart so that a small ``--hands`` scales
fairly. Printed: wall time, CPU time (this process and its workers), hands/s, the jobs and CPUs used,
the load of the machine, the figure for the target, and the summary. A report that lacks a good line
for any hand makes the run fail (exit status 1). Target: 100,000 hands in <= 60 s on 2 cores.

On a shared machine the wall time includes other programs' load; the CPU time does not, so the
line "idle" (CPU seconds / cores in use) bounds the same run on an idle machine.

    python bench/audit_log_bench.py                  # the target: 100,000 hands, 2 jobs, 2 cores
    python bench/audit_log_bench.py --hands 2000     # a quick check
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

from kb.audit_log import report_line, run  # noqa: E402
from kb.claims import name_index  # noqa: E402
from tests.support.generate import random_hands  # noqa: E402

CLAIMS = ["Pure Straight, Tile Hog x2", "All Chows, Mixed Double Chow", "Half Flush, Dragon Pung", "Self-Drawn"]
TARGET_HANDS, TARGET_SECONDS, TARGET_CORES = 100_000, 60.0, 2


def pin(cores: int) -> list[int]:
    """Restrict this process (and the workers it forks) to ``cores`` CPUs where the system allows; the CPUs used."""
    if not hasattr(os, "sched_getaffinity"):
        return list(range(os.cpu_count() or 1))
    allowed = sorted(os.sched_getaffinity(0))
    if len(allowed) > cores:
        os.sched_setaffinity(0, allowed[:cores])
    return sorted(os.sched_getaffinity(0))


def write_event(path: Path, hands: int, seed: int) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for i, hand in enumerate(random_hands(seed, hands)):
            line: dict[str, object] = {"id": i, "hand": hand.text, "claim_total": 8 + i % 40}
            if i % 3 == 0:
                line = {"id": i, "hand": hand.text, "claim": CLAIMS[i % len(CLAIMS)]}
            f.write(json.dumps(line) + "\n")


def cpu_seconds() -> tuple[float, float]:
    """User + system time of this process, and of its finished (reaped) children: the workers."""
    t = os.times()
    return t.user + t.system, t.children_user + t.children_system


def quiet_per_hand(lines: list[str], sample: int, repeat: int = 3) -> float:
    """Seconds per line of what a worker does (audit and report line), each of ``sample`` lines timed
    ``repeat`` times and its fastest run kept: the cost on a machine that neither stalls nor is shared."""
    fastest = [float("inf")] * sample
    for _ in range(repeat):
        for i, line in enumerate(lines[:sample]):
            t = time.perf_counter()
            report_line((i + 1, line, "green-book"))
            fastest[i] = min(fastest[i], time.perf_counter() - t)
    return sum(fastest) / sample


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--hands", type=int, default=TARGET_HANDS, help="hands in the event (default 100,000)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--cores", type=int, default=TARGET_CORES, help="CPUs to run on, at most (default 2)")
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args(argv)
    if args.hands < 1 or args.jobs < 1 or args.cores < 1:
        p.error("--hands, --jobs and --cores must be at least 1")

    cpus = pin(args.cores)
    with tempfile.TemporaryDirectory() as tmp:
        event, report = Path(tmp) / "event.jsonl", Path(tmp) / "report.jsonl"
        started = time.perf_counter()
        write_event(event, args.hands, args.seed)
        generated = time.perf_counter() - started

        load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        # Once per run, whatever its size: the fan names that claims are read with. Timed apart, so
        # that a small run scales fairly to the target; counted in the target's figure.
        cpu0, t0 = cpu_seconds(), time.perf_counter()
        name_index()
        cpu1, t1 = cpu_seconds(), time.perf_counter()
        with open(report, "w", encoding="utf-8") as out:
            summary = run(event, out, jobs=args.jobs)  # the pool's workers are reaped before run() returns
        cpu2, t2 = cpu_seconds(), time.perf_counter()
        load_after = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        with open(report, encoding="utf-8") as f:
            reported = sum(1 for _ in f)
        with open(event, encoding="utf-8") as f:
            event_lines = [line.strip() for line in f]

    n, used = args.hands, len(cpus)
    startup_wall, startup_cpu = t1 - t0, sum(cpu1) - sum(cpu0)
    wall = t2 - t1
    own, workers = cpu2[0] - cpu1[0], cpu2[1] - cpu1[1]
    cpu = own + workers
    parallel = min(used, args.jobs)  # one job runs in this process alone
    idle = cpu / parallel
    listed = ", ".join(map(str, cpus))
    print(f"machine     {os.cpu_count()} CPUs; run on {used} ({listed}); {args.jobs} worker processes")
    print(f"load        {load_before:.2f} before, {load_after:.2f} after (1-minute load average; other programs count)")
    print(f"event       {n:,} hands generated in {generated:.1f} s (not timed)")
    print(f"startup     {startup_wall:.2f} s wall, {startup_cpu:.2f} s CPU: the fan names, read once per run")
    print(f"audit       {wall:.2f} s wall, {n / wall:,.0f} hands/s")
    per_hand, cores = cpu / n * 1e6, f"{parallel} idle core{'s' if parallel > 1 else ''}"
    print(f"cpu         {cpu:.2f} s ({own:.2f} s this process, {workers:.2f} s workers), {per_hand:,.0f} µs per hand")
    print(f"idle        at best {idle:.2f} s, {n / idle:,.0f} hands/s on {cores} (CPU s / {parallel}, no other load)")
    target = startup_wall + wall / n * TARGET_HANDS
    target_idle = startup_cpu + idle / n * TARGET_HANDS
    verdict = "meets" if target <= TARGET_SECONDS and used <= TARGET_CORES else "misses"
    scaled = "" if n == TARGET_HANDS else f", scaled from {n:,} hands"
    print(
        f"target      {TARGET_HANDS:,} hands in <= {TARGET_SECONDS:.0f} s on {TARGET_CORES} cores: {target:.1f} s "
        f"(startup + hands at this wall rate{scaled}), {verdict} it; idle estimate {target_idle:.1f} s"
    )
    quiet = quiet_per_hand(event_lines, min(n, 2000))
    quiet_target = startup_cpu + quiet * TARGET_HANDS / min(used, args.jobs)
    print(
        f"quiet       {quiet * 1e6:,.0f} µs per hand (each of {min(n, 2000):,} lines' fastest of 3, in this process): "
        f"{TARGET_HANDS:,} hands on {min(used, args.jobs)} cores ~ {quiet_target:.1f} s without stalls or other load"
    )
    print(f"report      {reported:,} lines for {n:,} input lines")
    for line in summary.lines()[:2]:
        print(f"summary     {line}")
    if reported != n or summary.errors:
        print("error: the report does not have one good line per hand; the figure above is not valid", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
