"""The ``mjref`` command line, on top of the house: it calls ``scorer``, ``kb`` and ``web``, and nothing below
imports it.

One module a family of commands, each a thin layer (options, one library call, output through ``kb.text`` or
JSON): ``scoring`` (score, settle, audit, compare), ``knowledge`` (build, lookup), ``event`` (audit-log),
``site`` (serve, publish, export); ``options`` holds the options they share and the error handling; ``main``
the group and the console script's entry point.
"""
