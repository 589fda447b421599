"""Fixtures the test modules share: the knowledge base built once per run, and the site served in-process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kb.build import build
from web.publish import mjref_wheel

from .site_support import Site


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


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mjref wheel built from this source tree, once per test run (what ``mjref publish`` ships)."""
    return mjref_wheel(None, tmp_path_factory.mktemp("wheel"))
