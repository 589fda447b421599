"""Babcock's classical rules: every worked figure of chapter VII, the no-score hand, the settlement.

Each figure is rebuilt as a complete hand consistent with Babcock's text (ch.VII, Figs. 27-34; ch.VI,
Figs. 17-18 for the standard sheet). The text names only the sets that score, so tiles that score
nothing (a run, a plain pair) are our choice; the comment next to each hand gives the arithmetic,
from the text or worked by hand. The expected numbers never come from the scorer's output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjref.main import cli
from scorer import BabcockScore, score
from scorer.babcock import LIMIT, settle
from scorer.babcock.options import OPTIONS
from scorer.babcock.sheet import DOUBLES, KEYS, LIMITS, POINTS
from scorer.errors import MjrefError, NotWinning, ProfileError
from scorer.profiles import load_profile
from scorer.rulings import BABCOCK_RULING_IDS, RULING_IDS

RULINGS = Path(__file__).resolve().parent.parent / "rulings"
RULING_FILES = {p.stem for p in RULINGS.rglob("*.md")}

STD, OPT = "babcock", "babcock-optional"


@pytest.fixture(scope="module")
def house(tmp_path_factory):
    """``house(ruling, position)``: the path of a club's file that extends babcock and agrees one option."""
    folder = tmp_path_factory.mktemp("houses")

    def make(ruling: str, position: str) -> str:
        path = folder / f"{ruling}-{position}.yaml"
        path.write_text(f"name: club\nextends: babcock\npositions:\n  {ruling}: {position}\n", encoding="utf-8")
        return str(path)

    return make


def babcock(hand: str, profile: str = STD) -> BabcockScore:
    result = score(hand, profile=profile, ruleset="babcock")
    assert isinstance(result, BabcockScore)
    check_result(result)
    return result


def check_result(result: BabcockScore) -> None:
    """What every Babcock result must satisfy: each item cites a ruling that exists; the total is the
    base doubled and capped, or a limit hand's share of the limit."""
    assert result.ruleset == "babcock"
    assert result.ruling_ids <= RULING_FILES
    assert all(r.startswith("babcock-") for r in result.ruling_ids)
    for item in (*result.fans, *result.excluded, *result.doubles):
        assert item.rulings, item
        assert item.key in KEYS, item
    limit_hands = [f for f in result.fans if f.key in LIMITS]
    if limit_hands:
        assert len(result.fans) == 1 and not result.doubles and not result.limit
        assert result.total == result.base == LIMIT // LIMITS[limit_hands[0].key].value
    else:
        doubled = result.base * 2 ** sum(d.count for d in result.doubles)
        assert result.base == sum(f.points for f in result.fans)
        assert result.total == min(doubled, LIMIT)
        assert result.limit is (doubled > LIMIT)


def keys(result: BabcockScore) -> dict[str, int]:
    """Points by item key."""
    return {f.key: f.points for f in result.fans}


def doubles(result: BabcockScore) -> dict[str, int]:
    """Doubling count by double key."""
    return {d.key: d.count for d in result.doubles}


# --- ch.VII, every figure, with and without the optional scores ------------------------------------------------

# Fig. 27, held by East, completed by punging the East Wind. South and North were exposed before the win;
# the run of dots (not named in the text; it scores 0) and the pair of West are concealed.
# Text: 20 + East exposed 4 + South exposed 4 + North exposed 4 = 32; doubled for the own wind = 64;
# doubled again for one suit (dots) with honours = 128. With the Four Wind Hand agreed: the limit, 300.
FIG_27 = "[SSS,1][NNN,2]123pEEWWE|EE0000"


def test_fig_27_four_wind_hand():
    std = babcock(FIG_27)
    assert (std.base, std.total) == (32, 128)
    assert keys(std) == {"mah-jongg": 20, "exposed-pung-terminals-honours": 12}
    assert doubles(std) == {"own-wind-set": 1, "one-suit-with-honours": 1}
    opt = babcock(FIG_27, OPT)
    assert opt.total == 300 and keys(opt) == {"four-wind-hand": 300}
    assert {"mah-jongg", "own-wind-set"} <= {e.key for e in opt.excluded}


