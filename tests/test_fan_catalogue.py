"""The fan catalogue: the table (``scorer/mcr/fans.csv``), the detectors (``scorer/mcr/fans/``) and the
definition rulings (``rulings/fans/fan-<key>.md``) checked against each other."""

from __future__ import annotations

import inspect

import pytest

from kb.load import RULINGS_DIR, load_corpus
from scorer.mcr import fans as fans_package
from scorer.mcr.fans import DETECTORS, FAMILIES, fan
from scorer.mcr.positions import DISPUTED, UnknownPosition
from scorer.mcr.table import EXCLUSIONS, FANS, ExclusionRule, TableError, _load_exclusions
from scorer.profiles import load_profile
from scorer.rulings import RULING_IDS

MAX_FAMILY_LINES = 250


@pytest.fixture(scope="module")
def rulings():
    return {r.id: r for r in load_corpus(RULINGS_DIR).rulings}


def test_every_row_has_exactly_one_detector_and_every_detector_a_row():
    assert list(DETECTORS) == sorted(FANS)  # the package sorts them: the scorer runs them in fan order
    assert all(d.number == n for n, d in DETECTORS.items())
    defined = [d.detect for d in DETECTORS.values()]
    assert len(set(defined)) == len(defined), "one function registered for two fans"


def test_every_row_has_its_ruling_file_titled_with_the_tables_name(rulings):
    for info in FANS.values():
        ruling = rulings.get(info.ruling)
        assert ruling is not None, f"fan {info.number}: no rulings/fans/{info.ruling}.md"
        assert ruling.path.endswith(f"fans/{info.ruling}.md"), ruling.path
        assert ruling.title == info.name, f"fan {info.number}: title {ruling.title!r}, table {info.name!r}"


def test_every_fan_ruling_file_is_a_row_of_the_table(rulings):
    defined = {info.ruling for info in FANS.values()}
    assert {rid for rid, r in rulings.items() if "/fans/" in f"/{r.path}"} == defined


def test_every_also_cited_ruling_exists_and_the_scorer_may_cite_it(rulings):
    for info in FANS.values():
        assert info.rulings[0] == info.ruling
        for rid in info.also_cite:
            assert rid in rulings, f"fan {info.number}: also_cite {rid!r} has no ruling file"
            assert rid in RULING_IDS, f"fan {info.number}: also_cite {rid!r} is not in scorer.rulings.RULING_IDS"


def test_every_kong_fan_cites_the_kong_table():
    kongs = {d.number for d in DETECTORS.values() if d.kongs}
    assert kongs == {5, 17, 48, 57, 67, 74, 82}
    assert {n for n, info in FANS.items() if "kong-table" in info.also_cite} == kongs


def test_each_detector_opens_its_docstring_with_the_chinese_name_then_the_english():
    for n, d in DETECTORS.items():
        doc = inspect.getdoc(d.detect) or ""
        assert doc.startswith(f"{FANS[n].name_zh} {FANS[n].name}"), f"fan {n}: {doc[:40]!r}"


def test_each_family_module_is_small_and_has_a_docstring():
    for module in FAMILIES:
        assert module.__doc__, module.__name__
        lines = len(inspect.getsource(module).splitlines())
        assert lines <= MAX_FAMILY_LINES, f"{module.__name__}: {lines} lines"
    guide = fans_package.__doc__ or ""  # the package docstring is the contributor guide
    assert all(f":mod:`.{m.__name__.rsplit('.', 1)[1]}`" in guide for m in FAMILIES)
    assert "fans.csv" in guide and "test_fan_detectors.py" in guide


def test_fan_refuses_a_number_the_table_lacks_and_a_second_detector():
    with pytest.raises(ValueError, match="no fan 99"):
        fan(99)
    with pytest.raises(ValueError, match="two detectors"):
        fan(1)(lambda v: [])
    assert DETECTORS[1].detect.__name__ == "big_four_winds"


def test_the_package_refuses_a_row_without_a_detector():
    detectors = {n: d for n, d in DETECTORS.items() if n != 76}
    with pytest.raises(ImportError, match="76"):
        fans_package.check_catalogue(FANS, detectors)


def test_every_exclusion_row_names_table_fans_and_real_positions():
    for rule in EXCLUSIONS:
        assert rule.fan in FANS and rule.excludes in FANS
        assert rule.ruling in RULING_IDS
        if rule.position:
            assert rule.position in DISPUTED[rule.ruling]


def test_a_misspelt_position_in_the_exclusion_table_is_refused_with_file_and_line(tmp_path, monkeypatch):
    from scorer.mcr import table

    text = (table.HERE / "exclusions.csv").read_text(encoding="utf-8")
    bad = text.replace("5,48,all,,kong-table,chinese", "5,48,all,,kong-table,chineese")
    assert bad != text
    (tmp_path / "exclusions.csv").write_text(bad, encoding="utf-8")
    monkeypatch.setattr(table, "HERE", tmp_path)
    line = bad.splitlines().index("5,48,all,,kong-table,chineese") + 1
    with pytest.raises(TableError, match=rf"exclusions\.csv:{line}: position: .*'chineese'"):
        _load_exclusions(FANS)


def test_profile_takes_is_checked():
    green, chinese = load_profile("green-book"), load_profile("chinese-practice")
    assert chinese.takes("kong-table", "chinese") and not green.takes("kong-table", "chinese")
    with pytest.raises(UnknownPosition):
        green.takes("kong-table", "chineese")
    with pytest.raises(UnknownPosition):
        green.takes("kong-tabel", "chinese")
    with pytest.raises(UnknownPosition):
        green.takes("kong-table", "six")  # a position of another ruling
    rule = ExclusionRule(5, 48, "all", "", "kong-table", "chinese")
    assert rule.in_force(chinese) and not rule.in_force(green)
    assert rule.qualified_position == "kong-table=chinese"
