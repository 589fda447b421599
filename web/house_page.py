"""The house page, ``/house``: how the site's house profile differs from the Green Book (``kb.house_differences``),
for a tournament's players' pack (it prints on one page)."""

from __future__ import annotations

from typing import Any

from datasette import Response

from kb.house_differences import house_differences

from .db import gather
from .house import profiles
from .respond import respond
from .urls import lang_of


async def house_page(datasette: Any, request: Any) -> Response:
    house, _ = profiles(datasette)
    lang = lang_of(request)
    data = await gather(datasette, lambda read: house_differences(house, read, lang))
    return await respond(datasette, request, "mjref_house.html", data)
