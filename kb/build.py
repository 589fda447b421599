"""Build the knowledge base: validate the corpus, then write ``kb.db`` with sqlite-utils, atomically.

The database is written to a temporary file next to the target and renamed over it only when
complete, so a failed build (bad rulings, a crash, a full disk, an interrupt) leaves the last good
database as it was and no temporary behind (:mod:`kb.db_file`). Nothing is written while any
problem remains, and a file at the target that is not a knowledge base is never overwritten.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from rulings import RULINGS_DIR
from scorer.mcr import table as scorer_tables
from scorer.mcr.table import EXCLUSIONS, FANS
from scorer.notation import format_hand, parse
from scorer.profiles import Profile, load_profile

from .chinese_index import write_chinese_index
from .db_file import OutputError, check_output, temporary, write_target
from .fan_index import fan_names
from .load import Corpus, body_references, load_corpus
from .model import Problem, Ruling
from .names import fold
from .render import render, shown_text
from .ruling_files import check_folder, profile_paths
from .schema import SCHEMA
from .validate import Validation, validate

DEFAULT_DB = Path("build") / "kb.db"
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")


class BuildFailed(Exception):
    """The corpus has problems; nothing was written."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} problem(s) in the rulings")
        self.problems = problems


@dataclass
class BuildReport:
    path: Path
    rulings: int
    sources: int
    examples: int
    verified: int
    unverified: int
    seconds: float
    warnings: tuple[Problem, ...] = ()  # what does not fail the build: Chinese texts not written yet


def _profiles(root: Path) -> list[tuple[Profile, Path]]:
    return [(load_profile(str(p)), p) for p in profile_paths(root, [])]


def _in_folder(shown: str, root: Path) -> str:
    """A ruling file's path inside its rulings folder (``mcr/kong-table.md``), as kb.db keeps it: not the
    path the build's problems show, which is relative to where the build ran (or absolute, for an
    installed wheel)."""
    try:
        return Path(shown).resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError):
        return Path(shown).name


def _ruling_rows(corpus: Corpus, names: dict[int, list[tuple[str, str]]]) -> Iterator[dict[str, Any]]:
    # On the page, a link to another ruling reads as its title, in the body's language (English where no Chinese
    # title is written): "score Tile Hog on top of Seven Pairs", not "score fan-tile-hog on top of fan-seven-pairs".
    titles = {r.id: r.title for r in corpus.rulings}
    titles_zh = {r.id: r.zh.get("title") or r.title for r in corpus.rulings}
    for r in corpus.rulings:
        html, text = render(r.body, titles=titles)
        html_zh, text_zh = render(r.body_zh, prefix="/zh", titles=titles_zh) if r.body_zh else (None, None)
        zh = [r.zh.get("title", ""), r.zh.get("question", ""), r.zh.get("answer", "")]
        summaries_zh = [p.summary_zh for p in r.positions]
        fan_words = [name for n in r.fans if isinstance(n, int) for name, _ in names.get(n, [])]
        own = names.get(r.fans[0], []) if r.id.startswith("fan-") and r.fans and isinstance(r.fans[0], int) else []
        # A ruling that defines no fan goes by its own aliases, the words players use for it (相公, long hand).
        aliases = [] if own else [a for kind in ("en", "zh", "pinyin") for a in r.aliases.get(kind, ())]
        own = own or [(a, "alias") for a in aliases]
        chinese = [*zh, *summaries_zh, text_zh or "", r.title, r.question, r.answer, text, *fan_words, *aliases]
        cjk = " ".join(_CJK.findall(" ".join(chinese)))
        yield {
            "id": r.id,
            "title": r.title,
            "ruleset": r.ruleset,
            "topic": r.topic,
            "status": r.status,
            "question": r.question,
            "answer": r.answer,
            "body_md": r.body,
            "body_html": html,
            "body_text": text,  # what the full-text index reads: a ruling link as its id
            "body_shown": shown_text(r.body, titles),  # what a search snippet quotes: as the page reads
            "fans": json.dumps(list(r.fans)),
            "names": " ; ".join(name for name, _ in own),
            "fan_names": " ; ".join(dict.fromkeys(fan_words)),
            "folded": fold(" ".join([r.title, r.question, *(name for name, _ in own)])),
            "cjk": cjk,
            "path": _in_folder(r.path, corpus.root),
            "url": f"/rulings/{r.id}",
            "title_zh": r.zh.get("title"),
            "question_zh": r.zh.get("question"),
            "answer_zh": r.zh.get("answer"),
            "body_zh_md": r.body_zh or None,
            "body_zh_html": html_zh,
            "body_zh_text": text_zh,
            "body_zh_shown": shown_text(r.body_zh, titles_zh) if r.body_zh else None,
        }


