"""The words of a question as :mod:`kb.lookup` reads them, and the Chinese index's tokens.

English words are folded (:func:`kb.names.fold`) and the little words every question has are left out. Chinese has no
spaces: a question's runs of CJK characters are cut at its little words (能不能, 吗, 还), and each run is read as its
pairs of neighbouring characters (bigrams), as the Chinese index stores every Chinese text (:func:`index_tokens`).
A pair is a word often enough (相公, 跳摸, 漏碰 are one pair each) and, in a sentence, the pairs that span two words
are rare in the rulings and weigh little in BM25; so a whole sentence finds the rulings that share its words, with no
dictionary to keep (a segmenter such as jieba would need one, and the same one in the offline search's JavaScript).
"""

from __future__ import annotations

import re

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_STOPWORDS_TEXT = """a an and are as at be by can could do does for from has have how i if in is it its may me my
of on or our should so that the their them then there these they this to under was we what when where
which who why will with would you your hand hands score scored scores count counts fan fans
combine combines combined together also many much make get he she his her him but only had did just t s"""
# The first half of a contraction (didn't is folded to "didn t"): the question's "not".
NOT = frozenset(
    {"didn", "doesn", "don", "isn", "wasn", "aren", "weren", "hasn", "haven", "hadn", "couldn", "wouldn", "shouldn"}
)
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())
# The little words of a Chinese question. Only words of two characters or more are cut out wherever they are; a
# one-character word (吗, 还, 的) only at either end of what is left, since inside a run it is as likely part of a
# word (算 in 套算, 计 in 计分). 和 (win), 中 (the red dragon), 对 (pair) and 计 (count) are words of the rules.
_CJK_STOPWORDS_TEXT = """能不能 可不可以 算不算 计不计 是不是 有没有 要不要 还能 还可以 可以 能否 是否 怎么 如何 什么
哪些 为什么 一样 以后 之后 的时候 时候 如果 请问 这样 那样 这个 那个 这种 还要 应该 也要 再算 多少分 多少番
多少 几番 几分 怎么办 怎么处理 意思 一起 同时 算 吗 呢 吧
了 的 还 再 也 都 与 或 及 能 会 要 是 有 在 把 被 给 我 你 他 这 那 就 又 里"""
CJK_WORDS = sorted((w for w in _CJK_STOPWORDS_TEXT.split() if len(w) > 1), key=len, reverse=True)
CJK_PARTICLES = "".join(w for w in _CJK_STOPWORDS_TEXT.split() if len(w) == 1)


def cjk_terms(text: str) -> list[str]:
    """The runs of CJK characters of ``text`` with the little words of a question cut out.

    >>> cjk_terms("七对里有四张一样的牌，能不能再算四归一？"), cjk_terms("套算一次吗")
    (['七对里有四张', '牌', '四归一'], ['套算一次'])
    """
    runs = CJK.findall(text)
    for word in CJK_WORDS:
        if word in text:  # else in no run: the runs are pieces of the text
            runs = [part for run in runs for part in run.split(word) if part]
    return [stripped for run in runs if (stripped := run.strip(CJK_PARTICLES))]


def bigrams(text: str) -> set[str]:
    """The pairs of neighbouring CJK characters of ``text``, and each character of a one-character run.

    >>> sorted(bigrams("杠上开花 和"))
    ['上开', '和', '开花', '杠上']
    """
    return set(index_tokens(text).split())


def index_tokens(text: str) -> str:
    """The Chinese index's tokens of ``text``, in order, separated by spaces: each run's pairs of neighbouring CJK
    characters, and a one-character run as itself; what is not CJK is left out.

    >>> index_tokens("杠上开花 and 和。碰")
    '杠上 上开 开花 和 碰'
    """
    out: list[str] = []
    for run in CJK.findall(text):
        out.extend(run[i : i + 2] for i in range(len(run) - 1)) if len(run) > 1 else out.append(run)
    return " ".join(out)


def run_bigrams(run: str) -> list[str]:
    """A question's run of two CJK characters or more as the phrases asked of the Chinese index: its pairs, in order.

    >>> run_bigrams("漏碰了")
    ['漏碰', '碰了']
    """
    return [run[i : i + 2] for i in range(len(run) - 1)]
