"""The penalty table (scorer/mcr/penalties.csv): its figures against the sources, its checks, its errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.load import load_corpus
from kb.locators import locator_problem
from rulings import RULINGS_DIR
from scorer.errors import MjrefError
from scorer.mcr.penalties import CITED, FOULS, PENALTIES, Penalty, _load, penalty_for
from scorer.mcr.positions import CHINESE_2006, DISPUTED, EMA, PENALTY_AMOUNTS
from scorer.mcr.table import TableError
from scorer.profiles import load_profile

CORPUS = load_corpus(RULINGS_DIR)
RULING_IDS = {r.id for r in CORPUS.rulings}


def test_false_win_under_the_chinese_2006_table():
    # Sloper col. 289, exercise 6 (Tianjin 2006): "You pay 10 points to each player": 3 x 10 = 30, to the others.
    assert penalty_for("false-win", "chinese-practice") == Penalty(
        "false-win", 30, "others", CHINESE_2006, (PENALTY_AMOUNTS, "false-win")
    )


def test_the_green_book_profile_takes_the_chinese_2006_table():
    # rulings/profiles/green-book.yaml: no Green Book figure has been read; Tianjin 2006 is the only one.
    assert penalty_for("false-win").position == CHINESE_2006
    assert penalty_for("false-win", load_profile("starback")).points == 30


def test_a_foul_the_table_does_not_price_is_for_the_referee():
    # Sloper col. 289 gives only the false win; the mind map's -10 is an EMA regulation, not Tianjin's.
    assert penalty_for("winning-tile-not-taken", "green-book") is None
    assert penalty_for("late-call", "green-book") is None


def write_house(tmp_path: Path, position: str) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text(f"name: club\ntitle: A club\nextends: green-book\npositions:\n  penalty-amounts: {position}\n")
    return path


def test_a_house_profile_that_takes_the_ema_table(tmp_path):
    path = write_house(tmp_path, "ema")
    # MCR Penalties mind map, erroneous sequence, item 6: "forget to take the winning tile before starting to
    # count: -10pt", an EMA regulation; a deduction, paid to nobody.
    found = penalty_for("winning-tile-not-taken", str(path))
    assert found == Penalty("winning-tile-not-taken", 10, "none", EMA, (PENALTY_AMOUNTS, "winning-tile-not-taken"))
    assert penalty_for("false-win", load_profile(str(path))) is None  # no EMA figure for it read


def test_a_house_profile_with_an_unknown_position_is_refused_at_its_line(tmp_path):
    path = write_house(tmp_path, "fifty")
    # The file is not a valid profile, so its value is not quoted back: the line names the choices instead.
    with pytest.raises(
        MjrefError, match=r"club\.yaml:5: positions: penalty-amounts: unknown position \(one of chinese-2006, ema\)"
    ):
        penalty_for("false-win", str(path))


@pytest.mark.parametrize(
    ("foul", "profile", "message"),
    [
        (3, "green-book", "foul: expected a foul's ruling id, not int"),
        (None, "green-book", "foul: expected a foul's ruling id, not NoneType"),
        ("false win", "green-book", "unknown foul 'false win': use one of false-win, "),
        ("penalty-amounts", "green-book", "unknown foul 'penalty-amounts'"),
        ("false-win", 3, "profile: expected a profile name, a path or a loaded profile, not int"),
        ("false-win", "no-such-profile", "unknown profile 'no-such-profile'"),
        ("false-win", "babcock", "is a Babcock profile"),
        ("false-win", load_profile("babcock"), "is a Babcock profile"),
    ],
)
def test_bad_input_is_one_line(foul, profile, message):
    with pytest.raises(MjrefError) as e:
        penalty_for(foul, profile)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_every_foul_and_position_of_the_table_is_a_ruling_and_a_position():
    assert DISPUTED[PENALTY_AMOUNTS] == (CHINESE_2006, EMA)
    assert set(FOULS) <= RULING_IDS and PENALTY_AMOUNTS in RULING_IDS
    for (position, foul), penalty in PENALTIES.items():
        assert position in DISPUTED[PENALTY_AMOUNTS] and foul in FOULS and penalty.points > 0
        assert penalty.rulings == (PENALTY_AMOUNTS, foul) and penalty.to in ("others", "none")


def test_every_figure_cites_a_source_at_a_locator_it_has():
    for key, cited in CITED.items():
        source = CORPUS.sources[cited.source]
        assert locator_problem(cited.source, cited.at, source.shapes) is None, (key, cited)


def test_the_ruling_shows_every_figure_with_its_citation():
    ruling = next(r for r in CORPUS.rulings if r.id == PENALTY_AMOUNTS)
    body = (RULINGS_DIR / "mcr" / f"{PENALTY_AMOUNTS}.md").read_text(encoding="utf-8")
    assert ruling.status == "disputed" and {p.id for p in ruling.positions} == set(DISPUTED[PENALTY_AMOUNTS])
    for (_, foul), cited in CITED.items():
        assert f"[[{foul}]]" in body and f"[@{cited.source}, {cited.at}]" in body


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ("fifty,false-win,30,others,Sloper289,col. 289", "position 'fifty' is not one of chinese-2006, ema"),
        ("ema,false-wins,30,others,Sloper289,col. 289", "foul 'false-wins' is not a foul ruling"),
        ("ema,false-win,0,others,Sloper289,col. 289", "points: expected a whole number above zero, not '0'"),
        ("ema,false-win,-5,others,Sloper289,col. 289", "points: expected a whole number above zero, not '-5'"),
        ("ema,false-win,30,winner,Sloper289,col. 289", "to: expected one of others, none, not 'winner'"),
        ("ema,false-win,30,others,,", "every figure names its source and locator"),
    ],
)
def test_a_bad_row_is_refused_at_its_line(tmp_path, row, problem):
    path = tmp_path / "penalties.csv"
    path.write_text(f"position,foul,points,to,source,at\n{row}\n", encoding="utf-8")
    with pytest.raises(TableError, match=f"penalties.csv:2: {problem}"):
        _load(path)


def test_a_row_given_twice_is_refused(tmp_path):
    path = tmp_path / "penalties.csv"
    row = "ema,false-win,30,others,Sloper289,col. 289\n"
    path.write_text("position,foul,points,to,source,at\n" + row * 2, encoding="utf-8")
    with pytest.raises(TableError, match="penalties.csv:3: ema false-win is listed twice"):
        _load(path)
