"""The checks of a ruling's Chinese texts: ``zh:`` (title, question, answer), ``summary_zh``, ``zh/<id>.md``.

Each text that is written must be Chinese (mostly CJK characters, once hands in backquotes and citations
are set aside), follow the glossary (:mod:`kb.glossary`) and write a fan in 「」 by the fan table's name.
The question ends with ``？``; the answer is at most two sentences and :data:`~kb.model.MAX_ANSWER_ZH`
characters. What is not written yet is listed apart (:func:`missing`): :mod:`kb.validate` makes it a
warning or, with ``REQUIRE_ZH``, a problem.

>>> chinese_share("七对中的四归一"), chinese_share("Tile Hog"), chinese_share("`[EEE,2]` 是明刻")
(1.0, 0.0, 1.0)
>>> sentences("不计。七对已经计了四张相同的牌！"), sentences("计四归一（见「四归一」）。")
(2, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from scorer.mcr.table import FANS_BY_KEY

from .glossary import Glossary
from .load import ZH_FIELDS
from .model import MAX_ANSWER_ZH, Problem, Ruling

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]+")
_ASIDE = re.compile(r"`[^`\n]*`|\[@[^\[\]]*\]|\[\[[^\[\]\n]*\]\]|https?://\S+")
_SENTENCE_END = re.compile(r"[。！？]+")
_WORDS = re.compile(r"[\w\u3400-\u9fff]")
_BRACKETED = re.compile(r"「([^「」\n]{1,20})」")
MIN_CHINESE = 0.5  # CJK characters among the characters and Latin words of a text: a name like Babcock may stay
# Rulings whose Chinese body is expected (the issue: the disputed rulings and the five principles at least).
BODY_EXPECTED_PREFIX = "principle-"


def chinese_share(text: str) -> float:
    """The share of CJK characters among the CJK characters and Latin words of ``text``, leaving out code,
    citations and links (``Babcock 的标准计分表`` is Chinese; ``Tile Hog 不计`` is not)."""
    text = _ASIDE.sub(" ", text)
    cjk, latin = len(CJK.findall(text)), len(_LATIN.findall(text))
    return cjk / (cjk + latin) if cjk + latin else 0.0


def sentences(text: str) -> int:
    """How many sentences ``text`` has: the pieces ended by 。！？ (or by its end) that hold any word."""
    return sum(1 for piece in _SENTENCE_END.split(text) if _WORDS.search(piece))


def _line_at(text: str, offset: int, first: int) -> int:
    return first + text.count("\n", 0, offset)


def texts(ruling: Ruling) -> Iterator[tuple[str, str, str, int, bool]]:
    """Every Chinese text of ``ruling`` that is written: ``(label, text, file, line, multi-line)``."""
    for key in ZH_FIELDS:
        if key in ruling.zh:
            yield f"zh.{key}", ruling.zh[key], ruling.path, ruling.zh_lines.get(key, ruling.line("zh")), False
    for i, p in enumerate(ruling.positions):
        if p.summary_zh:
            yield f"positions[{i}].summary_zh", p.summary_zh, ruling.path, p.line, False
    for i, e in enumerate(ruling.examples):
        if e.note_zh:
            yield f"examples[{i}].note_zh", e.note_zh, ruling.path, e.line, False
    if ruling.body_zh:
        yield "Chinese body", ruling.body_zh, ruling.body_zh_path, 1, True


def missing(ruling: Ruling) -> list[str]:
    """What ``ruling`` still lacks in Chinese: ``zh.title`` …, ``positions[i].summary_zh``, an example's
    ``note_zh``, the body."""
    out = [f"zh.{key}" for key in ZH_FIELDS if key not in ruling.zh]
    out += [f"positions[{i}].summary_zh" for i, p in enumerate(ruling.positions) if not p.summary_zh]
    out += [f"examples[{i}].note_zh" for i, e in enumerate(ruling.examples) if e.note and not e.note_zh]
    if not ruling.body_zh and (ruling.status == "disputed" or ruling.id.startswith(BODY_EXPECTED_PREFIX)):
        out.append(f"the Chinese body zh/{ruling.id}.md (disputed rulings and principles have one)")
    return out


def check(ruling: Ruling, glossary: Glossary, fan_names_zh: dict[str, str], out: list[Problem]) -> None:
    """Every problem with the Chinese texts ``ruling`` has. ``fan_names_zh``: each Chinese alias of a fan ->
    the fan table's name for it."""
    for label, text, path, line, multi in texts(ruling):
        where = "" if multi else f"{label}: "
        share = chinese_share(text)
        if share < MIN_CHINESE:
            out.append(Problem(path, line, f"{where}not Chinese ({share:.0%} CJK characters): write it in Chinese"))
        for at, variant, term in glossary.avoided(text):
            n = _line_at(text, at, line) if multi else line
            message = f"{where}{variant!r} is not the standard term: write {term.term!r} ({glossary.path})"
            out.append(Problem(path, n, message))
        for m in _BRACKETED.finditer(text):
            name = m.group(1).strip()
            if name in fan_names_zh and fan_names_zh[name] != name:
                n = _line_at(text, m.start(), line) if multi else line
                out.append(Problem(path, n, f"{where}「{name}」: write the fan table's name 「{fan_names_zh[name]}」"))
    question, answer = ruling.zh.get("question", ""), ruling.zh.get("answer", "")
    if question and not question.endswith("？"):
        out.append(Problem(ruling.path, ruling.zh_lines["question"], "zh.question: a Chinese question ends with '？'"))
    if len(answer) > MAX_ANSWER_ZH:
        message = f"zh.answer: {len(answer)} characters; keep it to one or two sentences (at most {MAX_ANSWER_ZH})"
        out.append(Problem(ruling.path, ruling.zh_lines["answer"], message))
    if sentences(answer) > 2:
        message = f"zh.answer: {sentences(answer)} sentences (ended by 。！？); one or two a referee can read out"
        out.append(Problem(ruling.path, ruling.zh_lines["answer"], message))
    info = FANS_BY_KEY.get(ruling.id.removeprefix("fan-")) if ruling.id.startswith("fan-") else None
    title = ruling.zh.get("title")
    if info is not None and title and title != info.name_zh:
        message = f"zh.title: the fan is called {info.name_zh!r} in the fan table"
        out.append(Problem(ruling.path, ruling.zh_lines["title"], message))
