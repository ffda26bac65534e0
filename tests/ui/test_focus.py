"""The one button and focus framework: Tab order, pressing, disabled and hidden
controls, shortcuts and explanations, on bare controls and on the real screens."""

from __future__ import annotations

import pygame
import pytest

from canasta.ui.controls import Button, Toggle
from canasta.ui.fields import TextField
from canasta.ui.focus import FocusGroup
from canasta.ui.forms import TIP_DELAY, Screen
from canasta.ui.menus import MainMenu
from canasta.ui.screens.newgame import NewGameScreen
from canasta.ui.screens.settings import SettingsScreen
from canasta.ui.widgets import Button as TableButton
from harness import DT, centre_of, frames, press


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def row_of_buttons(n: int = 4):
    """``n`` buttons side by side, each recording its presses."""
    pressed: list[str] = []
    buttons = []
    for i in range(n):
        b = Button(f"B{i}", lambda i=i: pressed.append(f"B{i}"), name=f"b{i}")
        b.rect = pygame.Rect(20 + 120 * i, 20, 100, 40)
        buttons.append(b)
    return buttons, pressed


def test_tab_follows_the_order_given_and_wraps_round():
    buttons, _ = row_of_buttons()
    group = FocusGroup(buttons)
    seen = []
    for _ in range(5):
        assert group.handle_key(key(pygame.K_TAB))
        seen.append(group.focused.name)
    assert seen == ["b0", "b1", "b2", "b3", "b0"]
    group.handle_key(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert group.focused.name == "b3"


def test_disabled_hidden_and_unplaced_controls_are_skipped():
    buttons, pressed = row_of_buttons()
    buttons[1].enabled = False
    buttons[2].visible = False
    group = FocusGroup(buttons)
    order = []
    for _ in range(3):
        group.move(1)
        order.append(group.focused.name)
    assert order == ["b0", "b3", "b0"]
    buttons[3].rect = pygame.Rect(0, 0, 0, 0)  # not laid out: not reachable either
    group.move(1)
    assert group.focused.name == "b0"
    # the right arrow jumps over the disabled and hidden buttons too
    buttons[3].rect = pygame.Rect(380, 20, 100, 40)
    group.handle_key(key(pygame.K_RIGHT))
    assert group.focused.name == "b3"
    # a disabled button is not pressed by Enter even if it held the focus
    group.focus(buttons[1])
    group.handle_key(key(pygame.K_RETURN))
    assert pressed == []


def test_enter_and_space_press_the_focused_button():
    buttons, pressed = row_of_buttons()
    group = FocusGroup(buttons)
    group.move(1)
    group.move(1)
    assert group.handle_key(key(pygame.K_RETURN))
    assert group.handle_key(key(pygame.K_SPACE))
    assert group.handle_key(key(pygame.K_KP_ENTER))
    assert pressed == ["B1", "B1", "B1"]


def test_enter_with_nothing_focused_presses_the_default_and_space_only_focuses_it():
    buttons, pressed = row_of_buttons()
    group = FocusGroup(buttons, default=buttons[2])
    group.handle_key(key(pygame.K_SPACE))
    assert group.focused is buttons[2] and pressed == []
    group.focused = None
    group.handle_key(key(pygame.K_RETURN))
    assert pressed == ["B2"]


def test_a_buttons_key_presses_it_unless_it_is_disabled_or_hidden():
    pressed = []
    meld = Button("Meld", lambda: pressed.append("meld"), pygame.K_m, "Meld the selected cards")
    meld.rect = pygame.Rect(0, 0, 80, 30)
    group = FocusGroup([meld])
    assert group.handle_key(key(pygame.K_m))
    meld.enabled = False
    assert not group.handle_key(key(pygame.K_m))
    meld.enabled, meld.visible = True, False
    assert not group.handle_key(key(pygame.K_m))
    assert pressed == ["meld"]


def test_a_text_field_takes_its_keys_and_enter_moves_on():
    value = {"text": ""}
    field = TextField(lambda: value["text"], lambda s: value.update(text=s), name="name")
    field.rect = pygame.Rect(0, 0, 200, 30)
    flag = {"on": False}
    toggle = Toggle(lambda: flag["on"], lambda v: flag.update(on=v), name="flag")
    toggle.rect = pygame.Rect(0, 50, 100, 30)
    letter_n = Button("N", lambda: value.update(text="pressed"), pygame.K_n)
    letter_n.rect = pygame.Rect(0, 100, 100, 30)
    group = FocusGroup([field, toggle, letter_n])
    group.focus(field)
    assert group.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
    assert value["text"] == ""  # typing a letter does not press the button with that key
    group.handle_key(key(pygame.K_RETURN))
    assert group.focused is toggle
    group.handle_key(key(pygame.K_SPACE))
    assert flag["on"] is True


def test_a_button_placed_by_its_scene_takes_clicks_through_handle():
    pressed = []
    b = Button("Draw", lambda: pressed.append(1), pygame.K_d, "Draw from the stock")
    b.rect = pygame.Rect(100, 100, 80, 30)
    inside, outside = (120, 110), (10, 10)
    assert not b.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=inside, rel=(0, 0), buttons=(0, 0, 0)))
    assert b.hover
    assert b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=inside, button=1))
    assert b.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=inside, button=1))
    # pressed outside, released inside: not a click
    b.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=outside, button=1))
    assert not b.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=inside, button=1))
    assert pressed == [1]
    b.enabled = False
    b.why_disabled = "You have drawn already."
    assert b.explanation() == "You have drawn already."
    b.enabled = True
    assert b.explanation() == "Draw from the stock"


