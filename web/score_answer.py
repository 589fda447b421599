"""The score page's answer, worked out from its fields: the hand's score, the audit of a claimed score (``claim``,
``claim_total``) with the false-win verdict, and the comparison of profiles (``compare``), as data and as what the
page's template shows. Shared by the server's page (:mod:`web.score`) and the exported page, which runs it in the
browser (:mod:`web.export.in_browser`, on Pyodide): so both give the same verdict in the same words. Only the
scorer, :mod:`kb` 's pure modules and the standard library: no database (the fan-name index and the rulings' titles
are given) and no Datasette."""

from __future__ import annotations

from typing import Any

from kb.audit import MAX_CLAIMED, Audit, audit, compare
from kb.i18n import fan_name, localize
from scorer import Score, score
from scorer.errors import MjrefError
from scorer.mcr.table import FANS

from .score_checks import checked, compare_names, named


def score_input(hand: str, profile: str, choices: dict[str, str], ruleset: str = "mcr") -> Score:
    """Score a hand from the request under one of the site's profiles; a :class:`MjrefError` for bad input."""
    return score(hand, profile=checked(hand, profile, choices), ruleset=ruleset)


def audit_input(
    hand: str, profile: str, choices: dict[str, str], claim: str, claim_total: str, names: dict[str, int]
) -> Audit:
    """Check a claim from the request (fan names, a total or both) against the hand's score.

    ``names`` is the fan-name index of the site's database, so that a claim reads the same with or
    without the rulings' files at hand. A :class:`MjrefError` for bad input, the claim's own included.
    """
    ref = checked(hand, profile, choices)
    total = None
    if claim_total.strip():
        text = claim_total.strip()
        if not text.isascii() or not text.isdigit() or len(text) > 9 or int(text) > MAX_CLAIMED:
            raise MjrefError("claim_total: expected a whole number of points from 0 to %(most)s", most=MAX_CLAIMED)
        total = int(text)
    return audit(hand, claim=claim if claim.strip() else None, claim_total=total, profile=ref, names=names)


def compare_input(hand: str, spec: str, choices: dict[str, str]) -> dict[str, Any]:
    """The comparison of ``hand`` under the profiles ``spec`` lists (comma-separated names, or ``all``).

    ``all`` is every MCR profile the site offers (a Babcock profile scores another game). What
    ``mjref compare --json`` prints, with every profile under the name the site shows it by.
    """
    names = compare_names(spec, choices)
    data = compare(hand, [choices[n] for n in names]).to_dict()
    label = {choices[n]: n for n in names}  # a house profile file is shown by its name, never its path
    data["totals"] = {label[ref]: total for ref, total in data["totals"].items()}
    for d in data["differences"]:
        d["points"] = {label[ref]: points for ref, points in d["points"].items()}
        d["positions"] = {r: {label[ref]: pos for ref, pos in by.items()} for r, by in d["positions"].items()}
    return data


def _fan_link(fan: int | str, lang: str = "en") -> dict[str, Any]:
    info = FANS.get(fan) if isinstance(fan, int) else None
    name = fan_name(fan, info.name, lang) if info else str(fan)
    return {"fan": fan, "key": info.key if info else None, "name": name}


def audit_view(audited: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The audit's JSON with what the page shows besides: fan names, the fans behind a verdict, the difference."""
    verdicts = [
        {**v, "name": _fan_link(v["fan"], lang)["name"], "by": [_fan_link(b, lang) for b in v["by"]]}
        for v in audited["verdicts"]
    ]
    missed = [{**m, "name": _fan_link(m["fan"], lang)["name"]} for m in audited["missed"]]
    claimed, total = audited["claimed_total"], audited["total"]
    difference = claimed - total if total is not None else 0
    return {**audited, "verdicts": verdicts, "missed": missed, "difference": difference}


def compare_view(compared: dict[str, Any], current: str) -> dict[str, Any]:
    """The comparison's JSON with, for each difference, the profiles grouped by the position they take."""
    differences = []
    for d in compared["differences"]:
        rulings = []
        for ruling, by in d["positions"].items():
            grouped: dict[str, list[str]] = {}
            for name, position in by.items():
                grouped.setdefault(position, []).append(name)
            rulings.append({"id": ruling, "positions": [{"id": p, "profiles": n} for p, n in grouped.items()]})
        differences.append({**d, "disputed": rulings})
    return {"profiles": list(compared["totals"]), "current": current, **compared, "differences": differences}


def score_answer(
    form: dict[str, str], choices: dict[str, str], names: dict[str, int], titles: dict[str, str], lang: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The page's JSON and its template's values (``result``, ``audit_view``, ``compare_view``, ``titles``) for the
    chosen ``form`` (``hand``, ``ruleset``, ``profile``, ``claim``, ``claim_total``, ``compare``); ``names`` the
    fan-name index, ``titles`` the rulings' titles in ``lang``. A :class:`MjrefError` for bad input (and whatever
    the scorer raises, for the page's boundary to answer)."""
    hand, ruleset, profile = form["hand"], form["ruleset"], form["profile"]
    claim, claim_total, spec = form["claim"], form["claim_total"], form["compare"]
    if ruleset != "mcr" and (claim.strip() or claim_total.strip() or spec.strip()):
        raise MjrefError("audit and compare are for MCR hands: leave claim, claim_total and compare empty")
    result: Score | None
    if claim.strip() or claim_total.strip():
        checked_claim = audit_input(hand, profile, choices, claim, claim_total, names)
        result, audited = checked_claim.score, checked_claim.to_dict()
        for v, verdict in zip(audited["verdicts"], checked_claim.verdicts, strict=True):
            v["why"] = localize(verdict.reason or verdict.why, lang)  # in the page's language, JSON too
        # audit mode judges the win first: tiles that make no winning hand have no score, only the false-win verdict
        if not audited["valid_win"]:
            false_win = audited["false_win"]
            false_win["reason"] = localize(checked_claim.win.reason, lang)  # in the page's language, JSON too
            false_win["penalty_text"] = localize(checked_claim.win.penalty_message, lang)
    else:
        result, audited = score_input(hand, profile, choices, ruleset), None
    compared = compare_input(result.hand, spec, choices) if spec.strip() and result is not None else None
    if result is not None:
        data = named(result.to_dict(), lang)
    else:
        data = {"hand": checked_claim.hand, "profile": checked_claim.profile}
    if audited is not None:
        data["audit"] = audited
    if compared is not None:
        data["compare"] = named(compared, lang)
    views: dict[str, Any] = {
        "result": data if result is not None else None,
        "audit_view": audit_view(audited, lang) if audited is not None else None,
        "compare_view": compare_view(data["compare"], result.profile) if compared and result else None,
        "titles": titles,
    }
    return data, views
