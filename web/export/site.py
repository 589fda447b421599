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
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from importlib.metadata import version
from importlib.resources import files
from pathlib import Path

from kb.db_file import _signals_as_exit
from kb.i18n import gettext, ngettext
from scorer.errors import printable
from scorer.mcr.table import FANS
from scorer.profiles import Profile, builtin_names, load_profile
from web.app import named_kb
from web.score import DEFAULT_PROFILE, RULESETS
from web.serve import datasette_kwargs, site_config

from . import offline, pages, pyodide, search_index, wheel
from .claim_facts import read_facts
from .errors import ExportError
from .workdir import LOCK, PREVIOUS, Scratch, remove_stale

MARKER = ".mjref-export"
SEARCH_INDEX = "search-index.json"
IN_BROWSER = ("pyodide/pyodide.js", "static/offline/python.js")  # what a page running Python loads first
REGISTER = "static/offline/register.js"  # on every page: the service worker and the offline status line
WARM_HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
STATUS = {  # the offline score page's own lines
    "en": {"loading": "Starting the scorer in this browser…", "failed": "The scorer could not start here:"},
    "zh": {"loading": "正在本浏览器中启动计分器…", "failed": "计分器无法在此启动："},
}


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
        labels = {"this_site": _("(this site)"), "rule_set": _("Rule set:"), **STATUS[lang], **_babcock_labels(_)}
        heads[prefix + pages.SCORE] = _data("mjref-offline-site", {**settings, "labels": labels})
        heads[prefix + pages.SHEET] = heads[prefix + pages.SCORE]  # the sheet page starts the same scorer
        heads[prefix + pages.TABLE] = heads[prefix + pages.SCORE]  # and so does the Babcock table page
        n_ = ngettext(lang)
        search = {
            "fans_named": _("Fans named:"),
            "one": n_("%(num)s ruling", "%(num)s rulings", 1),
            "many": n_("%(num)s ruling", "%(num)s rulings", 2),
            "none": _("No ruling matches. Try a fan name (English, 中文 or pinyin) or fewer words."),
        }
        heads[prefix + pages.SEARCH] = _data("mjref-search-labels", search)
    return heads


def _babcock_labels(_: Callable[[str], str]) -> dict[str, str]:
    """What the score page says of Babcock when the offline page switches to it, as the server's page says it."""
    note = _(
        "Babcock's Rules for Mah-Jongg, 1923: the Standard Score Sheet, doubles and the limit of 300; no prevalent wind"
    )
    return {"babcock": note, "table": _("Score the whole table")}


def _write(root: Path, name: str, data: bytes | str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)


def build_into(root: Path, db: Path, profile: str, cache: Path | None, say: Callable[[str], None]) -> int:
    """Write the export into the empty folder ``root``; the number of pages."""
    from datasette.app import Datasette  # imported only to render

    site = site_config(profile)
    house = load_profile(site.profile)
    house_yaml = None if profile in builtin_names() else (house.name, standalone(house))
    settings = _settings(house, wheel.wheel_name())
    wheel.write_wheel(root / "py", settings, house_yaml, read_facts(db))
    say(f"pyodide {pyodide.VERSION} (npm) …")
    pyodide.copy_core(root / "pyodide", cache=cache)
    search_index.write_index(db, root / SEARCH_INDEX)
    offline.write_app_files(root, "mjref 麻将裁判")
    for name, item in wheel.walk(files("web.static"), "static/"):
        if name not in ("static/offline/sw.js", REGISTER):
            _write(root, name, item.read_bytes())
    offline.write_register_script(root / REGISTER)
    paths = pages.site_paths(_keys(db))
    json_paths = [j for p in paths if (j := pages.json_path(p))]
    say(f"rendering {len(paths)} pages and {len(json_paths)} JSON files …")
    ds = Datasette(**datasette_kwargs(db, site))
    named_kb(ds, db)  # the site reads the database under the name kb, whatever its file's name
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
        page = pages.Page(path, pages.file_of(path), scripts=[REGISTER])
        if path.endswith(pages.SCORE):
            page.policy = pages.SCORE_POLICY
            page.scripts += [*IN_BROWSER, "static/offline/answer.js", "static/offline/score.js"]
        elif path.endswith(pages.TABLE):
            page.policy = pages.SCORE_POLICY
            page.scripts += [*IN_BROWSER, "static/offline/answer.js", "static/offline/table.js"]
        elif path.endswith(pages.SHEET):
            page.policy = pages.SCORE_POLICY
            page.scripts += [*IN_BROWSER, "static/offline/sheet.js"]
        elif path.endswith(pages.SEARCH):
            page.scripts += [
                "static/offline/search_words.js",
                "static/offline/search_rank.js",
                "static/offline/search.js",
            ]
        to_root = pages.relative(page.file, "index.html")[: -len("index.html")]
        head = offline.head_links(escape(to_root)) + heads.get(path, "")
        _write(root, page.file, rewriter.page(page, answers[path].text, head))
    offline.write_service_worker(root, skip=("sw.js", MARKER, LOCK))
    own = offline.precache_list(root, (LOCK,))
    marker = {"mjref": version("mjref"), "profile": house.name, "pyodide": pyodide.VERSION, "files": own}
    _write(root, MARKER, json.dumps(marker, indent=1))
    return len(paths)


