"""Learn to play: the guided first deal, opened from the main menu and played to its
end with posted mouse events (clicks and drags at the places the cards are drawn),
with a wrong move at several steps that is refused gently and changes nothing."""

from __future__ import annotations

import pytest

from canasta.engine.cards import CODE_OF
from canasta.ui.tutorial import Lesson, LessonGame, LessonPlayers, LessonScene, YOU

from harness import DT, click, frames
from helpers import drag


def settle(app, scene, limit: int = 600) -> None:
    """Frames until the lesson waits for the player (or the deal is over)."""
    for _ in range(limit):
        app.step(DT, [])
        st = scene.state
        if not scene.animator.busy and (st.deal_over or (st.to_act == YOU and scene.ctl.my_turn())):
            return
    raise AssertionError("the lesson never came back to the player")


def card(scene, code: str, where: str = "hand") -> int:
    st = scene.state
    pool = st.hands[YOU] if where == "hand" else st.pile
    return next(c for c in pool if CODE_OF[c] == code)


def button(scene, label: str):
    """A table button (its rect is in window pixels: click its centre)."""
    return next(b for b in scene.buttons if b.label == label)


def refused(app, scene, gesture) -> str:
    """Make a move the lesson does not ask for: nothing changes, a gentle sentence shows."""
    before = (len(scene.game.actions), scene.state.snapshot())
    scene.ctl.toast.left = 0
    gesture()
    frames(app, 2)
    assert (len(scene.game.actions), scene.state.snapshot()) == before
    assert scene.ctl.toast.visible and not scene.ctl.toast.error
    return scene.ctl.toast.message


def select(app, scene, codes) -> None:
    for code in codes:
        c = card(scene, code)
        click(app, scene.click_point(c))
        assert c in scene.selected, code


