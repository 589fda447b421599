"""The score page's table mode for Babcock, ``/-/table``: the four hands in, the settlement out.

The fields are ``east``, ``south``, ``west``, ``north`` (each hand in its seat, as for ``mjref settle``),
``winner`` (``E``, ``S``, ``W``, ``N`` or ``none`` for a draw game), ``dead`` (a seat holding a Dead Hand, repeatable,
as ``mjref settle --dead``) and ``profile`` (a Babcock profile the site
offers, never a path). ``/-/table.json`` answers exactly what ``mjref settle --json`` prints; bad input gives
status 400 with the one-line error (which seat, which problem).
"""

from __future__ import annotations

import logging
from typing import Any

from datasette import Response

from scorer.errors import MjrefError

from .house import profiles
from .respond import respond
from .table_settle import table_answer, table_error, table_form
from .urls import lang_of


async def table_page(datasette: Any, request: Any) -> Response:
    house, choices = profiles(datasette)
    args = request.args
    form = table_form(args.get, args.getlist, house.name, choices)
    if not form["asked"] and request.url_vars.get("format") != "json":
        return await respond(datasette, request, "mjref_table.html", {}, result=None, error=None, form=form)
    lang = lang_of(request)
    try:
        settled, view = table_answer(form, choices, lang)
    except Exception as e:  # the page's boundary: whatever the scorer raises is a 400, never a 500
        if not isinstance(e, MjrefError):
            logging.getLogger("mjref.site").exception("table page: %s", request.path)
        data = {"error": table_error(e, lang)}
        return await respond(datasette, request, "mjref_table.html", data, status=400, result=None, form=form)
    return await respond(datasette, request, "mjref_table.html", settled, result=view, error=None, form=form)
