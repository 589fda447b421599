"""mjref's build backend: setuptools' own, plus the one decision of whether to compile the scorer.

A wheel (``pip install .``, ``pip wheel .``) has the scorer's hot modules compiled with mypyc when a C
compiler works; an editable install (``pip install -e .``) and an sdist never do, so a checkout always
runs the Python source it shows. ``MJREF_COMPILE`` overrides: ``1`` compiles or fails the build, ``0``
never compiles, unset compiles when it can and builds pure Python with a message when it cannot.
mypy (which ships mypyc) is a build requirement only when the build compiles. ``setup.py`` lists the
modules.
"""

from __future__ import annotations

import os
import sys
import tempfile
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook this module does not redefine)

# mypyc ships with mypy (the compiled modules need nothing of it at run time); it type-checks every module the
# compiled ones import, so it needs PyYAML's stubs too.
COMPILE_REQUIRES = ["mypy>=1.11", "types-PyYAML"]
TARGET = "MJREF_BUILD_TARGET"  # set by the hooks below for setup.py: wheel, editable or sdist


def compile_requested() -> bool | None:
    """MJREF_COMPILE: True (1), False (0) or None (unset: compile when a C compiler works)."""
    flag = os.environ.get("MJREF_COMPILE", "").strip().lower()
    if flag in ("", "auto"):
        return None
    if flag in ("1", "yes", "true", "on"):
        return True
    if flag in ("0", "no", "false", "off"):
        return False
    raise SystemExit(f"MJREF_COMPILE={flag!r}: expected 1 (compile), 0 (pure Python) or unset (compile if possible)")


def c_compiler_works() -> bool:
    """Can this Python build an extension here? Compiles an empty C file with the compiler it would use."""
    try:
        from distutils.ccompiler import new_compiler
        from distutils.sysconfig import customize_compiler

        import setuptools  # noqa: F401  (installs distutils for Python 3.12+)

        compiler = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as tmp:
            source = os.path.join(tmp, "probe.c")
            with open(source, "w") as f:
                f.write("int mjref_probe(void) { return 0; }\n")
            compiler.compile([source], output_dir=tmp)
        return True
    except Exception:  # any failure (no compiler, no headers) means pure Python
        return False


def should_compile(target: str) -> bool:
    """Compile the scorer for a build of ``target`` (wheel, editable, sdist)?"""
    requested = compile_requested()
    if target != "wheel" or requested is False:
        if requested and target == "editable":
            print("mjref: an editable install runs the Python source (MJREF_COMPILE=1 is for wheels)", file=sys.stderr)
        return False
    if requested is None and not c_compiler_works():
        print("mjref: no working C compiler: building the pure-Python scorer (MJREF_COMPILE=0)", file=sys.stderr)
        return False
    return True


Settings = dict[str, Any] | None


def get_requires_for_build_wheel(config_settings: Settings = None) -> list[str]:
    requires = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*requires, *COMPILE_REQUIRES] if should_compile("wheel") else requires


def build_wheel(wheel_directory: str, config_settings: Settings = None, metadata_directory: str | None = None) -> str:
    os.environ[TARGET] = "wheel"
    return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))


def build_editable(
    wheel_directory: str, config_settings: Settings = None, metadata_directory: str | None = None
) -> str:
    os.environ[TARGET] = "editable"
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))


def build_sdist(sdist_directory: str, config_settings: Settings = None) -> str:
    os.environ[TARGET] = "sdist"
    return str(_setuptools.build_sdist(sdist_directory, config_settings))
