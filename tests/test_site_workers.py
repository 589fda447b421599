"""``mjref serve --workers N`` on Linux: each worker listens with a socket of its own (``web/workers.py``), so the
kernel shares the connections out; a port in use is one line; a worker that dies is replaced, one that cannot
start stops them all."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from web.app import CONFIG_ENV, write_config
from web.serve import site_config
from web.workers import shares_ports

from .kb_support import run
from .site_support import free_port, running_site, workdir_with

pytestmark = pytest.mark.skipif(not shares_ports(), reason="SO_REUSEPORT shares connections out on Linux only")


def _sockets(pid: int, port: int, state: str) -> set[str]:
    """The socket inodes process ``pid`` holds on local ``port`` in TCP ``state`` (``0A`` listening, ``01`` open)."""
    wanted = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == state:
                wanted.add(f"socket:[{fields[9]}]")
    held = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            link = os.readlink(fd)
        except OSError:
            continue
        if link in wanted:
            held.add(link)
    return held


def _workers(parent: int, port: int) -> dict[int, set[str]]:
    """The worker processes of ``mjref serve`` (``parent``), each with the listening sockets it holds."""
    children = set()
    for task in Path(f"/proc/{parent}/task").glob("*"):
        children |= {int(c) for c in (task / "children").read_text().split()}
    found = {}
    for pid in children:
        try:
            listening = _sockets(pid, port, "0A")
        except OSError:  # ended meanwhile
            continue
        if listening:
            found[pid] = listening
    return found


def _serve_pid(url: str) -> int:
    """The process of ``mjref serve`` listening at ``url`` (the parent of the workers)."""
    port = int(url.rsplit(":", 1)[1])
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            command = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"serve" in command and str(port).encode() in command:
            return int(proc.name)
    raise AssertionError("no mjref serve process")


def _started(url: str) -> tuple[int, int, dict[int, set[str]]]:
    """The port, the parent process and the two workers (with their listening sockets) of ``mjref serve --workers 2``
    at ``url``, once both listen."""
    port = int(url.rsplit(":", 1)[1])
    parent = _serve_pid(url)
    deadline = time.monotonic() + 30
    while len(workers := _workers(parent, port)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    return port, parent, workers


def test_each_worker_listens_with_its_own_socket_and_the_clients_are_shared_out(db, tmp_path):
    with running_site(workdir_with(db, tmp_path), "--workers", "2") as url:
        port, parent, workers = _started(url)
        assert len(workers) == 2, workers
        first, second = workers.values()
        assert len(first) == len(second) == 1 and first != second  # a socket each, not one shared
        # Sixteen clients connecting at once: with one shared socket all sixteen often landed on one worker.
        clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(16)]
        try:
            for c in clients:
                c.sendall(b"GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            for c in clients:
                assert c.recv(64).startswith(b"HTTP/1.1 200")
            held = sorted(len(_sockets(pid, port, "01")) for pid in workers)
        finally:
            for c in clients:
                c.close()
        # The kernel picks a worker by a hash of each connection's addresses: all 16 on one has odds of 2 in 65,536.
        assert sum(held) == 16 and min(held) >= 1, held


def test_a_worker_that_dies_is_replaced(db, tmp_path):
    with running_site(workdir_with(db, tmp_path), "--workers", "2") as url:
        port, parent, workers = _started(url)
        victim = min(workers)
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            now = _workers(parent, port)
            if len(now) == 2 and victim not in now:
                break
            time.sleep(0.25)
        assert len(now) == 2 and victim not in now, now
        assert httpx.get(url + "/rulings/kong-table", timeout=10).status_code == 200


def test_a_port_in_use_is_one_line_whatever_the_workers(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for workers in ("1", "2"):
            result = run("serve", "--port", str(port), "--workers", workers)
            assert result.exit_code == 2
            lines = result.stderr.strip().splitlines()
            assert lines[-1].startswith(f"error: port {port} on 127.0.0.1 is in use")
            assert "--port" in lines[-1] and len(lines) == 1 and result.stdout == ""


def test_an_address_not_of_this_machine_is_one_line():
    result = run("serve", "--host", "192.0.2.1", "--port", str(free_port()), "--workers", "2")  # TEST-NET-1
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == "error: cannot listen on 192.0.2.1 port " + result.stderr.split("port ")[1].strip()
    assert "Cannot assign requested address" in result.stderr and "in use" not in result.stderr


def test_a_worker_that_cannot_start_stops_them_all(tmp_path):
    config = write_config(tmp_path / "no-such.db", site_config(), tmp_path / "site-config.json")
    assert not json.loads(config.read_text())["db"].endswith("kb.db")
    port = free_port()
    code = (
        "from web.workers import run_workers; import sys; "
        f"sys.exit(run_workers(2, '127.0.0.1', {port}, "
        "{'app': 'web.app:create_app', 'factory': True, 'lifespan': 'on', 'log_level': 'info'}))"
    )
    env = {**os.environ, CONFIG_ENV: str(config)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr[-2000:]  # uvicorn's STARTUP_FAILURE
    assert "no knowledge base at" in done.stderr and "Traceback" not in done.stderr