def test_fig_27_held_by_south_or_north_is_still_a_four_wind_hand():
    # South or North holds his own wind among the three wind sets: the same 32, x2 own wind, x2 dots with
    # honours = 128, and the limit with the option (Babcock: "if held by East, South, or North").
    for seat in "SN":
        hand = FIG_27.replace("|EE", f"|E{seat}")
        assert babcock(hand).total == 128
        assert babcock(hand, OPT).total == 300


def test_fig_27_held_by_west_is_not_a_four_wind_hand():
    # Held by West the West Winds are only the pair: no own-wind set, so no Four Wind Hand (the text says
    # so). Worked by hand: 20 + three exposed wind pungs 12 + pair of his own wind 2 = 34; x2 dots with
    # honours = 68, with or without the option.
    hand = FIG_27.replace("|EE", "|EW")
    assert babcock(hand).total == 68
    opt = babcock(hand, OPT)
    assert opt.total == 68 and "four-wind-hand" not in keys(opt)


# Fig. 28, held by South (the text: "a player other than East"), completed by punging the one of
# characters. Text: 20 + ones of characters exposed 4 + East exposed 4 + four nines of bamboo exposed 16
# + nines of dots concealed 8 + two White Dragons 2 + no runs 10 = 64. Nothing doubles. With the option
# agreed (only ones, nines and honours): the limit, 300.
FIG_28 = "[9999s,2][EEE,1]11m999pPP1m|ES0000"


def test_fig_28_ones_nines_and_honours():
    std = babcock(FIG_28)
    assert std.total == 64 and not std.doubles
    assert keys(std)["no-runs"] == 10 and keys(std)["scoring-pair"] == 2
    assert keys(babcock(FIG_28, OPT)) == {"terminals-and-honours-hand": 300}


def test_fig_28_held_by_east_doubles_for_his_own_wind():
    # The ruling's remark: held by East the East pung is his own wind. 64 x 2 = 128; East collects double,
    # 256 from each of the three others (768 in all).
    result = babcock(FIG_28.replace("|ES", "|EE"))
    assert result.total == 128
    assert result.payments == {"others": -256, "winner": 768}


# Fig. 29, the Nine Gates 1112345678999 of characters, completed by punging the three of characters. The
# only complete reading is 11 123 345 678 999. Text: 20 + nines of characters concealed 8 = 28, doubled three
# times for one suit only: 28 x 2 x 2 x 2 = 224. No 2 for the only place: nine tiles would have won. With the
# Nine Gates agreed: the limit, 300.
FIG_29 = "1112345678999m3m|ES0000"


def test_fig_29_nine_gates():
    std = babcock(FIG_29)
    assert (std.base, std.total) == (28, 224)
    assert doubles(std) == {"one-suit": 3}
    assert "only-possible-place" not in keys(std)
    assert keys(babcock(FIG_29, OPT)) == {"nine-gates": 300}


def test_fig_29_drawn_instead():
    # Our arithmetic: the three drawn, not punged: 20 + nines concealed 8 + winning tile drawn 2 = 30; x 8 = 240.
    assert babcock(FIG_29.replace("0000", "1000")).total == 240


def test_fig_29_without_the_waiting_hand_is_no_nine_gates():
    # The waiting hand completed by a drawn one is the Nine Gates. Our reading: the thirteen tiles before the win
    # must be 1112345678999. Here they are 1112345678899 (two eights, two nines) and the nine of characters is
    # punged: the same fourteen tiles as the Nine Gates plus an eight, read 111 234 567 88 999. Worked by hand:
    # 20 + ones concealed 8 + nines exposed 4 = 32; one suit only x 8 = 256, with or without the options.
    assert keys(babcock("1112345678999m1m|ES1000", OPT)) == {"nine-gates": 300}
    assert babcock("1112345678899m9m|ES0000").total == 256
    assert babcock("1112345678899m9m|ES0000", OPT).total == 256


# Fig. 30, four exposed kongs, completed by punging the nine of dots to pair the last single tile. Text: 20 +
# twos of bamboo 8 + threes of dots 8 + ones of characters 16 + eights of characters 8 + only possible place 2
# + no runs 10 = 72; three suits, no doubles. With the option agreed: the limit, 300.
FIG_30 = "[1111m,3][8888m,1][3333p,2][2222s,1]9p9p|ES0000"


