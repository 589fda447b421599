"""The knowledge base's records: sources, rulings and their parts, and the problems found in them."""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer import RULESETS  # noqa: F401  (the rule sets a ruling may belong to: the scorer's)

TOPICS = (
    "principles",
    "fans",
    "combinations",
    "kongs",
    "waits",
    "situations",
    "payments",
    "procedure",
    "penalties",
    "babcock-scoring",
    "babcock-optional-scores",
)
STATUSES = ("official", "clarified", "commentary", "disputed", "house")
AUTHORITIES = ("official rule text", "official clarification", "regulation", "commentary", "software manual")
MAX_QUOTE = 100  # characters: a short phrase, never a passage (the sources are copyrighted)
MAX_ANSWER = 400  # characters: one or two sentences a referee can read out
MAX_ANSWER_ZH = 200  # characters of the Chinese answer: Chinese says in 200 what English says in 400


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, reported as ``path:line: message`` (in the manner of pyflakes)."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True)
class Source:
    """A text rulings cite (an entry of ``rulings/sources.yaml``)."""

    id: str
    title: str
    author: str
    year: int
    language: str
    authority: str
    url: str
    locators: str
    note: str
    line: int
    shapes: tuple[str, ...] = ()  # the patterns a locator must fit (kb.locators)
    quoted_by: str = ""  # the source we read it through, when we cannot read it directly
    locators_zh: str = ""  # ``locators`` said in Chinese (its examples of locators as they are written)
    note_zh: str = ""  # ``note`` in Chinese


@dataclass(frozen=True)
class Citation:
    """A claim's authority: a source id, a locator inside it, and an optional short quotation."""

    source: str
    at: str
    quote: str
    line: int
    inline: bool = False  # written in the body as [@Source, locator]


@dataclass(frozen=True)
class Position:
    """One answer to a disputed ruling, with its own citations."""

    id: str
    summary: str
    cites: tuple[Citation, ...]
    line: int
    summary_zh: str = ""  # the summary in Chinese; empty while it is not written


@dataclass(frozen=True)
class Example:
    """A worked hand, scored at build time; ``fans`` is None when only the total is stated."""

    hand: str
    profile: str
    total: int
    fans: tuple[tuple[str, int], ...] | None
    excluded: tuple[str, ...]
    note: str
    line: int
    note_zh: str = ""  # the note in Chinese, where written


@dataclass
class Ruling:
    """One ruling: a question, its answer in our own words, the citations and the worked examples."""

    id: str
    path: str
    title: str
    ruleset: str
    topic: str
    status: str
    question: str
    answer: str
    fans: tuple[int | str, ...] = ()
    cites: tuple[Citation, ...] = ()
    positions: tuple[Position, ...] = ()
    examples: tuple[Example, ...] = ()
    related: tuple[str, ...] = ()
    pinyin: str = ""
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    body: str = ""
    body_line: int = 1
    lines: dict[str, int] = field(default_factory=dict)  # field name -> line, for problems found later
    zh: dict[str, str] = field(default_factory=dict)  # the Chinese title, question and answer (``zh:``)
    zh_lines: dict[str, int] = field(default_factory=dict)  # their lines
    body_zh: str = ""  # the Chinese body (``zh/<id>.md``), empty when none is written
    body_zh_path: str = ""  # that file, as problems show it

    def line(self, name: str) -> int:
        """The line of a front-matter field (or of the front matter's start)."""
        return self.lines.get(name, 1)
