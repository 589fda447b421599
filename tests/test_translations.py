"""Every message mjref marks for translation has its Chinese in the catalogue, the gettext way.

The command line's and the site's labels are found by Babel's extractor (``_``, ``n_``, ``p_``); the
error messages and the reasons of the audit are the English templates of :class:`scorer.errors.MjrefError`
and :class:`scorer.errors.Message` (first argument, or a ``message = "…"`` written just before), found in the
source's syntax tree; the items of Babcock's score sheet are their names (context ``babcock``); the tile
keyboard's texts are :data:`web.tiles.KEYBOARD_TEXTS`. A template written as an f-string cannot be
translated, so none is allowed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from kb import i18n
from kb.load import load_corpus
from kb.model import AUTHORITIES, STATUSES
from kb.text import VERDICTS
from scorer.babcock.sheet import DOUBLES, LIMITS, POINTS
from scorer.babcock.table import SEAT_NAMES
from scorer.errors import InvalidHand, Message, MjrefError
from scorer.profiles import builtin_names, load_profile
from web.tiles import KEYBOARD_TEXTS, SET_LABELS

ROOT = Path(__file__).resolve().parent.parent
# Modules whose labels go through _() / n_() / p_() (Babel's extractor reads them).
LABELLED = (
    "kb/text.py",
    "kb/babcock_text.py",
    "kb/sheet_text.py",
    "kb/waits_text.py",
    *(str(p.relative_to(ROOT)) for p in sorted((ROOT / "mjref").glob("*.py"))),
    "kb/i18n.py",
    "web/tiles.py",
    "web/markup.py",
    "web/breakdown.py",
    "web/worked_examples.py",
    "web/ruling_lists.py",
    "web/score.py",
    "web/export/offline.py",
)
# Modules whose errors and reasons are templates with params (read from the syntax tree).
TEMPLATED = sorted(
    [
        *(ROOT / "scorer").rglob("*.py"),
        *(
            ROOT / p
            for p in (
                "kb/audit.py",
                "kb/claim_needs.py",
                "kb/claims.py",
                "kb/lookup.py",
                "web/reference.py",
                "web/ruling_page.py",
                "web/score.py",
                "web/score_answer.py",
                "web/score_checks.py",
                "web/sheet_form.py",
                "web/table.py",
                "web/table_settle.py",
                "web/waits_page.py",
            )
        ),
    ]
)
MAKERS = {
    "Message",
    "MjrefError",
    "NotationError",
    "InvalidHand",
    "NotWinning",
    "ProfileError",
    "ClaimError",
    "LookupFailed",
    "_fail",
    "N_",
}
HOLE = re.compile(r"%\((\w+)\)s")


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _is_message(node: ast.Assign) -> bool:
    """``message = "…"``: a template written on the line before the error that takes it."""
    named = any(isinstance(t, ast.Name) and t.id == "message" for t in node.targets)
    return named and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def templates(path: Path) -> tuple[set[str], list[str]]:
    """The message templates of one module, and the places where a template is an f-string or a sum."""
    found: set[str] = set()
    bad: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and _called(node) in MAKERS and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
            elif isinstance(first, ast.JoinedStr | ast.BinOp):
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
        elif isinstance(node, ast.Assign) and _is_message(node):
            found.add(node.value.value)  # type: ignore[attr-defined]
    return found, bad


def marked() -> set[tuple[str | tuple[str, ...], str | None]]:
    """Every (message id, context) mjref marks for translation outside the templates of the site."""
    used: set[tuple[str | tuple[str, ...], str | None]] = {(v, None) for v in VERDICTS}
    keywords = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2), "translate": (2,)}
    for module in LABELLED:
        for _, message, _, context in extract_from_file("python", ROOT / module, keywords):
            used.add((message, context))
    for path in TEMPLATED:
        used |= {(t, None) for t in templates(path)[0]}
    used |= {(item.name, "babcock") for table in (POINTS, DOUBLES, LIMITS) for item in table.values()}
    used |= {(name, None) for name in SEAT_NAMES.values()}
    used |= {(status, None) for status in STATUSES}  # the site labels a ruling's status with tr(status)
    used |= {(text, None) for text in (*KEYBOARD_TEXTS.values(), *SET_LABELS.values())}
    return used | named_data()


def named_data() -> set[tuple[str | tuple[str, ...], str | None]]:
    """What a Chinese page names from the data in the catalogue's words (issue 37): each built-in profile by its
    name (context ``profile``) and its title, each position of a disputed ruling (context ``position``), each
    source's authority and language."""
    profiles = [load_profile(name) for name in builtin_names()]
    used: set[tuple[str | tuple[str, ...], str | None]] = {(p.name, "profile") for p in profiles}
    used |= {(p.title, None) for p in profiles}
    corpus = load_corpus()
    used |= {(position.id, "position") for r in corpus.rulings for position in r.positions}
    used |= {(authority, "authority") for authority in AUTHORITIES}
    used |= {(code, "language") for source in corpus.sources.values() for code in source.language.split(", ")}
    return used


