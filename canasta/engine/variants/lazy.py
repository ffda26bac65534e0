"""A game's own rows of the action table, read on first use from its rules module.

A game module's ``ACTIONS`` names the action types it adds. Their validators live in
the game's rules module (``samba_rules``, ``american_rules``), which imports the core,
which in turn asks the game module for its rules: so the table is looked up only when
first used, by :class:`LazyActions`."""

from __future__ import annotations

import importlib
from collections.abc import Mapping


class LazyActions(Mapping):
    """``{type: ActionSpec}`` read from ``module``'s ``ACTIONS`` when first used."""

    def __init__(self, module: str):
        self._module = module

    def _table(self) -> dict:
        return importlib.import_module(self._module).ACTIONS

    def __getitem__(self, key):
        return self._table()[key]

    def __iter__(self):
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())
