"""Helpers for the tests of ``mjref export``: the site exported once per run, and a static file server on loopback."""

from __future__ import annotations

import functools
import http.server
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from web.export.pyodide import PyodideUnavailable
from web.export.site import export_site

_EXPORTS: dict[Path, Path] = {}


def export_once(db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of ``db`` exported (green-book), once per test run for every module that asks; tests read it and
    never change it."""
    if db not in _EXPORTS:
        out = tmp_path_factory.mktemp("export") / "site"
        try:
            export_site(out, db, say=lambda line: None)
        except PyodideUnavailable as e:  # no npm and nothing cached: like a missing browser, a skip, but not in CI
            if os.environ.get("CI"):
                pytest.fail(f"the export's tests must run under CI: {e}", pytrace=False)
            pytest.skip(f"mjref export needs Pyodide: {e}")
        _EXPORTS[db] = out
    return _EXPORTS[db]


class Link:
    """A link of ``bytes_per_second`` that every connection of a server shares: each chunk sent waits its turn."""

    CHUNK = 16 * 1024

    def __init__(self, bytes_per_second: float) -> None:
        self.rate = bytes_per_second
        self.lock = threading.Lock()
        self.free_at = time.monotonic()

    def send(self, source: Any, out: Any) -> None:
        while chunk := source.read(self.CHUNK):
            with self.lock:
                self.free_at = max(self.free_at, time.monotonic()) + len(chunk) / self.rate
                done_at = self.free_at
            time.sleep(max(0.0, done_at - time.monotonic()))
            out.write(chunk)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    served: list[tuple[str, int]] | None = None
    link: Link | None = None

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        body = super().send_head()
        if self.served is not None:  # a 304 or an error sends no file: 0 bytes
            self.served.append((self.path, os.fstat(body.fileno()).st_size if hasattr(body, "fileno") else 0))
        return body

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.link is None:
            super().copyfile(source, outputfile)
        else:
            self.link.send(source, outputfile)


@contextmanager
def static_server(
    root: Path, served: list[tuple[str, int]] | None = None, bytes_per_second: float | None = None
) -> Iterator[str]:
    """``root`` served by Python's static file server on a free loopback port; yields its address (ending in /).
    Every GET and HEAD request is appended to ``served`` when it is given: its path and the bytes of the file sent.
    With ``bytes_per_second``, the files go out through one link of that speed (a benchmark's network)."""
    link = Link(bytes_per_second) if bytes_per_second else None
    handler = functools.partial(type("_Served", (_Quiet,), {"served": served, "link": link}), directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _watch(page: Any) -> list[str]:
    """The page's console errors and page errors (a CSP violation shows there). The browser fetches a page's icon
    on its own, and the next navigation may cut that fetch short: no fault of the site, so not counted."""
    errors: list[str] = []

    def console(message: Any) -> None:
        icon = "/icons/" in (message.location or {}).get("url", "")
        if message.type == "error" and not (icon and message.text.startswith("Failed to load resource")):
            errors.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


@contextmanager
def visited_then_stopped(browser: Any, root: Path, devices: dict[str, dict[str, Any]]) -> Iterator[tuple[str, dict]]:
    """The export ``root`` served on loopback and visited once by a browser context per device (``devices``: name
    -> Playwright's context options), until each service worker holds the site; then the server is stopped, so
    that only the service workers answer (Playwright's offline switch does not stop a worker's own requests).
    Yields the address the site was served at and, by device, ``(context, page, errors)``."""
    opened: dict[str, tuple[Any, Any, list[str]]] = {}
    try:
        with static_server(root) as base:
            for name, options in devices.items():
                context = browser.new_context(**options)
                context.set_default_timeout(60_000)
                page = context.new_page()
                errors = _watch(page)
                opened[name] = (context, page, errors)
                page.goto(base + "index.html")
                deadline = time.monotonic() + 180
                while page.evaluate("() => document.documentElement.dataset.offline") != "ready":
                    assert time.monotonic() < deadline, "the service worker did not cache the site"
                    time.sleep(0.1)
                page.wait_for_load_state("networkidle")
        yield base, opened
    finally:
        for context, _page, _errors in opened.values():
            context.close()
