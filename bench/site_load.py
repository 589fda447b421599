"""Benchmark: a bounded load test of the site, on loopback only.

Starts ``mjref serve`` on 127.0.0.1 (a free port), then runs ``--clients`` concurrent clients for
``--seconds`` seconds against each page in turn: the floor, search, a ruling page and the score page.
Each client keeps one HTTP/1.1 connection open and asks for the next URL of its page as soon as the
last answer is in. The URLs vary: the referee questions of ``tests/fixtures/lookup_questions.yaml``,
every ruling, and ``--hands`` seeded random hands. The clients run in one asyncio loop with a minimal
HTTP reader, so the load generator costs little of the machine the server shares.

The floor is ``/robots.txt``, the cheapest answer the server gives: what this machine, the server's
HTTP stack and the load generator allow before any page does its own work. It is the anchor the pages'
figures are read against: a page cannot beat it, and a target the floor misses is out of reach here.

Each page is loaded twice: ``cached``, cycling through its URLs (after the first pass the site answers
from its page cache, as it does for the questions a tournament keeps asking), and ``fresh``, every URL
made unique by an ignored ``_`` parameter so every request is worked out anew (the worst case).
``--rounds N`` runs each N times and marks the one with the best p95 (the least disturbed by the
rest of the machine). After the loaded runs, one client alone asks for the same URLs for up to 5 s:
its median is what a page costs end to end when nothing queues behind it.

Prints, per page and mode: requests/s, p50/p95/p99 latency, errors, and the server's CPU time per request
(from ``/proc``: what the page costs, whatever else the machine is doing). It never talks to any
address but 127.0.0.1. Targets: 0 errors, search p95 <= 50 ms, score page >= 150 requests/s.

    python bench/site_load.py --clients 16 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import time
from itertools import cycle
from pathlib import Path
from urllib.parse import quote

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.generate import random_hands  # noqa: E402

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
    rulings = sorted(p.stem for p in (ROOT / "rulings").glob("*/*.md"))
    return {
        "floor": ["/robots.txt"],
        "search": [f"/-/search?q={quote(q)}" for q in questions],
        "ruling": [f"/rulings/{r}" for r in rulings],
        "score": [f"/-/score?hand={quote(g.text)}" for g in random_hands(11, hands)],
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


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from ``/proc/PID/stat``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


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


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--hands", type=int, default=2000, help="distinct hands for the score page (default 2000)")
    p.add_argument("--pages", default="floor,search,ruling,score", help="pages to load, comma-separated")
    p.add_argument("--rounds", type=int, default=1, help="runs of each page and mode; the best is marked")
    p.add_argument("--modes", default="cached,fresh", help="cached, fresh or both (default both)")
    args = p.parse_args(argv)
    urls = page_urls(args.hands)
    port = _free_port()
    mjref = Path(sys.executable).parent / "mjref"
    server = subprocess.Popen(
        [str(mjref), "serve", "--host", HOST, "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait(port)
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"machine   {os.cpu_count()} cores, load {load}; {args.clients} clients x {args.seconds:.0f} s per page")
        for name in args.pages.split(","):
            page = urls[name]
            asyncio.run(_load(port, page, 2, 1.0))  # warm: imports, first queries
            for mode in args.modes.split(",") if name != "floor" else ["cached"]:
                lines = []
                for _ in range(args.rounds):
                    cpu = _cpu_seconds(server.pid)
                    latencies, errors, n = asyncio.run(_load(port, page, args.clients, args.seconds, mode == "fresh"))
                    cpu_ms = (_cpu_seconds(server.pid) - cpu) * 1000 / max(n, 1)
                    line = (
                        f"{name:6s} {mode:6s}  {n / args.seconds:7.1f} requests/s  p50 {_pct(latencies, 0.5):6.1f} ms  "
                        f"p95 {_pct(latencies, 0.95):6.1f} ms  p99 {_pct(latencies, 0.99):6.1f} ms  errors {errors}  "
                        f"server CPU {cpu_ms:5.2f} ms/request  ({len(page)} URLs)"
                    )
                    lines.append((_pct(latencies, 0.95), line))
                    print(line, flush=True)
                if args.rounds > 1:
                    print(f"{min(lines)[1]}  <- best p95 of {args.rounds}")
                alone, errors, n = asyncio.run(_load(port, page, 1, min(args.seconds, 5.0), mode == "fresh"))
                print(
                    f"{name:6s} {mode:6s}  alone: p50 {_pct(alone, 0.5):5.2f} ms  fastest {_pct(alone, 0):5.2f} ms  "
                    f"errors {errors}  (one client, {n} requests: the page's own cost, end to end)",
                    flush=True,
                )
        print("targets   0 errors; search p95 <= 50 ms; score >= 150 requests/s")
        print("floor     /robots.txt: the least any page can cost on this machine, server and load generator")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
