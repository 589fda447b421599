"""Benchmark: a bounded load test of the site, on loopback only.

Starts ``mjref serve --workers N`` on 127.0.0.1 (a free port), then runs ``--clients`` concurrent clients
for ``--seconds`` seconds against each page in turn: search, a ruling page and the score page. Each
client keeps one HTTP/1.1 connection open and asks for the next URL of its page as soon as the last
answer is in. The URLs vary: the referee questions of ``tests/fixtures/lookup_questions.yaml``, every
ruling, and ``--hands`` seeded random hands (``--pages waits``: the score page's wait grid of hands of 13 under
every built-in profile, ``compare=all``). The clients run in one asyncio loop with a minimal HTTP
reader, so the load generator costs little of the machine the server shares.

The floor is ``/robots.txt``, the cheapest answer the server gives: what this machine, the server's
HTTP stack and the load generator allow before any page does its own work. It is the anchor the pages'
figures are read against: a page cannot beat it, and a target the floor misses is out of reach here. The
machine may be shared, so the floor is loaded for ``--floor-seconds`` just before every run of a page
and printed beside it: each page's figures come with the floor of the same moment.

Each page is loaded twice: ``cached``, cycling through its URLs (after the first pass the site answers
from its page cache, as it does for the questions a tournament keeps asking), and ``fresh``, every URL
made unique by an ignored ``_`` parameter so every request is worked out anew (the worst case). With
several workers each has its own page cache. ``--rounds N`` runs each N times and prints the medians
over the rounds, with the floor's. After the loaded runs, one client alone asks for the same URLs for up
to 5 s: its median is what a page costs end to end when nothing queues behind it.

Prints, per page and mode: the worker count, requests/s, p50/p95/p99 latency, errors, the server's CPU
time per request (from ``/proc``, summed over uvicorn's parent and its workers: what the page costs,
whatever else the machine is doing), the load generator's own CPU time per request, how many cores the
machine's other processes kept busy during the run (on a shared machine, the noise a figure carries), the
floor's p50/p95 of the same round, and how the clients' connections are shared out among the workers (a
connection stays with its worker while it is kept alive, so the busier worker's share sets the p95). It
never talks to any address but 127.0.0.1. Targets: 0 errors, search and ruling p95 <= 30 ms (fresh, 16
clients), score page >= 150 requests/s, the score page's wait grid p95 <= 20 ms (fresh, 16 clients).

    python bench/site_load.py --clients 16 --seconds 20 --workers 2 --rounds 3
    python bench/site_load.py --pages search,ruling --modes fresh --workers 1 --db build/kb.db
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from itertools import cycle
from pathlib import Path
from typing import Any
from urllib.parse import quote

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.generate import FORMS, random_hands  # noqa: E402
from tests.support.waits_oracle import waiting_texts  # noqa: E402
from web.serve import default_workers  # noqa: E402

HOST = "127.0.0.1"  # loopback only, by design
TICKS = os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def page_urls(hands: int) -> dict[str, list[str]]:
    """The URLs each page is loaded with."""
    fixture = yaml.safe_load((ROOT / "tests" / "fixtures" / "lookup_questions.yaml").read_text(encoding="utf-8"))
    questions = [item["q"] for item in fixture]
    rulings = sorted({p.stem for p in (ROOT / "rulings").glob("*/*.md")})  # rulings/zh/ repeats the ids
    return {
        "floor": ["/robots.txt"],
        "search": [f"/-/search?q={quote(q)}" for q in questions],
        "ruling": [f"/rulings/{r}" for r in rulings],
        "score": [f"/-/score?hand={quote(g.text)}" for g in random_hands(11, hands)],
        # The wait grid: a hand of 13 of every form under every built-in MCR profile (--pages waits).
        "waits": [f"/-/score?hand={quote(t)}&compare=all" for _, t in waiting_texts(12, max(1, hands // len(FORMS)))],
    }


async def _get(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str) -> int:
    """One keep-alive GET: the status code (the body is read and dropped)."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode("ascii"))
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
    if "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding") == "chunked":
        while size := int((await reader.readline()).split(b";")[0], 16):
            await reader.readexactly(size + 2)
        await reader.readline()
    return status


