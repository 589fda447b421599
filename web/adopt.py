"""The worker's side of ``mjref serve --workers N`` on Linux (:mod:`web.workers` is the parent's): a uvicorn server
that listens on nothing and serves the connections its parent accepted and sent it over a Unix socket.

It runs the app's start-up and shutdown as uvicorn does, and serves each connection with uvicorn's own HTTP
protocol (``loop.connect_accepted_socket``), so a connection is served exactly as one uvicorn accepted itself.
For each connection it closes it adds one to its counter in memory shared with the parent, which hands the next
connection to the worker holding the fewest.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import uvicorn

from .workers import HANDOFF


class AdoptingServer(uvicorn.Server):
    """Serves what arrives on ``channel``; ``closed[index]`` counts the connections it has closed."""

    def __init__(self, config: uvicorn.Config, channel: socket.socket, closed: Any, index: int) -> None:
        super().__init__(config)
        self.channel, self.closed, self.index = channel, closed, index
        self.receiving: asyncio.AbstractEventLoop | None = None

    def run(self, sockets: list[socket.socket] | None = None) -> bool:  # type: ignore[override]
        """Serve until told to stop (SIGTERM, SIGINT) or until the parent has gone; whether the app started."""
        super().run(sockets=[])
        return bool(self.started)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # the app's start-up; no socket of its own
        if self.started:
            self.receiving = asyncio.get_running_loop()
            self.channel.setblocking(False)
            self.receiving.add_reader(self.channel.fileno(), self._receive)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._stop_receiving()
        await super().shutdown(sockets=sockets)

    def _stop_receiving(self) -> None:
        if self.receiving is not None:
            self.receiving.remove_reader(self.channel.fileno())
            self.receiving = None

    def _protocol(self) -> asyncio.Protocol:
        """uvicorn's HTTP protocol for one connection, counted when the connection closes."""
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
                message, fds, _, _ = socket.recv_fds(self.channel, len(HANDOFF), 1)
            except BlockingIOError:
                return
            except OSError:
                message, fds = b"", []
            if not message and not fds:  # the parent has stopped
                self._stop_receiving()
                self.should_exit = True
                return
            for fd in fds:
                loop.create_task(self._adopt(loop, socket.socket(fileno=fd)))

    async def _adopt(self, loop: asyncio.AbstractEventLoop, conn: socket.socket) -> None:
        try:
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as uvicorn's own listener has it
            await loop.connect_accepted_socket(self._protocol, conn)
        except OSError:  # the client left before it was served
            conn.close()
            self.closed[self.index] += 1
