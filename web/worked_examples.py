"""Worked examples drawn: an example's one line (the hand as tiles and its total under each profile) and, on a
ruling's page, a card for each hand (the line, the hand in notation with its situation, each example's profile,
verdict and note, and a fold with their stored breakdowns). :mod:`web.ruling_page` draws every ruling's examples
with :func:`worked_examples`, once, and a fan's page its examples with :func:`fan_page_examples`; the
``hand_inline`` macro (a hand on one line, also in a ruling's body) calls :func:`inline_hand`.

Made in Python for the reason :mod:`web.breakdown` gives: a ruling page may draw dozens of examples, and each
macro call, label and link a template makes costs more than the HTML it writes. Every value is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import partial
from typing import Any

from markupsafe import Markup

from kb.i18n import profile_name

from .breakdown import Url, babcock_sheet, mcr_breakdown
from .markup import escape_text, labels, link
from .tiles import hand_layout, tiles_html

Layout = dict[str, Any]
NOT_MADE: Layout = {}  # a layout argument not given (None is a hand that cannot be drawn)


def inline_hand(layout: Mapping[str, Any], lang: str = "en") -> Markup:
    """A hand's layout (:func:`web.tiles.hand_layout`) on one line: declared sets, standing tiles, winning tile."""
    _ = labels(lang).gettext
    winning = _("winning tile")
    melds = "".join(
        f'<span class="tiles{" concealed" if m["concealed"] else ""}" {_named(m["label"])}>'
        f"{tiles_html(m['tiles'], lang)}</span>"
        for m in layout["melds"]
    )
    return Markup(
        f'<span class="hand hand-inline">{melds}<span class="tiles">{tiles_html(layout["standing"], lang)}</span>'
        f'<span class="tiles winning" {_named(winning)}>{tiles_html([layout["winning"]], lang)}</span></span>'
    )


def _named(label: str) -> str:
    """A set's attributes: its name shown on hover and read by a screen reader before its tiles."""
    said = escape_text(label)
    return f'title="{said}" role="group" aria-label="{said}"'


def _hand(e: Mapping[str, Any]) -> str:
    return str(e["canonical"] or e["hand"])


def worked_examples(found: Iterable[Mapping[str, Any]], fan_url: Url, ruling_url: Url, lang: str = "en") -> Markup:
    """A ruling's examples: a card for each hand (:func:`example_card`), in the order of the hand's first example."""
    hands: dict[str, list[Mapping[str, Any]]] = {}
    for e in found:
        hands.setdefault(_hand(e), []).append(e)
    # Each card followed by the line break and indent the template's loop wrote after it.
    return Markup("".join(f"{example_card(group, fan_url, ruling_url, lang)}\n  " for group in hands.values()))


def example_card(group: Sequence[Mapping[str, Any]], fan_url: Url, ruling_url: Url, lang: str = "en") -> Markup:
    """The examples of one hand on a ruling's page (issue 37: the same hand was drawn once for each profile, its
    note folded away): the hand once, as tiles, with its total under every profile (the examples' own in bold);
    each example's profile, verdict and note side by side, always shown (``#example-N`` lands there); and one fold
    with the hand in notation, its situation and each example's breakdown."""
    t = labels(lang)
    _, stop = t.gettext, t.gettext(".")
    layout = hand_layout(_hand(group[0]), lang)
    numbers = t.comma.join(str(e["ord"] + 1) for e in group)
    line = example_line(group[0], numbers, lang, layout, own={e["profile"] for e in group})
    said = f"<code>{escape_text(_hand(group[0]))}</code>{stop}"
    if layout:
        said += f"{'' if lang == 'zh' else ' '}{_situation(layout, lang)}"  # no space after a full-width stop
    results = "".join(_result(e, lang) for e in group)
    sections = "".join(
        f'<section class="example-breakdown">{_profile_label(e, lang)}{_breakdown(e, fan_url, ruling_url, lang)}'
        "</section>"
        for e in group
        if e.get("computed")
    )
    summary = _("The breakdown")
    return Markup(
        f'<div class="example">\n<p class="example-line">{line}</p>\n<ul class="example-results">{results}</ul>\n'
        f'<details class="example-more"><summary>{summary}</summary><p class="example-hand">{said}</p>'
        f'<div class="example-breakdowns">{sections}</div></details>\n</div>'
    )  # every value went through escape_text()


