"""The ``mjref`` group and the console script's entry point.

Errors are translated in one place, :meth:`~mjref.options.MjrefGroup.invoke`: a
:class:`~scorer.errors.MjrefError` (or a click usage error) becomes one line ``error: <message>`` on stderr (in
the language of ``--lang``) and exit status 2, never a traceback. Ctrl-C is one line, ``interrupted by SIGINT``,
and exit status 130 in every command, from the first moment (:func:`_stop_while_loading`, while the commands'
modules are imported, before click starts); output that cannot be written (a full disk) is one line on stderr
and exit status 74 (:func:`main`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from types import FrameType

INTERRUPTED = "interrupted by SIGINT"  # the line every command prints on Ctrl-C (mjref audit-log adds its report's)
EXIT_INTERRUPTED = 128 + signal.SIGINT  # 130, as a shell reports a command ended by Ctrl-C
EXIT_OUTPUT_FAILED = 74  # sysexits' EX_IOERR: the output could not be written


def _stop_while_loading(_signum: int, _frame: FrameType | None) -> None:
    """Ctrl-C while the modules below are imported: there is nothing to clean up yet, so stop at once."""
    os.write(2, f"\n{INTERRUPTED}\n".encode())
    os._exit(EXIT_INTERRUPTED)


# Only the main thread may set a handler, and only Python's default one is replaced: an ignored SIGINT (a
# background job) or a caller's own handler is left alone.
_LOADING = threading.current_thread() is threading.main_thread() and (
    signal.getsignal(signal.SIGINT) is signal.default_int_handler
)
if _LOADING:
    signal.signal(signal.SIGINT, _stop_while_loading)

import click  # noqa: E402

from .event import audit_log_command  # noqa: E402
from .knowledge import build_command, lookup_command, show_command  # noqa: E402
from .options import MjrefGroup, ascii_digits_only, output_failed  # noqa: E402
from .scoring import audit_command, compare_command, score_command, settle_command  # noqa: E402
from .sheet import sheet_command  # noqa: E402
from .site import export_command, publish_command, serve_command  # noqa: E402
from .waits import waits_command  # noqa: E402

if _LOADING:
    signal.signal(signal.SIGINT, signal.default_int_handler)  # from here on, MjrefGroup.invoke says it


@click.group(cls=MjrefGroup)
@click.version_option(package_name="mjref")
def cli() -> None:
    """mjref: a referee's knowledge base and scorer for Mahjong Competition Rules (MCR) and for Babcock's
    classical rules (score --ruleset babcock, settle).

    The scoring and lookup commands print in Chinese with --lang zh (中文).
    """


for command in (
    score_command,
    settle_command,
    audit_command,
    compare_command,
    build_command,
    lookup_command,
    show_command,
    audit_log_command,
    sheet_command,
    waits_command,
    serve_command,
    publish_command,
    export_command,
):
    cli.add_command(command)
    ascii_digits_only(command)


def main() -> None:
    """Entry point of the ``mjref`` console script. Output piped into a program that stops reading
    (``mjref audit-log … | head``) ends the command quietly, as other Unix tools do; output that cannot be
    written (``> /dev/full``, a full disk) is one line on stderr and exit status 74 (sysexits' EX_IOERR; 1 is
    ``mjref audit``'s "the claim is not right")."""
    try:
        try:
            cli(prog_name="mjref")
        finally:
            sys.stdout.flush()  # what is still buffered fails here, inside the handlers below, not at exit
    except BrokenPipeError:
        _drop_stdout()
        sys.exit(141)  # 128 + SIGPIPE, what a shell reports for a command ended this way
    except OSError as e:
        _drop_stdout()
        output_failed(e)
        sys.exit(EXIT_OUTPUT_FAILED)


def _drop_stdout() -> None:
    """Point stdout at /dev/null: nothing more can be written, and Python's flush at exit must not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
