"""The catalogs are complete, compiled and in step with the code (canasta.i18n.catalogs)."""

from __future__ import annotations

import pytest

from canasta.i18n import catalogs


def write_po(tmp_path, code, body, forms=2):
    path = tmp_path / f"{code}.po"
    path.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
                    f'"Plural-Forms: nplurals={forms}; plural=(n != 1);\\n"\n\n' + body, "utf-8")
    return path


@pytest.mark.parametrize("code", catalogs.existing())
def test_every_committed_catalog_is_complete_and_keeps_the_placeholders(code):
    assert catalogs.catalog_problems(code) == []


@pytest.mark.parametrize("code", catalogs.existing())
def test_every_committed_mo_is_its_po_compiled(code):
    assert catalogs.mo_path(code).exists(), f"{code}: run python -m canasta.i18n.catalogs compile"
    assert catalogs.mo_path(code).read_bytes() == catalogs.compiled(catalogs.po_path(code), code)


def test_the_template_holds_every_message_the_code_marks():
    assert catalogs.TEMPLATE.exists()
    assert catalogs.missing_from_template() == [], "run python -m canasta.i18n.catalogs extract"


def test_the_checker_finds_empty_fuzzy_and_changed_placeholders(tmp_path):
    path = write_po(tmp_path, "de", (
        'msgid "Draw"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Pile"\nmsgstr "Stapel"\n\n'
        'msgid "{name} drew a card"\nmsgstr "{player} zog eine Karte"\n\n'
        'msgid "{name} melds {count_word} kings"\nmsgstr "{name} legt {count} Könige"\n\n'
        'msgid "{count} card"\nmsgid_plural "{count} cards"\nmsgstr[0] "{count} Karte"\n\n'
        'msgid "{name} wins"\nmsgstr "{name} gewinnt"\n'))
    problems = catalogs.catalog_problems("de", path)
    assert "de: not translated: 'Draw'" in problems
    assert "de: fuzzy: 'Pile'" in problems
    assert "de: unknown placeholders ['player']: '{name} drew a card'" in problems
    assert "de: placeholders left out ['name']: '{name} drew a card'" in problems
    assert "de: not translated: '{count} card'" in problems     # its second form is missing
    # a number word may become the number; a complete entry is fine
    assert "de: unknown placeholders ['count']: '{name} melds {count_word} kings'" in problems
    assert not any("wins" in p for p in problems)
    assert len(problems) == 6
    # a plural message always has its count: a translation may write it for the number word
    path = write_po(tmp_path, "de", 'msgid "a queen"\nmsgid_plural "{count_word} queens"\n'
                    'msgstr[0] "eine Dame"\nmsgstr[1] "{count} Damen"\n')
    assert catalogs.catalog_problems("de", path) == []
    # a header giving German one plural form
    path = write_po(tmp_path, "de", 'msgid "{count} card"\nmsgid_plural "{count} cards"\nmsgstr[0] "{count} Karte"\n',
                    forms=1)
    assert catalogs.catalog_problems("de", path) == ["de: Plural-Forms gives 1 forms instead of 2"]


def test_the_extraction_finds_every_keyword():
    found = catalogs.template_ids(catalogs.extract())
    # one of each kind, from modules that use them
    assert "System default" in found                                  # N_ (settings screen)
    assert "The game will be read aloud." in found                    # tr
    assert "Card and table sound effects; {key} mutes them on any screen." in found   # t
    assert not any(isinstance(m, str) and m.startswith("settings.toml") for m in found)


def test_the_command_line_checks_and_refuses_an_unknown_language(capsys):
    assert catalogs.main(["check"]) == 0
    assert "0 problem(s)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        catalogs.main(["update", "xx"])


def test_compiling_keeps_the_mo_in_step_and_the_game_reads_it(tmp_path, monkeypatch):
    from canasta import i18n
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    po = catalogs.po_path("de")
    po.parent.mkdir(parents=True)
    po.write_bytes(write_po(tmp_path, "de", 'msgid "Draw"\nmsgstr "Ziehen"\n').read_bytes())
    assert catalogs.existing() == ["de"] and catalogs.mo_out_of_step() == ["de"]    # not compiled yet
    assert catalogs.compile_all(["de"]) == [catalogs.mo_path("de")]
    assert catalogs.mo_out_of_step() == []
    try:
        i18n.set_language("de")
        assert i18n.tr("Draw") == "Ziehen"
    finally:
        i18n.set_language("en")
    po.write_text(po.read_text("utf-8").replace("Ziehen", "Karte ziehen"), "utf-8")
    assert catalogs.mo_out_of_step() == ["de"]
