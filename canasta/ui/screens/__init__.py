"""The screens around the table: new game, settings, statistics, rules.

The main and pause menus are in :mod:`canasta.ui.menus`, the controls they are built
from in :mod:`canasta.ui.forms`, and the flow between them in
:mod:`canasta.ui.session`.
"""
