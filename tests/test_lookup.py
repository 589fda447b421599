"""`mjref lookup`: referee questions find their ruling in the top 3, in any fan name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from kb.lookup import _CJK, _WEIGHTS, LookupFailed, lookup, open_index
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
    assert all(set(h) == {"id", "title", "answer", "url"} for h in hits)
    assert hits[0]["url"] == f"/rulings/{hits[0]['id']}"


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


def test_relevance_summed_phrase_by_phrase_equals_the_whole_query(db):
    # Index._phrases_best asks FTS5 for each phrase alone and sums the BM25 terms in the query's order; FTS5 scores
    # "p1 OR p2 ..." by that same sum, so the 60 best rows and their scores must be the one query's, to the bit.
    index = open_index(db)
    words = [
        "seven",
        "pairs",
        "tile",
        "hog",
        "kong",
        "concealed",
        "melded",
        "pung",
        "chow",
        "wind",
        "dragon",
        "flush",
        "honors",
        "terminals",
        "all",
        "the",
    ]
    sql = (
        f"SELECT rowid, bm25(rulings_fts, {', '.join(map(str, _WEIGHTS))}) FROM rulings_fts "
        "WHERE rulings_fts MATCH ? ORDER BY 2 LIMIT 60"
    )
    for start in range(len(words)):
        chosen = words[start : start + 1 + start % 4] + words[: start % 3]
        phrases = [f'"{w}"' for w in chosen] + [f'"{a} {b}"' for a, b in zip(chosen, chosen[1:], strict=False)]
        whole = {rowid: -rank for rowid, rank in index.conn.execute(sql, (" OR ".join(phrases),))}
        assert dict(index._phrases_best(phrases)) == whole, chosen
        assert whole  # every word here is in some ruling


def test_chinese_relevance_summed_trigram_by_trigram_equals_the_whole_query(db):
    # A Chinese run of three characters or more is scored by the trigram index, each trigram asked alone and its
    # BM25 terms summed in the run's order; FTS5 scores '"abc" OR "bcd" ...' by that same sum (a trigram twice
    # counts twice), so every ruling's score must be the one query's, to the bit.
    index = open_index(db)
    texts = [cjk for (cjk,) in index.conn.execute("SELECT cjk FROM rulings WHERE cjk != '' ORDER BY rowid LIMIT 60")]
    runs = [run for k, text in enumerate(texts) for run in _CJK.findall(text)[k % 3 :][:2]]
    runs = [run[k % 5 : k % 5 + 3 + k % 9] for k, run in enumerate(runs)] + ["一色一色一色", "杠上开花杠上开"]
    sql = "SELECT id, bm25(rulings_cjk) FROM rulings_cjk WHERE text MATCH ?"
    checked = 0
    for run in (run for run in runs if len(run) >= 3):
        grams = " OR ".join(f'"{run[i : i + 3]}"' for i in range(len(run) - 2))
        whole = {rid: -rank for rid, rank in index.conn.execute(sql, (grams,))}
        best = max(whole.values(), default=1.0) or 1.0
        assert index._text_scores(((), (run,))) == {rid: s / best for rid, s in whole.items()}, run
        checked += bool(whole)
    assert checked >= 40  # runs taken from the rulings' texts are found
