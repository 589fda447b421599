"""A score's breakdown as HTML: the fan table, what is left out, the equal readings and the totals (MCR), or
Babcock's score sheet, doubles and totals. The score page, the table page, every worked example of a ruling page
and the offline score page draw it: the macros ``breakdown`` and ``babcock_breakdown`` of ``_mjref_macros.html``
call these functions.

Made here rather than by template macros, as :func:`web.tiles.tiles_html` is: a ruling page draws many
breakdowns, and a Jinja macro pays for each cell, link and label it writes. Every value of the score is escaped
(:func:`web.markup.escape_text`); the labels are the catalogue's (:mod:`kb.i18n`), as the templates' ``_()`` gives
them. ``fan_url`` and ``ruling_url`` are the page's URL makers (:mod:`web.urls`, or the offline page's own).
Messages are translated outside the f-strings, where Babel's extractor finds them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from markupsafe import Markup

from kb.i18n import position_name, profile_name, translate

from .markup import Labels, escape_text, labels, link
from .tiles import babcock_item

Url = Callable[[Any], str]
MCR_PAYERS = ("winner", "discarder", "others")
BABCOCK_PAYERS = ("winner", "east", "others")


def ruling_links(ids: Iterable[Any], ruling_url: Url, lang: str = "en") -> Markup:
    """Links to rulings, each named by its id (by its title on a Chinese page), separated by the language's comma."""
    return Markup(_links(ids, ruling_url, labels(lang).comma))


def _links(ids: Iterable[Any], url: Url, comma: str) -> str:
    """Links to rulings, each named as ``url`` names it: by its title on a Chinese page (:func:`ruling_name`)."""
    return comma.join(link(url(r), ruling_name(url, r)) for r in ids)


class RulingUrl:
    """A ruling's URL maker that also names the ruling a link leads to (:meth:`name`): its title in the page's
    language where ``titles`` has it (a Chinese page names a ruling by its Chinese title, never its id, which is
    English words), else its id (an English page keeps the ids it has always shown)."""

    __slots__ = ("make", "titles")

    def __init__(self, make: Url, titles: Mapping[str, str]) -> None:
        self.make, self.titles = make, titles

    def __call__(self, ruling: Any) -> str:
        return self.make(ruling)

    def name(self, ruling: Any) -> str:
        return self.titles.get(str(ruling), str(ruling))


def ruling_name(url: Url, ruling: Any) -> str:
    """How a link to ``ruling`` made by ``url`` is named: by the maker's ``name`` (a :class:`RulingUrl`: its title on
    a Chinese page, the server's and the exported page's alike), else by its id."""
    name = getattr(url, "name", None)
    return str(name(ruling)) if callable(name) else str(ruling)


def _empty_row(columns: int, text: str) -> str:
    return f'<tr><td colspan="{columns}">{text}</td></tr>'


def _fan_cells(f: Mapping[str, Any], t: Labels, fan_url: Url, ruling_url: Url) -> str:
    count = f" ×{escape_text(f['count'])}" if f["count"] > 1 else ""
    return (
        f'<td class="fan-no">{escape_text(f["fan"])}</td>'
        f'<td class="fan-name">{link(fan_url(f["key"]), f["name"])}{count}</td>'
        f'<td class="num points" data-label="{t.points}">{escape_text(f["points"])}</td>'
        f'<td data-label="{t.sets}">{escape_text(" ".join(f["sets"]))}</td>'
        f'<td data-label="{t.rulings}">{_links(f["rulings"], ruling_url, t.comma)}</td>'
    )


def _fan_rows(fans: Iterable[Mapping[str, Any]], t: Labels, fan_url: Url, ruling_url: Url) -> str:
    return "".join(f"<tr>{_fan_cells(f, t, fan_url, ruling_url)}</tr>" for f in fans)


def _payments(payments: Mapping[str, int], payers: tuple[str, ...], t: Labels) -> str:
    """Who pays or receives what: ``winner +24, discarder -10, others (each) -8``."""
    _ = t.gettext
    each = str(_("(each)"))
    return t.comma.join(
        f"{escape_text(t.text(who))}{' ' + each if who == 'others' else ''} {payments[who]:+d}"
        for who in payers
        if who in payments
    )


