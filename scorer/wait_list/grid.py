"""The wait list of one hand under each profile asked for: each winning tile with its score on a discard and
self-drawn.

Each tile that completes the 13 tiles (:func:`scorer.wait.waiting_mask`, every MCR form) is scored by the scorer
itself (:func:`scorer.entry.score_under`, as :func:`scorer.score` scores it, once for every profile), as the
complete hand it makes, on a discard and self-drawn; and, when no copy of it stands in the hand, also as the last
tile of its kind, kept when that changes the score. A tile whose four copies the hand already holds, in its
standing tiles and its sets, is no wait: there is no fifth copy to win on (rulings ``wait-only-one-winning-tile``,
where the profiles part on what that does to the wait fans, and ``exhausted-waits``). A hand that is not ready
gets its distance from ready and the tiles that bring it closer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..entry import score_under
from ..profiles import mcr_profile
from ..result import FanScore, Score
from ..shanten import shanten_and_useful_tiles
from ..tiles import Tile, name
from ..wait import waiting_mask
from .reading import WaitingHand

WAIT_FANS = frozenset({"edge-wait", "closed-wait", "single-wait"})
FALSE_WIN = ("eight-point-minimum", "false-win")  # a win below the minimum: declaring it is a false win
EXHAUSTED = ("wait-only-one-winning-tile", "exhausted-waits")  # a fifth copy is no winning tile
WAYS = ("discard", "self_drawn")


def win_dict(s: Score) -> dict[str, Any]:
    """A win's full score (:meth:`Score.to_dict`), with its form, ``false_win`` (below the minimum, flowers not
    counted) and the rulings behind the hand as a whole, ``false-win`` among them when it is one."""
    out = s.to_dict()
    out["form"] = s.form
    out["false_win"] = not s.meets_minimum
    out["rulings"] = list(dict.fromkeys(s.rulings + (() if s.meets_minimum else FALSE_WIN)))
    return out


@dataclass(frozen=True, slots=True)
class WaitTile:
    """One winning tile: its score on a discard and self-drawn, as the last of its kind where that changes the
    score (else None), the wait fan it earns (else None) and the copies the hand does not hold."""

    tile: Tile
    discard: Score
    self_drawn: Score
    last_of_kind: tuple[Score, Score] | None
    wait_fan: FanScore | None
    unseen: int

    @property
    def false_win(self) -> bool:
        """Whether a win on this tile falls below the minimum in some way (on a discard, or even self-drawn)."""
        return not (self.discard.meets_minimum and self.self_drawn.meets_minimum)

    def to_dict(self) -> dict[str, Any]:
        last = self.last_of_kind
        return {
            "tile": name(self.tile),
            "unseen": self.unseen,
            "wait_fan": None if self.wait_fan is None else self.wait_fan.to_dict(),
            "discard": win_dict(self.discard),
            "self_drawn": win_dict(self.self_drawn),
            "last_of_kind": None if last is None else {"discard": win_dict(last[0]), "self_drawn": win_dict(last[1])},
        }


@dataclass(frozen=True, slots=True)
class Waits:
    """What a waiting hand waits on under one profile: ``shanten`` (0 ready), the winning tiles in tile order,
    those whose copies the hand holds all of (``exhausted``), and for a hand not ready the ``useful`` tiles with
    the copies of each left unseen."""

    profile: str
    hand: str
    shanten: int
    waits: tuple[WaitTile, ...]
    exhausted: tuple[Tile, ...]
    useful: tuple[tuple[Tile, int], ...]

    @property
    def ready(self) -> bool:
        return self.shanten == 0

    @property
    def unseen(self) -> int:
        """The copies of the winning tiles the hand does not hold."""
        return sum(w.unseen for w in self.waits)

    @property
    def useful_unseen(self) -> int:
        """The copies of the useful tiles the hand does not hold."""
        return sum(n for _, n in self.useful)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": "mcr",
            "profile": self.profile,
            "hand": self.hand,
            "shanten": self.shanten,
            "ready": self.ready,
            "waits": [w.to_dict() for w in self.waits],
            "unseen": self.unseen,
            "exhausted": [{"tile": name(t), "rulings": list(EXHAUSTED)} for t in self.exhausted],
            "useful": [{"tile": name(t), "unseen": n} for t, n in self.useful],
            "useful_unseen": self.useful_unseen,
        }


def wait_grids(hand: WaitingHand, profiles: list[str]) -> list[Waits]:
    """The wait list of ``hand`` under each of ``profiles`` (names or paths the scorer reads), in order: each win
    read and arranged once for all of them (:func:`scorer.entry.score_under`)."""
    names = [mcr_profile(p).name for p in profiles]
    held = hand.all_counts()
    mask = waiting_mask(hand.as_hand())
    if not mask:
        count, tiles = shanten_and_useful_tiles(hand.standing_counts(), len(hand.melds))
        useful = tuple((t, 4 - held[t]) for t in tiles if held[t] < 4)  # a tile whose four copies it holds: none left
        return [Waits(n, hand.text, count, (), (), useful) for n in names]
    rows: list[list[WaitTile]] = [[] for _ in profiles]
    exhausted: list[Tile] = []
    standing = hand.standing
    for t in range(34):
        if not mask >> t & 1:
            continue
        if held[t] >= 4:
            exhausted.append(t)
            continue
        for row, tile in zip(rows, _wait_tiles(hand, t, profiles, t in standing, 4 - held[t]), strict=True):
            row.append(tile)
    return [Waits(n, hand.text, 0, tuple(row), tuple(exhausted), ()) for n, row in zip(names, rows, strict=True)]


def _wait_tiles(hand: WaitingHand, t: Tile, profiles: list[str], standing: bool, unseen: int) -> list[WaitTile]:
    """The winning tile ``t`` under each profile: its wins on a discard and self-drawn, and as the last of its kind
    where that changes the score."""
    discards = score_under(hand.candidate(t), profiles)
    drawn = score_under(hand.candidate(t, self_drawn=True), profiles)
    lasts: list[tuple[Score, Score] | None] = [None] * len(profiles)
    if not standing:  # the last of its kind: the other three copies shown, none in the hand's own standing tiles
        last_discards = score_under(hand.candidate(t, last_of_kind=True), profiles)
        last_drawn = score_under(hand.candidate(t, self_drawn=True, last_of_kind=True), profiles)
        for k, (d, w, ld, lw) in enumerate(zip(discards, drawn, last_discards, last_drawn, strict=True)):
            if ld.total != d.total or lw.total != w.total:
                lasts[k] = (ld, lw)
    return [
        WaitTile(t, d, w, last, next((f for f in d.fans if f.key in WAIT_FANS), None), unseen)
        for d, w, last in zip(discards, drawn, lasts, strict=True)
    ]