def test_the_tables_buttons_are_the_same_buttons():
    b = TableButton("Next deal", lambda: None, pygame.K_RETURN)
    assert isinstance(b, Button)
    b.rect = pygame.Rect(0, 0, 100, 40)
    assert FocusGroup([b]).focusables() == [b]


@pytest.mark.usefixtures("user_folders")
def test_tab_on_the_main_menu_visits_the_shown_buttons_in_order(launch):
    app, session = launch()
    menu = app.scene
    assert isinstance(menu, MainMenu) and isinstance(menu, Screen)
    seen = [menu.focused.name]
    for _ in range(6):
        press(app, pygame.K_TAB)
        seen.append(app.scene.focused.name)
    # Continue (no game in progress) and Dismiss (no notice) are hidden: skipped
    assert seen == ["new", "online", "statistics", "rules", "settings", "quit", "new"]
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert app.scene.focused.name == "quit"
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)  # Enter presses the focused Settings
    assert isinstance(app.scene, SettingsScreen)


@pytest.mark.usefixtures("user_folders")
def test_a_disabled_start_button_is_skipped_and_says_why(launch):
    app, session = launch()
    press(app, pygame.K_n)  # the menu's key for New game
    form = app.scene
    assert isinstance(form, NewGameScreen)
    form.set_opt("hand_size", 20)
    form.set_opt("decks", 1)  # too few cards for the deal
    frames(app)
    start = form.control("start")
    assert not start.enabled and start.explanation() == form.error
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # from nothing, backwards: the last that can take it
    assert form.focused is form.control("back")
    # the pointer resting on it shows why it cannot be used
    app.keyboard_used = False
    pos = centre_of(app, start)
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    assert form.tip_control() is None
    frames(app, int(TIP_DELAY / DT) + 2)
    assert form.tip_control() is start


def test_a_reason_given_as_a_function_is_asked_when_it_is_read():
    """A table places its buttons every frame; the reason a disabled one gives is worked
    out only when it is shown or spoken, and then it is the reason at that moment."""
    asked = []
    state = {"why": "Not your turn."}

    def why():
        asked.append(1)
        return state["why"]

    b = Button("Draw", lambda: None)
    b.enabled = False
    b.why_disabled = why
    assert asked == []
    state["why"] = "Draw first."
    assert b.explanation() == "Draw first." and b.why_disabled == "Draw first."
    assert len(asked) == 2
    b.enabled = True
    b.why_disabled = ""
    assert b.explanation() == b.explanation() and len(asked) == 2
