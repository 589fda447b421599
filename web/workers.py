"""``mjref serve --workers N`` on Linux: N uvicorn worker processes, each given its connections by the parent
process, which accepts every connection itself and hands it to the worker holding the fewest open ones.

Why: a connection stays with its worker while the client keeps it alive, so the worker holding more of them
answers its clients more slowly while the other idles. uvicorn's own workers all accept on one socket, and the
worker that wakes first takes every connection waiting (uvloop accepts until none is left): sixteen clients
connecting at once landed all on one of two workers in two tries out of three. A socket per worker
(``SO_REUSEPORT``) lets the kernel pick a worker by a hash of each connection's addresses, which shares sixteen
connections out 9:7 or 10:6 as often as 8:8 (``bench/site_load.py`` prints the share): the busier worker's
clients then waited a quarter longer. The parent counts the connections it handed each worker, each worker
counts those it closed (in memory the two share), and every new connection goes to the worker with the fewest
open; sixteen clients are shared 8:8.

The hand-off is the operating system's own: the parent sends the accepted socket's descriptor over a Unix socket
(``SCM_RIGHTS``), and the worker (:class:`web.adopt.AdoptingServer`) serves it with uvicorn's HTTP protocol through
``loop.connect_accepted_socket``, as it would a connection it had accepted. The parent does nothing else with a
connection: it never reads or writes a byte of it.

The parent also starts the workers (each builds its own site from the configuration ``mjref serve`` put in the
environment, :mod:`web.app`), starts another in place of one that dies, and stops them all on Ctrl-C (SIGINT) or
SIGTERM. A worker that cannot start (no knowledge base, or any error before its app has started: uvicorn's
``STARTUP_FAILURE``) stops them all, as uvicorn's supervisor does. The hand-off is used on Linux only, where it is
tested (:func:`hands_off_connections`); elsewhere (macOS, Windows) ``mjref serve`` runs uvicorn's workers.
"""

from __future__ import annotations

import errno
import logging
import multiprocessing
import os
import selectors
import signal
import socket
import sys
import time
from collections import deque
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any

from scorer.errors import MjrefError

LISTEN_BACKLOG = 2048  # uvicorn's default
STOP_SECONDS = 30  # how long a worker may take to finish its requests once told to stop
SUPERVISE_SECONDS = 0.5  # how often the parent looks for a worker that ended
RETRY_SECONDS = 0.02  # how soon the parent tries again to hand off a connection no worker could take
ACCEPT_BATCH = 64  # connections accepted at one wake-up, before the parent looks at its signals and workers again
HANDOFF = b"c"  # the message that carries a connection's descriptor (web.adopt receives it)
READY = b"r"  # what a worker sends back once its app has started
log = logging.getLogger("uvicorn.error")


def hands_off_connections() -> bool:
    """Can the parent pass accepted connections to its workers (``SCM_RIGHTS`` over a ``SOCK_SEQPACKET`` pair)?"""
    return sys.platform.startswith("linux") and hasattr(socket, "send_fds") and hasattr(socket, "SOCK_SEQPACKET")


def _family(host: str) -> socket.AddressFamily:
    """The address family uvicorn listens with on ``host``: IPv6 for an address with a colon, else IPv4 (a name
    such as ``localhost`` is looked up as IPv4)."""
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _cannot_listen(host: str, port: int, e: OSError) -> MjrefError:
    if e.errno == errno.EADDRINUSE:
        message = "port %(port)s on %(host)s is in use (another server, or mjref serve already running): try --port"
        return MjrefError(message, host=host, port=port)
    message = "cannot listen on %(host)s port %(port)s: %(reason)s"
    return MjrefError(message, host=host, port=port, reason=e.strerror or str(e))


def check_host(host: str) -> None:
    """Raise :class:`MjrefError` for a ``host`` that names no address: uvicorn would listen on every interface while
    the banner showed none (``http://:8001/``). Listening everywhere is asked for by name, ``0.0.0.0`` (or ``::``)."""
    if not host.strip():
        raise MjrefError("--host is empty: give an address, such as 127.0.0.1, or 0.0.0.0 for every interface")


def check_port(host: str, port: int) -> None:
    """Raise :class:`MjrefError` when ``host:port`` cannot be listened on: no address (:func:`check_host`), in use
    (by another program, or by another ``mjref serve``), or not an address of this machine."""
    check_host(host)
    try:
        with socket.socket(_family(host), socket.SOCK_STREAM) as probe:
            if os.name != "nt":  # as uvicorn binds, not SO_REUSEPORT; on Windows it would let a port in use be bound
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as e:
        raise _cannot_listen(host, port, e) from None


