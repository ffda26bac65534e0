"""Every language test starts and ends in English (a test that switches the language
never leaves it switched for the next)."""

from __future__ import annotations

import pytest

from canasta import i18n


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
