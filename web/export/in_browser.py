"""The exported score page's Python, run in the browser by Pyodide (installed there as ``mjref_offline``).

It works out the page's answer with :mod:`web.score_answer`, the code behind the server's ``/-/score`` (the score,
the audit of a claimed score with its false-win verdict, the comparison of profiles; for a hand of 13 the wait
grid of :mod:`web.waits`), and draws it with the server page's own template (``_mjref_score_answer.html`` and the
macros it imports) and the site's message catalogue (``kb.i18n``), so that the page shows what the server's page
shows. What the server reads from its database for a claim (the fan-name index, the rulings' titles) is baked into
the wheel (``facts.json``). Only ``scorer``, ``kb``'s pure modules, ``web``'s page modules, Jinja2 and PyYAML are
imported: no database, no Datasette and no Babel (stand-ins for the few names the site's modules import from them
are put in place when they are absent).

:func:`page_answer` answers what the page needs as JSON text: ``{"status": 200, "data": <the JSON of
/-/score.json>, "html": <the answer below the form>, "top": <a false win's verdict>}``, or ``{"status": 400,
"data": {"error": …}, "html": <the error line>}``.
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
ANSWER = """{% include "_mjref_score_answer.html" %}"""  # the server page's answer, below the form
FALSE_WIN = """{% from "_mjref_audit.html" import false_win_section %}{{ false_win_section(audit_view, titles) }}"""


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
    from web import breakdown, tiles, waits_table

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
    env.globals.update(waits_table.template_globals(lang))
    env.globals.update(
        # A ruling linked by its title on a Chinese page, as the server names it (the titles baked in facts.json).
        ruling_url=breakdown.RulingUrl(lambda r: page("rulings", r), facts(lang)[1] if lang != "en" else {}),
        fan_url=lambda f: page("fans", f),
        source_url=lambda s: page("sources", s),
        score_url=lambda params=None: "index.html?" + urlencode(params or {}),  # the wait grid's links: this page
        tr=translations.gettext,
        lang=lang,
        site_path=lambda path: path,  # the QR code's image: a data: address, drawn here
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


@lru_cache(maxsize=2)
def facts(lang: str) -> tuple[dict[str, int], dict[str, str]]:
    """What the server reads from its database for the audit (:func:`web.db.site_facts`), baked into the wheel
    (``facts.json``): the fan-name index a claim is read with, and every ruling's title in ``lang``."""
    from kb.claims import index_names

    data = json.loads((HERE / "facts.json").read_text(encoding="utf-8"))
    return index_names([(int(n), name) for n, name in data["names"]]), data["titles"][lang]


def _form(fields: dict[str, str]) -> dict[str, Any]:
    """The page's form as the server's page fills it (:func:`web.score.score_page`), before the choice."""
    keys = ("hand", "profile", "ruleset", "claim", "claim_total", "compare")
    form: dict[str, Any] = {k: str(fields.get(k) or "") for k in keys}
    form["carry"] = {k: form[k] for k in ("claim", "claim_total") if form[k].strip()}  # to the other profiles
    form["house"] = site()["house"]
    return form


