"""`mjref show ID`, lookup by a ruling's id or title, and full links under --base-url / MJREF_BASE_URL.

What is expected comes from the rulings' own files (rulings/mcr/kong-table.md and payments.md), read here
through kb.load, never from the code under test.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kb.load import load_corpus
from kb.lookup import lookup
from kb.ruling_text import UnknownRuling, plain, read_ruling
from mjref.main import cli

RULINGS = {r.id: r for r in load_corpus().rulings}
BASE = "https://mjref.example.org"


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(cli, list(args), env=env)


def test_show_prints_the_whole_ruling(db):
    r = run("show", "kong-table", "--db", str(db))
    assert r.exit_code == 0, r.output
    ruling = RULINGS["kong-table"]
    out = " ".join(r.output.split())  # the texts are wrapped to the terminal
    assert r.output.startswith(f"{ruling.title}  [kong-table]\n")
    assert " ".join(ruling.question.split()) in out and " ".join(ruling.answer.split()) in out
    # green-book takes "full" (rulings/profiles/green-book.yaml); chinese-practice "chinese".
    assert "House green-book: full." in out
    assert "full (green-book, starback):" in out and "chinese (chinese-practice):" in out
    assert "Starback2008, §5.1, Table 3" in r.output and "Positions" in r.output and "Citations" in r.output
    assert "What everyone agrees on\n" in r.output and "[@" not in r.output and "[[" not in r.output
    assert "Related rulings\n  two-concealed-kongs  " in r.output
    chinese = run("show", "kong-table", "--db", str(db), "--profile", "chinese-practice")
    assert "House      chinese-practice: chinese." in chinese.output


def test_show_in_chinese_and_as_json(db):
    zh = run("show", "kong-table", "--db", str(db), "--lang", "zh")
    assert zh.exit_code == 0 and zh.output.startswith("杠与暗刻的各种组合  [kong-table]")
    assert "问题" in zh.output and "答案" in zh.output and "/zh/rulings/kong-table" in zh.output
    data = json.loads(run("show", "payments", "--db", str(db), "--json", "--base-url", BASE).output)
    assert data["id"] == "payments" and data["house"] is None and data["positions"] == []
    assert data["url"] == f"{BASE}/rulings/payments"
    assert any(c["source"] == "GB2006" and c["locator"] == "§3.8.1, fan 81" for c in data["citations"])
    assert all(c["title"] for c in data["citations"])
    assert all(x["url"].startswith(f"{BASE}/rulings/") for x in data["related"])


def test_an_unknown_id_names_the_closest(db):
    r = run("show", "kong-tabel", "--db", str(db))
    assert r.exit_code == 2 and r.output.count("\n") == 1
    assert r.output.startswith("error: no ruling 'kong-tabel': the closest are kong-table")
    far = run("show", "qqqqqq", "--db", str(db))
    assert far.exit_code == 2 and "find one with mjref lookup" in far.output
    upper = run("show", "KONG-TABLE", "--db", str(db))  # it offered nothing: the ids are lower case
    assert upper.exit_code == 2 and upper.output.startswith("error: no ruling 'KONG-TABLE': the closest are kong-table")


@pytest.mark.parametrize(
    ("query", "expect"),
    [
        ("payments", "payments"),
        ("kong-table", "kong-table"),
        ("kong table", "kong-table"),
        ("Who pays what after a win", "payments"),
        ("杠与暗刻的各种组合", "kong-table"),
        ("false-win", "false-win"),
    ],
)
def test_a_ruling_id_or_title_ranks_that_ruling_first(db, query, expect):
    assert lookup(query, db, limit=3)[0].id == expect


def test_lookup_links_are_full_urls_under_a_base_url(db):
    plain_run = run("lookup", "payments", "--db", str(db), "--limit", "1")
    assert plain_run.output.splitlines()[2].strip() == "/rulings/payments"
    flag = run("lookup", "payments", "--db", str(db), "--limit", "1", "--base-url", BASE + "/")
    assert flag.output.splitlines()[2].strip() == f"{BASE}/rulings/payments"
    env = run("lookup", "payments", "--db", str(db), "--limit", "1", "--json", env={"MJREF_BASE_URL": BASE})
    assert json.loads(env.output)[0]["url"] == f"{BASE}/rulings/payments"
    bad = run("lookup", "payments", "--db", str(db), "--base-url", "mjref.example.org")
    assert bad.exit_code == 2 and "--base-url" in bad.output


def test_a_wrong_type_is_the_projects_error(db):
    with pytest.raises(UnknownRuling, match="ruling id: expected text, not int"):
        read_ruling(db, 5)  # type: ignore[arg-type]


def test_plain_text_of_a_body():
    assert plain("## Head\n\n**bold** [@GB2006, §3.9] [[payments|who pays]] `x`") == (
        "Head\n\nbold (GB2006, §3.9) who pays x"
    )


@pytest.mark.parametrize(
    "url",
    [
        "https://x\x1b]8;;http://evil\x07",  # an OSC 8 hyperlink: it would reach the terminal in every link line
        "https://x\u202e.com",  # a mark that reorders the rest of the line
        "https://x/?a=1#f",  # a query or a fragment: the rulings' paths would land inside it
        "https://x:99999999",
        "https://user:pass@evil.com",
        "ftp://x",
        "https://",
        "https://[::1",
    ],
)
def test_a_base_url_that_cannot_head_a_link_is_refused_in_one_line(db, url):
    result = run("show", "payments", "--db", str(db), "--base-url", url)
    assert result.exit_code == 2 and "--base-url" in result.output, result.output
    assert result.output.count("\n") == 1 and result.output.rstrip("\n").isprintable(), result.output


def test_a_profile_that_does_not_load_is_an_error_whatever_the_ruling(db):
    # payments is not disputed, so no position is read: the profile was never loaded, and a misspelt one passed.
    result = run("show", "payments", "--db", str(db), "--profile", "nope")
    assert result.exit_code == 2 and "unknown profile" in result.output, result.output


def test_a_profile_of_the_other_rule_set_on_a_disputed_ruling_is_refused(db):
    # A Babcock profile has no position on kong-table: the House line was left out without a word, exit 0.
    result = run("show", "kong-table", "--db", str(db), "--profile", "babcock")
    assert result.exit_code == 2
    assert "profile 'babcock' is for Babcock, and ruling kong-table is on MCR: it takes no position on it" in (
        result.output
    )
    assert run("show", "kong-table", "--db", str(db), "--profile", "starback").exit_code == 0
