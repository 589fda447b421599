"""The glossary the Chinese texts follow: ``rulings/glossary.yaml``, and finding the variants it avoids.

Each term has its standard form and the variants a Chinese text must not use (``和``, not ``胡``; ``坎张``,
not ``嵌张``). A fan's term is the fan table's ``name_zh`` exactly. The build reads the glossary once and
refuses every avoided variant in a ruling's Chinese texts, with the file and line; a variant written in
backquotes is quoted text, and one in a citation's locator (``[@CNHandbook, 嵌张]``) the source's own
heading: neither is checked.

A variant written ``re:PATTERN`` is a regular expression, for a variant that is part of a standard term: the
bare ``数牌`` is avoided but ``序数牌`` is the standard term, so the glossary avoids ``re:(?<![序单双])数牌`` (a
``数牌`` not after ``序``, nor the odd and even tiles ``单数牌``, ``双数牌``); the text reported is what it matched.

>>> g = Glossary((Term("和", "win", ("胡",)), Term("碰碰和", "All Pungs", ("碰碰胡",), fan=49)))
>>> [(at, v, t.term) for at, v, t in g.avoided("碰碰胡可以自摸胡吗？`平胡` [@X, 胡]")]
[(0, '碰碰胡', '碰碰和'), (7, '胡', '和')]
>>> g = Glossary((Term("序数牌", "suit tiles", ("re:(?<![序单双])数牌",)),))
>>> [(at, v, t.term) for at, v, t in g.avoided("序数牌与字牌；数牌")]
[(7, '数牌', '序数牌')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from scorer.mcr.table import FANS

from .model import Problem
from .ruling_files import display, read_text
from .strict_yaml import YamlError, parse

GLOSSARY_FILE = "glossary.yaml"
MAX_GLOSSARY_BYTES = 64 * 1024
_TERM_FIELDS = {"term": True, "en": False, "avoid": False, "fan": False, "note": False}
_QUOTED = re.compile(r"`[^`\n]*`|\[@[^\[\]]*\]")  # code spans and citations: a locator is the source's wording
PATTERN = "re:"  # a variant written re:PATTERN is a regular expression


def variant_pattern(variant: str) -> re.Pattern[str]:
    """The pattern that finds ``variant``: its ``re:`` regular expression, or the text itself."""
    return re.compile(variant[len(PATTERN) :] if variant.startswith(PATTERN) else re.escape(variant))


@dataclass(frozen=True)
class Term:
    """One term: the standard form, the English it renders, the variants to avoid, and its fan if it names one."""

    term: str
    en: str
    avoid: tuple[str, ...] = ()
    fan: int | None = None
    note: str = ""
    line: int = 0


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...] = ()
    path: str = ""
    _variants: list[tuple[str, Term]] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        pairs = [(v, t) for t in self.terms for v in t.avoid]
        self._variants.extend(sorted(pairs, key=lambda p: -len(p[0])))  # longest first: 碰碰胡 before 胡

    def avoided(self, text: str) -> list[tuple[int, str, Term]]:
        """Every avoided variant in ``text`` as ``(offset, variant, term)``, in order; one report per place."""
        masked = _QUOTED.sub(lambda m: " " * len(m.group(0)), text)
        found = []
        for variant, term in self._variants:
            for m in list(variant_pattern(variant).finditer(masked)):
                if m.group(0):
                    found.append((m.start(), m.group(0), term))
                    masked = masked[: m.start()] + " " * len(m.group(0)) + masked[m.end() :]
        return sorted(found, key=lambda f: f[0])


def load_glossary(root: Path, problems: list[Problem]) -> Glossary:
    """The glossary of the rulings folder ``root``; an empty one when the folder has none."""
    path = root / GLOSSARY_FILE
    if not path.exists() and not path.is_symlink():
        return Glossary()
    where = display(path)
    text = read_text(path, problems, limit=MAX_GLOSSARY_BYTES, root=root)
    if text is None:
        return Glossary(path=where)
    try:
        doc = parse(text)
    except YamlError as e:
        problems.append(Problem(where, e.line, e.message))
        return Glossary(path=where)
    items = doc.data.get("terms") if isinstance(doc.data, dict) else None
    if not isinstance(doc.data, dict) or set(doc.data) != {"terms"} or not isinstance(items, list):
        problems.append(Problem(where, 1, "expected one field, terms: a list of {term, en, avoid, fan, note}"))
        return Glossary(path=where)
    terms: list[Term] = []
    for i, item in enumerate(items):
        line = doc.line("terms", i)
        term = _term(item, line, where, problems)
        if term is not None:
            terms.append(term)
    _check_terms(terms, where, problems)
    return Glossary(tuple(terms), where)


def _texts(value: object) -> tuple[str, ...] | None:
    if isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value):
        return tuple(v.strip() for v in value)
    return None


def _term(item: object, line: int, where: str, problems: list[Problem]) -> Term | None:
    if not isinstance(item, dict):
        problems.append(Problem(where, line, "a term is {term, en, avoid, fan, note}"))
        return None
    bad = [k for k in item if k not in _TERM_FIELDS]
    if bad:
        problems.append(Problem(where, line, f"{bad[0]}: unknown field (expected one of {', '.join(_TERM_FIELDS)})"))
    term, en, note, fan = item.get("term"), item.get("en", ""), item.get("note", ""), item.get("fan")
    avoid = _texts(item.get("avoid", []))
    if not isinstance(term, str) or not term.strip():
        problems.append(Problem(where, line, "term: expected the standard form, as text"))
        return None
    if not isinstance(en, str) or not isinstance(note, str):
        problems.append(Problem(where, line, f"{term}: en and note are text"))
    if avoid is None:
        problems.append(Problem(where, line, f"{term}: avoid is a list of variants, as text"))
    for v in avoid or ():
        try:
            variant_pattern(v)
        except re.error as e:
            problems.append(Problem(where, line, f"{term}: avoid {v!r}: not a regular expression ({e})"))
            avoid = tuple(a for a in avoid or () if a != v)
    if fan is not None and not (isinstance(fan, int) and fan in FANS):
        problems.append(Problem(where, line, f"{term}: fan: no MCR fan has the number {fan!r}"))
        fan = None
    elif fan is not None and FANS[fan].name_zh != term.strip():
        problems.append(Problem(where, line, f"{term}: fan {fan} is {FANS[fan].name_zh!r} in the fan table"))
    return Term(term.strip(), en if isinstance(en, str) else "", avoid or (), fan, str(note), line)


def _check_terms(terms: list[Term], where: str, problems: list[Problem]) -> None:
    seen: dict[str, Term] = {}
    for t in terms:
        if t.term in seen:
            problems.append(Problem(where, t.line, f"{t.term}: listed twice (first on line {seen[t.term].line})"))
        seen.setdefault(t.term, t)
    fans = {t.fan for t in terms if t.fan is not None}
    missing = [str(n) for n in FANS if n not in fans]
    if missing and terms:
        problems.append(Problem(where, 1, f"the fan table's names are all listed: fans {', '.join(missing)} are not"))
    for t in terms:
        for v in t.avoid:
            pattern = variant_pattern(v)
            clash = next((s.term for s in terms if pattern.search(s.term)), None)
            if clash is not None:
                problems.append(Problem(where, t.line, f"{t.term}: avoid {v!r}: it is part of the standard {clash!r}"))
