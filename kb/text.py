"""Scores, audits and comparisons laid out as text for the terminal (``mjref score``, ``audit``, ``compare``).

Nothing here decides anything: it only lays out what :func:`scorer.score`, :func:`kb.audit.audit` and
:func:`kb.audit.compare` returned. With ``lang="zh"`` the labels and messages come from the Chinese
message catalogue (:mod:`kb.i18n`) and MCR fans are named by the fan table's Chinese names; columns are
aligned by display width, a CJK character taking two columns.
"""

from __future__ import annotations

from scorer.errors import printable
from scorer.hand import Hand, Kind
from scorer.mcr.score import MINIMUM
from scorer.notation import parse
from scorer.result import FanScore, Score
from scorer.tiles import WIND_LETTERS, name

from . import i18n
from .audit import Audit, Comparison
from .terminal import display_width, fit_lines, fit_table

WIND_NAMES = ("East", "South", "West", "North")  # the catalogue's words for the winds, in wind order
LABEL_WIDTH = 11  # "Situation  ": the labels of a report's head and foot, padded to one column
# The verdicts of kb.audit, shown through the catalogue (message ids that are not literals in a call).
VERDICTS = ("accepted", "wrong-count", "other-reading", "excluded", "absent")


def terminal_lines(lines: list[str]) -> str:
    """``lines`` joined for a terminal, each with any control character escaped (a profile's name, a claim or a
    ruling's text may hold one: an ESC would start a terminal sequence).

    >>> print(terminal_lines(["Profile  club\\x1b[2J", "ok"]))
    Profile  club\\x1b[2J
    ok
    """
    return "\n".join(fit_lines([printable(line) for line in lines], label=LABEL_WIDTH))


_width = display_width


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
            # The form's name: the messages (context "form") are marked in web/breakdown.py.
            form = f"  [{i18n.pgettext(lang)('form', a.form)}]" if a.form != result.form else ""
            lines.append(f"  {_('also-read %(n)s') % {'n': i}}: {text}{form}")
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
    return terminal_lines(lines)


def _alternative(fans: tuple[FanScore, ...], lang: str) -> str:
    """An alternative reading's fans in ``lang``: ``花龙 8, 圈风刻 2`` (the English one is ``str(alternative)``)."""
    return ", ".join(f"{i18n.fan_name(f.fan, f.name, lang)} {f.points}" for f in fans)


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
    winds = WIND_LETTERS if lang == "en" else [_(w) for w in WIND_NAMES]  # 东南西北: the letters are English
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
    return _(", ").join(words)


def _payments(payments: dict[str, int] | None, lang: str = "en") -> str:
    _ = i18n.gettext(lang)
    if payments is None:
        return _("none: the hand does not meet the %(minimum)s-point minimum") % {"minimum": MINIMUM}
    order = ["winner", "discarder", "others"]
    keys = sorted(payments, key=lambda k: (order.index(k) if k in order else len(order), k))
    who = {"winner": _("winner"), "discarder": _("discarder"), "others": _("others (each)")}
    return ", ".join(f"{who.get(k, k)} {payments[k]:+d}" for k in keys)


def _table(headers: list[str], rows: list[list[str]], right: set[int] | None = None) -> list[str]:
    """Rows as aligned columns under ``headers`` (indices in ``right`` aligned right), fitted to the terminal
    (:func:`kb.terminal.fit_table`); [] if no rows."""
    return fit_table(headers, rows, right)


def format_audit(result: Audit, lang: str = "en") -> str:
    """A readable verdict: a false win first, then the claim against the scorer, claim by claim, then what the
    claim missed."""
    _ = i18n.gettext(lang)
    lines = [_label(_("Hand")) + result.hand]
    if result.hand:
        hand = parse(result.hand)
        lines += [_label(_("Tiles")) + _tiles(hand, lang), _label(_("Situation")) + _situation(hand, lang)]
    lines.append(_label(_("Profile")) + result.profile)
    win = result.win
    if not win.valid:
        lines += [
            _label(_("Win")) + i18n.localize(win.reason or "", lang),
            _label(_("Penalty")) + i18n.localize(win.penalty_message or "", lang),
            _label(_("Rulings")) + ", ".join(win.rulings),
        ]
    if result.claimed_total is not None:
        claimed = _("%(points)s points") % {"points": result.claimed_total}
        if result.fans_sum is not None and result.fans_sum != result.claimed_total:
            claimed += _(" (but the fans claimed add up to %(points)s)") % {"points": result.fans_sum}
        lines.append(_label(_("Claimed")) + claimed)
    if result.score is None:
        lines.append(_label(_("Scorer")) + _("no winning hand: no fan to score"))
        return "\n".join([*lines, "", _label(_("Verdict")) + _("a false win: the claim is NOT right")])
    diff = 0 if result.claimed_total is None else result.claimed_total - result.total
    off = ""
    if diff:
        off = _(" (the claim is %(points)s too high)") if diff > 0 else _(" (the claim is %(points)s too low)")
        off %= {"points": abs(diff)}
    lines.append(_label(_("Scorer")) + _("%(points)s points") % {"points": result.total} + off)
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
                i18n.localize(v.reason or v.why, lang),
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
    if not win.valid:
        right = _("a false win: the claim is NOT right")
    else:
        right = _("the claim is right") if result.claim_is_right else _("the claim is NOT right")
    lines += ["", _label(_("Verdict")) + right]
    return terminal_lines(lines)


def format_comparison(result: Comparison, lang: str = "en") -> str:
    """Totals per profile, then each fan whose points differ and the positions that decide it."""
    _ = i18n.gettext(lang)
    profiles = list(result.scores)
    lines = [_label(_("Hand")) + next(iter(result.scores.values())).hand, ""]
    lines += _table([_("profile"), _("total")], [[p, str(t)] for p, t in result.totals.items()], right={1})
    if not result.differences:
        return terminal_lines([*lines, "", _("No fan differs between these profiles.")])
    lines += ["", _("Differences")]
    rows = []
    for d in result.differences:
        why = "; ".join(f"{r}: " + ", ".join(f"{p} {pos}" for p, pos in by.items()) for r, by in d.positions.items())
        fan = f"{d.fan} {i18n.fan_name(d.fan, d.name, lang)}"
        rows.append([fan, *(str(d.points[p]) for p in profiles), why or ", ".join(d.rulings)])
    headers = [_("fan"), *profiles, _("rulings and positions")]
    lines += _table(headers, rows, right=set(range(1, len(profiles) + 1)))
    return terminal_lines(lines)