async def _load(
    port: int, urls: list[str], clients: int, seconds: float, fresh: bool = False
) -> tuple[list[float], int, int]:
    """Latencies (ms, sorted), errors and requests for ``clients`` clients for ``seconds``; with ``fresh``,
    each URL is made unique so that no answer can come from the site's page cache."""
    latencies: list[float] = []
    errors = 0
    stop = time.monotonic() + seconds
    if fresh:
        tag = time.time_ns()
        shared = (f"{url}{'&' if '?' in url else '?'}_={tag}-{n}" for n, url in enumerate(cycle(urls)))
    else:
        shared = cycle(urls)

    async def client() -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            while time.monotonic() < stop:
                started = time.perf_counter()
                try:
                    ok = await asyncio.wait_for(_get(reader, writer, next(shared)), 10) == 200
                except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
                    ok = False
                    writer.close()
                    reader, writer = await asyncio.open_connection(HOST, port)
                latencies.append((time.perf_counter() - started) * 1000)
                errors += not ok
        finally:
            writer.close()

    await asyncio.gather(*(client() for _ in range(clients)))
    return sorted(latencies), errors, len(latencies)


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants (uvicorn's parent and its worker processes), from ``/proc``."""
    pids, todo = [], [pid]
    while todo:
        current = todo.pop()
        pids.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo += [int(child) for child in (task / "children").read_text().split()]
            except OSError:
                continue
    return pids


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its descendants, from ``/proc/PID/stat``."""
    total = 0
    for each in _tree(pid):
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        total += int(fields[11]) + int(fields[12])
    return total / TICKS


def _busy_seconds() -> float:
    """CPU time the whole machine spent busy (every core, every process), from ``/proc/stat``."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / TICKS  # all but idle and iowait


def _pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, round(q * (len(values) - 1)))] if values else float("nan")


