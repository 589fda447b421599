"""The exported score page's Python, run in the browser by Pyodide (installed there as ``mjref_offline``).

It scores with :func:`scorer.score`, the function behind ``/-/score.json``, and draws the result with the score
page's own macros (``_mjref_macros.html``: the hand as tiles, the breakdown, the exclusions, the rulings, the
payments; for a hand of 13 the wait grid of :mod:`web.waits` and ``_mjref_waits.html``) and the site's message
catalogue (``kb.i18n``), so that the page shows what the server's page shows. Only ``scorer``, ``web.tiles``,
``web.breakdown``, ``web.waits``, ``kb.i18n``, Jinja2 and PyYAML are imported: no database, no Datasette and no
Babel (stand-ins for the few names the site's modules import from them are put in place when they are absent).

:func:`score_page` answers what the page needs as JSON text: ``{"status": 200, "data": <the JSON of
/-/score.json>, "html": <the result section>}``, or ``{"status": 400, "data": {"error": …}, "html": …}``.
"""

from __future__ import annotations

import gettext
import json
import sys
import types
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

HERE = Path(__file__).resolve().parent
RESULT = """{% from "_mjref_macros.html" import hand, breakdown, babcock_breakdown %}
<section class="result">
  <h2><code>{{ result.hand }}</code> {{ _("under %(profile)s", profile=result.profile) }}</h2>
  {{ hand(hand_layout(result.hand)) }}
  {% if result.ruleset == "babcock" %}{{ babcock_breakdown(result) }}{% else %}{{ breakdown(result) }}{% endif %}
  <p class="other-profiles">{{ _("The same hand under:") }}
  {% for p in others %}<a href="{{ p.url }}">{{ p.name }}</a>{% if not loop.last %} · {% endif %}{% endfor %}</p>
</section>"""
WAITS = """{% from "_mjref_waits.html" import waits_section %}{% call waits_section(view, view.profiles[0]) %}
<p class="other-profiles">{{ _("The same hand under:") }}
{% for p in others %}<a href="{{ p.url }}">{{ p.name }}</a>{% if not loop.last %} · {% endif %}{% endfor %}</p>
{% endcall %}"""


def _module(name: str, **names: Any) -> None:
    module = types.ModuleType(name)
    module.__dict__.update(names)
    sys.modules[name] = module


class _Translations(gettext.GNUTranslations):
    """Babel's ``Translations`` as ``kb.i18n`` makes it: a compiled catalogue (and a domain, unused here)."""

    def __init__(self, fp: Any = None, domain: str | None = None) -> None:
        super().__init__(fp)


def _without_server_packages() -> None:
    """Stand-ins for what the site's modules import from packages Pyodide lacks, when they are absent: Datasette's
    ``hookimpl`` (``web.tiles`` registers a hook) and the parts of Babel ``kb.i18n`` reads its catalogue with (the
    wheel holds the catalogue compiled, at the ``.po`` file's path: reading it gives the compiled bytes)."""
    try:
        import datasette  # noqa: F401
    except ImportError:
        _module("datasette", hookimpl=lambda f: f)
    try:
        import babel  # noqa: F401
    except ImportError:
        _module("babel")
        _module("babel.messages")
        _module("babel.messages.catalog", Catalog=object)
        _module("babel.messages.pofile", read_po=lambda f, locale=None, domain=None: f.read())
        _module("babel.messages.mofile", write_mo=lambda out, compiled: out.write(compiled))
        _module("babel.support", NullTranslations=gettext.NullTranslations, Translations=_Translations)


@lru_cache(maxsize=1)
def site() -> dict[str, Any]:
    """The export's settings: the house profile, the profiles offered by rule set (``site.json``)."""
    data: dict[str, Any] = json.loads((HERE / "site.json").read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=2)
def environment(lang: str) -> Any:
    """The score page's macros in ``lang``, with the globals they call."""
    import jinja2

    _without_server_packages()
    from kb.i18n import translations as catalogue
    from web import breakdown, tiles

    templates = Path(str(tiles.__file__)).parent / "templates"
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates)), autoescape=True)
    env.add_extension("jinja2.ext.i18n")
    translations = catalogue(lang)
    env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]
    root = "../../"  # the score page is -/score/index.html, in its language's folder

    def page(kind: str, key: object) -> str:
        return f"{root}{kind}/{quote(str(key), safe='')}/index.html"

    env.globals.update(tiles.template_globals(lang))  # the tiles and the breakdown in lang, as the site's templates
    env.globals.update(breakdown.template_globals(lang))
    env.globals.update(
        ruling_url=lambda r: page("rulings", r),
        fan_url=lambda f: page("fans", f),
        source_url=lambda s: page("sources", s),
        score_url=lambda params=None: "index.html?" + urlencode(params or {}),  # the wait grid's links: this page
        tr=translations.gettext,
        lang=lang,
    )
    return env


