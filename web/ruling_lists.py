"""The lists of a ruling's page: its citations, the fans it concerns, what the scorer applies it to, and the rulings
it links to or is linked from. ``mjref_ruling.html`` calls these functions.

Made in Python for the reason :mod:`web.breakdown` gives: a template pays several microseconds for each item of a
list (its loop, its link maker, each value it escapes), and a ruling's page lists a hundred items and more. Every
value is escaped; the texts are the catalogue's, under the message ids the templates used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from markupsafe import Markup

from kb.i18n import profile_name

from .breakdown import Url
from .markup import escape_text, labels, link
from .tiles import babcock_item

Row = Mapping[str, Any]


def citation(c: Row, source_url: Url, lang: str = "en") -> Markup:
    """A citation: its source (linked), its locator, its quote, and the source that quotes it, if any."""
    _ = labels(lang).gettext
    out = f"{link(source_url(c['source_id']), c['source_title'] or c['source_id'])}, "
    out += escape_text(c["locator"])
    if c.get("quote"):
        out += f": <q>{escape_text(c['quote'])}</q>"
    if c.get("quoted_by"):
        by = c["quoted_by"]
        quoted = _('as quoted by <a href="%(url)s">%(source)s</a>', url=source_url(by), source=by)
        out += f' <span class="muted">({quoted})</span>'
    return Markup(out)


def citations(found: Iterable[Row], source_url: Url, lang: str = "en") -> Markup:
    """A ``<ul class="citations">`` of :func:`citation`."""
    items = "".join(f"<li>{citation(c, source_url, lang)}</li>" for c in found)
    return Markup(f'<ul class="citations">{items}</ul>')


def ruling_list(rulings: Iterable[Row], ruling_url: Url) -> Markup:
    """A ``<ul class="rulings">`` of rulings, each linked by its title."""
    items = "".join(f"<li>{link(ruling_url(r['id']), r['title'])}</li>" for r in rulings)
    return Markup(f'<ul class="rulings">{items}</ul>')


def fan_list(fans: Iterable[Row], fan_url: Url, lang: str = "en") -> Markup:
    """The fans a ruling concerns: name (linked), on an English page the Chinese name, and the fan's number
    labelled as one; a fan the fan table does not know by its text."""
    _ = labels(lang).gettext
    items = []
    for f in fans:
        if not f["key"]:
            items.append(f"<li>{escape_text(babcock_item(f['fan'], lang))}</li>")  # Babcock's items are no fans
            continue
        chinese = f' <span lang="zh">{escape_text(f["name_zh"])}</span>' if lang != "zh" else ""
        # Labelled as the fan's number, after its name: a bare "19" read as points (issue 37).
        number = f'<span class="fan-number muted">{escape_text(_("(fan no. %(num)s)", num=f["id"]))}</span>'
        space = "" if lang == "zh" else " "  # none before a full-width bracket
        items.append(f"<li>{link(fan_url(f['key']), f['name'])}{chinese}{space}{number}</li>")
    return Markup(f'<ul class="fan-list">{"".join(items)}</ul>')


def applies_list(applies: Iterable[Row], fan_url: Url, profile: str, lang: str = "en") -> Markup:
    """What the scorer applies a ruling to: the fans it defines, and the exclusions it decides (marked by whether
    the house profile takes them)."""
    _ = labels(lang).gettext
    items = []
    for a in applies:
        if a["kind"] == "definition":
            said = _(
                'the definition of fan %(id)s, <a href="%(url)s">%(name)s</a>',
                id=a["id"],
                url=fan_url(a["key"]),
                name=a["name"],
            )
            items.append(f"<li>{said}</li>")
            continue
        said = _(
            'when <a href="%(fan_url)s">%(fan)s</a> is scored, <a href="%(excluded_url)s">%(excluded)s</a> is not',
            fan_url=fan_url(a["fan_key"]),
            fan=a["fan_name"],
            excluded_url=fan_url(a["excluded_key"]),
            excluded=a["excluded_name"],
        )
        scope = escape_text(a["scope_text"])
        if a["condition"]:
            when = _("when %(fan)s", fan=a["condition_fan"] or a["condition"])
            scope += f"; {when}"
        item = f"{said} ({scope})"
        if a["position"]:
            names = [profile_name(name, lang) for name in a["profiles"].split(", ")]
            under = _("under %(profiles)s", profiles=labels(lang).comma.join(names))
            item += f' <span class="muted">{under}</span>'
        if not a["house"]:
            not_under = _("not under %(profile)s", profile=profile_name(profile, lang))
            item += f' <span class="muted">({not_under})</span>'
        items.append(f'<li class="{"house" if a["house"] else "not-house"}">{item}</li>')
    return Markup(f'<ul class="applies">{"".join(items)}</ul>')


def template_globals(lang: str) -> dict[str, Callable[..., Markup]]:
    """The lists drawn in ``lang``, as the templates call them (:func:`web.respond.site_templates`)."""
    return {
        "citations_html": partial(citations, lang=lang),
        "ruling_list": ruling_list,
        "fan_list": partial(fan_list, lang=lang),
        "applies_list": partial(applies_list, lang=lang),
    }
