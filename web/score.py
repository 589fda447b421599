"""The score page ``/-/score?hand=``: a hand scored under a profile the site offers (never a path from the
request), with an audit of a claimed score (``claim``, ``claim_total``) and a comparison of profiles
(``compare``). Bad input gives status 400 with the scorer's one-line message."""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode

import segno
from datasette import Response
from datasette.utils.asgi import BadRequest

from kb.audit import MAX_CLAIMED, Audit, audit, compare
from kb.i18n import fan_name, localize
from scorer import Score, score
from scorer.errors import MjrefError
from scorer.mcr.table import FANS
from scorer.profiles import Profile, load_profile

from .db import site_facts
from .house import profiles
from .respond import respond
from .score_checks import checked, named, shown
from .urls import lang_of
from .waits import is_waiting
from .waits_page import compare_names, waits_answer

MAX_QR = 1000  # bytes (UTF-8) of an address drawn as a QR code: past that the code is too dense for a phone to read


RULESETS = {"mcr": "MCR", "babcock": "Babcock"}  # the rule sets the score page offers, as it names them
DEFAULT_PROFILE = {"mcr": "green-book", "babcock": "babcock"}  # when the house profile is of the other set


def ruleset_of(ref: str) -> str:
    """The rule set a profile the site offers scores (its name or file, as :func:`scorer.score` takes it)."""
    return load_profile(ref).ruleset


def score_choice(args: Any, house: Profile, choices: dict[str, str]) -> tuple[str, str]:
    """The rule set and profile a request asks for: ``ruleset`` picks the set (by default the profile's, or the
    house's), ``profile`` the profile (by default the house's, or the set's first). A mismatch is an error."""
    profile = args.get("profile") or ""
    ruleset = args.get("ruleset") or (ruleset_of(choices[profile]) if profile in choices else house.ruleset)
    if ruleset not in RULESETS:
        raise MjrefError(
            "unknown rule set %(ruleset)s: use one of %(rulesets)s",
            ruleset=shown(ruleset),
            rulesets=", ".join(RULESETS),
        )
    if not profile:
        profile = house.name if house.ruleset == ruleset else DEFAULT_PROFILE[ruleset]
    if profile in choices and ruleset_of(choices[profile]) != ruleset:
        message = "profile %(profile)s is not a %(ruleset)s profile: drop ruleset or profile"
        raise MjrefError(message, profile=repr(profile), ruleset=RULESETS[ruleset])
    return ruleset, profile


async def score_page(datasette: Any, request: Any) -> Response:
    house, choices = profiles(datasette)
    lang = lang_of(request)
    args = request.args
    hand = args.get("hand", "")
    claim, claim_total, spec = args.get("claim", ""), args.get("claim_total", ""), args.get("compare", "")
    form = {
        "hand": hand,
        "ruleset": args.get("ruleset") or house.ruleset,
        "rulesets": RULESETS,
        "profile": args.get("profile") or house.name,
        "profiles": list(choices),
        "house": house.name,
        "claim": claim,
        "claim_total": claim_total,
        "compare": spec,
        "carry": {k: v for k, v in (("claim", claim), ("claim_total", claim_total)) if v.strip()},  # to other profiles
    }
    try:
        ruleset, profile = score_choice(args, house, choices)
        form.update(ruleset=ruleset, profile=profile)
    except MjrefError as e:
        ruleset, profile = "", ""
        choice_error: MjrefError | None = e
    else:
        choice_error = None
    form["profiles"] = [p for p in choices if ruleset_of(choices[p]) == (ruleset or house.ruleset)]
    if not hand.strip() and request.url_vars.get("format") != "json" and choice_error is None:
        return await respond(datasette, request, "mjref_score.html", {}, result=None, error=None, form=form)
    if choice_error is None and ruleset == "mcr" and not (claim.strip() or claim_total.strip()) and is_waiting(hand):
        return await waits_answer(datasette, request, form, choices)  # 13 tiles: what the hand waits on
    names, titles = await site_facts(datasette, lang)
    try:
        if choice_error is not None:
            raise choice_error
        if ruleset != "mcr" and (claim.strip() or claim_total.strip() or spec.strip()):
            raise MjrefError("audit and compare are for MCR hands: leave claim, claim_total and compare empty")
        if claim.strip() or claim_total.strip():
            checked = audit_input(hand, profile, choices, claim, claim_total, names)
            result, audited = checked.score, checked.to_dict()
            for v, verdict in zip(audited["verdicts"], checked.verdicts, strict=True):
                v["why"] = localize(verdict.reason or verdict.why, lang)  # in the page's language, JSON too
        else:
            result, audited = score_input(hand, profile, choices, ruleset), None
        compared = compare_input(result.hand, spec, choices) if spec.strip() and result is not None else None
    except Exception as e:  # the page's boundary: whatever the scorer raises is a 400, never a 500
        if not isinstance(e, MjrefError):
            logging.getLogger("mjref.site").exception("score page: %s", request.path)
            e = MjrefError("the scorer failed on this hand (%(type)s)", type=type(e).__name__)
        data = {"error": " ".join(localize(e, lang).split()), "hand": hand, "profile": profile}
        return await respond(datasette, request, "mjref_score.html", data, status=400, result=None, form=form)
    # audit mode judges the win first: tiles that make no winning hand have no score, only the false-win verdict
    data = named(result.to_dict(), lang) if result is not None else {"hand": checked.hand, "profile": checked.profile}
    if audited is not None:
        if not audited["valid_win"]:
            false_win = audited["false_win"]
            false_win["reason"] = localize(checked.win.reason, lang)  # in the page's language, JSON too
            false_win["penalty_text"] = localize(checked.win.penalty_message, lang)
        data["audit"] = audited
    if compared is not None:
        data["compare"] = named(compared, lang)
    views: dict[str, Any] = {
        "audit_view": audit_view(audited, lang) if audited is not None else None,
        "compare_view": compare_view(data["compare"], result.profile) if compared and result else None,
        "titles": titles,
    }
    views["share"] = share_view(datasette.absolute_url(request, request.full_path), request.full_path)
    shown = data if result is not None else None
    return await respond(datasette, request, "mjref_score.html", data, result=shown, error=None, form=form, **views)


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an SVG document drawn here (segno): no image service, no script, no style."""
    code = segno.make(text, error="m", micro=False)
    return str(
        code.svg_inline(
            scale=1, border=2, omitsize=True, dark="#000", light="#fff", svgclass="qr-code", lineclass=None, title=text
        )
    ).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)  # segno escapes the title


def share_view(url: str, path: str) -> dict[str, Any]:
    """The score page's address as the page shares it: the link to copy, and the address of its QR code
    (``/-/qr.svg``, drawn only when a reader opens it; none for an address too long to scan)."""
    qr = f"/-/qr.svg?{urlencode({'page': path})}" if len(url.encode()) <= MAX_QR else None
    return {"url": url, "qr": qr}


async def qr_code(datasette: Any, request: Any) -> Response:
    """``/-/qr.svg?page=/-/score?…``: the QR code of a score page of this site (never of another text)."""
    page = request.args.get("page", "")
    if not page.startswith(("/-/score?", "/zh/-/score?", "/-/sheet?", "/zh/-/sheet?")):
        raise BadRequest("page must be a score page of this site")
    url = datasette.absolute_url(request, page)
    if len(url.encode("utf-8", "surrogatepass")) > MAX_QR:  # its host counted: the Host header is the client's
        raise BadRequest(f"the page's address is too long for a QR code (at most {MAX_QR} bytes)")
    svg = qr_svg(url)
    return Response(svg, content_type="image/svg+xml; charset=utf-8")


def score_input(hand: str, profile: str, choices: dict[str, str], ruleset: str = "mcr") -> Score:
    """Score a hand from the request under one of the site's profiles; a :class:`MjrefError` for bad input."""
    return score(hand, profile=checked(hand, profile, choices), ruleset=ruleset)


