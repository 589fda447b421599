"""Babcock scores and settled tables laid out as text for the terminal (``mjref score --ruleset babcock``,
``mjref settle``), in English or, with ``lang="zh"``, from the Chinese message catalogue (:mod:`kb.i18n`).

Nothing here decides anything: it lays out what :func:`scorer.score` and :func:`scorer.babcock.settle_table`
returned. The items of the score sheet, the doubles and the limit hands are named in ``lang`` by
:func:`kb.i18n.babcock_name`; ruling ids stay as they are (they are the rulings' addresses).
"""

from __future__ import annotations

from scorer.babcock import LIMIT, LIMITS, Table
from scorer.babcock.settlement import SEATS
from scorer.babcock.table import SEAT_NAMES
from scorer.notation import parse
from scorer.result import BabcockScore
from scorer.tiles import WIND_LETTERS

from . import i18n
from .terminal import fit_lines
from .text import LABEL_WIDTH, _label, _table, _tiles

SHEET = "babcock-standard-score-sheet"
SETTLEMENT = "babcock-settlement"


def format_babcock(result: BabcockScore, lang: str = "en") -> str:
    """A readable Babcock score: the points added (sets, bonuses), the doubles, the limit, the total and
    what the winner collects, every line with its ruling."""
    _, p_ = i18n.gettext(lang), i18n.pgettext(lang)

    def named(key: str | int, name: str) -> str:
        return i18n.babcock_name(str(key), name, lang)

    hand = parse(result.hand)
    seat = _(SEAT_NAMES[WIND_LETTERS[hand.situation.seat - 27]])
    s = hand.situation
    how = [_("self-drawn") if s.self_drawn else _("won on a discard")]
    if s.kong:
        how.append(_("loose tile after a kong") if s.self_drawn else _("stealing the fourth"))
    if s.last_of_wall:
        how.append(_("last tile of the wall"))
    situation = _("seat wind %(wind)s, %(how)s (Babcock scores no prevalent wind)")
    lines = [
        _label(_("Hand")) + result.hand,
        _label(_("Tiles")) + _tiles(hand, lang),
        _label(_("Situation")) + situation % {"wind": seat, "how": ", ".join(how)},
        _label(_("Profile")) + _("%(profile)s (rule set babcock)") % {"profile": result.profile},
        "",
        p_("babcock", "Points"),
    ]
    rows = [[named(f.key, f.name), " ".join(f.sets) or "-", str(f.points), ", ".join(f.rulings)] for f in result.fans]
    lines += _table([_("item"), _("sets"), p_("babcock", "points"), _("rulings")], rows, right={2})
    lines.append(
        _label(_("Base")) + p_("babcock", "%(points)s points (%(ruling)s)") % {"points": result.base, "ruling": SHEET}
    )
    if result.doubles:
        lines += ["", _("Doubles")]
        rows = [
            [named(d.key, d.name), " ".join(d.sets) or "-", f"x{2**d.count}", ", ".join(d.rulings)]
            for d in result.doubles
        ]
        lines += _table([_("double"), _("sets"), _("factor"), _("rulings")], rows, right={2})
    if result.excluded:
        lines += ["", _("Replaced by the limit hand")]
        rows = [[named(e.key, e.name), ", ".join(e.rulings)] for e in result.excluded]
        lines += _table([_("item"), _("rulings")], rows)
    factors = "".join(f" x {2**d.count}" for d in result.doubles)
    limit_hand = next((f for f in result.fans if f.key in LIMITS), None)
    if limit_hand is not None:
        rulings = ", ".join(limit_hand.rulings)
        limit = _("%(hand)s scores %(points)s (%(rulings)s)") % {
            "hand": named(limit_hand.key, limit_hand.name),
            "points": limit_hand.points,
            "rulings": rulings,
        }
        total = p_("babcock", "%(points)s points (%(ruling)s)") % {"points": result.total, "ruling": rulings}
    else:
        reached = _("reached: the limit capped the total") if result.limit else _("not reached")
        limit = f"{reached} ({SHEET})"
        total = f"{result.base}{factors} = {result.base << sum(d.count for d in result.doubles)}"
        if result.limit:
            total += _(", capped at %(total)s") % {"total": result.total}
        else:
            total += " " + p_("babcock", "points")
        total += f" ({SHEET})"
    lines += [
        "",
        _label(_("Limit")) + _("%(limit)s points; %(how)s") % {"limit": LIMIT, "how": limit},
        _label(_("Total")) + total,
    ]
    payments = result.payments or {}
    who = {"winner": _("winner"), "east": _("east"), "others": _("others (each)")}
    paid = ", ".join(f"{who[k]} {payments[k]:+d}" for k in ("winner", "east", "others") if k in payments)
    settle = _("%(paid)s; losers then settle their differences, East double (%(ruling)s)")
    lines.append(_label(_("Payments")) + settle % {"paid": paid, "ruling": SETTLEMENT})
    return "\n".join(fit_lines(lines, label=LABEL_WIDTH))


def format_table(table: Table, lang: str = "en") -> str:
    """A settled Babcock table: each seat's score with its breakdown, then the net each gains or pays."""
    _, p_ = i18n.gettext(lang), i18n.pgettext(lang)
    lines = []
    for seat in SEATS:
        result = table.hands[seat]
        role = _("winner") if seat == table.winner else _("dead hand") if seat in table.dead else _("loser")
        lines += [f"{_(SEAT_NAMES[seat])} ({role})  {result.hand}"]
        if seat in table.dead:
            lines += ["  " + _("Score 0: a Dead Hand scores nothing (%(ruling)s)") % {"ruling": SETTLEMENT}, ""]
            continue
        rows = [
            [i18n.babcock_name(f.key, f.name, lang), " ".join(f.sets) or "-", str(f.points), ", ".join(f.rulings)]
            for f in result.fans
        ]
        rows += [
            [i18n.babcock_name(d.key, d.name, lang), " ".join(d.sets) or "-", f"x{2**d.count}", ", ".join(d.rulings)]
            for d in result.doubles
        ]
        headers = [_("item"), _("sets"), p_("babcock", "points"), _("rulings")]
        lines += ["  " + line for line in _table(headers, rows, right={2})] if rows else []
        factors = "".join(f" x {2**d.count}" for d in result.doubles)
        capped = _(", capped at %(total)s") % {"total": result.total} if result.limit else ""
        if any(f.key in LIMITS for f in result.fans):
            lines.append("  " + _("Score %(total)s (limit hand)") % {"total": result.total})
        else:
            doubled = result.base << sum(d.count for d in result.doubles)
            score = f"{result.base}{factors} = {doubled}{capped}" if factors else str(result.total)
            lines.append("  " + _("Score %(total)s") % {"total": score})
        lines.append("")
    rows = [[_(SEAT_NAMES[s]), str(table.scores[s]), f"{table.net[s]:+d}"] for s in SEATS]
    lines += _table([_("seat"), p_("babcock", "score"), _("net")], rows, right={1, 2})
    if table.winner is None:
        lines.append(_("Draw game: no one pays (%(ruling)s)") % {"ruling": "babcock-draw-game"})
    else:
        paid = _(
            "%(winner)s is paid his score by each loser, the losers settle their differences, "
            "East pays and receives double (%(ruling)s)"
        )
        lines.append(paid % {"winner": _(SEAT_NAMES[table.winner]), "ruling": SETTLEMENT})
        if table.dead:
            dead = _("A Dead Hand pays the winner and each other player his score, and no one pays it (%(ruling)s)")
            lines.append(dead % {"ruling": SETTLEMENT})
    return "\n".join(fit_lines(lines, label=LABEL_WIDTH))
