"""The shared words a player reads on the New game form, the settings screen and the
table (levels, seat names, colours, speeds, pauses, hand orders) are in the catalog:
English unchanged, shown in the player's language, bracketed in the pseudo-language."""

from __future__ import annotations

from canasta import i18n, vocab
from canasta.i18n import t, tr

CHOICES = [vocab.LEVELS, vocab.AI_LEVELS, vocab.SEAT_KINDS, vocab.TABLE_COLOURS, vocab.ANIMATION_SPEEDS,
           vocab.COMPUTER_PAUSES, vocab.CARD_BACKS, vocab.HAND_SORTS]


def test_english_labels_unchanged():
    assert vocab.LEVELS.pairs() == [("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")]
    assert vocab.SEAT_NAMES[4] == ("South", "West", "North", "East")
    assert vocab.HAND_SORTS.label("none") == "As dealt"
    assert tr(vocab.COMPUTER_PAUSES.label(1.5)) == "1.5 seconds"


def test_german_labels_and_seat_names():
    i18n.set_language("de")
    assert [tr(label) for _, label in vocab.LEVELS.pairs()] == ["Leicht", "Mittel", "Schwer"]
    assert [tr(n) for n in vocab.SEAT_NAMES[6]] == ["Süd", "Südwest", "Nordwest", "Nord", "Nordost", "Südost"]
    assert tr(vocab.TABLE_COLOURS.label("green")) == "Grün"
    assert tr(vocab.HAND_SORTS.label("suit")) == "Nach Farbe"


def test_seat_name_inside_a_sentence_is_translated():
    from canasta.ui.screens.review_replay import seat_word
    i18n.set_language("es")
    assert tr(t("Player {number}", number=2)) != "Player 2"     # the catalog is loaded
    line = tr(t("{level} computers", level=i18n.Text(vocab.AI_LEVELS.label("hard"))))
    assert "Difícil" in line and "Hard" not in line
    assert tr(seat_word("North")) == "Norte"
    assert tr(seat_word("Marta")) == "Marta"                      # a player's name stays as typed


def test_every_label_is_in_every_catalog():
    words = {label for choices in CHOICES for _, label in choices.pairs()}
    words |= {n for names in vocab.SEAT_NAMES.values() for n in names}
    for code in ("es", "pt_BR", "it", "de", "fr"):
        i18n.set_language(code)
        missing = sorted(w for w in words if tr(w) == w and w not in ("Normal", "Computer", "West"))  # the same word there
        assert not missing, (code, missing)
    i18n.set_language("pseudo")
    assert all(tr(w) != w for w in words)


def test_classic_score_lines_on_the_rules_screen():
    from canasta.engine import Rules
    from canasta.engine.variants.classic import score_rules
    from canasta.ui.screens.rules_words import score_line
    lines = score_rules(Rules())
    assert str(score_line(lines[1])) == "Natural canastas: +500 each."          # English unchanged
    i18n.set_language("de")
    assert tr(score_line(lines[1])) == "Reine Canastas: +500 je Canasta."
    assert tr(lines[4].detail) == "+100 für die Seite, die ausmacht"
    i18n.set_language("pseudo")
    assert all(tr(line.label) != line.label and tr(line.detail) != line.detail for line in lines)
