"""Fan names as a referee may say them: folding text for matching, and the forms of a pinyin name.

``四归一``, ``si4 gui1 yi1``, ``sì guī yī``, ``si gui yi``, ``siguiyi`` and ``Tile Hog`` are the same fan to
a referee. :func:`fold` brings any of them to one comparable form; :func:`pinyin_forms` lists the
spellings of a tone-number pinyin name.

>>> fold("Lesser Honours & Knitted Tiles")
'lesser honors and knitted tiles'
>>> fold("sì guī yī"), fold("si4 gui1 yi1"), fold("lü4 yi1 se4")
('si gui yi', 'si gui yi', 'lu yi se')
>>> pinyin_forms("lü4 yi1 se4")
['lü4 yi1 se4', 'lǜ yī sè', 'lu yi se', 'luyise', 'lv yi se', 'lvyise']
"""

from __future__ import annotations

import re
import unicodedata

_TONE_DIGIT = re.compile(r"(?<=[a-z])[1-5](?=[\s,.;:!?'\"-]|$)")
_NOT_WORD = re.compile(r"[^\w]+")
_SPELLINGS = (("honours", "honors"), ("honour", "honor"), ("&", " and "))
_MARKS = {"1": "\u0304", "2": "\u0301", "3": "\u030c", "4": "\u0300", "5": ""}


def fold(text: str) -> str:
    """Lower case, no accents or tone marks or tone digits, British spellings made American, one space."""
    text = text.lower()
    for old, new in _SPELLINGS:
        text = text.replace(old, new)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = _TONE_DIGIT.sub("", text)
    return " ".join(_NOT_WORD.sub(" ", text).replace("_", " ").split())


def _marked(syllable: str) -> str:
    """``gui1`` -> ``guī``: the mark goes on a or e, on the o of ou, else on the last vowel."""
    if not syllable or syllable[-1] not in _MARKS:
        return syllable
    body, mark = syllable[:-1], _MARKS[syllable[-1]]
    if not mark:
        return body
    for vowel in ("a", "e", "ou"):
        i = body.find(vowel)
        if i >= 0:
            return unicodedata.normalize("NFC", body[: i + 1] + mark + body[i + 1 :])
    for i in range(len(body) - 1, -1, -1):
        if body[i] in "aeiouü":
            return unicodedata.normalize("NFC", body[: i + 1] + mark + body[i + 1 :])
    return body


def pinyin_forms(pinyin: str) -> list[str]:
    """Every spelling of a tone-number pinyin name: as given, tone marks, plain, run together, ``v`` for ``ü``."""
    syllables = pinyin.split()
    plain = fold(pinyin)
    forms = [pinyin, " ".join(_marked(s) for s in syllables), plain, plain.replace(" ", "")]
    if "ü" in pinyin:
        v = pinyin.replace("ü", "v")
        forms += [fold(v), fold(v).replace(" ", "")]
    return list(dict.fromkeys(forms))
