"""Locator shapes: every citation fits its source's declared shapes, and quoted-by sources are stored."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from kb.build import build
from kb.load import RULINGS_DIR, load_corpus
from kb.locators import ShapeError, compile_shape, misfit
from kb.validate import validate

from .kb_support import copy_rulings, edit, line_of

BABCOCK = "babcock/babcock-nine-gates.md"


def problems_for(root: Path, *, examples: bool = False) -> list[str]:
    return [str(p) for p in validate(load_corpus(root), examples=examples).problems]


def fits(pattern: str, locator: str) -> bool:
    return misfit(locator, [compile_shape(pattern)]) is None


@pytest.mark.parametrize(
    ("pattern", "good", "bad"),
    [
        ("ch.{I-XI}[, Fig. {1-40}]", ["ch.VII", "ch.IX, Fig. 3", "ch.XI"], ["ch.7", "ch.XII", "ch.VII, Fig. 41"]),
        ("§{N.N}, note {1-7}", ["§3.5, note 6", "§10, note 1"], ["§3.5 n.6", "§3.5, note 8", "§, note 1"]),
        ("Step {1-3}", ["Step 1", "Step 3"], ["Step 4", "Step 5", "step 1"]),
        ("principle ({1-5})", ["principle (5)"], ["principle 5", "principle (6)"]),
        ("§3.8.1, fans {LIST}", ["§3.8.1, fans 5, 17", "§3.8.1, fans 20 and 34"], ["§3.8.1, fans"]),
        ("{ZH}, {不计|注}", ["大四喜, 不计", "十三幺, 注"], ["Big Four Winds, 不计", "大四喜, 例"]),
        ("App.1, fan {1-81}[ ({P})]", ["App.1, fan 3", "App.1, fan 40 (pp.47-48)"], ["App.1, fan 82", "App.1"]),
    ],
)
def test_a_pattern_accepts_its_shape_and_nothing_else(pattern, good, bad):
    assert [g for g in good if not fits(pattern, g)] == []
    assert [b for b in bad if fits(pattern, b)] == []


def test_each_place_of_a_citation_to_several_places_must_fit():
    shapes = [compile_shape("§3.8.1, fan {1-81}"), compile_shape("App.1, fan {1-81}")]
    assert misfit("§3.8.1, fan 43; App.1, fan 43", shapes) is None
    assert misfit("§3.8.1, fan 43; App.2, fan 43", shapes) == "App.2, fan 43"


@pytest.mark.parametrize("pattern", ["{X}", "ch.{I-", "a]b", "[a", "{9-1}", "  ", "x" * 1001, "{1-1000}" * 100])
def test_a_pattern_that_cannot_be_read_is_an_error(pattern):
    with pytest.raises(ShapeError):
        compile_shape(pattern)


def test_every_project_citation_fits_its_sources_shapes():
    corpus = load_corpus(RULINGS_DIR)
    assert all(s.shapes for s in corpus.sources.values())
    assert [p for p in problems_for(RULINGS_DIR) if "locator shapes" in p] == []


def test_a_front_matter_locator_of_the_wrong_shape_is_refused_with_file_line_and_shapes(tmp_path):
    root = copy_rulings(tmp_path)
    path = root / "babcock" / "babcock-nine-gates.md"
    edit(
        path,
        '{source: Babcock1923, at: "ch.VII, Fig. 29", quote:',
        '{source: Babcock1923, at: "chapter 7, Fig. 29", quote:',
    )
    line = line_of(path, "chapter 7, Fig. 29")
    found = [p for p in problems_for(root) if "chapter 7" in p]
    assert len(found) == 1
    assert f"{BABCOCK}:{line}: citation [@Babcock1923, chapter 7, Fig. 29]: " in found[0]
    assert "does not fit Babcock1923's locator shapes: ch.{I-XI}; " in found[0]
    assert "ch.VII, Fig. {27-34}" in found[0]


def test_an_inline_locator_of_the_wrong_shape_is_refused_with_its_line(tmp_path):
    root = copy_rulings(tmp_path)
    path = root / "babcock" / "babcock-nine-gates.md"
    edit(
        path, "completes the hand [@Babcock1923, ch.VII, Fig. 29]", "completes the hand [@Babcock1923, ch.VII, Fig. 12]"
    )
    line = line_of(path, "[@Babcock1923, ch.VII, Fig. 12]")
    found = [p for p in problems_for(root) if "Fig. 12" in p]
    assert len(found) == 1 and f"{BABCOCK}:{line}: citation [@Babcock1923, ch.VII, Fig. 12]" in found[0]


def test_the_build_refuses_a_wrong_shape_and_writes_nothing(tmp_path):
    root = copy_rulings(tmp_path)
    edit(root / "babcock" / "babcock-nine-gates.md", 'at: "ch.VII, Fig. 29", quote:', 'at: "ch.VII, figure 29", quote:')
    out = tmp_path / "kb.db"
    with pytest.raises(Exception) as failed:
        build(out, root)
    assert any("ch.VII, figure 29" in str(p) for p in getattr(failed.value, "problems", []))
    assert not out.exists()


def test_a_pattern_that_cannot_be_read_is_reported_on_its_line(tmp_path):
    root = copy_rulings(tmp_path)
    edit(root / "sources.yaml", '    - "Step {1-3}"', '    - "Step {1-3"')
    line = line_of(root / "sources.yaml", '"Step {1-3"')
    assert any(f"sources.yaml:{line}: shapes: 'Step {{1-3'" in p for p in problems_for(root))


def test_quoted_by_must_name_a_source_we_read(tmp_path):
    root = copy_rulings(tmp_path)
    edit(root / "sources.yaml", "quoted_by: Sloper259", "quoted_by: Sloper999")
    edit(root / "sources.yaml", "quoted_by: Sloper293", "quoted_by: Exp2007")
    found = [p for p in problems_for(root) if "quoted_by" in p]
    assert any("WMCC2006: quoted_by: 'Sloper999' is not a source listed here" in p for p in found)
    assert any("Tianjin2006: quoted_by: 'Exp2007' is itself quoted by 'Starback2008'" in p for p in found)


def test_a_source_without_shapes_is_reported(tmp_path):
    root = copy_rulings(tmp_path)
    edit(root / "sources.yaml", '  shapes:\n    - "{I-V}.{N}"\n', "")
    assert any("shapes: missing field" in p for p in problems_for(root))


def test_quoted_by_is_stored_in_the_sources_table(tmp_path):
    out = tmp_path / "kb.db"
    build(out, RULINGS_DIR)
    with sqlite3.connect(out) as conn:
        rows = dict(conn.execute("SELECT id, quoted_by FROM sources").fetchall())
    assert rows["Exp2007"] == "Starback2008"
    assert rows["WMCC2006"] == "Sloper259"
    assert rows["Tianjin2006"] == "Sloper293"
    assert rows["Starback2008"] is None  # read directly
    assert rows["Babcock1923"] is None
