"""Checks across the whole corpus, and the scoring of every worked example.

:func:`validate` never raises on bad data: it returns every problem it finds, each pointing at a
file and line, and the outcome of every example (which :mod:`kb.build` stores).
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from scorer import RULESETS, score
from scorer.babcock.loser import is_loser_text, score_loser
from scorer.babcock.sheet import KEYS as BABCOCK_KEYS
from scorer.errors import MjrefError, printable
from scorer.mcr.positions import DISPUTED
from scorer.mcr.table import FANS, FANS_BY_KEY
from scorer.profiles import builtin_names, load_profile
from scorer.result import Score
from scorer.rulings import RULING_IDS

from . import chinese
from .fan_index import fan_names
from .glossary import Glossary, load_glossary
from .load import Corpus, body_references
from .locators import locator_problem
from .model import Citation, Example, Problem, Ruling
from .render import references
from .ruling_files import display, profile_paths

# Ids other parts and other sites link to (the knowledge-base issue's list): never rename them.
_PUBLISHED = """
    principle-non-repetition principle-non-separation principle-non-identical principle-higher-score
    principle-account-once combined-implications exclusionary-descriptions repeated-fans eight-point-minimum
    payments seven-pairs-tile-hog concealed-hand-and-fully-concealed suit-fans-with-special-hands
    reversible-tiles-one-voided-suit four-pure-shifted-chows-exclusions all-terminals-and-honours-pungs
    all-terminals-double-pung knitted-straight-combinations nine-gates-terminal-pungs big-four-winds-half-flush
    account-once-scope account-once-three-chow-fans account-once-four-chows pungs-or-chows-222-333-444
    overlapping-patterns-across-rule-sets kong-means-any-kong two-concealed-kongs kong-table
    melded-and-concealed-kong single-wait-pair-only wait-only-one-winning-tile one-wait-fan-only
    knitted-straight-waits last-tile-draw-replacement kong-on-last-tile replacement-tile-self-drawn
    mixed-winning-tile dealer-concealed-kong-before-first-discard call-timing-and-priority
    flowers-discard-and-meld obligatory-discard-order false-concealed-kong interrupted-hand-penalties
    babcock-standard-score-sheet babcock-four-wind-hand babcock-terminals-and-honours-hand babcock-nine-gates
    babcock-four-kongs babcock-three-concealed-pungs babcock-four-concealed-pungs babcock-thirteen-orphans
    babcock-seven-twins babcock-optional-doubles babcock-no-score-hand babcock-settlement
