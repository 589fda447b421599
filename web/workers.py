"""``mjref serve --workers N`` on Linux: N uvicorn worker processes, each listening on the port with a socket of
its own (``SO_REUSEPORT``), so that the kernel shares the connections out among them.

Why not uvicorn's own workers: they all accept on one shared socket, and the worker that wakes first takes every
connection waiting (uvloop accepts until none is left). Sixteen clients connecting at once landed all on one of
two workers in two tries out of three, and a connection stays with its worker while it is kept alive: one core
did all the work while the other idled (``bench/site_load.py`` prints the connections each worker holds). With a
socket per worker the kernel picks a worker for each new connection by a hash of its addresses.

The parent process starts the workers (each builds its own site from the configuration ``mjref serve`` put in
the environment, :mod:`web.app`), starts another in place of one that dies, and stops them all on Ctrl-C
(SIGINT) or SIGTERM. A worker that cannot start (no knowledge base: uvicorn's ``STARTUP_FAILURE``) stops them
all, as uvicorn's supervisor does. Where the kernel does not share a port out this way (macOS, Windows),
:func:`shares_ports` is false and ``mjref serve`` runs uvicorn's workers.
"""

from __future__ import annotations

import errno
import logging
import multiprocessing
import os
import signal
import socket
import sys
import time
from multiprocessing.process import BaseProcess
from typing import Any

from scorer.errors import MjrefError

LISTEN_BACKLOG = 2048  # uvicorn's default
STOP_SECONDS = 30  # how long a worker may take to finish its requests once told to stop
log = logging.getLogger("uvicorn.error")


def shares_ports() -> bool:
    """Does this system share a port's connections out among the sockets bound to it with ``SO_REUSEPORT``?"""
    return sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")


def _family(host: str) -> socket.AddressFamily:
    """The address family uvicorn listens with on ``host``: IPv6 for an address with a colon, else IPv4 (a name
    such as ``localhost`` is looked up as IPv4)."""
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def check_port(host: str, port: int) -> None:
    """Raise :class:`MjrefError` when ``host:port`` cannot be listened on: in use (by another program, or by another
    ``mjref serve``, whose workers would otherwise share it with this one), or not an address of this machine."""
    try:
        with socket.socket(_family(host), socket.SOCK_STREAM) as probe:
            if os.name != "nt":  # as uvicorn binds, not SO_REUSEPORT; on Windows it would let a port in use be bound
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            message = "port %(port)s on %(host)s is in use (another server, or mjref serve already running): try --port"
            raise MjrefError(message, host=host, port=port) from None
        message = "cannot listen on %(host)s port %(port)s: %(reason)s"
        raise MjrefError(message, host=host, port=port, reason=e.strerror or str(e)) from None


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` beside the other workers' (``SO_REUSEPORT``)."""
    sock = socket.socket(_family(host), socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(LISTEN_BACKLOG)
    return sock


def _worker(host: str, port: int, options: dict[str, Any]) -> None:
    """One worker (in its own process): uvicorn serving the app factory on a socket of its own."""
    import uvicorn

    try:
        sock = listening_socket(host, port)
    except OSError as e:
        log.error("cannot listen on %s port %s: %s", host, port, e)
        raise SystemExit(uvicorn.config.STARTUP_FAILURE) from None
    server = uvicorn.Server(uvicorn.Config(**options))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # Ctrl-C reached the worker too: uvicorn stopped serving, then raised it again
        return
    if not server.started:  # the app's start-up failed: starting another worker would fail the same way
        raise SystemExit(uvicorn.config.STARTUP_FAILURE)


def run_workers(count: int, host: str, port: int, options: dict[str, Any]) -> int:
    """Run ``count`` workers serving ``uvicorn.Config(**options)`` on ``host:port`` until SIGINT or SIGTERM; the
    exit status: 0, or uvicorn's ``STARTUP_FAILURE`` when a worker could not start. The caller checks the port
    first (:func:`check_port`)."""
    from uvicorn.config import STARTUP_FAILURE, Config

    Config(**options)  # configures uvicorn's logging in this process too, so that its messages show as the workers'
    spawn = multiprocessing.get_context("spawn")  # a fresh interpreter: no state or lock copied from this one
    signals: list[int] = []  # the handler only records the signal: the loop below acts on it
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda number, _: signals.append(number))

    def start() -> BaseProcess:
        process = spawn.Process(target=_worker, args=(host, port, options), daemon=False)
        process.start()
        log.info("Started worker process [%s]", process.pid)
        return process

    workers, status = [start() for _ in range(count)], 0
    while not signals and not status:
        time.sleep(0.5)
        for i, process in enumerate(workers):
            if process.is_alive():
                continue
            process.join()
            if process.exitcode == STARTUP_FAILURE:
                log.error("Worker process [%s] could not start: stopping", process.pid)
                status = STARTUP_FAILURE
                break
            log.info("Worker process [%s] ended (status %s): starting another", process.pid, process.exitcode)
            workers[i] = start()
    for process in workers:
        if process.is_alive() and process.pid is not None:
            os.kill(process.pid, signal.SIGTERM)  # uvicorn finishes the requests under way, then exits
    for process in workers:
        process.join(STOP_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()
    log.info("Stopped %s worker processes", count)
    return status
