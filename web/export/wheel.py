"""The wheel the exported score page installs in Pyodide: mjref's own ``scorer`` (the same files as the installed
package), the built-in profiles (and the house profile, baked in as one more), the score page's macros with what
they call (``web.tiles``, ``web.breakdown``, ``web.markup``, ``kb.i18n``, ``_mjref_macros.html``), the wait grid
of a hand of 13 (``web.waits``, ``web.waits_table``; ``scorer.wait_list`` travels with the scorer) and the page's
input checks (``web.score_checks``), the Chinese catalogue compiled, the glue of :mod:`web.export.in_browser` as
``mjref_offline``, and the pure-Python parts of PyYAML, Jinja2, MarkupSafe and segno (Pyodide's core has none of
them). Every file is read from the installed packages, so an installed mjref
exports the same wheel as a source tree.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile
from collections.abc import Iterator
from importlib import import_module
from importlib.metadata import PackageNotFoundError, distribution, version
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from babel.messages.mofile import write_mo

from kb.i18n import DOMAIN, LOCALES, catalog
from scorer.errors import printable

from .errors import ExportError

NAME = "mjref_browser"
VENDORED = {"yaml": "PyYAML", "jinja2": "Jinja2", "markupsafe": "MarkupSafe", "segno": "segno"}  # package: distribution
# Fixed time stamps: the same input gives the same wheel, and so the same cache version.
STAMP = (2020, 1, 1, 0, 0, 0)


def walk(folder: Traversable, prefix: str) -> Iterator[tuple[str, Traversable]]:
    """Every file under ``folder`` (a package's resources, a namespace package's too), by ``prefix``/its path."""
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.is_dir():
            if item.name != "__pycache__":
                yield from walk(item, f"{prefix}{item.name}/")
        else:
            yield f"{prefix}{item.name}", item


def _tree(package: str, suffixes: tuple[str, ...]) -> Iterator[tuple[str, bytes]]:
    """Every file of an installed package ending in one of ``suffixes``, by its path in the wheel."""
    for name, item in walk(files(package), package.replace(".", "/") + "/"):
        if name.endswith(suffixes):
            yield name, item.read_bytes()


def _licences(package: str, dist: str) -> Iterator[tuple[str, bytes]]:
    """The licence files of a vendored distribution, kept beside its package."""
    try:
        found = distribution(dist).files or []
    except PackageNotFoundError:
        return
    for f in found:
        if "licen" in f.name.lower() or "copying" in f.name.lower():
            yield f"{package}/{f.name}", Path(str(f.locate())).read_bytes()


def _compiled(lang: str) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog(lang))
    return out.getvalue()


def house_member(name: str) -> str:
    """The wheel's path of the house profile named ``name``: one file in ``rulings/profiles/``. A name that would
    reach another folder (``club/../../x``), or hide its file (``.x``), is an :class:`ExportError`."""
    if not name or name.startswith(".") or any(c in name for c in "/\\:") or not name.isprintable():
        message = "the house profile's name %(name)s cannot name its file: no / \\ or :, no leading dot"
        raise ExportError(message, name=printable(repr(name)))
    return f"rulings/profiles/{name}.yaml"


def contents(
    site: dict[str, object], house_yaml: tuple[str, str] | None, facts: dict[str, object] | None = None
) -> dict[str, bytes]:
    """The wheel's files by path. ``site`` is the glue's settings (``mjref_offline/site.json``); ``house_yaml``
    a profile file's name and text, baked in as ``rulings/profiles/NAME.yaml``; ``facts`` what a claim's audit
    reads from the database (:func:`web.export.claim_facts.read_facts`; none: no fan name but the numbers)."""
    out: dict[str, bytes] = {}
    out.update(_tree("scorer", (".py", ".csv")))
    out["rulings/__init__.py"] = (files("rulings") / "__init__.py").read_bytes()
    out.update(_tree("rulings.profiles", (".yaml",)))
    if house_yaml is not None:
        out[house_member(house_yaml[0])] = house_yaml[1].encode()
    web = files("web")
    out["web/__init__.py"] = (web / "__init__.py").read_bytes()
    out["web/tiles.py"] = (web / "tiles.py").read_bytes()
    out["web/breakdown.py"] = (web / "breakdown.py").read_bytes()  # the result's tables, as the server draws them
    out["web/markup.py"] = (web / "markup.py").read_bytes()  # what breakdown.py escapes and translates with
    out["web/score_checks.py"] = (web / "score_checks.py").read_bytes()  # the page's checks, as the server's
    out["web/templates/_mjref_macros.html"] = (web / "templates" / "_mjref_macros.html").read_bytes()
    out["web/waits.py"] = (web / "waits.py").read_bytes()  # the wait grid of a hand of 13, as the server lays it out
    out["web/waits_table.py"] = (web / "waits_table.py").read_bytes()  # and draws it
    out["mjref_offline/__init__.py"] = (files("web.export") / "in_browser.py").read_bytes()
    out.update(page_members(web))
    out.update(answer_members(web, facts or {"names": [], "titles": {"en": {}, "zh": {}}}))
    out["mjref_offline/site.json"] = json.dumps(site, ensure_ascii=False, indent=1).encode()
    # kb.i18n, which web.tiles asks for its texts, reads the catalogue with Babel (not in Pyodide): the wheel holds
    # the catalogue compiled at the .po's path, and the glue gives kb.i18n a stand-in for Babel that reads it.
    out["kb/__init__.py"] = (files("kb") / "__init__.py").read_bytes()
    out["kb/i18n.py"] = (files("kb") / "i18n.py").read_bytes()
    for lang, locale in LOCALES.items():
        out[f"kb/locale/{locale}/LC_MESSAGES/{DOMAIN}.po"] = _compiled(lang)
    for package, dist in VENDORED.items():
        module = import_module(package)
        if module.__file__ is None:
            continue
        root = Path(module.__file__).parent
        for path in sorted(root.glob("*.py")):
            out[f"{package}/{path.name}"] = path.read_bytes()
        out.update(_licences(package, dist))
    return out


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def wheel_name() -> str:
    """The wheel's file name."""
    return f"{NAME}-{version('mjref')}-py3-none-any.whl"


