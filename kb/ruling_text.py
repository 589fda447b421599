"""One ruling read from ``kb.db`` and laid out for the terminal (``mjref show ID``).

:func:`read_ruling` gathers what a referee reads: the question and answer, the position the house profile
takes (for a disputed ruling), every position with the built-in profiles that take it, the body as plain
text, the citations (each source's title and the locator) and the related rulings; in Chinese where the
ruling's Chinese is written (``lang`` says which language the texts are in). :func:`format_ruling` prints
it. An unknown id is a :class:`UnknownRuling` naming the closest ids.

>>> plain("## The rule\\n\\nSee **8 points** [@GB2006, §3.9] and [[payments]], `1m`.")
'The rule\\n\\nSee 8 points (GB2006, §3.9) and payments, 1m.'
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

from scorer.errors import MjrefError, ProfileError
from scorer.profiles import DEFAULTS, load_profile

from . import i18n
from .lookup import open_index
from .terminal import fit_lines, width, wrap
from .text import LABEL_WIDTH, _width

_CITATION = re.compile(r"\[@([^,\]]+),\s*([^\]]*)\]")
_LINK = re.compile(r"\[\[([^\]|]+)(?:\|([^\]]+))?\]\]")
_MARKUP = re.compile(r"\*\*|__|`")
_LIST_ITEM = re.compile(r"\s*(?:[-*]|\d+\.)\s")
_HEADING = re.compile(r"^#{1,6}\s+", re.M)


class UnknownRuling(MjrefError):
    """No ruling has the id asked for."""

    code = "unknown-ruling"


def plain(markdown: str) -> str:
    """A ruling's Markdown body as plain text: headings and emphasis unmarked, citations in brackets,
    links to other rulings by their id."""
    text = _HEADING.sub("", markdown)
    text = _CITATION.sub(lambda m: f"({m.group(1).strip()}, {m.group(2).strip()})", text)
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    return _MARKUP.sub("", text).strip()


def full_url(path: str, base_url: str | None) -> str:
    """A site path as a link: under ``base_url`` (``https://mjref.example.org``) a full URL, else the path."""
    return base_url.rstrip("/") + path if base_url else path


def read_ruling(
    db: Path, rid: str, lang: str = "en", profile: str | None = None, base_url: str | None = None
) -> dict[str, Any]:
    """The ruling ``rid`` of the knowledge base ``db``, as ``mjref show --json`` prints it; ``profile``: the house
    profile whose position is shown (by default the rule set's own)."""
    if not isinstance(rid, str):
        raise UnknownRuling("ruling id: expected text, not %(type)s", type=type(rid).__name__)
    given = None if profile is None else load_profile(profile)  # a profile that does not load is an error, always
    conn = open_index(db).conn
    columns = "id, title, status, ruleset, topic, question, answer, body_md, url, title_zh, question_zh, answer_zh"
    row = conn.execute(f"SELECT {columns}, body_zh_md FROM rulings WHERE id = ?", (rid,)).fetchone()
    if row is None:
        ids = [r[0] for r in conn.execute("SELECT id FROM rulings")]
        close = difflib.get_close_matches(rid.lower(), ids, n=3, cutoff=0.6)  # ids are lower case: KONG-TABLE too
        if close:
            raise UnknownRuling("no ruling %(id)s: the closest are %(close)s", id=repr(rid), close=tuple(close))
        raise UnknownRuling("no ruling %(id)s: find one with mjref lookup", id=repr(rid))
    rid, title, status, ruleset, topic, question, answer, body, url, *chinese = row
    title_zh, question_zh, answer_zh, body_zh = chinese
    zh = lang == "zh" and bool(title_zh and answer_zh)
    prefix = "/zh" if lang == "zh" else ""
    taken: dict[str, list[str]] = {}
    for profile_id, position in conn.execute(
        "SELECT profile_id, position_id FROM profile_positions WHERE ruling_id = ? ORDER BY profile_id", (rid,)
    ):
        taken.setdefault(position, []).append(profile_id)
    positions = [
        {"id": pid, "summary": (summary_zh if zh and summary_zh else summary), "profiles": taken.get(pid, [])}
        for pid, summary, summary_zh in conn.execute(
            "SELECT id, summary, summary_zh FROM positions WHERE ruling_id = ? ORDER BY ord", (rid,)
        )
    ]
    house = None
    if positions and given is not None and given.ruleset != ruleset:  # its House line would be left out, unsaid
        message = "profile %(profile)s is for %(its)s, and ruling %(id)s is on %(ruling)s: it takes no position on it"
        names = {"mcr": "MCR", "babcock": "Babcock"}
        raise ProfileError(message, profile=repr(profile), its=names[given.ruleset], id=rid, ruling=names[ruleset])
    if positions:
        rules = given or load_profile(DEFAULTS.get(ruleset, DEFAULTS["mcr"]))
        chosen = rules.positions.get(rid)
        summary = next((p["summary"] for p in positions if p["id"] == chosen), "")
        house = {"profile": rules.name, "position": chosen, "summary": summary} if chosen else None
    citations = [
        {"source": source, "title": source_title, "locator": locator, "position": position}
        for source, source_title, locator, position in conn.execute(
            "SELECT c.source_id, s.title, c.locator, c.position_id FROM citations c JOIN sources s"
            " ON s.id = c.source_id WHERE c.ruling_id = ? ORDER BY c.rowid",
            (rid,),
        )
    ]
    related = [
        {
            "id": target,
            "title": (target_zh if zh and target_zh else target_title),
            "url": full_url(prefix + link, base_url),
        }
        for target, target_title, target_zh, link in conn.execute(
            "SELECT DISTINCT l.target_id, r.title, r.title_zh, r.url FROM ruling_links l JOIN rulings r"
            " ON r.id = l.target_id WHERE l.ruling_id = ? AND l.kind = 'related' ORDER BY l.rowid",
            (rid,),
        )
    ]
    return {
        "id": rid,
        "lang": "zh" if zh else "en",
        "title": title_zh if zh else title,
        "status": status,
        "ruleset": ruleset,
        "topic": topic,
        "question": (question_zh or question) if zh else question,
        "answer": answer_zh if zh else answer,
        "house": house,
        "positions": positions,
        "body": plain(body_zh if zh and body_zh else body),
        "citations": citations,
        "related": related,
        "url": full_url(prefix + url, base_url),
    }


def _wrapped(label: str, text: str) -> list[str]:
    """``text`` wrapped beside ``label``, as the heads of kb.text's reports are laid out."""
    indent = " " * LABEL_WIDTH
    lines = _wrap(text, indent, indent) or [indent]
    return [label + " " * max(1, LABEL_WIDTH - _width(label)) + lines[0][LABEL_WIDTH:], *lines[1:]]


def _wrap(text: str, first: str, rest: str) -> list[str]:
    """``text`` in lines that fit the terminal (:func:`kb.terminal.wrap`)."""
    return wrap(text, width(), rest, first)


def _reflowed(body: str) -> list[str]:
    """The body's paragraphs and list items, each wrapped to the terminal as one (its source lines broken
    wherever its author's editor broke them); a table row or a heading is kept as it is."""
    out: list[str] = []
    item: list[str] = []

    def flush() -> None:
        if item:
            text = " ".join(part.strip() for part in item)
            hang = "  " if _LIST_ITEM.match(text) else ""
            out.extend(wrap(text, width(), hang))
            item.clear()

    for line in body.splitlines():
        if not line.strip() or line.lstrip().startswith("|"):
            flush()
            out.append(line)
        elif _LIST_ITEM.match(line):
            flush()
            item.append(line)
        else:
            item.append(line)
    flush()
    return out


def _status(data: dict[str, Any], lang: str) -> str:
    """The status line: ``disputed (mcr, combinations)``; in Chinese every word of it said in Chinese (the rule
    set by its name, the topic by its label, as the site's pages name them): ``有争议（MCR，组合）``."""
    _ = i18n.gettext(lang)
    if lang == "en":
        return f"{data['status']} ({data['ruleset']}, {data['topic']})"
    topic = _(data["topic"].replace("-", " ").capitalize())
    where = _(", ").join(["MCR" if data["ruleset"] == "mcr" else data["ruleset"].capitalize(), topic])
    return _(data["status"]) + _(" (%(rulings)s)") % {"rulings": where}


def _position(position: str, lang: str) -> str:
    """A position by its label, and in another language than English by its id too (the body names it by its id)."""
    label = i18n.position_name(position, lang)
    return position if label == position else f"{label} {position}"


def format_ruling(data: dict[str, Any], lang: str = "en") -> str:
    """The ruling ``data`` (:func:`read_ruling`) as text: head, positions, body, citations, related rulings."""
    _ = i18n.gettext(lang)
    head = f"{data['title']}  [{data['id']}]"
    if lang == "zh" and data["lang"] != "zh":
        head += "  " + _("(not yet in Chinese: English text)")
    lines = [head, ""]
    lines += _wrapped(_("Status"), _status(data, lang))
    lines += _wrapped(_("Question"), data["question"])
    lines += _wrapped(_("Answer"), data["answer"])
    colon, comma, stop = _(": "), _(", "), _(".")
    if data["house"]:
        h = data["house"]
        chosen = f"{_position(h['position'], lang)}{stop}{' ' if stop == '.' else ''}"  # 。 takes no space
        lines += _wrapped(_("House"), f"{i18n.profile_name(h['profile'], lang)}{colon}{chosen}{h['summary']}")
    lines += _wrapped(_("Link"), data["url"])
    if data["positions"]:
        lines += ["", _("Positions")]
        for p in data["positions"]:
            names = comma.join(i18n.profile_name(name, lang) for name in p["profiles"])
            who = _(" (%(rulings)s)") % {"rulings": names} if names else ""
            text = f"{_position(p['id'], lang)}{who}{colon}{p['summary']}"
            lines += _wrap(text, "  ", "    ")
    lines += ["", *_reflowed(data["body"])]
    if data["citations"]:
        lines += ["", _("Citations")]
        for c in data["citations"]:
            on = f" [{c['position']}]" if c["position"] else ""
            lines.append(f"  {c['source']}, {c['locator']}{on}: {c['title']}")
    if data["related"]:
        lines += ["", _("Related rulings")]
        lines += [f"  {r['id']}  {r['title']}  {r['url']}" for r in data["related"]]
    return "\n".join(fit_lines(lines))
