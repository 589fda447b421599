"""``mjref serve --workers N`` on Linux: the parent process accepts every connection and hands it to the worker
holding the fewest (``web/workers.py``, ``web/adopt.py``); a port in use is one line; a worker that dies is
replaced, one that cannot start stops them all, and the workers stop when the parent is gone."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from web.app import CONFIG_ENV, write_config
from web.serve import site_config
from web.workers import hands_off_connections

from .kb_support import run
from .site_support import free_port, running_site, workdir_with

pytestmark = pytest.mark.skipif(not hands_off_connections(), reason="the parent hands connections off on Linux only")


def _server_sockets(port: int, state: str) -> dict[str, int]:
    """The server side's socket inodes on local ``port`` in TCP ``state`` (``0A`` listening, ``01`` open), each with
    the client's port (0 for a listening socket)."""
    found = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == state:
                found[f"socket:[{fields[9]}]"] = int(fields[2].rsplit(":", 1)[1], 16)
    return found


def _held(pid: int, port: int, state: str) -> set[int]:
    """The client ports of the sockets on ``port`` in ``state`` that process ``pid`` holds (``{0}`` for a listener)."""
    wanted, held = _server_sockets(port, state), set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            link = os.readlink(fd)
        except OSError:
            continue
        if link in wanted:
            held.add(wanted[link])
    return held


def _workers(parent: int) -> set[int]:
    """The worker processes of ``mjref serve`` (``parent``): its children that multiprocessing spawned to serve."""
    children = set()
    for task in Path(f"/proc/{parent}/task").glob("*"):
        children |= {int(c) for c in (task / "children").read_text().split()}
    found = set()
    for pid in children:
        try:
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.add(pid)
        except OSError:  # ended meanwhile
            continue
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


def _started(url: str, workdir: Path, ready: int = 2) -> tuple[int, int, set[int]]:
    """The port, the parent process and the two workers of ``mjref serve --workers 2`` at ``url`` (run in
    ``workdir``), once ``ready`` of them have started their app (the parent hands connections to those only)."""
    port = int(url.rsplit(":", 1)[1])
    parent = _serve_pid(url)
    log = workdir / f"serve-{port}.log"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        workers = _workers(parent)
        if len(workers) == 2 and log.read_text().count("Application startup complete") >= ready:
            break
        time.sleep(0.2)
    return port, parent, workers


