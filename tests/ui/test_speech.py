"""Read the game aloud: the back ends (a screen reader, the speech command, none), and a
whole deal played with keys only while the recording back end listens: everything the
choice of each move needs was said before the move was made."""

from __future__ import annotations

from collections import Counter

import pytest

from canasta.engine import Discard, Draw, TakePile, legal_actions
from canasta.engine.cards import KIND_OF, PLURAL_NAMES, RANK_NAMES, describe
from canasta.engine.state import DRAW, PLAY
from canasta.store import Settings
from canasta.ui import speech
from canasta.ui.speech import NOT_FOUND, Command, Recorder, ScreenReader, Speech, find_backend
from canasta.ui.table import TableScene
from keys_only import KeyPlayer

# --------------------------------------------------------------------------- back ends


class FakeOutput:
    def __init__(self, name, active):
        self.name, self.active, self.said = name, active, []

    def is_active(self):
        return self.active

    def speak(self, text, interrupt=False):
        self.said.append((text, interrupt))


def ao2_with(*outputs):
    class Auto:
        def __init__(self):
            self.outputs = list(outputs)

    class Module:
        pass

    module = Module()
    module.Auto = Auto

    def importer(name):
        assert name == "accessible_output2.outputs.auto"
        return module
    return importer


def no_module(name):
    raise ImportError(name)


class FakePopen:
    runs: list = []

    def __init__(self, args, **kw):
        FakePopen.runs.append(args)
        self.stopped = False

    def poll(self):
        return None

    def terminate(self):
        self.stopped = True


def test_a_running_screen_reader_is_used_on_windows_and_macos():
    nvda = FakeOutput("NVDA", True)
    for system in ("Windows", "Darwin"):
        found = find_backend(system, which=lambda n: None, importer=ao2_with(FakeOutput("sapi5", True), nvda))
        assert isinstance(found, ScreenReader) and found.output is nvda
    found.say("West's turn.", interrupt=True)
    assert nvda.said == [("West's turn.", True)]


def test_the_system_voice_alone_is_not_a_screen_reader():
    importer = ao2_with(FakeOutput("sapi5", True), FakeOutput("NVDA", False))
    assert find_backend("Windows", which=lambda n: "C:/x/" + n, importer=importer) is None
    mac = find_backend("Darwin", which=lambda n: "/usr/bin/" + n if n == "say" else None, importer=importer,
                       popen=FakePopen)
    assert isinstance(mac, Command) and mac.name == "say"


def test_the_speech_command_is_used_on_linux_without_a_screen_reader():
    FakePopen.runs = []
    found = find_backend("Linux", which=lambda n: "/usr/bin/spd-say" if n == "spd-say" else None,
                         importer=no_module, popen=FakePopen)
    assert isinstance(found, Command) and found.name == "spd-say"
    found.say("-- Your turn.")
    found.say("Your hand, 2 cards.", interrupt=True)
    assert FakePopen.runs == [["/usr/bin/spd-say", "Your turn."], ["/usr/bin/spd-say", "-C"],
                              ["/usr/bin/spd-say", "Your hand, 2 cards."]]
    assert find_backend("Linux", which=lambda n: None, importer=no_module) is None


def test_no_way_to_speak_switches_speech_off_with_one_notice():
    s = Speech(Settings(speech=True), finder=lambda: None)
    s.say("Your turn.")
    s.say("Your hand, 11 cards.")
    assert s.take_notice() == NOT_FOUND
    assert s.take_notice() == ""          # said once
    off = Speech(Settings(speech=False), finder=lambda: pytest.fail("looked for a voice while off"))
    off.say("Your turn.")
    assert off.take_notice() == ""


def test_a_command_that_fails_stops_speech_with_one_notice():
    def broken(args, **kw):
        raise FileNotFoundError("spd-say")
    s = Speech(Settings(speech=True), finder=lambda: Command("/usr/bin/spd-say", "spd-say", broken))
    s.say("Your turn.")
    s.say("Again.")
    notice = s.take_notice()
    assert notice.startswith("Read the game aloud stopped: the speech command spd-say could not be run")
    assert s.take_notice() == ""


@pytest.mark.usefixtures("user_folders")
def test_a_missing_voice_is_said_at_start_up(launch, monkeypatch):
    from canasta.store.settings import save_settings
    from canasta.ui.menus import MainMenu
    monkeypatch.setattr(speech, "find_backend", lambda: None)
    save_settings(Settings(speech=True))
    app, session = launch()
    assert isinstance(app.scene, MainMenu)
    app.step(1 / 60, [])
    assert app.scene.toast.message == NOT_FOUND


@pytest.mark.usefixtures("user_folders")
def test_the_window_says_the_notice_once(launch, monkeypatch):
    monkeypatch.setattr(speech, "find_backend", lambda: None)
    app, session = launch(["--seed", "1234"])
    app.settings.speech = True
    app.speech = Speech(app.settings)
    table = app.scene
    for _ in range(30):
        app.step(1 / 60, [])
    assert table.ctl.toast.message == NOT_FOUND
    table.ctl.toast.show("something else", 2)
    for _ in range(30):
        app.step(1 / 60, [])
    assert table.ctl.toast.message == "something else"


# --------------------------------------------------------------------------- a deal, keys only


def _kind_words(kind: int, n: int) -> str:
    names = {1: ("red three", "red threes"), 3: ("black three", "black threes"), 15: ("joker", "jokers"),
             2: ("two", "twos")}
    single, plural = names.get(kind, (RANK_NAMES.get(kind), PLURAL_NAMES.get(kind)))
    return plural if n > 1 else single


