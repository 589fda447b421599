"""What makes the exported site work offline and installable: the service worker ``sw.js`` (its template in
``web/static/offline/sw.js``, with the list of every file of the export, their sizes, and a version made from their
contents, so that a new export replaces the old cache), the script every page registers it with (its template
``web/static/offline/register.js``, with the status line's texts in both languages), the web app manifest and its
icons, drawn here (SVG and PNG).
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from importlib.resources import files
from pathlib import Path

from kb.i18n import LANGUAGES, gettext

MANIFEST = "manifest.webmanifest"
ICON_SIZES = (192, 512)
GREEN, IVORY, RED = (0x1F, 0x5F, 0x3F), (0xFA, 0xF6, 0xE8), (0xC0, 0x2B, 0x2B)
SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="12" fill="#1f5f3f"/>
<rect x="16" y="8" width="32" height="48" rx="5" fill="#faf6e8"/>
<circle cx="32" cy="32" r="9" fill="#c02b2b"/>
</svg>
"""


def head_links(to_root: str) -> str:
    """The manifest and icon links of a page, ``to_root`` being the relative path to the export's root."""
    return (
        f'<link rel="manifest" href="{to_root}{MANIFEST}">\n'
        f'<link rel="icon" href="{to_root}icons/icon.svg" type="image/svg+xml">\n'
        f'<link rel="apple-touch-icon" href="{to_root}icons/icon-192.png">\n'
        '<meta name="theme-color" content="#1f5f3f">\n'
    )


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    """The icon's colour at (x, y) in 0..1: a tile with one red dot on green, as the SVG."""
    if 0.25 <= x <= 0.75 and 0.125 <= y <= 0.875:
        return RED if (x - 0.5) ** 2 + (y - 0.5) ** 2 <= (9 / 64) ** 2 else IVORY
    return GREEN


def png(size: int) -> bytes:
    """The icon as a PNG of ``size`` × ``size`` pixels."""
    rows = b"".join(
        b"\x00" + b"".join(bytes(_pixel((i + 0.5) / size, (j + 0.5) / size)) for i in range(size)) for j in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def ico(size: int) -> bytes:
    """The icon as an ICO file holding one PNG of ``size`` × ``size`` pixels (``size`` below 256).

    >>> data = ico(32)
    >>> data[:6], data[22:30] == b"\\x89PNG\\r\\n\\x1a\\n"
    (b'\\x00\\x00\\x01\\x00\\x01\\x00', True)
    """
    image = png(size)
    header = struct.pack("<HHH", 0, 1, 1)  # reserved, type 1 (icon), one image
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 6 + 16)
    return header + entry + image


def write_app_files(root: Path, name: str) -> None:
    """The manifest, the icons, and ``favicon.ico``: a browser asks for it by itself for a page that names no icon
    (a ``.json`` page), and offline only the service worker's cache can answer."""
    icons = root / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    (icons / "icon.svg").write_text(SVG, encoding="utf-8")
    for size in ICON_SIZES:
        (icons / f"icon-{size}.png").write_bytes(png(size))
    (root / "favicon.ico").write_bytes(ico(32))
    manifest = {
        "name": name,
        "short_name": "mjref",
        "description": "MCR rulings and the scorer, offline",
        "start_url": "index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#faf6e8",
        "theme_color": "#1f5f3f",
        "icons": [{"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
        + [{"src": f"icons/icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png"} for s in ICON_SIZES],
    }
    (root / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")


def precache_list(root: Path, skip: tuple[str, ...]) -> list[str]:
    """Every file under ``root`` (relative, sorted), but those named in ``skip``."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() and p.name not in skip)


def version_of(root: Path, names: list[str]) -> str:
    """A version of the export's contents: the same files give the same version, any change another."""
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode() + b"\0" + hashlib.sha256((root / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(root: Path, skip: tuple[str, ...]) -> str:
    """Write ``sw.js`` with the precache list of every other file; the version."""
    names = precache_list(root, skip)
    version = version_of(root, names)
    sizes = [(root / name).stat().st_size for name in names]
    head = f"var MJREF_VERSION = {json.dumps(version)};\nvar MJREF_FILES = {json.dumps(names, ensure_ascii=False)};\n"
    head += f"var MJREF_SIZES = {json.dumps(sizes, separators=(',', ':'))};\n"
    (root / "sw.js").write_text(head + _template("sw.js"), encoding="utf-8")
    return version


def status_texts(lang: str) -> dict[str, str]:
    """What the offline status line of a page in ``lang`` says (register.js fills the ``%(name)s`` holes)."""
    _ = gettext(lang)
    return {
        "saving": _("Saving for offline use…"),
        "progress": _("Saving for offline use: %(done)s of %(total)s files (%(mb)s of %(total_mb)s MB)"),
        "ready": _("Ready offline"),
        "storage": _("Not saved for offline use: this browser's storage is full. The site still works online."),
        "file": _("Not saved for offline use: %(file)s did not download. The site still works online."),
        "failed": _("Not saved for offline use. The site still works online."),
    }


def write_register_script(path: Path) -> None:
    """Write the pages' ``register.js`` with the status line's texts in every language."""
    texts = {lang: status_texts(lang) for lang in LANGUAGES}
    head = f"var MJREF_OFFLINE_TEXTS = {json.dumps(texts, ensure_ascii=False)};\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(head + _template("register.js"), encoding="utf-8")


def _template(name: str) -> str:
    return (files("web.static.offline") / name).read_text(encoding="utf-8")