def _connect(port: int, count: int) -> list[socket.socket]:
    """``count`` clients, each served one page (so each connection has reached its worker)."""
    clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(count)]
    for c in clients:
        c.sendall(b"GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    for c in clients:
        assert c.recv(64).startswith(b"HTTP/1.1 200")
    return clients


def _ports(clients: list[socket.socket]) -> list[int]:
    return [c.getsockname()[1] for c in clients]


def test_the_parent_listens_and_hands_each_connection_to_the_worker_holding_fewest(db, tmp_path):
    with running_site(workdir_with(db, tmp_path), "--workers", "2") as url:
        port, parent, workers = _started(url, tmp_path)
        assert len(workers) == 2, workers
        assert _held(parent, port, "0A") == {0}  # one listening socket, the parent's
        assert all(not _held(pid, port, "0A") for pid in workers)
        # Sixteen clients at once: a socket per worker (SO_REUSEPORT) shared them 9:7 or 10:6 as often as 8:8.
        clients = _connect(port, 16)
        try:
            held = {pid: _held(pid, port, "01") for pid in workers}
            assert sorted(len(h) for h in held.values()) == [8, 8], held
            assert not _held(parent, port, "01")  # the parent keeps none
            # Six of one worker's clients leave: the next six connections all go to that worker.
            emptied, other = sorted(workers)
            leaving = [c for c in clients if c.getsockname()[1] in held[emptied]][:6]
            for c in leaving:
                c.close()
                clients.remove(c)
            deadline = time.monotonic() + 10
            while len(_held(emptied, port, "01")) > 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            newcomers = _connect(port, 6)
            clients += newcomers
            assert set(_ports(newcomers)) <= _held(emptied, port, "01")
            assert len(_held(emptied, port, "01")) == len(_held(other, port, "01")) == 8
        finally:
            for c in clients:
                c.close()


def test_a_worker_that_dies_is_replaced(db, tmp_path):
    with running_site(workdir_with(db, tmp_path), "--workers", "2") as url:
        port, parent, workers = _started(url, tmp_path)
        victim = min(workers)
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            now = _workers(parent)
            if len(now) == 2 and victim not in now:
                break
            time.sleep(0.25)
        assert len(now) == 2 and victim not in now, now
        _started(url, tmp_path, ready=3)  # the new worker's app has started too
        # Every connection is served, whichever worker gets it, the new one among them.
        for _ in range(6):
            with httpx.Client(timeout=10) as client:
                assert client.get(url + "/rulings/kong-table").status_code == 200


def test_connections_no_worker_can_take_wait_and_are_all_served(db, tmp_path):
    # With both workers stopped, their channels fill (a few hundred descriptors each): the parent then keeps the
    # connection it holds and stops accepting, so the rest wait in the kernel's queue; none is closed unserved.
    with running_site(workdir_with(db, tmp_path), "--workers", "2") as url:
        port, parent, workers = _started(url, tmp_path)
        for pid in workers:
            os.kill(pid, signal.SIGSTOP)
        clients: list[socket.socket] = []
        try:
            for _ in range(900):
                c = socket.create_connection(("127.0.0.1", port), timeout=60)
                c.sendall(b"GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                clients.append(c)
            time.sleep(1)
        finally:
            for pid in workers:
                os.kill(pid, signal.SIGCONT)
        answers = []
        for c in clients:
            with c:
                answers.append(c.recv(64))
        assert sum(a.startswith(b"HTTP/1.1 200") for a in answers) == len(clients)
        log = (tmp_path / f"serve-{port}.log").read_text()
        assert log.count("No worker can take a connection now") >= 1 and "The workers take connections again" in log


def test_a_worker_whose_app_fails_to_start_stops_them_all(tmp_path):
    # Any error before the app has started (here the configuration cannot be read) is a start-up failure: the
    # parent stops rather than start the worker again and again.
    config = tmp_path / "site-config.json"
    config.write_text("{not json", encoding="utf-8")
    done = _run_workers_with(config)
    assert done.returncode == 3, done.stderr[-2000:]  # uvicorn's STARTUP_FAILURE
    assert done.stderr.count("Started worker process") == 2  # none started again


def _run_workers_with(config: Path) -> subprocess.CompletedProcess[str]:
    """``run_workers`` with two workers in a process of its own, the site's configuration in ``config``."""
    code = (
        "from web.workers import run_workers; import sys; "
        f"sys.exit(run_workers(2, '127.0.0.1', {free_port()}, "
        "{'app': 'web.app:create_app', 'factory': True, 'lifespan': 'on', 'log_level': 'info'}))"
    )
    env = {**os.environ, CONFIG_ENV: str(config)}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


def test_what_the_workers_use_of_uvicorn_is_there():
    # web/adopt.py starts uvicorn's server without a socket and makes its HTTP protocol itself (pyproject.toml pins
    # the uvicorn this was checked with): what it relies on, for a newer uvicorn to be checked against.
    import inspect

    import uvicorn
    from uvicorn.lifespan.on import LifespanOn
    from uvicorn.protocols.http.h11_impl import H11Protocol
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    for protocol in (H11Protocol, HttpToolsProtocol):  # what "http": "auto" chooses from
        assert {"config", "server_state", "app_state"} <= set(inspect.signature(protocol).parameters)
    assert "sockets" in inspect.signature(uvicorn.Server.startup).parameters

    async def app(scope: Any, receive: Any, send: Any) -> None:  # loading the site's factory would need a kb.db
        return None

    config = uvicorn.Config(app=app)
    assert isinstance(uvicorn.Server(config).server_state.connections, set)
    assert isinstance(LifespanOn(config).state, dict)


def test_the_workers_stop_when_the_parent_is_killed(db, tmp_path):
    with running_site(workdir_with(db, tmp_path), "--workers", "2") as url:
        port, parent, workers = _started(url, tmp_path)
        assert len(workers) == 2
        os.kill(parent, signal.SIGKILL)  # no chance to stop them: they see their channel close
        deadline = time.monotonic() + 30
        while any(Path(f"/proc/{pid}").exists() and _alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(Path(f"/proc/{pid}").exists() and _alive(pid) for pid in workers)


def _alive(pid: int) -> bool:
    """Is ``pid`` running (not a zombie waiting for a parent that is gone)?"""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


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
    done = _run_workers_with(config)
    assert done.returncode == 3, done.stderr[-2000:]  # uvicorn's STARTUP_FAILURE
    assert "no knowledge base at" in done.stderr and "Traceback" not in done.stderr
