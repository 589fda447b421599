"""The score page's wait grid (听牌): a hand of 13 tiles answered with every tile that completes it and what a
win on each would score (:func:`scorer.waits`), laid out for :func:`web.waits_table.waits_section` to draw.

Shared by the server's page (:mod:`web.waits_page`) and the exported page that runs in the browser
(:mod:`web.export.in_browser`, on Pyodide): only the scorer, :mod:`kb.i18n` and :mod:`web.tiles`, no Datasette.

>>> held_tiles("1113333m456p789p"), held_tiles("[123m,1]456p789s5s5s"), held_tiles("1z1z1z?")
(13, 11, None)
>>> refs = {"green-book": "green-book"}
>>> view = waits_view(waits_result("1113333m456p789p", refs), refs, "zh")
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
from scorer.result import Score
from scorer.tiles import N_KINDS, name
from scorer.wait_list import Waits, WaitsComparison, WaitTile, waits
from scorer.wait_list.grid import EXHAUSTED
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


def waits_result(hand: str, refs: Mapping[str, str]) -> Waits | WaitsComparison:
    """The scorer's wait list of ``hand`` under ``refs`` (the site's name of a profile: the name or file the
    scorer reads): one grid, or several side by side."""
    paths = list(refs.values())
    return waits(hand, profile=paths[0]) if len(paths) == 1 else waits(hand, profiles=paths)


def _site_names(result: Waits | WaitsComparison, refs: Mapping[str, str]) -> dict[str, str]:
    """The site's name of each profile the scorer named (a house profile's file is never shown)."""
    if isinstance(result, Waits):
        return {result.profile: next(iter(refs))}
    return {load_profile(path).name: n for n, path in refs.items()}


def waits_data(result: Waits | WaitsComparison, refs: Mapping[str, str]) -> dict[str, Any]:
    """The library's JSON (what ``mjref waits --json`` prints) of :func:`waits_result` under ``refs``, each
    profile under the site's name for it."""
    label = _site_names(result, refs)
    data: dict[str, Any] = result.to_dict()
    if isinstance(result, Waits):
        data["profile"] = label[result.profile]
        return data
    data["profiles"] = list(refs)
    data["grids"] = {label[p]: {**g, "profile": label[p]} for p, g in data["grids"].items()}
    data["differences"] = [_relabelled(d, label) for d in data["differences"]]
    return data


def _relabelled(d: dict[str, Any], label: Mapping[str, str]) -> dict[str, Any]:
    """A difference's JSON (:meth:`scorer.wait_list.WinDifference.to_dict`) with the site's names of profiles."""
    for key in ("totals", "meets_minimum"):
        d[key] = {label[p]: v for p, v in d[key].items()}
    for f in d["fans"]:
        f["points"] = {label[p]: v for p, v in f["points"].items()}
        f["positions"] = {r: {label[p]: pos for p, pos in by.items()} for r, by in f["positions"].items()}
    return d


def _win(s: Score, profile: str) -> dict[str, Any]:
    """One way of winning as a grid cell: its total, whether it falls below the minimum, and the score page's
    query for that win (the 14 tiles with the suffix that says how it was won)."""
    return {"total": s.total, "false_win": not s.meets_minimum, "query": {"hand": s.hand, "profile": profile}}


def _row(row: WaitTile, profile: str, lang: str) -> dict[str, Any]:
    fan = row.wait_fan
    last = row.last_of_kind
    return {
        "tile": name(row.tile),
        "face": tile_face(row.tile, lang),
        "unseen": row.unseen,
        "discard": _win(row.discard, profile),
        "self_drawn": _win(row.self_drawn, profile),
        "last_of_kind": None if last is None else {w: _win(s, profile) for w, s in zip(WAYS, last, strict=True)},
        "wait_fan": None if fan is None else {**fan.to_dict(), "name": fan_name(fan.fan, fan.name, lang)},
    }


def grid_view(grid: Waits, profile: str, lang: str) -> dict[str, Any]:
    """One profile's grid (``profile``: the site's name for it) as :func:`web.waits_table.wait_grid` draws it:
    rows of tiles with their wins, the exhausted tiles, and for a hand not ready its distance and the useful
    tiles."""
    rows = [_row(r, profile, lang) for r in grid.waits]
    return {
        "profile": profile,
        "hand": grid.hand,
        "ready": grid.ready,
        "shanten": grid.shanten,
        "rows": rows,
        "unseen": grid.unseen,
        "any_last": any(r["last_of_kind"] for r in rows),
        "any_false_win": any(r.false_win for r in grid.waits),
        "exhausted": [tile_face(t, lang) for t in grid.exhausted],
        "exhausted_rulings": list(EXHAUSTED) if grid.exhausted else [],
        "useful": [{"face": tile_face(t, lang), "unseen": n} for t, n in grid.useful],
        "useful_unseen": grid.useful_unseen,
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


def waits_view(result: Waits | WaitsComparison, refs: Mapping[str, str], lang: str = "en") -> dict[str, Any]:
    """What :func:`web.waits_table.waits_section` draws from the scorer's wait list (:func:`waits_result` under
    ``refs``): ``grids`` (one, or one a profile side by side) and the ``differences`` between the profiles (each
    fan's points and the disputed rulings that part them), each profile under the site's name. Read from the
    scorer's results, not from their JSON: the page shows a few numbers of each win, and the JSON of every win
    costs the page more than drawing it."""
    label = _site_names(result, refs)
    if isinstance(result, Waits):
        grids, differences = [grid_view(result, label[result.profile], lang)], []
        hand = result.hand
    else:
        grids = [grid_view(g, label[p], lang) for p, g in result.grids.items()]
        differences = [_difference(_relabelled(d.to_dict(), label), lang) for d in result.differences]
        hand = result.first.hand
    return {
        "layout": waiting_layout(hand, lang),
        "grids": grids,
        "differences": differences,
        "profiles": [g["profile"] for g in grids],
    }


def waiting_layout(text: str, lang: str = "en") -> dict[str, Any] | None:
    """The 13 tiles as :func:`web.tiles.hand_layout` lays out a hand, the last tile among the standing ones (a
    waiting hand has no winning tile yet)."""
    layout = hand_layout(text, lang)
    if layout is not None:
        layout["standing"] = sorted([*layout["standing"], layout.pop("winning")], key=lambda f: TILE_OF[f["code"]])
    return layout
