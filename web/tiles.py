"""Hands drawn as tiles: ``hand_layout(text)`` in every template gives what ``_mjref_macros.html`` draws.

A tile carries its face (rank or honour character), a short latin label and a full name, so honours
stay readable without knowing the characters. A declared set marks the claimed tile (drawn turned)
and a concealed kong shows its two outer tiles face down, as at the table. ``body_parts(html)`` finds
the complete hands a ruling's body writes in backquotes, so they are drawn too.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Iterable
from typing import Any

from datasette import hookimpl
from markupsafe import Markup

from scorer.babcock.loser import parse_loser
from scorer.errors import MjrefError
from scorer.hand import Kind, Meld
from scorer.notation import parse
from scorer.tiles import HONOR_LETTERS, WIND_LETTERS, Tile, name, rank_of, suit_of

SUITS = (("m", "萬", "characters"), ("p", "筒", "dots"), ("s", "條", "bamboo"))
HONOURS = (
    ("東", "East wind"),
    ("南", "South wind"),
    ("西", "West wind"),
    ("北", "North wind"),
    ("中", "Red dragon"),
    ("發", "Green dragon"),
    ("白", "White dragon"),
)
KINDS = {Kind.CHOW: "chow", Kind.PUNG: "pung", Kind.KONG: "kong"}
_CODE = re.compile(r"<code>([^<]{6,200})</code>")


def tile_face(t: Tile) -> dict[str, Any]:
    """What a tile shows: ``{"code": "5p", "face": "5", "mark": "筒", "suit": "p", "title": "5 dots"}``."""
    if t >= 27:
        char, title = HONOURS[t - 27]
        return {"code": name(t), "face": char, "mark": HONOR_LETTERS[t - 27], "suit": "z", "title": title}
    letter, char, suit_name = SUITS[suit_of(t)]
    rank = rank_of(t)
    return {"code": name(t), "face": str(rank), "mark": char, "suit": letter, "title": f"{rank} {suit_name}"}


def _claimed_index(meld: Meld) -> int | None:
    """Which tile of a declared set was claimed (drawn turned), from its offer digit."""
    if meld.offer is None or meld.offer == 0:
        return None
    size = len(meld.tiles)
    if meld.kind is Kind.CHOW:
        return meld.offer - 1 if 1 <= meld.offer <= 3 else None
    supplier = meld.offer - 4 if meld.offer > 4 else meld.offer  # an added kong: 4 + supplier of its pung
    return {1: 0, 2: 1, 3: size - 1}.get(supplier)


def meld_layout(meld: Meld) -> dict[str, Any]:
    claimed = _claimed_index(meld)
    tiles = []
    for i, t in enumerate(meld.tiles):
        face = tile_face(t)
        face["claimed"] = i == claimed
        face["down"] = meld.concealed and i in (0, len(meld.tiles) - 1)
        tiles.append(face)
    kind = KINDS.get(meld.kind, "set")
    label = f"concealed {kind}" if meld.concealed else f"melded {kind}"
    return {"kind": kind, "concealed": meld.concealed, "label": label, "text": meld.text(), "tiles": tiles}


def hand_layout(text: str) -> dict[str, Any] | None:
    """The layout of a hand in mjref's notation, or None when it does not read as a hand."""
    try:
        hand = parse(text)
    except MjrefError:
        return None
    s = hand.situation
    flags = [
        ("self-drawn" if s.self_drawn else "won on a discard"),
        *(["last tile of its kind"] if s.last_of_kind else []),
        *(["last tile of the wall"] if s.last_of_wall else []),
        *(["replacement tile after a kong" if s.self_drawn else "robbing the kong"] if s.kong else []),
    ]
    tiles = sum(len(m.tiles) for m in hand.melds) + len(hand.standing) + 1
    kongs = sum(m.kind is Kind.KONG for m in hand.melds)
    return {
        "complete": tiles == 14 + kongs,
        "melds": [meld_layout(m) for m in hand.melds],
        "standing": [tile_face(t) for t in hand.standing],
        "winning": tile_face(hand.winning),
        "prevalent": WIND_LETTERS[s.prevalent - 27],
        "seat": WIND_LETTERS[s.seat - 27],
        "situation": flags,
        "flowers": s.flowers,
    }


