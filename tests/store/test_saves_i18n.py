"""A damaged saved game is told in the player's language: the store's sentences are
messages (the copy's file name and the cause are arguments), English unchanged."""

from __future__ import annotations

import errno
import re

import pytest

from canasta import i18n
from canasta.i18n import tr
from canasta.store import saves
from canasta.store.paths import describe_error, state_dir
from canasta.store.saves import load_game, save_game

EXTRA = {"names": ["You", "Ann", "Bob", "Cid"], "levels": [None, "easy", "easy", "easy"], "hints": True}


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def record(n_actions):
    return {"format": "canasta-record", "version": 1, "rules": {"players": 4, "target_score": 5000},
            "seed": 42, "dealer": 0,
            "actions": [{"type": "draw", "n": i} if i % 2 == 0 else {"type": "discard", "card": i}
                        for i in range(n_actions)]}


def kept(pattern):
    return sorted(p.name for p in state_dir().iterdir() if re.fullmatch(pattern, p.name))


def test_a_snapshot_from_a_newer_version_is_told_in_spanish_and_german():
    state_dir().mkdir(parents=True, exist_ok=True)
    (state_dir() / saves.SNAPSHOT_FILE).write_bytes(b'{"format": "canasta-save", "version": 9, "record": {}}')
    loaded, messages = load_game()
    assert loaded is None
    copy = kept(r"current-game-\d{8}-\d{6}\.json")[0]
    [said] = messages
    assert said == f"The saved game comes from a newer version of Canasta; it was kept as {copy} and cannot be continued."
    i18n.set_language("es")
    assert tr(said) == (f"El archivo de la partida guardada viene de una versión más nueva de Canasta; "
                        f"se guardó como {copy} y no se puede continuar.")
    i18n.set_language("de")
    assert tr(said) == (f"Die Spielstand-Datei stammt von einer neueren Canasta-Version; "
                        f"sie wurde als {copy} aufbewahrt und kann nicht fortgesetzt werden.")
    i18n.set_language("pseudo")
    assert tr(said).startswith("[") and "newer" not in tr(said) and copy in tr(said)


def test_a_damaged_journal_end_is_told_in_italian_with_the_copy_s_name():
    save_game(record(2), EXTRA)
    for n in range(3, 7):
        assert save_game(record(n), EXTRA) == []
    journal = state_dir() / saves.JOURNAL_FILE
    lines = journal.read_bytes().split(b"\n")
    lines[2] = b'{"g": broken'
    journal.write_bytes(b"\n".join(lines))
    _loaded, [said] = load_game()
    copy = kept(r"current-game-\d{8}-\d{6}\.journal")[0]
    i18n.set_language("it")
    assert tr(said) == ("La fine della partita salvata era danneggiata; riprende dall'ultima mossa integra "
                        f"e la parte danneggiata è stata conservata come {copy}.")


def test_a_storage_error_s_cause_is_a_message():
    cause = describe_error(OSError(errno.ENOSPC, "No space left on device"))
    assert cause == "the disk is full"
    i18n.set_language("fr")
    assert tr(cause) == "le disque est plein"


def test_damaged_pending_results_are_told_in_portuguese(tmp_path):
    from canasta.store.pending import PendingFile
    path = tmp_path / "scores-pending.json"
    path.write_text("{not json")
    said = []
    assert PendingFile(path, said.append).load() == []
    copy = [p.name for p in tmp_path.iterdir() if p.name != "scores-pending.json"][0]
    assert said == [f"Results waiting to be added to the score history were damaged; they were kept as {copy}."]
    i18n.set_language("pt_BR")
    assert tr(said[0]) == ("Os resultados à espera de entrar no histórico de placares estavam danificados; "
                           f"foram guardados como {copy}.")


def test_a_score_history_in_a_foreign_form_is_told_in_german():
    """The score history's reasons (newer, not in the expected form, not a file) are
    messages of the catalog, so the notice is German throughout: here a file with
    tables of some other program's."""
    import sqlite3

    from canasta.store.database import ScoreDatabase
    from canasta.store.paths import data_dir
    from canasta.store.schema import DB_FILE

    data_dir().mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(data_dir() / DB_FILE)
    conn.execute("CREATE TABLE recipes(id INTEGER, name TEXT)")
    conn.close()
    with ScoreDatabase() as db:
        messages = db.take_messages()
    assert messages and messages[0].startswith("The score history is not in the form this version expects")
    i18n.set_language("de")
    german = tr(messages[0])
    assert "not in the form" not in german
    assert german != messages[0]


def test_a_hand_edited_settings_file_s_bad_values_are_told_in_german():
    """The reasons a settings value is ignored are messages: the notice reads German but
    for the file's own keys (not words: what the player typed in the file)."""
    from canasta.store.settings import load_settings, settings_path
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('text_size = 250\ncard_size = "big"\nreduced_motion = 3\nvolume = 0.3\n'
                               'wobble = 1\n', encoding="utf-8")
    loaded, messages = load_settings()
    assert loaded.volume == 0.3
    assert messages == ["Ignored in settings.toml: text_size (must be from 100 to 200), "
                        "card_size (must be a percentage from 100 to 200), "
                        "reduced_motion (must be true or false), wobble (unknown)."]
    i18n.set_language("de")
    german = tr(messages[0])
    assert "must be" not in german and "unknown" not in german and "Ignored" not in german
    for key in ("settings.toml", "text_size", "card_size", "reduced_motion", "wobble", "100", "200"):
        assert key in german
