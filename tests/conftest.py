"""Fixtures the test modules share: the knowledge base built once per run, and the site served in-process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kb.build import build
from web.publish import mjref_wheel

from .site_support import CLUB, Site, running_site, workdir_with

WIDTH = "200"  # the terminal width the command line's layouts are tested at (kb/terminal.py), whatever runs pytest


@pytest.fixture(autouse=True)
def terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fixed terminal width: a layout fits $COLUMNS, else the terminal pytest runs in, which varies."""
    monkeypatch.setenv("COLUMNS", WIDTH)


CHROMIUM = Path("/usr/bin/chromium")  # Debian's; Playwright never downloads a browser here
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
ARGS += ["--disable-sync", "--no-first-run", "--disable-quic"]


@pytest.fixture(scope="session")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``kb.db`` built from the project's rulings, once per test run; tests read it and never change it."""
    path = tmp_path_factory.mktemp("kb") / "kb.db"
    build(path)
    return path


@pytest.fixture(scope="module")
def site(db: Path) -> Iterator[Site]:
    """The site as ``mjref serve`` configures it (green-book profile), served by Datasette in-process."""
    s = Site(db)
    yield s
    s.close()


@pytest.fixture(scope="module")
def club_site(db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The site serving the club's house profile (:data:`tests.site_support.CLUB`)."""
    path = tmp_path_factory.mktemp("club") / "our-club.yaml"
    path.write_text(CLUB, encoding="utf-8")
    s = Site(db, profile=str(path))
    yield s
    s.close()


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mjref wheel built from this source tree, once per test run (what ``mjref publish`` ships)."""
    return mjref_wheel(None, tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def url(db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of ``mjref serve`` on loopback, for the browser tests."""
    with running_site(workdir_with(db, tmp_path_factory.mktemp("browser"))) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (the browser tests' modules skip, or fail under CI, without it)."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415  (only the browser tests need it)

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()
