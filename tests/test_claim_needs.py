"""A claimed fan the hand lacks says what the hand would need (issue 35), for the fans of the winds and of the
situation; any other absent fan still points to its definition."""

from __future__ import annotations

import pytest

from kb.audit import audit


def _why(hand: str, claim: str) -> str:
    (verdict,) = audit(hand, claim=claim).verdicts
    assert verdict.verdict == "absent"
    return verdict.why


# An East pung at the West seat (prevalent East): Prevalent Wind, not Seat Wind.
EAST_PUNG_WEST_SEAT = "[EEE,1]123m456m789p11s|EW0000"


def test_seat_wind_names_the_seat_and_the_wind_the_pung_is_of():
    why = _why(EAST_PUNG_WEST_SEAT, "Seat Wind")
    assert why == (
        "the hand does not have Seat Wind: the seat wind is W: the hand needs a pung or kong of W,"
        " and its wind pungs are of E"
    )


def test_prevalent_wind_without_any_wind_pung():
    assert _why("123m456m789p123s11s|SE0000", "Prevalent Wind").endswith(
        "the prevalent wind is S: the hand needs a pung or kong of S"
    )


@pytest.mark.parametrize(
    ("claim", "needed"),
    [
        ("Self-Drawn", "the winning tile was taken from a discard, not self-drawn"),
        ("Flower Tiles", "the hand declares no flower"),
        ("Dragon Pung", "the hand needs a pung or kong of dragons, and holds none"),
        ("Fully Concealed Hand", "the hand needs no melded set, and it has [E E E]"),
        ("Concealed Hand", "the hand needs no melded set, and it has [E E E]"),
        ("Last Tile", "the win's situation does not say that the winning tile is the last of its kind"),
        ("Robbing the Kong", "the win's situation does not say that the winning tile was robbed from a kong"),
    ],
)
def test_situation_fans_say_what_the_win_would_need(claim, needed):
    assert _why(EAST_PUNG_WEST_SEAT, claim).endswith(": " + needed)


def test_other_absent_fans_still_point_to_their_definition():
    assert _why(EAST_PUNG_WEST_SEAT, "Pure Straight") == "the hand does not have Pure Straight: see its definition"