@pytest.mark.parametrize("size,sizes", [((1280, 800), 100), ((1024, 640), 100), ((1280, 800), 200)])
def test_the_guided_deal_played_to_its_end(launch, size, sizes):
    """At Text size and Card size 200% too, every step drawn with nothing overlapping."""
    from layout_check import probe_frame, problems
    app, session = launch(size=size)
    app.settings.text_size = app.settings.card_size = sizes
    app.apply_settings()
    session.show_main_menu()
    frames(app)
    menu = app.scene
    click(app, menu.learn_button)
    scene = app.scene
    assert isinstance(scene, LessonScene)
    lesson = scene.lesson
    settle(app, scene)
    titles = []

    def at(step: int) -> None:
        settle(app, scene)
        assert lesson.index() == step, (lesson.index(), step)
        title, sentence, zones, cards = scene.caption()
        assert title.startswith(f"Step {step + 1} of 9") and sentence
        # the caption points at zones on the table, and rings cards that are in the hand
        assert zones and all(scene.zone(z) is not None for z in zones), zones
        assert set(cards) <= set(scene.state.hands[YOU])
        titles.append(title)
        found = problems(probe_frame(app), app.screen.get_rect())
        assert not found, f"step {step + 1}:\n" + "\n".join(found)

    # 1. draw (taking the pile first is refused)
    at(0)
    assert "draw" in refused(app, scene, lambda: click(app, button(scene, "Take pile").rect.center)).lower()
    click(app, scene.zone_centre("stock"))
    # 2. the first meld: the kings staged (40 is short of 50), the eights, Lay down
    at(1)
    select(app, scene, ["KS", "KD", "KC", "KH"])
    drag(app, scene.click_point(card(scene, "KS")), scene.zone_centre("meld_area"))
    frames(app, 2)
    assert len(scene.staged) == 1 and not scene.state.melds[YOU]
    select(app, scene, ["8S", "8D", "8C"])
    drag(app, scene.click_point(card(scene, "8S")), scene.zone_centre("meld_area"))
    frames(app, 2)
    assert len(scene.staged) == 2
    click(app, button(scene, "Lay down").rect.center)
    # 3. discard the 4 of clubs (the 4 of diamonds is refused)
    at(2)
    assert sum(len(m.cards) for m in scene.state.melds[YOU]) == 7
    refused(app, scene, lambda: drag(app, scene.click_point(card(scene, "4D")), scene.zone_centre("pile")))
    drag(app, scene.click_point(card(scene, "4C")), scene.zone_centre("pile"))
    # Marta draws and throws the 2 of clubs: 4. the pile is frozen; draw
    at(3)
    assert scene.state.frozen and CODE_OF[scene.state.pile[-1]] == "2C"
    click(app, scene.zone_centre("stock"))
    # 5. add the king (with the joker too: refused)
    at(4)
    kings = lesson.kings_meld()
    select(app, scene, ["KD", "JK"])
    refused(app, scene, lambda: drag(app, scene.click_point(card(scene, "KD")), scene.meld_centre(kings.id)))
    click(app, scene.click_point(card(scene, "JK")))          # the joker back down
    assert set(scene.selected) == {card(scene, "KD")}
    drag(app, scene.click_point(card(scene, "KD")), scene.meld_centre(kings.id))
    # 6. discard the 4 of diamonds
    at(5)
    assert len(lesson.kings_meld().cards) == 5
    drag(app, scene.click_point(card(scene, "4D")), scene.zone_centre("pile"))
    # Marta throws the 6 of spades: 7. take the frozen pile (drawing is refused)
    at(6)
    assert CODE_OF[scene.state.pile[-1]] == "6S"
    refused(app, scene, lambda: click(app, scene.zone_centre("stock")))
    refused(app, scene, lambda: click(app, scene.zone_centre("pile")))      # the sixes not picked yet
    select(app, scene, ["6D", "6H"])
    click(app, scene.zone_centre("pile"))
    frames(app, 2)
    assert len(scene.game.actions) == 11, (scene.ctl.toast.message, scene.staged)
    # 8. the canasta: the king of spades and the joker onto the kings
    at(7)
    assert not scene.state.pile
    select(app, scene, ["KS", "JK"])
    drag(app, scene.click_point(card(scene, "KS")), scene.meld_centre(kings.id))
    # 9. go out: the fours and the 2 (a discard is refused)
    at(8)
    assert lesson.kings_meld().canasta is not None
    refused(app, scene, lambda: drag(app, scene.click_point(card(scene, "2C")), scene.zone_centre("pile")))
    select(app, scene, ["4C", "4D", "2C"])
    drag(app, scene.click_point(card(scene, "4C")), scene.zone_centre("meld_area"))
    settle(app, scene)
    st = scene.state
    assert st.deal_over and st.went_out == YOU
    assert scene.caption()[0] == "You went out!"
    assert len(titles) == 9
    # Finish goes back to the main menu, and the app's computer players are the real ones again
    frames(app, 3)
    click(app, scene.sheet_button.rect.center)
    frames(app, 2)
    assert type(app.scene).__name__ == "MainMenu"
    assert not isinstance(app.ai, LessonPlayers) and app.ai is scene._inner_ai


def test_the_lesson_deal_is_legal_and_marta_follows_the_script():
    """The prepared deal holds two packs' cards, each once, and the script plays."""
    game = LessonGame()
    st = game.state
    ids = [c for h in st.hands for c in h] + list(st.stock) + list(st.pile)
    assert len(ids) == len(set(ids)) == 108
    assert [len(h) for h in st.hands] == [11, 11]
    assert st.turn == YOU
    lesson = Lesson(game)
    assert lesson.index() == 0


def test_the_menu_key_l_opens_the_lesson_and_escape_leaves_it(launch):
    from harness import press
    import pygame
    app, session = launch()
    session.show_main_menu()
    frames(app)
    press(app, pygame.K_l, unicode="l")
    scene = app.scene
    assert isinstance(scene, LessonScene) and isinstance(app.ai, LessonPlayers)
    frames(app, 5)
    press(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert type(app.scene).__name__ == "MainMenu"
    assert app.ai is scene._inner_ai
