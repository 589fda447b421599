"""A set written as its tiles that is not a set (kb.laid_sets): "he chowed 4-6-7", 吃的时候亮成了356. Before it, such a
question found fan rulings (Closed Wait, the shifted chows) or nothing; a referee reads it as a false set, or as a
call that could not be made when the tiles were the caller's own."""

from __future__ import annotations

import re

import pytest

from kb.laid_sets import is_set, laid_sets, written_set
from kb.lookup import lookup


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        ("456", True),  # a run
        ("645", True),  # a run written out of order
        ("555", True),  # alike
        ("5555", True),  # a kong
        ("467", False),  # a gap
        ("556", False),  # two alike and one not
        ("5556", False),  # a kong of different tiles
        ("5p5p5s", False),  # alike numbers in two suits
        ("4m5m6m", True),
    ],
)
def test_a_set_is_three_alike_or_a_run_or_four_alike_in_one_suit(tiles, expected):
    assert is_set(re.findall(r"([1-9])([mps]?)", tiles)) is expected


@pytest.mark.parametrize(
    ("query", "tiles"),
    [
        ("he chowed 4-6-7", [("4", ""), ("6", ""), ("7", "")]),
        ("pung of 5p 5p 6p", [("5", "p"), ("5", "p"), ("6", "p")]),
        ("碰出来是五万五万六万", [("5", "万"), ("5", "万"), ("6", "万")]),  # a Chinese numeral with its suit
        ("吃了4万亮的是467万", [("4", ""), ("6", ""), ("7", "万")]),  # 4万 alone is one tile, not a set
        ("called chow on the 3 but only had 5 and 6", [("3", ""), ("5", ""), ("6", "")]),  # tiles named apart
        ("he chowed 4-5-6", None),  # a proper set
        ("24 instead of 42 after 15 tiles", None),  # numbers that are no tiles: two digits
        ("一张牌掉了", None),  # a Chinese numeral alone without a suit is no tile
        ("吃了个三五六", [("3", ""), ("5", ""), ("6", "")]),  # three Chinese numerals together are tiles
    ],
)
def test_the_set_written_in_a_question(query, tiles):
    assert written_set(query) == tiles


@pytest.mark.parametrize(
    ("query", "read"),
    [
        ("he chowed 4-6-7", "he chowed 4-6-7 ; wrong meld wrong chow"),
        ("pung of 5p 5p 6p", "pung of 5p 5p 6p ; wrong meld wrong pung"),  # two alike: a pung meant
        ("吃的时候亮成了356", "吃的时候亮成了356 ; 亮错牌 吃错"),
        ("he called chow on the 3 but only had 5 and 6", "he called chow on the 3 but only had 5 and 6 ; wrong call"),
        ("the score was 4-6-7 after three hands", "the score was 4-6-7 after three hands"),  # no call or meld
        ("chow 123 456 789", "chow 123 456 789"),  # proper sets
    ],
)
def test_a_call_of_tiles_that_are_no_set_is_read_as_a_wrong_set(query, read):
    assert laid_sets(query) == read


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("he chowed 4-6-7", "false-set"),
        ("pung of 5p 5p 6p laid down", "false-set"),
        ("player ponged and showed 7 7 8, then discarded", "false-set"),  # pong read as pung first (kb.table_words)
        ("吃的时候亮成了356", "false-set"),
        ("碰牌亮出来是五万五万六万", "false-set"),
        ("吃了个三五六", "false-set"),  # Chinese numerals together, no suit
        ("he called chow on the 3 but only had 5 and 6", "wrong-call"),
    ],
)
def test_a_wrongly_laid_set_finds_its_ruling(db, question, expected):
    assert expected in [h.id for h in lookup(question, db, limit=3)]
