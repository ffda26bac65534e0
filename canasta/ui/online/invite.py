"""A table's code, and the invitation a host copies for the others ("Canasta table
K7QD4M at 192.168.1.20:8765", in the host's language): read back when it is pasted
whole into the Join screen, which then fills in both the address and the code."""

from __future__ import annotations

import re
from typing import Optional

from ...net.protocol import CODE_ALPHABET, CODE_LENGTH

#: the example in the Join screen's code field: a code that can be typed there
CODE_EXAMPLE = "K7QD4M"

_ADDRESS = re.compile(r"(?:wss?://)?(\[[0-9A-Fa-f:]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})\b")


def code_ok(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(c in CODE_ALPHABET for c in text.upper())


def read_invitation(text: str) -> Optional[tuple[str, str]]:
    """(address, code) from an invitation's text, whatever its language: the first
    address with a port, and a word of six code letters; None when either is missing."""
    codes = [w for w in re.findall(r"[A-Za-z0-9]+", text) if w.isupper() or w.isdigit()]
    code = next((w for w in codes if code_ok(w) and any(c.isalpha() for c in w)), None)
    where = _ADDRESS.search(text)
    if code is None or where is None:
        return None
    return f"{where.group(1)}:{where.group(2)}", code.upper()
