"""The table's banner when a side completes a canasta names its kind in the player's
language, for every game's kinds, Samba's and Bolivia's own canastas too (the kind word
was once pasted in English for them)."""

from __future__ import annotations

from canasta import i18n
from canasta.ui.table.words import kind_word



def test_every_canasta_kind_is_a_message_in_the_banner():
    kinds = {"natural", "mixed", "clean", "dirty", "wild", "samba", "escalera", "bolivia"}
    try:
        i18n.set_language("pseudo")
        for kind in kinds:
            banner = i18n.tr(i18n.t("{side} completed a {kind} canasta!", side="Ana", kind=kind_word(kind)))
            assert i18n.pseudo(kind) in banner, banner
        i18n.set_language("es")
        banner = i18n.tr(i18n.t("{side} completed a {kind} canasta!", side="Ana", kind=kind_word("mixed")))
        assert "completed" not in banner and "mixed" not in banner
    finally:
        i18n.set_language("en")
    assert i18n.tr(i18n.t("{side} completed a {kind} canasta!", side="Ana", kind=kind_word("samba"))) == \
        "Ana completed a samba canasta!"
