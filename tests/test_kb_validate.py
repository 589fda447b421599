"""Validation: every problem in the rulings is reported as file:line: problem, all at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.load import RULINGS_DIR, load_corpus
from kb.validate import PUBLISHED_IDS, validate
from mjref.main import cli
from scorer.mcr.positions import DISPUTED
from scorer.mcr.table import FANS
from scorer.rulings import RULING_IDS

from .kb_support import copy_rulings, edit


@pytest.fixture(scope="module")
def project():
    corpus = load_corpus(RULINGS_DIR)
    return corpus, validate(corpus)


def problems_for(root: Path) -> list[str]:
    return [str(p) for p in validate(load_corpus(root)).problems]


def test_the_project_rulings_have_no_problems(project):
    _, checked = project
    assert [str(p) for p in checked.problems] == []


def test_every_id_the_scorer_emits_and_every_published_id_exists(project):
    corpus, _ = project
    ids = {r.id for r in corpus.rulings}
    assert RULING_IDS - ids == set()
    assert PUBLISHED_IDS - ids == set()
    assert {f"fan-{f.key}" for f in FANS.values()} - ids == set()


def test_every_disputed_ruling_lists_the_scorers_positions_with_citations(project):
    corpus, _ = project
    by_id = {r.id: r for r in corpus.rulings}
    for rid, positions in DISPUTED.items():
        ruling = by_id[rid]
        assert ruling.status == "disputed", rid
        assert {p.id for p in ruling.positions} == set(positions), rid
        assert all(p.cites for p in ruling.positions), rid


def test_every_ruling_cites_a_source_and_answers_a_question(project):
    corpus, _ = project
    for r in corpus.rulings:
        assert r.cites, r.id
        assert r.question.endswith("?") and r.answer, r.id


def test_every_example_of_both_rule_sets_is_verified(project):
    _, checked = project
    statuses = {(o.ruling.ruleset, o.status) for o in checked.examples}
    assert ("mcr", "verified") in statuses
    assert {s for rs, s in statuses if rs == "mcr"} == {"verified"}
    assert {s for rs, s in statuses if rs == "babcock"} == {"verified"}


def test_every_fan_ruling_has_a_worked_example(project):
    corpus, _ = project
    for r in corpus.rulings:
        if r.id.startswith("fan-"):
            assert r.examples, f"{r.id} has no worked example"


# Each case adds or breaks one file in a copy of the rulings; the problem must name the file and line.

GOOD = """---
id: test-ruling
title: A ruling written for the tests
ruleset: mcr
topic: procedure
status: official
fans: [28]
question: Does this ruling build?
answer: It does.
cites:
  - {source: Starback2008, at: "§3.1"}
examples:
  - {hand: "123m456m789m123p55s|EE1000", total: 24,
     fans: [pure-straight, fully-concealed-hand, all-chows, mixed-double-chow, single-wait], excluded: [self-drawn]}
