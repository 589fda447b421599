"""Read ``rulings/``: the source list and the ruling files, checking each field as it is read.

Nothing here raises on bad data. Each reader returns what it could read plus a list of
:class:`~kb.model.Problem`, so one run reports every problem in every file. Checks that need
more than one file (unknown sources, duplicate ids, the scorer's ids) are in :mod:`kb.validate`.
Files are read through :mod:`kb.ruling_files` (regular files only, bounded, inside the folder), and
a body's citations and links through :mod:`kb.render`, the parser that renders them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from rulings import RULINGS_DIR
from scorer import control_characters

from .locators import check_quoted_by, read_shapes
from .model import (
    AUTHORITIES,
    MAX_ANSWER,
    MAX_QUOTE,
    RULESETS,
    STATUSES,
    TOPICS,
    Citation,
    Example,
    Position,
    Problem,
    Ruling,
    Source,
)
from .render import references
from .ruling_files import MAX_RULING_BYTES, MAX_SOURCES_BYTES, display, read_text, ruling_paths
from .strict_yaml import Document, YamlError, parse

ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
SOURCE_ID = re.compile(r"[A-Za-z][A-Za-z0-9-]*\Z")
EXAMPLE_FAN = re.compile(r"([a-z0-9-]+)(?: x([1-9][0-9]?))?\Z")

RULING_FIELDS = {
    "id": True,
    "title": True,
    "ruleset": True,
    "topic": True,
    "status": True,
    "question": True,
    "answer": True,
    "cites": True,
    "fans": False,
    "positions": False,
    "examples": False,
    "related": False,
    "aliases": False,
    "pinyin": False,
    "zh": False,
}
ZH_FIELDS = ("title", "question", "answer")  # the keys of ``zh:``, all required once REQUIRE_ZH is on
ZH_FOLDER = "zh"  # rulings/zh/<id>.md: the Chinese bodies
SOURCE_FIELDS = {
    "id": True,
    "title": True,
    "author": True,
    "year": True,
    "language": True,
    "authority": True,
    "url": True,
    "locators": True,
    "shapes": True,
    "quoted_by": False,
    "note": False,
    "locators_zh": False,  # the locators' description and the note in Chinese, for the Chinese source page
    "note_zh": False,
}


@dataclass
class Corpus:
    """Everything read from a rulings folder, and what was wrong with it."""

    root: Path
    sources: dict[str, Source] = field(default_factory=dict)
    rulings: list[Ruling] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


class _Fields:
    """Typed access to one mapping of a document, recording a problem for each bad field."""

    def __init__(self, doc: Document, path: tuple[str | int, ...], where: str, problems: list[Problem]) -> None:
        self.doc, self.path, self.where, self.problems = doc, path, where, problems
        value = doc.data
        for p in path:
            value = value[p]
        self.data: dict[str, Any] = value if isinstance(value, dict) else {}

    def line(self, *sub: str | int) -> int:
        return self.doc.line(*self.path, *sub)

    def problem(self, message: str, *sub: str | int) -> None:
        self.problems.append(Problem(self.where, self.line(*sub), message))

    def check_keys(self, allowed: dict[str, bool], label: str) -> None:
        for key in self.data:
            if key not in allowed:
                self.problem(f"{label}{key}: unknown field (expected one of {', '.join(allowed)})", key)
        for key, required in allowed.items():
            if required and key not in self.data:
                self.problem(f"{label}{key}: missing field")

    def text(self, key: str, label: str = "", *, empty: bool = False, default: str = "") -> str:
        value = self.data.get(key)
        if value is None:
            return default
        if not isinstance(value, str):
            self.problem(f"{label}{key}: expected text, got {value!r}", key)
            return default
        if found := control_characters.problem(value.strip()):
            self.problem(f"{label}{key}: {found[1]}", key)
        if not empty and not value.strip():
            self.problem(f"{label}{key}: empty", key)
        return value.strip()

    def choice(self, key: str, choices: tuple[str, ...]) -> str:
        value = self.text(key)
        if value and value not in choices:
            self.problem(f"{key}: {value!r} is not one of {', '.join(choices)}", key)
        return value

    def items(self, key: str, label: str = "") -> list[Any]:
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.problem(f"{label}{key}: expected a list", key)
            return []
        return value


def _citation(fields: _Fields, key: str, i: int, label: str) -> Citation | None:
    item = fields.data[key][i]
    if not isinstance(item, dict):
        fields.problem(f"{label}{key}[{i}]: expected {{source, at}} with an optional quote", key, i)
        return None
    sub = _Fields(fields.doc, (*fields.path, key, i), fields.where, fields.problems)
    sub.check_keys({"source": True, "at": True, "quote": False}, f"{label}{key}[{i}].")
    source, at = sub.text("source", f"{label}{key}[{i}]."), sub.text("at", f"{label}{key}[{i}].")
    quote = sub.text("quote", f"{label}{key}[{i}].")
    if len(quote) > MAX_QUOTE:
        sub.problem(f"{label}{key}[{i}].quote: {len(quote)} characters; quote at most a short phrase ({MAX_QUOTE})")
    if not source or not at:
        return None
    return Citation(source, at, quote, sub.line())


def _citations(fields: _Fields, key: str, label: str = "", *, required: bool = True) -> tuple[Citation, ...]:
    out = [c for i in range(len(fields.items(key, label))) if (c := _citation(fields, key, i, label))]
    if required and key in fields.data and not fields.items(key, label):
        fields.problem(f"{label}{key}: at least one citation is needed", key)
    return tuple(out)


def _positions(fields: _Fields) -> tuple[Position, ...]:
    out = []
    for i, item in enumerate(fields.items("positions")):
        if not isinstance(item, dict):
            fields.problem(f"positions[{i}]: expected {{id, summary, cites}}", "positions", i)
            continue
        sub = _Fields(fields.doc, ("positions", i), fields.where, fields.problems)
        label = f"positions[{i}]."
        sub.check_keys({"id": True, "summary": True, "cites": True, "summary_zh": False}, label)
        pid = sub.text("id", label)
        if pid and not ID.match(pid):
            sub.problem(f"{label}id: {pid!r} is not a kebab-case id", "id")
        summary, cites = sub.text("summary", label), _citations(sub, "cites", label)
        out.append(Position(pid, summary, cites, sub.line(), sub.text("summary_zh", label)))
    return tuple(out)


def _example_fans(sub: _Fields, key: str, label: str) -> tuple[tuple[str, int], ...] | None:
    if key not in sub.data:
        return None
    fans = []
    for j, item in enumerate(sub.items(key, label)):
        m = EXAMPLE_FAN.match(item) if isinstance(item, str) else None
        if not m:
            sub.problem(f"{label}{key}[{j}]: {item!r} is not a fan key (write 'tile-hog' or 'tile-hog x2')", key, j)
            continue
        fans.append((m.group(1), int(m.group(2) or 1)))
    return tuple(fans)


def _examples(fields: _Fields) -> tuple[Example, ...]:
    out = []
    for i, item in enumerate(fields.items("examples")):
        if not isinstance(item, dict):
            fields.problem(f"examples[{i}]: expected {{hand, profile, total}}", "examples", i)
            continue
        sub = _Fields(fields.doc, ("examples", i), fields.where, fields.problems)
        label = f"examples[{i}]."
        allowed = {"hand": True, "profile": False, "total": True, "fans": False, "excluded": False, "note": False}
        allowed["note_zh"] = False
        sub.check_keys(allowed, label)
        total = sub.data.get("total")
        if not isinstance(total, int):
            if "total" in sub.data:
                sub.problem(f"{label}total: expected a whole number of points", "total")
            total = -1
        fans = _example_fans(sub, "fans", label)
        excluded = tuple(k for k, _ in _example_fans(sub, "excluded", label) or ())
        hand, profile = sub.text("hand", label), sub.text("profile", label, default="green-book")
        note, note_zh = sub.text("note", label), sub.text("note_zh", label)
        out.append(Example(hand, profile, total, fans, excluded, note, sub.line(), note_zh))
    return tuple(out)


def _aliases(fields: _Fields) -> dict[str, tuple[str, ...]]:
    value = fields.data.get("aliases")
    if value is None:
        return {}
    if not isinstance(value, dict):
        fields.problem("aliases: expected {en: [...], zh: [...], pinyin: [...]}", "aliases")
        return {}
    out = {}
    for kind, names in value.items():
        if kind not in ("en", "zh", "pinyin"):
            fields.problem(f"aliases.{kind}: unknown kind of name (en, zh or pinyin)", "aliases", kind)
        elif not isinstance(names, list) or not all(isinstance(n, str) and n.strip() for n in names):
            fields.problem(f"aliases.{kind}: expected a list of names", "aliases", kind)
        elif found := next(filter(None, map(control_characters.problem, names)), None):
            fields.problem(f"aliases.{kind}: {found[1]}", "aliases", kind)
        else:
            out[kind] = tuple(n.strip() for n in names)
    return out


def _zh(fields: _Fields) -> tuple[dict[str, str], dict[str, int]]:
    """The ``zh:`` mapping (title, question, answer in Chinese) and the line of each; a missing key is left
    out (:mod:`kb.validate` reports it), anything else wrong is a problem here."""
    if "zh" not in fields.data:
        return {}, {}
    if not isinstance(fields.data["zh"], dict):
        fields.problem('zh: expected {title: "…", question: "…？", answer: "…。"}', "zh")
        return {}, {}
    sub = _Fields(fields.doc, ("zh",), fields.where, fields.problems)
    for key in sub.data:
        if key not in ZH_FIELDS:
            sub.problem(f"zh.{key}: unknown field (expected one of {', '.join(ZH_FIELDS)})", key)
    texts = {key: sub.text(key, "zh.") for key in ZH_FIELDS if key in sub.data}
    return {k: v for k, v in texts.items() if v}, {key: sub.line(key) for key in sub.data}


def _fans(fields: _Fields, ruleset: str) -> tuple[int | str, ...]:
    out: list[int | str] = []
    for i, item in enumerate(fields.items("fans")):
        if ruleset == "mcr" and not isinstance(item, int):
            fields.problem(f"fans[{i}]: expected an MCR fan number, got {item!r}", "fans", i)
        elif ruleset != "mcr" and not (isinstance(item, str) and ID.match(item)):
            fields.problem(f"fans[{i}]: expected a Babcock item key (kebab-case), got {item!r}", "fans", i)
        else:
            out.append(item)
    return tuple(out)


def split_front_matter(text: str) -> tuple[str, str, int] | None:
    """``(front matter, body, first line of the body)``, or None when the file has no front matter."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip("\r\n") != "---":
        return None
    for n, line in enumerate(lines[1:], start=1):
        if line.rstrip("\r\n") == "---":
            return "".join(lines[1:n]), "".join(lines[n + 1 :]), n + 2
    return None