def loser_layout(text: str) -> dict[str, Any] | None:
    """The layout of a loser's hand under Babcock (13 standing tiles, no winning tile), or None when it does not
    read as one: ``winning`` is None, and the situation is the seat wind alone."""
    try:
        hand = parse_loser(text)
    except MjrefError:
        return None
    return {
        "complete": True,
        "melds": [meld_layout(m) for m in hand.melds],
        "standing": [tile_face(t) for t in hand.standing],
        "winning": None,
        "seat": WIND_LETTERS[hand.situation.seat - 27],
    }


def keyboard_rows() -> list[list[dict[str, Any]]]:
    """The 34 tile kinds in the score page's keyboard: a row per suit, then the honours."""
    return [[tile_face(t) for t in range(start, start + size)] for start, size in ((0, 9), (9, 9), (18, 9), (27, 7))]


def keys_html(tiles: Iterable[dict[str, Any]]) -> Markup:
    """A keyboard's tiles: a button per tile kind, drawn as the tile, carrying its notation code in ``data-tile``."""
    out = []
    for t in tiles:
        code, title = html_lib.escape(t["code"]), html_lib.escape(t["title"])
        out.append(
            f'<button type="button" class="key tile tile-{html_lib.escape(t["suit"])}" data-tile="{code}" '
            f'title="{title}" aria-label="{title}"><span class="face">{html_lib.escape(t["face"])}</span>'
            f'<span class="mark">{html_lib.escape(t["mark"])}</span></button>'
        )
    return Markup("".join(out))  # every field went through html.escape


def body_parts(body_html: str) -> list[tuple[str, Any]]:
    """``body_html`` cut after each ``<code>`` that holds a complete hand: ``("html", text)`` and ``("hand", layout)``.

    The HTML parts are the body's own text in order, unchanged but for each table, which is put in a
    ``<figure class="table-scroll">`` so that a wide one scrolls by itself on a phone, not the whole page.
    A layout follows the code it was read from.
    """
    body_html = body_html.replace("<table>", '<figure class="table-scroll"><table>')
    body_html = body_html.replace("</table>", "</table></figure>")
    parts: list[tuple[str, Any]] = []
    at = 0
    for m in _CODE.finditer(body_html):
        layout = hand_layout(html_lib.unescape(m.group(1)))
        if layout is not None and layout["complete"]:
            parts += [("html", body_html[at : m.end()]), ("hand", layout)]
            at = m.end()
    parts.append(("html", body_html[at:]))
    return parts


def tiles_html(tiles: Iterable[dict[str, Any]]) -> Markup:
    """Tiles as the stylesheet draws them, each field escaped. Made here rather than by a template macro: a
    ruling page draws hundreds of tiles, and one function call costs far less than a macro call per tile."""
    out = []
    for t in tiles:
        classes = f"tile tile-{t['suit']}" + " claimed" * bool(t.get("claimed")) + " down" * bool(t.get("down"))
        title = t["title"] + (" (face down)" if t.get("down") else "")
        out.append(
            f'<span class="{html_lib.escape(classes)}" title="{html_lib.escape(title)}">'
            f'<span class="face">{html_lib.escape(t["face"])}</span>'
            f'<span class="mark">{html_lib.escape(t["mark"])}</span></span>'
        )
    return Markup("".join(out))  # every field went through html.escape


@hookimpl
def prepare_jinja2_environment(env: Any) -> None:
    env.globals["hand_layout"] = hand_layout
    env.globals["body_parts"] = body_parts
    env.globals["tiles_html"] = tiles_html
    env.globals["keyboard_rows"] = keyboard_rows
    env.globals["keys_html"] = keys_html
