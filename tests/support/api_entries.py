"""The public functions of the scorer and the knowledge base, with arguments they accept and the types each
parameter takes: what ``tests/test_api_arguments.py`` and ``bench/fuzz_api.py`` call with wrong arguments."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import kb.audit
import kb.audit_log
import kb.claims
import kb.lookup
import scorer
import scorer.babcock
import scorer.mcr.penalties
import scorer.profiles
import scorer.sheet
from scorer import Hand, parse
from scorer.validate import validate

HAND = "123m456m789m123p55s"
LOSER = "[NNN,1]123m456m789m9p"
SESSION = {"players": ["A", "B", "C", "D"], "hands": []}
TABLE = {"E": "[8888p,1]234sEEEFFPPF", "S": LOSER, "W": "[222s,3]345m678m567p1s", "N": "123p456p567p789s5s"}
ONE_HAND = Path(__file__).resolve().parent.parent / "fixtures" / "audit_log_one_hand.jsonl"


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


def not_text(v: object) -> bool:
    """Safe for a path: not a string or a path, which may name a real file (to read, or to write over)."""
    return not isinstance(v, str | os.PathLike)


def small(v: object) -> bool:
    """Safe for ``jobs``: no pool of 2**70 workers (nor of 2, slow to start) in a test."""
    return not _whole(v) or v <= 1


@dataclass
class Entry:
    """A public function, arguments it accepts, and for each parameter what type of value it takes (None: any
    value may be accepted, or refused by its value) and, for some, which values are safe to try (``safe``)."""

    function: Callable[..., Any]
    valid: dict[str, object]
    takes: dict[str, Callable[[object], bool] | None]
    safe: dict[str, Callable[[object], bool]] = field(default_factory=dict)

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
    Entry(
        scorer.waits,
        {"text": "123m456m789m123p5s", "profile": None, "ruleset": "mcr", "profiles": None},
        {
            "text": _text,
            "profile": _optional_text,
            "ruleset": _text,
            "profiles": lambda v: v is None or isinstance(v, list | tuple),
        },
    ),
    Entry(scorer.format_hand, {"hand": parse(HAND)}, {"hand": lambda v: isinstance(v, Hand)}),
    Entry(validate, {"hand": parse(HAND)}, {"hand": lambda v: isinstance(v, Hand)}),
    Entry(scorer.profiles.load_profile, {"ref": "green-book"}, {"ref": _text}),
    Entry(scorer.profiles.mcr_profile, {"ref": "green-book"}, {"ref": _text}),
    Entry(scorer.profiles.babcock_profile, {"ref": "babcock"}, {"ref": _text}),
    Entry(
        scorer.profiles.fingerprint,
        {"profile": scorer.profiles.load_profile("green-book")},
        {"profile": lambda v: isinstance(v, scorer.profiles.Profile)},
    ),
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
        {"path": not_text},
    ),
    Entry(kb.lookup.open_index, {"path": Path("/nonexistent/kb.db")}, {"path": _path}, {"path": not_text}),
    Entry(
        kb.audit_log.audit_file,
        {"path": ONE_HAND, "out": None, "profile": "green-book", "jobs": 1},
        {
            "path": _path,
            "out": lambda v: v is None or _path(v),
            "profile": _text,
            "jobs": lambda v: v is None or _whole(v),
        },
        {"path": not_text, "out": not_text, "jobs": small},
    ),
    Entry(scorer.sheet.session_from_data, {"data": SESSION}, {"data": lambda v: isinstance(v, dict)}),
    Entry(
        scorer.sheet.session_from_text,
        {"text": '{"players": ["A", "B", "C", "D"], "hands": []}', "kind": "json"},
        {"text": _text, "kind": _text},
    ),
    Entry(scorer.sheet.read_session, {"path": Path("/nonexistent/session.json")}, {"path": _path}, {"path": not_text}),
    Entry(
        scorer.sheet.settle_session,
        {"session": SESSION, "profile": "green-book"},
        {"session": None, "profile": lambda v: isinstance(v, str | scorer.profiles.Profile)},
    ),
    Entry(
        scorer.sheet.table_points,
        {"totals": {"A": 1, "B": 2, "C": 3, "D": 0}},
        {"totals": lambda v: isinstance(v, dict)},
    ),
    Entry(scorer.sheet.winds, {"index": 0}, {"index": _whole}),
    Entry(
        scorer.mcr.penalties.penalty_for,
        {"foul": "false-win", "profile": "green-book"},
        {"foul": _text, "profile": lambda v: isinstance(v, str | scorer.profiles.Profile)},
    ),
]

# Public names (no leading underscore) of these modules that are not entries, and why.
NOT_ENTRIES = {
    "scorer.profiles.builtin_names": "takes no argument",
    "kb.audit.readings_of": "reads a Score the scorer made (the site's helper)",
    "kb.claims.name_index": "takes no argument",
    "kb.lookup.shown_in": "the site's helper: the texts of a row of kb.db",
}


def call(entry: Entry, **changed: object) -> None:
    """Call ``entry`` with its valid arguments but ``changed``; a result must write its JSON."""
    result = entry.function(**{**entry.valid, **changed})
    for results in result if isinstance(result, list) else [result]:
        writer = getattr(results, "to_json", None) or getattr(results, "to_dict", None)
        if writer is not None:
            writer()
