"""Playing at the table with key events only: a computer player chooses each of the
human seat's moves, and :class:`KeyPlayer` makes it by pressing keys (Tab, the arrows,
Space, Enter and the buttons' letters), never by calling the table or clicking. A move
the keys cannot make fails the test that uses it."""

from __future__ import annotations

import pygame

from canasta.ai import make_player
from canasta.engine import Answer, Ask, Discard, Draw, Meld, Pass, TakePile, legal_actions
from canasta.engine.observe import observe
from harness import DT


class NoKeys(AssertionError):
    """The keyboard could not make the move the player chose."""


class KeyPlayer:
    def __init__(self, app, table, level: str = "easy", seed: int = 0):
        self.app, self.table = app, table
        self.player = make_player(level, seed=seed)
        self.moves = 0
        self.before_move = None      # called with (state, action) just before each move's keys

    # -- keys
    def key(self, k: int, mod: int = 0) -> None:
        self.app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                           pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])

    def focus(self, control) -> None:
        for _ in range(40):
            if self.table.focus.current() is control:
                return
            self.key(pygame.K_TAB)
        raise NoKeys(f"Tab never reached {control.name}")

    def to_card(self, card: int) -> None:
        t = self.table
        self.focus(t.hand_focus)
        for _ in range(len(t.hand_order) + 1):
            if t.hand_focus.card() == card:
                return
            self.key(pygame.K_RIGHT)
        raise NoKeys(f"the arrows never reached card {card}")

    def pick(self, cards) -> None:
        for c in cards:
            if c not in self.table.selected:
                self.to_card(c)
                self.key(pygame.K_SPACE)
        assert set(cards) <= self.table.selected

    def onto(self, meld_id: int) -> None:
        """Focus the side's meld with this id (Tab to the melds, then the arrows)."""
        t = self.table
        self.focus(t.meld_focus)
        for _ in range(40):
            m = t.meld_focus.meld()
            if m is not None and m.id == meld_id:
                return
            self.key(pygame.K_RIGHT)
        raise NoKeys(f"the arrows never reached meld {meld_id}")

    def settle(self, limit: int = 3000) -> None:
        """Frames until the human seat may act (or the deal is over)."""
        t = self.table
        for _ in range(limit):
            st = t.state
            if st.deal_over or (t.seats[st.to_act].human and not t.ctl.animator.busy and t.ctl.pause <= 0):
                if t.privacy is not None:
                    self.key(pygame.K_RETURN)       # "I am here"
                    continue
                return
            self.app.step(DT, [])
        raise AssertionError("the computer players never finished")

    # -- one move
    def move(self) -> None:
        t = self.table
        st = t.state
        legal = legal_actions(st)
        action = self.player.choose(observe(st, st.to_act), legal)
        if self.before_move is not None:
            self.before_move(st, action)
        count = len(t.game.actions)
        self.make(action)
        self.moves += 1
        if len(t.game.actions) == count:
            raise NoKeys(f"the keys made no move for {action!r} (the table said: {t.toast.message!r})")

    def make(self, a) -> None:
        t = self.table
        if isinstance(a, (Draw, Pass)):
            self.key(pygame.K_d)
        elif isinstance(a, Discard):
            self.clear()
            self.to_card(a.card)
            self.key(pygame.K_x)
        elif isinstance(a, Ask):
            self.key(pygame.K_a)
        elif isinstance(a, Answer):
            self.key(pygame.K_y if a.yes else pygame.K_n)
        elif isinstance(a, TakePile):
            self.clear()
            for g in a.melds:
                self.pick(g.cards)
                self.key(pygame.K_m)              # staged to meld with the pile
            self.pick(a.with_cards)
            if a.onto is not None:
                self.onto(a.onto)
                self.key(pygame.K_RETURN)
            else:
                self.key(pygame.K_t)
        elif isinstance(a, Meld):
            self.clear()
            for g in a.groups:
                self.pick(g.cards)
                if g.onto is not None:
                    self.onto(g.onto)
                    self.key(pygame.K_RETURN)
                else:
                    self.key(pygame.K_m)
            if t.staged:
                self.key(pygame.K_l)              # lay the staged melds down together
        else:
            extra = getattr(t.pieces, "key_for", None) if t.pieces else None
            if extra is None:
                raise NoKeys(f"no keys known for {a!r}")
            self.key(extra(a))

    def clear(self) -> None:
        """Nothing picked (Space again on each picked card)."""
        for c in list(self.table.selected):
            self.to_card(c)
            self.key(pygame.K_SPACE)

    def play_deal(self, limit: int = 600) -> None:
        """The whole deal, to its score sheet."""
        for _ in range(limit):
            self.settle()
            if self.table.state.deal_over:
                return
            self.move()
        raise AssertionError("the deal did not end")
