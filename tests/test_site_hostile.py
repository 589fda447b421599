"""The site under hostile requests: no input gives a 500, only GET and HEAD are served, internals are not public."""

from __future__ import annotations

import importlib
import logging
import re
import zipfile
from typing import Any

import pytest
from datasette import hookimpl
from datasette.plugins import pm

from web import PLUGINS
from web.publish import stage

HUGE = "99999999999999999999999"
CRASHED = [  # each answered 500 before the guard
    f"/fans/{HUGE}",
    f"/fans/{HUGE}.json",
    "/kb/rulings?_sort=nope",
    "/kb/rulings.json?_sort=nope",
    "/kb/rulings?_sort_desc=nope",
    "/kb/rulings.csv?_sort=-1",
    "/kb/citations?_sort=%F0%9F%80%84",
    f"/kb/fans?id__gt={HUGE}",
    "/kb/fans?points__gte=%C2%B2",
    f"/kb/fans?id__in=%5B{HUGE}%5D",
    "/kb/fans?id__in=%5B1",
    "/kb/rulings?_through=nope",
    "/kb/fans?_through=%7B%22table%22%3A%22nope%22%2C%22column%22%3A%22x%22%2C%22value%22%3A1%7D",
    "/kb/fans?_through=%7B%22a%22%3A1%7D",
    "/kb/fans?%00=1",
    "/kb/rulings?_timelimit=nope",
    "/kb/rulings?_ttl=%C2%B2",
    "/kb.csv",
    "/static/" + "x" * 300,
    "/-/static/" + "x" * 300,
]
OWN = ["/", "/-/score?hand=123m456m789m123p55s", "/rulings/seven-pairs-tile-hog", "/robots.txt", "/static/mjref.css"]
DATASETTE = ["/kb", "/kb/rulings", "/kb/rulings.json", "/kb/fans/1", "/kb.db"]
INTERNALS = [
    "/-/threads",
    "/-/allow-debug",
    "/-/permissions",
    "/-/messages",
    "/-/actor",
    "/-/plugins",
    "/-/versions",
    "/-/settings",
    "/-/config",
    "/-/metadata",
    "/-/databases",
    "/-/patterns",
    "/-/auth-token",
    "/-/logout",
    "/-/create-token",
    "/_memory",
    "/_internal",
    "/kb/-/query",
]
PUBLIC = [  # what the README says the site offers
    "/",
    "/index.json",
    "/rulings/seven-pairs-tile-hog",
    "/rulings/seven-pairs-tile-hog.json",
    "/fans/tile-hog",
    "/fans/tile-hog.json",
    "/sources/Starback2008",
    "/sources/Starback2008.json",
    "/-/search?q=tile+hog",
    "/-/search.json?q=tile+hog",
    "/-/score?hand=123m456m789m123p55s",
    "/-/score.json?hand=123m456m789m123p55s",
    "/kb",
    "/kb.json",
    "/kb/rulings",
    "/kb/rulings.json?_shape=array",
    "/kb/fans.csv",
    "/kb/fans?_sort=points&_size=10",
    "/kb/fans/1",
    "/kb/fans/1.json",
    "/kb.db",
    "/static/mjref.css",
    "/-/static/app.css",
    "/robots.txt",
    "/sitemap.xml",
    "/favicon.ico",
]


def request(site, method: str, path: str) -> Any:
    return site.loop.run_until_complete(site.ds.client.request(method, path))


def assert_one_line_refusal(r, *statuses: int) -> None:
    """A refusal with one of ``statuses``, the security headers and a one-line error (in the page, for HTML)."""
    assert r.status_code in statuses, (r.status_code, r.text[:300])
    assert "content-security-policy" in r.headers and r.headers["x-content-type-options"] == "nosniff"
    if r.headers["content-type"].startswith("text/html"):  # the site's own error page
        assert re.search(r'<p class="error">error: [^\n<]+</p>', r.text), r.text[:300]
    else:
        assert r.text.rstrip("\n").count("\n") == 0 and len(r.text) < 500, r.text[:300]


@pytest.mark.parametrize("path", CRASHED)
def test_input_that_crashed_a_page_is_refused_in_one_line(site, path):
    r = site.get(path)
    assert_one_line_refusal(r, 400, 404)
    if path.partition("?")[0].endswith(".json"):
        assert r.json()["error"]


def test_a_fan_number_the_database_cannot_hold_is_not_found(site):
    assert site.get(f"/fans/{HUGE}.json").json() == {"error": f"fan '{HUGE}' not found"}
    assert site.get("/fans/0").status_code == 404
    assert site.get("/fans/64", follow_redirects=False).headers["location"] == "/fans/tile-hog"


def test_datasette_errors_of_input_are_400_with_its_message(site):
    r = site.get("/kb/rulings.json?_sort=nope")
    assert r.status_code == 400 and r.json() == {"ok": False, "error": "Cannot sort table by nope", "status": 400}


