"""Small pieces for the Python that draws a page's HTML (:mod:`web.breakdown`, :mod:`web.worked_examples`,
:mod:`web.ruling_lists`) and for the templates: escaping as Jinja's autoescape does, a link, and gettext as a
template calls it.

The drawing functions return text that is already HTML: every value they insert goes through
:func:`escape_text` (or is markup from this module), and the functions hand the result to the templates as
``Markup``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from kb.i18n import translations


def escape_text(value: Any) -> str:
    """``value`` escaped for HTML with the entities Jinja's autoescape (MarkupSafe) writes, as plain text; markup
    (``__html__``) as it is. Plain text because a ``Markup`` escapes whatever it is joined with; written out
    because a page escapes thousands of short values, and MarkupSafe's ``escape`` builds a ``Markup`` for each.

    >>> escape_text("<b>'Tile Hog' & co</b>"), escape_text(8), escape_text(Markup("<i>x</i>"))
    ('&lt;b&gt;&#39;Tile Hog&#39; &amp; co&lt;/b&gt;', '8', '<i>x</i>')
    """
    if type(value) is int:  # a fan's number, its points, a count: nothing to escape
        return str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return (
        str(value)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&#34;")
        .replace("'", "&#39;")
    )


@lru_cache(maxsize=4096)
def link(href: str, text: str) -> str:
    """``<a href="href">text</a>``, both escaped: the same few links (to rulings, to fans) recur on every page."""
    return f'<a href="{escape_text(href)}">{escape_text(text)}</a>'


COUNTS_KEPT = 200  # counts below this have their message kept (a wait grid writes "3 left" dozens of times)


def direct_gettext(catalogue: Any) -> dict[str, Callable[..., Markup]]:
    """``_``, ``gettext``, ``ngettext`` and ``pgettext`` doing what Jinja's newstyle gettext does with autoescaping
    on: the translation is markup, the params are escaped into it, the message is always %-formatted, and ``num``
    and ``context`` are params too. In one call: Jinja's own go through two or three of its ``Context.call``
    each (``_`` calls ``gettext``, which calls the catalogue's), and a page makes dozens. A message with no params,
    or with a small count alone, is made once. The parameters are positional only, as Jinja's are, so that a
    message's param may be called ``message`` or ``context``.

    >>> _ = direct_gettext(translations("zh"))["_"]
    >>> _("error: %(message)s", message="<b>"), _("100%% sure")
    (Markup('错误：&lt;b&gt;'), Markup('100% sure'))
    """

    constant: dict[str, Markup] = {}  # a message without params comes out the same each time: made once

    def gettext(message: str, /, **params: Any) -> Markup:
        if params:
            return Markup(catalogue.gettext(message)) % params
        text = constant.get(message)
        if text is None:
            text = constant[message] = Markup(catalogue.gettext(message)) % params
        return text

    counted: dict[tuple[str, str, int], Markup] = {}  # a count's message ("3 left") without other params: made once

    def ngettext(singular: str, plural: str, num: int, /, **params: Any) -> Markup:
        if params or type(num) is not int or not 0 <= num < COUNTS_KEPT:
            params.setdefault("num", num)
            return Markup(catalogue.ngettext(singular, plural, num)) % params
        key = (singular, plural, num)
        text = counted.get(key)
        if text is None:
            text = counted[key] = Markup(catalogue.ngettext(singular, plural, num)) % {"num": num}
        return text

    def pgettext(context: str, message: str, /, **params: Any) -> Markup:
        params.setdefault("context", context)
        return Markup(catalogue.pgettext(context, message)) % params

    return {"_": gettext, "gettext": gettext, "ngettext": ngettext, "pgettext": pgettext}


class Labels:
    """One language's gettext for the drawing functions (:func:`direct_gettext`: markup, params escaped), and the
    labels the breakdown tables repeat, translated once."""

    def __init__(self, lang: str) -> None:
        calls = direct_gettext(translations(lang))
        self.gettext, self.ngettext, self.pgettext = calls["gettext"], calls["ngettext"], calls["pgettext"]
        self.text = translations(lang).gettext  # a text of the data (who pays, a status) as plain text: escape it
        _, p_ = self.gettext, self.pgettext  # named as Babel's extractor finds the messages
        self.points, self.sets, self.rulings = str(_("Points")), str(_("Sets")), str(_("Rulings"))
        self.comma = str(_(", "))
        self.fan, self.excluded_by, self.replaced_by = str(_("Fan")), str(_("Excluded by")), str(_("Replaced by"))
        self.item, self.factor, self.babcock_points = str(_("Item")), str(_("Factor")), str(p_("babcock", "Points"))
        self.fan_table_head = (
            f'<thead><tr><th>#</th><th>{self.fan}</th><th class="num">{self.points}</th><th>{self.sets}</th>'
            f"<th>{self.rulings}</th></tr></thead>"
        )


@lru_cache(maxsize=8)
def labels(lang: str) -> Labels:
    """The :class:`Labels` of ``lang``, made once."""
    return Labels(lang)