def test_fig_30_four_kongs():
    std = babcock(FIG_30)
    assert std.total == 72 and not std.doubles
    assert keys(std) == {
        "mah-jongg": 20,
        "exposed-kong-simples": 24,
        "exposed-kong-terminals-honours": 16,
        "only-possible-place": 2,
        "no-runs": 10,
    }
    assert keys(babcock(FIG_30, OPT)) == {"four-kongs": 300}


def test_fig_30_with_added_kongs_is_still_four_kongs():
    # The same kongs made by adding a fourth tile to exposed pungs (offers 5-7): still four sets of four, 72 and
    # 300; they are not held concealed, so the four-concealed limit is not among the replaced items.
    hand = "[1111m,7][8888m,5][3333p,6][2222s,5]9p9p|ES0000"
    assert babcock(hand).total == 72
    opt = babcock(hand, OPT)
    assert keys(opt) == {"four-kongs": 300}
    assert "four-concealed-pungs" not in {e.key for e in opt.excluded}


def test_fig_30_with_optional_doubling_only(house):
    # The optional-doubles ruling's own arithmetic: 62 before the no-runs bonus; doubled instead of adding 10
    # it makes 124 (Four Kongs not agreed). A club file that agrees only the optional doubling.
    assert score(FIG_30, profile=house("babcock-optional-doubles", "double"), ruleset="babcock").total == 124


# Fig. 31, three concealed pungs, completed by punging the 4 of characters into the middle of 3-5. The pair is
# not named; we chose seven of dots (0). Text: 20 + fives of bamboo concealed 4 + ones of dots concealed 8 +
# eights of characters concealed 4 + only possible place (middle of a run) 2 = 38. With the option: doubled once,
# 76.
FIG_31 = "35888m11177p555s4m|ES0000"


def test_fig_31_three_concealed_pungs():
    std = babcock(FIG_31)
    assert std.total == 38 and keys(std)["only-possible-place"] == 2
    opt = babcock(FIG_31, OPT)
    assert opt.total == 76 and doubles(opt) == {"three-concealed-pungs": 1}


def test_fig_31_a_concealed_pung_made_a_kong_keeps_the_double():
    # Babcock: a player may pung the fourth to a concealed set of three and keep the double. The eights of
    # characters become a kong claimed from a discard ([8888m,1]); points as the text's kong values:
    # 20 + fives of bamboo concealed 4 + ones of dots concealed 8 + eights kong exposed 8 + only place 2 = 42;
    # with the option doubled once = 84.
    hand = "[8888m,1]35m11177p555s4m|ES0000"
    assert babcock(hand).total == 42
    assert babcock(hand, OPT).total == 84


def test_fig_31_a_pung_made_with_the_winning_discard_is_exposed():
    # Our reading of Figs. 27-28: a pung completed by a claimed winning tile is exposed, so not one of three
    # concealed sets. 888m 111p concealed, 555s completed by punging the five of bamboo (two-way wait with the
    # pair of 7 dots); run 345m concealed. 20 + 888m 4 + 111p 8 + 555s exposed 2 = 34; no double with the option.
    hand = "345888m11177p55s5s|ES0000"
    assert babcock(hand).total == 34
    assert babcock(hand, OPT).total == 34


# Fig. 32, four concealed pungs, completed by drawing the third nine of characters. The pair is not named; we
# chose seven of dots. Text: 20 + sixes of characters 4 + fours of dots 4 + twos of bamboo 4 + nines of
# characters 8 (all concealed) + winning tile drawn 2 + no runs 10 = 52. With the option: the limit, 300.
FIG_32 = "66699m44477p222s9m|ES1000"


def test_fig_32_four_concealed_pungs():
    std = babcock(FIG_32)
    assert std.total == 52 and not std.doubles
    assert keys(babcock(FIG_32, OPT)) == {"four-concealed-pungs": 300}


def test_fig_32_waiting_on_the_pair_the_last_tile_may_be_claimed(house):
    # Four concealed pungs held, waiting on the partner of the seven of dots, which is claimed. Worked by hand:
    # 20 + 666m 4 + 999m 8 + 444p 4 + 222s 4 + only possible place 2 + no runs 10 = 52. Babcock: drawn or
    # punged, the limit (babcock-optional: 300). The stricter agreement "limit-if-drawn": a claimed tile is not
    # enough, so 52; drawn it is the limit.
    hand = "666999m444p222s7p7p|ES0000"
    assert babcock(hand).total == 52
    assert babcock(hand, OPT).total == 300
    strict = house("babcock-four-concealed-pungs", "limit-if-drawn")
    assert score(hand, profile=strict, ruleset="babcock").total == 52
    assert score(hand.replace("0000", "1000"), profile=strict, ruleset="babcock").total == 300


