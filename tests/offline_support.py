"""Helpers for the tests of ``mjref export``: the site exported once per run, and a static file server on loopback."""

from __future__ import annotations

import functools
import http.server
import os
import threading
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


class _Quiet(http.server.SimpleHTTPRequestHandler):
    served: list[str] | None = None

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> Any:
        if self.served is not None:
            self.served.append(self.path)
        return super().send_head()


@contextmanager
def static_server(root: Path, served: list[str] | None = None) -> Iterator[str]:
    """``root`` served by Python's static file server on a free loopback port; yields its address (ending in /).
    The path of every GET and HEAD request is appended to ``served`` when it is given."""
    handler = functools.partial(type("_Counted", (_Quiet,), {"served": served}), directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
