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


def N_(message: str) -> str:
    """Mark ``message`` as a message id of the catalogue (``kb/locale``) without translating it here."""
    return message


def fill(template: str, params: dict[str, object]) -> str:
    """``template`` with its ``%(name)s`` holes filled by ``params`` (a template without params is kept as is).

    >>> fill("%(n)s copies of %(tile)s", {"n": 5, "tile": "1m"}), fill("100% sure", {})
    ('5 copies of 1m', '100% sure')
    """
    return template % {k: str(v) for k, v in params.items()} if params else template


class Message:
    """A text that can be translated: an English ``template`` (the catalogue's message id) with ``%(name)s``
    holes, and its ``params``. ``str()`` is the English text. A param may itself be a :class:`Message` (a word
    the text names, translated with it) or an :class:`MjrefError`; a tuple param is its items joined by ", ".

    >>> str(Message("excluded by %(by)s", by=(Message("East"), 3)))
    'excluded by East, 3'
    """

    __slots__ = ("params", "template")

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return fill(self.template, {k: _joined(v) for k, v in self.params.items()})

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.template, self.params) == (other.template, other.params)

    def __hash__(self) -> int:
        return hash(self.template)


def _joined(value: object) -> object:
    return ", ".join(str(v) for v in value) if isinstance(value, tuple) else value


class MjrefError(Exception):
    """Base of every error mjref reports to a user.

    ``code`` is stable (tests and callers compare it); ``str()`` is one line, ``where: message``
    when a location is known. Message and place are escaped with :func:`printable` when the error is
    made, so no error can print a line break or a terminal control sequence.

    The message is written as a template with ``%(name)s`` holes and its params as keywords, so that it
    can be shown in another language (``kb.i18n.localize``): ``template`` is the catalogue's message id
    and ``params`` fill it; ``str()`` is always the English text.

    >>> e = InvalidHand("%(n)s copies of %(tile)s: a set has only four", n=5, tile="1m")
    >>> str(e), e.template, e.params
    ('5 copies of 1m: a set has only four', '%(n)s copies of %(tile)s: a set has only four', {'n': 5, 'tile': '1m'})
    """

    code = "error"

    def __init__(
        self, message: str | Message, where: str | None = None, code: str | None = None, **params: object
    ) -> None:
        if isinstance(message, Message):  # a message made before the error (flowers_problem): its template and params
            params = {**message.params, **params}
            message = message.template
        self.template = message
        self.params = params
        self.message = printable(fill(message, {k: _joined(v) for k, v in params.items()}))
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
