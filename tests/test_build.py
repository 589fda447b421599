"""The build's one decision, whether to compile the scorer (``build_hooks/mjref_build.py``), and the list of
modules ``setup.py`` compiles. The compiled wheel itself is built and tested by ``.ci/wheel-check``."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What a caller touches stays Python: compiled code would answer an ill-typed argument with a TypeError.
ENTRY_MODULES = {"__init__.py", "notation.py", "validate.py", "hand.py", "errors.py", "result.py"}


def _backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mjref_build", ROOT / "build_hooks" / "mjref_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compiled_list() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("setup.py has no COMPILED list")


@pytest.mark.parametrize(
    ("value", "expected"), [("", None), ("auto", None), ("1", True), ("yes", True), ("0", False), ("off", False)]
)
def test_mjref_compile_values(monkeypatch: pytest.MonkeyPatch, value: str, expected: bool | None) -> None:
    monkeypatch.setenv("MJREF_COMPILE", value)
    assert _backend().compile_requested() is expected


def test_a_wrong_mjref_compile_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MJREF_COMPILE", "maybe")
    with pytest.raises(SystemExit, match="MJREF_COMPILE"):
        _backend().compile_requested()


@pytest.mark.parametrize("value", ["", "0", "1"])
def test_editable_installs_and_sdists_never_compile(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("MJREF_COMPILE", value)
    backend = _backend()
    assert not backend.should_compile("editable")
    assert not backend.should_compile("sdist")


def test_a_wheel_compiles_when_asked_and_not_when_told_not_to(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("MJREF_COMPILE", "1")
    assert backend.should_compile("wheel")
    monkeypatch.setenv("MJREF_COMPILE", "0")
    assert not backend.should_compile("wheel")


def test_the_compiled_modules_exist_and_leave_the_entry_points_in_python() -> None:
    compiled = _compiled_list()
    assert compiled, "nothing to compile"
    for path in compiled:
        assert (ROOT / path).is_file(), path
        assert path.startswith("scorer/"), path
        assert Path(path).name not in ENTRY_MODULES or Path(path).parent.name != "scorer", path
    assert "scorer/mcr/score.py" in compiled


def test_the_checkout_holds_no_compiled_module() -> None:
    """A compiled module in the tree would shadow its source in an editable install (build in a temporary
    folder, never in place)."""
    assert not [p for p in (ROOT / "scorer").rglob("*") if p.suffix in (".so", ".pyd")]
