"""Every public function answers an argument of the wrong type or value with one ``MjrefError`` line.

Issue 31 found ``compare("zzz", [])`` raising StopIteration, ``audit(h, claim=64)`` a TypeError,
``names={"tile hog": 999}`` a KeyError, ``score_loser(h, seat="SW")`` read as South, ``claim_total="12"``
accepted. Here each public entry (``ENTRIES``; ``test_every_public_function_is_an_entry_or_said_not_to_be``
keeps the list whole) is called with valid arguments but one, drawn from values of every type; the call
either returns a result whose JSON can be written, or raises an ``MjrefError`` of one printable line, never
another exception. A value of a type the parameter does not take must be refused.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kb.audit
import kb.audit_log
import kb.claims
import kb.lookup
import scorer
import scorer.babcock
import scorer.profiles
from scorer import Hand, MjrefError, parse
from scorer.validate import validate

HAND = "123m456m789m123p55s"
LOSER = "[NNN,1]123m456m789m9p"
TABLE = {"E": "[8888p,1]234sEEEFFPPF", "S": LOSER, "W": "[222s,3]345m678m567p1s", "N": "123p456p567p789s5s"}
ONE_HAND = Path(__file__).parent / "fixtures" / "audit_log_one_hand.jsonl"
CI = bool(os.environ.get("CI"))
SETTINGS = settings(
    max_examples=40, deadline=None, derandomize=CI, suppress_health_check=[HealthCheck.too_slow], database=None
)


def _text(v: object) -> bool:
    return isinstance(v, str)


def _optional_text(v: object) -> bool:
    return v is None or isinstance(v, str)


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _collection(v: object) -> bool:
    return isinstance(v, set | frozenset | list | tuple)


def _path(v: object) -> bool:
    return isinstance(v, str | os.PathLike)


ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.binary(max_size=6),
    st.text(max_size=8),
    st.sampled_from(["", "E", "SW", "E ", "e", "green-book", "babcock", "tile hog", "\x1b[2J", "\n", "zzz", "12"]),
    st.lists(st.sampled_from(["E", "S", "green-book", 1, None]), max_size=3),
    st.lists(st.sampled_from(["E", "S", "green-book", 1, None]), max_size=3).map(tuple),
    st.dictionaries(st.sampled_from(["E", "S", "W", "N", "tile hog", 1]), st.sampled_from([0, 64, 999, "x"])),
    st.sampled_from([object(), Path("/nonexistent"), Path(""), frozenset({"E", 5}), 1.5, float("inf"), ...]),
)
NOT_TEXT = ANY.filter(lambda v: not isinstance(v, str | os.PathLike))  # a path as text may name a real file
SMALL = ANY.filter(lambda v: not _whole(v) or v <= 1)  # jobs: no pool of 2**70 workers (nor of 2) here


@dataclass
class Entry:
    """A public function, arguments it accepts, and for each parameter what type of value it takes (None: any
    value may be accepted, or refused by its value) and, when not ``ANY``, the values to try."""

    function: Callable[..., Any]
    valid: dict[str, object]
    takes: dict[str, Callable[[object], bool] | None]
    values: dict[str, st.SearchStrategy[object]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.function.__module__}.{self.function.__name__}"


ENTRIES = [
    Entry(
        scorer.score,
        {"hand": HAND, "profile": None, "ruleset": "mcr", "seat": None, "flowers": None, "kong": None},
        {
            "hand": lambda v: isinstance(v, str | Hand),
            "profile": _optional_text,
            "ruleset": _text,
            "seat": None,
            "flowers": lambda v: v is None or _whole(v),
            "kong": lambda v: v is None or isinstance(v, bool),
        },
    ),
    Entry(scorer.score, {"hand": HAND, "ruleset": "babcock", "prevalent": None}, {"prevalent": None}),
    Entry(scorer.parse, {"text": HAND}, {"text": _text}),
    Entry(scorer.format_hand, {"hand": parse(HAND)}, {"hand": lambda v: isinstance(v, Hand)}),
    Entry(validate, {"hand": parse(HAND)}, {"hand": lambda v: isinstance(v, Hand)}),
    Entry(scorer.profiles.load_profile, {"ref": "green-book"}, {"ref": _text}),
    Entry(scorer.profiles.mcr_profile, {"ref": "green-book"}, {"ref": _text}),
    Entry(scorer.profiles.babcock_profile, {"ref": "babcock"}, {"ref": _text}),
    Entry(scorer.babcock.parse_loser, {"text": LOSER, "seat": None}, {"text": _text, "seat": _optional_text}),
    Entry(
        scorer.babcock.score_loser,
        {"hand": LOSER, "profile": None, "seat": "S"},
        {"hand": _text, "profile": _optional_text, "seat": _optional_text},
    ),
    Entry(
        scorer.babcock.payments,
        {"total": 10, "east_won": False},
        {"total": _whole, "east_won": lambda v: isinstance(v, bool)},
    ),
    Entry(
        scorer.babcock.settle,
        {"scores": {"E": 1, "S": 2, "W": 3, "N": 0}, "winner": "E", "dead": frozenset()},
        {"scores": lambda v: isinstance(v, dict), "winner": _text, "dead": _collection},
    ),
    Entry(
        scorer.babcock.settle_table,
        {"hands": TABLE, "winner": "E", "profile": None, "dead": frozenset()},
        {
            "hands": lambda v: isinstance(v, dict),
            "winner": _optional_text,
            "profile": _optional_text,
            "dead": _collection,
        },
    ),
    Entry(
        kb.audit.audit,
        {"hand": HAND, "claim": "Pure Straight", "claim_total": None, "profile": "green-book", "names": None},
        {
            "hand": lambda v: isinstance(v, str | Hand),
            "claim": _optional_text,
            "claim_total": lambda v: v is None or _whole(v),
            "profile": _text,
            "names": lambda v: v is None or isinstance(v, dict),
        },
    ),
    Entry(
        kb.audit.compare,
        {"hand": HAND, "profiles": ["green-book", "starback"]},
        {"hand": lambda v: isinstance(v, str | Hand), "profiles": lambda v: isinstance(v, list | tuple)},
    ),
    Entry(kb.claims.parse_claims, {"text": "Tile Hog x2", "index": None}, {"text": _text, "index": None}),
    Entry(kb.claims.resolve_fan, {"name": "Tile Hog", "index": None}, {"name": _text, "index": None}),
    Entry(kb.claims.checked_index, {"index": {"tile hog": 64}}, {"index": None}),
    Entry(kb.claims.index_names, {"names": [(64, "Tile Hog")]}, {"names": lambda v: isinstance(v, list | tuple)}),
    Entry(
        kb.lookup.lookup,
        {"query": "tile hog", "path": Path("/nonexistent/kb.db"), "limit": 3},
        {"query": _text, "path": _path, "limit": _whole},
        {"path": NOT_TEXT},
    ),
    Entry(kb.lookup.open_index, {"path": Path("/nonexistent/kb.db")}, {"path": _path}, {"path": NOT_TEXT}),
    Entry(
        kb.audit_log.audit_file,
        {"path": ONE_HAND, "out": None, "profile": "green-book", "jobs": 1},
        {
            "path": _path,
            "out": lambda v: v is None or _path(v),
            "profile": _text,
            "jobs": lambda v: v is None or _whole(v),
        },
        {"path": NOT_TEXT, "out": NOT_TEXT, "jobs": SMALL},
    ),
]

# Public names (no leading underscore) of these modules that are not entries, and why.
NOT_ENTRIES = {
    "scorer.profiles.builtin_names": "takes no argument",
    "kb.audit.readings_of": "reads a Score the scorer made (the site's helper)",
    "kb.claims.name_index": "takes no argument",
    "kb.lookup.shown_in": "the site's helper: the texts of a row of kb.db",
    "kb.lookup.cjk_terms": "the index's helper: the terms of a text it has read",
    "kb.lookup.bigrams": "the index's helper: the terms of a text it has read",
}
MODULES: tuple[ModuleType, ...] = (scorer.profiles, kb.audit, kb.claims, kb.lookup)


def _public_functions() -> set[str]:
    """Each public function of the scorer's packages and the modules above, by the module that defines it."""
    found = [getattr(scorer, n) for n in scorer.__all__] + [getattr(scorer.babcock, n) for n in scorer.babcock.__all__]
    for module in MODULES:
        found += [
            v
            for n, v in vars(module).items()
            if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__
        ]
    found.append(kb.audit_log.audit_file)
    return {f"{f.__module__}.{f.__name__}" for f in found if callable(f) and not inspect.isclass(f)}