"""
PUBLISHED_IDS = frozenset(_PUBLISHED.split())
MAX_LOCATOR = 200  # characters of an inline citation's locator: more is a ']' left out
SUPPORTED_RULESETS = RULESETS  # the rule sets the scorer verifies; examples of others are stored as unverified
# Whether every ruling must have its Chinese texts (zh: title, question, answer; summary_zh on each position;
# a Chinese body for the disputed rulings and the principles). Off, so that a club may build a rulings folder
# of its own in English alone: what is missing is then a warning that `mjref build` prints. mjref's own
# rulings have every text (tests/test_zh.py fails on any such warning). Texts that are written are checked
# either way (kb.chinese).
REQUIRE_ZH = False


@dataclass
class ExampleOutcome:
    """What the scorer made of one worked example."""

    ruling: Ruling
    index: int
    example: Example
    status: str  # verified | unverified | mismatch | error
    score: Score | None = None
    message: str = ""


@dataclass
class Validation:
    problems: list[Problem] = field(default_factory=list)
    examples: list[ExampleOutcome] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)  # what does not fail the build (missing Chinese)


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _fan_counts(result: Score) -> Counter[str]:
    return Counter({f.key: f.count for f in result.fans})


def breakdown(result: Score) -> str:
    """``total: key xN, key …`` as problems print a score."""
    fans = ", ".join(f.key + (f" x{f.count}" if f.count > 1 else "") for f in result.fans)
    return f"{result.total} ({fans or 'no fans'})"


def example_profiles(root: Path) -> dict[str, str]:
    """The profiles a worked example may name, by name: the built-in ones, and those of the rulings folder's
    own ``profiles/`` (safe to read). Never a path: an example names no file outside the folder."""
    found = {name: name for name in builtin_names()}
    for path in profile_paths(root, []):  # their problems are reported by _check_profiles
        found.setdefault(path.stem, str(path))
    return found


def _check_example(ruling: Ruling, i: int, ex: Example, profiles: dict[str, str]) -> ExampleOutcome:
    if ruling.ruleset not in SUPPORTED_RULESETS:
        return ExampleOutcome(ruling, i, ex, "unverified", message=f"no {ruling.ruleset} scorer yet")
    if ex.profile not in profiles:
        known = ", ".join(sorted(profiles))
        message = f"profile {ex.profile!r} is not a profile name: name one of {known} (never a path)"
        return ExampleOutcome(ruling, i, ex, "error", message=message)
    try:
        result: Score
        profile = profiles[ex.profile]
        if ruling.ruleset == "babcock" and is_loser_text(ex.hand):  # 13 tiles: a loser's hand
            result = score_loser(ex.hand, profile)
        else:
            result = score(ex.hand, profile=profile, ruleset=ruling.ruleset)
    except MjrefError as e:
        return ExampleOutcome(ruling, i, ex, "error", message=f"cannot be scored: {e}")
    wrong = []
    if result.total != ex.total:
        wrong.append(f"total {ex.total} expected")
    if ex.fans is not None and _fan_counts(result) != Counter(dict(ex.fans)):
        stated = ", ".join(k + (f" x{n}" if n > 1 else "") for k, n in ex.fans)
        wrong.append(f"fans [{stated}] expected")
    missing = [k for k in ex.excluded if k not in {e.key for e in result.excluded}]
    if missing:
        wrong.append(f"excluded {', '.join(missing)} expected")
    if wrong:
        got = f"the scorer gives {breakdown(result)}"
        excluded = ", ".join(e.key for e in result.excluded)
        message = f"{'; '.join(wrong)}, but {got}" + (f", excluding {excluded}" if excluded else "")
        return ExampleOutcome(ruling, i, ex, "mismatch", result, message)
    return ExampleOutcome(ruling, i, ex, "verified", result)


def _check_citations(
    ruling: Ruling, cites: list[Citation], corpus: Corpus, out: list[Problem], path: str | None = None
) -> None:
    """Check citations of ``ruling``; ``path`` is the file they are in when not the ruling's (its Chinese body)."""
    path = path or ruling.path
    for c in cites:
        if c.source not in corpus.sources:
            hint = _suggest(c.source, corpus.sources) or "; add it to rulings/sources.yaml"
            out.append(Problem(path, c.line, f"unknown source {c.source!r}{hint}"))
        malformed = not c.at or "@" in c.at or (c.inline and len(c.at) > MAX_LOCATOR)  # reported below
        if c.source in corpus.sources and not malformed:
            misfit = locator_problem(c.source, c.at, corpus.sources[c.source].shapes)
            if misfit:
                out.append(Problem(path, c.line, misfit))
        if not c.at:
            where = "write the rule, section or page after the comma"
            out.append(Problem(path, c.line, f"citation [@{c.source}, ]: no locator: {where}"))
        elif c.inline and len(c.at) > MAX_LOCATOR:  # the longest real one is under 100 characters
            start = f"[@{c.source}, {c.at[:30]}"
            message = f"citation {start!r}…: locator over {MAX_LOCATOR} characters: ']' missing?"
            out.append(Problem(path, c.line, message))
        if "@" in c.at:  # "[@A, x; @B, y]" would record B's citation as part of A's locator
            out.append(
                Problem(
                    path,
                    c.line,
                    f"citation [@{c.source}, {c.at}]: one source per citation, as [@A, locator] [@B, locator]",
                )
            )


def _check_fan_ruling(ruling: Ruling, out: list[Problem]) -> None:
    key = ruling.id.removeprefix("fan-")
    info = FANS_BY_KEY.get(key)
    if info is None:
        out.append(
            Problem(ruling.path, ruling.line("id"), f"id: no fan has the key {key!r}{_suggest(key, FANS_BY_KEY)}")
        )
        return
    if ruling.title != info.name:
        out.append(
            Problem(ruling.path, ruling.line("title"), f"title: the fan is called {info.name!r} in the fan table")
        )
    if not ruling.fans or ruling.fans[0] != info.number:
        out.append(
            Problem(ruling.path, ruling.line("fans"), f"fans: a fan ruling lists its own number {info.number} first")
        )
    if not ruling.pinyin:
        out.append(
            Problem(ruling.path, ruling.line("id"), "pinyin: missing field (the Chinese name in tone-number pinyin)")
        )


def _check_body(ruling: Ruling, corpus: Corpus, ids: dict[str, Ruling], out: list[Problem], *, zh: bool) -> None:
    """The citations, links and stray brackets of the English body, or of the Chinese body with ``zh``."""
    body_cites, links = body_references(ruling, zh=zh)
    path, body, first = (ruling.body_zh_path, ruling.body_zh, 1) if zh else (ruling.path, ruling.body, ruling.body_line)
    extra = [] if zh else list(ruling.cites) + [c for p in ruling.positions for c in p.cites]
    _check_citations(ruling, extra + body_cites, corpus, out, path)
    for ref in references(body):
        if ref.kind == "stray":
            form = "write [@SourceId, locator] or [[ruling-id]], or put it in backquotes"
            out.append(Problem(path, first + ref.line, f"{ref.target!r} is not a citation: {form}"))
    related = [] if zh else [(r, ruling.line("related")) for r in ruling.related]
    for target, line in related + links:
        if target not in ids:
            out.append(Problem(path, line, f"link to unknown ruling {target!r}{_suggest(target, ids)}"))


