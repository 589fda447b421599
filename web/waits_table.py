"""The wait grid's section of the score page as HTML (:func:`waits_section`, which the partial
``_mjref_score_answer.html`` calls, on the server's score page and the exported one): the 13 tiles; for each
profile (:func:`wait_grid`), each winning tile with its totals on a discard, self-drawn and as the last of its
kind (each a link to that win's full score) and the wait fan it earns, or a hand's distance from ready and its
useful tiles; the wins the profiles score differently (:func:`wait_differences`); links to the hand under each
profile.

Made here rather than by template macros, as :mod:`web.breakdown` is: the grid under every profile draws a few
dozen rows of four linked cells, and a macro call for each cell, label and link cost the page more than scoring
every win did (and the section's own macro, with its caller, a sixth of the page). Every value is escaped
(:func:`web.markup.escape_text`); the labels are the catalogue's, as the templates' ``_()`` gives them.
``score_url``, ``fan_url`` and ``ruling_url`` are the page's URL makers (:mod:`web.urls`, or the offline page's
own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache, partial
from typing import Any

from markupsafe import Markup

from kb.i18n import position_name, profile_name

from .breakdown import profile_list, ruling_links, ruling_name
from .markup import escape_text, labels, link
from .tiles import tiles_html

Url = Callable[[Any], str]


class _GridLabels:
    """The texts a grid repeats, in one language: made once."""

    def __init__(self, lang: str) -> None:
        self.gettext, self.ngettext = labels(lang).gettext, labels(lang).ngettext
        _ = self.gettext  # named as Babel's extractor finds the messages
        self.caption = str(_("Each winning tile under %(profile)s", profile="%(profile)s"))
        note = f'<span class="th-note">{_("on a discard / self-drawn")}</span>'
        last = f'<th class="num">{_("Last of its kind")} {note}</th>'
        head = f'<th>{_("Tile")}</th><th class="num">{_("On a discard")}</th><th class="num">{_("Self-drawn")}</th>'
        self.heads = {
            any_last: f"<thead><tr>{head}{last if any_last else ''}<th>{_('Wait fan')}</th></tr></thead>"
            for any_last in (False, True)
        }
        self.below_minimum = str(
            _("Below the 8-point minimum (flowers not counted): declaring a win on it is a false win.")
        )
        self.rulings = str(_("Rulings:"))
        self.all_four = str(_("Completes the hand's shape, but the hand holds all four:"))
        self.no_fifth = str(_("no fifth copy to win on."))
        self.closer = str(_("Tiles that bring it closer:"))
        self.stop = str(_("."))
        self.ways = {
            "discard": str(_("%(tile)s on a discard: the full score", tile="%(tile)s")),
            "self_drawn": str(_("%(tile)s self-drawn: the full score", tile="%(tile)s")),
            "last_discard": str(_("%(tile)s on a discard, the last of its kind", tile="%(tile)s")),
            "last_self_drawn": str(_("%(tile)s self-drawn, the last of its kind", tile="%(tile)s")),
        }
        self.false_win = str(_("(below the minimum: a false win)"))
        self.same, self.none = str(_("the same")), str(_("none"))
        self.standing = str(_("standing"))
        self.differ = str(_("Where the profiles differ"))
        self.same_everywhere = str(_("Every profile gives every win the same total."))
        self.same_hand, self.all_of_them = str(_("The same hand under:")), str(_("all of them side by side"))
        self.comma, self.colon, self.semicolon = labels(lang).comma, str(_(": ")), str(_("; "))
        # Between a label and what follows it: a space, but none after Chinese full-width punctuation (有效牌：未见…).
        self.gap = "" if lang == "zh" else " "
        self.in_brackets = str(_(" (%(rulings)s)", rulings="%(rulings)s"))
        self.way_names = {
            "discard": str(_("on a discard")),
            "self_drawn": str(_("self-drawn")),
            "last_of_kind_discard": str(_("on a discard, the last of its kind")),
            "last_of_kind_self_drawn": str(_("self-drawn, the last of its kind")),
        }

    def left(self, unseen: int) -> str:
        return str(self.ngettext("%(num)s left", "%(num)s left", unseen))

    def unseen(self, n: int) -> str:
        return str(self.ngettext("%(num)s copy left unseen", "%(num)s copies left unseen", n))


@lru_cache(maxsize=8)
def _grid_labels(lang: str) -> _GridLabels:
    return _GridLabels(lang)


def _cell(win: Mapping[str, Any], title: str, score_url: Url, labels_: _GridLabels) -> str:
    """One way of winning: its total, linked to that win's full score, marked when it falls below the minimum;
    ``title`` is markup."""
    below = win["false_win"]
    mark = (
        '<span class="false-win-mark" aria-hidden="true">✗</span>'
        f'<span class="visually-hidden"> {labels_.false_win}</span>'
        if below
        else ""
    )
    css = "wait-total below-minimum" if below else "wait-total"
    href = escape_text(score_url(win["query"]))
    return f'<a class="{css}" href="{href}" title="{title}">{win["total"]}{mark}</a>'


def wait_grid(g: Mapping[str, Any], score_url: Url, fan_url: Url, ruling_url: Url, lang: str = "en") -> Markup:
    """One profile's grid (:func:`web.waits.grid_view`): for a ready hand, how many winning tiles and copies
    left, the table of its wins, the false-win and exhausted-tile notes with their rulings; for a hand not ready,
    its distance from ready and the tiles that bring it closer."""
    labels_ = _grid_labels(lang)
    ngettext, comma = labels_.ngettext, labels_.comma
    out = [f'<div class="wait-grid" data-profile="{escape_text(g["profile"])}">']
    if g["ready"]:
        ready = ngettext("Ready: %(num)s winning tile", "Ready: %(num)s winning tiles", len(g["rows"]))
        out.append(f'  <p class="wait-summary">{ready}{comma}{labels_.unseen(g["unseen"])}{labels_.stop}</p>')
        if g["rows"]:
            caption = labels_.caption % {"profile": escape_text(profile_name(g["profile"], lang))}
            out += [
                '  <table class="waits">',
                f'    <caption class="visually-hidden">{caption}</caption>',
                f"    {labels_.heads[bool(g['any_last'])]}",
                "    <tbody>",
                _rows(g["rows"], g["any_last"], score_url, fan_url, lang),
                "    </tbody>",
                "  </table>",
            ]
        if g["any_false_win"]:
            rulings = ruling_links(g["false_win_rulings"], ruling_url, lang)
            out.append(
                '  <p class="wait-note"><span class="false-win-mark" aria-hidden="true">✗</span> '
                f"{labels_.below_minimum}{labels_.gap}{labels_.rulings}{labels_.gap}{rulings}</p>"
            )
        if g["exhausted"]:
            rulings = ruling_links(g["exhausted_rulings"], ruling_url, lang)
            out.append(
                f'  <p class="wait-note exhausted">{labels_.all_four} {tiles_html(g["exhausted"], lang=lang)} '
                f"{labels_.no_fifth}{labels_.gap}{labels_.rulings}{labels_.gap}{rulings}</p>"
            )
    else:
        distance = ngettext(
            "Not ready: %(num)s tile from ready (shanten %(num)s).",
            "Not ready: %(num)s tiles from ready (shanten %(num)s).",
            g["shanten"],
        )
        useful = "".join(
            f'<li>{tiles_html([u["face"]], lang=lang, spoken=False)}<span class="wait-name">'
            f'{escape_text(u["face"]["title"])}</span> <span class="muted">{labels_.left(u["unseen"])}</span></li>'
            for u in g["useful"]
        )
        out += [
            f'  <p class="wait-summary not-ready">{distance}</p>',
            f'  <p class="wait-note">{labels_.closer}{labels_.gap}{labels_.unseen(g["useful_unseen"])}'
            f"{labels_.stop}</p>",
            f'  <ul class="useful-tiles">{useful}</ul>',
        ]
    out.append("</div>")
    return Markup("\n".join(out))


def _rows(rows: Iterable[Mapping[str, Any]], any_last: bool, score_url: Url, fan_url: Url, lang: str) -> str:
    """The ``<tr>`` of each row of a grid (a winning tile); ``any_last``: whether the table has the column of the
    last of its kind."""
    labels_ = _grid_labels(lang)
    ways = labels_.ways

    def cell(win: Mapping[str, Any], title: str) -> str:
        return _cell(win, title, score_url, labels_)

    out = []
    for r in rows:
        face = r["face"]
        param = {"tile": escape_text(face["title"])}  # the labels' param, escaped as Jinja's _() escapes it
        cells = [
            f'<tr data-tile="{escape_text(r["tile"])}"><th scope="row" class="wait-tile">'
            f"{tiles_html([face], lang=lang, spoken=False)}"
            f'<span class="wait-name">{param["tile"]}</span>'
            f'<span class="wait-left muted">{labels_.left(r["unseen"])}</span></th>',
            f'<td class="num" data-way="discard">{cell(r["discard"], ways["discard"] % param)}</td>',
            f'<td class="num" data-way="self_drawn">{cell(r["self_drawn"], ways["self_drawn"] % param)}</td>',
        ]
        if any_last:
            last = r["last_of_kind"]
            if last:
                on_discard = cell(last["discard"], ways["last_discard"] % param)
                drawn = cell(last["self_drawn"], ways["last_self_drawn"] % param)
                cells.append(f'<td class="num" data-way="last_of_kind">{on_discard} / {drawn}</td>')
            else:
                cells.append(f'<td class="num" data-way="last_of_kind"><span class="muted">{labels_.same}</span></td>')
        fan = r["wait_fan"]
        if fan:
            name = f"{link(fan_url(fan['key']), fan['name'])} {escape_text(fan['points'])}"
        else:
            name = f'<span class="muted">{labels_.none}</span>'
        cells.append(f'<td class="wait-fan">{name}</td></tr>')
        out.append("\n".join(cells))
    return "\n".join(out)


def wait_differences(
    differences: Iterable[Mapping[str, Any]], fan_url: Url, ruling_url: Url, lang: str = "en"
) -> Markup:
    """The ``<li>`` of each win whose total the profiles part on (:func:`web.waits.waits_view`): the tile and the
    way of winning, each profile's total, and each fan they score differently with the disputed rulings that part
    them and each position's profiles."""
    labels_ = _grid_labels(lang)
    comma, colon = labels_.comma, labels_.colon
    out = []
    for d in differences:
        face = d["face"]
        totals = comma.join(
            f"{escape_text(profile_name(p, lang))} {escape_text(total)}"
            + ("" if d["meets_minimum"][p] else f'<span class="false-win-mark" title="{labels_.false_win}">✗</span>')
            for p, total in d["totals"].items()
        )
        fans = "".join(f"<li>{_fan_difference(f, fan_url, ruling_url, labels_, lang)}</li>" for f in d["fans"])
        out.append(
            f"\n    <li>{tiles_html([face], lang=lang, spoken=False)} <strong>{escape_text(face['title'])}</strong>"
            f"{comma}{labels_.way_names[d['way']]}{colon}{totals}\n      {f'<ul>{fans}</ul>' if fans else ''}"
            "\n    </li>\n  "
        )
    return Markup("".join(out))


