"""What the exported score page needs from ``kb.db`` to judge a claimed score in the browser, baked into its wheel
as ``mjref_offline/facts.json``: the fan names a claim may use (the ``fan_aliases`` the server reads its name index
from, :func:`web.db.site_facts`) and every ruling's title in each language (the English one where the Chinese is
not written), which the audit's links carry."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any


def read_facts(db: Path) -> dict[str, Any]:
    """``{"names": [[fan number, name], …], "titles": {"en": {id: title}, "zh": {id: title}}}`` from ``db``."""
    with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as conn:
        names = [[n, alias] for n, alias in conn.execute("SELECT fan_id, alias FROM fan_aliases ORDER BY rowid")]
        rows = conn.execute("SELECT id, title, COALESCE(NULLIF(title_zh, ''), title) FROM rulings").fetchall()
    return {"names": names, "titles": {"en": {r: t for r, t, _ in rows}, "zh": {r: z for r, _, z in rows}}}
