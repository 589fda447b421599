"""The table's words for the rules' words: what players say or type (pong, chi, ron, tsumo, "went out"; 胡 and 糊 for
和) read as the rulings write them (pung, chow, a win on a discard, self-drawn, a win; 和) before a question is looked
up. Only words of other games' or other regions' tables, and common variant spellings, are here, never a ruling's own
words: "hu" stays, since the rulings use it. The offline search applies the same list (baked into its index by
:mod:`web.export.search_index`), so both read a question alike.

>>> table_words("someone ponged after I ronned; 诈胡")
'someone ponged pung after I ronned win discard; 诈和'

The table's word stays beside the rulings' (a question may be about the word itself: "he said ron instead of hu").
A hand's value said to be below the minimum ("only 6 fan", 只有六番) is followed by the false win's words for it, and
a hand said to hold a number of tiles no hand holds (12, 15 to 17: "he has 16 tiles", 一数16张) by the words of a
wrong tile count.

>>> table_words("只有六番就和了")
'只有六番 不足8番就和了'
>>> table_words("he has 16 tiles"), table_words("摸完牌一数十六张")
('he has 16 tiles wrong number of tiles', '摸完牌一数十六张 牌数不对')
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
    (r"secs?", "seconds"),  # typed short: "how many secs to claim"
    (r"mins?", "minutes"),
    # A rule book's words for the rulings' "wrong" (an invalid claim is a wrong call, an incorrect meld a wrong one).
    (r"incorrect|incorrectly|invalid|illegal|improper|improperly|erroneous|erroneously", "wrong"),
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

# Counts a question says, with the rulings' words for them after them. Regular expressions that JavaScript reads
# alike, applied after the lists above (胡 is 和 by then): a hand's value below the 8-point minimum ("only 6 fan",
# 只有六番, 七番就和), and a number of tiles no hand holds, 12 or 15 to 17 (13 between turns and 14 after a draw, a
# declared set counted as three; a count of the standing tiles alone is 13 or 14 less three a set, never 12).
COUNTS = (
    (r"\b(?:only|just|merely) [1-7] ?(?:fan|points|point|pts|pt)\b", "under 8 points"),
    (r"(?:只有|只|才|仅)[1-7一二三四五六七两]番|[1-7一二三四五六七两]番就和", "不足8番"),
    (r"\b(?:12|1[5-7]|twelve|fifteen|sixteen|seventeen) tiles\b", "wrong number of tiles"),
    (r"(?<![0-9])(?:12|1[5-7])张|十二张|十[五六七]张", "牌数不对"),
)

_LATIN = [(re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE | re.ASCII), words) for pattern, words in LATIN]
_COUNTS = [(re.compile(pattern, re.IGNORECASE | re.ASCII), words) for pattern, words in COUNTS]


def table_words(query: str) -> str:
    """``query`` with the rulings' own words after the table's, 和 for 胡 and 糊, and the rulings' words for a count
    after it (a hand below the minimum, a wrong tile count)."""
    for pattern, words in _LATIN:
        query = pattern.sub(rf"\g<0> {words}", query)
    for variant, word in CJK:
        query = query.replace(variant, word)
    for pattern, words in _COUNTS:
        query = pattern.sub(rf"\g<0> {words}", query)
    return query


def baked() -> dict[str, list[list[str]]]:
    """The lists as the offline search's index carries them."""
    return {
        "latin": [list(pair) for pair in LATIN],
        "cjk": [list(pair) for pair in CJK],
        "counts": [list(pair) for pair in COUNTS],
    }
