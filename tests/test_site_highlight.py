"""Search highlighting: which words of a ruling are marked for a question, and that nothing else gets through."""

from __future__ import annotations

import html
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from web.highlight import _CJK, _SKIP, _WORD, Shown, excerpt, folded, highlight, terms_pattern


def marked(text: str, query: str, names: list[str] | None = None) -> str:
    return str(highlight(text, terms_pattern(query, names or [])))


def test_the_question_s_words_are_marked_whatever_their_case_and_plural():
    # "tile", "hog", "seven" and "pairs" (loosely: "pair...") are words of three letters or more; "in" is not.
    assert marked("Tile Hog in Seven Pairs", "tile hog in seven pair") == (
        "<mark>Tile</mark> <mark>Hog</mark> in <mark>Seven</mark> <mark>Pairs</mark>"
    )
    assert marked("two pungs and a pung", "pungs") == "two <mark>pungs</mark> and a <mark>pung</mark>"


def test_words_and_names_outside_ascii_are_marked_whatever_their_case():
    # The pattern is matched in a lower-cased copy (web.highlight.folded); the marks cover the text as written.
    assert marked("DÀ SÌ XǏ and Dà Sì Xǐ", "", ["dà sì xǐ"]) == "<mark>DÀ SÌ XǏ</mark> and <mark>Dà Sì Xǐ</mark>"
    assert marked("ÜBER über", "über") == "<mark>ÜBER</mark> <mark>über</mark>"
    # As re.IGNORECASE has it: dotted İ is an i (its lower case is two characters), long ſ an s, ς a σ.
    assert marked("İstanbul Tile hog", "istanbul tile") == "<mark>İstanbul</mark> <mark>Tile</mark> hog"
    assert marked("ſeven ΣΟΦΟΣ", "seven σοφος") == "<mark>ſeven</mark> <mark>ΣΟΦΟΣ</mark>"


def test_a_longer_name_is_marked_before_a_shorter_one_at_the_same_place():
    assert marked("Pure Double Chow here", "pure", ["Pure Double Chow"]) == "<mark>Pure Double Chow</mark> here"
    assert marked("a1b tile2 _tile", "tile") == "a1b <mark>tile2</mark> _tile"  # after "_" (a word character): no


def test_a_word_is_marked_only_where_a_word_starts():
    assert marked("a hedgehog is not a Hog", "hog") == "a hedgehog is not a <mark>Hog</mark>"


def test_a_fan_name_starting_with_a_digit_spans_any_spaces():
    assert marked("the 18  Buddhas hand", "", ["18 Buddhas"]) == "the <mark>18  Buddhas</mark> hand"


def test_chinese_names_are_marked_inside_chinese_text():
    # Chinese does not separate words: 四归一 is found after 计, a character that is itself a "word" character.
    assert marked("可以计四归一吗", "四归一") == "可以计<mark>四归一</mark>吗"
    assert marked("暗杠和明杠", "", ["暗杠", "Concealed Kong"]) == "<mark>暗杠</mark>和明杠"


def test_the_text_is_escaped_and_names_are_looked_for_as_written():
    out = marked("<script>alert(1)</script> a[b c++ 123", "script alert", ["a[b", "c++", "\\d+"])
    assert out == (
        "&lt;<mark>script</mark>&gt;<mark>alert</mark>(1)&lt;/<mark>script</mark>&gt; "
        "<mark>a[b</mark> <mark>c++</mark> 123"  # "\\d+" is a name as written, not "digits"
    )


def test_no_word_to_look_for_means_no_pattern():
    assert terms_pattern("is it ok", []) is None
    assert marked("is it <ok>", "is it ok") == "is it &lt;ok&gt;"


def test_an_excerpt_is_cut_around_the_first_match():
    text = " ".join(["filler"] * 60) + " the Tile Hog rule " + " ".join(["more"] * 60)
    out = str(excerpt(text, terms_pattern("tile hog", [])))
    assert out.startswith("… ") and out.endswith(" …")
    assert "<mark>Tile</mark> <mark>Hog</mark>" in out
    assert len(out) < 320
    assert excerpt("nothing here", terms_pattern("tile", [])) is None