def fan_page_examples(found: Iterable[Mapping[str, Any]], ruling_url: Url, score_url: Url, lang: str = "en") -> Markup:
    """A ruling's examples on a fan's page: a card for each hand, as on the ruling's page, with each example's
    verdict and note shown, and links to the breakdown in the ruling and to the score page in place of the fold."""
    t = labels(lang)
    _ = t.gettext
    hands: dict[str, list[Mapping[str, Any]]] = {}
    for e in found:
        hands.setdefault(_hand(e), []).append(e)
    cards = []
    for hand, group in hands.items():
        numbers = t.comma.join(str(e["ord"] + 1) for e in group)
        line = example_line(group[0], numbers, lang, own={e["profile"] for e in group})
        results = "".join(_result(e, lang, anchor=False) for e in group)
        first = group[0]
        breakdown = link(f"{ruling_url(first['ruling_id'])}#example-{first['ord']}", _("The breakdown, in the ruling"))
        scored = link(score_url({"hand": hand, "profile": first["profile"]}), _("Score this hand"))
        cards.append(
            f'<div class="example">\n<p class="example-line">{line}</p>\n<ul class="example-results">{results}</ul>\n'
            f'<p class="example-links">{breakdown} · {scored}</p>\n</div>'
        )
    return Markup("\n".join(cards))  # every value went through escape_text() or link()


def _profile_label(e: Mapping[str, Any], lang: str) -> str:
    """An example's number and profile (named in ``lang``: 绿皮书 on a Chinese page), naming it in its card."""
    name = escape_text(profile_name(e["profile"], lang))
    return f'<span class="example-label">{escape_text(e["ord"] + 1)}</span> <strong>{name}</strong>'


def _result(e: Mapping[str, Any], lang: str, anchor: bool = True) -> str:
    """An example's result in its card, in one paragraph: its number and profile, its expected total and whether
    the scorer agrees, and its note; ``anchor``, the target of ``#example-N`` (on its ruling's page)."""
    _ = labels(lang).gettext
    if e["status"] == "verified":
        verdict = str(_(", and the scorer agrees."))
    else:
        unverified = _("not verified by the scorer: %(status)s", status=e["status"])
        verdict = f' <span class="muted">({unverified})</span>'
    expected = _("Expected total:")
    space = "" if lang == "zh" else " "  # none after a full-width colon or stop
    note = f'{space}<span class="note">{escape_text(e["note"])}</span>' if e.get("note") else ""
    target = f' id="example-{escape_text(e["ord"])}"' if anchor else ""
    return (
        f'<li class="example-result"{target}>{_profile_label(e, lang)} '
        f"{expected}{space}<b>{escape_text(e['expected_total'])}</b>{verdict}{note}</li>"
    )


def _situation(layout: Layout, lang: str) -> str:
    """A hand's situation in one sentence: the winds, how it was won, its flowers."""
    t = labels(lang)
    _, n_ = t.gettext, t.ngettext
    situation = [
        str(_("Prevalent wind %(prevalent)s, seat wind %(seat)s", prevalent=layout["prevalent"], seat=layout["seat"]))
    ]
    situation += [escape_text(flag) for flag in layout["situation"]]
    if layout["flowers"]:
        situation.append(str(n_("%(num)s flower", "%(num)s flowers", layout["flowers"])))
    return f"{t.comma.join(situation)}{_('.')}"


def _breakdown(e: Mapping[str, Any], fan_url: Url, ruling_url: Url, lang: str) -> str:
    """An example's stored breakdown (``computed``), as the score page draws it."""
    if e["ruleset"] == "babcock":
        return str(babcock_sheet(e["computed"], ruling_url, lang=lang))
    return str(mcr_breakdown(e["computed"], fan_url, ruling_url, lang=lang, anchored=False))


def example_line(
    e: Mapping[str, Any],
    label: Any,
    lang: str = "en",
    layout: Layout | None = NOT_MADE,
    own: Collection[str] = (),
) -> Markup:
    """An example's one line: its number, the hand as tiles (as notation when it cannot be drawn) and its total
    under each profile of ``totals``, ``–`` where the hand does not score; the example's own profile marked, or
    those of ``own`` (the examples of one hand). ``layout`` is the hand's, when the caller has it already."""
    if layout is NOT_MADE:
        layout = hand_layout(_hand(e), lang)
    hand = inline_hand(layout, lang) if layout else f"<code>{escape_text(_hand(e))}</code>"
    totals = e.get("totals") or {e["profile"]: e["expected_total"]}
    own = own or {e["profile"]}
    points = "".join(
        f'<span class="pt{" own" if name in own else ""}">{escape_text(profile_name(name, lang))} '
        f"<b>{'–' if total is None else escape_text(total)}</b></span>"
        for name, total in totals.items()
    )
    number = f'<span class="example-label">{escape_text(label)}</span>'
    return Markup(f'{number}\n{hand}\n<span class="example-totals">{points}</span>')


def template_globals(lang: str) -> dict[str, Callable[..., Markup]]:
    """The examples drawn in ``lang``, as the templates call them (:func:`web.respond.site_templates`)."""
    return {
        "inline_hand": partial(inline_hand, lang=lang),
        "fan_page_examples": partial(fan_page_examples, lang=lang),
    }
