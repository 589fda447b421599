"""Judge a declared win before its fans: a false win (错和, commonly 诈和) is a hand below the 8-point minimum
(flowers not counted) or tiles that make no winning hand.

:func:`judge_win` scores the hand and says whether the win stands; when it does not, why (how many points
short of the minimum, or how many tiles the hand is from a win, from :mod:`scorer.shanten`), the rulings
that decide it and the penalty the profile's penalty table gives (:func:`scorer.mcr.penalties.penalty_for`;
none there: the referee decides). Malformed input (notation that does not read, a fifth copy of a tile, a
tile count that is no hand) stays an error, as for :func:`scorer.score`.

>>> judge_win("[234m,1]567p345s678s9m9m")[1].why
'a false win: the hand scores 4 points without flowers, 4 short of the 8-point minimum'
>>> judge_win("123m456m789m123p5s6s")[1].why
'a false win: the tiles make no winning hand; they are 1 tile away from a win'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer import NotWinning, parse, score
from scorer.errors import Message
from scorer.hand import Hand
from scorer.mcr.penalties import Penalty, penalty_for
from scorer.mcr.positions import CHINESE_2006, EMA, PENALTY_AMOUNTS
from scorer.mcr.score import MINIMUM
from scorer.notation import format_hand
from scorer.profiles import load_profile
from scorer.result import Score
from scorer.shanten import shanten

FALSE_WIN = "false-win"
FALSE_WIN_RULINGS = (FALSE_WIN, "eight-point-minimum", PENALTY_AMOUNTS)
BELOW_MINIMUM = "below-minimum"
NOT_WINNING = "not-winning"
# The positions of ruling penalty-amounts, as the penalty line names the table it follows.
PENALTY_TABLES = {
    CHINESE_2006: Message("as in Sloper's Tianjin 2006 exercises"),
    EMA: Message("the EMA's penalty overview"),
}


@dataclass(frozen=True)
class WinVerdict:
    """Whether a declared win stands. For a false win: ``kind`` (:data:`BELOW_MINIMUM` or :data:`NOT_WINNING`),
    the points short of the minimum or the tiles away from a win, the penalty under the profile (None: no fixed
    amount, the referee decides) and ``position``, the profile's position on ``penalty-amounts``."""

    valid: bool
    kind: str = ""
    points_short: int = 0
    tiles_away: int = 0
    penalty: Penalty | None = None
    position: str = ""
    rulings: tuple[str, ...] = ()

    @property
    def reason(self) -> Message | None:
        """Why the win is false, as a message to translate (kb.i18n); None for a valid win."""
        if self.valid:
            return None
        if self.kind == BELOW_MINIMUM:
            template = (
                "a false win: the hand scores %(points)s points without flowers, "
                "%(short)s short of the %(minimum)s-point minimum"
            )
            return Message(template, points=MINIMUM - self.points_short, short=self.points_short, minimum=MINIMUM)
        if self.tiles_away == 1:
            return Message("a false win: the tiles make no winning hand; they are 1 tile away from a win")
        return Message(
            "a false win: the tiles make no winning hand; they are %(n)s tiles away from a win", n=self.tiles_away
        )

    @property
    def why(self) -> str:
        return str(self.reason or "")

    @property
    def _table(self) -> Message | str:
        """Whose penalty table the profile follows, in words a referee reads out (the position's id otherwise)."""
        return PENALTY_TABLES.get(self.position, self.position)

    @property
    def penalty_message(self) -> Message | None:
        """The penalty in words, as a message to translate; None for a valid win."""
        if self.valid:
            return None
        p = self.penalty
        if p is None:
            return Message(
                "no fixed amount in this profile's penalty table (%(position)s): the referee decides",
                position=self._table,
            )
        if p.to == "others":
            return Message(
                "%(points)s points: %(each)s to each of the other three players (%(position)s)",
                points=p.points,
                each=p.points // 3,
                position=self._table,
            )
        return Message(
            "%(points)s points, deducted from the offender's score (%(position)s)",
            points=p.points,
            position=self._table,
        )

    def to_dict(self) -> dict[str, Any]:
        if self.valid:
            return {"valid_win": True}
        p = self.penalty
        penalty = (
            None
            if p is None
            else {"foul": p.foul, "points": p.points, "to": p.to, "position": p.position, "rulings": list(p.rulings)}
        )
        return {
            "valid_win": False,
            "false_win": {
                "kind": self.kind,
                "reason": self.why,
                "points_short": self.points_short,
                "tiles_away": self.tiles_away,
                "rulings": list(self.rulings),
                "penalty": penalty,
                "penalty_text": str(self.penalty_message),
                "position": self.position,
            },
        }


def judge_win(hand: str | Hand, profile: str = "green-book") -> tuple[Score | None, WinVerdict, str]:
    """Score ``hand`` and judge its win: the score (None when the tiles make no winning hand), the verdict
    and the hand's canonical text."""
    try:
        result = score(hand, profile=profile)
    except NotWinning:
        parsed = parse(hand) if isinstance(hand, str) else hand  # scored as far as the arrangements: it reads
        counts = [0] * 34
        for t in (*parsed.standing, parsed.winning):
            counts[t] += 1
        away = shanten(counts, len(parsed.melds)) + 1
        return None, _false(profile, NOT_WINNING, tiles_away=away), format_hand(parsed)
    if result.meets_minimum:
        return result, WinVerdict(True), result.hand
    short = MINIMUM - (result.total - result.flowers)
    return result, _false(profile, BELOW_MINIMUM, points_short=short), result.hand


def _false(profile: str, kind: str, points_short: int = 0, tiles_away: int = 0) -> WinVerdict:
    rules = load_profile(profile)
    position = rules.position(PENALTY_AMOUNTS)
    return WinVerdict(False, kind, points_short, tiles_away, penalty_for(FALSE_WIN, rules), position, FALSE_WIN_RULINGS)
