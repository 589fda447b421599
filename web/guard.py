"""The request guard: the public site is read-only, shows only what a reader needs, and input never makes a 500.

- A method other than GET and HEAD: 405 with ``Allow: GET, HEAD``.
- A path outside :data:`PUBLIC` (Datasette's ``/-/`` pages, other databases, formats the site does not
  serve): 404. Public are the site's own pages (in English, and in Chinese under ``/zh/``),
  ``/kb`` with its tables and rows, ``/kb.db``, the static files, ``/robots.txt``, ``/sitemap.xml`` and
  ``/favicon.ico``.
- A request head over :data:`MAX_HEAD` bytes: 431 (``mjref serve`` refuses one before it is read whole,
  :mod:`web.protocol`). A ``Host`` header that is no host name (longer than :data:`MAX_HOST`, a character no
  address holds, or two of them): 400, so that no page draws its address and no cache key holds it.
- A row page (``/kb/TABLE/KEYS``) of no table, or with fewer or more keys than the table's primary key has: 404.
- Query parameters Datasette would turn into a 500: a control character, a number SQLite cannot hold,
  a non-number where it calls ``int()``, a malformed ``_through`` or ``__in`` list: 400. The sheet's query
  (:data:`OWN_QUERY`) is left to its page, which refuses a control character itself in its own error's shape
  (:func:`web.sheet_form.read_query`, run in the exported site's browser too).
- Any exception a request still raises is logged with its traceback and answered 400 (``handle_exception``);
  Datasette's own errors keep their 4xx status. A :class:`DatasetteError` is Datasette's own account of a
  request it refuses (a column it cannot sort by): answered 400 and logged as one line, with no traceback.

Every refusal is one line (``error: …``, or ``{"ok": false, "error": …}`` for a ``.json`` path) with
control characters escaped. The wrapper runs inside the one of :mod:`web.security` (``tryfirst``: the
first wrapper Datasette applies is the innermost), so refusals carry the same security headers.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any
from urllib.parse import parse_qsl

from datasette import Response, hookimpl
from datasette.utils import tilde_decode
from datasette.utils.asgi import Base400
from datasette.views.base import DatasetteError

from .respond import error_page

log = logging.getLogger("mjref.site")

METHODS = ("GET", "HEAD")
ALLOW = ", ".join(METHODS)
DB = "kb"
PUBLIC = re.compile(
    r"/(?:zh|zh/index\.json|index\.json)?|(?:/zh)?/(?:rulings|fans|sources)/[^/]+|(?:/zh)?/-/(?:search|score|table)(?:\.json)?"
    r"|(?:/zh)?/house(?:\.json)?|/-/qr\.svg"
    r"|(?:/zh)?/-/sheet(?:\.json)?"
    r"|(?:/zh)?/-/waits\.json"
    r"|/(?:robots\.txt|sitemap\.xml|favicon\.ico)|/(?:-/)?static/[^/].*"
    rf"|/{DB}(?:\.json|\.db)?|/{DB}/(?!-)[^/.]+(?:\.(?:json|csv))?|/{DB}/(?!-)[^/.]+/[^/]+?(?:\.(?:json|csv))?"
)
OWN_QUERY = re.compile(r"(?:/zh)?/-/sheet(?:\.json)?")  # pages that check every parameter of their query themselves
MAX_PATH, MAX_SEGMENT = 1024, 200  # characters: no page has a longer path, no file a longer name
MAX_INT = 2**63 - 1  # SQLite's largest integer
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")  # tab is let through, as whitespace
WHOLE = ("_timelimit", "_ttl")  # parameters Datasette passes to int()
MAX_HEAD = 16 * 1024  # bytes of a request's line and headers, as Node's and h11's default bound
MAX_HOST = 260  # a DNS name's 253 characters, a colon and a port
# A registered name or an IPv4 address (RFC 3986's reg-name characters), or an IPv6 literal, with an optional port.
ROW = re.compile(rf"/{DB}/(?P<table>[^/]+?)/(?P<pks>[^/]+?)(?:\.\w+)?")  # Datasette's row route
HOST = re.compile(rb"(?:[A-Za-z0-9._~!$&'()*+,;=%-]*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line: control characters escaped as ``\\xNN``, cut at ``limit`` characters.

    >>> one_line("a\\nb\\x00")
    'a\\\\nb\\\\x00'
    """
    text = text if len(text) <= limit else text[:limit] + "…"
    return CONTROL.sub(lambda m: repr(m.group())[1:-1], text.replace("\t", " "))


