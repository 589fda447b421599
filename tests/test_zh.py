"""中文: the Chinese texts of the rulings (checked at build, stored in kb.db), lookup in Chinese, and the
command line's --lang zh with its message catalogue."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

import kb.validate
from kb import i18n
from kb.build import build
from kb.glossary import GLOSSARY_FILE, load_glossary
from kb.load import RULINGS_DIR, body_references, load_corpus
from kb.lookup import lookup
from kb.model import Problem, Ruling
from kb.ruling_files import ruling_paths
from kb.text import VERDICTS
from kb.validate import validate
from scorer.mcr.table import FANS

from .kb_support import copy_rulings, run
from .site_support import Site

EXAMPLE = "[123m,1][EEE,2]456p789s5s5s|EW1000"  # Mixed Straight, Prevalent Wind, Single Wait, Self-Drawn
ZH_BLOCK = re.compile(r"^zh:\n(?:[ \t]+.*\n)*", re.M)


def set_zh(path: Path, block: str | None) -> int:
    """Replace the ruling's ``zh:`` mapping by ``block`` (YAML lines, or None for none); the line it starts on."""
    text = ZH_BLOCK.sub("", path.read_text(encoding="utf-8"))
    if block is not None:
        at = text.index("\nruleset:") + 1
        text = text[:at] + block + text[at:]
    path.write_text(text, encoding="utf-8")
    return text[: text.index("zh:\n")].count("\n") + 1 if block is not None else 0


def zh(title: str = "和牌后谁付多少", question: str = "和牌后谁付多少？", answer: str = "点和者付全部。") -> str:
    return f'zh:\n  title: "{title}"\n  question: "{question}"\n  answer: "{answer}"\n'


def checked(root: Path) -> tuple[list[str], list[str]]:
    v = validate(load_corpus(root), examples=False)
    return [str(p) for p in v.problems], [str(p) for p in v.warnings]


def about(lines: list[str], path: str) -> list[str]:
    return [line for line in lines if path in line]


@pytest.fixture
def rulings(tmp_path: Path) -> Path:
    return copy_rulings(tmp_path)


# ---- the format checks ----------------------------------------------------------------------------------


def test_good_chinese_texts_pass(rulings: Path) -> None:
    set_zh(rulings / "mcr" / "payments.md", zh())
    problems, warnings = checked(rulings)
    assert about(problems, "payments.md") == []
    assert about(warnings, "mcr/payments.md") == []


