"""``python -m mjref``: the command line, as the ``mjref`` console script runs it."""

from mjref.main import main

main()
