"""Scores, audits and comparisons laid out as text for the terminal (``mjref score``, ``audit``, ``compare``).

Nothing here decides anything: it only lays out what :func:`scorer.score`, :func:`kb.audit.audit` and
:func:`kb.audit.compare` returned. With ``lang="zh"`` the labels and messages come from the Chinese
message catalogue (:mod:`kb.i18n`) and MCR fans are named by the fan table's Chinese names; columns are
aligned by display width, a CJK character taking two columns.
"""

from __future__ import annotations

import re
import unicodedata

from scorer.babcock import LIMIT, LIMITS, Table
from scorer.babcock.settlement import SEATS
from scorer.babcock.table import SEAT_NAMES
from scorer.hand import Hand, Kind
from scorer.mcr.score import MINIMUM
from scorer.notation import parse
from scorer.result import BabcockScore, FanScore, Score
from scorer.tiles import WIND_LETTERS, name

from . import i18n
from .audit import Audit, Comparison, Verdict, readings_of

LABEL_WIDTH = 11  # "Situation  ": the labels of a report's head and foot, padded to one column
# The verdicts of kb.audit, shown through the catalogue (message ids that are not literals in a call).
VERDICTS = ("accepted", "wrong-count", "other-reading", "excluded", "absent")


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: two for a wide (CJK) character, one for any other."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _label(text: str) -> str:
    return text + " " * max(1, LABEL_WIDTH - _width(text))


def format_score(result: Score, lang: str = "en") -> str:
    """A readable report of ``result``: hand, tiles, fans, exclusions, total, minimum and payments."""
    _, n_ = i18n.gettext(lang), i18n.ngettext(lang)
    hand = parse(result.hand)
    names: dict[int | str, str] = {f.fan: i18n.fan_name(f.fan, f.name, lang) for f in result.fans}
    names.update({e.fan: i18n.fan_name(e.fan, e.name, lang) for e in result.excluded})
    lines = [
        _label(_("Hand")) + result.hand,
        _label(_("Tiles")) + _tiles(hand, lang),
        _label(_("Situation")) + _situation(hand, lang),
        _label(_("Profile"))
        + _("%(profile)s (rule set %(ruleset)s)") % {"profile": result.profile, "ruleset": result.ruleset},
        "",
        _("Fans"),
    ]
    fan_rows = [
        [str(f.fan), names[f.fan], str(f.points), str(f.count), " ".join(f.sets) or "-", ", ".join(f.rulings)]
        for f in result.fans
    ]
    headers = [_("#"), _("fan"), _("points"), _("count"), _("sets"), _("rulings")]
    lines += _table(headers, fan_rows, right={2, 3}) or ["  " + _("(none)")]
    if result.excluded:
        lines += ["", _("Excluded (the hand has them, but they may not be scored)")]
        excluded_rows = [
            [str(e.fan), names[e.fan], ", ".join(f"{b} {names.get(b, '')}".strip() for b in e.by), ", ".join(e.rulings)]
            for e in result.excluded
        ]
        lines += _table([_("#"), _("fan"), _("excluded by"), _("rulings")], excluded_rows)
    if result.alternatives:
        also = _("Also read as (the same total, %(total)s points; either reading is right, never a mix)")
        lines += ["", also % {"total": result.total}]
        for i, a in enumerate(result.alternatives, 1):
            text = str(a) if lang == "en" else _alternative(a.fans, lang)
            lines.append(
                f"  {_('also-read %(n)s') % {'n': i}}: {text}" + (f"  [{a.form}]" if a.form != result.form else "")
            )
    flowers = n_("%(num)s flower", "%(num)s flowers", result.flowers) % {"num": result.flowers}
    total = _("%(total)s points (including %(flowers)s)") % {"total": result.total, "flowers": flowers}
    lines += ["", _label(_("Total")) + total]
    if result.meets_minimum:
        lines.append(
            _label(_("Minimum")) + _("met: at least %(minimum)s points without flowers") % {"minimum": MINIMUM}
        )
    else:
        message = _("NOT met: fewer than %(minimum)s points without flowers, so this is no valid win")
        lines.append(_label(_("Minimum")) + message % {"minimum": MINIMUM})
    lines.append(_label(_("Payments")) + _payments(result.payments, lang))
    if result.rulings:
        lines.append(_label(_("Rulings")) + ", ".join(result.rulings))
    return "\n".join(lines)


def _alternative(fans: tuple[FanScore, ...], lang: str) -> str:
    """An alternative reading's fans in ``lang``: ``花龙 8, 圈风刻 2`` (the English one is ``str(alternative)``)."""
    return ", ".join(f"{i18n.fan_name(f.fan, f.name, lang)} {f.points}" for f in fans)


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