def test_missing_chinese_is_a_warning_until_required(rulings: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    set_zh(rulings / "mcr" / "payments.md", None)
    problems, warnings = checked(rulings)
    assert about(problems, "payments.md") == []
    [warning] = about(warnings, "mcr/payments.md")
    assert "missing Chinese: zh.title, zh.question, zh.answer" in warning
    monkeypatch.setattr(kb.validate, "REQUIRE_ZH", True)
    problems, warnings = checked(rulings)
    assert about(problems, "mcr/payments.md") == [warning]
    assert about(warnings, "mcr/payments.md") == []


def test_a_missing_key_and_an_unknown_one(rulings: Path) -> None:
    path = rulings / "mcr" / "payments.md"
    line = set_zh(path, 'zh:\n  title: "和牌后谁付多少"\n  answr: "点和者付全部。"\n')
    problems, warnings = checked(rulings)
    assert any(f"payments.md:{line + 2}: zh.answr: unknown field" in p for p in problems), problems
    assert any("missing Chinese: zh.question, zh.answer" in w for w in about(warnings, "mcr/payments.md"))


@pytest.mark.parametrize(
    ("fields", "message", "offset"),
    [
        ({"title": "Payments"}, "zh.title: not Chinese (0% CJK characters)", 1),
        ({"question": "Who pays what after a win, and how much?"}, "zh.question: not Chinese", 2),
        ({"question": "和牌后谁付多少"}, "zh.question: a Chinese question ends with '？'", 2),
        (
            {"answer": "点和者付全部。" * 30},
            "zh.answer: 210 characters; keep it to one or two sentences (at most 200)",
            3,
        ),
        ({"answer": "点和者付。其他人不付。庄家不加倍。"}, "zh.answer: 3 sentences", 3),
        ({"answer": "自摸胡时三家都付。"}, "zh.answer: '胡' is not the standard term: write '和'", 3),
        ({"answer": "碰碰胡由点和者付全部。"}, "zh.answer: '碰碰胡' is not the standard term: write '碰碰和'", 3),
        ({"answer": "嵌张由点和者付全部。"}, "zh.answer: '嵌张' is not the standard term: write '坎张'", 3),
        ({"answer": "「单钓」由点和者付全部。"}, "zh.answer: 「单钓」: write the fan table's name 「单钓将」", 3),
        ({"title": "谁付 Payments and who pays them"}, "zh.title: not Chinese", 1),
    ],
)
def test_a_bad_chinese_text_is_a_problem_at_its_line(rulings: Path, fields: dict, message: str, offset: int) -> None:
    texts = {"title": "和牌后谁付多少", "question": "和牌后谁付多少？", "answer": "点和者付全部。", **fields}
    line = set_zh(rulings / "mcr" / "payments.md", zh(**texts))
    problems, _ = checked(rulings)
    found = about(problems, "mcr/payments.md")
    assert any(f"payments.md:{line + offset}: {message}" in p for p in found), found


def test_a_variant_in_backquotes_or_in_a_locator_is_not_checked(rulings: Path) -> None:
    set_zh(rulings / "mcr" / "payments.md", zh(answer="`碰碰胡` 由点和者付全部。"))
    (rulings / "zh" / "payments.md").write_text("点和者付全部 [@CNHandbook, 嵌张]。\n", encoding="utf-8")
    problems, _ = checked(rulings)
    assert about(problems, "payments.md") == []


def test_a_fan_ruling_is_titled_by_the_fan_tables_chinese_name(rulings: Path) -> None:
    path = rulings / "fans" / "fan-tile-hog.md"
    line = set_zh(path, zh(title="四张归一", question="四归一是什么？", answer="四张相同的牌不作杠。"))
    problems, _ = checked(rulings)
    assert f"{path.name}:{line + 1}: zh.title: the fan is called '四归一' in the fan table" in " ".join(problems)


def test_summary_zh_is_read_and_checked(rulings: Path) -> None:
    path = rulings / "mcr" / "seven-pairs-tile-hog.md"
    text = re.sub(r"^    summary_zh: .*\n", "", path.read_text(encoding="utf-8"), flags=re.M)
    at = text.index("  - id: no-tile-hog\n") + len("  - id: no-tile-hog\n")
    path.write_text(text[:at] + '    summary_zh: "Not Chinese at all"\n' + text[at:], encoding="utf-8")
    problems, warnings = checked(rulings)
    assert any("seven-pairs-tile-hog.md" in p and "positions[0].summary_zh: not Chinese" in p for p in problems)
    assert any("seven-pairs-tile-hog.md" in w and "positions[1].summary_zh" in w for w in warnings), warnings
    ruling = next(r for r in load_corpus(rulings).rulings if r.id == "seven-pairs-tile-hog")
    assert [p.summary_zh for p in ruling.positions] == ["Not Chinese at all", ""]


def test_chinese_bodies_are_not_rulings_and_an_orphan_is_a_problem(rulings: Path) -> None:
    (rulings / "zh" / "no-such-ruling.md").write_text("没有这个裁定。\n", encoding="utf-8")
    paths = ruling_paths(rulings, [])
    assert not any(p.parent.name == "zh" for p in paths)
    problems, _ = checked(rulings)
    assert any(
        p.endswith("zh/no-such-ruling.md:1: Chinese body of no ruling: there is no ruling 'no-such-ruling'")
        for p in problems
    ), problems


def test_a_chinese_body_has_its_citations_and_links_checked(rulings: Path) -> None:
    body = "点和者付全部 [@GB2006, §9.1]。\n\n见 [[payments]]。\n\n未知 [@Nope, p.1]，\n坏的 [[no-such-ruling]]。\n"
    (rulings / "zh" / "payments.md").write_text(body, encoding="utf-8")
    problems = about(checked(rulings)[0], "zh/payments.md")
    assert any(":5: unknown source 'Nope'" in p for p in problems), problems
    assert any(":6: link to unknown ruling 'no-such-ruling'" in p for p in problems), problems
    (rulings / "zh" / "payments.md").write_text("点和者付全部 [@GB2006, nowhere at all]。\n", encoding="utf-8")
    problems = about(checked(rulings)[0], "zh/payments.md")
    assert len(problems) == 1 and ":1: " in problems[0] and "GB2006" in problems[0], problems


def test_a_chinese_body_with_front_matter_or_in_english_is_refused(rulings: Path) -> None:
    (rulings / "zh" / "payments.md").write_text("---\ntitle: x\n---\n正文。\n", encoding="utf-8")
    assert any("zh/payments.md:1: a Chinese body has no front matter" in p for p in checked(rulings)[0])
    (rulings / "zh" / "payments.md").write_text("The winner collects.\n\nEveryone pays.\n", encoding="utf-8")
    assert any("zh/payments.md:1: not Chinese" in p for p in checked(rulings)[0])


def test_the_glossary_follows_the_fan_table_and_the_rules() -> None:
    problems: list[Problem] = []
    glossary = load_glossary(RULINGS_DIR, problems)
    assert problems == []
    fans = {t.fan: t.term for t in glossary.terms if t.fan is not None}
    assert fans == {n: info.name_zh for n, info in FANS.items()}
    terms = {t.term for t in glossary.terms}
    assert {"和", "计", "明刻", "暗刻", "庄家", "听牌", "单钓将", "边张", "坎张", "明暗杠"} <= terms
    principles = ["不重复原则", "不拆移原则", "不得相同的原则", "就高不就低原则", "套算一次原则"]
    assert set(principles) <= terms  # the names of CMCR 1998 article 10 一(五), as the rules write them
    assert {v for t in glossary.terms for v in t.avoid} >= {"胡", "嵌张", "单吊", "碰碰胡", "槓"}


def test_a_bad_glossary_is_reported_with_its_lines(rulings: Path) -> None:
    path = rulings / GLOSSARY_FILE
    text = path.read_text(encoding="utf-8").replace("{fan: 64, term: 四归一}", "{fan: 64, term: 四归壹}")
    path.write_text(text + "  - {term: 坎张, avoid: [坎]}\n", encoding="utf-8")
    problems: list[Problem] = []
    load_glossary(rulings, problems)
    shown = [str(p) for p in problems]
    assert any("四归壹: fan 64 is '四归一' in the fan table" in p for p in shown), shown
    assert any("坎张: listed twice" in p for p in shown), shown
    assert any("avoid '坎': it is part of the standard '坎张'" in p for p in shown), shown


def test_the_house_terms_of_the_wait_and_the_tiles(rulings: Path) -> None:
    """和张 (not 和牌张), 听牌番种 (not 和牌张番种), 序数牌: the bare 数牌 is found by a pattern that leaves
    序数牌, and the odd and even tiles 单数牌 / 双数牌, alone."""
    problems: list[Problem] = []
    glossary = load_glossary(RULINGS_DIR, problems)
    assert problems == []
    found = glossary.avoided("和牌张番种与和牌张；序数牌与字牌；三种数牌；顺子总含一张单数牌，双数牌")
    assert [(v, t.term) for _, v, t in found] == [("和牌张番种", "听牌番种"), ("和牌张", "和张"), ("数牌", "序数牌")]
    set_zh(rulings / "mcr" / "payments.md", zh(answer="点和者付全部，和牌张不论是哪一种数牌。"))
    problems_, _ = checked(rulings)
    found_ = about(problems_, "mcr/payments.md")
    assert any("'和牌张' is not the standard term: write '和张'" in p for p in found_), found_
    assert any("'数牌' is not the standard term: write '序数牌'" in p for p in found_), found_


def test_a_glossary_pattern_is_checked(rulings: Path) -> None:
    path = rulings / GLOSSARY_FILE
    path.write_text(path.read_text(encoding="utf-8") + '  - {term: 字牌, avoid: ["re:(?<!序数牌"]}\n', encoding="utf-8")
    problems: list[Problem] = []
    load_glossary(rulings, problems)
    assert any("字牌: avoid 're:(?<!序数牌': not a regular expression" in str(p) for p in problems), problems


# ---- kb.db -------------------------------------------------------------------------------------------------


def test_kb_db_has_the_chinese_columns_and_index(rulings: Path, tmp_path: Path) -> None:
    set_zh(rulings / "mcr" / "payments.md", zh(answer="点和者独付全部番数，称为独付之例。"))
    (rulings / "zh" / "payments.md").write_text("点和者付全部 [@GB2006, §9.1]，见 [[eight-point-minimum]]。\n")
    out = tmp_path / "kb.db"
    build(out, rulings)
    conn = sqlite3.connect(out)
    columns = {row[1] for row in conn.execute("PRAGMA table_info(rulings)")}
    assert {"title_zh", "question_zh", "answer_zh", "body_zh_html", "body_zh_text"} <= columns
    assert "summary_zh" in {row[1] for row in conn.execute("PRAGMA table_info(positions)")}
    row = conn.execute("SELECT title_zh, answer_zh, body_zh_html, body_zh_text FROM rulings WHERE id = 'payments'")
    title, answer, html, text = row.fetchone()
    assert (title, answer) == ("和牌后谁付多少", "点和者独付全部番数，称为独付之例。")
    assert 'href="/zh/rulings/eight-point-minimum"' in html and 'href="/zh/sources/GB2006"' in html
    assert text.startswith("点和者付全部 GB2006, §9.1")
    found = conn.execute("SELECT id FROM rulings_cjk WHERE text MATCH ?", ('"独付之例"',)).fetchall()
    assert found == [("payments",)]


def test_the_project_kb_db_holds_the_written_chinese(rulings: Path, tmp_path: Path) -> None:
    db = tmp_path / "kb.db"
    build(db, rulings)  # a copy: the project's rulings may change while the tests run
    conn = sqlite3.connect(db)
    corpus = load_corpus(rulings)
    written = {r.id: r.zh["title"] for r in corpus.rulings if "title" in r.zh}
    stored = dict(conn.execute("SELECT id, title_zh FROM rulings WHERE title_zh IS NOT NULL").fetchall())
    assert stored == written
    summaries = {(r.id, p.id): p.summary_zh for r in corpus.rulings for p in r.positions if p.summary_zh}
    rows = conn.execute("SELECT ruling_id, id, summary_zh FROM positions WHERE summary_zh IS NOT NULL")
    assert {(r, p): s for r, p, s in rows} == summaries


# ---- lookup in Chinese -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "ruling"),
    [
        ("绝张", "fan-last-tile"),
        ("抢杠", "fan-robbing-the-kong"),
        ("杠开", "fan-out-with-replacement-tile"),
        ("海底", "fan-last-tile-claim"),
        ("妙手", "fan-last-tile-draw"),
        ("门清", "fan-concealed-hand"),
        ("碰碰胡", "fan-all-pungs"),
        ("嵌张", "fan-closed-wait"),
        ("单钓", "fan-single-wait"),
    ],
)
def test_short_chinese_names_find_their_fan(db: Path, query: str, ruling: str) -> None:
    assert lookup(query, db, limit=1)[0].id == ruling
    result = run("lookup", query, "--db", str(db), "--limit", "1")
    assert result.exit_code == 0 and f"[{ruling}]" in result.stdout


