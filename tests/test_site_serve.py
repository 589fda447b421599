"""``mjref serve`` and ``mjref publish``: the options, the house profile, and a real server on loopback."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from mjref.main import cli
from scorer import score
from scorer.profiles import load_profile
from web.app import CONFIG_ENV, create_app, read_config, write_config
from web.publish import stage
from web.serve import DATASETTE_PIN, SITE_DIR, serve_args, site_config

from .site_support import Site, free_port, running_site, wait_until_serving, workdir_with

SETTINGS = json.loads((SITE_DIR / "settings.json").read_text(encoding="utf-8"))
CLUB = "name: our-club\ntitle: Our club\nextends: green-book\npositions:\n  seven-pairs-tile-hog: tile-hog\n"
ALL_GREEN = "2233446688sFF22s|EE0000"  # Seven Pairs and All Green: Tile Hog only where the profile allows it


@pytest.fixture
def club(tmp_path) -> Path:
    path = tmp_path / "our-club.yaml"
    path.write_text(CLUB, encoding="utf-8")
    return path


def test_the_pinned_datasette_is_the_projects_dependency():
    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert DATASETTE_PIN in project["project"]["dependencies"]


def test_serve_arguments_carry_the_public_site_settings(db, tmp_path):
    site = site_config("chinese-practice")
    args = serve_args(db, site, tmp_path / "m.json", "127.0.0.1", 8123)
    assert args[:3] == ["serve", "-i", str(db)]
    assert SETTINGS["default_allow_sql"] is False and SETTINGS["allow_facet"] is False
    for name, value in SETTINGS.items():
        text = ("on" if value else "off") if isinstance(value, bool) else str(value)
        assert ["--setting", name, text] == args[args.index(name) - 1 : args.index(name) + 2]
    assert args[args.index("--static") + 1] == f"static:{SITE_DIR / 'static'}"
    assert args[-4:] == ["--host", "127.0.0.1", "--port", "8123"]
    assert site.metadata["plugins"]["mjref-site"]["profile"] == "chinese-practice"


def test_serve_refuses_an_unknown_profile():
    result = CliRunner().invoke(cli, ["serve", "--profile", "nope"])
    assert result.exit_code == 2 and result.output.startswith("error: unknown profile 'nope'")


def test_a_profile_file_may_not_take_a_built_in_name(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(CLUB.replace("our-club", "green-book"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["serve", "--profile", str(path)])
    assert result.exit_code == 2 and "built-in profile" in result.output


def test_a_club_profile_file_is_the_house_profile(db, club):
    site = Site(db, profile=str(club))
    try:
        house = load_profile(str(club))
        ruling = site.json("/rulings/seven-pairs-tile-hog.json")
        assert [p["id"] for p in ruling["positions"] if p["house"]] == [house.positions["seven-pairs-tile-hog"]]
        data = site.json("/-/score.json", params={"hand": ALL_GREEN})
        assert data["profile"] == "our-club" and data["total"] == score(ALL_GREEN, profile=str(club)).total
        assert '<option value="our-club" selected>' in site.get("/-/score", params={"hand": ALL_GREEN}).text
    finally:
        site.close()


def test_mjref_serve_serves_the_site_on_loopback(db, tmp_path):
    with running_site(workdir_with(db, tmp_path), "--profile", "starback") as url:
        home = httpx.get(url + "/", timeout=10)
        assert home.status_code == 200 and "starback" in home.text
        assert "script-src 'self';" in home.headers["content-security-policy"]
        # A page goes out whole, its length given, not in chunks; the same when it comes from the page cache.
        for answer in (home, httpx.get(url + "/", timeout=10)):
            assert answer.headers["content-length"] == str(len(answer.content))
            assert "transfer-encoding" not in answer.headers
        result = httpx.get(url + "/-/score.json", params={"hand": ALL_GREEN}, timeout=10).json()
        assert result["profile"] == "starback" and result["total"] == score(ALL_GREEN, profile="starback").total
        assert httpx.get(url + "/kb.json", params={"sql": "select 1"}, timeout=10).status_code == 403
        assert httpx.get(url + "/static/mjref.css", timeout=10).status_code == 200


def test_the_app_factory_serves_the_site_its_config_file_describes(db, tmp_path, monkeypatch):
    site = site_config("chinese-practice")
    config = write_config(db, site, tmp_path / "site-config.json")
    assert read_config(config) == (db.resolve(), site)
    monkeypatch.setenv(CONFIG_ENV, str(config))

    async def get(path: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            return await client.get(path, params={"hand": ALL_GREEN})

    gc.unfreeze()
    try:
        result = asyncio.run(get("/-/score.json")).json()
        # The worker's long-lived objects (the site, its prepared rulings and search index: 100,000 and more) are
        # kept out of the garbage collector's full passes, which would otherwise pause it for tens of milliseconds.
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
    assert result["profile"] == "chinese-practice"
    assert result["total"] == score(ALL_GREEN, profile="chinese-practice").total


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads worker processes from /proc")
def _alive(pid: int) -> bool:
    """Is process ``pid`` still running (not gone, not a zombie)?"""
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_every_worker(db, tmp_path, workers):
    port = free_port()
    command = [sys.executable, "-m", "mjref", "serve", "--port", str(port), "--workers", workers]
    log = (tmp_path / "serve.log").open("wb")
    workdir = workdir_with(db, tmp_path)
    process = subprocess.Popen(command, cwd=workdir, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_serving(f"http://127.0.0.1:{port}", process, log, tmp_path / "serve.log")
        children = _children(process.pid)
        assert len(children) >= int(workers) or workers == "1"  # the workers (and multiprocessing's resource tracker)
        log.flush()
        before = (tmp_path / "serve.log").stat().st_size
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in a terminal sends: the whole process group
        assert process.wait(timeout=30) == 130  # as every command: exit status 130 and one line, no shutdown news
        shutdown = (tmp_path / "serve.log").read_bytes()[before:].decode().split()
        assert shutdown == ["interrupted", "by", "SIGINT"]
        # Every worker is gone within a few seconds of the parent (a worker may still be exiting as it returns).
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [pid for pid in children if _alive(pid)] == []
        assert "Traceback" not in (tmp_path / "serve.log").read_text()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        log.close()


def test_publish_dry_run_prints_the_command_with_pins_and_settings(db, tmp_path, monkeypatch, wheel):
    monkeypatch.chdir(workdir_with(db, tmp_path))
    args = ["publish", "cloudrun", "--dry-run", "--wheel", str(wheel), "--", "--service", "rulings"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    args = shlex.split(result.output.strip().splitlines()[-1])
    assert args[:4] == ["datasette", "publish", "cloudrun", str(Path("build/publish/kb.db"))]
    assert args[-2:] == ["--service", "rulings"]
    option = {args[i]: args[i + 1] for i in range(4, len(args) - 2, 2)}
    installs = [args[i + 1] for i, a in enumerate(args) if a == "--install"]
    assert DATASETTE_PIN in installs and f"plugins/{wheel.name}" in installs  # the built package, nothing editable
    assert option["--template-dir"] == str(SITE_DIR / "templates")
    assert option["--static"] == f"static:{SITE_DIR / 'static'}"
    extra = option["--extra-options"].split()
    for name in SETTINGS:
        assert name in extra
    plugins = Path(option["--plugins-dir"])
    assert {p.name for p in (SITE_DIR / "plugins").glob("*.py")} == {p.name for p in plugins.glob("*.py")}
    assert (plugins / wheel.name).read_bytes() == wheel.read_bytes()
    with zipfile.ZipFile(wheel) as shipped:
        names = set(shipped.namelist())
    for packaged in ("scorer/__init__.py", "kb/lookup.py", "web/score.py", "rulings/profiles/green-book.yaml"):
        assert packaged in names, packaged
    assert "web/templates/mjref_score.html" in names and "rulings/mcr/kong-table.md" in names
    metadata = json.loads(Path(option["--metadata"]).read_text(encoding="utf-8"))
    assert metadata["plugins"]["mjref-site"]["profile"] == "green-book"
    with sqlite3.connect("build/publish/kb.db") as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'house_profile'").fetchone() == ("green-book",)


def test_publish_bakes_a_club_profile_into_the_database(db, club, tmp_path, wheel):
    command = stage(db, "fly", str(club), out=tmp_path / "publish", wheel=wheel)
    assert command.args[:3] == ["datasette", "publish", "fly"]
    house = load_profile(str(club))
    baked = tmp_path / "publish" / "plugins" / "house-profile.yaml"
    standalone = load_profile(str(baked))
    assert (standalone.name, standalone.positions, standalone.points) == (house.name, house.positions, house.points)
    metadata = json.loads((tmp_path / "publish" / "metadata.json").read_text(encoding="utf-8"))
    assert metadata["plugins"]["mjref-site"]["profile"] == "plugins/house-profile.yaml"
    with sqlite3.connect(tmp_path / "publish" / "kb.db") as conn:
        assert conn.execute("SELECT builtin FROM profiles WHERE id = 'our-club'").fetchone() == (0,)
        sql = "SELECT ruling_id, position_id FROM profile_positions WHERE profile_id = ?"
        assert dict(conn.execute(sql, [house.name])) == house.positions


def test_publish_refuses_an_unknown_provider(db, tmp_path, monkeypatch):
    monkeypatch.chdir(workdir_with(db, tmp_path))
    result = CliRunner().invoke(cli, ["publish", "nowhere", "--dry-run"])
    assert result.exit_code == 2 and result.output.startswith("error: unknown provider 'nowhere'")