def load_ruling(path: Path, problems: list[Problem], root: Path | None = None) -> Ruling | None:
    """Read one ruling file of the folder ``root``; its problems are appended to ``problems``."""
    where = display(path)
    text = read_text(path, problems, limit=MAX_RULING_BYTES, root=root)
    if text is None:
        return None
    parts = split_front_matter(text)
    if parts is None:
        problems.append(Problem(where, 1, "no front matter: the file must start with '---', the YAML, then '---'"))
        return None
    front, body, body_line = parts
    if found := control_characters.problem(body, line_breaks=True):
        problems.append(Problem(where, body_line + found[0], found[1]))
    try:
        doc = parse(front, first_line=2)
    except YamlError as e:
        problems.append(Problem(where, e.line, e.message))
        return None
    if not isinstance(doc.data, dict):
        problems.append(Problem(where, 2, "the front matter must be a mapping of fields"))
        return None
    f = _Fields(doc, (), where, problems)
    f.check_keys(RULING_FIELDS, "")
    rid = f.text("id")
    if rid and not ID.match(rid):
        f.problem(f"id: {rid!r} is not a kebab-case id (lower-case words joined by '-')", "id")
    if rid and rid != path.stem:
        f.problem(f"id: {rid!r} does not match the file name {path.name!r}", "id")
    ruleset = f.choice("ruleset", RULESETS)
    question, answer = f.text("question"), f.text("answer")
    if question and not question.endswith("?"):
        f.problem("question: a question ends with '?'", "question")
    if len(answer) > MAX_ANSWER:
        f.problem(f"answer: {len(answer)} characters; keep it to one or two sentences (at most {MAX_ANSWER})", "answer")
    related = f.items("related")
    for i, r in enumerate(related):
        if not isinstance(r, str):
            f.problem(f"related[{i}]: expected a ruling id", "related", i)
    ruling = Ruling(
        id=rid or path.stem,
        path=where,
        title=f.text("title"),
        ruleset=ruleset,
        topic=f.choice("topic", TOPICS),
        status=f.choice("status", STATUSES),
        question=question,
        answer=answer,
        fans=_fans(f, ruleset),
        cites=_citations(f, "cites"),
        positions=_positions(f),
        examples=_examples(f),
        related=tuple(r for r in related if isinstance(r, str)),
        pinyin=f.text("pinyin"),
        aliases=_aliases(f),
        body=body,
        body_line=body_line,
        lines={k: f.line(k) for k in doc.data},
    )
    ruling.zh, ruling.zh_lines = _zh(f)
    if ruling.status == "disputed" and len(ruling.positions) < 2:
        f.problem("positions: a disputed ruling lists at least two positions, each with its citations", "status")
    if ruling.status != "disputed" and ruling.positions:
        f.problem(f"positions: only a disputed ruling has positions (status is {ruling.status!r})", "positions")
    return ruling


