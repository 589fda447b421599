"""Options that several ``mjref`` commands share, as decorators (in the manner of sqlite-utils).

The situation options mirror the hand's ``|PSabcd`` suffix and ``+N`` flowers. Each one defaults to
``None``, meaning "not given: keep what the hand says"; :func:`situation_overrides` keeps only the
options the user gave, ready to pass to ``scorer.score(..., **overrides)``.
"""

from __future__ import annotations

import copy
import errno
import json
import re
from collections.abc import Callable
from contextlib import suppress
from typing import IO, Any, TypeVar
from urllib.parse import urlsplit

import click

from kb.i18n import LANGUAGES, localize, translate
from scorer.control_characters import forbidden
from scorer.errors import MjrefError, printable
from scorer.notation import MAX_FLOWERS

from . import click_language

F = TypeVar("F", bound=Callable[..., Any])

EXIT_BAD_INPUT = 2
JSON_KEY = "mjref.json"  # in click's ctx.meta: whether --json was given, so that an error is JSON too
LANG_KEY = "mjref.lang"  # in click's ctx.meta (shared by a command and its group): the language --lang chose

WIND = click.Choice(["E", "S", "W", "N"], case_sensitive=False)

# (flag name, parameter name, help): the four 0/1 digits of the suffix, in order.
SITUATION_FLAGS = (
    ("self-drawn", "self_drawn", "Won by drawing the tile (first digit of the suffix); --no-self-drawn: on a discard."),
    ("last-of-kind", "last_of_kind", "The winning tile is the last of its kind (和绝张; second digit)."),
    ("last-of-wall", "last_of_wall", "Won on the last tile of the wall, or the discard after it (third digit)."),
    ("kong", "kong", "Robbing the kong (discard) or a replacement tile after a kong (self-drawn; fourth digit)."),
)


def profile_option(f: F) -> F:
    """``--profile NAME|FILE``: a built-in profile or a profile file; default green-book."""
    return click.option(
        "--profile",
        "profile",
        default="green-book",
        show_default=True,
        metavar="NAME|FILE",
        help="House interpretation: green-book, chinese-practice, starback, or a YAML file that extends one.",
    )(f)


def babcock_profile_option(f: F) -> F:
    """``--profile NAME|FILE`` of a Babcock command: a Babcock profile or a file extending one; default babcock."""
    return click.option(
        "--profile",
        "profile",
        default="babcock",
        show_default=True,
        metavar="NAME|FILE",
        help="House interpretation: babcock, babcock-optional, or a YAML file that extends one.",
    )(f)


def lang_option(f: F) -> F:
    """``--lang en|zh``: the language of the text printed (fan names, labels, messages, the error line); default
    English."""
    return click.option(
        "--lang",
        "lang",
        type=click.Choice(LANGUAGES),
        default="en",
        show_default=True,
        callback=_remember_lang,
        is_eager=True,  # read before the other options, so that their errors are in the language asked for
        help="Language of the output: en, or zh for Chinese (中文: fan names and messages).",
    )(f)


def _remember_lang(ctx: click.Context, _param: click.Parameter, value: str) -> str:
    ctx.meta[LANG_KEY] = value
    remember_lang(value)
    return value


def remember_lang(lang: str) -> None:
    """``lang`` is this run's language: its messages, and click's own (:mod:`mjref.click_language`), are in it."""
    _last_lang[0] = lang
    click_language.speak(lang)


_last_lang = ["en"]  # the --lang of this run, for a message written after its command's context has ended


def current_lang() -> str:
    """The language the running command was asked for (``--lang``), English when none."""
    ctx = click.get_current_context(silent=True)
    # Before --lang is read (an unknown option is found first), the language the command line asks for, if any.
    return str(ctx.meta.get(LANG_KEY, _last_lang[0])) if ctx is not None else _last_lang[0]


class BadInput(click.ClickException):
    """Bad input from the user: shown as one line ``error: …`` on stderr (in the command's ``--lang``), exit
    status 2."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lang = current_lang()
        self.as_json = wants_json()

    def show(self, file: IO[Any] | None = None) -> None:
        message = printable(" ".join(self.format_message().split()))  # one line of visible characters
        if self.as_json:  # what a program asked for: JSON on the standard output, the exit status kept
            click.echo(json.dumps({"error": message}, ensure_ascii=False), file=file)
            return
        click.echo(translate(self.lang, "error: %(message)s") % {"message": message}, file=file, err=True)


class Interrupted(click.ClickException):
    """Ctrl-C: one line on stderr, ``interrupted by SIGINT``, and exit status 130, whatever the command was doing."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__("interrupted by SIGINT")

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(file=file, err=True)  # end the terminal's ^C line
        click.echo(self.message, file=file, err=True)


class MjrefGroup(click.Group):
    """A group that turns the library's errors and click's usage errors into :class:`BadInput`, the library's in
    the language of the command's ``--lang`` (:func:`kb.i18n.localize`), and Ctrl-C into :class:`Interrupted`."""

    def make_context(self, info_name: str | None, args: list[str], *more: Any, **kwargs: Any) -> click.Context:
        # Each run starts in the language its command line asks for (English if none), before click reads it: its
        # errors there (an unknown option) are in that language, and no earlier run's (tests run many) carries over.
        remember_lang(click_language.lang_in(args) or "en")
        try:
            return super().make_context(info_name, args, *more, **kwargs)
        except KeyboardInterrupt:
            raise Interrupted() from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except MjrefError as e:
            raise BadInput(localize(e, current_lang())) from e
        except click.UsageError as e:
            see = translate(current_lang(), " (see '%(command)s --help')")
            hint = see % {"command": e.ctx.command_path} if e.ctx is not None else ""
            raise BadInput(e.format_message() + hint) from e