# Fig. 33, the Thirteen Orphans ready to go out; we complete it with a drawn one of characters. No standard score:
# without the option it is no winning hand. With it: the limit, 300, also when the fourteenth tile is punged.
FIG_33 = "19m19p19sESWNCFP1m|ES1000"


def test_fig_33_thirteen_orphans():
    with pytest.raises(NotWinning):
        babcock(FIG_33)
    assert keys(babcock(FIG_33, OPT)) == {"thirteen-orphans": 300}
    assert babcock(FIG_33.replace("1000", "0000"), OPT).total == 300


# Fig. 34, the Seven Twins: any seven pairs, the seventh punged (the tiles are not given in the text; ours).
# Without the option no winning hand; with it half the limit, 150.
FIG_34 = "1155m2288p3377sWW|ES0000"


def test_fig_34_seven_twins():
    with pytest.raises(NotWinning):
        babcock(FIG_34)
    assert keys(babcock(FIG_34, OPT)) == {"seven-twins": 150}


def test_seven_twins_that_also_make_runs_score_the_better_reading(house):
    # 11223344556677 of characters, the 7 drawn: as runs 123 123 456 456 and a pair of 7s it scores 20 + drawn 2
    # = 22, one suit only x 8 = 176, more than the Seven Twins' 150 (our reading: the better reading counts).
    # Under babcock-optional the 44 double applies too: 22 x 2 x 8 = 352, capped at the limit, 300.
    hand = "1122334455667m7m|ES1000"
    assert babcock(hand).total == 176
    assert babcock(hand, OPT).total == 300
    assert babcock(hand, house("babcock-seven-twins", "half-limit")).total == 176


# The no-score hand (ch.VII, "No Score other than that for Drawing the Winning Tile"): four runs and a pair of
# five dots that scores 0, waiting on the 1 or 4 of bamboo (two ways, so no 2 for the only place).
# Drawn: 20 + 2 = 22. Punged: 20 + the 10-point consolation = 30. With the optional double: 22 x 2 = 44.
# Under babcock-optional the discard case also doubles instead of adding 10: 20 x 2 = 40 (our arithmetic).
NO_SCORE = "123456m55789p23s4s|ES{}000"


def test_no_score_hand_22_30_44():
    assert babcock(NO_SCORE.format(1)).total == 22
    assert babcock(NO_SCORE.format(0)).total == 30
    assert keys(babcock(NO_SCORE.format(0))) == {"mah-jongg": 20, "no-score": 10}
    assert babcock(NO_SCORE.format(1), OPT).total == 44
    assert babcock(NO_SCORE.format(0), OPT).total == 40


def test_the_44_option_alone_leaves_the_discard_case_at_30(house):
    club = house("babcock-no-score-hand", "double")
    assert score(NO_SCORE.format(1), profile=club, ruleset="babcock").total == 44
    assert score(NO_SCORE.format(0), profile=club, ruleset="babcock").total == 30


def test_no_score_hand_filled_in_the_only_place_is_not_doubled():
    # Our reading: the only place (the middle of 2-4 of bamboo) is a score besides Mah-Jongg: drawn, 20 + 2 + 2 =
    # 24, no 44; on a discard 20 + 2 = 22, no consolation.
    assert babcock("123456m55789p24s3s|ES1000", OPT).total == 24
    assert babcock("123456m55789p24s3s|ES0000").total == 22


# --- ch.VI, Figs. 17 and 18 (the standard sheet's own examples) -------------------------------------------------


def test_fig_17_held_by_west_the_two_drawn_into_the_only_place():
    # Text: 20 + ones of dots exposed 4 + West exposed 4 + sevens of characters concealed 4 = 32; with the 2 of
    # characters drawn into the only place 36; held by West doubled for his own wind: 72.
    result = babcock("[111p,1][WWW,2]13777m55s2m|EW1000")
    assert (result.base, result.total) == (36, 72)
    assert result.payments == {"east": -144, "others": -72, "winner": 288}


