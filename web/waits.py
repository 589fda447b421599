"""The score page's wait grid (听牌): a hand of 13 tiles answered with every tile that completes it and what a
win on each would score (:func:`scorer.waits`), laid out for the template partial ``_mjref_waits.html``.

Shared by the server's page (:mod:`web.waits_page`) and the exported page that runs in the browser
(:mod:`web.export.in_browser`, on Pyodide): only the scorer, :mod:`kb.i18n` and :mod:`web.tiles`, no Datasette.

>>> held_tiles("1113333m456p789p"), held_tiles("[123m,1]456p789s5s5s"), held_tiles("1z1z1z?")
(13, 11, None)
>>> view = waits_view(waits_data("1113333m456p789p", {"green-book": "green-book"}), "zh")
>>> [(r["face"]["title"], r["discard"]["query"]) for r in view["grids"][0]["rows"]]
[('二万', {'hand': '1113333m456789p2m|EE0000', 'profile': 'green-book'})]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kb.i18n import fan_name
from scorer.errors import MjrefError
from scorer.notation import parse_text
from scorer.profiles import load_profile
from scorer.tiles import N_KINDS, name
from scorer.wait_list import waits
from scorer.wait_list.reading import TILES_WAITING

from .tiles import hand_layout, tile_face

TILE_OF = {name(t): t for t in range(N_KINDS)}
WAYS = ("discard", "self_drawn")
FALSE_WIN_RULINGS = ("false-win", "eight-point-minimum")


def held_tiles(text: str) -> int | None:
    """How many tiles ``text`` holds, a declared set counted as three; None when it does not read as a hand."""
    try:
        hand, _ = parse_text(text)
    except MjrefError:
        return None
    return len(hand.standing) + 1 + 3 * len(hand.melds)


def is_waiting(text: str) -> bool:
    """Whether the score page answers ``text`` with the wait grid: it holds 13 tiles."""
    return held_tiles(text) == TILES_WAITING


def waits_data(hand: str, refs: Mapping[str, str]) -> dict[str, Any]:
    """The library's JSON (what ``mjref waits --json`` prints) for ``hand`` under ``refs`` (the site's name of a
    profile: the name or file the scorer reads), one grid or several side by side; each profile under the site's
    name for it (a house profile's file is never shown)."""
    names = list(refs)
    if len(names) == 1:
        data: dict[str, Any] = waits(hand, profile=refs[names[0]]).to_dict()
        data["profile"] = names[0]
        return data
    data = waits(hand, profiles=[refs[n] for n in names]).to_dict()
    label = {load_profile(refs[n]).name: n for n in names}
    data["profiles"] = names
    data["grids"] = {label[p]: {**g, "profile": label[p]} for p, g in data["grids"].items()}
    for d in data["differences"]:
        for key in ("totals", "meets_minimum"):
            d[key] = {label[p]: v for p, v in d[key].items()}
        for f in d["fans"]:
            f["points"] = {label[p]: v for p, v in f["points"].items()}
            f["positions"] = {r: {label[p]: pos for p, pos in by.items()} for r, by in f["positions"].items()}
    return data


def _win(win: dict[str, Any], profile: str) -> dict[str, Any]:
    """One way of winning as a grid cell: its total, whether it falls below the minimum, and the score page's
    query for that win (the 14 tiles with the suffix that says how it was won)."""
    return {"total": win["total"], "false_win": win["false_win"], "query": {"hand": win["hand"], "profile": profile}}


def _row(row: dict[str, Any], profile: str, lang: str) -> dict[str, Any]:
    fan = row["wait_fan"]
    last = row["last_of_kind"]
    return {
        "tile": row["tile"],
        "face": tile_face(TILE_OF[row["tile"]], lang),
        "unseen": row["unseen"],
        "discard": _win(row["discard"], profile),
        "self_drawn": _win(row["self_drawn"], profile),
        "last_of_kind": None if last is None else {w: _win(last[w], profile) for w in WAYS},
        "wait_fan": None if fan is None else {**fan, "name": fan_name(fan["fan"], fan["name"], lang)},
    }


def grid_view(grid: dict[str, Any], lang: str) -> dict[str, Any]:
    """One profile's grid as the partial draws it: rows of tiles with their wins, the exhausted tiles, and for a
    hand not ready its distance and the useful tiles."""
    profile = grid["profile"]
    rows = [_row(r, profile, lang) for r in grid["waits"]]
    return {
        "profile": profile,
        "hand": grid["hand"],
        "ready": grid["ready"],
        "shanten": grid["shanten"],
        "rows": rows,
        "unseen": grid["unseen"],
        "any_last": any(r["last_of_kind"] for r in rows),
        "any_false_win": any(r[w]["false_win"] for r in rows for w in WAYS),
        "exhausted": [tile_face(TILE_OF[e["tile"]], lang) for e in grid["exhausted"]],
        "exhausted_rulings": grid["exhausted"][0]["rulings"] if grid["exhausted"] else [],
        "useful": [{"face": tile_face(TILE_OF[u["tile"]], lang), "unseen": u["unseen"]} for u in grid["useful"]],
        "useful_unseen": grid["useful_unseen"],
        "false_win_rulings": FALSE_WIN_RULINGS,
    }


def _difference(d: dict[str, Any], lang: str) -> dict[str, Any]:
    fans = []
    for f in d["fans"]:
        rulings = []
        for ruling in f["rulings"]:
            grouped: dict[str, list[str]] = {}
            for profile, position in f["positions"].get(ruling, {}).items():
                grouped.setdefault(position, []).append(profile)
            rulings.append({"id": ruling, "positions": [{"id": p, "profiles": n} for p, n in grouped.items()]})
        fans.append({**f, "name": fan_name(f["fan"], f["name"], lang), "disputed": rulings})
    return {**d, "face": tile_face(TILE_OF[d["tile"]], lang), "fans": fans}


def waits_view(data: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """What the partial draws from :func:`waits_data`'s JSON: ``grids`` (one, or one a profile side by side) and
    the ``differences`` between the profiles (each fan's points and the disputed rulings that part them)."""
    if "grids" not in data:
        grids, differences, profiles = [grid_view(data, lang)], [], [data["profile"]]
    else:
        grids = [grid_view(data["grids"][p], lang) for p in data["profiles"]]
        differences, profiles = [_difference(d, lang) for d in data["differences"]], data["profiles"]
    return {
        "layout": waiting_layout(data["hand"], lang),
        "grids": grids,
        "differences": differences,
        "profiles": profiles,
    }


def waiting_layout(text: str, lang: str = "en") -> dict[str, Any] | None:
    """The 13 tiles as :func:`web.tiles.hand_layout` lays out a hand, the last tile among the standing ones (a
    waiting hand has no winning tile yet)."""
    layout = hand_layout(text, lang)
    if layout is not None:
        layout["standing"] = sorted([*layout["standing"], layout.pop("winning")], key=lambda f: TILE_OF[f["code"]])
    return layout
