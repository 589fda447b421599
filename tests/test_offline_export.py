"""``mjref export``: the files it writes (every page, its JSON, links that stay inside the export, a strict policy
in each page, the service worker's list), and the folders it refuses. The browser's side is ``test_offline.py``."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from mjref.main import cli
from web.export import pages
from web.export.offline import precache_list
from web.export.site import carry_over

from .offline_support import export_once

HREF = re.compile(r'\b(?:href|src|action)="([^"]*)"')


@pytest.fixture(scope="module")
def exported(db: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export_once(db, tmp_path_factory)


def test_every_page_in_both_languages_with_its_json(exported: Path, db: Path) -> None:
    import sqlite3

    with sqlite3.connect(db) as conn:
        rulings = [r[0] for r in conn.execute("SELECT id FROM rulings")]
        fans = [r[0] for r in conn.execute("SELECT key FROM fans")]
    for prefix in ("", "zh/"):
        assert (exported / prefix / "index.html").is_file() and (exported / prefix / "index.json").is_file()
        for rid in rulings:
            assert (exported / prefix / "rulings" / rid / "index.html").is_file(), rid
            assert json.loads((exported / prefix / "rulings" / f"{rid}.json").read_text())["ruling"]["id"] == rid
        for key in fans:
            assert (exported / prefix / "fans" / key / "index.html").is_file(), key
        for page in ("-/score/index.html", "-/search/index.html"):
            assert (exported / prefix / page).is_file()
    assert '<html lang="zh-Hans">' in (exported / "zh" / "index.html").read_text()


def test_links_stay_inside_the_export_and_no_script_is_inline(exported: Path) -> None:
    for page in [exported / "index.html", exported / "zh" / "rulings" / "kong-table" / "index.html"]:
        text = page.read_text()
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', text)
        assert policy and "script-src 'self'" in unescape(policy.group(1)) and "unsafe-inline" not in text
        assert not re.search(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))", text)  # no inline script
        for link in HREF.findall(text):
            link = unescape(link)
            if link.startswith(("http://", "https://")):
                assert "<a " in text  # a source's address, a link out: never a script or a style
                continue
            path = urlsplit(link).path
            if path:
                assert (page.parent / unquote(path)).resolve().is_file(), (page, link)
    score = (exported / "-" / "score" / "index.html").read_text()
    assert "'wasm-unsafe-eval'" in unescape(score) and 'name="hand"' in score and 'type="submit"' in score


def test_the_service_worker_lists_every_file(exported: Path) -> None:
    sw = (exported / "sw.js").read_text()
    listed = json.loads(sw.split("var MJREF_FILES = ", 1)[1].split(";\n", 1)[0])
    assert listed == precache_list(exported, ("sw.js", ".mjref-export"))
    assert "pyodide/pyodide.asm.wasm" in listed and "rulings/kong-table/index.html" in listed
    manifest = json.loads((exported / "manifest.webmanifest").read_text())
    assert all((exported / icon["src"]).is_file() for icon in manifest["icons"])
    assert (exported / "icons" / "icon-512.png").read_bytes().startswith(b"\x89PNG")


def test_file_of_keeps_pages_and_json_apart() -> None:
    assert pages.file_of("/-/score") == "-/score/index.html"
    assert pages.file_of("/zh/fans/tile-hog.json") == "zh/fans/tile-hog.json"


def test_bad_folders_are_refused_in_one_line(tmp_path: Path, db: Path) -> None:
    runner = CliRunner()
    a_file = tmp_path / "file"
    a_file.write_text("mine")
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    cases = {
        str(a_file): "is a file, not a folder",
        str(other): "is not empty and holds no earlier export",
        str(tmp_path / "missing" / "deeper"): "no such folder",
    }
    for target, expected in cases.items():
        result = runner.invoke(cli, ["export", target, "--db", str(db)])
        assert result.exit_code == 2 and expected in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    result = runner.invoke(cli, ["export", str(tmp_path / "new"), "--db", str(db), "--profile", "no-such-profile"])
    assert result.exit_code == 2 and "unknown profile" in result.output and not (tmp_path / "new").exists()
    assert a_file.read_text() == "mine" and (other / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "other"]  # no temporary folder left behind


def test_a_new_export_keeps_the_files_the_old_one_did_not_write(tmp_path: Path) -> None:
    previous, new = tmp_path / "previous", tmp_path / "new"
    for folder in (previous, new):
        (folder / "rulings").mkdir(parents=True)
        (folder / "index.html").write_text(f"{folder.name} export")
    (previous / "old-page.html").write_text("from the old export")
    (previous / "CNAME").write_text("rulings.example.org")
    (previous / "rulings" / "notes.txt").write_text("mine")
    (previous / ".mjref-export").write_text(json.dumps({"files": ["index.html", "old-page.html"]}))
    assert carry_over(previous, new) == ["CNAME", "rulings/notes.txt"]
    assert (new / "CNAME").read_text() == "rulings.example.org" and (new / "rulings" / "notes.txt").is_file()
    assert (new / "index.html").read_text() == "new export" and not (new / "old-page.html").exists()


def test_header_and_footer_show_no_link_the_export_lacks(exported: Path) -> None:
    """The header's "Data" and the footer's tables and kb.db lead nowhere offline: they are not shown (issue 37),
    nor their separators; the footer keeps a page's JSON where the export holds it, and the Babcock table page is
    exported in both languages."""
    for prefix, data in (("", "Data"), ("zh/", "数据")):
        for path in ("index.html", "rulings/payments/index.html", "-/score/index.html", "-/table/index.html"):
            text = (exported / prefix / path).read_text(encoding="utf-8")
            header = text[text.index('<header class="site">') : text.index("</header>")]
            footer = " ".join(text[text.index('<footer class="site">') : text.index("</footer>")].split())
            assert f">{data}</a>" not in header and "kb.db" not in footer and "<a >" not in header + footer, path
            assert "· ·" not in footer and not footer.rstrip().endswith("·"), (path, footer)
        ruling = (exported / prefix / "rulings/payments/index.html").read_text(encoding="utf-8")
        assert '<a href="../payments.json">JSON</a>' in ruling
    assert pages.site_paths({"rulings": [], "fans": [], "sources": []}).count("/zh/-/table") == 1