def body_references(ruling: Ruling, *, zh: bool = False) -> tuple[list[Citation], list[tuple[str, int]]]:
    """The inline citations ``[@Source, locator]`` and links ``[[id]]`` of a ruling's body (its Chinese body
    with ``zh``), with lines.

    They are what :func:`kb.render.references` finds, so exactly what the rendered page links.
    """
    refs, first = (references(ruling.body_zh), 1) if zh else (references(ruling.body), ruling.body_line)
    cites = [Citation(r.target, r.locator, "", first + r.line, inline=True) for r in refs if r.kind == "cite"]
    links = [(r.target, first + r.line) for r in refs if r.kind == "link"]
    return cites, links


def load_sources(path: Path, problems: list[Problem]) -> dict[str, Source]:
    """Read ``sources.yaml``: a list of sources, each checked field by field."""
    where = display(path)
    text = read_text(path, problems, limit=MAX_SOURCES_BYTES, root=path.parent)
    if text is None:
        return {}
    try:
        doc = parse(text)
    except YamlError as e:
        problems.append(Problem(where, e.line, e.message))
        return {}
    if not isinstance(doc.data, list):
        problems.append(Problem(where, 1, "expected a list of sources"))
        return {}
    out: dict[str, Source] = {}
    for i, item in enumerate(doc.data):
        if not isinstance(item, dict):
            problems.append(Problem(where, doc.line(i), f"[{i}]: expected a mapping with id, title, author …"))
            continue
        f = _Fields(doc, (i,), where, problems)
        f.check_keys(SOURCE_FIELDS, "")
        sid = f.text("id")
        if sid and not SOURCE_ID.match(sid):
            f.problem(f"id: {sid!r}: use letters, digits and '-' only", "id")
        year = f.data.get("year")
        if not isinstance(year, int):
            f.problem("year: expected a year", "year")
        authority = f.text("authority")
        if authority and authority not in AUTHORITIES:
            f.problem(f"authority: {authority!r} is not one of {', '.join(AUTHORITIES)}", "authority")
        if sid in out:
            f.problem(f"id: {sid!r} is listed twice (first on line {out[sid].line})", "id")
            continue
        text_of: Callable[[str], str] = f.text
        out[sid] = Source(
            id=sid,
            title=text_of("title"),
            author=text_of("author"),
            year=year if isinstance(year, int) else 0,
            language=text_of("language"),
            authority=authority,
            url=f.text("url", empty=True),
            locators=text_of("locators"),
            note=text_of("note"),
            line=f.line(),
            shapes=read_shapes(f.data.get("shapes"), partial(f.line, "shapes"), where, problems),
            quoted_by=text_of("quoted_by"),
            locators_zh=text_of("locators_zh"),
            note_zh=text_of("note_zh"),
        )
    check_quoted_by(out, where, problems)
    return out


