"""The worker's side of ``mjref serve --workers N`` on Linux (:mod:`web.workers` is the parent's): a uvicorn server
that listens on nothing and serves the connections its parent accepted and sent it over a Unix socket.

It runs the app's start-up and shutdown as uvicorn does, tells the parent once the app has started (the parent
hands connections only to a worker that is ready), and serves each connection with uvicorn's own HTTP protocol
(``loop.connect_accepted_socket``), so a connection is served exactly as one uvicorn accepted itself. For each
connection it closes it adds one to its counter in memory shared with the parent, which hands the next connection
to the worker holding the fewest. It uses three things of uvicorn's beyond its documented API, all in
:class:`AdoptingServer` (``pyproject.toml`` pins the uvicorn they were checked with, ``tests/test_site_workers.py``
checks them): ``Server.startup(sockets=[])`` starting the app without listening, ``server_state`` and
``lifespan.state``, and the HTTP protocol class's constructor (``config=``, ``server_state=``, ``app_state=``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from typing import Any

import uvicorn

from .workers import HANDOFF, READY

log = logging.getLogger("uvicorn.error")


class QuietServer(uvicorn.Server):
    """A uvicorn server that, once asked to stop, logs only warnings and errors: Ctrl-C is then followed by the
    command line's one line (``interrupted by SIGINT``), not by each server's shutdown news."""

    def handle_exit(self, sig: int, frame: Any) -> None:
        log.setLevel(logging.WARNING)
        super().handle_exit(sig, frame)


class AdoptingServer(QuietServer):
    """Serves what arrives on ``channel``; ``closed[index]`` counts the connections it has closed."""

    def __init__(self, config: uvicorn.Config, channel: socket.socket, closed: Any, index: int) -> None:
        super().__init__(config)
        self.channel, self.closed, self.index = channel, closed, index
        self.receiving: asyncio.AbstractEventLoop | None = None
        self.adopting: set[asyncio.Task[None]] = set()  # kept until done (the loop holds tasks only weakly)

    def run(self, sockets: list[socket.socket] | None = None) -> bool:  # type: ignore[override]
        """Serve until told to stop (SIGTERM, SIGINT) or until the parent has gone; whether the app started. An
        error before the app has started (the app factory's, its start-up's) is logged and ends the worker."""
        try:
            super().run(sockets=[])
        except (Exception, SystemExit) as e:  # uvicorn exits with status 1 on an app factory's error
            if self.started:
                raise
            if not isinstance(e, SystemExit):
                log.exception("the app could not start")
        return bool(self.started)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # the app's start-up; no socket of its own
        if self.started:
            self.receiving = asyncio.get_running_loop()
            self.channel.setblocking(False)
            self.receiving.add_reader(self.channel.fileno(), self._receive)
            self.channel.send(READY)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._stop_receiving()
        await super().shutdown(sockets=sockets)

    def _stop_receiving(self) -> None:
        if self.receiving is not None:
            self.receiving.remove_reader(self.channel.fileno())
            self.receiving = None

    def _protocol(self) -> asyncio.Protocol:
        """uvicorn's HTTP protocol for one connection, counted when the connection closes. (``mjref serve`` turns
        WebSockets off: an upgrade would hand the connection to another protocol, which would not count it.)"""
        closed, index = self.closed, self.index
        protocol: Any = self.config.http_protocol_class(  # type: ignore[call-arg]  # as uvicorn's startup calls it
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state
        )
        lost = protocol.connection_lost

        def connection_lost(exc: Exception | None) -> None:
            try:
                lost(exc)
            finally:
                closed[index] += 1

        protocol.connection_lost = connection_lost
        made: asyncio.Protocol = protocol
        return made

    def _receive(self) -> None:
        """Adopt every connection waiting on the channel; stop serving when the parent has closed its end."""
        loop = self.receiving
        assert loop is not None
        while True:
            try:
                message, fds, flags, _ = socket.recv_fds(self.channel, len(HANDOFF), 1)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as e:
                log.error("cannot read the parent's channel (%s): stopping", e.strerror)
                message, fds, flags = b"", [], 0
            if not message and not fds:  # the parent has stopped
                self._stop_receiving()
                self.should_exit = True
                return
            if not fds:  # the descriptor did not arrive (this process has too many open): the client is cut off
                log.warning("a connection was lost in the hand-off (flags %#x): too many open files?", flags)
                self.closed[self.index] += 1
            for fd in fds:
                os.set_inheritable(fd, False)
                task = loop.create_task(self._adopt(loop, socket.socket(fileno=fd)))
                self.adopting.add(task)
                task.add_done_callback(self.adopting.discard)

    async def _adopt(self, loop: asyncio.AbstractEventLoop, conn: socket.socket) -> None:
        made: list[asyncio.Protocol] = []  # once made, the protocol counts the connection when it closes

        def protocol() -> asyncio.Protocol:
            made.append(self._protocol())
            return made[0]

        try:
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as uvicorn's own listener has it
            await loop.connect_accepted_socket(protocol, conn)
        except BaseException as e:  # the client left before it was served, or the worker is stopping
            if not made:
                conn.close()
                self.closed[self.index] += 1
            if not isinstance(e, OSError):
                raise
