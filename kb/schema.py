"""The tables of ``kb.db``: columns, primary keys and foreign keys, in the order they are written.

The site and ``mjref lookup`` read these tables; ``rulings_fts`` (FTS5, Porter stemming over title,
question, answer, fan names and body) and ``rulings_cjk`` (FTS5 trigrams over ``rulings.cjk``: the Chinese
title, question, answer and body, the fans' Chinese names and any Chinese in the English texts) are added by
:mod:`kb.build` after the rows, and ``rulings_bigrams`` (the same Chinese as pairs of characters, in the columns of
``rulings_fts``, which :mod:`kb.lookup` reads) by :mod:`kb.chinese_index`. The ``*_zh`` columns are NULL where a
ruling has no Chinese text yet.
"""

from __future__ import annotations

# Every table, created up front so an empty one still exists: name -> (columns, primary key, foreign keys).
SCHEMA: dict[str, tuple[dict[str, type], str | tuple[str, ...] | None, list[tuple[str, str, str]]]] = {
    "sources": (
        {
            "id": str,
            "title": str,
            "author": str,
            "year": int,
            "language": str,
            "authority": str,
            "url": str,
            "locators": str,
            "note": str,
            "quoted_by": str,
            "locators_zh": str,
            "note_zh": str,
        },
        "id",
        [],
    ),
    "rulings": (
        {
            "id": str,
            "title": str,
            "ruleset": str,
            "topic": str,
            "status": str,
            "question": str,
            "answer": str,
            "body_md": str,
            "body_html": str,
            "body_text": str,
            "body_shown": str,
            "fans": str,
            "names": str,
            "fan_names": str,
            "folded": str,
            "cjk": str,
            "path": str,
            "url": str,
            "title_zh": str,
            "question_zh": str,
            "answer_zh": str,
            "body_zh_md": str,
            "body_zh_html": str,
            "body_zh_text": str,
            "body_zh_shown": str,
        },
        "id",
        [],
    ),
    "citations": (
        {"ruling_id": str, "position_id": str, "source_id": str, "locator": str, "quote": str},
        None,
        [("ruling_id", "rulings", "id"), ("source_id", "sources", "id")],
    ),
    "positions": (
        {"ruling_id": str, "id": str, "ord": int, "summary": str, "summary_zh": str},
        ("ruling_id", "id"),
        [("ruling_id", "rulings", "id")],
    ),
    "fans": (
        {"id": int, "key": str, "name": str, "name_zh": str, "pinyin": str, "points": int, "ruling_id": str},
        "id",
        [("ruling_id", "rulings", "id")],
    ),
    "fan_aliases": ({"fan_id": int, "alias": str, "kind": str, "folded": str}, None, [("fan_id", "fans", "id")]),
    "ruling_fans": ({"ruling_id": str, "fan": str, "fan_id": int}, None, [("ruling_id", "rulings", "id")]),
    "ruling_links": (
        {"ruling_id": str, "target_id": str, "kind": str},
        None,
        [("ruling_id", "rulings", "id"), ("target_id", "rulings", "id")],
    ),
    "profiles": ({"id": str, "title": str, "ruleset": str, "builtin": int, "path": str}, "id", []),
    "profile_positions": (
        {"profile_id": str, "ruling_id": str, "position_id": str},
        ("profile_id", "ruling_id"),
        [("profile_id", "profiles", "id"), ("ruling_id", "rulings", "id")],
    ),
    "profile_points": (
        {"profile_id": str, "fan_id": int, "points": int},
        ("profile_id", "fan_id"),
        [("profile_id", "profiles", "id"), ("fan_id", "fans", "id")],
    ),
    "exclusions": (
        {
            "fan_id": int,
            "excluded_fan_id": int,
            "scope": str,
            "condition": str,
            "ruling_id": str,
            "position": str,
            "profile_id": str,
        },
        None,
        [
            ("fan_id", "fans", "id"),
            ("excluded_fan_id", "fans", "id"),
            ("ruling_id", "rulings", "id"),
            ("profile_id", "profiles", "id"),
        ],
    ),
    "examples": (
        {
            "ruling_id": str,
            "ord": int,
            "hand": str,
            "canonical": str,
            "ruleset": str,
            "profile": str,
            "expected_total": int,
            "expected_fans": str,
            "computed_total": int,
            "computed": str,
            "status": str,
            "note": str,
            "note_zh": str,
        },
        ("ruling_id", "ord"),
        [("ruling_id", "rulings", "id")],
    ),
    "meta": ({"key": str, "value": str}, "key", []),
}