def load_zh_bodies(root: Path, rulings: list[Ruling], problems: list[Problem]) -> None:
    """Attach each Chinese body ``zh/<id>.md`` under ``root`` to its ruling; a body without one is a problem."""
    folder = root / ZH_FOLDER
    if not folder.is_dir():
        return
    by_id = {r.id: r for r in rulings}
    for path in ruling_paths(folder, problems, skip=()):
        where = display(path)
        if path.parent != folder:
            problems.append(Problem(where, 1, f"a Chinese body is {ZH_FOLDER}/<ruling id>.md, not in a sub-folder"))
            continue
        text = read_text(path, problems, limit=MAX_RULING_BYTES, root=root)
        if text is None:
            continue
        if found := control_characters.problem(text, line_breaks=True):
            problems.append(Problem(where, 1 + found[0], found[1]))
        ruling = by_id.get(path.stem)
        if ruling is None:
            problems.append(Problem(where, 1, f"Chinese body of no ruling: there is no ruling {path.stem!r}"))
        elif text.splitlines()[:1] == ["---"]:
            problems.append(Problem(where, 1, "a Chinese body has no front matter: its fields are in the ruling's zh:"))
        else:
            ruling.body_zh, ruling.body_zh_path = text, where


def load_corpus(root: Path = RULINGS_DIR) -> Corpus:
    """Read ``sources.yaml``, every ruling under ``root`` (``**/*.md`` except README files and ``zh/``) and
    the Chinese bodies in ``zh/``."""
    corpus = Corpus(root)
    if not root.is_dir():
        corpus.problems.append(Problem(display(root), 1, "no such rulings folder"))
        return corpus
    corpus.sources = load_sources(root / "sources.yaml", corpus.problems)
    for path in ruling_paths(root, corpus.problems):
        ruling = load_ruling(path, corpus.problems, root)
        if ruling is not None:
            corpus.rulings.append(ruling)
    load_zh_bodies(root, corpus.rulings, corpus.problems)
    return corpus
