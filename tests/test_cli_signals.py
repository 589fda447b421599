"""The command line under Ctrl-C, on a full disk, and with numbers in other scripts' digits (issue 31).

- Ctrl-C is one line, ``interrupted by SIGINT``, and exit status 130, in every command and from the first
  moment: while ``mjref.main`` imports the commands' modules (before click starts), while click reads the
  arguments, and while a command works (never click's ``Aborted!`` and status 1, never a traceback).
- Output that cannot be written (``> /dev/full``) is one line on stderr and exit status 74, not a traceback.
- An integer option reads ASCII digits only, as the notation does: ``--flowers ٣`` or ``３`` is an error, not 3.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import mjref.knowledge
import mjref.scoring
from mjref.main import cli

ROOT = Path(__file__).resolve().parent.parent
HAND = "[123m,1][EEE,2]456p789s5s5s|EW1000"
LOSERS = ["[NNN,1]123m456m789m9p", "[222s,3]345m678m567p1s", "123p456p567p789s5s"]
COMMANDS = {
    "score": ["score", HAND],
    "settle": ["settle", "[8888p,1]234sEEEFFPPF", *LOSERS, "--winner", "E"],
    "audit": ["audit", HAND, "--claim", "Mixed Straight"],
    "compare": ["compare", HAND],
    "build": ["build", "--out", "{tmp}/kb.db"],
    "lookup": ["lookup", "tile hog", "--db", "{tmp}/kb.db"],
    "audit-log": ["audit-log", str(ROOT / "tests" / "fixtures" / "audit_log_one_hand.jsonl")],
    "serve": ["serve", "--port", "1", "--workers", "1"],
    "export": ["export", "{tmp}/site"],
}
INTERRUPTED = "interrupted by SIGINT"

# A child that sends itself SIGINT when the module named on its command line is first imported, then runs mjref
# as the console script does: the interrupt lands while mjref.main imports what the commands need.
INTERRUPT_ON_IMPORT = """
import os, signal, sys
target = sys.argv.pop(1)
class Interrupt:
    def find_spec(self, name, path=None, target_=None):
        if name == target:
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Interrupt())
sys.argv[0] = "mjref"
from mjref.main import main
main()
"""


def _args(name: str, tmp_path: Path) -> list[str]:
    return [a.replace("{tmp}", str(tmp_path)) for a in COMMANDS[name]]


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("module", ["click", "yaml", "kb.audit"])
def test_ctrl_c_while_the_commands_load_is_one_line_and_130(name: str, module: str, tmp_path: Path) -> None:
    command = [sys.executable, "-c", INTERRUPT_ON_IMPORT, module, *_args(name, tmp_path)]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, timeout=120)
    stderr = done.stderr.decode()
    assert done.returncode == 130, stderr
    assert stderr.split() == [*INTERRUPTED.split()] and "Traceback" not in stderr


@pytest.mark.parametrize(
    ("name", "where", "function"),
    [
        ("score", mjref.scoring, "score_hand"),
        ("settle", mjref.scoring, "settle_table"),
        ("audit", mjref.scoring, "audit"),
        ("compare", mjref.scoring, "compare"),
        ("build", mjref.knowledge, "build"),
        ("lookup", mjref.knowledge, "lookup"),
    ],
)
def test_ctrl_c_while_a_command_works_is_one_line_and_130(
    name: str, where: object, function: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(where, function, interrupted)
    if name == "lookup":
        (tmp_path / "kb.db").touch()  # found, so that the lookup is asked
    result = CliRunner().invoke(cli, _args(name, tmp_path))
    assert result.exit_code == 130, result.output
    assert result.stderr.split() == INTERRUPTED.split()  # not click's "Aborted!" (status 1)


# A child that sends itself a real SIGINT in the middle of a build, as the tenth ruling is rendered.
INTERRUPT_A_BUILD = """
import os, signal, sys
import kb.build
render, calls = kb.build.render, []
def rendering(*args, **kwargs):
    calls.append(1)
    if len(calls) == 10:
        os.kill(os.getpid(), signal.SIGINT)
    return render(*args, **kwargs)