def test_a_short_chinese_word_no_fan_is_called_is_still_found(db: Path) -> None:
    # 连庄 (the dealer keeps the deal) is two characters: no trigram holds it, the scan of the Chinese texts does.
    conn = sqlite3.connect(db)
    having = {r for (r,) in conn.execute("SELECT id FROM rulings WHERE instr(cjk, '连庄') > 0")}
    if not having:
        pytest.skip("no Chinese text says 连庄 yet")
    assert {h.id for h in lookup("连庄", db, limit=10)} & having


# ---- --lang zh ----------------------------------------------------------------------------------------------


def test_score_in_chinese() -> None:
    result = run("score", EXAMPLE, "--lang", "zh")
    assert result.exit_code == 0, result.stderr
    for fan in (39, 60, 79, 80):
        assert FANS[fan].name_zh in result.stdout
    assert "Mixed Straight" not in result.stdout
    assert "合计" in result.stdout and "12 番" in result.stdout
    english = run("score", EXAMPLE)
    assert "Mixed Straight" in english.stdout and "花龙" not in english.stdout


def test_score_in_chinese_names_the_excluded_fans() -> None:
    result = run("score", "123m456m789m123p55s|EE1000", "--lang", "zh")
    assert result.exit_code == 0, result.stderr
    assert "清龙" in result.stdout and "不计" in result.stdout


