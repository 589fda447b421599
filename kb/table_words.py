"""The table's words for the rules' words: what players say or type (pong, chi, ron, tsumo, "went out"; 胡 and 糊 for
和) read as the rulings write them (pung, chow, a win on a discard, self-drawn, a win; 和) before a question is looked
up. Only words of other games' or other regions' tables, and common variant spellings, are here, never a ruling's own
words: "hu" stays, since the rulings use it. The offline search applies the same list (baked into its index by
:mod:`web.export.search_index`), so both read a question alike.

>>> table_words("someone ponged after I ronned; 诈胡")
'someone ponged pung after I ronned win discard; 诈和'

The table's word stays beside the rulings' (a question may be about the word itself: "he said ron instead of hu").
"""

from __future__ import annotations

import re

# (the table's word or phrase, a regular expression that JavaScript reads alike; the rulings' words). Whole words only,
# case ignored; a word's edge as JavaScript's \b finds it (ASCII letters and digits: 碰pong is pung too).
LATIN = (
    (r"pong|pongs|ponged|ponging|pon", "pung"),
    (r"chi|chee|chii|chis|chied|chiing", "chow"),
    (r"kan|kans", "kong"),
    (r"ron|rons|ronned|ronning", "win discard"),
    (r"tsumo|tsumos|tsumoed", "self drawn"),
    (r"(?:go|goes|going|went|gone) out", "win"),
    (r"(?:declare|declares|declared|declaring|call|calls|called|calling) mah-?jongg?", "declare win"),
    (r"(?:my|his|her|your|their|whose) go|'s go", "turn"),  # British: "it was still his go"
)
# The same word of the rules written with another character; and how many points a penalty costs asked as the
# rulings' 罚分 and 扣分 (多少分 and 几分 are cut as little words, which left 罚 alone, and one character is no term).
CJK = (
    ("胡", "和"),
    ("糊", "和"),
    ("罚多少分", "罚分"),
    ("罚几分", "罚分"),
    ("扣多少分", "扣分"),
    ("扣几分", "扣分"),
)

_LATIN = [(re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE | re.ASCII), words) for pattern, words in LATIN]


def table_words(query: str) -> str:
    """``query`` with the rulings' own words after the table's, and 和 for 胡 and 糊."""
    for pattern, words in _LATIN:
        query = pattern.sub(rf"\g<0> {words}", query)
    for variant, word in CJK:
        query = query.replace(variant, word)
    return query


def baked() -> dict[str, list[list[str]]]:
    """The lists as the offline search's index carries them."""
    return {"latin": [list(pair) for pair in LATIN], "cjk": [list(pair) for pair in CJK]}