def test_fig_18_held_by_east_collects_336_from_each():
    # Text: 20 + four eights of dots exposed 8 + Green Dragons exposed 4 + East concealed 8 + White pair 2 = 42;
    # x2 Green Dragons = 84; x2 East's own wind = 168; East receives 336 from each of the others.
    result = babcock("[8888p,1]234sEEEFFPPF|EE0000")
    assert (result.base, result.total) == (42, 168)
    assert result.payments == {"others": -336, "winner": 1008}


# --- the other bonuses, the doubles and the limit -----------------------------------------------------------------


def test_loose_tile_after_a_kong(house):
    # A concealed kong of fives, its loose tile the East Wind that pairs the single East (South's hand).
    # Our reading (the loose tile is drawn): 20 + concealed kong of 2-8 16 + drawn 2 + only place 2 + loose tile
    # 10 = 50. With optional doubling: 40 doubled once = 80.
    hand = "[5555m]123p456s789sEE|ES1001"
    assert babcock(hand).total == 50
    assert babcock(hand, house("babcock-optional-doubles", "double")).total == 80


def test_stealing_the_fourth():
    # Robbing the 6 of bamboo from another player's added kong: 123m 456p 678s 99s + concealed Red Dragons.
    # 20 + Red Dragons concealed 8 + stealing the fourth 10 = 38 (no 2 for drawing: the tile was not drawn;
    # 6 or 9 of bamboo would win, so no only place); x2 for the dragon set = 76.
    assert babcock("123m456p78s99sCCC6s|ES0001").total == 76


def test_last_tile_of_the_wall():
    # 123m 456p 789s 55p, the 3 of bamboo drawn as the last tile into the end of 1-2: 20 + drawn 2 + only place 2
    # + last tile 10 = 34. On the discard after it (our reading: the bonus is for the tile drawn) 20 + 2 = 22.
    assert babcock("123m456p789s12s55p3s|ES1010").total == 34
    assert babcock("123m456p789s12s55p3s|ES0010").total == 22


def test_all_honours_is_capped_at_the_limit():
    # North's hand: concealed East, South, West, Red Dragon, a pair of Green completed by a drawn tile.
    # 20 + four concealed honour pungs 32 + Green pair 2 + drawn 2 + only place 2 + no runs 10 = 68; doubled
    # once for the Red Dragons and three times for all honours: 68 x 16 = 1088, capped at 300.
    result = babcock("EEESSSWWWCCCFF|EN1000")
    assert result.base == 68 and result.limit and result.total == 300
    assert doubles(result) == {"dragon-set": 1, "all-honours": 3}


def test_the_reading_that_scores_most_is_taken():
    # 111 222 333 of characters held concealed, 456 dots, the 7 of bamboo drawn to pair a single one. As pungs:
    # 20 + 1s concealed 8 + 2s 4 + 3s 4 + drawn 2 + only place 2 = 40; as three runs only 24. Three concealed
    # pungs with the option: 80.
    hand = "111222333m456p7s7s|ES1000"
    assert babcock(hand).total == 40
    assert babcock(hand, OPT).total == 80


def test_the_prevalent_wind_does_not_score():
    # A pung of the prevalent wind that is not the player's own scores as any wind: the same total either way.
    assert babcock("[WWW,1]123m456p789s5s5s|WS0000").total == babcock("[WWW,1]123m456p789s5s5s|ES0000").total


# --- the result and the profiles -----------------------------------------------------------------------------------


def test_the_json_shape():
    data = json.loads(babcock(FIG_27).to_json())
    assert list(data) == [
        "ruleset",
        "profile",
        "hand",
        "total",
        "flowers",
        "meets_minimum",
        "fans",
        "excluded",
        "payments",
        "alternatives",
        "base",
        "doubles",
        "limit",
    ]
    assert data["ruleset"] == "babcock" and data["profile"] == "babcock" and data["limit"] is False
    assert data["alternatives"] == []  # Babcock keeps its best reading alone: no audit of claims to serve
    assert data["fans"][0] == {
        "fan": "mah-jongg",
        "key": "mah-jongg",
        "name": "Mah-Jongg",
        "points": 20,
        "count": 1,
        "sets": [],
        "rulings": ["babcock-standard-score-sheet"],
    }
    assert {"key", "name", "count", "rulings"} <= set(data["doubles"][0])


