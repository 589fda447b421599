"""Scores, audits and comparisons laid out as text for the terminal (``mjref score``, ``audit``, ``compare``).

Nothing here decides anything: it only lays out what :func:`scorer.score`, :func:`kb.audit.audit` and
:func:`kb.audit.compare` returned.
"""

from __future__ import annotations

from scorer.babcock import LIMIT, LIMITS
from scorer.hand import Hand, Kind
from scorer.mcr.score import MINIMUM
from scorer.notation import parse
from scorer.result import BabcockScore, Score
from scorer.tiles import WIND_LETTERS, name

from .audit import Audit, Comparison


def format_score(result: Score) -> str:
    """A readable report of ``result``: hand, tiles, fans, exclusions, total, minimum and payments."""
    hand = parse(result.hand)
    names: dict[int | str, str] = {f.fan: f.name for f in result.fans}
    names.update({e.fan: e.name for e in result.excluded})
    lines = [
        f"Hand       {result.hand}",
        f"Tiles      {_tiles(hand)}",
        f"Situation  {_situation(hand)}",
        f"Profile    {result.profile} (rule set {result.ruleset})",
        "",
        "Fans",
    ]
    fan_rows = [
        [str(f.fan), f.name, str(f.points), str(f.count), " ".join(f.sets) or "-", ", ".join(f.rulings)]
        for f in result.fans
    ]
    lines += _table(["#", "fan", "points", "count", "sets", "rulings"], fan_rows, right={2, 3}) or ["  (none)"]
    if result.excluded:
        lines += ["", "Excluded (the hand has them, but they may not be scored)"]
        excluded_rows = [
            [str(e.fan), e.name, ", ".join(f"{b} {names.get(b, '')}".strip() for b in e.by), ", ".join(e.rulings)]
            for e in result.excluded
        ]
        lines += _table(["#", "fan", "excluded by", "rulings"], excluded_rows)
    if result.alternatives:
        lines += ["", f"Also read as (the same total, {result.total} points; either reading is right, never a mix)"]
        for i, a in enumerate(result.alternatives, 1):
            lines.append(f"  also-read {i}: {a}" + (f"  [{a.form}]" if a.form != result.form else ""))
    flowers = f"{result.flowers} flower{'' if result.flowers == 1 else 's'}"
    lines += ["", f"Total      {result.total} points (including {flowers})"]
    if result.meets_minimum:
        lines.append(f"Minimum    met: at least {MINIMUM} points without flowers")
    else:
        lines.append(f"Minimum    NOT met: fewer than {MINIMUM} points without flowers, so this is no valid win")
    lines.append(f"Payments   {_payments(result.payments)}")
    if result.rulings:
        lines.append(f"Rulings    {', '.join(result.rulings)}")
    return "\n".join(lines)


def format_babcock(result: BabcockScore) -> str:
    """A readable Babcock score: the points added (sets, bonuses), the doubles, the limit, the total and
    what the winner collects, every line with its ruling."""
    hand = parse(result.hand)
    seat = ("East", "South", "West", "North")[hand.situation.seat - 27]
    s = hand.situation
    how = ["self-drawn" if s.self_drawn else "won on a discard"]
    if s.kong:
        how.append("loose tile after a kong" if s.self_drawn else "stealing the fourth")
    if s.last_of_wall:
        how.append("last tile of the wall")
    lines = [
        f"Hand       {result.hand}",
        f"Tiles      {_tiles(hand)}",
        f"Situation  seat wind {seat}, {', '.join(how)} (Babcock scores no prevalent wind)",
        f"Profile    {result.profile} (rule set babcock)",
        "",
        "Points",
    ]
    rows = [[f.name, " ".join(f.sets) or "-", str(f.points), ", ".join(f.rulings)] for f in result.fans]
    lines += _table(["item", "sets", "points", "rulings"], rows, right={2})
    lines.append(f"Base       {result.base} points (babcock-standard-score-sheet)")
    if result.doubles:
        lines += ["", "Doubles"]
        rows = [[d.name, " ".join(d.sets) or "-", f"x{2**d.count}", ", ".join(d.rulings)] for d in result.doubles]
        lines += _table(["double", "sets", "factor", "rulings"], rows, right={2})
    if result.excluded:
        lines += ["", "Replaced by the limit hand"]
        lines += _table(["item", "rulings"], [[e.name, ", ".join(e.rulings)] for e in result.excluded])
    factors = "".join(f" x {2**d.count}" for d in result.doubles)
    limit_hand = next((f for f in result.fans if f.key in LIMITS), None)
    if limit_hand is not None:
        limit = f"{limit_hand.name} scores {limit_hand.points} ({', '.join(limit_hand.rulings)})"
        total = f"{result.total} points ({', '.join(limit_hand.rulings)})"
    else:
        limit = (
            f"{'reached: the limit capped the total' if result.limit else 'not reached'} (babcock-standard-score-sheet)"
        )
        total = f"{result.base}{factors} = {result.base << sum(d.count for d in result.doubles)}"
        total += f", capped at {result.total}" if result.limit else " points"
        total += " (babcock-standard-score-sheet)"
    lines += ["", f"Limit      {LIMIT} points; {limit}", f"Total      {total}"]
    payments = result.payments or {}
    paid = ", ".join(
        f"{k}{' (each)' if k == 'others' else ''} {payments[k]:+d}"
        for k in ("winner", "east", "others")
        if k in payments
    )
    lines.append(f"Payments   {paid}; losers then settle their differences, East double (babcock-settlement)")
    return "\n".join(lines)


