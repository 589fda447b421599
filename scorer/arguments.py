"""The checks the public functions make of their arguments: a wrong type or value is one :class:`MjrefError`
line that names the argument and what it expected (``claim: expected text, not int 64``), never the
``TypeError``, ``KeyError`` or ``StopIteration`` of code further in, nor a silent guess.

Not compiled (``setup.py``): these are the checks that keep a caller's ill-typed value from compiled code.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from pathlib import Path

from .errors import Message, MjrefError
from .tiles import WIND_LETTERS

SEATS = tuple(WIND_LETTERS)  # "E", "S", "W", "N": a seat is one of them, never a part of "ESWN"
CODE = "argument"


def shown(value: object) -> str:
    """A value as an error names it: its type and the start of its ``repr``.

    >>> shown(64), shown("x" * 50)
    ('int 64', "str 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")
    """
    text = repr(value)
    return f"{type(value).__name__} {text[:40]}{'…' if len(text) > 40 else ''}"


def wrong(name: str, what: Message, value: object, code: str = CODE) -> MjrefError:
    """The error for argument ``name`` given ``value`` where ``what`` was expected."""
    return MjrefError("%(name)s: expected %(what)s, not %(value)s", code=code, name=name, what=what, value=shown(value))


def text(value: object, name: str) -> str:
    """``value``, which must be a string."""
    if not isinstance(value, str):
        raise wrong(name, Message("text"), value)
    return value


def optional_text(value: object, name: str) -> str | None:
    """``value``, which must be a string or None."""
    return None if value is None else text(value, name)


def whole(value: object, name: str, least: int = 0, most: int | None = None) -> int:
    """``value``, which must be a whole number (not a bool, not a float) from ``least`` to ``most``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < least or (most is not None and value > most):
        if most is None:
            raise wrong(name, Message("a whole number of at least %(least)s", least=least), value)
        raise wrong(name, Message("a whole number from %(least)s to %(most)s", least=least, most=most), value)
    return value


def flag(value: object, name: str) -> bool:
    """``value``, which must be True or False."""
    if not isinstance(value, bool):
        raise wrong(name, Message("True or False"), value)
    return value


def seat(value: object, name: str = "seat") -> str:
    """``value``, which must be one seat letter: ``"E"``, ``"S"``, ``"W"`` or ``"N"`` (``"SW"`` and ``""`` are not).

    >>> seat("S")
    'S'
    >>> seat("SW")
    Traceback (most recent call last):
    ...
    scorer.errors.MjrefError: seat 'SW': expected E, S, W or N
    """
    if not isinstance(value, str) or value not in SEATS:
        raise MjrefError("%(field)s %(seat)s: expected E, S, W or N", code="situation", field=name, seat=_short(value))
    return value


def seats(value: object, name: str) -> frozenset[str]:
    """``value``, which must be a collection (set, list, tuple) of seat letters, not a string: each is
    checked as ``NAME seat``."""
    if isinstance(value, str | bytes | dict) or not isinstance(value, Collection):
        raise wrong(name, Message("a set of seats E, S, W or N"), value)
    return frozenset(seat(s, f"{name} seat") for s in value)


def profile_ref(value: object) -> str | None:
    """``value``, which must be a profile name or path (a string), or None for the rule set's own."""
    if value is not None and not isinstance(value, str):
        raise MjrefError("profile: expected a profile name or a path, not %(type)s", code="profile", type=shown(value))
    return value


def known_profile(value: object) -> str:
    """``value``, which must name a profile that loads (a built-in name or a profile file): its own
    :class:`~scorer.errors.ProfileError` otherwise, before any work starts."""
    from .profiles import load_profile  # here: the profiles module's own imports reach this one

    load_profile(value)  # any other type is its ProfileError too
    return value  # type: ignore[return-value]


def path(value: object, name: str) -> Path:
    """``value``, which must be a path: a ``Path`` (any ``os.PathLike`` of text) or a non-empty string."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str) or not value:
        raise wrong(name, Message("a path to a file"), value)
    return Path(value)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"
