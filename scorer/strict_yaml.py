"""Strict YAML: text and whole numbers only, with the line of every value. Rulings and profiles are
read with it.

YAML 1.1 (what PyYAML reads) turns some plain words into other types: ``no`` becomes false, ``3.10``
becomes 3.1, ``1:20`` becomes 80, ``2006-03-26`` a date. In a ruling file those are mistakes, not data,
so :func:`parse` refuses them and asks for quotes. It also refuses a key given twice (PyYAML keeps the
last one silently), tags, merge keys, anchors and aliases (``&a``/``*a``: a few hundred bytes of nested
aliases expand to gigabytes), nesting deeper than :data:`MAX_DEPTH` and numbers longer than
:data:`MAX_DIGITS` digits. :func:`read` adds a size limit, reads regular files only (a FIFO is never
waited on) and refuses text that is not UTF-8. Every value's line is kept so problems can name it.
Each :class:`YamlError` also says what is wrong in general terms (``general``), quoting nothing from
the text, for a file that may not be the reader's to show (a profile path may lead to any file).

>>> doc = parse("id: tile-hog\\nfans: [64, 19]\\n")
>>> doc.data
{'id': 'tile-hog', 'fans': [64, 19]}
>>> doc.line("fans", 1)
2
>>> try:
...     parse("answer: no\\n")
... except YamlError as e:
...     print(e)
line 1: answer: the plain word 'no' would be read as a boolean; quote it if you mean the text
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

import yaml

from .errors import printable, shown_char
from .regular_files import NotARegularFile, read_regular

Path = tuple[str | int, ...]
MAX_BYTES = 64 * 1024  # what :func:`read` reads: a profile is under 2 KiB, sources.yaml under 10 KiB
MAX_DEPTH = 16  # collections inside collections; rulings and profiles use 3
MAX_DIGITS = 18  # a whole number's digits: beyond any count or point value, within a 64-bit integer
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it: same nodes, 10x faster

_TAGS = "tags (!name) are not allowed"
_WHOLE_NUMBER = re.compile(r"[-+]?(0|[1-9][0-9]*)\Z")
_READ_AS = {
    "tag:yaml.org,2002:bool": "a boolean",
    "tag:yaml.org,2002:null": "null (no value)",
    "tag:yaml.org,2002:float": "a decimal number",
    "tag:yaml.org,2002:timestamp": "a date",
}


class YamlError(Exception):
    """The text is not strict YAML; ``line`` is 1-based within the text given to :func:`parse`."""

    def __init__(self, line: int, message: str, general: str | None = None) -> None:
        self.line = line
        self.message = printable(message)
        self.general = general or self.message  # the same, quoting nothing from the text
        super().__init__(f"line {line}: {self.message}")


@dataclass
class Document:
    """Parsed data, plus the line on which each value (by its path of keys and indexes) starts."""

    data: Any
    lines: dict[Path, int] = field(default_factory=dict)

    def line(self, *path: str | int) -> int:
        """The line of the value at ``path``, or of its nearest parent that has one."""
        p: Path = tuple(path)
        while p and p not in self.lines:
            p = p[:-1]
        return self.lines.get(p, 1)


def read(path: FilePath, limit: int = MAX_BYTES, *, nulls: bool = False) -> Document:
    """Read and :func:`parse` the file at ``path``: at most ``limit`` bytes of UTF-8. Raises
    :class:`YamlError` (line 1 for a file too large; the line of the first byte that is not UTF-8),
    or :class:`OSError` when the file cannot be read."""
    try:
        raw = read_regular(path, limit)
    except NotARegularFile as e:
        raise YamlError(1, str(e)) from None
    if len(raw) > limit:
        raise YamlError(1, f"the file is larger than {limit // 1024} KiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        message = f"not UTF-8 text: byte 0x{raw[e.start]:02x} at offset {e.start}"
        raise YamlError(line, message, "not UTF-8 text") from None
    return parse(text, nulls=nulls)


def parse(text: str, first_line: int = 1, *, nulls: bool = False) -> Document:
    """Parse ``text`` strictly; lines are numbered from ``first_line``. Raises :class:`YamlError`.

    With ``nulls``, a plain ``null``, ``~`` or empty value is None (a profile's ``extends: null``);
    without, it is an error.

    >>> parse("a: &x [1]\\nb: *x\\n")
    Traceback (most recent call last):
    ...
    scorer.strict_yaml.YamlError: line 1: anchors and aliases (&name, *name) are not allowed: write the value out
    """
    offset = first_line - 1
    try:
        _check_events(text, offset)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 + offset if mark is not None else first_line
        raise YamlError(line, f"not valid YAML: {e.problem or e.context}", "not valid YAML") from None
    except yaml.reader.ReaderError as e:  # a character YAML refuses (control characters, …)
        line = text.count("\n", 0, e.position) + first_line
        message = f"not valid YAML: character {shown_char(chr(e.character))} is not allowed"
        raise YamlError(line, message, "not valid YAML: a character YAML does not allow") from None
    except yaml.YAMLError as e:
        raise YamlError(first_line, f"not valid YAML: {e}", "not valid YAML") from None
    except UnicodeError:  # a lone surrogate, which no file can hold
        raise YamlError(first_line, "not valid text: it holds a lone surrogate (\\ud800-\\udfff)") from None
    doc = Document(data=None)
    if node is not None:
        doc.data = _convert(node, (), doc, offset, nulls)
    return doc


def _check_events(text: str, offset: int) -> None:
    """Refuse anchors, aliases and deep nesting before any node is built."""
    depth = 0
    for event in yaml.parse(text, Loader=_LOADER):
        line = (event.start_mark.line if event.start_mark else 0) + 1 + offset
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise YamlError(line, "anchors and aliases (&name, *name) are not allowed: write the value out")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlError(line, f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _where(path: Path) -> str:
    return ".".join(f"[{p}]" if isinstance(p, int) else p for p in path).replace(".[", "[") or "document"


def _convert(node: yaml.Node, path: Path, doc: Document, offset: int, nulls: bool) -> Any:
    line = node.start_mark.line + 1 + offset
    doc.lines[path] = line
    if isinstance(node, yaml.ScalarNode):
        if nulls and not node.style and node.tag == "tag:yaml.org,2002:null":
            return None
        return _scalar(node, path, line)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            raise YamlError(line, f"{_where(path)}: tags such as {node.tag!r} are not allowed", _TAGS)
        return [_convert(item, (*path, i), doc, offset, nulls) for i, item in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            raise YamlError(line, f"{_where(path)}: tags such as {node.tag!r} are not allowed", _TAGS)
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1 + offset
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                plain = "keys must be plain words (no merge keys or complex keys)"
                raise YamlError(key_line, f"{_where(path)}: {plain}", plain)
            key = str(key_node.value)
            if key in out:
                raise YamlError(key_line, f"{_where((*path, key))}: key given twice", "a key given twice")
            out[key] = _convert(value_node, (*path, key), doc, offset, nulls)
            doc.lines[(*path, key)] = key_line
        return out
    raise YamlError(
        line, f"{_where(path)}: unsupported YAML node", "unsupported YAML"
    )  # pragma: no cover - compose yields only these


def _scalar(node: yaml.ScalarNode, path: Path, line: int) -> str | int:
    value = str(node.value)
    if node.style:  # quoted or block text: always text (plain is None, or "" from libyaml)
        return value
    tag = node.tag
    if tag in _READ_AS:
        if tag == "tag:yaml.org,2002:null" and value == "":
            raise YamlError(line, f"{_where(path)}: no value given", "no value given")
        why = f"would be read as {_READ_AS[tag]}; quote it if you mean the text"
        raise YamlError(line, f"{_where(path)}: the plain word {value!r} {why}", f"a plain word {why}")
    if tag == "tag:yaml.org,2002:int":
        if not _WHOLE_NUMBER.match(value):
            why = "is read by YAML as a number in a surprising way; quote it"
            raise YamlError(line, f"{_where(path)}: {value!r} {why}", f"a value {why}")
        if len(value.lstrip("+-")) > MAX_DIGITS:
            digits = f"a number of more than {MAX_DIGITS} digits"
            raise YamlError(line, f"{_where(path)}: {digits}", digits)
        return int(value)
    if tag != "tag:yaml.org,2002:str":
        raise YamlError(line, f"{_where(path)}: tags such as {tag!r} are not allowed", _TAGS)
    return value
