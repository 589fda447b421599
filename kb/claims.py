"""Read a claimed score: fan names in any form a player writes them, with counts.

``"Pure Straight, Tile Hog x2"``, ``"清龙, 四归一×2"``, ``"qing long; fan 64 x2"`` and ``"28, 64 x2"``
are the same claim. Names come from the fan table and the aliases of the fan rulings.

>>> [(c.fan.key, c.count) for c in parse_claims("Pure Straight, Tile Hog x2")]
[('pure-straight', 1), ('tile-hog', 2)]
>>> [(c.fan.key, c.count) for c in parse_claims("清龙 + 四归一×2 ; fan 70")]
[('pure-straight', 1), ('tile-hog', 2), ('mixed-double-chow', 1)]
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from scorer import arguments
from scorer.errors import Message, MjrefError
from scorer.mcr.table import FANS, FanInfo

from .i18n import FanName
from .names import fold

MAX_CLAIM = 500  # characters
_COUNT = re.compile(
    r"^(?P<name>.*?)\s*(?:[x×*]\s*(?P<after>[1-9])|\((?P<paren>[1-9])\))\s*$|^(?P<before>[1-9])\s*[x×*]\s*(?P<rest>.+)$",
    re.I,
)
_NUMBER = re.compile(r"^(?:fan\s*)?#?\s*([1-9][0-9]?)$", re.I)


class ClaimError(MjrefError):
    """A claimed fan cannot be read."""

    code = "claim"


@dataclass(frozen=True)
class Claim:
    """One claimed fan: as written, the fan it names, and how many times it is claimed."""

    text: str
    fan: FanInfo
    count: int


def index_names(names: Iterable[tuple[int, str]]) -> dict[str, int]:
    """``(fan number, name)`` pairs -> every name as written and folded -> fan number (the first fan keeps a name)."""
    index: dict[str, int] = {}
    pairs = list(names) if isinstance(names, list | tuple) or _is_generator(names) else names
    if not isinstance(pairs, list | tuple) or not all(_is_pair(p) for p in pairs):
        raise arguments.wrong("names", Message("(fan number, name) pairs"), names)
    for number, name in pairs:
        for form in (fold(name), name):
            index.setdefault(form, number)
    return index


@lru_cache(maxsize=1)
def name_index() -> dict[str, int]:
    """Every folded name of every fan (table names and the fan rulings' aliases) -> fan number. The rulings are
    read only here: a caller that gives its own index (the exported page, in the browser) needs no ruling file."""
    from .fan_index import load_fan_names

    return index_names((number, name) for number, names in load_fan_names().items() for name, _ in names)


def _is_generator(value: object) -> bool:
    return hasattr(value, "__next__") and hasattr(value, "__iter__")


def _is_pair(value: object) -> bool:
    return isinstance(value, tuple | list) and len(value) == 2 and _is_fan(value[0]) and isinstance(value[1], str)


def _is_fan(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in FANS


def checked_index(index: object, name: str = "index") -> dict[str, int] | None:
    """``index``, which must be None or a name index (:func:`index_names`): names mapped to fan numbers."""
    if index is not None and (
        not isinstance(index, dict) or not all(isinstance(k, str) and _is_fan(v) for k, v in index.items())
    ):
        raise arguments.wrong(name, Message("a mapping of fan names to fan numbers"), index)
    return index


def resolve_fan(name: str, index: dict[str, int] | None = None) -> FanInfo:
    """The fan a name refers to, in any of its names or by number; a clear error otherwise.

    ``index`` is a name index such as :func:`index_names` makes (the site builds it from ``kb.db``'s
    ``fan_aliases``); by default, the one read from the fan rulings.
    """
    text = arguments.text(name, "name").strip()
    checked_index(index)
    m = _NUMBER.match(text)
    if m and int(m.group(1)) in FANS:
        return FANS[int(m.group(1))]
    index = name_index() if index is None else index
    for form in (text, fold(text), fold(text).removesuffix("s")):
        if form in index:
            return FANS[index[form]]
    close = difflib.get_close_matches(fold(text), [k for k in index if k.isascii()], n=1, cutoff=0.75)
    if close:
        number = index[close[0]]
        fan = FanName(number, FANS[number].name, quoted=True)
        raise ClaimError("claim: no fan is called %(text)s (did you mean %(fan)s?)", text=repr(text), fan=fan)
    raise ClaimError("claim: no fan is called %(text)s", text=repr(text))


def parse_claims(text: str, index: dict[str, int] | None = None) -> list[Claim]:
    """The claimed fans, in order: items separated by ``,`` ``;`` ``+`` or new lines, each ``NAME [xN]``."""
    arguments.text(text, "claim")
    checked_index(index)
    if len(text) > MAX_CLAIM:
        raise ClaimError("claim: too long (%(length)s characters, at most %(most)s)", length=len(text), most=MAX_CLAIM)
    claims = []
    for item in re.split(r"[,;+\n，；、]", text):
        item = item.strip()
        if not item:
            continue
        m = _COUNT.match(item)
        if m and m.group("before"):
            name, count = m.group("rest"), int(m.group("before"))
        elif m and (m.group("after") or m.group("paren")):
            name, count = m.group("name"), int(m.group("after") or m.group("paren"))
        else:
            name, count = item, 1
        claims.append(Claim(item, resolve_fan(name, index), count))
    if not claims:
        raise ClaimError("claim: no fan given (write fan names separated by commas, e.g. 'Pure Straight, Tile Hog x2')")
    return claims
