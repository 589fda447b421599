"""A settled session (:class:`scorer.sheet.Sheet`) laid out for the terminal (``mjref sheet``), in English or, with
``lang="zh"``, from the Chinese message catalogue (:mod:`kb.i18n`).

Nothing here decides anything: it lays out the hands, payments, penalties, totals, table points and the paper
sheet's first difference that :func:`scorer.sheet.settle_session` returned, each with its rulings' ids.
"""

from __future__ import annotations

from collections.abc import Callable

from scorer.sheet import Sheet
from scorer.sheet.audit import PAYMENT, PENALTY, Difference
from scorer.sheet.settle import HandResult

from . import i18n
from .terminal import fit_lines
from .text import LABEL_WIDTH, _label, _table


def format_sheet(sheet: Sheet, lang: str = "en") -> str:
    """The hands one a row (what happened, each player's change and running total), then the penalties, the
    totals, the zero-sum check, the table points and the verdict on the paper sheet."""
    _ = i18n.gettext(lang)
    wind = {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}
    players = list(sheet.players)
    lines = [
        _label(_("Players")) + ", ".join(f"{p} ({wind[w]})" for p, w in zip(players, "ESWN", strict=True)),
        _label(_("Profile")) + sheet.profile,
        "",
    ]
    rows = [
        [str(h.number), wind[h.prevalent], _result(h, _)]
        + [f"{h.change[p]:+d} = {h.running[p]}" + _claim(h, p) for p in players]
        for h in sheet.hands
    ]
    lines += _table([_("Hand no."), _("Round"), _("Result"), *players], rows, right=set(range(3, 3 + len(players))))
    if any(h.claimed is not None and h.claimed != h.running for h in sheet.hands):
        lines.append(_("(* the paper sheet shows another running total)"))
    scored = [
        _("hand %(hand)s: %(tiles)s, %(points)s points (%(rulings)s)")
        % {"hand": h.number, "tiles": h.tiles, "points": h.points, "rulings": ", ".join(h.rulings)}
        for h in sheet.hands
        if h.tiles
    ]
    if scored:
        lines += ["", _("Hands scored from their tiles"), *("  " + s for s in scored)]
    penalties = [_penalty(h, i, lang) for h in sheet.hands for i in range(len(h.penalties))]
    if penalties:
        lines += ["", _("Penalties"), *("  " + p for p in penalties)]
    lines += [
        "",
        _label(_("Payments"))
        + _("8 from each loser, the value from the discarder, or from each loser when self-drawn (%(rulings)s)")
        % {"rulings": "payments"},
        _label(_("Winds"))
        + _("by the seat rotation, the deal passing every hand (%(rulings)s)") % {"rulings": "seat-rotation"},
        _label(_("Totals")) + ", ".join(f"{p} {sheet.totals[p]}" for p in players),
        _label(_("Zero sum")) + _zero_sum(sheet, _),
        _label(_("Table pts")) + _table_points(sheet, _),
        _label(_("Paper")) + _paper(sheet.first_difference, sheet, lang),
    ]
    return "\n".join(fit_lines(lines, label=LABEL_WIDTH))


def _result(h: HandResult, _: Callable[[str], str]) -> str:
    if h.draw:
        return _("draw")
    if h.self_drawn:
        text = _("%(winner)s self-drawn, %(points)s") % {"winner": h.winner, "points": h.points}
    else:
        text = _("%(winner)s on %(discarder)s's discard, %(points)s") % {
            "winner": h.winner,
            "discarder": h.discarder,
            "points": h.points,
        }
    return text + (_(" (tiles)") if h.tiles else "")


def _claim(h: HandResult, player: str) -> str:
    return "*" if h.claimed is not None and h.claimed[player] != h.running[player] else ""


def _penalty(h: HandResult, i: int, lang: str) -> str:
    _ = i18n.gettext(lang)
    pen = h.penalties[i]
    values = {"hand": h.number, "player": pen.player, "points": pen.points, "each": pen.points // 3}
    if pen.to == "others":
        text = _("hand %(hand)s: %(player)s -%(points)s, %(each)s to each other player") % values
    else:
        text = _("hand %(hand)s: %(player)s -%(points)s, to no one") % values
    return f"{text} ({', '.join(pen.rulings)})"


def _zero_sum(sheet: Sheet, _: Callable[[str], str]) -> str:
    total = sum(sheet.totals.values())
    if not sheet.deductions:
        return _("the totals add up to %(sum)s") % {"sum": total}
    where = ", ".join(
        _("hand %(hand)s: %(player)s %(points)s") % {"hand": d.hand, "player": d.player, "points": d.points}
        for d in sheet.deductions
    )
    return _(
        "the totals add up to %(sum)s: the %(deducted)s points of penalties to no one (%(where)s) are the only reason"
    ) % {"sum": total, "deducted": sheet.deducted, "where": where}


def _table_points(sheet: Sheet, _: Callable[[str], str]) -> str:
    order = sorted(sheet.players, key=lambda p: (sheet.places[p], sheet.players.index(p)))
    parts = []
    for p in order:
        value = sheet.table_points[p]
        shown = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        parts.append(
            _("%(player)s %(points)s (place %(place)s)") % {"player": p, "points": shown, "place": sheet.places[p]}
        )
    return ", ".join(parts) + " (table-points)"


def _paper(diff: Difference | None, sheet: Sheet, lang: str) -> str:
    _ = i18n.gettext(lang)
    if diff is None:
        if any(h.claimed is not None for h in sheet.hands):
            return _("the running totals claimed agree with the hands")
        return _("no running totals claimed")
    by = ", ".join(f"{p} {v:+d}" for p, v in diff.by.items() if v)
    head = _("first differs after hand %(hand)s (claimed less settled: %(by)s)") % {"hand": diff.hand, "by": by}
    return f"{head}: {_why(diff, sheet.hands[diff.hand - 1], _)}"


def _why(diff: Difference, h: HandResult, _: Callable[[str], str]) -> str:
    as_if = diff.as_if
    rulings = ", ".join(diff.rulings)
    if diff.kind == PENALTY:
        if as_if.get("left_out") == "all":
            return _("the hand's penalties were not applied (%(rulings)s)") % {"rulings": rulings}
        if "left_out" in as_if:
            return _("penalty %(n)s was not applied (%(rulings)s)") % {"n": as_if["left_out"], "rulings": rulings}
        if as_if.get("to") == "others":
            return _("penalty %(n)s was split among the others, but it goes to no one (%(rulings)s)") % {
                "n": as_if["penalty"],
                "rulings": rulings,
            }
        return _("penalty %(n)s was deducted only, but it is split among the others (%(rulings)s)") % {
            "n": as_if["penalty"],
            "rulings": rulings,
        }
    if diff.kind == PAYMENT:
        if as_if.get("self_drawn"):
            return _("paid as self-drawn, but it was won on %(player)s's discard (%(rulings)s)") % {
                "player": h.discarder,
                "rulings": rulings,
            }
        if "from" in as_if:
            return _("paid as won on %(other)s's discard, but %(how)s (%(rulings)s)") % {
                "other": as_if["from"],
                "how": _("it was self-drawn") if h.self_drawn else _("%(player)s discarded") % {"player": h.discarder},
                "rulings": rulings,
            }
        return _("the payments written are not those of the rule (%(rulings)s)") % {"rulings": rulings or "payments"}
    return _(
        "the claimed totals add up to %(claimed)s, but they must add up to %(settled)s (every "
        "hand sums to zero, penalties to no one aside): an addition is wrong"
    ) % {
        "claimed": as_if["claimed_sum"],
        "settled": as_if["settled_sum"],
    }
