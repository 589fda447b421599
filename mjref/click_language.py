"""click's own messages (a value out of range, an option that does not exist, an argument missing) in the language
of the command's ``--lang``.

click marks its messages for gettext (``from gettext import gettext as _`` in each of its modules) and formats
them with ``str.format``; :func:`speak` points those names at mjref's catalogue, where their Chinese keeps the same
``{placeholders}``. A message the catalogue lacks (a newer click's) stays English. Called when ``--lang`` is read
(it is eager, so the other options' values are checked after it) and, for the errors click finds while reading
the command line itself (an unknown option), by :class:`mjref.options.MjrefGroup` from the arguments before
click reads them.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from kb.i18n import LANGUAGES, translations

CLICK_MODULES = ("click.core", "click.exceptions", "click.parser", "click.types", "click.decorators")


def speak(lang: str) -> None:
    """Make click say its messages in ``lang`` (English: click's own text) for the rest of this process."""
    catalogue = translations(lang)
    for name in CLICK_MODULES:
        module = importlib.import_module(name)
        if hasattr(module, "_"):
            module._ = catalogue.gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = catalogue.ngettext  # type: ignore[attr-defined]


def lang_in(args: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for in the command line ``args`` (``--lang zh`` or ``--lang=zh``), if any."""
    for k, arg in enumerate(args):
        if arg == "--":
            break
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if arg == "--lang" and k + 1 < len(args):
            value = args[k + 1]
        if value in LANGUAGES:
            return value
    return None
