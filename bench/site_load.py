"""Benchmark: a bounded load test of the site, on loopback only.

Starts ``mjref serve`` on 127.0.0.1 (a free port), then runs ``--clients`` concurrent clients for
``--seconds`` seconds against each of three pages in turn: search, a ruling page and the score page.
Prints requests/s, p50/p95/p99 latency and errors per page, then stops the server. It never talks to
any address but 127.0.0.1. Targets: 0 errors, search p95 <= 50 ms, score page >= 150 requests/s.

    python bench/site_load.py --clients 16 --seconds 20
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # loopback only, by design
PAGES = {
    "search": "/-/search?q=tile+hog+seven+pairs",
    "ruling": "/rulings/seven-pairs-tile-hog",
    "score": "/-/score?hand=%5B123m,1%5D%5BEEE,2%5D456p789s5s5s%7CEW1000",
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _wait(base: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.3)
    raise SystemExit("the server did not start")


def _load(base: str, path: str, clients: int, seconds: float) -> tuple[list[float], int]:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client() -> None:
        nonlocal errors
        mine, bad = [], 0
        with httpx.Client(base_url=base, timeout=10) as http:
            while time.monotonic() < stop:
                started = time.perf_counter()
                try:
                    ok = http.get(path).status_code == 200
                except httpx.HTTPError:
                    ok = False
                mine.append((time.perf_counter() - started) * 1000)
                bad += not ok
        with lock:
            latencies.extend(mine)
            errors += bad

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(latencies), errors


def _pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, round(q * (len(values) - 1)))] if values else float("nan")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--seconds", type=float, default=20)
    args = p.parse_args(argv)
    port = _free_port()
    base = f"http://{HOST}:{port}"
    mjref = Path(sys.executable).parent / "mjref"
    server = subprocess.Popen(
        [str(mjref), "serve", "--host", HOST, "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait(base)
        print(f"machine   {os.cpu_count()} cores; {args.clients} clients x {args.seconds:.0f} s per page, on {HOST}")
        for name, path in PAGES.items():
            latencies, errors = _load(base, path, args.clients, args.seconds)
            rate = len(latencies) / args.seconds
            print(
                f"{name:8s}  {rate:7.1f} requests/s  p50 {_pct(latencies, 0.5):6.1f} ms  "
                f"p95 {_pct(latencies, 0.95):6.1f} ms  p99 {_pct(latencies, 0.99):6.1f} ms  errors {errors}"
            )
        print("targets   0 errors; search p95 <= 50 ms; score >= 150 requests/s")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