def test_every_ruling_the_scorer_can_cite_exists():
    assert BABCOCK_RULING_IDS <= RULING_IDS
    assert BABCOCK_RULING_IDS <= RULING_FILES
    tables = [*POINTS.values(), *DOUBLES.values(), *LIMITS.values()]
    assert {item.ruling for item in tables} <= RULING_FILES
    assert set(OPTIONS) <= RULING_FILES


def test_the_default_profile_of_each_rule_set():
    assert score(FIG_28, ruleset="babcock").profile == "babcock"
    assert score("123m456m789m123p55s").profile == "green-book"


@pytest.mark.parametrize(
    ("hand", "profile", "ruleset", "message"),
    [
        (FIG_28, "green-book", "babcock", "profile 'green-book' is an MCR profile, not a Babcock one"),
        (FIG_28, "chinese-practice", "babcock", "profile 'chinese-practice' is an MCR profile"),
        (
            FIG_28,
            "babcock",
            "mcr",
            "profile 'babcock' is a Babcock profile, not an MCR one: use chinese-practice, green",
        ),
        (FIG_28, "babcock-optional", "mcr", "profile 'babcock-optional' is a Babcock profile"),
        (FIG_28, "babcock", "riichi", "unknown rule set 'riichi'"),
        ("123m456m789m123p55s+2", "babcock", "babcock", "Babcock's game is scored without flowers"),
    ],
)
def test_a_profile_of_the_other_rule_set_is_a_one_line_error(hand, profile, ruleset, message):
    with pytest.raises(MjrefError) as caught:
        score(hand, profile=profile, ruleset=ruleset)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("ruling", "position"), [(r, p) for r, positions in OPTIONS.items() for p in positions if p != "standard"]
)
def test_each_option_can_be_agreed_alone_in_a_house_file(ruling, position, house):
    profile = load_profile(house(ruling, position))
    base = load_profile("babcock")
    assert profile.ruleset == "babcock"
    assert profile.positions == {**base.positions, ruling: position}


