"""Hostile input: nothing crashes, and every error is one line of visible characters.

Bad input of any kind (text, a ``Hand`` built in Python, a profile file) raises :class:`MjrefError`
and nothing else, and ``str(error)`` is exactly one line with no control characters: an error that
quotes the input cannot retitle or clear the user's terminal.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjref.main import cli
from scorer import Hand, Kind, Meld, MjrefError, Situation, format_hand, parse, score
from scorer.errors import printable
from scorer.profiles import load_profile
from scorer.strict_yaml import YamlError
from scorer.strict_yaml import parse as parse_yaml
from tests.support.generate import FORMS, random_hand

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VALID = "123m456m789m123p55s"


def one_clean_line(error: BaseException) -> str:
    """``str(error)``, asserted to be one non-empty line of printable characters."""
    text = str(error)
    assert text and text.isprintable(), repr(text)  # isprintable() is False for \n, ESC, BEL, U+202E, …
    return text


def error_of(call, *args, **kwargs) -> MjrefError:
    with pytest.raises(MjrefError) as info:
        call(*args, **kwargs)
    one_clean_line(info.value)
    return info.value


# --------------------------------------------------------------------------- Unicode digits


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123m456m789m123p5²s5s", "hand:18: unknown character '²' (U+00B2)"),
        ("123m456m789m123p5s\u0665s", "hand:19: unknown character '\u0665' (U+0665)"),
        ("[123m,²]456m789m123p5s5s", "hand:7: expected the offer digit after the comma, found '²' (U+00B2)"),
        ("123m456m789m123p55s|EE1\u0661\u0660\u0660", "hand:24: situation: flag '\u0661' (U+0661) must be 0 or 1"),
        ("123m456m789m123p55s+\u0663", "hand:21: expected the number of flowers after '+', found '\u0663' (U+0663)"),
        ("123m456m789m123p55s+\uff13", "hand:21: expected the number of flowers after '+', found '\uff13' (U+FF13)"),
    ],
)
def test_only_ascii_digits_are_digits(hand, expected):
    assert str(error_of(parse, hand)).startswith(expected)


def test_a_unicode_digit_on_the_command_line_is_one_error_line_not_a_traceback():
    result = CliRunner().invoke(cli, ["score", "123m456m789m123p5²s5s"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: hand:18: unknown character '²' (U+00B2)")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


# --------------------------------------------------------------------------- control characters


@pytest.mark.parametrize(
    ("hand", "shown"),
    [
        ("123m456m789m123p55s\x1b]0;pwned\x07", "hand:20: unknown character '\\x1b'"),
        ("123m456m\n789m123p55s", "hand:9: unknown character '\\n'"),
        ("123m456m789m123p5s5s|E\u202eE0000", "'|E\\u202eE0000' has 7 characters"),
        ("123m456m789m123p55s\x1b[2J", "hand:20: unknown character '\\x1b'"),
    ],
)
def test_errors_escape_what_they_echo(hand, shown):
    assert shown in str(error_of(parse, hand))


def test_the_command_line_never_prints_a_control_character():
    result = CliRunner().invoke(cli, ["score", "123m\x1b]0;title\x07\x1b[2J\n456m"])
    assert result.exit_code == 2
    assert result.stderr == "error: hand:5: unknown character '\\x1b' (tiles are 1-9 + m/p/s, 1-7z, or E S W N C F P)\n"


def test_no_error_can_be_more_than_one_line():
    e = MjrefError("first\nsecond\x1b[2J", where="file\r.yaml:3")
    assert str(e) == "file\\r.yaml:3: first\\nsecond\\x1b[2J" and e.message == "first\\nsecond\\x1b[2J"
    assert printable("Starbäck 四归一 \\x") == "Starbäck 四归一 \\x"  # visible text, backslashes included, unchanged


# --------------------------------------------------------------------------- a Hand built in Python

FOUR_SETS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13)  # 123m456m789m123p5p + the winning tile


@pytest.mark.parametrize(
    ("hand", "text"),
    [
        (Hand((Meld(Kind.CHOW, 7, 1),), FOUR_SETS[3:], 13), "[89m1p,1]123m456m789m123p5p5p"),  # chow across suits
        (Hand((Meld(Kind.PAIR, 4, None),), FOUR_SETS[3:], 13), "[55m]123m456m789m123p5p5p"),  # a pair as a set
        (Hand((Meld(Kind.PUNG, 4, 9),), FOUR_SETS[3:], 13), "[555m,9]123m456m789m123p5p5p"),  # offer 9
        (Hand((Meld(Kind.PUNG, 4, 0),), FOUR_SETS[3:], 13), "[555m,0]123m456m789m123p5p5p"),  # offer 0 on a pung
        (Hand((), FOUR_SETS, 13, Situation(flowers=99)), "123m456m789m123p55p+99"),
    ],
)
def test_a_constructed_hand_gets_the_parsers_checks_and_messages(hand, text):
    assert error_of(score, hand).message == error_of(parse, text).message


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        (Hand(("123m",), FOUR_SETS[3:], 13), "Hand.melds[0]: expected a scorer.Meld, not str '123m'"),  # type: ignore[arg-type]
        (Hand((), (*FOUR_SETS[:-1], 99), 13), "Hand.standing[12]: expected a tile, a whole number from 0 to 33"),
        (Hand((), FOUR_SETS, -1), "Hand.winning: expected a tile, a whole number from 0 to 33, not int -1"),
        (
            Hand((), (True, *FOUR_SETS[1:]), 13),
            "Hand.standing[0]: expected a tile, a whole number from 0 to 33, not bool",
        ),
        (Hand((Meld(Kind.CHOW, 33, 1),), FOUR_SETS[3:], 13), "Hand.melds[0]: [P,1] is no set"),
        (Hand((Meld(Kind.KONG, 4, None),), FOUR_SETS[3:], 13), "Hand.melds[0]: [5555m]: a kong's offer is 0"),
        (Hand((Meld(1, 4, 1),), FOUR_SETS[3:], 13), "Hand.melds[0]: kind: expected a scorer.Kind, not int 1"),  # type: ignore[arg-type]
        (Hand((), FOUR_SETS, 13, Situation(prevalent=0)), "Situation.prevalent: int 0 is no wind"),
        (Hand((), FOUR_SETS, 13, Situation(self_drawn=1)), "Situation.self_drawn: flag must be True or False"),  # type: ignore[arg-type]
        (Hand((), FOUR_SETS, 13, Situation(flowers=True)), "Situation.flowers: expected a whole number of flowers"),
        (Hand((), FOUR_SETS, 13, None), "Hand.situation: expected a scorer.Situation, not NoneType"),  # type: ignore[arg-type]
        (Hand([Meld(Kind.PUNG, 0, 1)] * 5, (), 13), "Hand.melds: more than four declared sets"),  # type: ignore[arg-type]
    ],
)
def test_a_constructed_hand_of_wrong_types_is_one_error_line(hand, expected):
    assert str(error_of(score, hand)).startswith(expected)


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"flowers": "2"}, "flowers: expected a whole number, not str"),
        ({"flowers": True}, "flowers: expected a whole number, not bool"),
        ({"self_drawn": 1}, "self_drawn: expected True or False, not int"),
        ({"profile": 5}, "profile: expected a profile name or a path, not int"),
        ({"prevalent": 27}, "prevalent wind 27: expected E, S, W or N"),
        # a wind is one letter: neither two of them nor none may pass for East (both once did, as part of "ESWN")
        ({"prevalent": "ES"}, "prevalent wind 'ES': expected E, S, W or N"),
        ({"seat": ""}, "seat wind '': expected E, S, W or N"),
    ],
)
def test_keyword_arguments_of_the_wrong_type_are_one_error_line(kwargs, expected):
    assert str(error_of(score, VALID, **kwargs)) == expected


def test_a_constructed_hand_scores_as_its_text():
    unsorted = Hand((Meld(Kind.PUNG, 27, 2), Meld(Kind.CHOW, 0, 1)), (26, 22, 14, 13, 12, 24, 25), 22)
    assert score(unsorted).to_json() == score("[123m,1][EEE,2]456p789s5s5s").to_json()
    assert error_of(score, [1, 2]).code == "notation"  # neither a string nor a Hand


# --------------------------------------------------------------------------- properties

_TEXT_PARTS = st.sampled_from(
    [*"0123456789mpszESWNCFP[],|+ \t", "²", "١", "٣", "\uff15", "\x1b", "\x07", "\n", "\r", "\x00", "\u202e", "\ud800",
     "[123m,1]", "[EEE,2]", "[5555s]", "|EW1000", "+2", "123m", "456p", "55s", "z", "8z", "0m", "9", "[", "]"]
)  # fmt: skip
hostile_text = st.one_of(
    st.lists(_TEXT_PARTS, max_size=40).map("".join),
    st.text(max_size=60),
    st.text(alphabet="123456789mpsESWNCFPz[],|+0 ²", max_size=60),
)


@SETTINGS
@given(text=hostile_text)
def test_the_parser_raises_only_mjref_errors_of_one_clean_line(text):
    try:
        hand = parse(text)
    except MjrefError as e:
        one_clean_line(e)
        return
    assert format_hand(parse(format_hand(hand))) == format_hand(hand)  # read: its canonical text reads the same


_ANY = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.integers(min_value=2**40), st.text(max_size=4), st.floats()
)
_MELD = st.one_of(
    st.builds(Meld, st.sampled_from(Kind), st.integers(-2, 36), st.one_of(st.none(), st.integers(-1, 9))),
    st.builds(Meld, _ANY, _ANY, _ANY),
    _ANY,
)
_SITUATION = st.one_of(
    st.builds(
        Situation,
        st.one_of(st.sampled_from((27, 28, 29, 30)), _ANY),
        st.one_of(st.sampled_from((27, 28, 29, 30)), _ANY),
        st.one_of(st.booleans(), _ANY),
        st.booleans(),
        st.booleans(),
        st.one_of(st.booleans(), _ANY),
        st.one_of(st.integers(-1, 9), _ANY),
    ),
    _ANY,
)
_TILES = st.lists(st.one_of(st.integers(-1, 34), _ANY), max_size=15)
hostile_hands = st.builds(
    Hand,
    st.one_of(st.lists(_MELD, max_size=5).map(tuple), st.lists(_MELD, max_size=5), _ANY),
    st.one_of(_TILES.map(tuple), _TILES, _ANY),
    st.one_of(st.integers(-1, 34), _ANY),
    _SITUATION,
)


@SETTINGS
@given(hand=hostile_hands, ruleset=st.sampled_from(["mcr", "babcock"]))
def test_score_of_a_constructed_hand_raises_only_mjref_errors_of_one_clean_line(hand, ruleset):
    try:
        score(hand, ruleset=ruleset)
    except MjrefError as e:
        one_clean_line(e)


_YAML_PARTS = st.sampled_from(
    ["name: ", "title: ", "extends: ", "positions:", "points:", "ruleset: ", "\n", "  ", "- ", ": ", "green-book",
     "null", "~", "no", "3.10", "1e3", "0x1f", "2006-03-26", "88", "89", "-1", "1" * 30, "&a ", "*a",
     "!!python/name:os.system", "<<: ", "[", "]", "{", "}", "'", '"\\e[2J"', "tile-hog: ", "kong-table: ", "full",
     "seven-pairs-tile-hog", "\t", "#", "²", "\x1b", "\x00", "\u202e", "\ufeff", "\x85", "é", "四归一", "---\n", "? "]
)  # fmt: skip
hostile_yaml = st.one_of(
    st.lists(_YAML_PARTS, max_size=30).map(lambda parts: "".join(parts).encode("utf-8", "surrogatepass")),
    st.binary(max_size=80),
    st.text(max_size=80).map(lambda t: t.encode("utf-8", "surrogatepass")),
)
_FILE_NUMBER = itertools.count()


@pytest.fixture(scope="module")
def profile_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("hostile-profiles")


@settings(SETTINGS, max_examples=200)
@given(content=hostile_yaml)
def test_the_profile_reader_raises_only_mjref_errors_of_one_clean_line(profile_dir, content):
    path = profile_dir / f"p{next(_FILE_NUMBER)}.yaml"
    path.write_bytes(content)
    try:
        profile = load_profile(str(path))
    except MjrefError as e:
        assert str(e).startswith(f"{path}:") or str(e).startswith("unknown profile") or "extends" in str(e), str(e)
        one_clean_line(e)
        return
    assert profile.name.isprintable() and profile.title.isprintable()


@settings(SETTINGS, max_examples=200)
@given(text=st.lists(_YAML_PARTS, max_size=30).map("".join))
def test_the_strict_reader_raises_only_yaml_errors_of_one_clean_line(text):
    try:
        parse_yaml(text)
    except YamlError as e:
        one_clean_line(e)


def _shuffled(seed: int, form: str) -> Hand:
    rng = random.Random(seed)
    hand = random_hand(rng, form).hand
    melds = list(hand.melds)
    rng.shuffle(melds)
    return replace(hand, melds=tuple(melds))


@settings(SETTINGS, max_examples=100)
@given(hand=st.tuples(st.integers(0, 2**32 - 1), st.sampled_from(FORMS)).map(lambda args: _shuffled(*args)))
def test_a_hand_and_its_canonical_text_score_byte_identically(hand):
    assert score(hand).to_json() == score(format_hand(hand)).to_json()
