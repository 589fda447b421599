"""Make the scorer's frozen results (:mod:`scorer.result`) from compiled code, without their dataclass
``__init__``.

A frozen dataclass's generated ``__init__`` sets each field with ``object.__setattr__`` in interpreted
bytecode: about 1.5 us for a :class:`~scorer.result.FanScore`, 2.5 us for a :class:`~scorer.result.Score`,
a tenth of a whole score. Compiled with mypyc in a wheel (``setup.py``), these functions do the same
``object.__new__`` and ``object.__setattr__`` calls as C calls, in a quarter of the time; the objects are the
same dataclass instances (frozen, equal to and printed as ones built by their class), and in the pure-Python
build these functions are plain Python. Each sets every field of its class:
``tests/test_result_makers.py`` checks them against the classes' own constructors.
"""

from __future__ import annotations

from typing import Final

from .result import Alternative, Excluded, FanScore, Score

# object.__new__ and the classes, named once: compiled code calls the first without looking it up on ``object``
# each time, and reads the classes as C values rather than from the module's namespace.
NEW: Final = object.__new__
FAN_SCORE: Final = FanScore
EXCLUDED: Final = Excluded
ALTERNATIVE: Final = Alternative
SCORE: Final = Score


def fan_score(
    fan: int, key: str, name: str, points: int, count: int, sets: tuple[str, ...], rulings: tuple[str, ...]
) -> FanScore:
    """``FanScore(fan, key, name, points, count, sets, rulings)``."""
    made = NEW(FAN_SCORE)
    object.__setattr__(made, "fan", fan)
    object.__setattr__(made, "key", key)
    object.__setattr__(made, "name", name)
    object.__setattr__(made, "points", points)
    object.__setattr__(made, "count", count)
    object.__setattr__(made, "sets", sets)
    object.__setattr__(made, "rulings", rulings)
    return made


def excluded(fan: int, key: str, name: str, by: tuple[int, ...], rulings: tuple[str, ...]) -> Excluded:
    """``Excluded(fan, key, name, by, rulings)``."""
    made = NEW(EXCLUDED)
    object.__setattr__(made, "fan", fan)
    object.__setattr__(made, "key", key)
    object.__setattr__(made, "name", name)
    object.__setattr__(made, "by", by)
    object.__setattr__(made, "rulings", rulings)
    return made


def alternative(
    form: str, fans: tuple[FanScore, ...], excluded: tuple[Excluded, ...], rulings: tuple[str, ...]
) -> Alternative:
    """``Alternative(form, fans, excluded, rulings)``."""
    made = NEW(ALTERNATIVE)
    object.__setattr__(made, "form", form)
    object.__setattr__(made, "fans", fans)
    object.__setattr__(made, "excluded", excluded)
    object.__setattr__(made, "rulings", rulings)
    return made


def mcr_score(
    profile: str,
    hand: str,
    total: int,
    flowers: int,
    meets_minimum: bool,
    fans: tuple[FanScore, ...],
    excluded: tuple[Excluded, ...],
    payments: dict[str, int] | None,
    form: str,
    rulings: tuple[str, ...],
    alternatives: tuple[Alternative, ...],
) -> Score:
    """``Score(ruleset="mcr", ...)``, every field given."""
    made = NEW(SCORE)
    object.__setattr__(made, "ruleset", "mcr")
    object.__setattr__(made, "profile", profile)
    object.__setattr__(made, "hand", hand)
    object.__setattr__(made, "total", total)
    object.__setattr__(made, "flowers", flowers)
    object.__setattr__(made, "meets_minimum", meets_minimum)
    object.__setattr__(made, "fans", fans)
    object.__setattr__(made, "excluded", excluded)
    object.__setattr__(made, "payments", payments)
    object.__setattr__(made, "form", form)
    object.__setattr__(made, "rulings", rulings)
    object.__setattr__(made, "alternatives", alternatives)
    return made
