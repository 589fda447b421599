"""``mjref build --out LINK`` writes through a symbolic link, atomically, and the link stays (issue 31).

A rename over the link itself replaced the link by a file and left its target, the database a site
serves, stale. The build now writes its temporary beside the target and renames it over the target.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

from click.testing import CliRunner

from mjref.main import cli


def built(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT value FROM meta WHERE key = 'built'").fetchone()[0]


def test_build_through_a_link_replaces_the_target_and_keeps_the_link(db: Path, tmp_path):
    served = tmp_path / "srv" / "kb.db"
    served.parent.mkdir()
    shutil.copy(db, served)
    with sqlite3.connect(served) as conn:
        conn.execute("UPDATE meta SET value = 'stale' WHERE key = 'built'")
    link = tmp_path / "link.db"
    link.symlink_to(served)
    result = CliRunner().invoke(cli, ["build", "--out", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(served)
    assert built(served) != "stale"  # the target itself holds the new build
    assert sorted(p.name for p in served.parent.iterdir()) == ["kb.db"]  # no temporary left beside it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.db", "srv"]


def test_build_through_a_dangling_link_creates_its_target(tmp_path):
    link = tmp_path / "link.db"
    link.symlink_to("new.db")
    result = CliRunner().invoke(cli, ["build", "--out", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and built(tmp_path / "new.db")


def test_build_through_a_link_to_something_else_is_refused_untouched(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("not a database\n", encoding="utf-8")
    link = tmp_path / "link.db"
    link.symlink_to(other)
    result = CliRunner().invoke(cli, ["build", "--out", str(link)])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: {other} is not an SQLite database: refusing to overwrite it (remove it, or choose another path)"
    )
    assert other.read_text(encoding="utf-8") == "not a database\n" and link.is_symlink()