def audit_input(
    hand: str, profile: str, choices: dict[str, str], claim: str, claim_total: str, names: dict[str, int]
) -> Audit:
    """Check a claim from the request (fan names, a total or both) against the hand's score.

    ``names`` is the fan-name index of the site's database, so that a claim reads the same with or
    without the rulings' files at hand. A :class:`MjrefError` for bad input, the claim's own included.
    """
    ref = checked(hand, profile, choices)
    total = None
    if claim_total.strip():
        text = claim_total.strip()
        if not text.isascii() or not text.isdigit() or len(text) > 9 or int(text) > MAX_CLAIMED:
            raise MjrefError("claim_total: expected a whole number of points from 0 to %(most)s", most=MAX_CLAIMED)
        total = int(text)
    return audit(hand, claim=claim if claim.strip() else None, claim_total=total, profile=ref, names=names)


def compare_input(hand: str, spec: str, choices: dict[str, str]) -> dict[str, Any]:
    """The comparison of ``hand`` under the profiles ``spec`` lists (comma-separated names, or ``all``).

    ``all`` is every MCR profile the site offers (a Babcock profile scores another game). What
    ``mjref compare --json`` prints, with every profile under the name the site shows it by.
    """
    names = compare_names(spec, choices)
    data = compare(hand, [choices[n] for n in names]).to_dict()
    label = {choices[n]: n for n in names}  # a house profile file is shown by its name, never its path
    data["totals"] = {label[ref]: total for ref, total in data["totals"].items()}
    for d in data["differences"]:
        d["points"] = {label[ref]: points for ref, points in d["points"].items()}
        d["positions"] = {r: {label[ref]: pos for ref, pos in by.items()} for r, by in d["positions"].items()}
    return data


def _fan_link(fan: int | str, lang: str = "en") -> dict[str, Any]:
    info = FANS.get(fan) if isinstance(fan, int) else None
    name = fan_name(fan, info.name, lang) if info else str(fan)
    return {"fan": fan, "key": info.key if info else None, "name": name}


def audit_view(audited: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The audit's JSON with what the page shows besides: fan names, the fans behind a verdict, the difference."""
    verdicts = [
        {**v, "name": _fan_link(v["fan"], lang)["name"], "by": [_fan_link(b, lang) for b in v["by"]]}
        for v in audited["verdicts"]
    ]
    missed = [{**m, "name": _fan_link(m["fan"], lang)["name"]} for m in audited["missed"]]
    claimed, total = audited["claimed_total"], audited["total"]
    difference = claimed - total if total is not None else 0
    return {**audited, "verdicts": verdicts, "missed": missed, "difference": difference}


def compare_view(compared: dict[str, Any], current: str) -> dict[str, Any]:
    """The comparison's JSON with, for each difference, the profiles grouped by the position they take."""
    differences = []
    for d in compared["differences"]:
        rulings = []
        for ruling, by in d["positions"].items():
            grouped: dict[str, list[str]] = {}
            for name, position in by.items():
                grouped.setdefault(position, []).append(name)
            rulings.append({"id": ruling, "positions": [{"id": p, "profiles": n} for p, n in grouped.items()]})
        differences.append({**d, "disputed": rulings})
    return {"profiles": list(compared["totals"]), "current": current, **compared, "differences": differences}
