"""Fuzz targets for the scorer's order and the public functions' arguments (issue 31), registered by
``bench/fuzz.py``:

- ``babcock-order``: a winning hand (Babcock's shapes, ``tests.support.babcock_hands``, or a generated MCR hand
  without flowers) and the loser's hand it makes without its winning tile, each written with its declared sets
  in a random order and its standing tiles shuffled, as a string and as a ``Hand``, under a random Babcock
  profile. A failure: a score (JSON or error line) other than the canonical text's, or an exception other
  than ``MjrefError``;
- ``api-arguments``: every public function of ``tests.support.api_entries`` called with valid arguments but
  one or two, drawn from values of every type. A failure: an exception other than ``MjrefError``, an error
  that is not one line of printable characters, a result whose JSON cannot be written, or a value of a type
  the parameter does not take accepted.

Run them alone with ``python bench/fuzz.py --only babcock-order,api-arguments``.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer import Hand, MjrefError, format_hand, score  # noqa: E402
from scorer.babcock import parse_loser, score_loser  # noqa: E402
from scorer.tiles import WIND_LETTERS  # noqa: E402
from scorer.tiles import name as tile_name  # noqa: E402
from tests.support.api_entries import ENTRIES, Entry, call  # noqa: E402
from tests.support.babcock_hands import babcock_winner  # noqa: E402

SHARES = {"babcock-order": 0.03, "api-arguments": 0.03}
PROFILES = ("babcock", "babcock-optional")


def outcome(call_: Callable[[], Any]) -> str:
    """The JSON of a result, or the error's code and line; any other exception propagates."""
    try:
        return str(call_().to_json())
    except MjrefError as e:
        return f"{e.code}: {e}"


def written(g: Any, hand: Hand, tail: str) -> str:
    """``hand``'s declared sets in a random order, its standing tiles shuffled, then ``tail``."""
    melds = [m.text() for m in hand.melds]
    standing = [tile_name(t) for t in hand.standing]
    g.rng.shuffle(melds)
    g.rng.shuffle(standing)
    return "".join(melds) + "".join(standing) + tail


def fuzz_babcock_order(t: Any, g: Any) -> None:
    r = g.rng
    hand = babcock_winner(r) if r.random() < 0.7 else g.hand().hand
    hand = replace(hand, situation=replace(hand.situation, flowers=0))
    profile = r.choice(PROFILES)
    canonical = format_hand(hand)
    suffix = canonical[canonical.index("|") :]
    text = written(g, hand, tile_name(hand.winning) + suffix)
    melds = list(hand.melds)
    r.shuffle(melds)
    built = replace(hand, melds=tuple(melds))
    s = hand.situation
    loser_suffix = f"|{WIND_LETTERS[s.prevalent - 27]}{WIND_LETTERS[s.seat - 27]}0000"
    loser = written(g, hand, loser_suffix)
    try:
        expected = outcome(lambda: score(canonical, ruleset="babcock", profile=profile))
        for what, got in (
            (text, outcome(lambda: score(text, ruleset="babcock", profile=profile))),
            (built, outcome(lambda: score(built, ruleset="babcock", profile=profile))),
        ):
            if got != expected:
                t.fail((what, profile), f"scores {got[:120]} but its canonical text {expected[:120]}")
                return
        loser_expected = outcome(lambda: score_loser(parse_loser(loser).text(), profile))
        if outcome(lambda: score_loser(loser, profile)) != loser_expected:
            t.fail((loser, profile), "the loser scores other than its canonical text")
            return
    except Exception as e:
        t.fail((canonical, profile), f"{type(e).__name__}: {e}")
        return
    t.accepted += not expected.startswith(("notation", "invalid", "not-winning"))


def wrong_value(g: Any, entry: Entry, param: str) -> object:
    """A value of some type for ``param``, one that is safe to try (no path that names a real file)."""
    safe = entry.safe.get(param, lambda v: True)
    while True:
        value = g.value() if g.rng.random() < 0.8 else g.junk(12)
        if safe(value):
            return value


_STANDARD = {fd: os.dup(fd) for fd in (0, 1, 2)}  # copies, to restore a standard stream a call closed


def closed_streams() -> list[int]:
    """The standard file descriptors a call closed (``audit_file(path=True)`` once read and closed fd 1),
    restored from their copies."""
    closed = []
    for fd, copy in _STANDARD.items():
        try:
            os.fstat(fd)
        except OSError:
            os.dup2(copy, fd)
            closed.append(fd)
    return closed


def fuzz_api_arguments(t: Any, g: Any) -> None:
    r = g.rng
    entry = r.choice(ENTRIES)
    params = r.sample(sorted(entry.takes), min(len(entry.takes), r.choice((1, 1, 1, 2))))
    changed = {p: wrong_value(g, entry, p) for p in params}
    what = (entry.name, changed)
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # audit_file writes its report to stdout
            call(entry, **changed)
    except MjrefError as e:
        line = str(e)
        if not line or not line.isprintable():
            t.fail(what, f"error not one line of printable characters: {line!r}")
        return
    except Exception as e:
        t.fail(what, f"{type(e).__name__}: {e}")
        return
    finally:
        if closed_streams():
            t.fail(what, "closed a standard file descriptor")
    refused = [p for p, v in changed.items() if entry.takes[p] is not None and not entry.takes[p](v)]  # type: ignore[misc]
    if refused:
        t.fail(what, f"accepted a value of a type {', '.join(refused)} does not take")
        return
    t.accepted += 1


def steps(gen: Any) -> dict[str, Callable[[Any, int], None]]:
    """The targets' steps for ``bench/fuzz.py``."""
    return {
        "babcock-order": lambda t, n: fuzz_babcock_order(t, gen),
        "api-arguments": lambda t, n: fuzz_api_arguments(t, gen),
    }