kb.build.render = rendering
sys.argv[0] = "mjref"
from mjref.main import main
main()
"""


def test_ctrl_c_in_a_real_build_is_one_line_and_130(tmp_path: Path) -> None:
    command = [sys.executable, "-c", INTERRUPT_A_BUILD, *_args("build", tmp_path)]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, timeout=120)
    assert done.returncode == 130, done.stderr.decode()
    assert done.stderr.decode().split() == INTERRUPTED.split()
    assert list(tmp_path.iterdir()) == []  # and the interrupted build left nothing


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="/dev/full is Linux's full disk")
@pytest.mark.parametrize(
    "args",
    [
        ["score", HAND],
        ["score", HAND, "--json"],
        ["score", HAND, "--lang", "zh"],
        COMMANDS["settle"],
        COMMANDS["audit"],
        COMMANDS["compare"],
        ["--help"],
        ["--version"],
        ["score", "--help"],
    ],
)
def test_output_to_a_full_disk_is_one_error_line(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "mjref", *args], stdout=full, stderr=subprocess.PIPE, timeout=60)
    stderr = done.stderr.decode()
    assert done.returncode == 74, stderr  # not 1, mjref audit's "the claim is not right"
    lines = stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr
    assert lines[0] in (
        "error: cannot write the output: No space left on device",
        "错误：无法写出输出：No space left on device",
    )


def _integer_parameters() -> list[tuple[str, click.Parameter]]:
    found = []
    for name, command in sorted(cli.commands.items()):
        found += [(name, p) for p in command.params if isinstance(p.type, click.types.IntParamType)]
    return found


INTEGERS = _integer_parameters()


def test_every_integer_option_is_found() -> None:
    names = {(command, p.name) for command, p in INTEGERS}
    assert {("score", "flowers"), ("audit", "claim_total"), ("lookup", "limit"), ("serve", "port")} <= names
    assert ("audit-log", "jobs") in names and ("serve", "workers") in names


@pytest.mark.parametrize(("command", "param"), INTEGERS, ids=[f"{c}-{p.name}" for c, p in INTEGERS])
def test_an_integer_option_reads_ascii_digits_only(command: str, param: click.Parameter) -> None:
    ctx = click.Context(cli.commands[command])
    assert param.type.convert("3", param, ctx) == 3
    for digits in (
        "٣",
        "３",
        "३",
        "𝟑",
        "1٣",
        "³",
    ):  # Arabic-Indic, fullwidth, Devanagari, math bold, mixed, superscript
        with pytest.raises(click.BadParameter, match="not a whole number written in the digits 0-9"):
            param.type.convert(digits, param, ctx)


@pytest.mark.parametrize(
    "args",
    [
        ["score", HAND, "--flowers", "٣"],
        ["score", HAND, "--flowers", "３"],
        ["audit", HAND, "--claim-total", "١٢"],
        ["lookup", "tile hog", "--limit", "２"],
    ],
)
def test_other_digits_are_one_error_line(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: Invalid value for '--") and len(result.stderr.splitlines()) == 1


def test_a_report_on_the_standard_output_piped_into_head_ends_quietly(tmp_path: Path) -> None:
    # `mjref audit-log … --format jsonl | head` printed "error: cannot write the report: Broken pipe".
    event = tmp_path / "event.jsonl"
    event.write_text('{"hand": "123m456m789m11p234s", "claim_total": 20}\n' * 2000)
    command = [sys.executable, "-m", "mjref", "audit-log", str(event), "--format", "jsonl", "--jobs", "1"]
    mjref = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert mjref.stdout is not None and mjref.stderr is not None
    first = mjref.stdout.readline()
    mjref.stdout.close()  # what head does once it has its lines
    assert mjref.wait(timeout=120) != 0 and first.startswith(b'{"mjref_report": 1')
    assert mjref.stderr.read() == b""
