"""Review tests: a private user folder, and small recorded deals to review."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Every review test keeps its score history and files under its own folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("CANASTA_HOME", str(home))
    return home


class StoppedClock:
    """The hard player's safety cap reads the clock; a stopped clock keeps a loaded
    machine from cutting a search short (the only way timing may change a move)."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0


@pytest.fixture
def stopped_clock(monkeypatch):
    from canasta.ai import search
    monkeypatch.setattr(search, "time", StoppedClock)
