"""The shared-translations round trip: `todo` lists what a catalog lacks, `fill` writes it."""

import json
import shutil

from canasta.i18n import catalogs


def test_todo_lists_a_new_message_and_fill_writes_its_translation(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, locale)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", locale)
    monkeypatch.setattr(catalogs, "TEMPLATE", locale / "canasta.pot")
    template = catalogs.read_catalog(catalogs.TEMPLATE)
    template.add("Shuffle the deck", None)
    template.add(("{count} new card", "{count} new cards"), None)
    catalogs.write_catalog(template, catalogs.TEMPLATE)
    catalogs.update(["es", "de"])

    wanted = catalogs.untranslated(["es", "de"])
    assert wanted == {"Shuffle the deck": {"es": "", "de": ""},
                      "{count} new card": {"plural": "{count} new cards", "es": "", "de": ""}}

    source = tmp_path / "new.json"
    source.write_text(json.dumps({
        "Shuffle the deck": {"es": "Mezclar el mazo", "de": "Karten mischen"},
        "{count} new card": {"es": ["{count} carta nueva", "{count} cartas nuevas"],
                             "de": ["{count} neue Karte", "{count} neue Karten"]},
    }), encoding="utf-8")
    assert catalogs.fill([source], ["es", "de"]) == {"es": 2, "de": 2}
    assert catalogs.untranslated(["es", "de"]) == {}
    assert catalogs.catalog_problems("es") == [] and catalogs.catalog_problems("de") == []
    spanish = {m.id: m.string for m in catalogs.read_catalog(catalogs.po_path("es"), "es")}
    assert spanish["Shuffle the deck"] == "Mezclar el mazo"
    assert spanish[("{count} new card", "{count} new cards")] == ("{count} carta nueva", "{count} cartas nuevas",
                                                                  "{count} cartas nuevas")
