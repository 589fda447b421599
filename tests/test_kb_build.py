"""Building kb.db: the tables, full-text search, and an atomic write that never damages the last good database."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

import kb.build
from kb.build import BuildFailed, build, is_stale
from kb.db_file import OutputError
from mjref.main import cli
from scorer.babcock.options import OPTIONS
from scorer.mcr.positions import DISPUTED
from scorer.mcr.table import EXCLUSIONS, FANS

from .kb_support import copy_rulings, edit


@pytest.fixture(scope="module")
def db(db: Path) -> sqlite3.Connection:
    """The run's knowledge base (``conftest.db``), opened read-only with rows by column name."""
    conn = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def test_tables_exist_with_the_columns_the_site_reads(db):
    columns = {
        "sources": {"id", "title", "author", "year", "language", "authority", "url"},
        "rulings": {"id", "title", "ruleset", "topic", "status", "question", "answer", "body_html", "body_text"},
        "citations": {"ruling_id", "source_id", "locator", "quote"},
        "positions": {"ruling_id", "id", "summary"},
        "ruling_fans": {"ruling_id", "fan_id"},
        "fans": {"id", "key", "name", "points"},
        "fan_aliases": {"fan_id", "alias"},
        "exclusions": {"fan_id", "excluded_fan_id", "ruling_id", "profile_id"},
        "examples": {"hand", "profile", "expected_total", "computed_total", "status"},
        "profiles": {"id", "title", "ruleset"},
        "profile_positions": {"profile_id", "ruling_id", "position_id"},
    }
    for table, wanted in columns.items():
        have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        assert wanted <= have, (table, wanted - have)


def test_every_fan_is_in_the_fan_table_with_its_ruling(db):
    rows = db.execute(
        "SELECT f.id, f.key, f.points, r.title FROM fans f JOIN rulings r ON r.id = f.ruling_id"
    ).fetchall()
    assert {(r["id"], r["key"], r["points"]) for r in rows} == {(n, f.key, f.points) for n, f in FANS.items()}
    assert all(r["title"] == FANS[r["id"]].name for r in rows)


def test_fan_names_include_chinese_and_pinyin_with_and_without_tones(db):
    names = {r[0] for r in db.execute("SELECT alias FROM fan_aliases WHERE fan_id = 64")}
    assert {"Tile Hog", "四归一", "si4 gui1 yi1", "sì guī yī", "si gui yi", "siguiyi"} <= names


def test_citations_point_at_listed_sources(db):
    orphans = db.execute("SELECT * FROM citations WHERE source_id NOT IN (SELECT id FROM sources)").fetchall()
    assert orphans == []
    assert db.execute("SELECT count(*) FROM citations").fetchone()[0] > 200


def test_exclusions_follow_each_profile(db):
    # The disputed row "All Green excludes Half Flush" applies only where suit-fans-with-special-hands
    # takes exclude-half-flush: chinese-practice, not green-book (hand-checked in the profiles).
    rows = db.execute(
        "SELECT profile_id FROM exclusions WHERE fan_id = 3 AND excluded_fan_id = 50 ORDER BY profile_id"
    ).fetchall()
    assert [r[0] for r in rows] == ["chinese-practice"]
    unconditional = sum(1 for e in EXCLUSIONS if not e.position)
    assert (
        db.execute("SELECT count(*) FROM exclusions WHERE profile_id = 'green-book' AND position IS NULL").fetchone()[0]
        == unconditional
    )


def test_every_profile_has_a_position_on_every_disputed_ruling(db):
    for profile, ruleset in db.execute("SELECT id, ruleset FROM profiles").fetchall():
        rulings = {r[0] for r in db.execute("SELECT ruling_id FROM profile_positions WHERE profile_id = ?", (profile,))}
        # a Babcock profile decides the optional scores of Babcock's chapter VII instead
        assert ruleset == ("babcock" if profile.startswith("babcock") else "mcr"), profile
        assert rulings == set(OPTIONS if ruleset == "babcock" else DISPUTED), profile


def test_mcr_exclusions_are_not_attached_to_babcock_profiles(db):
    # Babcock has no fans and no Article 10: the MCR exclusion table applies to MCR profiles only.
    profiles = {r[0] for r in db.execute("SELECT DISTINCT profile_id FROM exclusions")}
    assert profiles == {"green-book", "chinese-practice", "starback"}


def test_examples_are_stored_with_the_scorers_breakdown(db):
    row = db.execute("SELECT * FROM examples WHERE ruleset = 'mcr' AND status = 'verified' LIMIT 1").fetchone()
    computed = json.loads(row["computed"])
    assert computed["total"] == row["expected_total"] == row["computed_total"]
    statuses = db.execute("SELECT ruleset, status, count(*) FROM examples GROUP BY 1, 2 ORDER BY 1, 2").fetchall()
    assert [(r[0], r[1]) for r in statuses] == [("babcock", "verified"), ("mcr", "verified")]


def test_markdown_is_rendered_without_raw_html(db):
    for (html,) in db.execute("SELECT body_html FROM rulings"):
        assert "<script" not in html.lower()
        assert "<div" not in html.lower()


def test_full_text_search_finds_english_and_chinese(db):
    english = db.execute("SELECT rowid FROM rulings_fts WHERE rulings_fts MATCH 'exclusionary'").fetchall()
    assert english
    chinese = db.execute("SELECT id FROM rulings_cjk WHERE text MATCH '\"九莲宝灯\"'").fetchall()
    assert "fan-nine-gates" in {r[0] for r in chinese}


def test_a_failed_build_leaves_the_last_good_database_untouched(tmp_path):
    root = copy_rulings(tmp_path)
    out = tmp_path / "kb.db"
    build(out, root)
    before = out.read_bytes()
    edit(root / "mcr" / "payments.md", "\nstatus: ", "\nstatus: unknown-status\nx: ")
    with pytest.raises(BuildFailed):
        build(out, root)
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".kb.db")] == []


def test_a_crash_while_writing_leaves_the_last_good_database_untouched(tmp_path, monkeypatch):
    out = tmp_path / "kb.db"
    build(out)
    before = out.read_bytes()

    def crash(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(kb.build, "_write", crash)
    with pytest.raises(OutputError, match="cannot write .*: disk full"):
        build(out)
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kb.db"]


def test_staleness(tmp_path):
    root = copy_rulings(tmp_path)
    out = tmp_path / "kb.db"
    assert is_stale(out, root)
    build(out, root)
    assert not is_stale(out, root)
    path = root / "mcr" / "payments.md"
    path.touch()
    import os

    os.utime(path, (out.stat().st_mtime + 5, out.stat().st_mtime + 5))
    assert is_stale(out, root)


def test_build_command_reports_what_it_built(tmp_path):
    out = tmp_path / "nested" / "kb.db"
    result = CliRunner().invoke(cli, ["build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"built {out}: ")
    assert "verified by the scorer" in result.output
    assert Path(out).exists()


def test_a_ruling_keeps_its_path_inside_the_rulings_folder(db):
    # The page shows "from rulings/<path>": the path is the file's place in the folder, wherever the build ran
    # (not "rulings/mcr/…" from the checkout, nor a site-packages path from an installed wheel).
    assert db.execute("SELECT path FROM rulings WHERE id = 'kong-table'").fetchone()[0] == "mcr/kong-table.md"
