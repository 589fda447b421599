"""Hands drawn as tiles: ``hand_layout(text)`` in every template gives what ``_mjref_macros.html`` draws.

A tile carries its face (rank or honour character), a short latin label and a full name, so honours
stay readable without knowing the characters. A declared set marks the claimed tile (drawn turned)
and a concealed kong shows its two outer tiles face down, as at the table. ``body_parts(html)`` finds
the complete hands a ruling's body writes in backquotes, so they are drawn too.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable, Iterable
from functools import lru_cache, partial
from typing import Any

from datasette import hookimpl
from markupsafe import Markup

from kb.i18n import babcock_name, gettext
from scorer.babcock.loser import parse_loser
from scorer.babcock.sheet import DOUBLES, LIMITS, POINTS
from scorer.babcock.table import SEAT_NAMES
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
# A tile's name in Chinese: the rank in Chinese numerals and the suit (一万, 五筒, 三条), an honour by its usual name.
ZH_RANKS = "一二三四五六七八九"
ZH_SUITS = "万筒条"
ZH_HONOURS = ("东风", "南风", "西风", "北风", "红中", "发财", "白板")
KINDS = {Kind.CHOW: "chow", Kind.PUNG: "pung", Kind.KONG: "kong"}
# A declared set's label (message ids of the catalogue): melded or concealed, then its kind.
SET_LABELS = {
    (False, "chow"): "melded chow",
    (False, "pung"): "melded pung",
    (False, "kong"): "melded kong",
    (True, "kong"): "concealed kong",
    (False, "set"): "melded set",
    (True, "set"): "concealed set",
}
# The tile keyboard's texts (web/static/keyboard.js has the same English as its defaults): the score page gives
# them in its language in the keyboard's data-texts; %(name)s holes are filled by the script.
KEYBOARD_TEXTS = {
    "melded-chow": "melded chow",
    "melded-pung": "melded pung",
    "melded-kong": "melded kong",
    "concealed-kong": "concealed kong",
    "standing": "standing",
    "winning": "winning tile (the last one tapped)",
    "all-four": "%(tile)s: all four are in the hand",
    "claimed-tile": "Claimed tile",
    "from": "From",
    "first": "first",
    "middle": "middle",
    "last": "last",
    "left": "left",
    "opposite": "opposite",
    "right": "right",
    "unread": "The tiles cannot show this notation yet; Score says what is wrong with it.",
    "empty": "Tap the 14 tiles of the hand (a kong counts as 3). The last tile you tap is the winning tile.",
    "declared-only": "%(total)s tiles in declared sets: tap the standing tiles, the winning tile last.",
    "counting": "%(total)s of 14 tiles: %(more)s more to go. The last tile you tap is the winning tile.",
    "complete": "14 tiles: the hand is complete, won on %(tile)s. Score it.",
    "too-many": "%(total)s tiles: %(over)s too many (a hand has 14, a kong counting as 3). Undo some.",
    "no-more": "All four %(tile)s are in the hand already.",
    "now-lowest": "Now tap the set's lowest tile.",
    "now-tile": "Now tap the set's tile.",
    "copied": "Link copied.",
    "copy-by-hand": "Select the link above and copy it.",
    "waiting": "Or score these 13 now: the page shows what they wait on.",
}
_CODE = re.compile(r"<code>([^<]{6,200})</code>")


def tile_face(t: Tile, lang: str = "en") -> dict[str, Any]:
    """What a tile shows: ``{"code": "5p", "face": "5", "mark": "筒", "suit": "p", "title": "5 dots"}``; the title
    is the tile's name in ``lang`` (五筒 in Chinese). A new dict each time: the caller may mark it claimed or down.

    >>> tile_face(31, "zh")["title"], tile_face(0, "zh")["title"], tile_face(22, "zh")["title"]
    ('红中', '一万', '五条')
    """
    return dict(_face(t, lang))


@lru_cache(maxsize=128)  # 34 tiles in each language
def _face(t: Tile, lang: str) -> dict[str, Any]:
    if t >= 27:
        char, title = HONOURS[t - 27]
        title = ZH_HONOURS[t - 27] if lang == "zh" else title
        return {"code": name(t), "face": char, "mark": HONOR_LETTERS[t - 27], "suit": "z", "title": title}
    letter, char, suit_name = SUITS[suit_of(t)]
    rank = rank_of(t)
    title = ZH_RANKS[rank - 1] + ZH_SUITS[suit_of(t)] if lang == "zh" else f"{rank} {suit_name}"
    return {"code": name(t), "face": str(rank), "mark": char, "suit": letter, "title": title}


def _claimed_index(meld: Meld) -> int | None:
    """Which tile of a declared set was claimed (drawn turned), from its offer digit."""
    if meld.offer is None or meld.offer == 0:
        return None
    size = len(meld.tiles)
    if meld.kind is Kind.CHOW:
        return meld.offer - 1 if 1 <= meld.offer <= 3 else None
    supplier = meld.offer - 4 if meld.offer > 4 else meld.offer  # an added kong: 4 + supplier of its pung
    return {1: 0, 2: 1, 3: size - 1}.get(supplier)


def meld_layout(meld: Meld, lang: str = "en") -> dict[str, Any]:
    claimed = _claimed_index(meld)
    tiles = []
    for i, t in enumerate(meld.tiles):
        face = tile_face(t, lang)
        face["claimed"] = i == claimed
        face["down"] = meld.concealed and i in (0, len(meld.tiles) - 1)
        tiles.append(face)
    kind = KINDS.get(meld.kind, "set")
    label = gettext(lang)(SET_LABELS.get((meld.concealed, kind), SET_LABELS[meld.concealed, "set"]))
    return {"kind": kind, "concealed": meld.concealed, "label": label, "text": meld.text(), "tiles": tiles}


def wind_name(tile: Tile, lang: str = "en") -> str:
    """A prevalent or seat wind as a hand's situation names it: its letter in English, as the notation writes it
    (``E``); its Chinese name in Chinese (东, as the sheet's rounds are named), never a Latin letter there.

    >>> wind_name(27, "en"), wind_name(29, "zh")
    ('E', '西')
    """
    letter = WIND_LETTERS[tile - 27]
    return letter if lang == "en" else gettext(lang)(SEAT_NAMES[letter])


def hand_layout(text: str, lang: str = "en") -> dict[str, Any] | None:
    """The layout of a hand in mjref's notation, or None when it does not read as a hand; its texts (tile names,
    set labels, the situation) in ``lang``."""
    try:
        hand = parse(text)
    except MjrefError:
        return None
    s = hand.situation
    _ = gettext(lang)
    flags = [
        (_("self-drawn") if s.self_drawn else _("won on a discard")),
        *([_("last tile of its kind")] if s.last_of_kind else []),
        *([_("last tile of the wall")] if s.last_of_wall else []),
        *([_("replacement tile after a kong") if s.self_drawn else _("robbing the kong")] if s.kong else []),
    ]
    tiles = sum(len(m.tiles) for m in hand.melds) + len(hand.standing) + 1
    kongs = sum(m.kind is Kind.KONG for m in hand.melds)
    return {
        "complete": tiles == 14 + kongs,
        "melds": [meld_layout(m, lang) for m in hand.melds],
        "standing": [tile_face(t, lang) for t in hand.standing],
        "winning": tile_face(hand.winning, lang),
        "prevalent": wind_name(s.prevalent, lang),
        "seat": wind_name(s.seat, lang),
        "situation": flags,
        "flowers": s.flowers,
    }


def loser_layout(text: str, lang: str = "en") -> dict[str, Any] | None:
    """The layout of a loser's hand under Babcock (13 standing tiles, no winning tile), or None when it does not
    read as one: ``winning`` is None, and the situation is the seat wind alone."""
    try:
        hand = parse_loser(text)
    except MjrefError:
        return None
    return {
        "complete": True,
        "melds": [meld_layout(m, lang) for m in hand.melds],
        "standing": [tile_face(t, lang) for t in hand.standing],
        "winning": None,
        "seat": wind_name(hand.situation.seat, lang),
    }


def keyboard_rows(lang: str = "en") -> list[list[dict[str, Any]]]:
    """The 34 tile kinds in the score page's keyboard: a row per suit, then the honours."""
    starts = ((0, 9), (9, 9), (18, 9), (27, 7))
    return [[tile_face(t, lang) for t in range(start, start + size)] for start, size in starts]