---
Body with a citation [@Tsui2005, Example 3] and a link [[principle-account-once]].
"""


def add_ruling(root: Path, text: str, name: str = "test-ruling.md") -> Path:
    path = root / "mcr" / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_in(root: Path, name: str = "test-ruling.md") -> list[str]:
    """The problems of one file, as ``name:line: message``."""
    return [p.rsplit("/", 1)[-1] for p in problems_for(root) if f"/{name}:" in p]


@pytest.fixture
def root(tmp_path):
    return copy_rulings(tmp_path)


def good(**changes: str) -> str:
    text = GOOD
    for old, new in changes.items():
        text = text.replace(old.replace("_", " "), new)
    return text


def test_a_good_ruling_has_no_problem(root):
    # The example worked by hand: 123m 456m 789m 123p 55s, self-drawn on 5s (its only winning tile).
    # Pure Straight 16, Fully Concealed Hand 4 (which replaces Self-Drawn and Concealed Hand),
    # All Chows 2, Mixed Double Chow 1 (123p with 123m, once), Single Wait 1: 24 points.
    add_ruling(root, GOOD)
    assert problems_in(root) == []


def test_example_that_does_not_score_as_stated(root):
    add_ruling(
        root, GOOD.replace("total: 24,", "total: 21,").replace("[pure-straight, ", "[pure-straight, tile-hog x2, ")
    )
    problems = problems_in(root)
    assert len(problems) == 1
    assert problems[0].startswith("test-ruling.md:13: examples[0]: 123m456m789m123p55s|EE1000 under green-book: ")
    assert "total 21 expected; fans [pure-straight, tile-hog x2, fully-concealed-hand" in problems[0]
    assert "but the scorer gives 24 (pure-straight, fully-concealed-hand, all-chows" in problems[0]


def test_unknown_source_names_file_line_and_suggests(root):
    add_ruling(root, GOOD.replace("source: Starback2008", "source: Starbak2008"))
    assert "test-ruling.md:11: unknown source 'Starbak2008' (did you mean 'Starback2008'?)" in problems_in(root)


def test_two_sources_in_one_citation_are_refused(root):
    # Each citation records one source and its locator: Tsui's would otherwise vanish into Starbäck's locator.
    add_ruling(root, GOOD.replace("[@Tsui2005, Example 3]", "[@Starback2008, §3.1; @Tsui2005, Example 3]"))
    assert problems_in(root) == [
        "test-ruling.md:16: citation [@Starback2008, §3.1; @Tsui2005, Example 3]: one source per citation, "
        "as [@A, locator] [@B, locator]"
    ]


def test_unknown_inline_source_and_link(root):
    add_ruling(root, GOOD.replace("@Tsui2005", "@Tsui2050").replace("[[principle-account-once]]", "[[account-twice]]"))
    problems = problems_in(root)
    assert any(p.startswith("test-ruling.md:16: unknown source 'Tsui2050'") for p in problems)
    assert any(p.startswith("test-ruling.md:16: link to unknown ruling 'account-twice'") for p in problems)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("status: official", "status: no", "test-ruling.md:6: status: the plain word 'no' would be read as a boolean"),
        ("fans: [28]", "fans: [28]\nfans: [29]", "test-ruling.md:8: fans: key given twice"),
        ("question: Does", "questoin: Does", "test-ruling.md:8: questoin: unknown field"),
        ("question: Does", "questoin: Does", "test-ruling.md:2: question: missing field"),
        ("topic: procedure", "topic: gossip", "test-ruling.md:5: topic: 'gossip' is not one of"),
        ("fans: [28]", "fans: [28, 99]", "test-ruling.md:7: fans: no MCR fan has the number 99"),
        ('at: "§3.1"', "at: 3.10", "test-ruling.md:11: cites[0].at: the plain word '3.10' would be read as a decimal"),
        ("id: test-ruling", "id: other-ruling", "test-ruling.md:2: id: 'other-ruling' does not match the file name"),
        ("status: official", "status: disputed", "test-ruling.md:6: positions: a disputed ruling lists at least two"),
        ('cites:\n  - {source: Starback2008, at: "§3.1"}', "cites: []", "test-ruling.md:10: cites: at least one"),
        (
            "question: Does this ruling build?",
            "question: Builds",
            "test-ruling.md:8: question: a question ends with '?'",
        ),
    ],
)
def test_each_kind_of_problem_names_its_line(root, old, new, expected):
    assert old in GOOD
    add_ruling(root, GOOD.replace(old, new))
    problems = problems_in(root)
    assert any(p.startswith(expected) for p in problems), problems


def test_a_ruling_resting_on_commentary_has_its_own_status(root):
    # A commentary or a regional regulation, not an official clarification: neither "clarified" nor "house".
    add_ruling(root, GOOD.replace("status: official", "status: commentary"))
    assert problems_in(root) == []
    add_ruling(root, GOOD.replace("status: official", "status: commentry"))
    assert any(p.startswith("test-ruling.md:6: status: 'commentry' is not one of") for p in problems_in(root))


def test_a_long_quote_is_refused(root):
    quote = "word " * 30
    add_ruling(root, GOOD.replace('at: "§3.1"}', f'at: "§3.1", quote: "{quote.strip()}"}}'))
    assert any("quote at most a short phrase" in p for p in problems_in(root))


def test_duplicate_id(root):
    add_ruling(root, GOOD)
    (root / "babcock" / "test-ruling.md").write_text(GOOD, encoding="utf-8")
    assert any("'test-ruling' is also" in p for p in problems_for(root))


def test_file_that_is_not_utf8(root):
    path = add_ruling(root, GOOD)
    path.write_bytes(path.read_bytes().replace("§".encode(), b"\xff", 1))
    assert problems_in(root) == ["test-ruling.md:11: not UTF-8: byte 0xff cannot be decoded"]


def test_a_disputed_ruling_of_the_scorer_must_keep_its_positions(root):
    path = root / "mcr" / "two-concealed-kongs.md"
    edit(path, "id: six", "id: half-of-twelve")
    assert any(
        "two-concealed-kongs.md:" in p and "the scorer's positions are eight, six" in p for p in problems_for(root)
    )


def test_a_missing_ruling_the_scorer_cites_is_reported(root):
    (root / "mcr" / "payments.md").unlink()
    assert any("no ruling 'payments', but the scorer cites it: add mcr/payments.md" in p for p in problems_for(root))


def test_every_problem_is_reported_at_once_and_build_exits_2(root, tmp_path):
    add_ruling(root, GOOD.replace("topic: procedure", "topic: gossip"))
    add_ruling(root, GOOD.replace("id: test-ruling", "id: second").replace("[[principle", "[[no-such"), "second.md")
    edit(root / "sources.yaml", "authority: commentary", "authority: gossip")
    out = tmp_path / "kb.db"
    result = CliRunner().invoke(cli, ["build", "--out", str(out), "--rulings", str(root)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert any("test-ruling.md:5: topic: 'gossip'" in line for line in lines)
    assert any("second.md:16: link to unknown ruling 'no-such-account-once'" in line for line in lines)
    assert any("sources.yaml:" in line and "authority: 'gossip'" in line for line in lines)
    assert lines[-1] == f"error: {len(lines) - 1} problem(s) in the rulings; {out} not written"
    assert not out.exists()
