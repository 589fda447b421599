"""The page cache. The database is served immutable and the house profile is fixed while the site runs, so
each page is a function of its URL: every Datasette instance keeps its most recent answers, bounded in
number and in bytes (each entry's key, its body and its headers counted), and browsers may keep a page for
``CACHE_SECONDS``. The guard (:mod:`web.guard`) bounds the Host header a key may hold."""

from __future__ import annotations

import inspect
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from datasette import Response

CACHE_ENTRIES = 2048
CACHE_BYTES = 64 * 2**20
CACHE_SECONDS = 300
# Pages that draw their own absolute address (the score page's QR code and link) are kept by host too: a request
# with a forged Host header must not leave its address in the page every other reader gets.
BY_HOST = ("/-/score", "/zh/-/score", "/-/qr.svg")
NO_BODY = (204, 304)  # statuses whose answers have no body, and so no length
View = Callable[[Any, Any], Awaitable[Response]]
Cached = tuple[bytes, int, tuple[tuple[str, str], ...], str]


def entry_size(url: str, page: Cached) -> int:
    """The bytes an entry holds, as the bound counts them: its key, its body and its headers (UTF-8)."""
    headers = sum(len(k) + len(v) for k, v in page[2])
    return len(url.encode("utf-8", "surrogatepass")) + len(page[0]) + headers + len(page[3])


class PageCache:
    """Answers by URL, least recently used dropped first once either bound is passed. An entry larger than a
    64th of the byte bound (its key included) is never kept."""

    def __init__(self, entries: int = CACHE_ENTRIES, max_bytes: int = CACHE_BYTES) -> None:
        self.entries, self.max_bytes, self.size = entries, max_bytes, 0
        self.pages: OrderedDict[str, Cached] = OrderedDict()
        self.sizes: dict[str, int] = {}

    def get(self, url: str) -> Cached | None:
        page = self.pages.get(url)
        if page is not None:
            self.pages.move_to_end(url)
        return page

    def put(self, url: str, page: Cached) -> None:
        size = entry_size(url, page)
        if size > self.max_bytes // 64 or url in self.pages:
            return
        self.pages[url] = page
        self.sizes[url] = size
        self.size += size
        while len(self.pages) > self.entries or self.size > self.max_bytes:
            self.size -= self.sizes.pop(self.pages.popitem(last=False)[0])


def cached(view: View) -> View:
    """``view`` answered from the page cache of its Datasette instance when it has answered the URL before."""

    @wraps(view)
    async def answer(datasette: Any, request: Any) -> Response:
        if request.method not in ("GET", "HEAD"):
            return await view(datasette, request)
        cache = datasette.__dict__.setdefault("_mjref_pages", PageCache())
        url = f"{request.path}?{request.query_string}"
        if request.path.startswith(BY_HOST):
            url += f" {request.host}"
        page = cache.get(url)
        if page is None:
            response = await view(datasette, request)
            body = response.body if isinstance(response.body, bytes) else str(response.body).encode("utf-8")
            # Its length given, the answer goes out as one body rather than in chunked transfer encoding (the server
            # then frames and copies it once more), and a client reads it in one go.
            headers = {k: v for k, v in response.headers.items() if k.lower() != "content-length"}
            headers["cache-control"] = f"public, max-age={CACHE_SECONDS}"
            if response.status not in NO_BODY:
                headers["content-length"] = str(len(body))
            page = (body, response.status, tuple(headers.items()), response.content_type)
            cache.put(url, page)
        body, status, headers, content_type = page
        return Response(body, status=status, headers=dict(headers), content_type=content_type)

    # Datasette reads a view's signature on every request to pass it what it asks for: given here, it is not
    # worked out again through the wrapper each time (8 us a request, a few percent of a cached page).
    answer.__signature__ = inspect.signature(view)  # type: ignore[attr-defined]
    return answer