def _fan_difference(f: Mapping[str, Any], fan_url: Url, ruling_url: Url, labels_: _GridLabels, lang: str) -> str:
    """A fan the profiles score differently: each profile's points, and the disputed rulings that part them."""
    points = labels_.comma.join(
        f"{escape_text(profile_name(p, lang))} {escape_text(n)}" for p, n in f["points"].items()
    )
    rulings = ""
    for r in f["disputed"]:
        rulings += labels_.semicolon + link(ruling_url(r["id"]), ruling_name(ruling_url, r["id"]))
        if r["positions"]:
            positions = labels_.semicolon.join(
                escape_text(position_name(pos["id"], lang))
                + labels_.colon
                + escape_text(profile_list(pos["profiles"], lang))
                for pos in r["positions"]
            )
            rulings += labels_.in_brackets % {"rulings": positions}
    return f"{link(fan_url(f['key']), f['name'])}{labels_.colon}{points}{rulings}"


def waits_section(
    v: Mapping[str, Any], form: Mapping[str, Any], score_url: Url, fan_url: Url, ruling_url: Url, lang: str = "en"
) -> Markup:
    """The score page's answer to a hand of 13 (:func:`web.waits.waits_view`): the hand, each profile's grid (the
    one of ``form``'s profile open), where the profiles differ, and links to the same hand under each profile of
    ``form``."""
    labels_ = _grid_labels(lang)
    grids = v["grids"]
    out = [
        '<section class="result waits" id="waits">',
        f"<h2 data-land>{labels_.gettext('What %(hand)s waits on', hand=grids[0]['hand'])}</h2>",
        _waiting_hand(v["layout"], labels_, lang),
    ]
    if len(grids) == 1:
        out.append(f"<h3>{_under_profile(grids[0]['profile'], labels_, lang)}</h3>")
        out.append(wait_grid(grids[0], score_url, fan_url, ruling_url, lang))
    else:
        current = form["profile"]
        for k, g in enumerate(grids):
            opened = g["profile"] == current or (k == 0 and current not in v["profiles"])
            out += [
                f'<details class="wait-profile" id="waits-{escape_text(g["profile"])}"{" open" if opened else ""}>',
                f"<summary>{_under_profile(g['profile'], labels_, lang)}</summary>",
                wait_grid(g, score_url, fan_url, ruling_url, lang),
                "</details>",
            ]
        if grids[0]["ready"]:
            out.append(f'<h3 id="waits-differ">{labels_.differ}</h3>')
            if not v["differences"]:
                out.append(f"<p>{labels_.same_everywhere}</p>")
            differences = wait_differences(v["differences"], fan_url, ruling_url, lang)
            out.append(f'<ul class="wait-differences">{differences}</ul>')
    out += [_other_profiles(form, score_url, labels_, lang), "</section>"]
    return Markup("\n".join(out))