def output_failed(error: OSError) -> None:
    """Say on stderr, in one line, that the output could not be written (a full disk: ``> /dev/full``), or what
    other operating-system error ended the command; nothing if stderr cannot be written either."""
    lang = _last_lang[0]
    reason = printable(error.strerror or str(error))
    if error.filename is None and error.errno in (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF):
        message = translate(lang, "cannot write the output: %(reason)s") % {"reason": reason}
    else:
        message = f"{printable(error.filename)}: {reason}" if error.filename is not None else reason
    with suppress(OSError):
        click.echo(translate(lang, "error: %(message)s") % {"message": message}, err=True)


_ASCII_INTEGER = re.compile(r"[+-]?[0-9]+")


class _AsciiDigits(click.ParamType):
    """Mixed into an integer option's type: the number is written in ASCII digits only, as the notation's numbers
    are (``int()`` alone would read ``٣`` or ``３`` as 3)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not _ASCII_INTEGER.fullmatch(value.strip()):
            message = translate(current_lang(), "%(value)s is not a whole number written in the digits 0-9")
            self.fail(message % {"value": repr(value)}, param, ctx)
        return super().convert(value, param, ctx)


def ascii_digits_only(command: click.Command) -> None:
    """Make every integer option and argument of ``command`` (and of its subcommands) refuse digits other than
    ASCII 0-9; each keeps its own type's range and help."""
    for param in command.params:
        kind = type(param.type)
        if isinstance(param.type, click.types.IntParamType) and not isinstance(param.type, _AsciiDigits):
            strict = copy.copy(param.type)
            strict.__class__ = type(f"Ascii{kind.__name__}", (_AsciiDigits, kind), {})
            param.type = strict
    for sub in getattr(command, "commands", {}).values():
        ascii_digits_only(sub)


def base_url_option(f: F) -> F:
    """``--base-url URL`` (or ``MJREF_BASE_URL``): the site the printed links point to, making them full URLs."""
    return click.option(
        "--base-url",
        "base_url",
        envvar="MJREF_BASE_URL",
        default=None,
        metavar="URL",
        callback=_checked_base_url,
        help="The site's address (e.g. https://mjref.example.org): links are printed as full URLs under it."
        " Default: $MJREF_BASE_URL, else site paths.",
    )(f)


def _checked_base_url(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """A site's address that links can be written under: http(s), a host, at most a path; nothing a terminal
    would act on (no control character or reordering mark), no credentials, query, fragment or bad port."""
    if not value:
        return None
    shown = printable(value if len(value) <= 80 else value[:80] + "…")
    wrong = click.BadParameter(f"expected an address such as https://mjref.example.org, not {shown}")
    if forbidden(value) is not None or any(c.isspace() or c in "?#" for c in value):
        raise wrong
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:  # a port out of range, a malformed host
        raise wrong from None
    if parts.scheme not in ("http", "https") or not parts.hostname or port == 0 or parts.username is not None:
        raise wrong
    return value


def json_option(f: F) -> F:
    """``--json``: print machine-readable JSON instead of a table, and an error as JSON too (:class:`BadInput`)."""
    return click.option(
        "--json",
        "as_json",
        is_flag=True,
        is_eager=True,  # read first, so that an error in the options after it is JSON too
        callback=_remember_json,
        help='Print the result as JSON (and an error as {"error": …} on the standard output).',
    )(f)


def _remember_json(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    ctx.meta[JSON_KEY] = value
    return value


def wants_json() -> bool:
    """Whether the running command was asked for JSON (``--json``)."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx.meta.get(JSON_KEY)) if ctx is not None else False


def situation_options(f: F) -> F:
    """The situation of the win; each option given overrides the hand's ``|PSabcd`` suffix or ``+N``."""
    options = [
        click.option("--prevalent", type=WIND, metavar="E|S|W|N", help="Prevalent wind, overriding the suffix."),
        click.option("--seat", type=WIND, metavar="E|S|W|N", help="Seat wind, overriding the suffix."),
    ]
    for flag, param, text in SITUATION_FLAGS:
        options.append(click.option(f"--{flag}/--no-{flag}", param, default=None, help=text))
    options.append(
        click.option(
            "--flowers",
            type=click.IntRange(0, MAX_FLOWERS),
            default=None,
            metavar="N",
            help=f"Number of flowers (0-{MAX_FLOWERS}), overriding a trailing +N.",
        )
    )
    for option in reversed(options):  # so that --help lists them in the order above
        f = option(f)
    return f


def situation_overrides(values: dict[str, Any]) -> dict[str, Any]:
    """The situation options the user gave (not ``None``), winds in upper case.

    >>> situation_overrides({"prevalent": "s", "seat": None, "kong": False, "flowers": None})
    {'prevalent': 'S', 'kong': False}
    """
    out = {k: v for k, v in values.items() if v is not None}
    for wind in ("prevalent", "seat"):
        if wind in out:
            out[wind] = out[wind].upper()
    return out
