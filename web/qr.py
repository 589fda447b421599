"""A page's address as a QR code: an SVG document drawn here with segno (pure Python), no image service, no script,
no style. The server answers it at ``/-/qr.svg``; the exported score page draws it in the browser."""

from __future__ import annotations

import base64

import segno

MAX_QR = 1000  # bytes (UTF-8) of an address drawn as a QR code: past that the code is too dense for a phone to read


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an SVG document."""
    code = segno.make(text, error="m", micro=False)
    return str(
        code.svg_inline(
            scale=1, border=2, omitsize=True, dark="#000", light="#fff", svgclass="qr-code", lineclass=None, title=text
        )
    ).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)  # segno escapes the title


def qr_data_url(text: str) -> str | None:
    """``text``'s QR code as a ``data:`` address an ``<img>`` shows (the pages' policy allows ``data:`` images), or
    None for a text too long to scan."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_QR:
        return None
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(text).encode()).decode()
