"""Messages that say what is wrong (issue 35): the defaults a command shows are the ones it uses, a missing
file is called missing, and the way out named is one that works."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mjref.main import cli

HAND = "234m567m234p567p88s"  # scores 10 under green-book (Tsui, example 3)
# Babcock's settlement example (tests/test_cli_signals.py): East wins.
TABLE = ["[8888p,1]234sEEEFFPPF", "[NNN,1]123m456m789m9p", "[222s,3]345m678m567p1s", "123p456p567p789s5s"]


def run(*args: str):
    return CliRunner().invoke(cli, list(args), prog_name="mjref")


def test_settle_shows_and_uses_babcock_as_its_default_profile():
    help_text = " ".join(run("settle", "--help").output.split())
    assert "[default: babcock]" in help_text and "green-book" not in help_text
    default, named = (
        run("settle", *TABLE, "--winner", "E"),
        run("settle", *TABLE, "--winner", "E", "--profile", "babcock"),
    )
    assert default.exit_code == 0, default.output
    assert default.output == named.output


def test_a_profile_file_that_does_not_exist_is_called_missing(tmp_path: Path):
    for ref in ("missing.yaml", str(tmp_path / "club" / "house.yml"), str(tmp_path / "nothing")):
        result = run("score", HAND, "--profile", ref)
        assert result.exit_code == 2
        assert result.stderr.startswith(f"error: the profile file {ref!r} does not exist"), result.stderr
    unknown = run("score", HAND, "--profile", "no-such-name")  # a name, not a file: the built-in names are the way
    assert unknown.stderr.startswith("error: unknown profile 'no-such-name': use one of babcock")
    chinese = run("score", HAND, "--profile", "missing.yaml", "--lang", "zh")
    assert chinese.stderr.startswith("错误：规则设定文件 'missing.yaml' 不存在：")


def test_a_missing_database_names_the_build_that_writes_it(tmp_path: Path):
    db = tmp_path / "nothere.db"
    for args in (["lookup", "tile hog"], ["show", "payments"]):
        result = run(*args, "--db", str(db))
        assert result.exit_code == 2
        assert f"run 'mjref build --out {db}' first" in result.stderr, result.stderr


def test_mjref_help_names_babcock_and_chinese():
    text = " ".join(run("--help").output.split())
    assert "Babcock" in text and "--lang zh" in text


def test_clicks_own_messages_are_in_chinese_under_lang_zh():
    # They were click's English inside a Chinese line: "错误：Invalid value for '--flowers': 9 is not in the range".
    bad = run("score", "1113m123p123s789s2m", "--lang", "zh", "--flowers", "9")
    assert bad.exit_code == 2
    assert bad.stderr.splitlines() == [
        "错误：'--flowers' 的值无效：9 不在 0<=x<=8 的范围内。（见 'mjref score --help'）"
    ]
    choice = run("score", "1113m123p123s789s2m", "--prevalent", "X", "--lang", "zh")  # --lang is read first
    assert choice.stderr.startswith("错误：'--prevalent' 的值无效：'X' 不是 'e', 's', 'w', 'n' 之一。")
    english = run("score", "1113m123p123s789s2m", "--flowers", "9")  # and English again without --lang zh
    assert english.stderr.startswith("error: Invalid value for '--flowers': 9 is not in the range 0<=x<=8.")


def test_an_unknown_option_is_said_in_chinese_too_in_a_real_process():
    # click finds it while reading the command line, before --lang is read: main() looks for --lang first.
    import subprocess
    import sys

    command = [sys.executable, "-m", "mjref", "score", "1113m123p123s789s2m", "--lang=zh", "--bogus"]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "错误：没有 '--bogus' 这个选项。 （是不是想用：'--kong'？）（见 'mjref score --help'）"
    ]


def test_lookups_errors_are_in_chinese_under_lang_zh(tmp_path: Path):
    # They were English in a Chinese line: "错误：empty query: type a question or a fan name".
    # (The first run in a fresh clone builds build/kb.db and says so first, in Chinese too.)
    empty = run("lookup", "", "--lang", "zh").stderr.splitlines()
    assert empty[-1] == "错误：查询为空：请输入一个问题或番种名" and all("building" not in x for x in empty)
    long = run("lookup", "x" * 400, "--lang", "zh").stderr
    assert long.startswith("错误：查询太长：400 个字符（最多 300 个）")
    not_a_db = tmp_path / "kb.db"
    not_a_db.write_text("not a database\n")
    assert run("lookup", "kong", "--db", str(not_a_db), "--lang", "zh").stderr.splitlines() == [
        f"错误：{not_a_db} 不是 SQLite 数据库"
    ]
