"""A score's breakdown as HTML: the fan table, what is left out, the equal readings and the totals (MCR), or
Babcock's score sheet, doubles and totals. The score page, every worked example of a ruling page and the
offline score page draw it (the macros ``breakdown`` and ``babcock_breakdown`` of ``_mjref_macros.html`` call
these functions).

Made here rather than by template macros, as :func:`web.tiles.tiles_html` is: a ruling page draws many
breakdowns, and a Jinja macro pays for each cell, link and label it calls (about a third of a ruling page's
time went there). Every value of the score is escaped; the labels are the catalogue's (:mod:`kb.i18n`), as the
templates' ``_()`` gives them. ``fan_url`` and ``ruling_url`` are the page's URL makers (:mod:`web.urls`, or the
offline page's own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache, partial
from typing import Any

from markupsafe import Markup

from kb.i18n import gettext, ngettext, pgettext

from .tiles import babcock_item

Url = Callable[[Any], str]
MCR_PAYERS = ("winner", "discarder", "others")
BABCOCK_PAYERS = ("winner", "east", "others")


def escape(value: Any) -> str:
    """``value`` escaped for HTML with the entities Jinja's autoescape (MarkupSafe) writes, as plain text (a
    ``Markup`` would escape what it is joined with); markup (``__html__``) as it is. Written out because a page
    escapes thousands of short values, and MarkupSafe's ``escape`` builds a ``Markup`` for each."""
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
    return f'<a href="{escape(href)}">{escape(text)}</a>'


class Labels:
    """The breakdown's texts in one language, translated once (escaped, as Jinja's ``_()`` gives them)."""

    def __init__(self, lang: str) -> None:
        _, p_ = gettext(lang), pgettext(lang)
        self.lang = lang
        self.gettext, self.ngettext, self.pgettext = _, ngettext(lang), p_
        self.points, self.sets, self.rulings = escape(_("Points")), escape(_("Sets")), escape(_("Rulings"))
        self.comma = escape(_(", "))
        self.fan, self.excluded_by = escape(_("Fan")), escape(_("Excluded by"))
        self.head = (
            f'<thead><tr><th>#</th><th>{self.fan}</th><th class="num">{self.points}</th><th>{self.sets}</th>'
            f"<th>{self.rulings}</th></tr></thead>"
        )
        self.item, self.factor = escape(_("Item")), escape(_("Factor"))
        self.babcock_points, self.replaced_by = escape(p_("babcock", "Points")), escape(_("Replaced by"))

    def __call__(self, message: str, **params: Any) -> Markup:
        """``_(message, **params)`` as a template's newstyle gettext gives it: the translation, params escaped."""
        text = Markup(self.gettext(message))
        return text % params if params else text

    def plural(self, singular: str, plural: str, num: int) -> Markup:
        """``ngettext``, the count filled in as ``%(num)s``."""
        return Markup(self.ngettext(singular, plural, num)) % {"num": num}

    def particular(self, context: str, message: str, **params: Any) -> Markup:
        """``pgettext`` with params, as :meth:`__call__` is ``gettext`` (context ``babcock``: Babcock's points)."""
        text = Markup(self.pgettext(context, message))
        return text % params if params else text


@lru_cache(maxsize=8)
def labels(lang: str) -> Labels:
    """The texts of ``lang``, made once."""
    return Labels(lang)


def _links(ids: Iterable[Any], url: Url, comma: str) -> str:
    """Links to rulings (or fans), each named by its id, separated by ``comma``."""
    return comma.join(link(url(r), str(r)) for r in ids)


def _empty_row(columns: int, text: str) -> str:
    return f'<tr><td colspan="{columns}">{text}</td></tr>'


def _fan_cells(f: Mapping[str, Any], t: Labels, fan_url: Url, ruling_url: Url) -> str:
    count = f" ×{escape(f['count'])}" if f["count"] > 1 else ""
    return (
        f'<td class="fan-no">{escape(f["fan"])}</td>'
        f'<td class="fan-name">{link(fan_url(f["key"]), f["name"])}{count}</td>'
        f'<td class="num points" data-label="{t.points}">{escape(f["points"])}</td>'
        f'<td data-label="{t.sets}">{escape(" ".join(f["sets"]))}</td>'
        f'<td data-label="{t.rulings}">{_links(f["rulings"], ruling_url, t.comma)}</td>'
    )


