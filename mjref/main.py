"""The ``mjref`` group and the console script's entry point.

Errors are translated in one place, :meth:`~mjref.options.MjrefGroup.invoke`: a
:class:`~scorer.errors.MjrefError` (or a click usage error) becomes one line ``error: <message>`` on stderr (in
the language of ``--lang``) and exit status 2, never a traceback.
"""

from __future__ import annotations

import os
import sys

import click

from .event import audit_log_command
from .knowledge import build_command, lookup_command, show_command
from .options import MjrefGroup
from .scoring import audit_command, compare_command, score_command, settle_command
from .sheet import sheet_command
from .site import export_command, publish_command, serve_command
from .waits import waits_command


@click.group(cls=MjrefGroup)
@click.version_option(package_name="mjref")
def cli() -> None:
    """mjref: a referee's knowledge base and scorer for Mahjong Competition Rules (MCR)."""


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


def main() -> None:
    """Entry point of the ``mjref`` console script. Output piped into a program that stops reading
    (``mjref audit-log … | head``) ends the command quietly, as other Unix tools do."""
    try:
        cli(prog_name="mjref")
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)  # nothing more can reach the reader: drop the rest
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(141)  # 128 + SIGPIPE, what a shell reports for a command ended this way
