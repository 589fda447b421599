"""The exported sheet page's Python, run in the browser by Pyodide (installed there as ``mjref_offline.sheet``).

It reads the form's query with :mod:`web.sheet_form`, settles the sheet with :func:`scorer.sheet.settle_session`
under the export's house profile (an MCR one, else ``green-book``), as ``/-/sheet`` does, and draws the result with
the page's own macros (``_mjref_sheet.html``) in the score page's environment (:func:`mjref_offline.environment`).

:func:`sheet_page` answers JSON text: ``{"status": 200, "data": <the JSON of /-/sheet.json>, "html": …}``, or
``{"status": 400, "data": {"error": …}, "html": <the error line>}``.
"""

from __future__ import annotations

import json
from typing import Any


def _offline() -> Any:
    """The exported score page's module, ``mjref_offline``: it exists only in the browser's wheel, so it is imported
    when a function runs (the test suite imports this module to read its docstrings)."""
    import mjref_offline  # type: ignore[import-not-found]

    return mjref_offline


PAGE = """{% from "_mjref_sheet.html" import sheet_result, sheet_share %}
{% if error %}<p class="error" role="alert">{{ _("error: %(message)s", message=error) }}</p>{% endif %}
{% if sheet %}{{ sheet_result(sheet, winds, rulings) }}{{ sheet_share(url, None) }}{% endif %}"""


def profile() -> str:
    """The profile the sheet settles under: the house's when it plays MCR, else the MCR default."""
    site = _offline().site()
    house: str = site["house"]
    return house if site["profiles"][house] == "mcr" else str(site["defaults"]["mcr"])


def sheet_data(query: str, lang: str = "en") -> dict[str, Any]:
    """What ``/-/sheet.json?<query>`` answers, and its status (in Chinese for ``lang`` zh, as ``/zh/-/sheet.json``)."""
    _offline()._without_server_packages()
    from kb.i18n import localize
    from scorer.errors import MjrefError
    from scorer.sheet import settle_session
    from web import sheet_form

    try:
        house = profile()
        args = sheet_form.read_query(query, house)  # refused as the server refuses it, naming the parameter
        data: dict[str, Any] = settle_session(sheet_form.session_data(args), house).to_dict()
    except Exception as e:  # the page's boundary, as on the server: a 400 with one line
        if not isinstance(e, MjrefError):
            e = MjrefError("the sheet could not be settled (%(type)s)", type=type(e).__name__)
        return {"status": 400, "data": {"error": " ".join(localize(e, lang).split())}}
    return {"status": 200, "data": data}


def sheet_page(query: str, url: str, lang: str = "en") -> str:
    """The settled sheet and its result section as JSON text: ``{"status", "data", "html"}``; ``url`` is the page's
    address, the link that carries the sheet."""
    from web import sheet_form

    answer = sheet_data(query, lang)
    template = _offline().environment(lang).from_string(PAGE)
    if answer["status"] != 200:
        answer["html"] = template.render(error=answer["data"]["error"], sheet=None)
    else:
        data = answer["data"]
        answer["html"] = template.render(error=None, sheet=data, url=url, **sheet_form.view(data))
    return json.dumps(answer, ensure_ascii=False)
