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
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kb.audit
import kb.audit_log
import kb.claims
import kb.lookup
import scorer
import scorer.babcock
import scorer.mcr.penalties
import scorer.profiles
import scorer.sheet
from scorer import MjrefError
from tests.support.api_entries import ENTRIES, HAND, LOSER, NOT_ENTRIES, TABLE, Entry, call

CI = bool(os.environ.get("CI"))
SETTINGS = settings(
    max_examples=40, deadline=None, derandomize=CI, suppress_health_check=[HealthCheck.too_slow], database=None
)


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


MODULES: tuple[ModuleType, ...] = (scorer.profiles, scorer.mcr.penalties, kb.audit, kb.claims, kb.lookup)


def _public_functions() -> set[str]:
    """Each public function of the scorer's packages and the modules above, by the module that defines it."""
    packages = (scorer, scorer.babcock, scorer.sheet)
    found = [getattr(package, n) for package in packages for n in package.__all__]
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


def test_the_valid_arguments_are_valid() -> None:
    for entry in ENTRIES:
        try:
            call(entry)
        except MjrefError as e:  # a lookup without a database: an error too
            assert entry.function in (kb.lookup.lookup, kb.lookup.open_index, scorer.sheet.read_session), e


PARAMETERS = [(entry, param) for entry in ENTRIES for param in entry.takes]


@pytest.mark.parametrize(("entry", "param"), PARAMETERS, ids=[f"{e.name}-{p}" for e, p in PARAMETERS])
@SETTINGS
@given(data=st.data())
def test_a_wrong_argument_is_one_mjref_error_line(entry: Entry, param: str, data: st.DataObject) -> None:
    value = data.draw(ANY.filter(entry.safe.get(param, lambda v: True)), label=param)
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
    (lambda: kb.audit.audit(HAND, claim_total="12"), "claim_total: expected a whole number from 0 to 9999, not str"),
    (lambda: kb.audit.audit(HAND, claim_total=1.5), "claim_total: expected a whole number from 0 to 9999, not float"),
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