def _fan_rows(fans: Iterable[Mapping[str, Any]], t: Labels, fan_url: Url, ruling_url: Url) -> str:
    return "".join(f"<tr>{_fan_cells(f, t, fan_url, ruling_url)}</tr>" for f in fans)


def _payments(payments: Mapping[str, int], payers: tuple[str, ...], t: Labels) -> str:
    _ = t
    each = _("(each)")
    parts = [
        f"{escape(t.gettext(who))}{' ' + each if who == 'others' else ''} {payments[who]:+d}"
        for who in payers
        if who in payments
    ]
    return ", ".join(parts)


def mcr_breakdown(score: Mapping[str, Any], fan_url: Url, ruling_url: Url, lang: str = "en") -> Markup:
    """An MCR score's JSON (:meth:`scorer.result.Result.to_dict`, named in ``lang``) as the breakdown's HTML."""
    t = labels(lang)
    _, n_ = t, t.plural  # named as Babel's extractor (and tests/test_translations.py) finds the messages
    fans = score["fans"]
    rows = _fan_rows(fans, t, fan_url, ruling_url) or _empty_row(5, _("No fan."))
    out = [f'<table class="fans" data-cards>{t.head}<tbody>{rows}</tbody></table>']
    if score.get("excluded"):
        by_number: dict[Any, list[Mapping[str, Any]]] = {}
        for f in fans:
            by_number.setdefault(f["fan"], []).append(f)
        caption = _("Left out: the hand has these, but they may not be scored")
        out.append(
            f'<table class="excluded" data-cards><caption>{caption}</caption><thead><tr><th>#</th><th>{t.fan}</th>'
            f"<th>{t.excluded_by}</th><th>{t.rulings}</th></tr></thead><tbody>"
        )
        for e in score["excluded"]:
            by = ", ".join(
                "".join(f'<a href="{escape(fan_url(f["key"]))}">{escape(f["name"])}</a>' for f in by_number[b])
                if b in by_number
                else str(_("fan %(num)s", num=b))
                for b in e["by"]
            )
            out.append(
                f'<tr><td class="fan-no">{escape(e["fan"])}</td><td class="fan-name">'
                f'<a href="{escape(fan_url(e["key"]))}">{escape(e["name"])}</a></td>'
                f'<td data-label="{t.excluded_by}">{by}</td>'
                f'<td data-label="{t.rulings}">{_links(e["rulings"], ruling_url, t.comma)}</td></tr>'
            )
        out.append("</tbody></table>")
    if score.get("alternatives"):
        said = t(
            "The same total, %(total)s points. Either reading is right; a claim follows one of them whole, never a mix",
            total=score["total"],
        )
        out.append(
            f'<section class="alternatives" id="alternatives"><h3>{_("The hand can also be read as")}</h3>'
            f'<p>{said} (<a href="{escape(ruling_url("equal-readings"))}">equal-readings</a>, '
            f'<a href="{escape(ruling_url("principle-non-separation"))}">principle-non-separation</a>).</p>'
        )
        for n, a in enumerate(score["alternatives"], 1):
            form = f" ({escape(a['form'])})" if a["form"] != score.get("form") else ""
            out.append(
                f'<table class="fans alternative" data-cards><caption>{_("also-read %(n)s", n=n)}{form}</caption>'
                f"{t.head}<tbody>{_fan_rows(a['fans'], t, fan_url, ruling_url)}</tbody></table>"
            )
        out.append("</section>")
    flowers = score.get("flowers")
    flowers_text = f" ({n_('including %(num)s flower', 'including %(num)s flowers', flowers)})" if flowers else ""
    if score["meets_minimum"]:
        minimum = str(_("met: at least 8 points without flowers"))
    else:
        why = _("fewer than 8 points without flowers, so this is no valid win")
        minimum = f"<strong>{_('not met')}</strong>: {why}"
    payments = score.get("payments")
    paid = _payments(payments, MCR_PAYERS, t) if payments else escape(t.gettext("none"))
    out.append(
        f'<dl class="totals"><dt>{_("Total")}</dt><dd class="total">{_("%(points)s points", points=score["total"])}'
        f"{flowers_text}</dd><dt>{_('Minimum')}</dt><dd>{minimum}</dd><dt>{_('Payments')}</dt><dd>{paid}</dd></dl>"
    )
    return Markup("\n".join(out))  # every value of the score went through escape()


