"""A worked example drawn: its one line (the hand as tiles and its total under each profile) and, on a ruling's
page, the line opening on its detail (the hand in notation, the situation, the note, the verdict and the stored
breakdown). :mod:`web.ruling_page` draws every ruling's examples with :func:`worked_example`, once; the fan page's
``example_line`` macro calls :func:`example_line`, and the ``hand_inline`` macro (a hand on one line, also in a
ruling's body) :func:`inline_hand`.

Made in Python for the reason :mod:`web.breakdown` gives: a ruling page may draw dozens of examples, and each
macro call, label and link a template makes costs more than the HTML it writes. Every value is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from markupsafe import Markup

from kb.i18n import profile_name

from .breakdown import Url, babcock_sheet, mcr_breakdown
from .markup import escape_text, labels
from .tiles import hand_layout, tiles_html

Layout = dict[str, Any]
NOT_MADE: Layout = {}  # a layout argument not given (None is a hand that cannot be drawn)


def inline_hand(layout: Mapping[str, Any], lang: str = "en") -> Markup:
    """A hand's layout (:func:`web.tiles.hand_layout`) on one line: declared sets, standing tiles, winning tile."""
    _ = labels(lang).gettext
    winning = _("winning tile")
    melds = "".join(
        f'<span class="tiles{" concealed" if m["concealed"] else ""}" title="{escape_text(m["label"])}">'
        f"{tiles_html(m['tiles'], lang)}</span>"
        for m in layout["melds"]
    )
    return Markup(
        f'<span class="hand hand-inline">{melds}<span class="tiles">{tiles_html(layout["standing"], lang)}</span>'
        f'<span class="tiles winning" title="{winning}">{tiles_html([layout["winning"]], lang)}</span></span>'
    )


def _hand(e: Mapping[str, Any]) -> str:
    return str(e["canonical"] or e["hand"])


def worked_example(e: Mapping[str, Any], fan_url: Url, ruling_url: Url, lang: str = "en") -> Markup:
    """An example on a ruling's page: its line, which opens on its detail (``#example-N`` opens it too)."""
    layout = hand_layout(_hand(e), lang)
    line, detail = example_line(e, e["ord"] + 1, lang, layout), example_detail(e, layout, fan_url, ruling_url, lang)
    return Markup(
        f'<details class="example" id="example-{escape_text(e["ord"])}">\n<summary>{line}</summary>\n'
        f'<div class="example-body">{detail}</div>\n</details>'
    )


def example_line(e: Mapping[str, Any], label: Any, lang: str = "en", layout: Layout | None = NOT_MADE) -> Markup:
    """An example's one line: its number, the hand as tiles (as notation when it cannot be drawn) and its total
    under each profile of ``totals`` (the example's own profile marked), ``–`` where the hand does not score.
    ``layout`` is the hand's, when the caller has it already."""
    if layout is NOT_MADE:
        layout = hand_layout(_hand(e), lang)
    hand = inline_hand(layout, lang) if layout else f"<code>{escape_text(_hand(e))}</code>"
    totals = e.get("totals") or {e["profile"]: e["expected_total"]}
    points = "".join(
        f'<span class="pt{" own" if name == e["profile"] else ""}">{escape_text(profile_name(name, lang))} '
        f"<b>{'–' if total is None else escape_text(total)}</b></span>"
        for name, total in totals.items()
    )
    number = f'<span class="example-label">{escape_text(label)}</span>'
    return Markup(f'{number}\n{hand}\n<span class="example-totals">{points}</span>')


def example_detail(e: Mapping[str, Any], layout: Layout | None, fan_url: Url, ruling_url: Url, lang: str) -> Markup:
    """An example opened: the hand in notation under its profile with its situation (from ``layout``, the hand's,
    None when it cannot be drawn), the note, the expected total and whether the scorer agrees, and the stored
    breakdown (``computed``) when there is one."""
    t = labels(lang)
    _, n_ = t.gettext, t.ngettext
    under, stop = _("under %(profile)s", profile=profile_name(e["profile"], lang)), _(".")
    said = f"<code>{escape_text(_hand(e))}</code> {under}{stop}"
    if layout:
        prevalent, seat = layout["prevalent"], layout["seat"]
        situation = [str(_("Prevalent wind %(prevalent)s, seat wind %(seat)s", prevalent=prevalent, seat=seat))]
        situation += [escape_text(flag) for flag in layout["situation"]]
        if layout["flowers"]:
            situation.append(str(n_("%(num)s flower", "%(num)s flowers", layout["flowers"])))
        said += f" {t.comma.join(situation)}{stop}"
    out = [f'<p class="example-hand">{said}</p>']
    if e.get("note"):
        out.append(f'<p class="note">{escape_text(e["note"])}</p>')
    if e["status"] == "verified":
        verdict = str(_(", and the scorer agrees."))
    else:
        unverified = _("not verified by the scorer: %(status)s", status=e["status"])
        verdict = f' <span class="muted">({unverified})</span>'
    expected = _("Expected total:")
    out.append(f"<p>{expected} <strong>{escape_text(e['expected_total'])}</strong>{verdict}</p>")
    if e.get("computed"):
        if e["ruleset"] == "babcock":
            out.append(babcock_sheet(e["computed"], ruling_url, lang=lang))
        else:
            out.append(mcr_breakdown(e["computed"], fan_url, ruling_url, lang=lang))
    return Markup("\n".join(out))  # every value went through escape_text()


def template_globals(lang: str) -> dict[str, Callable[..., Markup]]:
    """The examples drawn in ``lang``, as the templates call them (:func:`web.respond.site_templates`)."""
    return {
        "inline_hand": partial(inline_hand, lang=lang),
        "example_line_html": partial(example_line, lang=lang),
    }
