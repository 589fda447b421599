"""Rulings whose status and citations say what they rest on (issue 36, a read of the rulings against their sources):
a claim cites the passage that says it, what we know through a commentary says so, and a status names the kind of
source the answer rests on (``rulings/README.md``, the field ``status``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest


def _ruling(db: Path, rid: str) -> dict[str, str]:
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        row = conn.execute("SELECT status, body_text, body_zh_text FROM rulings WHERE id = ?", [rid]).fetchone()
    return dict(row)


def _cited(db: Path, rid: str, position: str | None = None) -> set[tuple[str, str]]:
    with sqlite3.connect(db) as conn:
        found = conn.execute(
            "SELECT source_id, locator FROM citations WHERE ruling_id = ? AND position_id IS ?", [rid, position]
        ).fetchall()
    return {(s, at) for s, at in found}


@pytest.mark.parametrize(
    ("rid", "status"),
    [
        # Starbäck §6.1 states it without an official text; the rest is our reading of non-separation.
        ("one-wait-fan-only", "commentary"),
        # The fan entries and the principle are our reading; the Chinese handbook says it in words.
        ("replacement-tile-self-drawn", "commentary"),
        # The Green Book's own fan entries leave Single Wait out of these hands; no clarification is cited.
        ("single-wait-pair-only", "official"),
    ],
)
def test_a_status_names_what_the_ruling_rests_on(db, rid, status):
    assert _ruling(db, rid)["status"] == status


def test_pung_completed_by_discard_cites_the_fan_definitions(db):
    # The passages its fan rulings cite for "a pung made of drawn tiles, not claimed": fans 66, 33 and 12.
    cited = _cited(db, "pung-completed-by-discard")
    for fan in (66, 33, 12):
        assert ("GB2006", f"§3.8.1, fan {fan}") in cited
    assert ("CNHandbook", "三暗刻") in cited and ("CMCR1998", "番种定义, 四暗刻") in cited


def test_reversible_tiles_rests_on_the_examples_starback_reports(db):
    ruling = _ruling(db, "reversible-tiles-one-voided-suit")
    assert "fan text says" not in ruling["body_text"] and "fan's own text" not in ruling["body_text"]
    assert "as Starbäck reports them" in ruling["body_text"] and "据 Starbäck 转述" in ruling["body_zh_text"]
    assert ("GB2006", "§3.8.1, fan 40") not in _cited(db, "reversible-tiles-one-voided-suit", "exclude")


def test_the_dealers_first_turn_is_known_through_starbacks_quotation(db):
    ruling = _ruling(db, "dealer-concealed-kong-before-first-discard")
    assert "We know that passage through Starbäck" in ruling["body_text"]
    assert "通过 Starbäck 读到" in ruling["body_zh_text"]


def test_a_losers_doubles_are_an_inference_from_a_winners_figure(db):
    ruling = _ruling(db, "babcock-losers-hands")
    assert "as a winner's does" not in ruling["body_text"]
    assert "our inference from that figure" in ruling["body_text"] and "推出" in ruling["body_zh_text"]


def _quotes(db: Path, rid: str) -> list[str]:
    with sqlite3.connect(db) as conn:
        found = conn.execute("SELECT quote FROM citations WHERE ruling_id = ? AND quote != ''", [rid]).fetchall()
    return [q for (q,) in found]


def test_a_recurring_fan_cites_starback_on_concealedness_and_marks_our_reading(db):
    # Starbäck §3.5 has Double Pung twice but nothing on melded or concealed (§4) nor on Mixed Double Chow.
    ruling = _ruling(db, "four-winds-recurring-melded-concealed")
    assert ("Starback2008", "§4") in _cited(db, "four-winds-recurring-melded-concealed")
    assert (
        "is our reading of these two passages" in ruling["body_text"] and "我们对这两段的理解" in ruling["body_zh_text"]
    )
    assert "which neither passage names" in ruling["body_text"]
    # The MCR side rests on Starbäck's commentary and our reading of it, not on a rule text's words.
    assert ruling["status"] == "commentary"


@pytest.mark.parametrize(
    ("rid", "quote"),
    [
        ("four-winds-recurring-melded-concealed", "once concealed and once melded"),
        ("four-winds-basic-points", "always paid"),
        ("four-winds-scoring-units", "specified in other unit"),
    ],
)
def test_four_winds_is_quoted_in_a_short_phrase_only(db, rid, quote):
    # The manual's whole sentences (up to 98 characters) were quoted; a phrase is where the wording is the point.
    assert quote in _quotes(db, rid)
    assert all(len(q) <= 50 for q in _quotes(db, rid) if q)


def test_the_count_without_help_is_the_emas_rule_for_a_win_short_of_its_points(db):
    ruling = _ruling(db, "score-sheet-errors")
    assert "has not found, or cannot find, the 8 points" in ruling["body_text"]
    assert (
        "The map says so of that case only" in ruling["body_text"]
        and "导图只就这种情形这样说" in ruling["body_zh_text"]
    )


@pytest.mark.parametrize("rid", ["false-win", "winning-tile-not-taken"])
def test_a_mixed_winning_tile_is_a_self_drawn_one_under_oemc_2007_through_starback(db, rid):
    ruling = _ruling(db, rid)
    assert "self-draw" in ruling["body_text"] and "自摸" in ruling["body_zh_text"]
    assert "under the OEMC 2007 regulations as Starbäck reports them" in ruling["body_text"]
    assert "Starbäck 转述的欧洲麻将协会2007年 OEMC 规程" in ruling["body_zh_text"]
    assert ("OEMC2007", "5.1") in _cited(db, rid)


def test_the_reason_for_zeroing_concealed_hand_is_ours_and_under_why(db):
    body = _ruling(db, "four-winds-concealed-versions")["body_text"]
    why = body.index("The manual gives no reason for the Four Winds rule; this is our explanation.")
    assert why > body.index("What MCR does instead")


def test_melded_limit_hands_name_the_categories_the_manual_leaves_out(db):
    ruling = _ruling(db, "four-winds-melded-limit-hands")
    assert "Classical, Pairs and Special ways of going out" in ruling["body_text"]
    assert "For most limit and special hands" not in ruling["body_text"]


def test_table_points_rest_on_sloper_and_ties_on_our_reading(db):
    ruling = _ruling(db, "table-points")
    assert ruling["status"] == "commentary"
    assert ("Sloper242", "col. 242") in _cited(db, "table-points")
    assert "remains the house's reading" in ruling["body_text"] and "仍是本站的理解" in ruling["body_zh_text"]
