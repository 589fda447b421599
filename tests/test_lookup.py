"""`mjref lookup`: referee questions find their ruling in the top 3, in any fan name."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from kb.chinese_index import COLUMNS
from kb.lookup import LookupFailed, lookup, open_index
from kb.relevance import WEIGHTS
from kb.table_words import table_words
from mjref.main import cli

QUESTIONS = yaml.safe_load((Path(__file__).parent / "fixtures" / "lookup_questions.yaml").read_text(encoding="utf-8"))


def test_there_are_at_least_40_questions():
    assert len(QUESTIONS) >= 40
    assert len({q["q"] for q in QUESTIONS}) == len(QUESTIONS)


@pytest.mark.parametrize("case", QUESTIONS, ids=[q["q"] for q in QUESTIONS])
def test_question_finds_its_ruling_in_the_top_3(db, case):
    hits = [h.id for h in lookup(case["q"], db, limit=3)]
    assert case["expect"] in hits, hits


@pytest.mark.parametrize("name", ["Tile Hog", "四归一", "si gui yi", "si4 gui1 yi1", "sì guī yī", "siguiyi", "fan 64"])
def test_every_name_of_a_fan_is_the_same_fan(db, name):
    assert open_index(db).fans_named(name) == [64]
    assert lookup(name, db, limit=1)[0].id == "fan-tile-hog"


def test_longest_name_wins(db):
    # "All Terminals and Honors" (fan 18) is not also "All Terminals" (fan 8).
    assert open_index(db).fans_named("all terminals and honours with big four winds") == [18, 1]


@pytest.mark.parametrize("query", ["", "   ", "x" * 301])
def test_bad_queries_are_refused(db, query):
    with pytest.raises(LookupFailed):
        lookup(query, db)


def test_lookup_json_contract(db):
    result = CliRunner().invoke(cli, ["lookup", "tile hog seven pairs", "--json", "--limit", "3", "--db", str(db)])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.output)
    assert len(hits) == 3
    assert all(set(h) == {"id", "title", "answer", "url", "lang"} and h["lang"] == "en" for h in hits)
    assert hits[0]["url"] == f"/rulings/{hits[0]['id']}"
    zh = CliRunner().invoke(cli, ["lookup", "四归一", "--json", "--limit", "3", "--lang", "zh", "--db", str(db)])
    assert zh.exit_code == 0, zh.output
    assert all(set(h) == {"id", "title", "answer", "url", "lang"} for h in json.loads(zh.output))  # the same keys


def test_lookup_text_and_missing_database(db, tmp_path):
    result = CliRunner().invoke(cli, ["lookup", "四归一", "--db", str(db)])
    assert result.exit_code == 0
    assert result.output.startswith("1. Tile Hog  [fan-tile-hog]\n")
    missing = CliRunner().invoke(cli, ["lookup", "tile hog", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code == 2
    none = tmp_path / "none.db"
    assert missing.stderr == f"error: no knowledge base at {none}: run 'mjref build --out {none}' first\n"


def test_a_database_whose_path_has_uri_characters_is_read(db, tmp_path):
    # "?" and "#" mean something in a SQLite URI: the path must be quoted, not pasted in.
    odd = tmp_path / "club? #1" / "kb.db"
    odd.parent.mkdir()
    shutil.copyfile(db, odd)
    assert lookup("si gui yi", odd, limit=1)[0].id == "fan-tile-hog"


def test_lookup_builds_the_default_database_when_missing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["lookup", "si gui yi", "--limit", "1"])
    assert result.exit_code == 0, result.output
    assert "building build/kb.db" in result.stderr
    assert result.stdout.startswith("1. Tile Hog  [fan-tile-hog]")
    assert (tmp_path / "build" / "kb.db").exists()


def test_the_build_notice_is_in_the_commands_language(tmp_path, monkeypatch):
    # It was English in a Chinese run ("building build/kb.db (missing or older than the rulings) …").
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["lookup", "四归一", "--limit", "1", "--lang", "zh"])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == ["正在生成 build/kb.db（缺失或比裁定旧）…"]


def _bm25_oracle(columns_of_rows, phrase, weights):
    """BM25 of ``phrase`` (a tuple of tokens) for each row that has it, from the rows' tokens per column, with FTS5's
    constants (k1 1.2, b 0.75; a row's size all its tokens) and Lucene's IDF, log(1 + (N - n + 0.5) / (n + 0.5))."""
    sizes = {row: sum(len(col) for col in cols) for row, cols in columns_of_rows.items()}
    average = sum(sizes.values()) / len(sizes)

    def count(col):
        return sum(tuple(col[i : i + len(phrase)]) == phrase for i in range(len(col) - len(phrase) + 1))

    freqs = {row: [count(col) for col in cols] for row, cols in columns_of_rows.items()}
    having = [row for row, f in freqs.items() if any(f)]
    idf = math.log(1 + (len(sizes) - len(having) + 0.5) / (len(having) + 0.5))
    out = {}
    for row in having:
        f = sum(w * n for w, n in zip(weights, freqs[row], strict=True))
        out[row] = idf * f * 2.2 / (f + 1.2 * (0.25 + 0.75 * sizes[row] / average))
    return out


def test_word_relevance_is_bm25_with_an_idf_that_stays_positive(db):
    # The oracle reads the index's own tokens (fts5vocab) and computes BM25 itself; FTS5's bm25() would give a word
    # most rulings use an IDF of a millionth ("tile", "kong", "discard"), which the index must not (issue 32).
    index = open_index(db)
    conn = index.conn
    columns = ["title", "question", "answer", "names", "fan_names", "body_text"]
    conn.execute("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, rulings_fts, instance)")
    rows: dict[int, list[list[str]]] = {
        rowid: [[] for _ in columns] for (rowid,) in conn.execute("SELECT rowid FROM rulings")
    }
    for term, doc, col, _offset in conn.execute("SELECT term, doc, col, offset FROM temp.v ORDER BY doc, col, offset"):
        rows[doc][columns.index(col)].append(term)
    conn.execute("DROP TABLE temp.v")
    for phrase in [("tile",), ("kong",), ("discard",), ("seven",), ("pair",), ("seven", "pair"), ("conceal", "kong")]:
        expected = _bm25_oracle(rows, phrase, WEIGHTS)
        found = dict(index.full_text.phrase_terms(f'"{" ".join(phrase)}"'))
        assert found.keys() == expected.keys(), phrase
        assert all(found[r] == pytest.approx(expected[r], rel=1e-9) for r in found), phrase
    tile = dict(index.full_text.phrase_terms('"tile"'))
    assert sum(term > 0.01 for term in tile.values()) > len(rows) / 2  # used by most rulings, and still counted


def test_chinese_relevance_is_bm25_over_pairs_of_characters(db):
    # rulings_bigrams stores each ruling's Chinese as pairs of characters in the word index's columns; a run of a
    # question is scored pair by pair, each pair's BM25 (the oracle's, from the stored tokens) summed.
    index = open_index(db)
    ids = dict(index.conn.execute("SELECT rowid, id FROM rulings"))
    stored = index.conn.execute(f"SELECT rowid, {', '.join(COLUMNS)} FROM rulings_bigrams").fetchall()
    rows = {rowid: [text.split() for text in texts] for rowid, *texts in stored}
    runs = ["相公", "漏碰了下一轮", "杠上开花", "七对里有四张", "一色一色一色"]
    for run in runs:
        expected: dict[str, float] = {}
        for pair in [run[i : i + 2] for i in range(len(run) - 1)]:
            for rowid, term in _bm25_oracle(rows, (pair,), WEIGHTS).items():
                expected[ids[rowid]] = expected.get(ids[rowid], 0.0) + term
        found = index.full_text.chinese((run,))
        assert found.keys() == expected.keys(), run
        assert all(found[r] == pytest.approx(expected[r], rel=1e-9) for r in found), run
        assert found, run  # each is in some ruling
    # A run of one character is asked only when it is the whole question (it says little in a longer one).
    assert index.full_text.chinese(("碰",)) and not index.full_text.chinese(("碰", "吃"))


def test_the_tables_words_are_read_as_the_rulings_write_them(db):
    # "went out" is a win, 胡 is 和: without kb.table_words the false win was not among the first three, and the
    # penalty table not found for 诈胡 (the rulings write 诈和).
    assert "false-win" in [h.id for h in lookup("he went out with only 7 points", db, 3)]
    assert [h.id for h in lookup("诈胡怎么罚", db, 3)][:2] == ["false-win", "penalty-amounts"]
    # The table's word stays beside the rulings' own: a question about saying "ron" is still about the call.
    assert "wrong-call" in [h.id for h in lookup("He said ron instead of hu, does the win count?", db, 3)]
    # British table speech: "his go" is his turn (before, the Last Tile fans came first and the foul not in three).
    assert "out-of-turn" in [h.id for h in lookup("drew a tile when it was still my left neighbour's go", db, 3)]
    # A rule book's "invalid", "incorrect" are the rulings' "wrong": before, an invalid claim found the false win, the
    # dead hand and the late call, an incorrect meld the wrong tile count.
    assert "wrong-call" in [h.id for h in lookup("invalid claim", db, 3)]
    assert "false-set" in [h.id for h in lookup("incorrect meld on the table after discarding", db, 3)]
    # Seconds typed short: "secs" is the rulings' "seconds" (before, slow-play was not in the first three).
    assert "slow-play" in [h.id for h in lookup("how many secs do i get to discard", db, 3)]


@pytest.mark.parametrize("question", ["he has 16 tiles", "摸完牌一数16张", "数了一下有十五张", "she has twelve tiles"])
def test_a_count_of_tiles_no_hand_holds_finds_the_wrong_tile_count(db, question):
    # kb.table_words: 12 or 15 to 17 tiles read with the words of a wrong tile count after them. Before, "he has 16
    # tiles" and 摸完牌一数16张 found Pure Straight first and the wrong tile count not in the first three.
    assert [h.id for h in lookup(question, db, 3)][0] == "wrong-tile-count"


def test_a_count_of_tiles_a_hand_holds_is_not_read_as_wrong() -> None:
    # 13 and 14 tiles are every hand's; a number within a longer one, or of something else, is left as it is.
    for question in ("he has 14 tiles", "手里13张", "第112张", "16 points", "a 16 tile hand"):
        assert table_words(question) == question


@pytest.mark.parametrize("question", ["只有六番就和了", "和了以后一算只有七番"])
def test_a_hand_said_to_be_below_the_minimum_finds_the_false_win(db, question):
    # kb.table_words: 只有六番, 七番就和 ("only 6 fan" alike) read with 不足8番 ("under 8 points") after them. Before,
    # these found score-sheet-errors first and neither the false win nor the minimum in the first three.
    found = [h.id for h in lookup(question, db, 3)]
    assert {"false-win", "eight-point-minimum"} & set(found), found
