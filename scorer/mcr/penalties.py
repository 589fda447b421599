"""The penalty table: points a foul costs under each position of the disputed ruling ``penalty-amounts``.

``penalties.csv`` holds one row per (position, foul) for which a source gives a fixed amount: the position,
the foul's ruling id, the points the offender loses in all, where they go (``others``: split equally among
the other three players; ``none``: deducted only), and the source and locator the figure comes from (the
ruling ``penalty-amounts`` shows the same table with its citations). A foul with no row under a position
has no fixed amount there: the referee decides. A mistake in the table (a foul that is no foul ruling, a
position ``penalty-amounts`` does not offer, a figure that is not a whole number above zero) raises
:class:`~scorer.mcr.table.TableError` at import, with file and line.

>>> penalty_for("false-win", "green-book").points
30
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..errors import MjrefError
from ..profiles import DEFAULT, Profile, mcr_profile
from .positions import DISPUTED, PENALTY_AMOUNTS
from .table import TableError

HERE = Path(__file__).parent
COLUMNS = ("position", "foul", "points", "to", "source", "at")
RECIPIENTS = ("others", "none")

# The fouls a penalty table may price, each a ruling of its own (the scorer checks the ids exist with the rest
# of scorer.rulings.RULING_IDS).
FOULS: Final = (
    "false-win",
    "wrong-tile-count",
    "wrong-call",
    "late-call",
    "false-set",
    "exposed-tiles",
    "out-of-turn",
    "claimed-tile-not-taken",
    "winning-tile-not-taken",
    "misdeal",
    "slow-play",
    "false-concealed-kong",
    "mixed-winning-tile",
)


@dataclass(frozen=True)
class Penalty:
    """What a foul costs under one penalty table."""

    foul: str  # the foul's ruling id, e.g. "false-win"
    points: int  # points the offender loses in all (> 0)
    to: str  # "others": split equally among the other three players; "none": deducted only
    position: str  # the penalty-amounts position the profile takes, e.g. "ema"
    rulings: tuple[str, ...]  # the ids that decide it: ("penalty-amounts", foul)


@dataclass(frozen=True)
class Cited:
    """Where a figure of the table comes from: a source id of ``rulings/sources.yaml`` and its locator."""

    source: str
    at: str


def _load(path: Path = HERE / "penalties.csv") -> tuple[dict[tuple[str, str], Penalty], dict[tuple[str, str], Cited]]:
    """The table and, for each of its figures, the source id and locator it comes from."""
    table: dict[tuple[str, str], Penalty] = {}
    cited: dict[tuple[str, str], Cited] = {}
    with open(path, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise TableError(f"{path}:1: expected the columns {','.join(COLUMNS)}")
        for row in reader:
            where = f"{path}:{reader.line_num}"
            position, foul, points, to = row["position"], row["foul"], row["points"], row["to"]
            if position not in DISPUTED[PENALTY_AMOUNTS]:
                raise TableError(f"{where}: position {position!r} is not one of {', '.join(DISPUTED[PENALTY_AMOUNTS])}")
            if foul not in FOULS:
                raise TableError(f"{where}: foul {foul!r} is not a foul ruling (one of {', '.join(FOULS)})")
            if not points.isdigit() or int(points) <= 0:
                raise TableError(f"{where}: points: expected a whole number above zero, not {points!r}")
            if to not in RECIPIENTS:
                raise TableError(f"{where}: to: expected one of {', '.join(RECIPIENTS)}, not {to!r}")
            if not row["source"] or not row["at"]:
                raise TableError(f"{where}: every figure names its source and locator")
            if (position, foul) in table:
                raise TableError(f"{where}: {position} {foul} is listed twice")
            rulings = (PENALTY_AMOUNTS, foul)
            table[position, foul] = Penalty(foul, int(points), to, position, rulings)
            cited[position, foul] = Cited(row["source"], row["at"])
    return table, cited


PENALTIES, CITED = _load()


def penalty_for(foul: str, profile: object = DEFAULT) -> Penalty | None:
    """The penalty the profile's penalty table gives ``foul``; None when that table gives no fixed amount
    (the referee decides). ``profile`` is a profile name, a profile file path or a loaded MCR profile. An
    unknown foul id, or a wrong type, raises :class:`~scorer.errors.MjrefError` (one line)."""
    if not isinstance(foul, str):
        raise MjrefError("foul: expected a foul's ruling id, not %(type)s", code="penalty", type=type(foul).__name__)
    if foul not in FOULS:
        message = "unknown foul %(foul)s: use one of %(fouls)s"
        raise MjrefError(message, code="penalty", foul=repr(foul), fouls=", ".join(FOULS))
    if isinstance(profile, Profile):
        if profile.ruleset != "mcr":
            message = "profile %(profile)s is a Babcock profile: penalties are for MCR profiles"
            raise MjrefError(message, code="profile", profile=repr(profile.name))
        rules = profile
    elif isinstance(profile, str):
        rules = mcr_profile(profile)
    else:
        message = "profile: expected a profile name, a path or a loaded profile, not %(type)s"
        raise MjrefError(message, code="profile", type=type(profile).__name__)
    return PENALTIES.get((rules.position(PENALTY_AMOUNTS), foul))
