"""Security headers on every response, and a bound on the query string of Datasette's own pages.

The site's own pages (see :data:`OWN`) use only ``/static/`` files, so they get a strict Content
Security Policy with no inline script or style. Datasette's built-in pages carry inline scripts and
styles, so they get the same policy with ``'unsafe-inline'``. Arbitrary SQL is refused by the
``default_allow_sql`` setting; the site's pages bound each field they read themselves.
"""

from __future__ import annotations

from typing import Any

from datasette import hookimpl

OWN = (
    "/rulings/",
    "/fans/",
    "/sources/",
    "/-/search",
    "/-/score",
    "/-/table",
    "/-/sheet",
    "/-/waits",
    "/-/qr.svg",
    "/house",
    "/static/",
    "/zh/",
)
OWN_EXACT = ("/", "/zh", "/index.json", "/robots.txt", "/sitemap.xml")
MAX_QUERY_STRING = 4096  # bytes, on Datasette's pages

_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'{inline}; script-src 'self'{inline}; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
STRICT = _POLICY.format(inline="")
LOOSE = _POLICY.format(inline=" 'unsafe-inline'")
REPLACED = {b"content-security-policy", b"x-content-type-options", b"referrer-policy", b"x-frame-options"}


def is_own(path: str) -> bool:
    """True for the site's own pages and files, served under the strict policy."""
    return path in OWN_EXACT or path.startswith(OWN)


def security_headers(path: str) -> list[tuple[bytes, bytes]]:
    policy = STRICT if is_own(path) else LOOSE
    return [
        (b"content-security-policy", policy.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"strict-origin-when-cross-origin"),
        (b"x-frame-options", b"DENY"),
    ]


async def _refuse(send: Any, path: str, status: int, message: str) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8"), *security_headers(path)]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": f"error: {message}\n".encode()})


@hookimpl
def asgi_wrapper() -> Any:
    def wrap(app: Any) -> Any:
        async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            path = scope.get("path", "")
            if not is_own(path) and len(scope.get("query_string", b"")) > MAX_QUERY_STRING:
                await _refuse(send, path, 400, f"query string too long (at most {MAX_QUERY_STRING} bytes)")
                return
            added = security_headers(path)

            async def send_with_headers(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in REPLACED]
                    message = {**message, "headers": kept + added}
                await send(message)

            await app(scope, receive, send_with_headers)

        return guarded

    return wrap