def test_every_public_function_is_an_entry_or_said_not_to_be() -> None:
    assert _public_functions() - {e.name for e in ENTRIES} == set(NOT_ENTRIES)


def call(entry: Entry, **changed: object) -> None:
    """Call ``entry`` with its valid arguments but ``changed``; a result must write its JSON."""
    result = entry.function(**{**entry.valid, **changed})
    for results in result if isinstance(result, list) else [result]:
        writer = getattr(results, "to_json", None) or getattr(results, "to_dict", None)
        if writer is not None:
            writer()


def test_the_valid_arguments_are_valid() -> None:
    for entry in ENTRIES:
        try:
            call(entry)
        except MjrefError as e:  # a lookup without a database: an error too
            assert entry.function in (kb.lookup.lookup, kb.lookup.open_index), e


PARAMETERS = [(entry, param) for entry in ENTRIES for param in entry.takes]


@pytest.mark.parametrize(("entry", "param"), PARAMETERS, ids=[f"{e.name}-{p}" for e, p in PARAMETERS])
@SETTINGS
@given(data=st.data())
def test_a_wrong_argument_is_one_mjref_error_line(entry: Entry, param: str, data: st.DataObject) -> None:
    value = data.draw(entry.values.get(param, ANY), label=param)
    try:
        call(entry, **{param: value})
    except MjrefError as e:
        line = str(e)
        assert line and line.isprintable(), repr(line)
        return
    takes = entry.takes[param]
    assert takes is None or takes(value), f"{entry.name}({param}={value!r}) was accepted"


