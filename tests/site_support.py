"""Helpers for the site tests: the site served in-process, `mjref serve` on loopback, the plugin module."""

from __future__ import annotations

import asyncio
import html
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from datasette.app import Datasette

from web.serve import datasette_kwargs, site_config


class Site:
    """The site as ``mjref serve`` configures it, served by Datasette in-process (``datasette.client``)."""

    def __init__(self, db: Path, profile: str = "green-book") -> None:
        self.loop = asyncio.new_event_loop()
        self.ds = Datasette(**datasette_kwargs(db, site_config(profile)))

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        """One GET request, run to completion."""
        return self.loop.run_until_complete(self.ds.client.get(path, **kwargs))

    def json(self, path: str, **kwargs: Any) -> Any:
        """The JSON of a page that must answer 200."""
        response = self.get(path, **kwargs)
        assert response.status_code == 200, (path, response.status_code, response.text[:500])
        return response.json()

    def close(self) -> None:
        self.loop.close()


def text_of(fragment: str) -> str:
    """The visible text of an HTML fragment, tags dropped and spaces collapsed (for "is this shown" checks)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def workdir_with(db: Path, workdir: Path) -> Path:
    """A folder whose ``build/kb.db`` is a fresh copy of ``db``, so ``mjref serve`` there needs no build."""
    (workdir / "build").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(db, workdir / "build" / "kb.db")  # a new file: newer than the rulings
    return workdir


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_serving(url: str, process: subprocess.Popen, log: Any, log_path: Path, timeout: float = 90.0) -> None:
    """Wait until ``mjref serve`` (``process``) answers at ``url``; fail with its log if it stops or is late."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(f"{url}/robots.txt", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            log.flush()
            raise AssertionError(f"mjref serve did not start: {log_path.read_text()[-2000:]}")
        time.sleep(0.25)


@contextmanager
def running_site(workdir: Path, *options: str, timeout: float = 90.0) -> Iterator[str]:
    """``mjref serve`` on a free loopback port, run in ``workdir``; yields the base URL, stops it after."""
    port = free_port()
    log_path = workdir / f"serve-{port}.log"
    log = log_path.open("wb")
    command = [sys.executable, "-m", "mjref", "serve", "--port", str(port), *options]
    process = subprocess.Popen(command, cwd=workdir, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(url, process, log, log_path, timeout)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


# Babcock's Fig. 18 held by East, with three losers (README, mjref settle): a table of four hands to settle.
BABCOCK_TABLE = {
    "east": "[8888p,1]234sEEEFFPPF",
    "south": "[NNN,1]123m456m789m9p",
    "west": "[222s,3]345m678m567p1s",
    "north": "123p456p567p789s5s",
    "winner": "E",
}


def watched_page(browser: Any, **options: Any) -> tuple[Any, Any, list[str]]:
    """A new browser context (``options`` as Playwright's ``new_context`` takes them, 60 s timeouts), its page,
    and the console errors, page errors and failed requests the page logs (a CSP violation shows there)."""
    context = browser.new_context(**options)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: errors.append(f"failed: {r.url}"))
    return context, page, errors


class MemoryTransport(asyncio.Transport):
    """What uvicorn's protocol writes to, kept in memory."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def can_write_eof(self) -> bool:
        return True

    def write_eof(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8001)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


class ProtocolHarness:
    """uvicorn's configuration for :class:`web.protocol.SiteProtocol`, with an app that answers 200 and counts."""

    def __init__(self) -> None:
        import uvicorn
        from uvicorn.server import ServerState

        self.loop = asyncio.new_event_loop()
        self.served = 0

        async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
            self.served += 1
            await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
            await send({"type": "http.response.body", "body": b"ok"})

        self.config = uvicorn.Config(app, http="web.protocol:SiteProtocol", lifespan="off", log_level="critical")
        self.config.load()
        self.state = ServerState()

    def serve(self, pieces: list[bytes]) -> tuple[bytes, bool]:
        """What the protocol answers to ``pieces`` read one by one, and whether it closed the connection."""
        asyncio.set_event_loop(self.loop)
        protocol = self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.state, app_state={}, _loop=self.loop
        )
        transport = MemoryTransport()
        protocol.connection_made(transport)
        for piece in pieces:
            if transport.closed:
                break
            protocol.data_received(piece)
        for _ in range(3):
            self.loop.run_until_complete(asyncio.sleep(0))
        protocol.connection_lost(None)
        for task in list(self.state.tasks):
            task.cancel()
        self.loop.run_until_complete(asyncio.sleep(0))
        return bytes(transport.written), transport.closed

    def close(self) -> None:
        for handle in list(getattr(self.loop, "_scheduled", [])):
            handle.cancel()
        self.loop.close()


# A club that pays All Pungs inside Four Concealed Pungs (Four Winds' forced scoring), drops Mixed Shifted Pungs
# there, values Tile Hog at 4 (the Green Book: 2, MCR06 fan 64) and takes Starbäck's Tile Hog in Seven Pairs.
CLUB = """\
name: our-club
title: Our club's house rules
extends: green-book
positions:
  seven-pairs-tile-hog: tile-hog
points:
  tile-hog: 4
rulings:
  our-forced-scoring:
    title: All Pungs is paid inside Four Concealed Pungs
    answer: Our club pays All Pungs on top of Four Concealed Pungs.
  our-no-shifted-pungs:
    title: No Mixed Shifted Pungs inside Four Concealed Pungs
    answer: Our club does not pay Mixed Shifted Pungs on top of Four Concealed Pungs.
exclusions:
  lift:
    - {fan: all-pungs, within: four-concealed-pungs, ruling: our-forced-scoring}
  add:
    - {fan: mixed-shifted-pungs, within: four-concealed-pungs, ruling: our-no-shifted-pungs}
"""