def quoted(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, control characters escaped, cut at ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def public(path: str) -> bool:
    """True for the pages, tables and files a reader of the site needs."""
    if len(path) > MAX_PATH or any(len(s) > MAX_SEGMENT for s in path.split("/")):
        return False
    if len(path) > 1 and path.endswith("/"):  # Datasette redirects to the path without it
        path = path[:-1]
    return PUBLIC.fullmatch(path) is not None


def _sqlite_number(value: Any) -> bool:
    return not isinstance(value, int) or -MAX_INT - 1 <= value <= MAX_INT


def _scalars(value: Any) -> bool:
    return isinstance(value, str | int | float | type(None)) and _sqlite_number(value)


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:  # malformed, or too deeply nested
        return None


def bad_parameter(name: str, value: str, datasette_page: bool) -> str | None:
    """Why a query parameter would crash a page (None when it would not)."""
    if CONTROL.search(name) or CONTROL.search(value):
        return f"{quoted(name)}: control characters are not allowed"
    if not datasette_page:  # the site's own pages check their fields themselves
        return None
    if value.isdigit() and (not value.isascii() or len(value) > 19 or int(value) > MAX_INT):
        return f"{quoted(name)}: {quoted(value)} is not a number SQLite can hold"
    if name in WHOLE and value and not (value.isascii() and value.isdigit() and len(value) <= 9):
        return f"{name}: expected a whole number"
    if name == "_through":
        data = _json(value)
        if not (isinstance(data, dict) and {"table", "column", "value"} <= data.keys()):
            return '_through: expected {"table": …, "column": …, "value": …}'
        if not (isinstance(data["table"], str) and isinstance(data["column"], str) and _scalars(data["value"])):
            return "_through: table and column are names, value a string or a number"
    if name.endswith(("__in", "__notin")) and value.startswith("["):
        data = _json(value)
        if not (isinstance(data, list) and all(_scalars(v) for v in data)):
            return f"{quoted(name)}: expected a JSON list of strings and numbers"
    return None


def is_datasette_page(path: str) -> bool:
    """Whether ``path`` is one of Datasette's own pages of the database (``/kb``, its tables and rows)."""
    return path == f"/{DB}" or path.startswith((f"/{DB}/", f"/{DB}."))


def refusal(path: str, status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    """A one-line error: JSON for a ``.json`` path, plain text otherwise."""
    message = one_line(message)
    if path.endswith(".json"):
        return Response.json({"ok": False, "error": message, "status": status}, status=status, headers=headers)
    return Response.text(f"error: {message}\n", status=status, headers=headers)


def head_problem(scope: dict[str, Any]) -> tuple[int, str] | None:
    """Why a request's head is refused, with its status (None when it is not): too large, or a bad ``Host``."""
    headers = scope.get("headers") or []
    size = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
    size += sum(len(name) + len(value) + 4 for name, value in headers)
    if size > MAX_HEAD:
        return 431, f"the request's headers are too large (at most {MAX_HEAD // 1024} KiB)"
    hosts = [value for name, value in headers if name.lower() == b"host"]
    if len(hosts) > 1:
        return 400, "the request has more than one Host header"
    if hosts and (len(hosts[0]) > MAX_HOST or HOST.fullmatch(hosts[0]) is None):
        return 400, f"the Host header is not a host name and port (at most {MAX_HOST} characters)"
    return None


def check(scope: dict[str, Any]) -> Response | None:
    """The refusal a request gets before any page sees it, or None when it may go on."""
    raw = scope.get("raw_path")  # what Datasette routes by, as it does
    path = (raw.decode("latin-1") if raw else scope.get("path", "")).partition("?")[0]
    method = scope.get("method", "GET")
    bad_head = head_problem(scope)
    if bad_head is not None:
        return refusal(path[:MAX_PATH], *bad_head)
    if method not in METHODS:
        return refusal(path, 405, f"method {method} not allowed: the site is read-only", {"Allow": ALLOW})
    if raw and not raw.isascii():  # a client that does not percent-encode: Datasette would fail to decode it
        return refusal(path, 400, "the path must be percent-encoded")
    if not public(path):
        return refusal(path, 404, "not found")
    if OWN_QUERY.fullmatch(path):
        return None
    datasette_page = is_datasette_page(path)
    query = scope.get("query_string", b"").decode("latin-1")
    for name, value in parse_qsl(query, keep_blank_values=True):
        problem = bad_parameter(name, value, datasette_page)
        if problem:
            return refusal(path, 400, problem)
    return None


async def row_keys_match(datasette: Any, path: str) -> bool:
    """False for a row page (``/kb/TABLE/KEYS``) of no table of the database, or asked for with another number of
    keys than the table's primary key has (one for a table keyed by rowid): Datasette would bind too few
    parameters and fail."""
    row = ROW.fullmatch(path)
    if row is None:
        return True
    keys: dict[str, int] | None = datasette.__dict__.get("_mjref_row_keys")
    if keys is None:
        db = datasette.get_database(DB)
        keys = {table: max(1, len(await db.primary_keys(table))) for table in await db.table_names()}
        datasette.__dict__["_mjref_row_keys"] = keys
    wanted = keys.get(tilde_decode(row["table"]))  # None: no such table (Datasette would log its failed query)
    return wanted == row["pks"].count(",") + 1


@hookimpl(tryfirst=True)
def asgi_wrapper(datasette: Any) -> Any:
    def wrap(app: Any) -> Any:
        async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] != "http":
                await app(scope, receive, send)
                return
            refused = check(scope)
            raw = scope.get("raw_path") or scope.get("path", "").encode("latin-1")
            if refused is None and not await row_keys_match(datasette, raw.decode("latin-1").partition("?")[0]):
                refused = refusal(scope.get("path", ""), 404, "not found: no such table, or not every key of its row")
            if refused is not None:
                await refused.asgi_send(send)
                return
            started = False

            async def tracked(message: dict[str, Any]) -> None:
                nonlocal started
                started = started or message["type"] == "http.response.start"
                await send(message)

            try:
                await app(scope, receive, tracked)
            except Exception:  # raised outside Datasette's own handling: the last line of defence
                if started:
                    raise
                log.exception("%s %s failed", scope.get("method"), scope.get("path"))
                await refusal(scope.get("path", ""), 400, "the request could not be served").asgi_send(send)

        return guarded

    return wrap


@hookimpl(tryfirst=True)
def handle_exception(datasette: Any, request: Any, exception: Exception) -> Any:
    """Any exception of a page as a one-line error: Datasette's 4xx as they are, anything else 400, logged.

    A site page that raises :class:`datasette.NotFound` or :class:`datasette.BadRequest` (a ruling that does not
    exist) gets the site's error page in its own language instead (or its JSON, for a ``.json`` path)."""
    status = getattr(exception, "status", 500) if isinstance(exception, Base400 | DatasetteError) else 500
    if isinstance(exception, DatasetteError):
        message = str(exception.message)
    elif isinstance(exception, Base400):
        message = str(exception.args[0]) if exception.args else "bad request"
    else:
        message = f"the request could not be served ({type(exception).__name__})"
    if isinstance(exception, DatasetteError) and not 400 <= status < 500:  # Datasette refusing the input
        log.warning("%s %s: answered 400: %s", request.method, request.path, one_line(message))
        status = 400
    elif not 400 <= status < 500:
        log.error("%s %s: answered 400 for %r", request.method, request.path, exception, exc_info=exception)
        status = 400
    if status == 404 and message in ("404", ""):
        message = "not found"
    if isinstance(exception, Base400) and not is_datasette_page(request.path):

        async def page() -> Response:
            return await error_page(datasette, request, one_line(message), status)

        return page
    return refusal(request.path, status, message)


@hookimpl(tryfirst=True)
def forbidden(request: Any, message: str) -> Response:
    """A refusal by permission (arbitrary SQL, say) as a one-line 403."""
    return refusal(request.path, 403, f"forbidden: {message}")