def test_a_house_file_with_only_the_four_wind_hand(house):
    club = house("babcock-four-wind-hand", "limit")
    assert score(FIG_27, profile=club, ruleset="babcock").total == 300
    assert score(FIG_28, profile=club, ruleset="babcock").total == 64  # no other option agreed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "name: p\nextends: babcock\npositions:\n  babcock-eight-gates: limit\n",
            "p.yaml:4: positions: this is not one of Babcock's optional scores",
        ),
        (
            "name: p\nextends: babcock\npositions:\n  babcock-seven-twins: half\n",
            "p.yaml:4: positions: babcock-seven-twins: unknown position (one of standard, half-limit)",
        ),
        (
            "name: p\nextends: babcock\npositions:\n  two-concealed-kongs: six\n",
            "p.yaml:4: positions: 'two-concealed-kongs' is not one of Babcock's optional scores",
        ),
        (
            "name: p\nextends: green-book\npositions:\n  babcock-seven-twins: half-limit\n",
            "p.yaml:4: positions: 'babcock-seven-twins' is not a disputed ruling that changes a score "
            "(it is a Babcock option",
        ),
        ("name: p\nruleset: mcr\nextends: babcock\n", "p.yaml:2: ruleset: 'mcr', but the profile it extends"),
        ("name: p\nruleset: riichi\nextends: null\n", "p.yaml:2: ruleset: unknown rule set (one of mcr, babcock)"),
        ("name: p\nextends: babcock\npoints:\n  no-runs: 20\n", "p.yaml:4: points: a Babcock profile sets no"),
        (
            "name: p\nruleset: babcock\nextends: null\npositions:\n  babcock-nine-gates: limit\n",
            "p.yaml:4: positions: no position for 'babcock-four-wind-hand' (a Babcock profile must decide",
        ),
    ],
)
def test_babcock_profile_mistakes_name_file_and_line(tmp_path, text, expected):
    (tmp_path / "p.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError) as caught:
        load_profile(str(tmp_path / "p.yaml"))
    message = str(caught.value).removeprefix(str(tmp_path) + "/")
    assert message.startswith(expected), message
    result = CliRunner().invoke(cli, ["score", FIG_28, "--ruleset", "babcock", "--profile", str(tmp_path / "p.yaml")])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")


# --- settlement ----------------------------------------------------------------------------------------------------


def test_settlement_when_east_wins():
    # East scores 168 (Fig. 18); South's hand 10, West's 4, North's 0. Each loser pays East 2 x 168 = 336 (the text's
    # figure); the losers settle 6, 10 and 4. South -336 + 6 + 10 = -320; West -336 - 6 + 4 = -338;
    # North -336 - 10 - 4 = -350; East +1008.
    net = settle({"E": 168, "S": 10, "W": 4, "N": 0}, winner="E")
    assert net == {"E": 1008, "S": -320, "W": -338, "N": -350}
    assert sum(net.values()) == 0


def test_settlement_when_another_seat_wins():
    # South scores 40; East 12, West 8, North 0. East pays 2 x 40 = 80, West and North 40 each: South +160.
    # East-West 2 x 4 = 8, East-North 2 x 12 = 24, West-North 8. East -80 + 8 + 24 = -48; West -40 - 8 + 8 = -40;
    # North -40 - 24 - 8 = -72.
    net = settle({"E": 12, "S": 40, "W": 8, "N": 0}, winner="S")
    assert net == {"E": -48, "S": 160, "W": -40, "N": -72}
    assert sum(net.values()) == 0


@pytest.mark.parametrize(
    ("scores", "winner", "message"),
    [
        ({"E": 1, "S": 2, "W": 3}, "E", "settlement needs a score for each of the seats"),
        ({"E": 1, "S": 2, "W": 3, "N": 4}, "X", "winner 'X'"),
        ({"E": 1, "S": -2, "W": 3, "N": 4}, "E", "score of S"),
    ],
)
def test_settlement_bad_input(scores, winner, message):
    with pytest.raises(MjrefError, match=message):
        settle(scores, winner)


# --- the command line ----------------------------------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(cli, ["score", *args])


def test_cli_table_names_a_ruling_on_every_line():
    result = run(FIG_27, "--ruleset", "babcock")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Profile    babcock (rule set babcock)" in lines
    assert any(line.strip().startswith("Mah-Jongg") and line.endswith("babcock-standard-score-sheet") for line in lines)
    assert "Total      32 x 2 x 2 = 128 points (babcock-standard-score-sheet)" in lines
    for prefix in ("Base", "Limit", "Total", "Payments"):
        (line,) = [x for x in lines if x.startswith(prefix)]
        assert "(babcock-" in line, line
    assert any(line.startswith("Payments   winner +768, others (each) -256") for line in lines)


def test_cli_flowers_option_is_named_when_refused_for_babcock():
    # The line said "remove the +N" of a hand that had none: the option had put it there.
    result = run(FIG_27, "--ruleset", "babcock", "--flowers", "2")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["error: --flowers: Babcock's game is scored without flowers: leave it out"]
    assert run(FIG_27, "--ruleset", "babcock", "--flowers", "0").exit_code == 0  # no flowers is no flowers


def test_cli_optional_profile_and_json():
    result = run(FIG_27, "--ruleset", "babcock", "--profile", "babcock-optional", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["total"] == 300 and data["fans"][0]["key"] == "four-wind-hand"
    text = run(FIG_27, "--ruleset", "babcock", "--profile", "babcock-optional").output
    assert "Total      300 points (babcock-four-wind-hand)" in text.splitlines()


def test_cli_situation_options_apply_to_babcock():
    # --seat W turns Fig. 27 into West's hand: 68 (see above); --self-drawn on the no-score hand: 22.
    assert json.loads(run(FIG_27, "--ruleset", "babcock", "--seat", "W", "--json").output)["total"] == 68
    assert json.loads(run(NO_SCORE.format(0), "--ruleset", "babcock", "--self-drawn", "--json").output)["total"] == 22


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((FIG_28, "--ruleset", "babcock", "--profile", "green-book"), "error: profile 'green-book' is an MCR profile"),
        ((FIG_28, "--profile", "babcock"), "error: profile 'babcock' is a Babcock profile"),
        ((FIG_34, "--ruleset", "babcock"), "error: not a winning hand"),
        ((FIG_28, "--ruleset", "riichi"), "error: Invalid value for '--ruleset'"),
        (("[9999s,2][EEE,1]11m999pPP1", "--ruleset", "babcock"), "error: hand:"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr
    assert result.stderr.count("\n") == 1
