"""The one file Datasette loads from ``--plugins-dir``: it registers the site's plugin modules of :mod:`web`.

The hooks themselves live in the package (typed and checked like the rest of mjref); this file only
hands them to Datasette, so ``mjref serve``, the tests and a published image load the same plugins.
"""

from __future__ import annotations

import importlib

from datasette.plugins import pm

from web import PLUGINS

for _name in PLUGINS:
    _module = importlib.import_module(_name)
    if not pm.is_registered(_module):
        pm.register(_module, name=_name)