def test_whatever_the_scorer_raises_the_score_page_answers_400(site, monkeypatch, caplog):
    plugin = importlib.import_module("web.score_answer")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("internal detail\nsecond line")

    monkeypatch.setattr(plugin, "score", broken)
    with caplog.at_level(logging.ERROR, logger="mjref.site"):
        page = site.get("/-/score", params={"hand": "123m456m789m123p55s", "profile": "starback"})
        data = site.get("/-/score.json", params={"hand": "123m456m789m123p55s", "profile": "starback"})
    assert page.status_code == 400 and data.status_code == 400
    assert data.json()["error"] == "the scorer failed on this hand (RuntimeError)"
    assert "the scorer failed on this hand (RuntimeError)" in page.text and "internal detail" not in page.text
    assert 'name="hand"' in page.text  # the form, to correct the hand
    assert any(r.exc_info and "internal detail" in str(r.exc_info[1]) for r in caplog.records)


LOGGED = ["/kb/rulings?_sort=logged", "/kb/examples/1", "/kb/examples/1.json", "/kb/fans/1,2", "/kb/~zz/1", "/kb/no/1"]


@pytest.mark.parametrize("path", LOGGED)
def test_input_datasette_cannot_serve_is_logged_in_one_line_without_a_traceback(site, path, caplog, capsys):
    """A column Datasette cannot sort by (DatasetteError), a row of a two-key table named by one key (sqlite3 raised
    ProgrammingError for the missing parameter), a row of no table (Datasette printed its failed query with ERROR):
    the reader's input, refused; the server's log says so in one line, or nothing."""
    with caplog.at_level(logging.INFO):
        r = site.get(path)
    assert_one_line_refusal(r, 400, 404)
    assert "ERROR" not in capsys.readouterr().err
    assert not [record for record in caplog.records if record.exc_info], [rec.getMessage() for rec in caplog.records]
    assert all("\n" not in record.getMessage() for record in caplog.records)


class _Crash:
    """A plugin whose hook raises outside Datasette's handling of a page (before any route)."""

    @hookimpl
    def actor_from_request(self, datasette: Any, request: Any) -> None:
        if request.args.get("crash"):
            raise RuntimeError("crash before routing")


def test_an_exception_outside_any_page_is_a_400_not_a_crash(site, caplog):
    plugin = _Crash()
    pm.register(plugin, name="test-crash")
    try:
        with caplog.at_level(logging.ERROR, logger="mjref.site"):
            r = site.get("/kb/rulings?crash=1")
    finally:
        pm.unregister(name="test-crash")
    assert_one_line_refusal(r, 400)
    assert any(r.exc_info and "crash before routing" in str(r.exc_info[1]) for r in caplog.records)


@pytest.mark.parametrize("path", OWN + DATASETTE)
def test_the_site_is_read_only(site, path):
    assert request(site, "HEAD", path).status_code == 200
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        r = request(site, method, path)
        assert_one_line_refusal(r, 405)
        assert r.headers["allow"] == "GET, HEAD"


def test_only_what_a_reader_needs_is_public(site):
    for path in PUBLIC:
        assert site.get(path).status_code == 200, path
    for path in INTERNALS:
        for variant in (path, path + ".json"):
            assert_one_line_refusal(site.get(variant), 404)


@pytest.mark.parametrize("path", ["/kb/rulings.nope", "/kb.nope", "/kb/fans.tsv"])
def test_unknown_formats_are_not_found(site, path):
    assert site.get(path).status_code == 404


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("/kb/fans?a%01%0Ab=1", r"'a\x01\nb'"),
        ("/-/search?q=tile%00hog", "'q'"),
        ("/-/score.json?hand=123m%0D456m789m123p55s", "'hand'"),
    ],
)
def test_control_characters_are_refused_and_shown_escaped(site, path, shown):
    r = site.get(path)
    assert_one_line_refusal(r, 400)
    assert shown in r.text and "control characters" in r.text
    assert not any(c in r.text.rstrip("\n") for c in "\x00\x01\r\n")


def test_a_path_sent_without_percent_encoding_is_refused(site):
    """A client may send UTF-8 bytes in the path; Datasette decodes the raw path as ASCII."""
    raw = "/fans/²".encode()
    scope = {
        **{"type": "http", "http_version": "1.1", "method": "GET", "scheme": "http", "root_path": ""},
        **{"path": raw.decode(), "raw_path": raw, "query_string": b"", "headers": [(b"host", b"localhost")]},
        **{"client": ("127.0.0.1", 1), "server": ("localhost", 80)},
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    site.loop.run_until_complete(site.ds.app()(scope, receive, send))
    assert sent[0]["status"] == 400
    assert b"content-security-policy" in dict(sent[0]["headers"])


def test_the_published_site_carries_the_guard(db, tmp_path, wheel):
    # The image installs the mjref wheel, and the one plugin file registers every module of web.PLUGINS.
    stage(db, "cloudrun", "green-book", out=tmp_path / "publish", wheel=wheel)
    plugins = tmp_path / "publish" / "plugins"
    assert "web.guard" in PLUGINS and "from web import PLUGINS" in (plugins / "mjref_plugins.py").read_text("utf-8")
    with zipfile.ZipFile(next(plugins.glob("mjref-*.whl"))) as shipped:
        assert "web/guard.py" in shipped.namelist()