def mcr_breakdown(
    score: Mapping[str, Any], fan_url: Url, ruling_url: Url, lang: str = "en", anchored: bool = True
) -> Markup:
    """An MCR score's JSON (:meth:`scorer.result.Result.to_dict`, named in ``lang``) as the breakdown's HTML; its
    other readings are the target of ``#alternatives`` when ``anchored`` (a page of several breakdowns, a ruling's
    worked examples, gives none that id: an id names one element of a page)."""
    t = labels(lang)
    _, n_ = t.gettext, t.ngettext
    fans = score["fans"]
    rows = _fan_rows(fans, t, fan_url, ruling_url) or _empty_row(5, _("No fan."))
    out = [f'<table class="fans" data-cards>{t.fan_table_head}<tbody>{rows}</tbody></table>']
    if score.get("excluded"):
        out.append(_excluded_table(score, t, fan_url, ruling_url))
    if score.get("alternatives"):
        out.append(_alternatives(score, t, fan_url, ruling_url, anchored))
    flowers = score.get("flowers")
    with_flowers = n_("including %(num)s flower", "including %(num)s flowers", flowers) if flowers else ""
    if score["meets_minimum"]:
        minimum = str(_("met: at least 8 points without flowers"))
    else:
        not_met, why = _("not met"), _("fewer than 8 points without flowers, so this is no valid win")
        minimum = f"<strong>{not_met}</strong>: {why}"
    payments = score.get("payments")
    paid = _payments(payments, MCR_PAYERS, t) if payments else escape_text(t.text("none"))
    total, total_points = _("Total"), _("%(points)s points", points=score["total"])
    minimum_label, payments_label = _("Minimum"), _("Payments")
    out.append(
        f'<dl class="totals"><dt>{total}</dt><dd class="total">{total_points}'
        f"{f' ({with_flowers})' if with_flowers else ''}</dd><dt>{minimum_label}</dt><dd>{minimum}</dd>"
        f"<dt>{payments_label}</dt><dd>{paid}</dd></dl>"
    )
    return Markup("\n".join(out))  # every value of the score went through escape_text()