def test_audit_in_chinese() -> None:
    result = run("audit", EXAMPLE, "--claim", "花龙, 圈风刻, 单钓将, 自摸, 幺九刻", "--lang", "zh")
    assert result.exit_code == 1, result.stderr
    out = result.stdout
    assert "花龙" in out and "幺九刻" in out and "所报不正确" in out
    assert "accepted" not in out and "excluded" not in out


def test_compare_in_chinese() -> None:
    result = run("compare", "[CCCC][5555m]123p789pNN", "--profiles", "green-book,chinese-practice", "--lang", "zh")
    assert result.exit_code == 0, result.stderr
    assert "差别" in result.stdout
    assert any(info.name_zh in result.stdout for info in FANS.values())


@pytest.mark.parametrize(
    ("args", "english", "chinese"),
    [
        (["score", "11111m456p789s111z"], "5 copies of 1m: a set has only four", "1m 有 5 张：一种牌只有四张"),
        (
            ["score", "123m456p789s11z55mx"],
            "hand:19: unknown character 'x' (tiles are 1-9 + m/p/s, 1-7z, or E S W N C F P)",
            "手牌第 19 个字符：无法识别的字符 'x'（牌写作 1-9 加 m/p/s、1-7z，或 E S W N C F P）",
        ),
        (
            ["audit", "234m567m234p567p88s", "--claim", "四归壹"],
            "claim: no fan is called '四归壹'",
            "申报：没有叫 '四归壹' 的番种",
        ),
        (["audit", "234m567m234p567p88s"], "give the claim: --claim 'Fan, Fan x2' or --claim-total N", "请给出申报"),
        (
            ["compare", "123m456p789s11z55m", "--profiles", "green-book"],
            "--profiles: name at least two",
            "至少写出两个",
        ),
        (
            ["score", "[SSS,1][NNN,2]123pEEWWE|EE0000+1", "--ruleset", "babcock"],
            "Babcock's game is scored",
            "巴布科克规则不计花牌",
        ),
    ],
)
def test_a_bad_input_is_one_line_in_the_language_asked(args: list[str], english: str, chinese: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: {english}") and result.stderr.count("\n") == 1, result.stderr
    result = run(*args, "--lang", "zh")
    assert result.exit_code == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("错误：") and chinese in line, line


def test_babcock_and_the_table_in_chinese() -> None:
    result = run(
        "score",
        "[SSS,1][NNN,2]123pEEWWE|EE0000",
        "--ruleset",
        "babcock",
        "--profile",
        "babcock-optional",
        "--lang",
        "zh",
    )
    assert result.exit_code == 0, result.stderr
    assert "四风牌" in result.stdout and "由满贯牌取代" in result.stdout and "幺九或字牌的明刻" in result.stdout
    assert not re.search(r"\b(Four Wind Hand|Mah-Jongg|Points|Payments)\b", result.stdout), result.stdout
    hands = ["[8888p,1]234sEEEFFPPF", "[NNN,1]123m456m789m9p", "[222s,3]345m678m567p1s9p", "123p456p567p789s5s"]
    result = run("settle", *hands, "--winner", "E", "--dead", "W", "--lang", "zh")
    assert result.exit_code == 0, result.stderr
    assert "东 (和牌者)" in result.stdout and "西 (死牌)" in result.stdout and "得分 0：死牌不计分" in result.stdout
    assert "East" not in result.stdout and "winner" not in result.stdout
    assert "East (winner)" in run("settle", *hands, "--winner", "E", "--dead", "W").stdout  # English unchanged


def test_lookup_in_chinese_prints_chinese_or_marks_english(rulings: Path, tmp_path: Path) -> None:
    set_zh(rulings / "mcr" / "payments.md", zh())
    set_zh(rulings / "mcr" / "eight-point-minimum.md", None)
    out = tmp_path / "kb.db"
    build(out, rulings)
    result = run("lookup", "和牌后谁付多少", "--db", str(out), "--lang", "zh")
    assert (
        result.exit_code == 0
        and "和牌后谁付多少  [payments]" in result.stdout
        and "/zh/rulings/payments" in result.stdout
    )
    result = run("lookup", "eight point minimum", "--db", str(out), "--lang", "zh", "--limit", "3")
    assert ". The 8-point minimum  [eight-point-minimum]  （暂无中文，以下为英文）" in result.stdout, result.stdout


def test_the_catalogue_translates_every_message_the_command_line_uses() -> None:
    used: set[str | tuple[str, ...]] = set(VERDICTS)
    kb_dir = Path(i18n.__file__).parent
    modules = [kb_dir / "text.py", kb_dir / "ruling_text.py", *sorted((kb_dir.parent / "mjref").glob("*.py"))]
    for module in modules:
        for _, message, _, _ in extract_from_file("python", module, {"_": None, "n_": (1, 2)}):
            used.add(message)
    catalog = i18n.catalog("zh")
    assert len(used) > 50
    for message in used:
        entry = catalog.get(message if isinstance(message, str) else message[0])
        assert entry is not None, f"not in the catalogue: {message!r}"
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings) and not entry.fuzzy, f"untranslated: {message!r}"
        ids = message if isinstance(message, tuple) else (message,)
        holes = {h for m in ids for h in re.findall(r"%\((\w+)\)s", m)}
        assert all(set(re.findall(r"%\((\w+)\)s", s)) == holes for s in strings), message


