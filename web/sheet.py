"""The session's score sheet, ``/-/sheet``: four names and up to 16 hands in, every payment and penalty with its
ruling, the running totals and the table points out, settled by :func:`scorer.sheet.settle_session` under the
house profile (an MCR one; ``green-book`` when the house plays Babcock). The form's fields are
:mod:`web.sheet_form`'s; ``/-/sheet.json`` answers what ``mjref sheet --json`` prints for the same session; bad
input gives status 400 with the library's one line, naming the hand and the field, in the page's language; so does a
query the form never writes (:func:`web.sheet_form.read_query`: a field twice, no such field, not UTF-8, a control
character, another ``profile``), the site's guard leaving the sheet's query to it (:data:`web.guard.OWN_QUERY`).
"""

from __future__ import annotations

import logging
from typing import Any

from datasette import Response

from kb.i18n import localize
from scorer.errors import MjrefError
from scorer.sheet import settle_session

from . import sheet_form
from .db import site_facts
from .house import profiles
from .respond import respond
from .score import DEFAULT_PROFILE, share_view
from .urls import lang_of, site_urls

TEMPLATE = "mjref_sheet.html"


def house_mcr(datasette: Any) -> tuple[str, str]:
    """The profile the sheet settles under: its name, and what the scorer takes (a built-in's name or a path)."""
    house, choices = profiles(datasette)
    name = house.name if house.ruleset == "mcr" else DEFAULT_PROFILE["mcr"]
    return name, choices[name]


async def sheet_page(datasette: Any, request: Any) -> Response:
    lang = lang_of(request)
    name, ref = house_mcr(datasette)
    form: dict[str, Any] = {
        "profile": name,
        "players": [""] * 4,
        "rows": sheet_form.rows({}),
        "winds": sheet_form.SEAT_WINDS,
        "fouls": sheet_form.fouls(ref),
        "titles": (await site_facts(datasette, lang))[1],
    }
    try:
        args = sheet_form.read_query(request.scope.get("query_string") or b"", name)  # the link's query, checked
        values = sheet_form.form_values(args)
        form.update(players=[values[p] for p in sheet_form.PLAYERS], rows=sheet_form.rows(args))
        if not sheet_form.asked(args) and request.url_vars.get("format") != "json":
            return await respond(datasette, request, TEMPLATE, {}, sheet=None, error=None, form=form)
        settled = settle_session(sheet_form.session_data(args), ref).to_dict()
    except Exception as e:  # the page's boundary: whatever the library raises is a 400, never a 500
        if not isinstance(e, MjrefError):
            logging.getLogger("mjref.site").exception("sheet page: %s", request.path)
            e = MjrefError("the sheet could not be settled (%(type)s)", type=type(e).__name__)
        data = {"error": " ".join(localize(e, lang).split())}
        return await respond(datasette, request, TEMPLATE, data, status=400, sheet=None, form=form)
    path = site_urls(datasette, lang)["sheet_url"]() + "?" + sheet_form.share_query(args)
    share = share_view(datasette.absolute_url(request, path), path)
    extra = sheet_form.view(settled)
    return await respond(
        datasette, request, TEMPLATE, settled, sheet=settled, error=None, form=form, share=share, **extra
    )
