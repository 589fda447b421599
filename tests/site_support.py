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