def test_the_data_a_chinese_page_names_is_in_the_catalogue() -> None:
    """Every profile, position, authority and language the pages name has its entry: a new position without its
    Chinese label fails here, before a Chinese page shows its id."""
    found = named_data()
    assert len({m for m, c in found if c == "position"}) >= 35 and len({m for m, c in found if c == "profile"}) == 5
    catalog = i18n.catalog("zh")
    missing = sorted((str(m), c or "") for m, c in found if not (e := catalog.get(m, context=c)) or not e.string)
    assert missing == []
    assert i18n.position_name("exclude-both", "zh") == "连六、老少副都不计"  # the catalogue's, as a page shows it
    assert i18n.profile_name("chinese-practice", "zh") == "国内通行做法"
    assert i18n.profile_name("our-club", "zh") == "our-club"  # a club's own name stays as its file gives it


def test_the_labels_drawn_in_python_are_found_where_they_are_written() -> None:
    """The HTML the templates used to write and Python now draws (web/breakdown.py, web/worked_examples.py,
    web/ruling_lists.py) keeps its messages where Babel's extractor finds them: a message translated inside an
    f-string's braces is not found (Python 3.11), and would then go unchecked."""
    found = marked()
    drawn = {
        ("not met", None),
        ("Double", None),
        ("No double.", None),
        ("reached", None),
        ("The hand can also be read as", None),
        (
            "The same total, %(total)s points. Either reading is right; a claim follows one of them whole, never a mix",
            None,
        ),
        (("including %(num)s flower", "including %(num)s flowers"), None),
        ("%(points)s points", "babcock"),
        ("not verified by the scorer: %(status)s", None),
        ("when %(fan)s", None),
        ("under %(profiles)s", None),
        ("not under %(profile)s", None),
        ('as quoted by <a href="%(url)s">%(source)s</a>', None),
        ("winning tile", None),
    }
    assert drawn - found == set()


def test_no_error_or_reason_is_an_f_string() -> None:
    bad = [place for path in TEMPLATED for place in templates(path)[1]]
    assert bad == [], f"write the template with %(name)s holes and pass the params: {bad}"


def test_every_marked_message_has_its_chinese() -> None:
    catalog = i18n.catalog("zh")
    used = marked()
    assert len(used) > 250
    missing, untranslated, holes_differ = [], [], []
    for message, context in sorted(used, key=str):
        ids = message if isinstance(message, tuple) else (message,)
        entry = catalog.get(ids[0], context=context)
        if entry is None:
            missing.append(message)
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(strings):
            untranslated.append(message)
        holes = {h for m in ids for h in HOLE.findall(m)}
        if any(set(HOLE.findall(s)) != holes for s in strings):
            holes_differ.append(message)
    assert missing == [], f"{len(missing)} not in the catalogue"
    assert untranslated == []
    assert holes_differ == [], "a translation must fill the same %(name)s holes"


def test_an_error_keeps_its_english_text_and_says_it_in_chinese() -> None:
    e = InvalidHand("%(n)s copies of %(tile)s: a set has only four", code="five-copies", n=5, tile="1m")
    assert str(e) == "5 copies of 1m: a set has only four" and e.code == "five-copies"
    assert i18n.localize(e, "en") == str(e)
    assert i18n.localize(e, "zh") == "1m 有 5 张：一种牌只有四张"
    nested = MjrefError("%(seat)s: %(error)s", seat=Message("South"), error=e)
    assert str(nested) == "South: 5 copies of 1m: a set has only four"
    assert i18n.localize(nested, "zh") == "南：1m 有 5 张：一种牌只有四张"


def test_a_message_the_catalogue_lacks_stays_english() -> None:
    assert i18n.localize(MjrefError("no such message %(x)s", x=1), "zh") == "no such message 1"
    assert i18n.localize(MjrefError("100% sure"), "zh") == "100% sure"  # no params: no % formatting


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("123m456p789s1122z", ["牌数不对", "13 张"]),
        ("11111m456p789s111z", ["1m 有 5 张"]),
        ("123m456p789s1177zx", ["手牌第 18 个字符", "'x'"]),
        ("123m456p789s111z5m|EW10", ["和牌情况", "|EW1000"]),
        ("123m456p789s99m135z", ["不是和牌"]),
    ],
)
def test_every_bad_hand_is_said_in_chinese(hand: str, words: list[str]) -> None:
    from scorer import score

    with pytest.raises(MjrefError) as caught:
        score(hand)
    text = i18n.localize(caught.value, "zh")
    assert re.search(r"[\u4e00-\u9fff]", text), text
    assert all(w in text for w in words), text
    assert "\n" not in text
