"""Search highlighting: which words of a ruling are marked for a question, and that nothing else gets through."""

from __future__ import annotations

from web.highlight import excerpt, highlight, terms_pattern


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
    # "İ" lower-cases to two characters: it stays as it is, and what follows it is still found in place.
    assert marked("İstanbul Tile hog", "istanbul tile") == "İstanbul <mark>Tile</mark> hog"


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
