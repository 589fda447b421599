"""Benchmark: instructions per hand, mjref ``score()`` against pymahjonggb 1.4.0, counted by valgrind.

Time on a shared machine moves with its load; an instruction count does not. This runs the same Python four
times under valgrind's callgrind (Debian's ``valgrind`` package): importing and scoring one hand, then also
scoring ``--hands`` random hands with mjref; building the library's arguments, then also calling the library on
them. The differences, divided by the hands, are each side's instructions a hand, printed beside each other
with their ratio. It counts work, not time: memory stalls make a score's time ratio somewhat higher than its
instruction ratio, which is why ``bench/score_bench.py`` stays the measure of the goal; use this one to tell
two versions of the scorer apart.

    python bench/score_instructions.py --hands 2000
    /path/to/venv/bin/python bench/score_instructions.py   # a venv with the compiled wheel installed
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROFILE = "chinese-practice"
MODES = ("base", "mjref", "args", "library")


def child(mode: str, n: int, seed: int) -> None:
    """The work measured under valgrind: one of MODES."""
    sys.path.append(str(ROOT))  # the checkout's tests.support, after any installed scorer
    from scorer import score
    from tests.support.generate import random_hands
    from tests.support.oracle import library_args

    hands = random_hands(seed, n)
    score(hands[0].text, profile=PROFILE)  # loads the tables and the profile in every mode
    if mode == "mjref":
        for g in hands:
            score(g.text, profile=PROFILE)
    elif mode in ("args", "library"):
        import MahjongGB

        args = [library_args(g.hand) for g in hands]
        if mode == "library":
            calc = MahjongGB.MahjongFanCalculator
            for a in args:
                calc(*a, verbose=True)


def instructions(mode: str, n: int, seed: int) -> int:
    """Instructions callgrind counted for one child run."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__]
    done = subprocess.run([*command, "--child", mode, "--hands", str(n), "--seed", str(seed)], capture_output=True)
    found = re.search(rb"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed in mode {mode}: {done.stderr.decode(errors='replace')[-400:]}")
    return int(found.group(1))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=2000, help="random hands to score (default 2000)")
    p.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    p.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args.child, args.hands, args.seed)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    counts = {mode: instructions(mode, args.hands, args.seed) for mode in MODES}
    ours = (counts["mjref"] - counts["base"]) / args.hands
    library = (counts["library"] - counts["args"]) / args.hands
    import scorer.mcr.score as scored

    build = "compiled" if not scored.__file__.endswith(".py") else "pure"
    print(f"{args.hands} hands (seed {args.seed}), python {sys.version.split()[0]}, mjref build: {build}")
    print(f"mjref        {ours:12,.0f} instructions a hand")
    print(f"pymahjonggb  {library:12,.0f} instructions a hand (verbose=True)")
    print(f"ratio        {ours / library:12.2f}x")


if __name__ == "__main__":
    main()