def _check_ruling(ruling: Ruling, corpus: Corpus, ids: dict[str, Ruling], out: list[Problem]) -> None:
    _check_body(ruling, corpus, ids, out, zh=False)
    if ruling.body_zh:
        _check_body(ruling, corpus, ids, out, zh=True)
    if ruling.ruleset == "mcr":
        for n in ruling.fans:
            if n not in FANS:
                out.append(Problem(ruling.path, ruling.line("fans"), f"fans: no MCR fan has the number {n}"))
    elif ruling.ruleset == "babcock":
        for key in ruling.fans:
            if key not in BABCOCK_KEYS:
                hint = _suggest(str(key), BABCOCK_KEYS)
                out.append(
                    Problem(ruling.path, ruling.line("fans"), f"fans: no Babcock item has the key {key!r}{hint}")
                )
    if ruling.id.startswith("fan-"):
        _check_fan_ruling(ruling, out)
    if ruling.id in DISPUTED:
        expected, given = set(DISPUTED[ruling.id]), {p.id for p in ruling.positions}
        if ruling.status != "disputed":
            out.append(
                Problem(ruling.path, ruling.line("status"), "status: profiles choose a position here: 'disputed'")
            )
        elif expected != given:
            want = ", ".join(DISPUTED[ruling.id])
            out.append(Problem(ruling.path, ruling.line("positions"), f"positions: the scorer's positions are {want}"))
    seen: set[str] = set()
    for p in ruling.positions:
        if p.id in seen:
            out.append(Problem(ruling.path, p.line, f"positions: {p.id!r} is listed twice"))
        seen.add(p.id)


def _check_scorer_ids(ids: dict[str, Ruling], root: Path, out: list[Problem]) -> None:
    for rid in sorted(RULING_IDS | PUBLISHED_IDS | frozenset(f.ruling for f in FANS.values())):
        if rid not in ids:
            why = "the scorer cites it" if rid in RULING_IDS else "it is a published id"
            folder = "fans" if rid.startswith("fan-") else "babcock" if rid.startswith("babcock-") else "mcr"
            out.append(Problem(display(root), 0, f"no ruling {rid!r}, but {why}: add {folder}/{rid}.md"))


def _check_profiles(root: Path, out: list[Problem]) -> None:
    for path in profile_paths(root, out):
        try:
            load_profile(str(path))
        except MjrefError as e:
            where = e.where if e.where else display(path)
            out.append(Problem(where if ":" in where else display(path), 1, str(e).split(": ", 1)[-1]))


def _fan_names_zh(corpus: Corpus) -> dict[str, str]:
    """Every Chinese name of a fan (the table's and the aliases) -> the fan table's name."""
    out: dict[str, str] = {}
    for n, names in fan_names(corpus.rulings).items():
        for name, kind in names:
            if kind in ("zh", "zh-alias"):
                out.setdefault(name, FANS[n].name_zh)
    return out


def _check_zh(ruling: Ruling, glossary: Glossary, zh_names: dict[str, str], result: Validation) -> None:
    """The Chinese texts ``ruling`` has (problems), and those it lacks (warnings, or problems with REQUIRE_ZH)."""
    chinese.check(ruling, glossary, zh_names, result.problems)
    lacking = chinese.missing(ruling)
    if lacking:
        line = ruling.line("zh") if "zh" in ruling.lines else ruling.line("title")
        found = Problem(ruling.path, line, f"missing Chinese: {', '.join(lacking)}")
        (result.problems if REQUIRE_ZH else result.warnings).append(found)


def validate(corpus: Corpus, *, examples: bool = True) -> Validation:
    """Every problem in the corpus (sorted by file and line), and the outcome of every example."""
    result = Validation(problems=list(corpus.problems))
    ids: dict[str, Ruling] = {}
    for ruling in corpus.rulings:
        if ruling.id in ids:
            first = ids[ruling.id]
            result.problems.append(Problem(ruling.path, ruling.line("id"), f"id: {ruling.id!r} is also {first.path}"))
        else:
            ids[ruling.id] = ruling
    glossary = load_glossary(corpus.root, result.problems)
    zh_names = _fan_names_zh(corpus)
    profiles = example_profiles(corpus.root)
    for ruling in corpus.rulings:
        _check_ruling(ruling, corpus, ids, result.problems)
        _check_zh(ruling, glossary, zh_names, result)
        for i, ex in enumerate(ruling.examples if examples else ()):
            outcome = _check_example(ruling, i, ex, profiles)
            result.examples.append(outcome)
            if outcome.status in ("mismatch", "error"):
                message = f"examples[{i}]: {ex.hand} under {ex.profile}: {outcome.message}"
                result.problems.append(Problem(ruling.path, ex.line, message))
    _check_scorer_ids(ids, corpus.root, result.problems)
    _check_profiles(corpus.root, result.problems)
    # One line each, whatever a file name or a quoted value held.
    result.problems = [Problem(printable(p.path), p.line, printable(p.message)) for p in result.problems]
    result.problems.sort(key=lambda p: (p.path, p.line))
    result.warnings = [Problem(printable(p.path), p.line, printable(p.message)) for p in result.warnings]
    result.warnings.sort(key=lambda p: (p.path, p.line))
    return result
