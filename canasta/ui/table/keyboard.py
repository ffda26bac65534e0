"""The table without a mouse: your hand and your side's melds as stops of the keyboard
focus.

On the hand (:class:`HandFocus`), Left and Right move along the cards, Space picks the
focused card, X discards it and Enter lays the staged melds down. Tab (after the hand)
reaches :class:`MeldFocus`: Left and Right choose one of your
side's melds, and Enter or Space does what dropping on that meld does: adds the picked
cards to it, or, before you draw, takes the pile onto it (with the picked cards); with
nothing picked, where the game combines two groups of a rank (Samba's option), Enter
picks the meld up and Enter on another joins them. So
a wild card goes onto the meld you choose, a sequence's end card onto the sequence you
choose, and the pile onto the meld its top card should join. The meld is ringed on the
table while the keyboard is in use, and *Read the game aloud* names it.

C opens the score sheet of every deal (the mouse clicks the score box).
"""

from __future__ import annotations

from typing import Optional

import pygame

from ..controls import Control
from .gestures import can_drag_meld
from .voice import meld_words
from ...i18n import N_, t, tr

SCORES_KEY = pygame.K_c


class _Said:
    """A focus stop's tip kept as its message, read in the language in use."""

    @property
    def tip(self) -> str:
        return tr(self._tip)

    @tip.setter
    def tip(self, value: str) -> None:
        self._tip = value


class MeldFocus(_Said, Control):
    """Your side's melds as one focus stop (see the module documentation)."""

    def __init__(self, scene) -> None:
        super().__init__("melds", N_("Your melds: Left and Right choose one, Enter adds the picked cards to it"))
        self.scene = scene
        self.index = 0
        #: a meld picked up with Enter to be joined to another (Samba's merge_groups)
        self.carrying: Optional[int] = None

    def _melds(self) -> list:
        ctl = self.scene.ctl
        st = ctl.state
        if ctl.viewer is None:
            return []
        return list(st.melds[st.team_of(ctl.viewer)])

    def can_focus(self) -> bool:
        return self.scene.ctl.my_turn() and bool(self._melds())

    def can_press(self) -> bool:
        return False

    def meld(self):
        melds = self._melds()
        return melds[min(self.index, len(melds) - 1)] if melds else None

    def speak(self) -> str:
        m = self.meld()
        return tr(t("Your meld of {meld}.", meld=meld_words(m))) if m is not None else ""

    def on_key(self, event: pygame.event.Event) -> bool:
        k = event.key
        melds = self._melds()
        if not melds:
            return False
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.index = (min(self.index, len(melds) - 1) + (1 if k == pygame.K_RIGHT else -1)) % len(melds)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.drop_here()
            return True
        return False

    def drop_here(self) -> None:
        """Enter: the picked cards (or the pile, before drawing) onto this meld."""
        ctl = self.scene.ctl
        m = self.meld()
        if m is None or not ctl.my_turn():
            return
        zone = f"meld:{m.id}"
        st = ctl.state
        carried = st.meld_by_id(st.team_of(st.to_act), self.carrying) if self.carrying is not None else None
        self.carrying = None
        if carried is not None:
            if carried.id != m.id:     # Enter on the same meld puts it back down
                ctl.release(list(carried.cards), zone, from_meld=carried.id)
            return
        if st.phase == "draw" and st.pile:
            ctl.release([st.pile[-1]], zone, from_pile=True)
        elif ctl.selected:
            ctl.release(ctl.selected_in_order(), zone)
        elif can_drag_meld(st, m.id):
            self.carrying = m.id
            ctl.say(N_("Choose the meld to join it to (Left and Right), then Enter."), 4.0)
        else:
            ctl.say(N_("Pick the cards to add first: Space on each card in your hand."), 3.5)

    def place(self, view) -> None:
        """Its rectangle: the chosen meld's column, in window pixels."""
        m = self.meld()
        zones = self.scene.ctl.layout.meld_zones
        r: Optional[pygame.Rect] = zones.get(m.id) if m is not None else None
        self.rect = view.rect(r) if r is not None else pygame.Rect(0, 0, 0, 0)


class HandFocus(_Said, Control):
    """The viewer's hand as one stop of the keyboard focus (see the module documentation)."""

    def __init__(self, scene):
        super().__init__("hand", N_("Your hand: Left and Right move, Space picks a card"))
        self.scene = scene
        self.index = 0                       # the focused card's place in the hand

    def can_focus(self) -> bool:
        return bool(self.scene.hand_order)

    def can_press(self) -> bool:
        return False

    def card(self) -> Optional[int]:
        order = self.scene.hand_order
        return order[min(self.index, len(order) - 1)] if order else None

    def on_key(self, event: pygame.event.Event) -> bool:
        ctl, k = self.scene.ctl, event.key
        order = self.scene.hand_order
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and order:
            self.index = (min(self.index, len(order) - 1) + (1 if k == pygame.K_RIGHT else -1)) % len(order)
            return True
        if not ctl.my_turn() or not order:
            return False
        if k == pygame.K_SPACE:
            ctl.toggle(self.card())
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and ctl.staged:
            ctl.lay_down()
            return True
        if k == pygame.K_x and not ctl.selected:
            ctl.discard(self.card())
            return True
        return False