def babcock_sheet(score: Mapping[str, Any], ruling_url: Url, payments: bool = True, lang: str = "en") -> Markup:
    """A Babcock score's JSON (named in ``lang``) as its score sheet's HTML; ``payments`` adds who pays what."""
    t = labels(lang)
    _, p_ = t, t.particular  # named as Babel's extractor (and tests/test_translations.py) finds the messages
    rows = "".join(
        f'<tr><td class="fan-name">{escape(f["name"])}{" ×" + str(escape(f["count"])) if f["count"] > 1 else ""}</td>'
        f'<td data-label="{t.sets}">{escape(" ".join(f["sets"]))}</td>'
        f'<td class="num points" data-label="{t.babcock_points}">{escape(f["points"])}</td>'
        f'<td data-label="{t.rulings}">{_links(f["rulings"], ruling_url, t.comma)}</td></tr>'
        for f in score["fans"]
    )
    out = [
        f'<table class="fans" data-cards><thead><tr><th>{t.item}</th><th>{t.sets}</th>'
        f'<th class="num">{t.babcock_points}</th><th>{t.rulings}</th></tr></thead><tbody>'
        f"{rows or _empty_row(4, _('No item: nothing on the score sheet.'))}</tbody></table>"
    ]
    if score.get("excluded"):
        out.append(
            f'<table class="excluded" data-cards><caption>{_("Left out: the limit hand takes the place of these")}'
            f"</caption><thead><tr><th>{t.item}</th><th>{t.replaced_by}</th><th>{t.rulings}</th></tr></thead><tbody>"
        )
        for e in score["excluded"]:
            by = ", ".join(str(escape(babcock_item(b, lang))) for b in e["by"])
            out.append(
                f'<tr><td class="fan-name">{escape(e["name"])}</td><td data-label="{t.replaced_by}">{by}</td>'
                f'<td data-label="{t.rulings}">{_links(e["rulings"], ruling_url, t.comma)}</td></tr>'
            )
        out.append("</tbody></table>")
    doubles = "".join(
        f'<tr><td class="fan-name">{escape(d["name"])}</td><td data-label="{t.sets}">{escape(" ".join(d["sets"]))}</td>'
        f'<td class="num points" data-label="{t.factor}">×{2 ** d["count"]}</td>'
        f'<td data-label="{t.rulings}">{_links(d["rulings"], ruling_url, t.comma)}</td></tr>'
        for d in score["doubles"]
    )
    out.append(
        f'<table class="doubles" data-cards><caption>{_("Doubles")}</caption><thead><tr><th>{_("Double")}</th>'
        f'<th>{t.sets}</th><th class="num">{t.factor}</th><th>{t.rulings}</th></tr></thead><tbody>'
        f"{doubles or _empty_row(4, _('No double.'))}</tbody></table>"
    )
    if score.get("limit"):
        limit = f"<strong>{_('reached')}</strong>: {_('the total is capped at 300')}"
    elif any(f["points"] >= 300 for f in score["fans"]):
        limit = str(_("a limit hand, scored at the limit of 300"))
    else:
        limit = str(_("not reached (300)"))
    totals = [
        f"<dt>{_('Base')}</dt><dd>{p_('babcock', '%(points)s points', points=score['base'])}</dd>",
        f'<dt>{_("Total")}</dt><dd class="total">{p_("babcock", "%(points)s points", points=score["total"])}</dd>',
        f"<dt>{_('Limit')}</dt><dd>{limit}</dd>",
    ]
    if payments and score.get("payments"):
        settle = _("East pays and receives double, and the losers then settle their own differences")
        totals.append(
            f"<dt>{_('Payments')}</dt><dd>{_payments(score['payments'], BABCOCK_PAYERS, t)}; {settle} "
            f"({_links(['babcock-settlement'], ruling_url, t.comma)})</dd>"
        )
    out.append(f'<dl class="totals">{"".join(totals)}</dl>')
    return Markup("\n".join(out))  # every value of the score went through escape()


def template_globals(lang: str) -> dict[str, Callable[..., Markup]]:
    """The breakdowns speaking ``lang``, as the templates call them (:func:`web.respond.site_templates`)."""
    return {"mcr_breakdown": partial(mcr_breakdown, lang=lang), "babcock_sheet": partial(babcock_sheet, lang=lang)}