def keyboard_texts(lang: str = "en") -> dict[str, str]:
    """The tile keyboard's texts in ``lang`` (:data:`KEYBOARD_TEXTS`), for its ``data-texts``."""
    _ = gettext(lang)
    return {key: _(text) for key, text in KEYBOARD_TEXTS.items()}


def babcock_item(key: str, lang: str = "en") -> str:
    """An item of Babcock's score sheet, a double or a limit hand, by its key, named in ``lang``."""
    item = LIMITS.get(key) or POINTS.get(key) or DOUBLES.get(key)
    return babcock_name(key, item.name, lang) if item else key


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


_TABLE = re.compile(r"<table>(.*?)</table>", re.S)
_BODY_ROW = re.compile(r"<tbody>(.*?)</tbody>", re.S)
_ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
_CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
_SMALL_NUMBER = re.compile(r"\d{1,3}")
MOST_KEYS = 4  # at most this many leading columns stay in view: they must leave room for the rest


def key_columns(table_html: str) -> int:
    """How many leading columns of a table name its rows: those whose every cell is a small whole number.

    The kong table's rows are named by their counts of kongs, melded kongs, concealed kongs and concealed pungs;
    on a phone these stay in view while the points columns scroll past them (issue 37).

    >>> key_columns("<tbody><tr><td>4</td><td>0</td><td>4K</td></tr><tr><td>3</td><td>1</td><td>3K</td></tr></tbody>")
    2
    """
    body = _BODY_ROW.search(table_html)
    rows = [_CELL.findall(r) for r in _ROW.findall(body.group(1))] if body else []
    keys = 0
    while keys < MOST_KEYS and rows and all(keys < len(r) and _SMALL_NUMBER.fullmatch(r[keys].strip()) for r in rows):
        keys += 1
    return keys


