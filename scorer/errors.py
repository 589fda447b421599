"""Errors raised for bad input, each with a stable code and a one-line message.

An error message may quote what the user typed. :func:`printable` escapes what a terminal would act
on (control characters, line breaks, bidirectional overrides), and :class:`MjrefError` applies it to
every message and place, so ``str(error)`` is always one line of visible characters:

>>> str(NotationError("unknown character '\\x1b]0;pwned\\x07'", where="hand:3"))
"hand:3: unknown character '\\\\x1b]0;pwned\\\\x07'"
"""

from __future__ import annotations


def printable(text: object) -> str:
    """``text`` with every character that ``str.isprintable`` refuses (but the space) written as an
    escape, ``\\xNN``, ``\\uNNNN`` or ``\\UNNNNNNNN``; other characters, backslashes included, unchanged.

    >>> printable("5\\n\\u202e²")
    '5\\\\n\\\\u202e²'
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch in "\n\r\t":
        return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown_char(ch: str) -> str:
    """One character quoted for an error message, with its code point when it is not ASCII.

    >>> shown_char("x"), shown_char("²"), shown_char("\\x1b")
    ("'x'", "'²' (U+00B2)", "'\\\\x1b'")
    """
    if ch.isascii():
        return f"'{printable(ch)}'"
    return f"'{printable(ch)}' (U+{ord(ch):04X})"


class MjrefError(Exception):
    """Base of every error mjref reports to a user.

    ``code`` is stable (tests and callers compare it); ``str()`` is one line, ``where: message``
    when a location is known. Message and place are escaped with :func:`printable` when the error is
    made, so no error can print a line break or a terminal control sequence.
    """

    code = "error"

    def __init__(self, message: str, where: str | None = None, code: str | None = None) -> None:
        self.message = printable(message)
        self.where = None if where is None else printable(where)
        super().__init__(self.message)
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class NotationError(MjrefError):
    """The hand string cannot be read; ``where`` is ``hand:COLUMN`` (1-based)."""

    code = "notation"


class InvalidHand(MjrefError):
    """The hand reads, but no real hand looks like it (five copies, wrong count, contradictions)."""

    code = "invalid-hand"


class NotWinning(MjrefError):
    """The tiles are complete in no winning form."""

    code = "not-winning"


class ProfileError(MjrefError):
    """A profile is unknown or its file is malformed."""

    code = "profile"