ISSUE_CASES = [
    (lambda: kb.audit.compare("zzz", []).to_dict(), "profiles: no profile given"),
    (lambda: kb.audit.compare(HAND, None), "profiles: expected a list of profile names or paths, not NoneType"),
    (lambda: kb.audit.compare(HAND, "green-book"), "profiles: expected a list of profile names or paths, not str"),
    (lambda: kb.audit.audit(HAND, claim=64), "claim: expected text, not int 64"),
    (lambda: kb.audit.audit(HAND, claim=b"Tile Hog"), "claim: expected text, not bytes"),
    (lambda: kb.audit.audit(HAND, claim="Tile Hog", names={"tile hog": 999}), "names: expected a mapping of fan"),
    (lambda: kb.audit.audit(HAND, claim_total="12"), "claim_total: expected a whole number of at least 0, not str"),
    (lambda: kb.audit.audit(HAND, claim_total=1.5), "claim_total: expected a whole number of at least 0, not float"),
    (lambda: scorer.babcock.score_loser(LOSER, seat=5), "seat 5: expected E, S, W or N"),
    (lambda: scorer.babcock.score_loser(LOSER, seat=""), "seat '': expected E, S, W or N"),
    (lambda: scorer.babcock.score_loser(LOSER, seat="SW"), "seat 'SW': expected E, S, W or N"),
    (lambda: scorer.babcock.parse_loser(LOSER, seat=["E"]), "seat ['E']: expected E, S, W or N"),
    (lambda: scorer.babcock.settle(None, winner="E"), "scores: expected a score for each of the seats"),
    (lambda: scorer.babcock.settle_table(TABLE, "E", dead="SW"), "dead: expected a set of seats"),
]


@pytest.mark.parametrize(("call_", "expected"), ISSUE_CASES)
def test_the_issues_calls_are_one_line_each(call_: Callable[[], object], expected: str) -> None:
    with pytest.raises(MjrefError) as info:
        call_()
    assert str(info.value).startswith(expected)
