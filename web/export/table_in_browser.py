"""The exported Babcock table page's Python, run in the browser by Pyodide (installed there as
``mjref_offline.table``).

It reads the page's query, settles the four hands with :mod:`web.table_settle` (the server's own code behind
``/-/table``, :func:`scorer.babcock.settle_table`) among the Babcock profiles the export offers, and draws the
answer with the server page's own template (``_mjref_table_answer.html``) in the score page's environment
(:func:`mjref_offline.environment`), so that the page shows what the server's page shows.

:func:`table_page` answers JSON text: ``{"status": 200, "data": <the JSON of /-/table.json>, "html": …}``, or
``{"status": 400, "data": {"error": …}, "html": <the error line>}``; ``asked`` says whether the query asked
anything (the server's page shows no answer to none).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl

ANSWER = """{% include "_mjref_table_answer.html" %}"""


def _offline() -> Any:
    """The exported score page's module, ``mjref_offline``: it exists only in the browser's wheel, so it is imported
    when a function runs (the test suite imports this module to read its docstrings)."""
    import mjref_offline  # type: ignore[import-not-found]

    return mjref_offline


def table_page(query: str, lang: str = "en") -> str:
    """The settlement of the table the query asks for, and its answer below the form, as JSON text."""
    offline = _offline()
    offline._without_server_packages()
    from web.table_settle import table_answer, table_error, table_form

    pairs = parse_qsl(query, keep_blank_values=True)

    def getlist(key: str) -> list[str]:
        return [v for k, v in pairs if k == key]

    def get(key: str) -> str | None:
        return next(iter(getlist(key)), None)  # the first of a field given twice, as the server reads it

    choices = {name: name for name in offline.site()["profiles"]}  # every profile offered is one the wheel holds
    form = table_form(get, getlist, offline.site()["house"], choices)
    template = offline.environment(lang).from_string(ANSWER)
    answer: dict[str, Any] = {"asked": form["asked"]}
    try:
        data, view = table_answer(form, choices, lang)
    except Exception as e:  # the page's boundary, as on the server: a 400 with one line
        error = table_error(e, lang)
        answer.update(status=400, data={"error": error}, html=template.render(error=error, result=None))
    else:
        answer.update(status=200, data=data, html=template.render(error=None, result=view))
    return json.dumps(answer, ensure_ascii=False)