@pytest.mark.usefixtures("user_folders")
def test_a_deal_played_by_ear_with_keys_only(launch):
    app, session = launch(["--players", "4", "--seed", "1234"])
    table = app.scene
    assert isinstance(table, TableScene)
    recorder = Recorder()
    app.settings.speech = True
    app.speech.use(recorder)
    keys = KeyPlayer(app, table, level="medium")
    said_upto = [0]
    last_hand: list = []
    checked = Counter()

    def heard_before(st, action):
        """At the human seat's decision: what was said since its last move."""
        heard = recorder.spoken[said_upto[0]:]
        text = " ".join(heard)
        hand = st.hands[st.to_act]
        # the hand, grouped with counts, as it is now
        spoken_hands = [h for h in heard if h.startswith("Your hand") or " Your hand," in h]
        assert spoken_hands, f"the hand was not said before {action!r}: {heard}"
        last = spoken_hands[-1]
        assert f"{len(hand)} cards" in last or len(hand) == 1
        for kind, n in Counter(KIND_OF[c] for c in hand).items():
            assert _kind_words(kind, n) in last, (kind, n, last)
        # the top of the pile and whether it is frozen
        if st.pile:
            pile = [h for h in heard if h.startswith("The pile")][-1]
            assert describe(st.pile[-1]) in pile and ("frozen" in pile)
        # the choices the engine offers now
        legal = legal_actions(st)
        if st.phase == DRAW:
            assert "draw from the stock (D)" in text
            if any(isinstance(a, TakePile) for a in legal):
                assert "take the pile (T" in text
                checked["pile offered"] += 1
        elif st.phase == PLAY and any(isinstance(a, Discard) for a in legal):
            assert "discard (X" in text
        # after a draw: the card drawn, by name
        if st.phase == PLAY and isinstance(table.game.actions[-1], Draw) and last_hand:
            drawn = Counter(hand) - last_hand[0]
            assert drawn and all(describe(c) in text for c in drawn), (drawn, text)
            assert "You drew " in text
            checked["draws heard"] += 1
        last_hand[:] = [Counter(hand)]
        said_upto[0] = len(recorder.spoken)     # the next decision hears what is said from here
        checked["moves"] += 1

    def after(st, action):
        heard_before(st, action)

    keys.before_move = after
    keys.play_deal()
    assert table.state.deal_over
    assert checked["moves"] >= 10 and checked["draws heard"] >= 4, checked
    # every move of the deal was narrated, the computers' too
    narrated = [line.text for line in table.ctl.log]
    assert sum(1 for line in narrated if line in recorder.spoken) >= len(narrated) - 1
    assert any(s.endswith("'s turn.") for s in recorder.spoken)
    assert recorder.spoken[-1].startswith("Scores:")


@pytest.mark.usefixtures("user_folders")
def test_the_reading_keys_say_each_part_of_the_table(launch):
    import pygame
    app, session = launch(["--players", "4", "--seed", "1234"])
    table = app.scene
    keys = KeyPlayer(app, table)
    keys.settle()
    recorder = Recorder()
    keys.key(pygame.K_F2)
    assert recorder.spoken == []                     # speech off: the keys read nothing
    app.settings.speech = True
    app.speech.use(recorder)
    st = table.state
    answers = {}
    for k, start in ((pygame.K_F2, "Your hand, 11 cards: "), (pygame.K_F3, "The pile, "),
                     (pygame.K_F4, "Melds. Your side: "), (pygame.K_F5, "Scores: your side 0"),
                     (pygame.K_F6, "The ")):
        before = len(recorder.spoken)
        keys.key(k)
        answers[k] = recorder.spoken[before]
        assert answers[k].startswith(start), recorder.spoken[before:]
    assert describe(st.pile[-1]) in answers[pygame.K_F3]
    assert recorder.interruptions == 5              # a key's answer cuts in at once
    assert "Ines" in answers[pygame.K_F4]           # the others' melds too


@pytest.mark.usefixtures("user_folders")
def test_the_screens_say_where_you_are_and_the_focused_control(launch):
    import pygame
    from harness import press
    app, session = launch()
    recorder = Recorder()
    app.settings.speech = True
    app.speech.use(recorder)
    press(app, pygame.K_o)                              # Settings, by its key
    assert recorder.spoken[-1] == "Settings."
    screen = app.scene
    for _ in range(len(screen.controls)):
        if screen.focused is screen.control("high_contrast"):
            break
        press(app, pygame.K_TAB)
    assert recorder.spoken[-1].startswith("High contrast, off.")
    press(app, pygame.K_RETURN)                          # switched on: said at once
    assert app.settings.high_contrast
    assert recorder.spoken[-1].startswith("High contrast, on.")
    press(app, pygame.K_TAB)
    assert recorder.spoken[-1].startswith("Sound, on.")
    app.settings.high_contrast = False
    app.apply_settings()


def test_the_privacy_screen_and_the_partners_question_are_said():
    import pygame
    from canasta.engine import Rules
    from canasta.engine.setup import position
    from test_table import ASK, make_table
    app, scene = make_table(state=position(Rules(), ASK), humans=4)
    recorder = Recorder()
    app.settings.speech = True
    app.speech.use(recorder)

    def key(k):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])
    app.step(1 / 60, [])
    if scene.privacy is not None:
        assert recorder.spoken[-1] == "Pass the screen to " + scene.seats[0].name + "; Enter when " \
            + scene.seats[0].name + " is here."
        key(pygame.K_RETURN)
    key(pygame.K_a)                                  # "Partner, may I go out?"
    north, south = scene.seats[2].name, scene.seats[0].name
    assert f"Pass the screen to {north}; Enter when {north} is here." in recorder.spoken
    key(pygame.K_RETURN)                             # North sits down
    assert recorder.spoken[-1] == f"{south} asks you: may I go out? Y for yes, N for no."
    key(pygame.K_y)
    assert scene.state.permission is True
