"""The site's pages rendered as files: every page requested in-process from the same Datasette app ``mjref serve``
builds, its internal links rewritten to relative file paths, its Content Security Policy put in a ``<meta>``.

A page at ``/rulings/x`` is written as ``rulings/x/index.html`` and its JSON as ``rulings/x.json``; links between
pages are relative and name the ``index.html`` (``../../fans/y/index.html``), so the folder works on any static
host, under any path, with or without directory indexes. A link to a path the export does not hold (Datasette's
tables at ``/kb``, ``/kb.db``, the JSON of a score) loses its ``href``: it stays as text, except in the header and
footer every page repeats, where it is not shown at all (with its separator).

>>> file_of("/rulings/payments"), file_of("/zh/"), file_of("/zh"), file_of("/rulings/payments.json")
('rulings/payments/index.html', 'zh/index.html', 'zh/index.html', 'rulings/payments.json')
>>> relative("rulings/x/index.html", "fans/y/index.html"), relative("index.html", "static/mjref.css")
('../../fans/y/index.html', 'static/mjref.css')
"""

from __future__ import annotations

import asyncio
import html
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from web.security import STRICT

LANG_PREFIXES = ("", "/zh")
SEARCH, SCORE = "/-/search", "/-/score"
SHEET = "/-/sheet"  # the session's score sheet, settled in the browser
TABLE = "/-/table"  # the Babcock table's settlement, in the browser
_ATTR = re.compile(r'\b(href|src|action)="(/[^"]*)"')
_SITE_PART = re.compile(r'(<(header|footer) class="site">)(.*?)(</\2>)', re.S)  # the links every page repeats
_SITE_LINK = re.compile(r'<a\b[^>]*?\bhref="(/[^"]*)"[^>]*>.*?</a>', re.S)
_SEPARATORS = re.compile(r"·(?:\s*·)+")
# A meta policy cannot say frame-ancestors (browsers ignore it there, with a console error); Pyodide compiles
# WebAssembly, which 'wasm-unsafe-eval' allows without allowing eval().
META_POLICY = re.sub(r";\s*frame-ancestors [^;]*", "", STRICT)
SCORE_POLICY = META_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")


def file_of(path: str) -> str:
    """The file, relative to the export's root, that holds the page or file at site ``path``."""
    path = unquote(path)
    if path in ("/", "/zh", "/zh/"):
        return path.strip("/") + ("/" if path != "/" else "") + "index.html"
    if path.endswith(".json") or path.startswith("/static/"):
        return path.lstrip("/")
    return path.strip("/") + "/index.html"


def relative(page: str, target: str) -> str:
    """The link from the file ``page`` to the file ``target`` (both relative to the export's root)."""
    return quote(posixpath.relpath(target, posixpath.dirname(page) or "."), safe="/-._~")


@dataclass
class Page:
    """One page to write: its site path, its file, and what to add to its head."""

    path: str
    file: str
    policy: str = META_POLICY
    scripts: list[str] = field(default_factory=list)  # files of the export, loaded with defer


def site_paths(ids: Mapping[str, Iterable[str]]) -> list[str]:
    """Every page's site path (without ``.json``), in English and in Chinese.

    ``ids`` holds the ruling ids, fan keys and source ids (``rulings``, ``fans``, ``sources``).
    """
    paths = []
    for lang in LANG_PREFIXES:
        paths += [f"{lang}/", f"{lang}{SEARCH}", f"{lang}{SCORE}", f"{lang}{SHEET}", f"{lang}{TABLE}", f"{lang}/house"]
        for kind in ("rulings", "fans", "sources"):
            paths += [f"{lang}/{kind}/{quote(str(key), safe='')}" for key in sorted(ids[kind])]
    return paths


def json_path(path: str) -> str | None:
    """The path of a page's JSON, or None for a page whose JSON needs a query (search, score)."""
    if path.endswith(("/-/search", "/-/score", SHEET, TABLE)):
        return None
    return path + "index.json" if path.endswith("/") else path + ".json"


class Rewriter:
    """Rewrites the internal links of a page into relative links to the files the export holds."""

    def __init__(self, files: set[str]) -> None:
        self.files = files

    def link(self, page: str, value: str) -> str | None:
        """The relative link for the site address ``value`` from ``page``, or None when the export lacks it."""
        parts = urlsplit(value)
        target = file_of(parts.path)
        if target not in self.files:
            return None
        tail = (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
        return relative(page, target) + tail

    def site_links(self, page: Page, text: str) -> str:
        """``text`` without the header's and footer's links the export cannot follow (the database's tables,
        ``kb.db``, the JSON of a page asked with a query): not shown, with their separators."""

        def part(m: re.Match[str]) -> str:
            def keep(a: re.Match[str]) -> str:
                return a.group(0) if self.link(page.file, html.unescape(a.group(1))) is not None else ""

            inner = _SEPARATORS.sub("·", _SITE_LINK.sub(keep, m.group(3)))
            inner = re.sub(r"^(\s*)·", r"\1", re.sub(r"·(\s*)$", r"\1", inner))  # none left at either end
            return m.group(1) + inner + m.group(4)

        return _SITE_PART.sub(part, text)

    def page(self, page: Page, text: str, head: str = "") -> str:
        """``text`` with its links rewritten (those of its header and footer the export lacks left out), its policy
        in a meta element and ``head`` added to its head."""
        text = self.site_links(page, text)

        def one(m: re.Match[str]) -> str:
            link = self.link(page.file, html.unescape(m.group(2)))
            return "" if link is None else f'{m.group(1)}="{html.escape(link)}"'

        text = _ATTR.sub(one, text)
        meta = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(page.policy)}">'
        text = text.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n{meta}', 1)
        scripts = "".join(f'<script src="{relative(page.file, s)}" defer></script>\n' for s in page.scripts)
        return text.replace("</head>", f"{head}{scripts}</head>", 1)


async def fetch_all(client: Any, paths: list[str], progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Every path requested from Datasette's in-process ``client``: the responses, by path (a page the site
    answers with an error is written as the site shows it; the caller warns of it)."""
    out: dict[str, Any] = {}
    for n, path in enumerate(paths, start=1):
        out[path] = await client.get(path)
        if progress is not None:
            progress(n)
    return out


def render(ds: Any, paths: list[str], progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The responses of ``paths`` from the Datasette instance ``ds``, in an event loop of their own, in a thread of
    their own (so that the export runs from code that has a loop running too)."""

    def run() -> dict[str, Any]:
        return asyncio.run(fetch_all(ds.client, paths, progress))

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()
