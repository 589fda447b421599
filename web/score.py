"""The score page ``/-/score?hand=``: a hand scored under a profile the site offers (never a path from the
request), with an audit of a claimed score (``claim``, ``claim_total``) and a comparison of profiles
(``compare``). Bad input gives status 400 with the scorer's one-line message."""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode

from datasette import Response
from datasette.utils.asgi import BadRequest

from kb.i18n import localize
from scorer.errors import MjrefError
from scorer.profiles import Profile, load_profile

from .db import site_facts
from .house import profiles
from .qr import MAX_QR, qr_svg
from .respond import respond
from .score_answer import score_answer
from .score_checks import shown
from .urls import lang_of
from .waits import is_waiting
from .waits_page import waits_answer

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
        data, views = score_answer(form, choices, names, titles, lang)
    except Exception as e:  # the page's boundary: whatever the scorer raises is a 400, never a 500
        if not isinstance(e, MjrefError):
            logging.getLogger("mjref.site").exception("score page: %s", request.path)
            e = MjrefError("the scorer failed on this hand (%(type)s)", type=type(e).__name__)
        data = {"error": " ".join(localize(e, lang).split()), "hand": hand, "profile": profile}
        return await respond(datasette, request, "mjref_score.html", data, status=400, result=None, form=form)
    views["share"] = share_view(datasette.absolute_url(request, request.full_path), request.full_path)
    return await respond(datasette, request, "mjref_score.html", data, error=None, form=form, **views)


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