def listening_socket(host: str, port: int) -> socket.socket:
    """The parent's socket listening on ``host:port``, non-blocking; :class:`MjrefError` when it cannot listen."""
    sock = socket.socket(_family(host), socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(LISTEN_BACKLOG)
    except OSError as e:
        sock.close()
        raise _cannot_listen(host, port, e) from None
    sock.setblocking(False)
    return sock


def _worker(channel: socket.socket, closed: Any, index: int, options: dict[str, Any]) -> None:
    """One worker (in its own process): uvicorn serving the app factory on the connections the parent sends."""
    import uvicorn

    from .adopt import AdoptingServer

    channel.set_inheritable(False)  # a process the worker starts must not hold it (the parent would send there)
    try:
        started = AdoptingServer(uvicorn.Config(**options), channel, closed, index).run()
    except KeyboardInterrupt:  # Ctrl-C reached the worker too: uvicorn stopped serving, then raised it again
        return
    if not started:  # the app's start-up failed: starting another worker would fail the same way
        raise SystemExit(uvicorn.config.STARTUP_FAILURE)


@dataclass
class _Slot:
    """One worker as the parent sees it: its process, the parent's end of its channel, the connections handed to
    it, and whether its app has started (only then is it handed any)."""

    process: BaseProcess
    channel: socket.socket
    handed: int = 0
    ready: bool = False


class Dispatcher:
    """The parent's side: the workers, the listening socket, and each new connection handed to the ready worker
    holding the fewest. When no worker can take one (none ready yet, or every channel full), the connection waits
    here and the parent stops accepting, so that the next ones wait in the kernel's queue, not here."""

    def __init__(self, count: int, options: dict[str, Any], listener: socket.socket) -> None:
        # A fresh interpreter for each worker: no state or lock copied from this process.
        self.context = multiprocessing.get_context("spawn")
        self.options, self.listener = options, listener
        self.selector = selectors.DefaultSelector()
        self.selector.register(listener, selectors.EVENT_READ, "listener")
        self.accepting = True
        self.waiting: deque[socket.socket] = deque()  # accepted, not yet handed off
        self.closed = self.context.RawArray("q", count)  # per worker: connections it closed (the worker writes)
        self.slots = [self._start(i) for i in range(count)]
        self.turn = 0  # who wins a tie, in turn

    def _start(self, index: int) -> _Slot:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.closed[index] = 0
        process = self.context.Process(target=_worker, args=(theirs, self.closed, index, self.options), daemon=False)
        process.start()
        theirs.close()
        ours.setblocking(False)
        self.selector.register(ours, selectors.EVENT_READ, index)
        log.info("Started worker process [%s]", process.pid)
        return _Slot(process, ours)

    def serve(self, stopping: list[int]) -> int:
        """Accept and hand off connections, and replace workers that end, until ``stopping`` holds a signal; the
        exit status: 0, or uvicorn's ``STARTUP_FAILURE`` when a worker could not start."""
        status, next_check = 0, time.monotonic() + SUPERVISE_SECONDS
        while not stopping and not status:
            timeout = RETRY_SECONDS if self.waiting else max(0.0, next_check - time.monotonic())
            for key, _ in self.selector.select(timeout):
                if key.data == "listener":
                    self._accept()
                elif isinstance(key.data, int):
                    self._hear(key.data)
                else:  # the signal wake-up: the loop's test sees the signal
                    _drain(key.fileobj)  # type: ignore[arg-type]
            self._hand_off_waiting()
            if not stopping and time.monotonic() >= next_check:
                status = self._replace_ended()
                next_check = time.monotonic() + SUPERVISE_SECONDS
        return status

    def _accept(self) -> None:
        """Accept the connections waiting (at most :data:`ACCEPT_BATCH`), each to be handed off."""
        for _ in range(ACCEPT_BATCH):
            try:
                conn, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as e:  # out of descriptors or memory, or the client reset it before it was accepted
                if e.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    log.warning("cannot accept a connection now: %s", e.strerror)
                    self._pause()  # the connections wait in the kernel's queue until a hand-off frees a descriptor
                return
            self.waiting.append(conn)
            self._hand_off_waiting()
            if not self.accepting:
                return

    def _hand_off_waiting(self) -> None:
        while self.waiting:
            if not self.hand_off(self.waiting[0]):
                self._pause()
                return
            self.waiting.popleft().close()
        if not self.accepting:
            self.accepting = True
            self.selector.register(self.listener, selectors.EVENT_READ, "listener")
            log.info("The workers take connections again")

    def _pause(self) -> None:
        if self.accepting:
            self.accepting = False
            self.selector.unregister(self.listener)
            log.warning("No worker can take a connection now: new connections wait")

    def hand_off(self, conn: socket.socket) -> bool:
        """Send ``conn`` to the ready worker with the fewest open connections (the next in turn on a tie); whether
        one took it. The caller closes its own copy."""
        n = len(self.slots)
        self.turn = (self.turn + 1) % n
        ready = [i for i in range(n) if self.slots[i].ready]
        for i in sorted(ready, key=lambda i: (self.slots[i].handed - self.closed[i], (i - self.turn) % n)):
            slot = self.slots[i]
            try:
                socket.send_fds(slot.channel, [HANDOFF], [conn.fileno()])
            except OSError:  # its channel is full (the worker is busy or stuck) or closed (it died): the next one
                continue
            slot.handed += 1
            return True
        return False

    def _hear(self, index: int) -> None:
        """A worker's message: ready, or its end of the channel closed (it has ended: :meth:`_replace_ended`)."""
        slot = self.slots[index]
        try:
            message = slot.channel.recv(16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            message = b""
        if message == READY:
            slot.ready = True
        elif not message:
            slot.ready = False
            self.selector.unregister(slot.channel)

    def _replace_ended(self) -> int:
        """Start a worker in place of each that ended; uvicorn's ``STARTUP_FAILURE`` when one could not start."""
        from uvicorn.config import STARTUP_FAILURE

        for i, slot in enumerate(self.slots):
            if slot.process.is_alive():
                continue
            slot.process.join()
            if slot.channel.fileno() in self.selector.get_map():
                self.selector.unregister(slot.channel)
            slot.channel.close()
            if slot.process.exitcode == STARTUP_FAILURE:
                log.error("Worker process [%s] could not start: stopping", slot.process.pid)
                return STARTUP_FAILURE
            log.info("Worker process [%s] ended (status %s): starting another", slot.process.pid, slot.process.exitcode)
            self.slots[i] = self._start(i)
        return 0

    def stop(self) -> None:
        """Stop accepting, tell every worker to stop (uvicorn finishes the requests under way), and wait for them."""
        for conn in self.waiting:
            conn.close()
        self.selector.close()
        for slot in self.slots:
            if slot.process.is_alive() and slot.process.pid is not None:
                os.kill(slot.process.pid, signal.SIGTERM)
        for slot in self.slots:
            slot.process.join(STOP_SECONDS)
            if slot.process.is_alive():
                slot.process.kill()
                slot.process.join()
            slot.channel.close()


def _drain(sock: socket.socket) -> None:
    try:
        while sock.recv(64):
            pass
    except OSError:  # nothing more to read
        return


def run_workers(count: int, host: str, port: int, options: dict[str, Any]) -> int:
    """Run ``count`` workers serving ``uvicorn.Config(**options)`` on ``host:port`` until SIGINT or SIGTERM; the
    exit status: 0, or uvicorn's ``STARTUP_FAILURE`` when a worker could not start (KeyboardInterrupt, once
    every worker stopped, after SIGINT). :class:`MjrefError` when the
    port cannot be listened on."""
    from uvicorn.config import Config

    Config(**options)  # configures uvicorn's logging in this process too, so that its messages show as the workers'
    listener = listening_socket(host, port)
    stopping: list[int] = []  # the handler only records the signal: the loop acts on it
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda number, _: stopping.append(number))
    wake, woken = socket.socketpair()  # a signal writes a byte here, so the loop wakes at once
    for end in (wake, woken):
        end.setblocking(False)
    previous = signal.set_wakeup_fd(woken.fileno(), warn_on_full_buffer=False)
    dispatcher = Dispatcher(count, options, listener)
    dispatcher.selector.register(wake, selectors.EVENT_READ, "signal")
    try:
        status = dispatcher.serve(stopping)
    finally:
        signal.set_wakeup_fd(previous)
        listener.close()
        dispatcher.stop()
        wake.close()
        woken.close()
    if not status and signal.SIGINT in stopping:
        raise KeyboardInterrupt  # Ctrl-C: the command line's one line and exit status 130, as in every command
    log.info("Stopped %s worker processes", count)
    return status