def test_the_catalogue_is_shared_through_a_gettext_object() -> None:
    t = i18n.translations("zh")
    assert t.gettext("Total") == "合计"
    assert t.ngettext("%(num)s flower", "%(num)s flowers", 3) % {"num": 3} == "3 张花牌"
    assert i18n.translations("en").gettext("Total") == "Total"


def test_every_ruling_of_mjref_has_its_chinese_texts() -> None:
    # A club's own folder may be English alone (a warning); mjref's rulings must lack nothing.
    result = validate(load_corpus(RULINGS_DIR))
    assert result.problems == []
    assert [w for w in result.warnings if "missing Chinese" in str(w)] == []


def test_every_ruling_has_its_chinese_body_citing_and_linking_what_the_english_body_does() -> None:
    """A translation says the same thing from the same passages: each Chinese body keeps the English body's
    citations (source and locator) and its links, none dropped and none added."""

    def references(ruling: Ruling, *, zh: bool) -> tuple[set[tuple[str, str]], set[str]]:
        cites, links = body_references(ruling, zh=zh)
        return {(c.source, " ".join(c.at.split())) for c in cites}, {target for target, _ in links}

    rulings = load_corpus(RULINGS_DIR).rulings
    assert [r.id for r in rulings if not r.body_zh] == []
    differ = {r.id for r in rulings if references(r, zh=True) != references(r, zh=False)}
    assert differ == set()