def choose(profile: str, ruleset: str) -> tuple[str, str]:
    """The rule set and profile asked for, as the server's page chooses them (:func:`web.score.score_choice`)."""
    from scorer.errors import MjrefError
    from web.score_checks import shown

    offered: dict[str, str] = site()["profiles"]  # name: rule set
    rulesets: dict[str, str] = site()["rulesets"]
    house = site()["house"]
    ruleset = ruleset or offered.get(profile) or offered[house]
    if ruleset not in rulesets:
        message = "unknown rule set %(ruleset)s: use one of %(rulesets)s"
        raise MjrefError(message, ruleset=shown(ruleset), rulesets=", ".join(rulesets))
    if not profile:
        profile = house if offered[house] == ruleset else site()["defaults"][ruleset]
    if profile in offered and offered[profile] != ruleset:
        message = "profile %(profile)s is not a %(ruleset)s profile: drop ruleset or profile"
        raise MjrefError(message, profile=repr(profile), ruleset=rulesets[ruleset])
    return ruleset, profile


def score_data(hand: str, profile: str = "", ruleset: str = "", lang: str = "en") -> dict[str, Any]:
    """What ``/-/score.json?hand=…&profile=…&ruleset=…`` answers (without audit or compare), and its status; in
    Chinese (``lang`` zh) what ``/zh/-/score.json`` answers."""
    _without_server_packages()
    from kb.i18n import localize
    from scorer import score
    from scorer.errors import MjrefError
    from web.score_checks import checked, named
    from web.waits import is_waiting, waits_data

    try:
        ruleset, profile = choose(profile, ruleset)
        checked(hand, profile, site()["profiles"])  # the server's checks, in its words
        if ruleset == "mcr" and is_waiting(hand):  # 13 tiles: the wait grid, as on the server
            return {"status": 200, "data": waits_data(hand, {profile: profile}), "waits": True}
        data: dict[str, Any] = score(hand, profile=profile, ruleset=ruleset).to_dict()
    except Exception as e:  # the page's boundary, as on the server: a 400 with one line
        if not isinstance(e, MjrefError):
            e = MjrefError("the scorer failed on this hand (%(type)s)", type=type(e).__name__)
        error = " ".join(localize(e, lang).split())
        return {"status": 400, "data": {"error": error, "hand": hand, "profile": profile}}
    return {"status": 200, "data": named(data, lang)}


def score_page(hand: str, profile: str = "", ruleset: str = "", lang: str = "en") -> str:
    """The score and its result section as JSON text: ``{"status", "data", "html"}``, ``data`` what
    ``/-/score.json`` (``/zh/-/score.json`` in Chinese) answers; for a hand of 13 tiles the wait grid (``"waits":
    true``, ``data`` what ``/-/waits.json`` answers)."""
    answer = score_data(hand, profile, ruleset, lang)
    if answer["status"] != 200:
        error = answer["data"]["error"]
        line = '<p class="error" role="alert">{{ _("error: %(message)s", message=e) }}</p>'
        answer["html"] = environment(lang).from_string(line).render(e=error)
        return json.dumps(answer, ensure_ascii=False)
    data = answer["data"]
    offered: dict[str, str] = site()["profiles"]
    others = [
        {"name": p, "url": "index.html?" + urlencode({"hand": hand, "profile": p})}
        for p, r in offered.items()
        if r == data["ruleset"] and p != data["profile"]
    ]
    if answer.get("waits"):
        from web.waits import waits_view

        view = waits_view(data, lang)
        answer["html"] = environment(lang).from_string(WAITS).render(view=view, others=others)
        return json.dumps(answer, ensure_ascii=False)
    answer["html"] = environment(lang).from_string(RESULT).render(result=data, others=others)
    return json.dumps(answer, ensure_ascii=False)


def score_many(hands: str, profile: str = "", ruleset: str = "", lang: str = "en") -> str:
    """The JSON of many hands at once (``hands`` a JSON list; a list of :func:`score_data`'s ``data``)."""
    found = [score_data(h, profile, ruleset, lang)["data"] for h in json.loads(hands)]
    return json.dumps(found, ensure_ascii=False)
