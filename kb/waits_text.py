"""The wait list (:func:`scorer.waits`) laid out for the terminal (``mjref waits``), in English or, with
``lang="zh"``, from the Chinese message catalogue (:mod:`kb.i18n`).

Nothing here decides anything: one row a winning tile (the copies left, the total on a discard and self-drawn,
as the last tile of its kind where that changes it, the wait fan), a mark on every total below the minimum; for a
hand not ready, how far it is and its useful tiles; under several profiles, the totals side by side and the
rulings where they differ.
"""

from __future__ import annotations

from collections.abc import Callable

from scorer.result import Score
from scorer.tiles import name
from scorer.wait_list import FanDifference, Waits, WaitsComparison, WaitTile
from scorer.wait_list.grid import EXHAUSTED, FALSE_WIN

from . import i18n
from .terminal import fit_lines
from .text import LABEL_WIDTH, _label, _table

BELOW = "*"  # the mark of a total below the minimum


def format_waits(result: Waits, lang: str = "en") -> str:
    """The wait list of one hand under one profile."""
    _ = i18n.gettext(lang)
    lines = [_label(_("Hand")) + result.hand, _label(_("Profile")) + result.profile]
    lines += _readiness(result, lang)
    if result.waits:
        headers = [
            _("tile"),
            _("copies left"),
            _("on a discard"),
            _("self-drawn"),
            _("last of its kind"),
            _("wait fan"),
        ]
        rows = [
            [name(w.tile), str(w.unseen), _total(w.discard), _total(w.self_drawn), _last(w), _wait_fan(w, lang)]
            for w in result.waits
        ]
        lines += ["", *_table(headers, rows, right={1, 2, 3})]
    lines += _notes(result, _)
    return "\n".join(fit_lines(lines, label=LABEL_WIDTH))


def format_waits_comparison(result: WaitsComparison, lang: str = "en") -> str:
    """The wait list of one hand under several profiles, side by side, and the rulings where they differ."""
    _ = i18n.gettext(lang)
    first = result.first
    profiles = list(result.grids)
    lines = [_label(_("Hand")) + first.hand, _label(_("Profiles")) + ", ".join(profiles)]
    lines += _readiness(first, lang)
    if not first.waits:  # not ready, or every winning tile one the hand holds all four of (named, as alone)
        return "\n".join(fit_lines(lines + _exhausted(first, _), label=LABEL_WIDTH))
    rows = []
    for k, w in enumerate(first.waits):
        cells = [f"{_total(g.waits[k].discard)} / {_total(g.waits[k].self_drawn)}" for g in result.grids.values()]
        rows.append([name(w.tile), *cells])
    lines += ["", _("Each profile: the total on a discard / self-drawn")]
    lines += _table([_("tile"), *profiles], rows, right=set(range(1, len(profiles) + 1)))
    if any(
        not w.discard.meets_minimum or not w.self_drawn.meets_minimum for g in result.grids.values() for w in g.waits
    ):
        lines.append(_below_note(_))
    lines += _exhausted(first, _)
    if not result.differences:
        lines += ["", _("No win on these tiles scores differently under these profiles.")]
        return "\n".join(fit_lines(lines, label=LABEL_WIDTH))
    lines += ["", _("Differences")]
    ways = {
        "discard": _("on a discard"),
        "self_drawn": _("self-drawn"),
        "last_of_kind_discard": _("last of its kind, on a discard"),
        "last_of_kind_self_drawn": _("last of its kind, self-drawn"),
    }
    for tile in dict.fromkeys(d.tile for d in result.differences):
        here = [d for d in result.differences if d.tile == tile]
        for k, d in enumerate(here):
            totals = ", ".join(f"{p} {n}{'' if d.meets_minimum[p] else BELOW}" for p, n in d.totals.items())
            lines.append(f"  {tile if k == 0 else '':4}{ways[d.way]}: {totals}")
        fans = dict.fromkeys(_fan_line(f, lang) for d in here for f in d.fans)
        lines += [f"      {line}" for line in fans]
    return "\n".join(fit_lines(lines, label=LABEL_WIDTH))


def _fan_line(f: FanDifference, lang: str) -> str:
    """A fan scored differently: its points under each profile, and the rulings and positions that part them."""
    points = ", ".join(f"{p} {n}" for p, n in f.points.items())
    why = "; ".join(f"{r}: " + ", ".join(f"{p} {pos}" for p, pos in by.items()) for r, by in f.positions.items())
    return f"{i18n.fan_name(f.fan, f.name, lang)}: {points} ({why or ', '.join(f.rulings)})"


def _readiness(result: Waits, lang: str) -> list[str]:
    """The head's lines on how far the hand is: its winning tiles, or its count and useful tiles."""
    _, n_ = i18n.gettext(lang), i18n.ngettext(lang)
    if result.ready:
        if not result.waits:
            return [_label(_("Ready")) + _("yes, but every winning tile is one the hand holds all four of")]
        text = n_(
            "yes: %(tiles)s winning tile, %(unseen)s copies unseen",
            "yes: %(tiles)s winning tiles, %(unseen)s copies unseen",
            len(result.waits),
        ) % {
            "tiles": len(result.waits),
            "unseen": result.unseen,
        }
        return [_label(_("Ready")) + text]
    far = n_("no: %(n)s tile from ready (shanten %(n)s)", "no: %(n)s tiles from ready (shanten %(n)s)", result.shanten)
    lines = [_label(_("Ready")) + far % {"n": result.shanten}]
    useful = ", ".join(_("%(tile)s (%(n)s left)") % {"tile": name(t), "n": n} for t, n in result.useful)
    lines.append(
        _label(_("Useful"))
        + (
            _("%(tiles)s: %(kinds)s kinds, %(unseen)s copies unseen")
            % {
                "tiles": useful,
                "kinds": len(result.useful),
                "unseen": result.useful_unseen,
            }
            if result.useful
            else _("(none left to draw)")
        )
    )
    return lines


def _notes(result: Waits, _: Callable[[str], str]) -> list[str]:
    notes = []
    if any(w.false_win or (w.last_of_kind and not w.last_of_kind[0].meets_minimum) for w in result.waits):
        notes.append(_below_note(_))
    if any(w.last_of_kind for w in result.waits):
        notes.append(_("last of its kind: on a discard / self-drawn, where it changes the score"))
    return notes + _exhausted(result, _)


def _exhausted(result: Waits, _: Callable[[str], str]) -> list[str]:
    """A line for each tile that completes the hand but of which the hand holds all four."""
    text = _("%(tile)s completes the hand, but the hand holds all four: no wait (%(rulings)s)")
    return [text % {"tile": name(t), "rulings": ", ".join(EXHAUSTED)} for t in result.exhausted]


def _below_note(_: Callable[[str], str]) -> str:
    return _("* below the 8-point minimum: declaring a win on it is a false win (%(rulings)s)") % {
        "rulings": ", ".join(reversed(FALSE_WIN))
    }


def _total(s: Score) -> str:
    return f"{s.total}{'' if s.meets_minimum else BELOW}"


def _last(w: WaitTile) -> str:
    return "-" if w.last_of_kind is None else f"{_total(w.last_of_kind[0])} / {_total(w.last_of_kind[1])}"


def _wait_fan(w: WaitTile, lang: str) -> str:
    f = w.wait_fan
    return "-" if f is None else f"{i18n.fan_name(f.fan, f.name, lang)} {f.points}"
