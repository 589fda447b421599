"""What a request may hold: its head is bounded (431), its Host must be a host name (400), uvicorn's own refusals
carry the security headers, and what a server is started with (an empty --host, a database not named kb.db)."""

from __future__ import annotations

import asyncio
import gc
import logging
import shutil
import socket
import threading
import time

import httpx
import pytest

from scorer.errors import MjrefError
from web.app import DB_ENV, PROFILE_ENV, create_app
from web.guard import MAX_HEAD, MAX_HOST
from web.serve import serve

from .kb_support import run
from .site_support import ProtocolHarness, free_port, running_site, workdir_with
from .test_site_hostile import assert_one_line_refusal

GOOD_HOSTS = ["localhost", "localhost:8001", "127.0.0.1:8001", "[::1]:8001", "rulings.example.org", "a" * MAX_HOST]
BAD_HOSTS = ["a" * (MAX_HOST + 1), "x" * 2400, "a b", "evil.org/path", "<script>", "a@b", "host:port", "h:123456"]


@pytest.mark.parametrize("host", GOOD_HOSTS)
def test_a_host_name_and_port_are_served(site, host):
    assert site.get("/robots.txt", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("host", BAD_HOSTS)
def test_a_host_header_that_is_no_host_name_is_refused_and_kept_nowhere(site, host, caplog):
    with caplog.at_level(logging.WARNING):
        for path in ("/-/qr.svg?page=/-/score%3Fhand%3D1m", "/-/score?hand=123m456m789m123p55s", "/robots.txt"):
            r = site.get(path, headers={"host": host})
            assert_one_line_refusal(r, 400)
            assert "Host header" in r.text and host not in r.text
    assert site.get("/-/score?hand=123m456m789m123p55s").status_code == 200  # the cache is in use
    assert not any(key.endswith(host) for key in site.ds.__dict__["_mjref_pages"].pages)
    assert not [r for r in caplog.records if r.exc_info]


def test_two_host_headers_are_refused(site):
    r = site.get("/robots.txt", headers=[("host", "a.example"), ("host", "b.example")])
    assert_one_line_refusal(r, 400)
    assert "more than one Host header" in r.text


def test_headers_over_the_bound_are_refused_431(site):
    big = {"x-padding": "p" * MAX_HEAD}
    assert_one_line_refusal(site.get("/robots.txt", headers=big), 431)
    assert site.get("/robots.txt", headers={"x-padding": "p" * (MAX_HEAD // 2)}).status_code == 200


def test_a_qr_code_of_an_address_too_long_to_draw_is_refused_not_a_traceback(site, caplog):
    """A page of 400 Chinese characters: 1,000 characters, but 3,600 bytes once percent-encoded: segno's largest code
    holds 2,331 (it raised DataOverflowError, logged with its traceback)."""
    page = "/-/score?hand=" + "中" * 400
    with caplog.at_level(logging.WARNING):
        r = site.get("/-/qr.svg", params={"page": page})
    assert_one_line_refusal(r, 400)
    assert "too long for a QR code" in r.text
    assert not [r for r in caplog.records if r.exc_info]
    assert site.get("/-/qr.svg", params={"page": "/-/score?hand=123m456m789m123p55s"}).status_code == 200


def _get(padding: int) -> bytes:
    return b"GET /x HTTP/1.1\r\nHost: localhost\r\nX-Pad: " + b"p" * padding + b"\r\n\r\n"


@pytest.fixture
def protocols():
    harness = ProtocolHarness()
    yield harness
    harness.close()


def test_the_protocol_counts_every_head_of_pipelined_requests(protocols):
    """A small request and one with a 20 KiB head, in one read: the second is refused, never handed to the app (it
    was, when only the first head of a read was counted)."""
    written, _ = protocols.serve([_get(10) + _get(20 * 1024)])
    assert protocols.served == 1 and written.count(b"HTTP/1.1 200 ") == 1 and b"HTTP/1.1 431 " in written


@pytest.mark.parametrize("piece", [1, 100, 4096, 1 << 20])
def test_a_head_at_the_bound_is_served_and_one_byte_more_refused(protocols, piece):
    at_bound = _get(MAX_HEAD - len(_get(0)))
    assert len(at_bound) == MAX_HEAD
    for request, served in ((at_bound, 1), (_get(MAX_HEAD - len(_get(0)) + 1), 0)):
        before = protocols.served
        written, _ = protocols.serve([request[i : i + piece] for i in range(0, len(request), piece)])
        assert protocols.served - before == served, (len(request), piece, written[:100])
        assert written.startswith(b"HTTP/1.1 200 " if served else b"HTTP/1.1 431 ")


def _raw(port: int, request: bytes) -> tuple[bytes, float]:
    """Send ``request`` on a new connection (the server may close it before all is sent); the answer and the time."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        sender = threading.Thread(target=_send_all, args=(conn, request), daemon=True)
        sender.start()
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
        sender.join(10)
    return answer, time.monotonic() - started


def _send_all(conn: socket.socket, data: bytes) -> None:
    try:
        conn.sendall(data)
    except OSError:  # refused and closed while sending: what a 431 does
        return


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_server_refuses_a_huge_head_before_reading_it_and_signs_its_own_refusals(db, tmp_path, workers):
    workdir = workdir_with(db, tmp_path)
    with running_site(workdir, "--workers", workers) as url:
        port = int(url.rsplit(":", 1)[1])
        huge, seconds = _raw(port, b"GET /robots.txt HTTP/1.1\r\nHost: " + b"a" * (8 << 20) + b"\r\n\r\n")
        head, _, body = huge.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 431 ") and b"too large" in body, huge[:300]
        assert seconds < 5  # refused at the bound, not read whole
        broken, _ = _raw(port, b"NOT HTTP AT ALL\r\n\r\n")
        assert broken.startswith(b"HTTP/1.1 400 "), broken[:300]
        for answer in (huge, broken):
            headers = answer.partition(b"\r\n\r\n")[0].lower()
            assert b"content-security-policy: default-src 'self'" in headers and b"x-frame-options: deny" in headers
        assert httpx.get(url + "/robots.txt", timeout=10).status_code == 200  # the server goes on
    log = "".join(p.read_text(errors="replace") for p in workdir.glob("serve-*.log"))
    assert "Traceback" not in log and "431" in log


@pytest.mark.parametrize("host", ["", " "])
def test_an_empty_host_is_refused_in_one_line_before_the_banner(db, host):
    """uvicorn listened on every interface while the banner read http://:PORT/."""
    result = run("serve", "--host", host, "--port", str(free_port()))  # refused before any build
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "error: --host is empty: give an address, such as 127.0.0.1, or 0.0.0.0 for every interface"
    ]
    with pytest.raises(MjrefError, match="--host is empty"):  # for callers of serve() other than the command
        serve(db, "green-book", host, 8000)


def test_the_app_factory_serves_a_database_not_named_kb_db(db, tmp_path, monkeypatch):
    other = tmp_path / "other.db"
    shutil.copyfile(db, other)
    monkeypatch.setenv(DB_ENV, str(other))
    monkeypatch.setenv(PROFILE_ENV, "green-book")
    monkeypatch.delenv("MJREF_SITE_CONFIG", raising=False)

    async def get(*paths: str) -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return [await client.get(path) for path in paths]

    try:
        answers = asyncio.run(get("/rulings/seven-pairs-tile-hog.json", "/kb/rulings.json?_shape=array&_size=1"))
    finally:
        gc.unfreeze()
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json()["ruling"]["id"] == "seven-pairs-tile-hog" and len(answers[1].json()) == 1
