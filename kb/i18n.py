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
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from scorer.errors import Message, MjrefError, fill, printable
from scorer.mcr.table import FANS

DOMAIN = "mjref"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "zh")  # en: the message ids themselves; zh: simplified Chinese
LOCALES = {"zh": "zh_Hans"}  # language code -> the catalogue's folder under LOCALE_DIR
HTML_LANG = {"en": "en", "zh": "zh-Hans"}  # <html lang="…">
LIST_SEPARATOR = {"zh": "、"}  # between the items of a list a message names (English: ", ")


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


def translate(lang: str, message: str) -> str:
    """One message id in ``lang``: ``translate(lang, "…")`` where a ``_`` of its own would cost a line."""
    return gettext(lang)(message)


def ngettext(lang: str) -> Callable[[str, str, int], str]:
    """The plural-aware ``ngettext`` of ``lang``."""
    return translations(lang).ngettext


def pgettext(lang: str) -> Callable[[str, str], str]:
    """The context-aware ``pgettext`` of ``lang`` (context ``babcock``: Babcock's points, 分, not the MCR's 番)."""
    translate = translations(lang).pgettext
    return lambda context, message: str(translate(context, message))


def babcock_name(key: str, name: str, lang: str) -> str:
    """An item of a Babcock score (the score sheet, a double, a limit hand; ``scorer/babcock/sheet.py``) in
    ``lang``: its English name is the message id, in the context ``babcock``.

    >>> babcock_name("no-runs", "No runs", "zh"), babcock_name("no-runs", "No runs", "en")
    ('无顺子', 'No runs')
    """
    return pgettext(lang)("babcock", name) if lang != "en" else name


def profile_name(name: str, lang: str) -> str:
    """A profile's name as a page in ``lang`` shows it: a built-in profile's Chinese name (context ``profile``),
    else the name itself (a club's own profile, whose name is its file's).

    >>> profile_name("green-book", "zh"), profile_name("green-book", "en"), profile_name("our-club", "zh")
    ('绿皮书', 'green-book', 'our-club')
    """
    return pgettext(lang)("profile", name) if lang != "en" else name


def position_name(position: str, lang: str) -> str:
    """A disputed ruling's position as a page in ``lang`` labels it: its short Chinese label (context
    ``position``), else its id (which is English words).

    >>> position_name("no-tile-hog", "zh"), position_name("no-tile-hog", "en")
    ('不计四归一', 'no-tile-hog')
    """
    return pgettext(lang)("position", position) if lang != "en" else position


def fan_name(fan: int | str, name: str, lang: str) -> str:
    """A fan's name in ``lang``: the fan table's ``name_zh`` for an MCR fan in Chinese, else ``name``."""
    if lang == "zh" and isinstance(fan, int) and fan in FANS:
        return FANS[fan].name_zh
    return name


class FanName:
    """A fan named in a :class:`~scorer.errors.Message`: ``str()`` its English name (``numbered``: after its
    number; ``quoted``: in quotes), shown in another language by the fan table's name (:func:`fan_name`)."""

    __slots__ = ("name", "number", "numbered", "quoted")

    def __init__(self, number: int | str, name: str, numbered: bool = False, quoted: bool = False) -> None:
        self.number, self.name, self.numbered, self.quoted = number, name, numbered, quoted

    def __str__(self) -> str:
        return self.text("en")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FanName) and (self.number, self.name) == (other.number, other.name)

    def __hash__(self) -> int:
        return hash(self.name)

    def text(self, lang: str) -> str:
        name = fan_name(self.number, self.name, lang)
        name = repr(name) if self.quoted else name
        return f"{self.number} {name}" if self.numbered else name


_HAND_COLUMN = re.compile(r"hand:(\d+)")


def localize(text: object, lang: str) -> str:
    """``text`` in ``lang``: a :class:`~scorer.errors.Message` or :class:`~scorer.errors.MjrefError` by its
    template's translation (its params translated in turn), a :class:`FanName` by the fan table; anything else
    as ``str()``. English, or a template the catalogue lacks, gives the English text.

    >>> from scorer.errors import InvalidHand
    >>> e = InvalidHand("%(n)s copies of %(tile)s: a set has only four", n=5, tile="1m")
    >>> localize(e, "zh"), localize(e, "en")
    ('1m 有 5 张：一种牌只有四张', '5 copies of 1m: a set has only four')
    >>> localize(Message("excluded by %(by)s", by=(FanName(73, "Pung of Terminals or Honors", True),)), "zh")
    '因73 幺九刻不计'
    """
    if lang == "en" or lang not in LOCALES:
        return str(text)
    _ = gettext(lang)
    if isinstance(text, FanName):
        return text.text(lang)
    if isinstance(text, tuple):
        return LIST_SEPARATOR.get(lang, ", ").join(localize(item, lang) for item in text)
    if isinstance(text, Message | MjrefError):
        message = fill(_(text.template), {k: localize(v, lang) for k, v in text.params.items()})
        if not isinstance(text, MjrefError):
            return message
        message = printable(message)
        if text.where is None:
            return message
        m = _HAND_COLUMN.fullmatch(text.where)
        where = _("hand, character %(column)s") % {"column": m[1]} if m else text.where
        return _("%(where)s: %(message)s") % {"where": where, "message": message}
    return str(text)


def check_language(lang: str) -> str:
    """``lang`` if mjref speaks it; a ValueError naming the languages otherwise."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r} (one of {', '.join(LANGUAGES)})")
    return lang