def test_an_example_note_in_chinese_is_checked_and_shown_on_the_chinese_page(rulings: Path, tmp_path: Path) -> None:
    path = rulings / "mcr" / "payments.md"
    text = path.read_text(encoding="utf-8")
    first_note = re.compile(r'(note: "[^"]*")(?:, note_zh: "[^"]*")?\}')  # the first example's note, in English
    assert first_note.search(text)
    path.write_text(first_note.sub(r'\1, note_zh: "Self-drawn: 8 + 12 = 20 each"}', text, count=1), "utf-8")
    problems, _ = checked(rulings)
    assert any("payments.md" in p and "examples[0].note_zh: not Chinese" in p for p in problems), problems
    chinese = "花龙 8 + 圈风刻 2 + 单钓将 1 + 自摸 1 = 12。自摸和：三家各付 8 + 12 = 20，和牌者共得 60。"
    path.write_text(first_note.sub(lambda m: f'{m.group(1)}, note_zh: "{chinese}"}}', text, count=1), "utf-8")
    assert checked(rulings)[0] == []
    build(tmp_path / "kb.db", rulings)
    site = Site(tmp_path / "kb.db")
    try:
        zh_page, en_page = site.get("/zh/rulings/payments").text, site.get("/rulings/payments").text
        zh_json = site.json("/zh/rulings/payments.json")["examples"][0]
    finally:
        site.close()
    assert chinese in zh_page and chinese not in en_page and "the winner receives 60." in en_page
    assert zh_json["note"] == chinese


def test_the_situation_line_names_the_winds_in_chinese() -> None:
    """The Chinese report named the winds by their English letters ("圈风 E, 门风 W", with an ASCII comma)."""
    from kb.text import format_score
    from scorer import score

    text = format_score(score("[234m,1]567p345s678s9m9m|SW1000+2"), "zh")
    line = next(x for x in text.splitlines() if x.startswith("和牌情况"))
    assert line.split(None, 1)[1] == "圈风 南，门风 西，自摸和，2 张花牌"
    english = format_score(score("[234m,1]567p345s678s9m9m|SW1000+2"))
    assert "prevalent wind S, seat wind W, self-drawn, 2 flowers" in english
