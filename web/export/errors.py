"""The export's own error."""

from __future__ import annotations

from scorer.errors import MjrefError


class ExportError(MjrefError):
    """The site cannot be exported as asked (the folder is a file, not writable, or not an export)."""

    code = "export"