def _tiles(hand: Hand, lang: str = "en") -> str:
    """Every tile, declared sets in brackets (a concealed kong marked), the winning tile last."""
    _ = i18n.gettext(lang)
    parts = []
    for meld in hand.melds:
        text = "[" + " ".join(name(t) for t in meld.tiles) + "]"
        parts.append(text + " " + _("concealed") if meld.kind is Kind.KONG and meld.concealed else text)
    parts.append(" ".join(name(t) for t in hand.standing))
    parts.append("+ " + _("%(tile)s (winning tile)") % {"tile": name(hand.winning)})
    return "  ".join(p for p in parts if p)


def _situation(hand: Hand, lang: str = "en") -> str:
    _, n_ = i18n.gettext(lang), i18n.ngettext(lang)
    s = hand.situation
    winds = WIND_LETTERS
    words = [
        _("prevalent wind %(wind)s") % {"wind": winds[s.prevalent - 27]},
        _("seat wind %(wind)s") % {"wind": winds[s.seat - 27]},
    ]
    words.append(_("self-drawn") if s.self_drawn else _("won on a discard"))
    if s.last_of_kind:
        words.append(_("last tile of its kind"))
    if s.last_of_wall:
        words.append(_("last tile of the wall"))
    if s.kong:
        words.append(_("replacement tile after a kong") if s.self_drawn else _("robbing the kong"))
    if s.flowers:
        words.append(n_("%(num)s flower", "%(num)s flowers", s.flowers) % {"num": s.flowers})
    return ", ".join(words)


def _payments(payments: dict[str, int] | None, lang: str = "en") -> str:
    _ = i18n.gettext(lang)
    if payments is None:
        return _("none: the hand does not meet the %(minimum)s-point minimum") % {"minimum": MINIMUM}
    order = ["winner", "discarder", "others"]
    keys = sorted(payments, key=lambda k: (order.index(k) if k in order else len(order), k))
    who = {"winner": _("winner"), "discarder": _("discarder"), "others": _("others (each)")}
    return ", ".join(f"{who.get(k, k)} {payments[k]:+d}" for k in keys)


