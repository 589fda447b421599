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