def answer(fields: dict[str, str], lang: str = "en", url: str = "") -> dict[str, Any]:
    """The page's answer to its fields (``hand``, ``profile``, ``ruleset``, ``claim``, ``claim_total``,
    ``compare``): ``status``, ``data`` (what ``/-/score.json`` answers), ``html`` (the answer below the form) and
    ``top`` (a false win's verdict, above the form), as the server works them out with :mod:`web.score_answer`.
    ``url`` is the page's address, which a result hands to the players (its link and QR code), as online."""
    _without_server_packages()
    from kb.i18n import localize
    from scorer.errors import MjrefError
    from web.qr import qr_data_url
    from web.score_answer import score_answer
    from web.score_checks import grid_refs
    from web.waits import is_waiting, waits_data, waits_result, waits_view

    form = _form(fields)
    offered: dict[str, str] = site()["profiles"]  # name: rule set
    choices = {name: name for name in offered}  # every profile the page offers is one the wheel holds
    env = environment(lang)
    try:
        form["ruleset"], form["profile"] = choose(form["profile"], form["ruleset"])
    except MjrefError as e:
        choice_error: MjrefError | None = e
        form["ruleset"] = form["ruleset"] or offered[form["house"]]
        form["profile"] = ""
    else:
        choice_error = None
    form["profiles"] = [p for p, r in offered.items() if r == form["ruleset"]]
    claimed = form["claim"].strip() or form["claim_total"].strip()
    views: dict[str, Any] = {}
    try:
        if choice_error is not None:
            raise choice_error
        if form["ruleset"] == "mcr" and not claimed and is_waiting(form["hand"]):  # 13 tiles: the wait grid
            refs = grid_refs(form["hand"], form["profile"], form["compare"], choices)
            found = waits_result(form["hand"], refs)
            data, views = waits_data(found, refs), {"waits": waits_view(found, refs, lang)}
        else:
            data, views = score_answer(form, choices, *facts(lang), lang)
    except Exception as e:  # the page's boundary, as on the server: a 400 with one line
        if not isinstance(e, MjrefError):
            e = MjrefError("the scorer failed on this hand (%(type)s)", type=type(e).__name__)
        error = " ".join(localize(e, lang).split())
        data = {"error": error, "hand": form["hand"], "profile": form["profile"]}
        html = env.from_string(ANSWER).render(error=error, form=form, result=None).strip()
        return {"status": 400, "data": data, "html": html, "top": "", "shown": False}
    audited = views.get("audit_view")
    top = env.from_string(FALSE_WIN).render(**views) if audited and not audited["valid_win"] else ""
    share = {"url": url, "qr": qr_data_url(url)} if url and views.get("result") else None
    html = env.from_string(ANSWER).render(error=None, form=form, share=share, **views).strip()
    shown = bool(views.get("result") or views.get("waits"))  # the server's page then folds its tile keyboard
    return {"status": 200, "data": data, "html": html, "top": top, "waits": "waits" in views, "shown": shown}


def score_data(hand: str, profile: str = "", ruleset: str = "", lang: str = "en") -> dict[str, Any]:
    """What ``/-/score.json?hand=…&profile=…&ruleset=…`` answers, and its status; in Chinese (``lang`` zh) what
    ``/zh/-/score.json`` answers."""
    found = answer({"hand": hand, "profile": profile, "ruleset": ruleset}, lang)
    return {"status": found["status"], "data": found["data"]}


def page_answer(query: str, lang: str = "en", url: str = "") -> str:
    """The page's answer to its address's query (``hand=…&profile=…&claim=…``), as JSON text: ``{"status",
    "data", "html", "top", "shown"}``, ``data`` what ``/-/score.json`` (``/zh/-/score.json`` in Chinese) answers
    with the same query; for a hand of 13 tiles the wait grid (``"waits": true``, ``data`` what ``/-/waits.json``
    answers). ``url`` is the page's address (``location.href``)."""
    from urllib.parse import parse_qsl

    fields: dict[str, str] = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        fields.setdefault(key, value)  # the first of a field given twice, as the server reads it
    return json.dumps(answer(fields, lang, url), ensure_ascii=False)


def score_page(hand: str, profile: str = "", ruleset: str = "", lang: str = "en") -> str:
    """:func:`page_answer` for a hand alone, under ``profile`` of ``ruleset`` (the defaults: the house's)."""
    return json.dumps(answer({"hand": hand, "profile": profile, "ruleset": ruleset}, lang), ensure_ascii=False)


def score_many(hands: str, profile: str = "", ruleset: str = "", lang: str = "en") -> str:
    """The JSON of many hands at once (``hands`` a JSON list; a list of :func:`score_data`'s ``data``)."""
    found = [score_data(h, profile, ruleset, lang)["data"] for h in json.loads(hands)]
    return json.dumps(found, ensure_ascii=False)
