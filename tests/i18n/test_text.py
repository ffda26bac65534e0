"""The message type every sentence of the game is built with (canasta.i18n)."""

import pickle


from canasta import i18n
from canasta.i18n import Text, placeholders, t, tn, tr


def test_a_message_is_its_english_sentence_and_keeps_its_key_and_arguments():
    text = t("First meld needs {minimum} points", minimum=90)
    assert text == "First meld needs 90 points"
    assert isinstance(text, str) and isinstance(text, Text)
    assert text.key == "First meld needs {minimum} points" and text.args == {"minimum": 90}


def test_the_plural_form_follows_the_count():
    one = tn("{count} card", "{count} cards", 1)
    many = tn("{count} card", "{count} cards", 4)
    assert (one, many) == ("1 card", "4 cards")
    assert tr(many) == "4 cards"


def test_arguments_that_are_messages_are_rendered_in_the_language_too():
    inner = t("North")
    text = t("{name} drew a card", name=inner)
    i18n.set_language("pseudo")
    shown = tr(text)
    assert shown.startswith("[[Ñ") and "dréw" in shown      # the name was rendered as well


def test_the_pseudo_language_is_longer_accented_and_keeps_placeholders():
    message = "Your side needs {minimum} points to go down"
    fake = i18n.pseudo(message)
    assert fake.startswith("[") and fake.endswith("]")
    assert placeholders(fake) == {"minimum"}
    assert len(fake) >= 1.4 * len(message)
    assert fake != message


def test_numbers_are_written_the_language_s_way_and_english_is_unchanged():
    assert i18n.number(5000, "en") == "5000"
    assert i18n.number(5000, "es") == "5.000"
    assert i18n.number(5000, "de") == "5.000"
    assert i18n.number(-120, "de") == "-120"


def test_a_rules_figure_is_grouped_the_language_s_way():
    """The rules screens write 5,000 in English; in Spanish 5.000, in German 1.500 bis
    2.995, never the English comma (Babel once fell back to it on such a figure)."""
    from canasta.engine.state import Grouped
    ranges = t("{low} to {top}", low=Grouped(1500), top=Grouped(2995))
    assert ranges == "1,500 to 2,995"
    i18n.set_language("es")
    try:
        assert i18n.number(Grouped(5000)) == "5.000"
        assert tr(ranges) == "1.500 a 2.995"
        i18n.set_language("de")
        assert tr(ranges) == "1.500 bis 2.995"
        i18n.set_language("en")
        assert tr(ranges) == "1,500 to 2,995"
    finally:
        i18n.set_language("en")


def test_a_locale_name_finds_the_nearest_language():
    assert i18n.match_language("es_UY.UTF-8") == "es"
    assert i18n.match_language("pt-PT") == "pt_BR"
    assert i18n.match_language("de_AT") == "de"
    assert i18n.match_language("C") is None
    assert i18n.system_language({"LANG": "fr_CA.UTF-8"}) == "fr"
    assert i18n.system_language({"LANG": "ja_JP.UTF-8"}) == "en"


def test_an_unknown_or_missing_catalog_falls_back_to_english_without_failing():
    assert i18n.set_language("xx") in i18n.CODES       # an unknown setting: the system's
    i18n.set_language("en")
    assert tr("Draw") == "Draw"


def test_a_message_survives_pickling_with_its_key():
    text = tn("{name} took {count} card", "{name} took {count} cards", 3, name="Ana")
    back = pickle.loads(pickle.dumps(text))
    assert back == text and back.key == text.key and back.args == text.args