def _wait(port: int, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if asyncio.run(_load(port, ["/"], 1, 0.01))[1] == 0:
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("the server did not start")


def _connections(pid: int, port: int) -> list[int]:
    """The established connections to ``port`` each worker process holds, most first (from ``/proc``): how the
    kernel shared the clients out among the workers."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":  # local port, ESTABLISHED
                inodes.add(f"socket:[{fields[9]}]")
    counts = []
    for each in _tree(pid):
        try:
            links = [os.readlink(fd) for fd in Path(f"/proc/{each}/fd").iterdir()]
        except OSError:
            continue
        if held := sum(link in inodes for link in links):
            counts.append(held)
    return sorted(counts, reverse=True)


def _run(port: int, urls: list[str], clients: int, seconds: float, fresh: bool, pid: int) -> dict[str, Any]:
    """One loaded run: requests/s, p50/p95/p99 (ms), errors, the server's CPU ms per request, the load
    generator's, the cores the machine's other processes kept busy meanwhile, and the clients' connections per
    worker (counted a second into the run)."""
    cpu, own, busy, started = _cpu_seconds(pid), time.process_time(), _busy_seconds(), time.monotonic()
    shares: list[int] = []
    counter = threading.Timer(min(1.0, seconds / 2), lambda: shares.extend(_connections(pid, port)))
    counter.start()
    latencies, errors, n = asyncio.run(_load(port, urls, clients, seconds, fresh))
    server, client = _cpu_seconds(pid) - cpu, time.process_time() - own
    others = (_busy_seconds() - busy - server - client) / (time.monotonic() - started)
    counter.join()
    return {
        "shares": shares,
        "rps": n / seconds,
        "p50": _pct(latencies, 0.5),
        "p95": _pct(latencies, 0.95),
        "p99": _pct(latencies, 0.99),
        "errors": errors,
        "cpu": server * 1000 / max(n, 1),
        "client_cpu": client * 1000 / max(n, 1),
        "others": max(others, 0.0),
    }


def _line(label: str, run: dict[str, Any], floor: dict[str, Any]) -> str:
    shares = f"  connections per worker {':'.join(map(str, run['shares']))}" if run.get("shares") else ""
    return (
        f"{label}  {run['rps']:7.1f} requests/s  p50 {run['p50']:6.1f} ms  p95 {run['p95']:6.1f} ms  "
        f"p99 {run['p99']:6.1f} ms  errors {run['errors']:.0f}  server CPU {run['cpu']:5.2f} ms/request  "
        f"load generator {run['client_cpu']:4.2f} ms/request  other processes {run['others']:3.1f} cores  "
        f"| floor p50 {floor['p50']:5.1f} ms  p95 {floor['p95']:5.1f} ms{shares}"
    )


def _median(runs: list[dict[str, Any]]) -> dict[str, Any]:
    numbers = [k for k in runs[0] if k != "shares"]
    return {k: (sum if k == "errors" else statistics.median)([r[k] for r in runs]) for k in numbers}


def _start(workers: int, db: Path | None, port: int) -> tuple[subprocess.Popen[bytes], Path]:
    """``mjref serve`` on ``port``: in the source tree, or with ``db`` copied into a temporary folder."""
    cwd = ROOT
    if db is not None:
        cwd = Path(tempfile.mkdtemp(prefix="mjref-load-"))
        (cwd / "build").mkdir()
        shutil.copyfile(db, cwd / "build" / "kb.db")  # a new file: newer than the rulings, served as it is
    mjref = Path(sys.executable).parent / "mjref"
    command = [str(mjref), "serve", "--host", HOST, "--port", str(port), "--workers", str(workers)]
    server = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return server, cwd


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--floor-seconds", type=float, default=5, help="the floor's run before each page's (default 5)")
    p.add_argument("--hands", type=int, default=2000, help="distinct hands for the score page (default 2000)")
    p.add_argument("--pages", default="search,ruling,score", help="pages to load, comma-separated")
    p.add_argument("--rounds", type=int, default=1, help="runs of each page and mode; their medians are printed")
    p.add_argument("--modes", default="cached,fresh", help="cached, fresh or both (default both)")
    p.add_argument(
        "--workers", type=int, default=default_workers(), help="mjref serve --workers (default: as mjref serve)"
    )
    p.add_argument("--db", type=Path, help="serve a copy of this knowledge base (default: mjref serve's build/kb.db)")
    args = p.parse_args(argv)
    urls = page_urls(args.hands)
    port = _free_port()
    server, cwd = _start(args.workers, args.db, port)
    try:
        _wait(port)
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(
            f"machine   {os.cpu_count()} cores, load {load}; mjref serve --workers {args.workers}; "
            f"{args.clients} clients x {args.seconds:.0f} s per page, floor {args.floor_seconds:.0f} s before each"
        )
        floor_urls = urls["floor"]
        asyncio.run(_load(port, floor_urls, 2, 1.0))
        summary = []
        for name in (n for n in args.pages.split(",") if n != "floor"):
            page = urls[name]
            asyncio.run(_load(port, page, 2, 1.0))  # warm: imports, first queries
            for mode in args.modes.split(","):
                label = f"{name:6s} {mode:6s} w{args.workers}"
                runs, floors = [], []
                for _ in range(args.rounds):
                    floors.append(_run(port, floor_urls, args.clients, args.floor_seconds, False, server.pid))
                    runs.append(_run(port, page, args.clients, args.seconds, mode == "fresh", server.pid))
                    print(_line(label, runs[-1], floors[-1]), flush=True)
                run, floor = _median(runs), _median(floors)
                if args.rounds > 1:
                    print(f"{_line(label, run, floor)}  <- median of {args.rounds}", flush=True)
                summary.append((label, run, floor))
                alone, errors, n = asyncio.run(_load(port, page, 1, min(args.seconds, 5.0), mode == "fresh"))
                print(
                    f"{label}  alone: p50 {_pct(alone, 0.5):5.2f} ms  fastest {_pct(alone, 0):5.2f} ms  "
                    f"errors {errors}  (one client, {n} requests: the page's own cost, end to end)",
                    flush=True,
                )
        print(f"summary   medians over {args.rounds} round(s); p95 / floor p95 is the page's cost in floors")
        for label, run, floor in summary:
            print(
                f"{label}  p50 {run['p50']:6.1f} ms  p95 {run['p95']:6.1f} ms  errors {run['errors']:.0f}  "
                f"{run['rps']:7.1f} requests/s  | floor p95 {floor['p95']:5.1f} ms  "
                f"p95 / floor p95 {run['p95'] / floor['p95']:4.1f}"
            )
        print("targets   0 errors; search and ruling p95 <= 30 ms (fresh); score >= 150 requests/s; waits p95 <= 20 ms")
        print("floor     /robots.txt: the least any page can cost on this machine, server and load generator")
    finally:
        server.terminate()  # uvicorn's parent stops its workers and waits for them
        server.wait(timeout=30)
        if cwd != ROOT:
            shutil.rmtree(cwd, ignore_errors=True)


if __name__ == "__main__":
    main()