def _scrolling_table(m: re.Match[str]) -> str:
    keys = key_columns(m.group(1))
    marked = f' data-keys="{keys}"' if keys else ""
    return f'<figure class="table-scroll"><table{marked}>{m.group(1)}</table></figure>'


def body_parts(body_html: str, lang: str = "en") -> list[tuple[str, Any]]:
    """``body_html`` cut after each ``<code>`` that holds a complete hand: ``("html", text)`` and ``("hand", layout)``.

    The HTML parts are the body's own text in order, unchanged but for each table, which is put in a
    ``<figure class="table-scroll">`` so that a wide one scrolls by itself on a phone, not the whole page, its
    leading columns that name the row kept in view (:func:`key_columns`). A layout follows the code it was read from.
    """
    body_html = _TABLE.sub(_scrolling_table, body_html)
    parts: list[tuple[str, Any]] = []
    at = 0
    for m in _CODE.finditer(body_html):
        layout = hand_layout(html_lib.unescape(m.group(1)), lang)
        if layout is not None and layout["complete"]:
            parts += [("html", body_html[at : m.end()]), ("hand", layout)]
            at = m.end()
    parts.append(("html", body_html[at:]))
    return parts


def tiles_html(tiles: Iterable[dict[str, Any]], lang: str = "en", spoken: bool = True) -> Markup:
    """Tiles as the stylesheet draws them, each field escaped. Made here rather than by a template macro: a
    ruling page draws hundreds of tiles, and one function call costs far less than a macro call per tile.

    Each tile is an image named by its title (``role="img"``, ``aria-label``: "5 bamboo", 五条), so a screen reader
    reads a hand tile by tile rather than its faces' digits and characters (issue 37); ``spoken=False`` hides the
    tiles from it where the tile's name is written beside them."""
    return Markup(
        "".join(
            _tile_html(
                t["suit"], t["face"], t["mark"], t["title"], bool(t.get("claimed")), bool(t.get("down")), lang, spoken
            )
            for t in tiles
        )
    )


@lru_cache(maxsize=2048)
def _tile_html(suit: str, face: str, mark: str, title: str, claimed: bool, down: bool, lang: str, spoken: bool) -> str:
    """One tile's HTML (there are a few hundred different ones: each is made once)."""
    _ = gettext(lang)
    classes = f"tile tile-{suit}" + " claimed" * claimed + " down" * down
    title += _(" (face down)") if down else ""
    name = html_lib.escape(title)
    role = f'role="img" aria-label="{name}"' if spoken else 'aria-hidden="true"'
    return (
        f'<span class="{html_lib.escape(classes)}" title="{name}" {role}>'
        f'<span class="face">{html_lib.escape(face)}</span><span class="mark">{html_lib.escape(mark)}</span></span>'
    )


def template_globals(lang: str) -> dict[str, Callable[..., Any]]:
    """The template functions of this module that draw texts, speaking ``lang`` (each language's templates have
    their own, :func:`web.respond.site_templates`)."""
    functions: dict[str, Callable[..., Any]] = {
        "hand_layout": hand_layout,
        "body_parts": body_parts,
        "tiles_html": tiles_html,
        "keyboard_rows": keyboard_rows,
        "keyboard_texts": keyboard_texts,
        "babcock_item": babcock_item,
    }
    return {name: partial(f, lang=lang) for name, f in functions.items()}


@hookimpl
def prepare_jinja2_environment(env: Any) -> None:
    env.globals["hand_layout"] = hand_layout
    env.globals["body_parts"] = body_parts
    env.globals["tiles_html"] = tiles_html
    env.globals["keyboard_rows"] = keyboard_rows
    env.globals["keys_html"] = keys_html
    env.globals["keyboard_texts"] = keyboard_texts
    env.globals["babcock_item"] = babcock_item
