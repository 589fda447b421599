"""The scorer's caches of small tables worked out on demand (a suit's splits, a set's text, the detectors
worth running on a shape of hand, ...).

Each is a plain dict made by :func:`new_cache`, or a list indexed by a small int made by :func:`new_table`,
so that :func:`clear_caches` can empty them all: a benchmark does so between runs, to time every run as
cold as the first. A cache only ever holds what its key alone decides; :func:`remember` stores into it, and
empties it first when it holds :data:`CACHE_SIZE` entries (keys can come from input, so no cache grows without
bound).

Compiled with mypyc in a wheel (``setup.py``), as :func:`remember` runs on every miss of the scorer's caches.
"""

from __future__ import annotations

from typing import Any, Final

CACHE_SIZE: Final = 8192  # entries a cache holds before remember() empties it
_CACHES: Final[list[dict[Any, Any]]] = []
_TABLES: Final[list[list[Any]]] = []


def new_cache() -> dict[Any, Any]:
    """A new empty cache, registered for :func:`clear_caches`."""
    cache: dict[Any, Any] = {}
    _CACHES.append(cache)
    return cache


def new_table(size: int) -> list[Any]:
    """A new table of ``size`` entries, all None (not yet worked out), registered for :func:`clear_caches`."""
    table: list[Any] = [None] * size
    _TABLES.append(table)
    return table


def remember(cache: dict[Any, Any], key: Any, value: Any, size: int = CACHE_SIZE) -> None:
    """Store ``value`` under ``key`` in ``cache`` (called on a miss only), emptying the cache first when it holds
    ``size`` entries."""
    if len(cache) >= size:
        cache.clear()
    cache[key] = value


def clear_caches() -> int:
    """Empty every cache and table made here; return how many there are."""
    for cache in _CACHES:
        cache.clear()
    for table in _TABLES:
        table[:] = [None] * len(table)
    return len(_CACHES) + len(_TABLES)