def _table(headers: list[str], rows: list[list[str]], right: set[int] | None = None) -> list[str]:
    """Rows as aligned columns under ``headers`` (indices in ``right`` aligned right); [] if no rows."""
    if not rows:
        return []
    right = right or set()
    widths = [max(_width(r[i]) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        padded = []
        for i, (c, w) in enumerate(zip(cells, widths, strict=True)):
            pad = " " * (w - _width(c))
            padded.append(pad + c if i in right else c + pad)
        return ("  " + "  ".join(padded)).rstrip()

    return [line(headers), *(line(r) for r in rows)]


def format_audit(result: Audit, lang: str = "en") -> str:
    """A readable verdict: the claim against the scorer, claim by claim, then what the claim missed."""
    _ = i18n.gettext(lang)
    diff = result.claimed_total - result.total
    off = ""
    if diff:
        off = _(" (the claim is %(points)s too high)") if diff > 0 else _(" (the claim is %(points)s too low)")
        off %= {"points": abs(diff)}
    lines = [
        _label(_("Hand")) + result.score.hand,
        _label(_("Profile")) + result.score.profile,
        _label(_("Claimed")) + _("%(points)s points") % {"points": result.claimed_total},
        _label(_("Scorer")) + _("%(points)s points") % {"points": result.total} + off,
    ]
    readings = 1 + len(result.score.alternatives)
    if readings > 1:
        which = _("also-read %(n)s") % {"n": result.reading} if result.reading else _("the main reading")
        has = _("%(which)s (the hand has %(readings)s readings of the same total)")
        lines.append(_label(_("Reading")) + has % {"which": which, "readings": readings})
    if result.verdicts:
        lines += ["", _("Verdicts")]
        rows = [
            [
                v.claim,
                f"{v.fan} {i18n.fan_name(v.fan, v.name, lang)}",
                _(v.verdict),
                v.why if lang == "en" else _why(v, result, lang),
                ", ".join(v.rulings),
            ]
            for v in result.verdicts
        ]
        lines += _table([_("claim"), _("fan"), _("verdict"), _("why"), _("rulings")], rows)
    if result.missed:
        lines += ["", _("Missed (scored by the hand, not claimed)")]
        rows = [
            [f"{m.fan} {i18n.fan_name(m.fan, m.name, lang)}", str(m.count), str(m.points), ", ".join(m.rulings)]
            for m in result.missed
        ]
        lines += _table([_("fan"), _("count"), _("points"), _("rulings")], rows, right={1, 2})
    right = _("the claim is right") if result.claim_is_right else _("the claim is NOT right")
    lines += ["", _label(_("Verdict")) + right]
    return "\n".join(lines)


# The English reasons kb.audit writes for two verdicts, read back for their numbers and names.
_WRONG_COUNT = re.compile(r"scores it (\d+) times?, not (\d+)")
_OTHER_READING = re.compile(r"\((also-read \d+|main reading)\)")
_POSITION = re.compile(r"position \((.*)\); (\S+) scores")


def _why(v: Verdict, result: Audit, lang: str) -> str:
    """The reason for a verdict in ``lang``, from the verdict's own fields (the English one is ``v.why``)."""
    _ = i18n.gettext(lang)
    name = i18n.fan_name(v.fan, v.name, lang)
    if v.verdict == "accepted":
        fans = readings_of(result.score)[result.reading].fans
        sets = next((" ".join(f.sets) for f in fans if f.fan == v.fan), "")
        return _("scored: %(sets)s") % {"sets": sets}
    if v.verdict == "wrong-count" and (m := _WRONG_COUNT.search(v.why)):
        return _("the hand scores it %(count)s times, not %(claimed)s") % {"count": m[1], "claimed": m[2]}
    if v.verdict == "excluded":
        by = ", ".join(f"{b} {i18n.fan_name(b, str(b), lang)}" if isinstance(b, int) else str(b) for b in v.by)
        return _("excluded by %(by)s") % {"by": by} if by else _("excluded")
    if v.verdict == "other-reading" and (m := _OTHER_READING.search(v.why)):
        label = _("the main reading") if m[1] == "main reading" else _("also-read %(n)s") % {"n": m[1].split()[-1]}
        return _("scored only when the tiles are read the other way (%(reading)s): one reading, never a mix") % {
            "reading": label
        }
    if v.verdict == "absent" and (m := _POSITION.search(v.why)):
        message = _("not under this profile's position (%(positions)s); %(profile)s scores %(fan)s for this hand")
        return message % {"positions": m[1], "profile": m[2], "fan": name}
    if v.verdict == "absent":
        return _("the hand does not have %(fan)s: see its definition") % {"fan": name}
    return v.why


def format_comparison(result: Comparison, lang: str = "en") -> str:
    """Totals per profile, then each fan whose points differ and the positions that decide it."""
    _ = i18n.gettext(lang)
    profiles = list(result.scores)
    lines = [_label(_("Hand")) + next(iter(result.scores.values())).hand, ""]
    lines += _table([_("profile"), _("total")], [[p, str(t)] for p, t in result.totals.items()], right={1})
    if not result.differences:
        return "\n".join([*lines, "", _("No fan differs between these profiles.")])
    lines += ["", _("Differences")]
    rows = []
    for d in result.differences:
        why = "; ".join(f"{r}: " + ", ".join(f"{p} {pos}" for p, pos in by.items()) for r, by in d.positions.items())
        fan = f"{d.fan} {i18n.fan_name(d.fan, d.name, lang)}"
        rows.append([fan, *(str(d.points[p]) for p in profiles), why or ", ".join(d.rulings)])
    headers = [_("fan"), *profiles, _("rulings and positions")]
    lines += _table(headers, rows, right=set(range(1, len(profiles) + 1)))
    return "\n".join(lines)


def format_table(table: Table) -> str:
    """A settled Babcock table: each seat's score with its breakdown, then the net each gains or pays."""
    lines = []
    for seat in SEATS:
        result = table.hands[seat]
        role = "winner" if seat == table.winner else "dead hand" if seat in table.dead else "loser"
        lines += [f"{SEAT_NAMES[seat]} ({role})  {result.hand}"]
        if seat in table.dead:
            lines += ["  Score 0: a Dead Hand scores nothing (babcock-settlement)", ""]
            continue
        rows = [[f.name, " ".join(f.sets) or "-", str(f.points), ", ".join(f.rulings)] for f in result.fans]
        rows += [[d.name, " ".join(d.sets) or "-", f"x{2**d.count}", ", ".join(d.rulings)] for d in result.doubles]
        lines += (
            ["  " + line for line in _table(["item", "sets", "points", "rulings"], rows, right={2})] if rows else []
        )
        factors = "".join(f" x {2**d.count}" for d in result.doubles)
        capped = f", capped at {result.total}" if result.limit else ""
        if any(f.key in LIMITS for f in result.fans):
            lines.append(f"  Score {result.total} (limit hand)")
        else:
            doubled = result.base << sum(d.count for d in result.doubles)
            lines.append(
                f"  Score {result.base}{factors} = {doubled}{capped}" if factors else f"  Score {result.total}"
            )
        lines.append("")
    rows = [[SEAT_NAMES[s], str(table.scores[s]), f"{table.net[s]:+d}"] for s in SEATS]
    lines += _table(["seat", "score", "net"], rows, right={1, 2})
    if table.winner is None:
        lines.append("Draw game: no one pays (babcock-draw-game)")
    else:
        lines.append(
            f"{SEAT_NAMES[table.winner]} is paid his score by each loser, the losers settle their differences, "
            "East pays and receives double (babcock-settlement)"
        )
        if table.dead:
            lines.append(
                "A Dead Hand pays the winner and each other player his score, and no one pays it (babcock-settlement)"
            )
    return "\n".join(lines)