def _under_profile(profile: str, labels_: _GridLabels, lang: str) -> str:
    """The heading of one profile's grid ("Under green-book")."""
    return str(labels_.gettext("Under %(profile)s", profile=profile_name(profile, lang)))


def _waiting_hand(layout: Mapping[str, Any] | None, labels_: _GridLabels, lang: str) -> str:
    """The 13 tiles (:func:`web.waits.waiting_layout`): the declared sets, the standing tiles, the winds and
    flowers."""
    if not layout:
        return ""
    sets = "".join(
        f'<span class="set {escape_text(m["kind"])}{" concealed" if m["concealed"] else ""}" '
        f'title="{escape_text(m["label"])}"><span class="tiles">{tiles_html(m["tiles"], lang=lang)}</span>'
        f'<span class="set-label">{escape_text(m["label"])}</span></span>'
        for m in layout["melds"]
    )
    winds = labels_.gettext(
        "Prevalent wind %(prevalent)s, seat wind %(seat)s", prevalent=layout["prevalent"], seat=layout["seat"]
    )
    flowers = layout["flowers"]
    if flowers:
        winds += labels_.comma + labels_.ngettext("%(num)s flower", "%(num)s flowers", flowers)
    return (
        f'<div class="hand">{sets}<span class="set standing"><span class="tiles">'
        f'{tiles_html(layout["standing"], lang=lang)}</span><span class="set-label">{labels_.standing}</span></span>'
        f'</div>\n<p class="situation">{winds}{labels_.stop}</p>'
    )


def _other_profiles(form: Mapping[str, Any], score_url: Url, labels_: _GridLabels, lang: str) -> str:
    """Links to the same hand under each of the form's profiles (and, one profile shown, all side by side)."""
    hand, current, compare = form["hand"], form["profile"], form["compare"]
    links = [
        _anchor(score_url({"hand": hand, "profile": p}), profile_name(p, lang))
        for p in form["profiles"]
        if p != current or compare
    ]
    if not compare:
        everything = score_url({"hand": hand, "profile": current, "compare": "all"}) + "#waits"
        links.append(_anchor(everything, labels_.all_of_them))
    return f'<p class="other-profiles">{labels_.same_hand}{labels_.gap}{" · ".join(links)}</p>'


def _anchor(href: str, text: str) -> str:
    """A link to a page of this hand (not :func:`web.markup.link`, which keeps the links that recur)."""
    return f'<a href="{escape_text(href)}">{escape_text(text)}</a>'


def template_globals(lang: str) -> dict[str, Callable[..., Any]]:
    """The wait grid's section, drawn in ``lang``, as the templates call it (:func:`web.respond.site_templates`)."""
    return {"waits_section": partial(waits_section, lang=lang)}