def _own_files(previous: Path) -> set[str]:
    try:
        own = json.loads((previous / MARKER).read_text(encoding="utf-8")).get("files", [])
    except (OSError, ValueError, AttributeError):
        return set()
    return {name for name in own if isinstance(name, str)} if isinstance(own, list) else set()


def carry_over(previous: Path, new: Path, say: Callable[[str], None] = lambda line: None) -> list[str]:
    """Copy into ``new`` the files of the earlier export ``previous`` that it did not write itself (a ``CNAME``,
    a ``.nojekyll`` a static host asks for); their names. A file the new export also writes is the new one.

    Only regular files are copied: a symbolic link (to a file outside, ``/etc/passwd``, or to a folder), a FIFO or
    a device is never followed, only named (``say``). A file that cannot be read is an :class:`ExportError`: the
    earlier export is then left as it was, rather than replaced without it."""
    own = _own_files(previous)
    kept = []
    for folder, dirs, names in os.walk(previous, followlinks=False):
        here = Path(folder)
        for name in sorted(names + [d for d in dirs if (here / d).is_symlink()]):
            path = here / name
            relative = path.relative_to(previous).as_posix()
            if relative in own or relative == MARKER or os.path.lexists(new / relative):
                continue
            if not stat.S_ISREG(path.lstat().st_mode):
                say(f"not kept {printable(relative)}: not a regular file (a link is never followed)")
                continue
            try:
                (new / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, new / relative, follow_symlinks=False)
            except OSError as e:
                raise ExportError(f"cannot keep {printable(relative)} of the earlier export: {e.strerror}") from None
            kept.append(relative)
    return sorted(kept)


def resolve_target(out: Path, say: Callable[[str], None]) -> Path:
    """``out``, or the folder it links to when it is a symbolic link (the link is kept and points at the new export);
    a link to nothing, or in a loop, is an :class:`ExportError`."""
    if not out.is_symlink():
        return out
    try:
        target = out.resolve(strict=True)
    except (OSError, RuntimeError):  # RuntimeError: a loop, on Python before 3.13
        raise ExportError(f"{printable(out)} is a symbolic link to a folder that does not exist") from None
    say(f"{printable(out)} links to {printable(target)}: exporting there")
    return target


def _write_failed(out: Path, e: OSError) -> ExportError:
    where = f" ({printable(Path(e.filename).name)})" if e.filename else ""
    return ExportError(f"cannot export into {printable(out)}: {e.strerror or e}{where}")


def swap_in(work: Scratch, out: Path, parent: Path) -> None:
    """Give ``work`` the name ``out``: an earlier export there is moved aside first, and put back if that fails."""
    old = Scratch(parent, out.name, ".old") if out.exists() else None
    try:
        if old is not None:
            out.rename(old.path / PREVIOUS)
        work.unlock_file()
        work.path.rename(out)
    except BaseException:
        if old is not None and os.path.lexists(old.path / PREVIOUS) and not os.path.lexists(out):
            (old.path / PREVIOUS).rename(out)
        raise
    finally:
        if old is not None:
            old.remove()


def export_site(
    out: Path, db: Path, profile: str = "green-book", cache: Path | None = None, say: Callable[[str], None] = print
) -> ExportReport:
    """Export the site of ``db`` under ``profile`` into ``out`` (see the module's docstring). Interrupted (Ctrl-C,
    SIGTERM, SIGHUP) or failing, it leaves ``out`` as it was and no temporary folder; killed, it leaves folders the
    next export removes (:mod:`web.export.workdir`). A write that fails (a full disk) is an :class:`ExportError`."""
    started = time.monotonic()
    try:
        out = resolve_target(out, say)
        parent = check_target(out)
        site_config(profile)  # an unknown or bad profile fails here, before any file is written
        remove_stale(parent, out.name, out, say)
    except OSError as e:  # a folder that cannot be read
        raise _write_failed(out, e) from None
    work = None
    with _signals_as_exit():
        try:
            work = Scratch(parent, out.name, ".export")
            count = build_into(work.path, db, profile, cache, say)
            work.path.chmod(0o755)
            if out.exists():
                for name in carry_over(out, work.path, say):
                    say(f"kept {printable(name)}: not written by the earlier export")
            swap_in(work, out, parent)
        except BaseException as e:
            if work is not None:
                work.remove()
            if isinstance(e, OSError):
                raise _write_failed(out, e) from None
            raise
        work.close()
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
