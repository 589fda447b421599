"""The HTTP protocol ``mjref serve`` runs: uvicorn's (httptools), with a bound on what a request's head may hold, and
the site's security headers on the answers uvicorn writes itself.

uvicorn's parser keeps a request's line and headers in memory until they end, however long they are (an 8 MiB
``Host`` header is read whole, then handed to the app). Here the bytes a connection sends while a request's head is
unfinished are counted, and past :data:`web.guard.MAX_HEAD` the connection gets ``431 Request Header Fields Too
Large`` before the parser is given the bytes that pass the bound; a read is given to the parser head by head, so
that each of pipelined requests is counted. A request that is no HTTP gets uvicorn's 400. Both answers carry the
headers of :mod:`web.security`: the app never sees these requests, so its wrapper cannot add them.

uvicorn is told of the class by its import path (``http="web.protocol:SiteProtocol"``); a site run by hand
can name it too: ``uvicorn --factory web.app:create_app --http web.protocol:SiteProtocol``.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from .guard import MAX_HEAD
from .security import security_headers

IMPORT_PATH = "web.protocol:SiteProtocol"
LINGER_SECONDS = 2.0  # how long a refused connection is read (and dropped) before it is closed
TOO_LARGE = f"error: the request's headers are too large (at most {MAX_HEAD // 1024} KiB)\n"


def plain_answer(status: int, text: str, default_headers: list[tuple[bytes, bytes]]) -> bytes:
    """A whole HTTP/1.1 answer of ``text`` that closes the connection, with the site's security headers."""
    body = text.encode("utf-8")
    lines = [STATUS_LINE[status]]
    headers = [*default_headers, *security_headers("/")]
    headers += [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    headers.append((b"connection", b"close"))
    lines += [name + b": " + value + b"\r\n" for name, value in headers]
    return b"".join([*lines, b"\r\n", body])


class SiteProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, refusing a request head over :data:`MAX_HEAD` bytes with a 431."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_bytes: int | None = 0  # bytes received since the current request began; None within its body
        self.refused = False  # answered 431: nothing more is parsed

    def data_received(self, data: bytes) -> None:
        while data and not self.refused:
            if self.head_bytes is None:  # within a body: the parser bounds what it holds of one (flow control)
                super().data_received(data)
                return
            # Within a head: given to the parser up to its end, so that each head of pipelined requests is counted.
            end = data.find(b"\r\n\r\n")
            piece, data = (data, b"") if end < 0 else (data[: end + 4], data[end + 4 :])
            self.head_bytes += len(piece)
            if self.head_bytes > MAX_HEAD:
                self._refuse_too_large()
                return
            super().data_received(piece)
            if self.transport.is_closing():  # uvicorn refused the request (400) or the connection is ending
                return

    def _refuse_too_large(self) -> None:
        """Answer 431 and stop reading requests. Closed at once, a connection whose client is still sending is reset,
        and the client may lose the answer: the sending side is shut, and the connection closed when the client
        closes its own or after :data:`LINGER_SECONDS` (as servers linger on closing)."""
        self.logger.warning("A request's headers were too large: refused (431).")
        self.transport.write(plain_answer(431, TOO_LARGE, self.server_state.default_headers))
        self.head_bytes, self.refused = None, True
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def on_headers_complete(self) -> None:
        self.head_bytes = None
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self.head_bytes = 0

    def send_400_response(self, msg: str) -> None:
        self.transport.write(plain_answer(400, f"error: {msg}\n", self.server_state.default_headers))
        self.transport.close()
