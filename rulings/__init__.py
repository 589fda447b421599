"""The rulings as package data: one Markdown file per ruling, ``sources.yaml``, and the built-in profiles.

This folder is data, not code (``README.md`` here says how to write a ruling). It is a package only so
that it travels inside the wheel and is found wherever mjref is installed: ``RULINGS_DIR`` is the
default rulings folder of ``mjref build`` (a club can build its own with ``--rulings DIR``) and
``PROFILES_DIR`` holds the built-in profiles the scorer offers.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

RULINGS_DIR = Path(str(files(__name__)))
PROFILES_DIR = RULINGS_DIR / "profiles"
