"""The floors of the house: ``scorer`` <- ``kb`` <- ``web`` <- ``mjref`` (the command line). A lower floor never
imports a higher one, not even inside a function: read from every module's syntax tree."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FLOORS = ("scorer", "kb", "web", "mjref")


def imported_packages(path: Path) -> set[str]:
    """The top-level packages a module imports, absolute imports only (a relative one stays in its package)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("floor", FLOORS[:-1])
def test_no_floor_imports_a_higher_one(floor):
    higher = set(FLOORS[FLOORS.index(floor) + 1 :])
    wrong = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) & higher)
        for path in sorted((ROOT / floor).rglob("*.py"))
        if imported_packages(path) & higher
    }
    assert not wrong, f"{floor} imports a higher floor: {wrong}"


def test_the_check_sees_an_upward_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from mjref.main import cli\n    import web.app\n", encoding="utf-8")
    assert imported_packages(module) == {"mjref", "web"}