def _excluded_table(score: Mapping[str, Any], t: Labels, fan_url: Url, ruling_url: Url) -> str:
    """The fans the hand has but may not score, each with the fans that exclude it and the rulings."""
    _ = t.gettext
    by_number: dict[Any, list[Mapping[str, Any]]] = {}
    for f in score["fans"]:
        by_number.setdefault(f["fan"], []).append(f)
    caption = _("Left out: the hand has these, but they may not be scored")
    rows = []
    for e in score["excluded"]:
        by = ", ".join(
            "".join(link(fan_url(f["key"]), f["name"]) for f in by_number[b])
            if b in by_number
            else str(_("fan %(num)s", num=b))
            for b in e["by"]
        )
        rows.append(
            f'<tr><td class="fan-no">{escape_text(e["fan"])}</td>'
            f'<td class="fan-name">{link(fan_url(e["key"]), e["name"])}</td><td data-label="{t.excluded_by}">{by}</td>'
            f'<td data-label="{t.rulings}">{_links(e["rulings"], ruling_url, t.comma)}</td></tr>'
        )
    return (
        f'<table class="excluded" data-cards><caption>{caption}</caption><thead><tr><th>#</th><th>{t.fan}</th>'
        f"<th>{t.excluded_by}</th><th>{t.rulings}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _alternatives(score: Mapping[str, Any], t: Labels, fan_url: Url, ruling_url: Url, anchored: bool) -> str:
    """The other readings of the hand with the same total, each as a fan table; ``anchored``: id ``alternatives``."""
    _ = t.gettext
    heading = _("The hand can also be read as")
    said = _(
        "The same total, %(total)s points. Either reading is right; a claim follows one of them whole, never a mix",
        total=score["total"],
    )
    links = _links(("equal-readings", "principle-non-separation"), ruling_url, t.comma)
    rulings, stop = _(" (%(rulings)s)", rulings=Markup(links)), _(".")  # in Chinese: （…，…）。
    anchor = ' id="alternatives"' if anchored else ""
    out = [f'<section class="alternatives"{anchor}><h3>{heading}</h3><p>{said}{rulings}{stop}</p>']
    p_ = t.pgettext
    forms = {  # the forms a hand can take (scorer/arrange.py), named in the page's language
        "regular": p_("form", "regular"),
        "seven-pairs": p_("form", "seven-pairs"),
        "thirteen-orphans": p_("form", "thirteen-orphans"),
        "honors-and-knitted": p_("form", "honors-and-knitted"),
        "knitted-straight": p_("form", "knitted-straight"),
    }
    for n, a in enumerate(score["alternatives"], 1):
        caption = _("also-read %(n)s", n=n)
        form = _(" (%(form)s)", form=forms.get(a["form"], a["form"])) if a["form"] != score.get("form") else ""
        out.append(
            f'<table class="fans alternative" data-cards><caption>{caption}{form}</caption>'
            f"{t.fan_table_head}<tbody>{_fan_rows(a['fans'], t, fan_url, ruling_url)}</tbody></table>"
        )
    out.append("</section>")
    return "\n".join(out)


def babcock_sheet(score: Mapping[str, Any], ruling_url: Url, payments: bool = True, lang: str = "en") -> Markup:
    """A Babcock score's JSON (named in ``lang``) as its score sheet's HTML; ``payments`` adds who pays what."""
    t = labels(lang)
    _, p_ = t.gettext, t.pgettext
    rows = "".join(
        f'<tr><td class="fan-name">{escape_text(f["name"])}{" ×" + escape_text(f["count"]) if f["count"] > 1 else ""}'
        f'</td><td data-label="{t.sets}">{escape_text(" ".join(f["sets"]))}</td>'
        f'<td class="num points" data-label="{t.babcock_points}">{escape_text(f["points"])}</td>'
        f'<td data-label="{t.rulings}">{_links(f["rulings"], ruling_url, t.comma)}</td></tr>'
        for f in score["fans"]
    )
    rows = rows or _empty_row(4, _("No item: nothing on the score sheet."))
    out = [
        f'<table class="fans" data-cards><thead><tr><th>{t.item}</th><th>{t.sets}</th>'
        f'<th class="num">{t.babcock_points}</th><th>{t.rulings}</th></tr></thead><tbody>{rows}</tbody></table>'
    ]
    if score.get("excluded"):
        caption = _("Left out: the limit hand takes the place of these")
        replaced = "".join(
            f'<tr><td class="fan-name">{escape_text(e["name"])}</td><td data-label="{t.replaced_by}">'
            f"{', '.join(escape_text(babcock_item(b, lang)) for b in e['by'])}</td>"
            f'<td data-label="{t.rulings}">{_links(e["rulings"], ruling_url, t.comma)}</td></tr>'
            for e in score["excluded"]
        )
        out.append(
            f'<table class="excluded" data-cards><caption>{caption}</caption><thead><tr><th>{t.item}</th>'
            f"<th>{t.replaced_by}</th><th>{t.rulings}</th></tr></thead><tbody>{replaced}</tbody></table>"
        )
    doubles = "".join(
        f'<tr><td class="fan-name">{escape_text(d["name"])}</td>'
        f'<td data-label="{t.sets}">{escape_text(" ".join(d["sets"]))}</td>'
        f'<td class="num points" data-label="{t.factor}">×{2 ** d["count"]}</td>'
        f'<td data-label="{t.rulings}">{_links(d["rulings"], ruling_url, t.comma)}</td></tr>'
        for d in score["doubles"]
    )
    caption, double = _("Doubles"), _("Double")
    doubles = doubles or _empty_row(4, _("No double."))
    out.append(
        f'<table class="doubles" data-cards><caption>{caption}</caption><thead><tr><th>{double}</th>'
        f'<th>{t.sets}</th><th class="num">{t.factor}</th><th>{t.rulings}</th></tr></thead><tbody>{doubles}</tbody>'
        "</table>"
    )
    if score.get("limit"):
        reached, capped = _("reached"), _("the total is capped at 300")
        limit = f"<strong>{reached}</strong>: {capped}"
    elif any(f["points"] >= 300 for f in score["fans"]):
        limit = str(_("a limit hand, scored at the limit of 300"))
    else:
        limit = str(_("not reached (300)"))
    base = p_("babcock", "%(points)s points", points=score["base"])
    total = p_("babcock", "%(points)s points", points=score["total"])
    base_label, total_label, limit_label = _("Base"), _("Total"), _("Limit")
    totals = [
        f"<dt>{base_label}</dt><dd>{base}</dd>",
        f'<dt>{total_label}</dt><dd class="total">{total}</dd>',
        f"<dt>{limit_label}</dt><dd>{limit}</dd>",
    ]
    if payments and score.get("payments"):
        payments_label = _("Payments")
        settle = _("East pays and receives double, and the losers then settle their own differences")
        totals.append(
            f"<dt>{payments_label}</dt><dd>{_payments(score['payments'], BABCOCK_PAYERS, t)}; {settle} "
            f"({_links(['babcock-settlement'], ruling_url, t.comma)})</dd>"
        )
    out.append(f'<dl class="totals">{"".join(totals)}</dl>')
    return Markup("\n".join(out))  # every value of the score went through escape_text()


def profile_list(names: Iterable[str], lang: str = "en") -> str:
    """Profiles named in ``lang`` (:func:`kb.i18n.profile_name`), separated by the language's comma."""
    return labels(lang).comma.join(profile_name(name, lang) for name in names)


def template_globals(lang: str) -> dict[str, Callable[..., Any]]:
    """The breakdowns speaking ``lang``, as the templates call them (:func:`web.respond.site_templates`)."""
    return {
        "mcr_breakdown": partial(mcr_breakdown, lang=lang),
        "babcock_sheet": partial(babcock_sheet, lang=lang),
        "ruling_links_html": partial(ruling_links, lang=lang),
        # A profile and a position of a disputed ruling as the page's language names them (kb.i18n).
        "profile_name": partial(profile_name, lang=lang),
        "profile_title": partial(translate, lang),
        "position_name": partial(position_name, lang=lang),
        "profile_list": partial(profile_list, lang=lang),
        "ruling_name": ruling_name,
    }