def _citation_rows(r: Ruling) -> Iterator[dict[str, Any]]:
    inline, _ = body_references(r)
    for c in r.cites:
        yield {"ruling_id": r.id, "position_id": None, "source_id": c.source, "locator": c.at, "quote": c.quote or None}
    for p in r.positions:
        for c in p.cites:
            yield {
                "ruling_id": r.id,
                "position_id": p.id,
                "source_id": c.source,
                "locator": c.at,
                "quote": c.quote or None,
            }
    for c in inline:
        yield {"ruling_id": r.id, "position_id": None, "source_id": c.source, "locator": c.at, "quote": None}


def _rows(corpus: Corpus, checked: Validation) -> dict[str, Iterable[dict[str, Any]]]:
    """The rows of every table, by table name."""
    names = fan_names(corpus.rulings)
    profiles = _profiles(corpus.root)
    return {
        "sources": (
            {k: v or None if k == "quoted_by" else v for k, v in vars(s).items() if k not in ("line", "shapes")}
            for s in corpus.sources.values()
        ),
        "rulings": _ruling_rows(corpus, names),
        "citations": (row for r in corpus.rulings for row in _citation_rows(r)),
        "positions": (
            {"ruling_id": r.id, "id": p.id, "ord": i, "summary": p.summary, "summary_zh": p.summary_zh or None}
            for r in corpus.rulings
            for i, p in enumerate(r.positions)
        ),
        "fans": (
            {
                "id": f.number,
                "key": f.key,
                "name": f.name,
                "name_zh": f.name_zh,
                "pinyin": next((n for n, kind in names[f.number] if kind == "pinyin"), None),
                "points": f.points,
                "ruling_id": f.ruling,
            }
            for f in FANS.values()
        ),
        "fan_aliases": (
            {"fan_id": n, "alias": a, "kind": kind, "folded": fold(a)}
            for n, items in names.items()
            for a, kind in items
        ),
        "ruling_fans": (
            {"ruling_id": r.id, "fan": str(n), "fan_id": n if isinstance(n, int) else None}
            for r in corpus.rulings
            for n in r.fans
        ),
        "ruling_links": (
            {"ruling_id": r.id, "target_id": t, "kind": kind}
            for r in corpus.rulings
            for t, kind in [(t, "related") for t in r.related] + [(t, "body") for t, _ in body_references(r)[1]]
        ),
        "profiles": (
            {"id": p.name, "title": p.title, "ruleset": p.ruleset, "builtin": 1, "path": f"profiles/{path.name}"}
            for p, path in profiles
        ),
        "profile_positions": (
            {"profile_id": p.name, "ruling_id": ruling, "position_id": position}
            for p, _ in profiles
            for ruling, position in p.positions.items()
        ),
        "profile_points": (
            {"profile_id": p.name, "fan_id": n, "points": v}
            for p, _ in profiles
            for n, v in p.points.items()
            if v != FANS[n].points
        ),
        "exclusions": (
            {
                "fan_id": e.fan,
                "excluded_fan_id": e.excludes,
                "scope": e.scope,
                "condition": e.when or None,
                "ruling_id": e.ruling,
                "position": e.qualified_position or None,
                "profile_id": p.name,
            }
            for e in EXCLUSIONS
            for p, _ in profiles
            if p.ruleset == "mcr" and e.in_force(p)
        ),
        "examples": (
            {
                "ruling_id": o.ruling.id,
                "ord": o.index,
                "hand": o.example.hand,
                "canonical": o.score.hand if o.score else _canonical(o.example.hand),
                "ruleset": o.ruling.ruleset,
                "profile": o.example.profile,
                "expected_total": o.example.total,
                "expected_fans": json.dumps(o.example.fans) if o.example.fans is not None else None,
                "computed_total": o.score.total if o.score else None,
                "computed": o.score.to_json(indent=None) if o.score else None,
                "status": o.status,
                "note": o.example.note or None,
                "note_zh": o.example.note_zh or None,
            }
            for o in checked.examples
        ),
        "meta": [
            {"key": "built", "value": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
            {"key": "rulings", "value": str(len(corpus.rulings))},
            {"key": "default_profile", "value": "green-book"},
        ],
    }


def _write(db: sqlite_utils.Database, corpus: Corpus, checked: Validation) -> None:
    rows = _rows(corpus, checked)
    for name, (columns, pk, foreign_keys) in SCHEMA.items():
        db.table(name).create(columns, pk=pk, foreign_keys=foreign_keys)
        db.table(name).insert_all(rows[name])
    db.table("rulings").enable_fts(
        ["title", "question", "answer", "names", "fan_names", "body_text"],
        tokenize="porter unicode61 remove_diacritics 2",
    )
    db.execute("CREATE VIRTUAL TABLE rulings_cjk USING fts5(id UNINDEXED, text, tokenize='trigram')")
    db.execute("INSERT INTO rulings_cjk (id, text) SELECT id, cjk FROM rulings")
    write_chinese_index(db.conn)
    for table, column in [
        ("citations", "ruling_id"),
        ("citations", "source_id"),
        ("ruling_fans", "fan_id"),
        ("fan_aliases", "folded"),
        ("fan_aliases", "fan_id"),
        ("examples", "status"),
        ("ruling_links", "ruling_id"),
        ("ruling_links", "target_id"),
        ("ruling_fans", "ruling_id"),
        ("exclusions", "fan_id"),
        ("exclusions", "excluded_fan_id"),
        ("exclusions", "ruling_id"),
        ("profile_positions", "ruling_id"),
    ]:
        db.table(table).create_index([column])


def _canonical(hand: str) -> str | None:
    try:
        return format_hand(parse(hand))
    except Exception:  # an unverified example of another rule set may not be an MCR hand
        return None


def _write_file(tmp: Path, corpus: Corpus, checked: Validation) -> None:
    db = sqlite_utils.Database(tmp)
    try:
        # The file is private until renamed, so no journal and no syncing on the way (one sync at the end).
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        with db.conn:
            _write(db, corpus, checked)
    finally:
        db.close()
    with open(tmp, "rb+") as f:
        os.fsync(f.fileno())


def is_stale(out: Path = DEFAULT_DB, rulings: Path = RULINGS_DIR) -> bool:
    """True when ``out`` is missing or older than a file under ``rulings`` or a scorer table."""
    try:
        built = out.stat().st_mtime
        inputs = [*rulings.rglob("*.md"), *rulings.rglob("*.yaml"), *Path(scorer_tables.__file__).parent.glob("*.csv")]
        return any(p.stat().st_mtime > built for p in inputs)
    except OSError:  # missing, or an input that cannot be read: let the build say what is wrong
        return True


def build(out: Path = DEFAULT_DB, rulings: Path = RULINGS_DIR) -> BuildReport:
    """Validate ``rulings`` and write the database to ``out``.

    Raise :class:`BuildFailed` on any problem in the rulings, :class:`~kb.ruling_files.RulingsFolderError`
    when the folder cannot be read, and :class:`~kb.db_file.OutputError` when ``out`` cannot or may not
    be written; in every case ``out`` is left as it was.
    """
    start = time.perf_counter()
    shown, out = out, write_target(out)  # a link is written through, atomically, and stays a link
    check_output(out)
    check_folder(rulings)
    corpus = load_corpus(rulings)
    checked = validate(corpus)
    if checked.problems:
        raise BuildFailed(checked.problems)
    with temporary(out) as tmp:
        try:
            _write_file(tmp, corpus, checked)
            check_output(out)  # nothing else appeared there meanwhile
            os.replace(tmp, out)
        except (OSError, sqlite3.Error) as e:
            raise OutputError(f"cannot write {out}: {getattr(e, 'strerror', None) or e}") from None
    verified = sum(o.status == "verified" for o in checked.examples)
    return BuildReport(
        path=shown,
        rulings=len(corpus.rulings),
        sources=len(corpus.sources),
        examples=len(checked.examples),
        verified=verified,
        unverified=len(checked.examples) - verified,
        seconds=time.perf_counter() - start,
        warnings=tuple(checked.warnings),
    )
