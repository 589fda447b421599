"""The wait grid on the server: the score page's answer to a hand of 13 tiles, and ``/-/waits.json`` (what
``mjref waits --json`` prints). The grid's layout is :mod:`web.waits`'s, shared with the exported page."""

from __future__ import annotations

import logging
from typing import Any

from datasette import Response

from kb.i18n import localize
from scorer.errors import MjrefError

from .house import profiles
from .respond import respond
from .score_checks import grid_refs
from .urls import lang_of
from .waits import waits_data, waits_result, waits_view


def _error(e: Exception, request: Any, lang: str) -> str:
    if not isinstance(e, MjrefError):  # the page's boundary: whatever the scorer raises is a 400, never a 500
        logging.getLogger("mjref.site").exception("wait list: %s", request.path)
        e = MjrefError("the scorer failed on this hand (%(type)s)", type=type(e).__name__)
    return " ".join(localize(e, lang).split())


async def waits_answer(datasette: Any, request: Any, form: dict[str, Any], choices: dict[str, str]) -> Response:
    """The score page for a hand of 13 tiles: the wait grid under the form's profile (or each profile compared),
    each win linked to its full score; as JSON, the library's."""
    lang = lang_of(request)
    hand, profile, spec = form["hand"], form["profile"], form["compare"]
    try:
        refs = grid_refs(hand, profile, spec, choices)
        result = waits_result(hand, refs)
    except Exception as e:
        error = _error(e, request, lang)
        body = {"error": error, "hand": hand, "profile": profile}
        return await respond(datasette, request, "mjref_score.html", body, status=400, result=None, form=form)
    if request.url_vars.get("format") == "json":  # the page's JSON: the library's
        return await respond(datasette, request, "mjref_score.html", waits_data(result, refs))
    view = waits_view(result, refs, lang)
    return await respond(datasette, request, "mjref_score.html", {}, result=None, error=None, form=form, waits=view)


async def waits_json(datasette: Any, request: Any) -> Response:
    """``/-/waits.json?hand=…&profile=…&compare=all``: the wait list's JSON, as ``mjref waits --json`` prints it
    (the profiles by the site's names); bad input is a 400 with one line, in the page's language."""
    house, choices = profiles(datasette)
    args = request.args
    hand = args.get("hand", "")
    profile = args.get("profile") or (house.name if house.ruleset == "mcr" else "green-book")
    try:
        refs = grid_refs(hand, profile, args.get("compare", ""), choices)
        data = waits_data(waits_result(hand, refs), refs)
    except Exception as e:
        return Response.json({"error": _error(e, request, lang_of(request)), "hand": hand}, status=400)
    return Response.json(data)
