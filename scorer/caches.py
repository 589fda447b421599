"""The scorer's caches of small tables worked out on demand (a suit's splits, a set's text, ...).

Each is a plain dict made by :func:`new_cache`, so that :func:`clear_caches` can empty them all: a
benchmark does so between runs, to time every run as cold as the first. A cache only ever holds what
its key alone decides, and its owner empties it when it reaches its size.
"""

from __future__ import annotations

from typing import Any

_CACHES: list[dict[Any, Any]] = []


def new_cache() -> dict[Any, Any]:
    """A new empty cache, registered for :func:`clear_caches`."""
    cache: dict[Any, Any] = {}
    _CACHES.append(cache)
    return cache


def clear_caches() -> int:
    """Empty every cache made by :func:`new_cache`; return how many there are."""
    for cache in _CACHES:
        cache.clear()
    return len(_CACHES)
