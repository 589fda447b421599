"""Builds mjref; the project itself is described in pyproject.toml.

The only thing set here is the compiled scorer: for a wheel, the hot modules below are compiled with
mypyc into C extensions that sit beside their unchanged ``.py`` sources (Python imports the extension
first). Whether a build compiles is decided in ``build_hooks/mjref_build.py`` (``MJREF_COMPILE``);
an editable install and an sdist never do.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_hooks"))
from mjref_build import TARGET, compile_requested, should_compile  # noqa: E402

# The scorer's hot path behind its entry points: compiled together as one library. The types a caller builds and
# the careful checks (hand.py, notation.py, validate.py, errors.py) stay Python: compiled code checks argument and
# attribute types itself, so a caller's ill-typed Hand or argument would raise a TypeError there instead of the
# MjrefError the scorer promises (tests/test_hostile_input.py). entry.py (score() itself) is compiled with every
# parameter typed object and narrowed by isinstance; canonical.py (the notation's common case), hand_fields.py
# (a checked hand's fields read once), consistency.py (the checks of a checked hand) and result_makers.py are
# handed only strings, checked hands and the scorer's own values (tests/test_entry_types.py). result.py stays
# Python: mypyc would compile its frozen dataclasses with their __init__ interpreted, slower than result_makers.py's
# C calls.
COMPILED = [
    "scorer/entry.py",
    "scorer/caches.py",
    "scorer/tiles.py",
    "scorer/canonical.py",
    "scorer/hand_fields.py",
    "scorer/special_forms.py",
    "scorer/consistency.py",
    "scorer/result_makers.py",
    "scorer/suit_status.py",
    "scorer/arrange.py",
    "scorer/wait.py",
    "scorer/block_counts.py",
    "scorer/shanten.py",
    "scorer/mcr/view.py",
    "scorer/mcr/exclude.py",
    "scorer/mcr/runs.py",
    "scorer/mcr/score.py",
    "scorer/mcr/fans/detector.py",
    "scorer/mcr/fans/common.py",
    "scorer/mcr/fans/honors.py",
    "scorer/mcr/fans/suits.py",
    "scorer/mcr/fans/chows.py",
    "scorer/mcr/fans/pungs.py",
    "scorer/mcr/fans/kongs.py",
    "scorer/mcr/fans/waits.py",
    "scorer/mcr/fans/situations.py",
    "scorer/mcr/fans/special.py",
]


def _target() -> str:
    """What this run of setup.py builds: set by the build backend, or read from a direct call's commands."""
    if os.environ.get(TARGET):
        return os.environ[TARGET]
    if {"bdist_wheel", "build_ext", "build"} & set(sys.argv):
        return "wheel"
    return "editable" if "develop" in sys.argv else "sdist"


# Every build starts from an empty build folder, outside the checkout: setuptools would otherwise put into the
# wheel whatever an earlier build left in ./build/lib (a compiled module in a pure wheel, or one no longer listed).
BUILD_DIR = tempfile.mkdtemp(prefix="mjref-build-")
atexit.register(shutil.rmtree, BUILD_DIR, ignore_errors=True)

ext_modules = []
if should_compile(_target()):
    from mypyc.build import mypycify

    try:
        ext_modules = mypycify(
            COMPILED,
            opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
            group_name="mjref_scorer",
            target_dir=os.path.join(BUILD_DIR, "mypyc"),
        )
    except BaseException:  # mypyc exits on a type error: with MJREF_COMPILE unset, build pure Python instead
        if compile_requested():
            raise
        print("mjref: mypyc could not compile the scorer: building pure Python (MJREF_COMPILE=0)", file=sys.stderr)
        ext_modules = []

setup(ext_modules=ext_modules, options={"build": {"build_base": BUILD_DIR}})