# The marks are those of a plain case-blind pattern of the same terms (what web.highlight did before it was made
# fast): this reference is that pattern, written out the simple way.
def _case_blind(query: str, names: list[str]) -> re.Pattern[str] | None:
    words: dict[str, None] = {}
    chinese: set[str] = set()
    for name in filter(None, names):
        term = re.escape(name).replace(r"\ ", r"\s+")
        (chinese.add(term) if _CJK.match(name) else words.setdefault(term, None))
    for word in _WORD.findall(query):
        if _CJK.match(word):
            chinese.add(re.escape(word))
        elif len(word) >= 3 and word.lower() not in _SKIP:
            stem = word[:-1] if len(word) > 3 and word.lower().endswith("s") else word
            words.setdefault(re.escape(stem) + r"\w*", None)
    parts = []
    if words:
        parts.append(rf"(?<!\w)(?:{'|'.join(sorted(words, key=len, reverse=True))})")
    if chinese:
        parts.append("|".join(sorted(chinese, key=len, reverse=True)))
    return re.compile("|".join(parts), re.IGNORECASE) if parts else None


def _reference(text: str, pattern: re.Pattern[str] | None) -> str:
    if pattern is None:
        return html.escape(text)
    out, at = [], 0
    for m in pattern.finditer(text):
        out += [html.escape(text[at : m.start()]), "<mark>", html.escape(m.group()), "</mark>"]
        at = m.end()
    return "".join(out) + html.escape(text[at:])


# Letters of every kind that case-blind matching treats specially, spaces, punctuation and Chinese.
_LETTERS = "aAiIİısSſkKKµμΣσςΟοΐΐβϐвᲀ ßẞǅǆǄ-'_1.[+ 杠四归一&<>\""
_TEXTS = st.text(alphabet=_LETTERS, max_size=40)


@settings(max_examples=400, deadline=None)
@given(text=_TEXTS, query=_TEXTS, names=st.lists(_TEXTS, max_size=4))
def test_the_marks_are_those_of_a_case_blind_pattern(text, query, names):
    assert str(highlight(text, terms_pattern(query, names))) == _reference(text, _case_blind(query, names))


def _reference_excerpt(text: str, pattern: re.Pattern[str] | None, width: int) -> str | None:
    """The excerpt as web.highlight made it before its texts were prepared: the stretch cut out, then marked."""
    m = pattern.search(folded(text)) if pattern else None
    if m is None:
        return None
    start = max(0, m.start() - 60)
    if start:
        space = text.find(" ", start, m.start())
        start = space + 1 if space >= 0 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", m.end(), end)
        end = space if space > 0 else end
    stretch = str(highlight(text[start:end], pattern))
    return ("… " if start else "") + stretch + (" …" if end < len(text) else "")


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=_LETTERS, max_size=200), query=_TEXTS, width=st.integers(5, 80))
def test_an_excerpt_marks_its_stretch_as_if_it_were_the_whole_text(text, query, width):
    # A prepared text (Shown) marks a stretch of itself through its escaped copy: the same as escaping and marking
    # the stretch cut out, even where the stretch starts inside a word or next to a character escaping lengthens.
    pattern = terms_pattern(query, [])
    made = excerpt(Shown(text), pattern, width)
    assert (None if made is None else str(made)) == _reference_excerpt(text, pattern, width)


def test_an_excerpt_starting_inside_a_word_marks_a_term_at_its_start():
    # No space within 60 characters before "tile": the stretch starts inside the word b-a-a-a…, and there, as in
    # the stretch cut out, "aaaa…" starts a word (it does not in the whole text).
    text = "b" + "a" * 99 + ".tile & <more>"
    made = str(excerpt(Shown(text), terms_pattern("tile aaaa", []), width=80))
    assert made == _reference_excerpt(text, terms_pattern("tile aaaa", []), 80)
    assert made.startswith("… <mark>aaaa") and "<mark>tile</mark> &amp; &lt;more&gt;" in made


def test_the_folding_table_covers_every_letter_case_blind_matching_takes_as_the_same():
    import re._casefix as casefix  # CPython's own table (3.11 and later): the test follows the running Python

    for lower, others in casefix._EXTRA_CASES.items():
        for other in others:
            assert folded(chr(lower)) == folded(chr(other)), (hex(lower), hex(other))
