"""Reading JSON from a file that may be damaged or hostile.

:func:`loads` raises ``ValueError`` for everything a file can do to the parser: text
that is not UTF-8, text that is not JSON, numbers too long to read, and values nested
so deep that the parser would run out of stack (``RecursionError``), which would
otherwise escape every ``except ValueError`` around it.
"""

from __future__ import annotations

import json
from typing import Any

#: Deeper values than this are refused: no file the game writes comes near it.
MAX_DEPTH = 64


class DamagedJSON(ValueError):
    """The text is not JSON this game can use."""


def _depth_ok(value: Any) -> bool:
    """True if ``value`` is nested at most :data:`MAX_DEPTH` deep (checked without recursion)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth >= MAX_DEPTH:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True


def loads(data: str | bytes) -> Any:
    """Parse JSON text (or UTF-8 bytes); ``DamagedJSON`` (a ``ValueError``) if it is not usable."""
    if not isinstance(data, (str, bytes, bytearray)):  # a database cell holding a number, say
        raise DamagedJSON(f"not text but {type(data).__name__}")
    try:
        text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else data
        value = json.loads(text)
    except (ValueError, RecursionError, MemoryError) as exc:
        raise DamagedJSON(type(exc).__name__) from None
    if not _depth_ok(value):
        raise DamagedJSON("nested too deep")
    return value
