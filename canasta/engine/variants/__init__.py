"""The games of the Canasta family this engine plays, by name."""

from __future__ import annotations

from ..rules import VARIANTS


def names() -> tuple[str, ...]:
    """The names ``Rules.variant`` accepts, in menu order."""
    return VARIANTS
