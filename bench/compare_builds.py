"""Check: the compiled scorer and its pure-Python source give byte-identical results.

Scores a corpus under every built-in MCR profile and the test suite's house profiles: ``--hands`` random hands
from each of three seeds (one in seven with situation keywords: winds, self-drawn, last of the wall, flowers)
and every worked example of the MCR rulings, and writes, for each, ``repr`` of the :class:`scorer.Score` (every
field: totals, fans with their sets and rulings, exclusions, alternatives, payments) or the error's class and
message. Run with the Python of a venv where the compiled wheel is installed, it does so for the compiled
build, then for the same installation's ``.py`` sources in a child process (``bench/score_bench.py``'s import
hook), and compares the two outputs line by line; ``--out FILE`` keeps this build's output, for comparing two
versions of the scorer with ``cmp``.

    /path/to/venv/bin/python bench/compare_builds.py            # compiled against pure: "identical"
    python bench/compare_builds.py --out /tmp/this.txt          # one build's output only
"""

from __future__ import annotations

import argparse
import hashlib
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the checkout's tests.support and kb, after any installed scorer
sys.path.append(str(ROOT / "bench"))


def corpus_lines(n: int) -> list[str]:
    """One line per hand and profile: the text, the profile, the keywords, then the result's repr or error."""
    from kb.load import load_corpus
    from scorer import MjrefError, score
    from scorer.profiles import builtin_names, mcr_profile
    from tests.support.generate import random_hands

    texts = [g.text for seed in (1, 2, 3) for g in random_hands(seed, n)]
    texts += [e.hand for r in load_corpus().rulings if r.ruleset == "mcr" for e in r.examples]
    profiles = [p for p in builtin_names() if _is_mcr(p, mcr_profile)]
    profiles += [str(p) for p in sorted((ROOT / "tests" / "fixtures" / "profiles").glob("*.yaml"))]
    rng = random.Random(5)
    lines = []
    for i, text in enumerate(texts):
        keywords: dict[str, object] = {}
        if i % 7 == 3:
            keywords = {
                "self_drawn": rng.random() < 0.5,
                "last_of_wall": rng.random() < 0.2,
                "flowers": rng.randrange(0, 4),
                "seat": rng.choice("ESWN"),
                "prevalent": rng.choice("ESWN"),
            }
        for profile in profiles:
            try:
                shown = repr(score(text, profile=profile, **keywords))  # type: ignore[arg-type]
            except MjrefError as e:
                shown = f"error {type(e).__name__}: {e}"
            lines.append(f"{text}\t{Path(profile).name}\t{keywords}\t{shown}")
    return lines


def _is_mcr(name: str, mcr_profile) -> bool:  # type: ignore[no-untyped-def]
    from scorer import MjrefError

    try:
        mcr_profile(name)
    except MjrefError:
        return False
    return True


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=4000, help="random hands from each of three seeds (default 4000)")
    p.add_argument("--out", type=Path, help="write this build's output here (and compare nothing)")
    p.add_argument("--build", choices=("auto", "pure"), default="auto", help="pure: the .py sources only")
    args = p.parse_args()
    if args.build == "pure":
        from score_bench import SourceOnly

        sys.meta_path.insert(0, SourceOnly())
    from score_bench import scorer_build

    build = scorer_build()[0]
    lines = corpus_lines(args.hands)
    text = "\n".join(lines) + "\n"
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    print(f"build {build}: {len(lines)} scores, sha256 {digest}")
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        return
    if build != "compiled":
        print("the scorer imported is pure Python: nothing to compare (run with a venv where the wheel is installed)")
        return
    with tempfile.TemporaryDirectory() as folder:
        pure = Path(folder) / "pure.txt"
        command = [sys.executable, __file__, "--build", "pure", "--hands", str(args.hands), "--out", str(pure)]
        subprocess.run(command, check=True)
        other = pure.read_text(encoding="utf-8").splitlines()
    differing = [(a, b) for a, b in zip(lines, other, strict=False) if a != b]
    if differing or len(lines) != len(other):
        for a, b in differing[:5]:
            print(f"compiled: {a}\npure:     {b}")
        raise SystemExit(f"{len(differing)} of {len(lines)} scores differ ({len(other)} lines from the pure build)")
    print(f"compiled and pure identical: {len(lines)} scores")


if __name__ == "__main__":
    main()
