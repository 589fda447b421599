"""Interface strings in English and Chinese: one message catalogue, shared by the command line and the site.

The catalogue is a gettext ``.po`` file per language, ``kb/locale/<locale>/LC_MESSAGES/mjref.po``, read at
run time with Babel (:func:`babel.messages.pofile.read_po`) and compiled in memory, so there is no compile
step and the wheel carries the ``.po`` files only. The message ids are the English strings, with
``%(name)s`` placeholders as Jinja2's i18n extension (``newstyle``) formats them, so the site can install the
same object: ``env.install_gettext_translations(translations("zh"), newstyle=True)``.

>>> _ = gettext("zh")
>>> _("Total")
'合计'
>>> _("%(points)s points") % {"points": 12}
'12 番'
>>> gettext("en")("Total")
'Total'
>>> fan_name(64, "Tile Hog", "zh"), fan_name(64, "Tile Hog", "en"), fan_name("mah-jongg", "Mah-Jongg", "zh")
('四归一', 'Tile Hog', 'Mah-Jongg')
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from scorer.mcr.table import FANS

DOMAIN = "mjref"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "zh")  # en: the message ids themselves; zh: simplified Chinese
LOCALES = {"zh": "zh_Hans"}  # language code -> the catalogue's folder under LOCALE_DIR
HTML_LANG = {"en": "en", "zh": "zh-Hans"}  # <html lang="…">


def po_path(lang: str) -> Path:
    """The ``.po`` file of ``lang`` (a language of :data:`LANGUAGES` other than ``en``)."""
    return LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog(lang: str) -> Catalog:
    """The message catalogue of ``lang`` as Babel reads it (for tests and tools: which ids, which are empty)."""
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=LOCALES[lang], domain=DOMAIN)


@lru_cache(maxsize=len(LANGUAGES))
def translations(lang: str) -> NullTranslations:
    """The translations of ``lang``, a gettext object (``gettext``, ``ngettext``, ``pgettext`` …).

    ``en`` (or any language without a catalogue) gives the message ids back unchanged.
    """
    if lang not in LOCALES:
        return NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, catalog(lang))  # untranslated and fuzzy messages are left out: they fall back to the id
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def gettext(lang: str) -> Callable[[str], str]:
    """``_`` for ``lang``: the translation of a message id, or the id itself when it has none."""
    return translations(lang).gettext


def ngettext(lang: str) -> Callable[[str, str, int], str]:
    """The plural-aware ``ngettext`` of ``lang``."""
    return translations(lang).ngettext


def fan_name(fan: int | str, name: str, lang: str) -> str:
    """A fan's name in ``lang``: the fan table's ``name_zh`` for an MCR fan in Chinese, else ``name``."""
    if lang == "zh" and isinstance(fan, int) and fan in FANS:
        return FANS[fan].name_zh
    return name


def check_language(lang: str) -> str:
    """``lang`` if mjref speaks it; a ValueError naming the languages otherwise."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r} (one of {', '.join(LANGUAGES)})")
    return lang