def write_wheel(
    folder: Path,
    site: dict[str, object],
    house_yaml: tuple[str, str] | None = None,
    facts: dict[str, object] | None = None,
) -> Path:
    """Write the wheel into ``folder``; its path."""
    ver = version("mjref")
    info = f"{NAME}-{ver}.dist-info"
    body = contents(site, house_yaml, facts)
    body[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {ver}\n"
        f"Summary: mjref's scorer and score page for Pyodide (vendors {', '.join(VENDORED.values())})\n"
    ).encode()
    body[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: mjref export\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{p},{_record_hash(d)},{len(d)}\n" for p, d in body.items()) + f"{info}/RECORD,,\n"
    body[f"{info}/RECORD"] = record.encode()
    path = folder / wheel_name()
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in body.items():
            z.writestr(zipfile.ZipInfo(name, STAMP), data, zipfile.ZIP_DEFLATED)
    return path


def page_members(web: Traversable) -> dict[str, bytes]:
    """What the exported sheet page and Babcock table page add to the wheel: their forms' reading, their answers'
    templates and their glue."""
    return {
        "web/sheet_form.py": (web / "sheet_form.py").read_bytes(),
        "web/templates/_mjref_sheet.html": (web / "templates" / "_mjref_sheet.html").read_bytes(),
        "mjref_offline/sheet.py": (files("web.export") / "sheet_in_browser.py").read_bytes(),
        "web/table_settle.py": (web / "table_settle.py").read_bytes(),  # the Babcock table's settlement
        "web/templates/_mjref_table_answer.html": (web / "templates" / "_mjref_table_answer.html").read_bytes(),
        "mjref_offline/table.py": (files("web.export") / "table_in_browser.py").read_bytes(),
    }


AUDIT_MODULES = ("audit", "claims", "claim_needs", "false_win", "names")  # kb's modules the audit runs with


def answer_members(web: Traversable, facts: dict[str, object]) -> dict[str, bytes]:
    """What the exported score page's answer adds to the wheel: the server's answer (:mod:`web.score_answer`, with
    the audit and the comparison of :mod:`kb.audit`) and its template, and the database's facts it reads."""
    out = {f"kb/{m}.py": (files("kb") / f"{m}.py").read_bytes() for m in AUDIT_MODULES}
    out["web/score_answer.py"] = (web / "score_answer.py").read_bytes()
    out["web/qr.py"] = (web / "qr.py").read_bytes()  # the result's QR code, drawn with segno
    for name in ("_mjref_score_answer.html", "_mjref_audit.html"):
        out[f"web/templates/{name}"] = (web / "templates" / name).read_bytes()
    out["mjref_offline/facts.json"] = json.dumps(facts, ensure_ascii=False).encode()
    return out