def _tiles(hand: Hand) -> str:
    """Every tile, declared sets in brackets (a concealed kong marked), the winning tile last."""
    parts = []
    for meld in hand.melds:
        text = "[" + " ".join(name(t) for t in meld.tiles) + "]"
        parts.append(text + " concealed" if meld.kind is Kind.KONG and meld.concealed else text)
    parts.append(" ".join(name(t) for t in hand.standing))
    parts.append(f"+ {name(hand.winning)} (winning tile)")
    return "  ".join(p for p in parts if p)


def _situation(hand: Hand) -> str:
    s = hand.situation
    winds = WIND_LETTERS
    words = [f"prevalent wind {winds[s.prevalent - 27]}", f"seat wind {winds[s.seat - 27]}"]
    words.append("self-drawn" if s.self_drawn else "won on a discard")
    if s.last_of_kind:
        words.append("last tile of its kind")
    if s.last_of_wall:
        words.append("last tile of the wall")
    if s.kong:
        words.append("replacement tile after a kong" if s.self_drawn else "robbing the kong")
    if s.flowers:
        words.append(f"{s.flowers} flower{'' if s.flowers == 1 else 's'}")
    return ", ".join(words)


def _payments(payments: dict[str, int] | None) -> str:
    if payments is None:
        return f"none: the hand does not meet the {MINIMUM}-point minimum"
    order = ["winner", "discarder", "others"]
    keys = sorted(payments, key=lambda k: (order.index(k) if k in order else len(order), k))
    return ", ".join(f"{k}{' (each)' if k == 'others' else ''} {payments[k]:+d}" for k in keys)


def _table(headers: list[str], rows: list[list[str]], right: set[int] | None = None) -> list[str]:
    """Rows as aligned columns under ``headers`` (indices in ``right`` aligned right); [] if no rows."""
    if not rows:
        return []
    right = right or set()
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        padded = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return ("  " + "  ".join(padded)).rstrip()

    return [line(headers), *(line(r) for r in rows)]


def format_audit(result: Audit) -> str:
    """A readable verdict: the claim against the scorer, claim by claim, then what the claim missed."""
    diff = result.claimed_total - result.total
    lines = [
        f"Hand       {result.score.hand}",
        f"Profile    {result.score.profile}",
        f"Claimed    {result.claimed_total} points",
        f"Scorer     {result.total} points"
        + (f" (the claim is {abs(diff)} {'too high' if diff > 0 else 'too low'})" if diff else ""),
    ]
    readings = 1 + len(result.score.alternatives)
    if readings > 1:
        which = f"also-read {result.reading}" if result.reading else "the main reading"
        lines.append(f"Reading    {which} (the hand has {readings} readings of the same total)")
    if result.verdicts:
        lines += ["", "Verdicts"]
        rows = [[v.claim, f"{v.fan} {v.name}", v.verdict, v.why, ", ".join(v.rulings)] for v in result.verdicts]
        lines += _table(["claim", "fan", "verdict", "why", "rulings"], rows)
    if result.missed:
        lines += ["", "Missed (scored by the hand, not claimed)"]
        rows = [[f"{m.fan} {m.name}", str(m.count), str(m.points), ", ".join(m.rulings)] for m in result.missed]
        lines += _table(["fan", "count", "points", "rulings"], rows, right={1, 2})
    lines += ["", "Verdict    " + ("the claim is right" if result.claim_is_right else "the claim is NOT right")]
    return "\n".join(lines)


def format_comparison(result: Comparison) -> str:
    """Totals per profile, then each fan whose points differ and the positions that decide it."""
    profiles = list(result.scores)
    lines = [f"Hand       {next(iter(result.scores.values())).hand}", ""]
    lines += _table(["profile", "total"], [[p, str(t)] for p, t in result.totals.items()], right={1})
    if not result.differences:
        return "\n".join([*lines, "", "No fan differs between these profiles."])
    lines += ["", "Differences"]
    rows = []
    for d in result.differences:
        why = "; ".join(f"{r}: " + ", ".join(f"{p} {pos}" for p, pos in by.items()) for r, by in d.positions.items())
        rows.append([f"{d.fan} {d.name}", *(str(d.points[p]) for p in profiles), why or ", ".join(d.rulings)])
    lines += _table(["fan", *profiles, "rulings and positions"], rows, right=set(range(1, len(profiles) + 1)))
    return "\n".join(lines)
