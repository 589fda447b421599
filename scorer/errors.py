"""Errors raised for bad input, each with a stable code and a one-line message."""

from __future__ import annotations


class MjrefError(Exception):
    """Base of every error mjref reports to a user.

    ``code`` is stable (tests and callers compare it); ``str()`` is one line,
    ``where: message`` when a location is known.
    """

    code = "error"

    def __init__(self, message: str, where: str | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
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
