"""How many questions of each question set find their ruling in the top 3 (and first) of ``mjref lookup``.

The sets are ``tests/fixtures/lookup_questions.yaml`` (a list) and every ``tests/fixtures/foul_questions*.yaml``
(``en`` and ``zh`` lists); a question is ``{q, expect}``, where ``expect`` is a ruling's id or a list of the ids
each of which answers it fairly (any of them found counts). Builds the knowledge base into a temporary folder
unless ``--db`` names one; ``--misses`` lists each question missed with the three rulings found instead.

    python bench/lookup_sets.py [--db build/kb.db] [--misses]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.build import build  # noqa: E402
from kb.lookup import lookup  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"


def question_sets() -> dict[str, list[dict[str, Any]]]:
    """Each set's questions by name (``lookup_questions``, ``foul_questions en``, ...)."""
    sets = {"lookup_questions": yaml.safe_load((FIXTURES / "lookup_questions.yaml").read_text(encoding="utf-8"))}
    for path in sorted(FIXTURES.glob("foul_questions*.yaml")):
        for lang, questions in yaml.safe_load(path.read_text(encoding="utf-8")).items():
            sets[f"{path.stem} {lang}"] = questions
    return sets


def expected(case: dict[str, Any]) -> list[str]:
    """The ids a fair answer to ``case`` may give: its ``expect``, one id or a list of them."""
    expect = case["expect"]
    return [expect] if isinstance(expect, str) else list(expect)


def report(db: Path, misses: bool) -> None:
    for name, questions in question_sets().items():
        top3 = first = 0
        missed = []
        for case in questions:
            ids = [h.id for h in lookup(case["q"], db, limit=3)]
            fair = expected(case)
            top3 += any(rid in ids for rid in fair)
            first += ids[:1] != [] and ids[0] in fair
            if not any(rid in ids for rid in fair):
                missed.append(f"    {case['q']!r}: want {' or '.join(fair)}, got {ids}")
        n = len(questions)
        print(f"{name:28} top 3 {top3:3}/{n:<3} ({top3 / n:4.0%})   first {first:3}/{n:<3} ({first / n:4.0%})")
        if misses and missed:
            print("\n".join(missed))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--db", type=Path, help="a built kb.db (default: build one into a temporary folder)")
    p.add_argument("--misses", action="store_true", help="list the questions missed")
    args = p.parse_args(argv)
    if args.db:
        report(args.db, args.misses)
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "kb.db"
        build(db)
        report(db, args.misses)


if __name__ == "__main__":
    main()
