"""``mjref export DIR``: the whole site as static files, written into a temporary folder beside ``DIR`` and then
swapped in, so that a failed export leaves ``DIR`` as it was. ``DIR`` must be new, empty, or an earlier export
(it holds the marker file ``.mjref-export``, with the list of the files it wrote); any other folder is refused,
untouched. Files of an earlier export it did not write (a ``CNAME``) are carried over into the new one.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from importlib.metadata import version
from importlib.resources import files
from pathlib import Path

from kb.i18n import gettext, ngettext
from scorer.errors import MjrefError, printable
from scorer.mcr.table import FANS
from scorer.profiles import Profile, builtin_names, load_profile
from web.score import DEFAULT_PROFILE, RULESETS
from web.serve import datasette_kwargs, site_config

from . import offline, pages, pyodide, search_index, wheel

MARKER = ".mjref-export"
SEARCH_INDEX = "search-index.json"
WARM_HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
STATUS = {  # the offline score page's own lines
    "en": {"loading": "Starting the scorer in this browser…", "failed": "The scorer could not start here:"},
    "zh": {"loading": "正在本浏览器中启动计分器…", "failed": "计分器无法在此启动："},
}


class ExportError(MjrefError):
    """The site cannot be exported as asked (the folder is a file, not writable, or not an export)."""

    code = "export"


@dataclass(frozen=True)
class ExportReport:
    path: Path
    pages: int
    files: int
    size: int  # bytes
    version: str
    seconds: float


def check_target(out: Path) -> Path:
    """``out``'s parent folder, once ``out`` is known to be a folder the export may replace."""
    shown = printable(out)
    if out.exists() and not out.is_dir():
        raise ExportError(f"{shown} is a file, not a folder: give a new or empty folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise ExportError(f"{shown} is not empty and holds no earlier export: give a new or empty folder")
    parent = out.absolute().parent
    if not parent.is_dir():
        raise ExportError(f"{printable(parent)}: no such folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ExportError(f"{printable(parent)} is not writable: cannot export into it")
    return parent


def standalone(profile: Profile) -> str:
    """A profile as a YAML file that extends nothing (what the browser's scorer loads as one more built-in)."""
    points = {FANS[n].key: v for n, v in sorted(profile.points.items()) if n in FANS and v != FANS[n].points}
    data = {"name": profile.name, "title": profile.title, "ruleset": profile.ruleset, "positions": profile.positions}
    lines = [f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items() if not isinstance(v, dict)]
    lines.append("positions:" if profile.positions else "positions: {}")
    lines += [f"  {json.dumps(r)}: {json.dumps(p)}" for r, p in profile.positions.items()]
    if points:
        lines += ["points:", *(f"  {json.dumps(k)}: {v}" for k, v in points.items())]
    return "\n".join(lines) + "\n"


def _keys(db: Path) -> dict[str, list[str]]:
    with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as conn:
        return {
            kind: [str(r[0]) for r in conn.execute(sql)]
            for kind, sql in (
                ("rulings", "SELECT id FROM rulings"),
                ("fans", "SELECT key FROM fans"),
                ("sources", "SELECT id FROM sources"),
            )
        }


def _settings(house: Profile, wheel_name: str) -> dict[str, object]:
    offered = {name: load_profile(name).ruleset for name in builtin_names()}
    offered[house.name] = house.ruleset
    return {
        "house": house.name,
        "profiles": offered,
        "rulesets": RULESETS,
        "defaults": DEFAULT_PROFILE,
        "wheel": f"py/{wheel_name}",
        "warm": WARM_HAND,
    }


def _data(element_id: str, data: object) -> str:
    """Data for a page's script, in an element the policy lets through (JSON is not run)."""
    text = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    return f'<script type="application/json" id="{element_id}">{text}</script>\n'


def _page_heads(settings: dict[str, object]) -> dict[str, str]:
    """The data each language's score and search pages carry for their scripts."""
    heads = {}
    for lang, prefix in (("en", ""), ("zh", "/zh")):
        _ = gettext(lang)
        labels = {"this_site": _("(this site)"), "rule_set": _("Rule set:"), **STATUS[lang]}
        heads[prefix + pages.SCORE] = _data("mjref-offline-site", {**settings, "labels": labels})
        n_ = ngettext(lang)
        search = {
            "fans_named": _("Fans named:"),
            "one": n_("%(num)s ruling", "%(num)s rulings", 1),
            "many": n_("%(num)s ruling", "%(num)s rulings", 2),
            "none": _("No ruling matches. Try a fan name (English, 中文 or pinyin) or fewer words."),
        }
        heads[prefix + pages.SEARCH] = _data("mjref-search-labels", search)
    return heads


def _write(root: Path, name: str, data: bytes | str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)


def build_into(root: Path, db: Path, profile: str, cache: Path | None, say: Callable[[str], None]) -> int:
    """Write the export into the empty folder ``root``; the number of pages."""
    from datasette.app import Datasette  # imported only to render

    site = site_config(profile)
    if db.name != "kb.db":  # the site reads the database under the name kb: its file's stem
        (root / ".kb").mkdir()
        (root / ".kb" / "kb.db").symlink_to(db.resolve())
        db = root / ".kb" / "kb.db"
    house = load_profile(site.profile)
    house_yaml = None if profile in builtin_names() else (house.name, standalone(house))
    settings = _settings(house, wheel.wheel_name())
    wheel.write_wheel(root / "py", settings, house_yaml)
    say(f"pyodide {pyodide.VERSION} (npm) …")
    pyodide.copy_core(root / "pyodide", cache=cache)
    search_index.write_index(db, root / SEARCH_INDEX)
    offline.write_app_files(root, "mjref 麻将裁判")
    for name, item in wheel.walk(files("web.static"), "static/"):
        if name != "static/offline/sw.js":
            _write(root, name, item.read_bytes())
    paths = pages.site_paths(_keys(db))
    json_paths = [j for p in paths if (j := pages.json_path(p))]
    say(f"rendering {len(paths)} pages and {len(json_paths)} JSON files …")
    ds = Datasette(**datasette_kwargs(db, site))
    answers = pages.render(ds, paths + json_paths)
    for path, answer in answers.items():
        if answer.status_code != 200:
            say(f"warning: {path} answers {answer.status_code} on the site too: written as the site shows it")
    written = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    rewriter = pages.Rewriter(written | {pages.file_of(p) for p in paths + json_paths})
    heads = _page_heads(settings)
    for path in json_paths:  # the site's JSON, written compact
        data = json.loads(answers[path].content)
        _write(root, pages.file_of(path), json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    for path in paths:
        page = pages.Page(path, pages.file_of(path), scripts=["static/offline/register.js"])
        if path.endswith(pages.SCORE):
            page.policy = pages.SCORE_POLICY
            page.scripts += ["pyodide/pyodide.js", "static/offline/score.js"]
        elif path.endswith(pages.SEARCH):
            page.scripts.append("static/offline/search.js")
        to_root = pages.relative(page.file, "index.html")[: -len("index.html")]
        head = offline.head_links(escape(to_root)) + heads.get(path, "")
        _write(root, page.file, rewriter.page(page, answers[path].text, head))
    shutil.rmtree(root / ".kb", ignore_errors=True)
    offline.write_service_worker(root, skip=("sw.js", MARKER))
    own = offline.precache_list(root, ())
    marker = {"mjref": version("mjref"), "profile": house.name, "pyodide": pyodide.VERSION, "files": own}
    _write(root, MARKER, json.dumps(marker, indent=1))
    return len(paths)


def carry_over(previous: Path, new: Path) -> list[str]:
    """Copy into ``new`` the files of the earlier export ``previous`` that it did not write itself (a ``CNAME``,
    a ``.nojekyll`` a static host asks for); their names. A file the new export also writes is the new one."""
    try:
        own = set(json.loads((previous / MARKER).read_text(encoding="utf-8")).get("files", []))
    except (OSError, ValueError, AttributeError):
        own = set()
    kept = []
    for name in offline.precache_list(previous, ()):
        if name in own or name == MARKER or (new / name).exists():
            continue
        (new / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(previous / name, new / name)
        kept.append(name)
    return kept


def export_site(
    out: Path, db: Path, profile: str = "green-book", cache: Path | None = None, say: Callable[[str], None] = print
) -> ExportReport:
    """Export the site of ``db`` under ``profile`` into ``out`` (see the module's docstring)."""
    started = time.monotonic()
    parent = check_target(out)
    site_config(profile)  # an unknown or bad profile fails here, before any file is written
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".export", dir=parent))
    try:
        count = build_into(work, db, profile, cache, say)
        work.chmod(0o755)
        old = None
        if out.exists():
            for name in carry_over(out, work):
                say(f"kept {printable(name)}: not written by the earlier export")
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=parent))
            out.rename(old / "previous")
        work.rename(out)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    names = [p for p in out.rglob("*") if p.is_file()]
    version_line = (out / "sw.js").read_text(encoding="utf-8").split("\n", 1)[0]
    return ExportReport(
        out,
        count,
        len(names),
        sum(p.stat().st_size for p in names),
        json.loads(version_line.split("=", 1)[1].strip().rstrip(";")),
        time.monotonic() - started,
    )
