"""A set written as its tiles that is not a set, read as the words of a wrongly laid set: "he chowed 4-6-7",
"pung of 5p 5p 6p", 吃的时候亮成了356, 碰出来是五万五万六万. A referee hears a chow that is not a run, or a pung of
tiles that are not alike, as a false set; when the tiles are those the caller held (in hand, only had, 手里只有), as a
call that could not be made. So, when a question speaks of a call or a meld (chow, pung, kong, meld, 吃, 碰, 杠, 亮)
and writes three tiles that are neither alike nor a run (or four not alike), the words of a wrong set are added after
it. The offline search reads alike (search_words.js, with these lists baked into its index by
:mod:`web.export.search_index`).

>>> laid_sets("he chowed 4-6-7")
'he chowed 4-6-7 ; wrong meld wrong chow'
>>> laid_sets("吃的时候亮成了356")
'吃的时候亮成了356 ; 亮错牌 吃错'
>>> laid_sets("he chowed 4-5-6")
'he chowed 4-5-6'
"""

from __future__ import annotations

import re

from .query_words import CJK

SUITS = "mpsbc万萬条條索筒饼餅"
NUMERALS = "一二三四五六七八九"
# A Chinese numeral is a tile's number when a suit follows it (五万), or three or four are written together (三五六).
NUMBERED = rf"[{NUMERALS}](?=[{SUITS}])|(?<![{NUMERALS}])[{NUMERALS}]{{3,4}}(?![{NUMERALS}])"
_TILE = rf"[1-9][{SUITS}]?"
_EDGE = "0-9A-Za-z."
# Three or four tiles written together (467, 4-6-7, 5p 5p 6p, 5万5万6万), or, when none is, each tile alone in the
# question (on the 3 ... 5 and 6): both as JavaScript reads them alike.
GROUP = rf"(?<![{_EDGE}]){_TILE}(?:[-/ ,、，]?{_TILE}){{2,3}}(?![{_EDGE}])"
ALONE = rf"(?<![{_EDGE}]){_TILE}(?![{_EDGE}])"
TILE = rf"([1-9])([{SUITS}]?)"
# The words that say the question is about a call or a meld (after kb.table_words: pong is also pung).
CALL = r"\b(?:chow|chows|chowed|chowing|pung|pungs|punged|punging|kong|kongs|konged|meld|melds|melded|melding)\b"
CALL_ZH = "[吃碰杠亮]"
# The words that say the tiles were the caller's own, not a set laid down: a call he could not make.
HELD = r"\b(?:hand|held|holding|had|only)\b"
HELD_ZH = "手里|手上|手中|只有|没有"
# What is read: a wrong meld, a chow when the tiles are all different, a pung when two are alike; a wrong call.
WORDS = {
    "en": {"meld": "wrong meld", "chow": "wrong chow", "pung": "wrong pung", "held": "wrong call"},
    "zh": {"meld": "亮错牌", "chow": "吃错", "pung": "碰错", "held": "喊错"},
}

_CALL = re.compile(CALL, re.IGNORECASE | re.ASCII)
_HELD = re.compile(HELD, re.IGNORECASE | re.ASCII)


def _tiles(text: str) -> list[tuple[str, str]]:
    """Each tile of ``text`` (a number and its suit, or none), read in the order written."""
    return re.findall(TILE, text)


def is_set(tiles: list[tuple[str, str]]) -> bool:
    """Whether ``tiles`` make a set: three alike or a run, or four alike, all of the suits written the same."""
    numbers = sorted(int(n) for n, _ in tiles)
    if len({s for _, s in tiles if s}) > 1:
        return False
    if len(numbers) == 4:
        return len(set(numbers)) == 1
    return len(set(numbers)) == 1 or numbers == list(range(numbers[0], numbers[0] + 3))


def written_set(query: str) -> list[tuple[str, str]] | None:
    """The tiles of the first set written in ``query`` that is not a set, or None."""
    query = re.sub(NUMBERED, lambda m: "".join(str(NUMERALS.index(c) + 1) for c in m.group()), query)
    groups = [_tiles(g) for g in re.findall(GROUP, query)]
    if not groups:
        alone = re.findall(ALONE, query)
        groups = [_tiles("".join(alone))] if len(alone) in (3, 4) else []
    return next((tiles for tiles in groups if not is_set(tiles)), None)


def laid_sets(query: str) -> str:
    """``query`` with the words of a wrong set after it, when it speaks of a call or meld of tiles that are no set."""
    zh = bool(CJK.search(query))
    if not (_CALL.search(query) or (zh and re.search(CALL_ZH, query))):
        return query
    tiles = written_set(query)
    if tiles is None:
        return query
    words = WORDS["zh" if zh else "en"]
    alike = len({n for n, _ in tiles}) < len(tiles)
    read = [words["meld"], words["pung" if alike else "chow"]]
    if _HELD.search(query) or (zh and re.search(HELD_ZH, query)):
        read = [words["held"]]  # the caller's own tiles, not a set laid down
    return f"{query} ; {' '.join(read)}"


def baked() -> dict[str, object]:
    """The lists as the offline search's index carries them."""
    return {
        "suits": SUITS,
        "numerals": NUMERALS,
        "numbered": NUMBERED,
        "group": GROUP,
        "alone": ALONE,
        "tile": TILE,
        "call": CALL,
        "call_zh": CALL_ZH,
        "held": HELD,
        "held_zh": HELD_ZH,
        "words": WORDS,
    }
