"""Locator shapes: how a citation may point into each source, and the check of every citation.

Each source in ``rulings/sources.yaml`` lists its ``shapes``, simple patterns written from the
source's real structure. A pattern is literal text except for:

- ``{N}`` a whole number; ``{N.N}`` a dotted number (``3``, ``3.9.1.5``); ``{P}`` a page or pages
  (``p.18``, ``pp.47-48``); ``{LIST}`` numbers joined by ``, `` or `` and `` (``5, 12 and 17``);
- ``{1-81}`` a whole number in that range; ``{I-XI}`` a Roman numeral in that range;
- ``{ZH}`` Chinese text; ``{TEXT}`` any text (a heading, a named example);
- ``{a|b|c}`` exactly one of the alternatives, each literal;
- ``[...]`` an optional part (it may hold the forms above).

A locator fits when it matches one shape whole. One citation may point at several places of one
source, separated by ``; `` (``§3.8.1, fan 43; App.1, fan 43``): each place must fit.

Shapes come from a file anyone may edit, so they are matched by RE2, whose time is linear in the text
whatever the pattern: Python's backtracking ``re`` takes exponential time on a shape of many ``{TEXT}``
placeholders (16 of them took 2.7 s on one locator, 24 never ended).

>>> shapes = compile_shapes(["ch.{I-XI}[, Fig. {1-40}]"])[0]
>>> misfit("ch.VII, Fig. 27", shapes), misfit("ch.7, Fig. 27", shapes), misfit("ch.VII; ch.IX", shapes)
(None, 'ch.7, Fig. 27', None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import re2

from .model import Problem, Source

_CJK = "\u3400-\u9fff\uf900-\ufaff"
_NAMED = {
    "N": r"[0-9]+",
    "N.N": r"[0-9]+(?:\.[0-9]+)*",
    "P": r"pp?\.[0-9]+(?:[-–][0-9]+)?",
    "LIST": r"[0-9]+(?:(?:, | and )[0-9]+)*",
    "ZH": f"[{_CJK}]+",
    "TEXT": r"[^;]+?",
}
_ROMAN = (("X", 10), ("IX", 9), ("V", 5), ("IV", 4), ("I", 1))
_NUMBER_RANGE = re.compile(r"([0-9]+)-([0-9]+)\Z")
_ROMAN_RANGE = re.compile(r"([IVXL]+)-([IVXL]+)\Z")
PLACE_SEPARATOR = "; "
MAX_RANGE = 1000
MAX_SHAPE = 1000  # characters of one pattern: the longest real one is under 300
MAX_EXPRESSION = 256 * 1024  # characters of its expression ({1-1000} alone is 3,900): RE2's time and memory stay small


class ShapeError(ValueError):
    """A pattern in sources.yaml that cannot be read."""


def roman(n: int) -> str:
    """``4`` -> ``'IV'`` (1 to 39, enough for chapters)."""
    out = "X" * (n // 10)
    n %= 10
    for letters, value in _ROMAN[1:]:
        while n >= value:
            out, n = out + letters, n - value
    return out


def _from_roman(text: str) -> int | None:
    return next((n for n in range(1, 40) if roman(n) == text), None)


def _alternatives(words: Sequence[str]) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


def _placeholder(name: str) -> str:
    if name in _NAMED:
        return _NAMED[name]
    if "|" in name:
        return _alternatives(name.split("|"))
    if m := _NUMBER_RANGE.match(name):
        low, high = int(m.group(1)), int(m.group(2))
        if low <= high and high - low <= MAX_RANGE:
            return _alternatives([str(n) for n in range(low, high + 1)])
    if m := _ROMAN_RANGE.match(name):
        low_r, high_r = _from_roman(m.group(1)), _from_roman(m.group(2))
        if low_r and high_r and low_r <= high_r:
            return _alternatives([roman(n) for n in range(low_r, high_r + 1)])
    known = ", ".join("{" + k + "}" for k in _NAMED)
    raise ShapeError(f"{{{name}}} is not a placeholder ({known}, {{1-9}}, {{I-IX}}, {{a|b}})")


# A compiled shape: an RE2 expression (``fullmatch`` in time linear in the text).
Shape = Any


@lru_cache(maxsize=1024)
def compile_shape(pattern: str) -> Shape:
    """The compiled expression of one pattern; :class:`ShapeError` if it cannot be read."""
    if len(pattern) > MAX_SHAPE:
        raise ShapeError(f"longer than {MAX_SHAPE} characters: split it into simpler shapes")
    out, depth, i = [], 0, 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "{":
            end = pattern.find("}", i)
            if end < 0:
                raise ShapeError("'{' without '}'")
            out.append(_placeholder(pattern[i + 1 : end]))
            i = end + 1
            continue
        if ch == "}":
            raise ShapeError("'}' without '{'")
        if ch == "[":
            depth += 1
            out.append("(?:")
        elif ch == "]":
            if not depth:
                raise ShapeError("']' without '['")
            depth -= 1
            out.append(")?")
        else:
            out.append(re.escape(ch))
        i += 1
    if depth:
        raise ShapeError("'[' without ']'")
    if not pattern.strip():
        raise ShapeError("empty pattern")
    expression = "".join(out)
    if len(expression) > MAX_EXPRESSION:
        raise ShapeError("too large a pattern (too many ranges): split it into simpler shapes")
    try:
        return re2.compile(expression)
    except re2.error:  # beyond RE2's memory bound (a shape of thousands of alternatives)
        raise ShapeError("too large a pattern: split it into simpler shapes") from None


def compile_shapes(patterns: Sequence[str]) -> tuple[list[Shape], list[tuple[int, str]]]:
    """The compiled shapes, and ``(index, message)`` for each pattern that cannot be read."""
    compiled, errors = [], []
    for i, pattern in enumerate(patterns):
        try:
            compiled.append(compile_shape(pattern))
        except ShapeError as e:
            errors.append((i, f"{pattern!r}: {e}"))
    return compiled, errors


def misfit(locator: str, shapes: Sequence[Shape]) -> str | None:
    """The first place of ``locator`` that fits none of ``shapes`` (None when every place fits)."""
    for place in locator.split(PLACE_SEPARATOR):
        if not any(shape.fullmatch(place.strip()) for shape in shapes):
            return place.strip()
    return None


def locator_problem(source: str, locator: str, patterns: Sequence[str]) -> str | None:
    """The problem with one citation's locator, or None; ``patterns`` are the source's shapes."""
    compiled, _ = compile_shapes(patterns)
    if not compiled:  # the source's own entry is reported; nothing to check against
        return None
    place = misfit(locator, compiled)
    if place is None:
        return None
    where = f"{place!r} in {locator!r}" if place != locator else repr(locator)
    allowed = "; ".join(patterns)
    return f"citation [@{source}, {locator}]: {where} does not fit {source}'s locator shapes: {allowed}"


def read_shapes(items: Any, line: Callable[..., int], where: str, problems: list[Problem]) -> tuple[str, ...]:
    """A source's ``shapes`` field (None when missing): a list of readable patterns.

    ``line()`` is the line of the field, ``line(i)`` that of its item ``i``.
    """
    if items is None:  # reported as a missing field
        return ()
    if not isinstance(items, list) or not items:
        problems.append(Problem(where, line(), "shapes: expected a list of at least one locator shape"))
        return ()
    patterns, lines = [], []
    for i, item in enumerate(items):
        if isinstance(item, str) and item.strip():
            patterns.append(item.strip())
            lines.append(line(i))
        else:
            problems.append(Problem(where, line(i), f"shapes[{i}]: expected a pattern, got {item!r}"))
    for j, message in compile_shapes(patterns)[1]:
        problems.append(Problem(where, lines[j], f"shapes: {message}"))
    return tuple(patterns)


def check_quoted_by(sources: dict[str, Source], where: str, problems: list[Problem]) -> None:
    """``quoted_by`` names another listed source, one we read directly."""
    for s in sources.values():
        if not s.quoted_by:
            continue
        via = sources.get(s.quoted_by)
        if via is None:
            message = f"quoted_by: {s.quoted_by!r} is not a source listed here"
        elif via.id == s.id:
            message = "quoted_by: a source cannot be quoted by itself"
        elif via.quoted_by:
            message = f"quoted_by: {via.id!r} is itself quoted by {via.quoted_by!r}: name the source we read"
        else:
            continue
        problems.append(Problem(where, s.line, f"{s.id}: {message}"))
