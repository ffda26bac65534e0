"""What the table says aloud (with *Read the game aloud* on; see :mod:`canasta.ui.speech`).

After every move: the move log's sentence for it, and whose turn it is when the turn
passes. At the start of your turn, and after you draw, take the pile or meld: what
you drew, your hand (grouped, with counts), the top of the pile and whether it is
frozen, and what you may do now, with the keys. On keys, at any time:

* F2 your hand, F3 the pile, F4 the melds (your side's, then the others'), F5 the
  scores, F6 the focused card or button (and why a button cannot be used now);
* moving the keyboard focus says the card or button it lands on.

Only what the viewer may see is ever said: the narration never names a card drawn face
down, and the hand read is the viewer's own.
"""

from __future__ import annotations

from collections import Counter
from typing import Optional

import pygame

from ...engine import Discard, Draw, Meld, TakePile, legal_actions
from ...engine.cards import BLACK3, JOKER, KIND_OF, PLURAL_NAMES, RANK_NAMES, RANK_OF, RED3, SUITS, TWO, describe
from ...engine.state import DRAW, PLAY
from .words import frozen_reason

#: the keys that read a part of the table, and what they read (shown in Settings)
KEYS = {pygame.K_F2: "hand", pygame.K_F3: "pile", pygame.K_F4: "melds", pygame.K_F5: "scores",
        pygame.K_F6: "focus"}
KEYS_SENTENCE = "F2 hand, F3 pile, F4 melds, F5 scores, F6 the focused card or button"

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
            9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}
_SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _count(n: int) -> str:
    return _NUMBERS.get(n, str(n))


def kind_words(kind: int, n: int) -> str:
    """'a king', 'three kings', 'two jokers', 'a red three', 'two twos'."""
    if kind == RED3:
        single, plural = "red three", "red threes"
    elif kind == BLACK3:
        single, plural = "black three", "black threes"
    elif kind == JOKER:
        single, plural = "joker", "jokers"
    elif kind == TWO:
        single, plural = "two", "twos"
    else:
        single, plural = RANK_NAMES[kind], PLURAL_NAMES[kind]
    if n == 1:
        return ("an " if single[0] in "aeiou" else "a ") + single
    return f"{_count(n)} {plural}"


def _order(kind: int) -> int:
    """Naturals high to low, then the wild cards, then the threes."""
    return {JOKER: 20, TWO: 21, RED3: 23, BLACK3: 22}.get(kind, 14 - kind)


def hand_sentence(cards) -> str:
    """'Your hand, 11 cards: three kings, an eight, a joker.'"""
    if not cards:
        return "Your hand is empty."
    counts = Counter(KIND_OF[c] for c in cards)
    parts = [kind_words(k, counts[k]) for k in sorted(counts, key=_order)]
    return f"Your hand, {len(cards)} card{'s' if len(cards) != 1 else ''}: " + ", ".join(parts) + "."


def pile_sentence(st, team: int) -> str:
    """'The pile, 9 cards: the king of hearts on top; frozen (a card lies across it).'"""
    if not st.pile:
        return "The pile is empty."
    why = frozen_reason(st, team)
    frozen = f"frozen ({why})" if why else "not frozen"
    n = len(st.pile)
    return f"The pile, {n} card{'s' if n != 1 else ''}: {describe(st.pile[-1])} on top; {frozen}."


def meld_words(m) -> str:
    """'kings, 5 cards with 1 wild card' / 'a sequence of hearts, 4 to 9' / '... a natural canasta'."""
    if m.kind == "sequence":
        suit = _SUIT_WORDS[SUITS[m.suit]] if m.suit >= 0 else ""
        low, high = RANK_NAMES.get(m.low, "?"), RANK_NAMES.get(m.high, "?")
        head = f"a sequence of {suit}, {low} to {high}"
    elif m.kind == "black3":
        head = "black threes"
    elif m.kind == "wild":
        head = "wild cards"
    else:
        head = PLURAL_NAMES.get(m.rank, "cards")
    body = f"{m.size} cards" + (f" with {m.wilds} wild" if m.wilds else "")
    tail = f", a {m.canasta} canasta" if m.canasta else ""
    return f"{head}, {body}{tail}"


def melds_sentence(ctl, team: int) -> str:
    st = ctl.state
    parts = []
    for t in range(st.rules.teams):
        who = "Your side" if t == team else ctl.team_name(t)
        melds = st.melds[t]
        said = "; ".join(meld_words(m) for m in melds) if melds else "no melds yet"
        parts.append(f"{who}: {said}.")
    return "Melds. " + " ".join(parts)


def scores_sentence(ctl, team: int) -> str:
    st = ctl.state
    result = st.result if st.deal_over else None
    parts = []
    for t in range(st.rules.teams):
        who = "your side" if t == team else ctl.team_name(t)
        this = f" ({result.scores[t]:+,} this deal)" if result is not None else ""
        parts.append(f"{who} {st.totals[t]:,}{this}")
    return "Scores: " + ", ".join(parts) + "."


def choices_sentence(st) -> str:
    """What the player may do now, with the keys (from the engine's legal moves)."""
    legal = legal_actions(st)
    if st.phase == DRAW:
        ways = []
        if any(isinstance(a, Draw) for a in legal):
            ways.append("draw from the stock (D)")
        if any(isinstance(a, TakePile) for a in legal):
            ways.append("take the pile (T, with the cards picked to meld with its top card)")
        if not ways:
            ways.append("pass (D)")
        return "You may " + " or ".join(ways) + "."
    ways = []
    if any(isinstance(a, Meld) for a in legal):
        ways.append("meld (pick cards with Space, then M, or Enter on one of your melds)")
    if any(isinstance(a, Discard) for a in legal):
        ways.append("discard (X on a card)")
    if any(type(a).__name__ == "Ask" for a in legal):
        ways.append("ask your partner to go out (A)")
    return ("You may " + ", or ".join(ways) + ".") if ways else ""


class TableVoice:
    """The table's narrator; ``ctl`` is the table's controller."""

    def __init__(self, ctl) -> None:
        self.ctl = ctl
        self._hand: Optional[Counter] = None
        self._focus: object = None
        self._prompted: tuple = ()
        self._other: tuple = ()
        self._last = None

    @property
    def speech(self):
        return getattr(self.ctl.app, "speech", None)

    def say(self, text: str, interrupt: bool = False) -> None:
        sp = self.speech
        if sp is not None and text:
            sp.say(text, interrupt=interrupt)

    def _on(self) -> bool:
        sp = self.speech
        return sp is not None and sp.on

    def _viewer(self) -> int:
        return self.ctl.viewer if self.ctl.viewer is not None else 0

    def moved(self, actor: int, action) -> None:
        """After a move: its sentence, and whose turn it is when the turn passed to
        someone else (the viewer's own turn is prompted by :meth:`tick`)."""
        if not self._on():
            return
        ctl, st = self.ctl, self.ctl.state
        if ctl.log:
            self.say(ctl.log[-1].text)
        self._last = action
        if st.deal_over:
            self.say(scores_sentence(ctl, st.team_of(self._viewer())))
        elif st.to_act != actor and not ctl.my_turn():
            who = st.to_act
            self.say("Your turn." if ctl.seats[who].human else f"{ctl.seat_name(who)}'s turn.")
        self.tick()     # the viewer's turn: prompted at once, before any key can act

    def tick(self) -> None:
        """Each frame: at the viewer's turn, once per position, all that the next move
        needs (what was drawn, the hand, the pile, the choices)."""
        ctl = self.ctl
        if not self._on():
            return
        at = (len(ctl.game.actions), ctl.state.deal_number, ctl.privacy)
        if at != self._other and (ctl.privacy is not None or ctl.answering()):
            self._other = at          # the screen passed on, or a question to answer
            if ctl.privacy is not None:
                who = ctl.seat_name(ctl.privacy)
                self.say(f"Pass the screen to {who}; Enter when {who} is here.")
            else:
                asker = ctl.seat_name(ctl.state.turn)
                self.say(f"{asker} asks you: may I go out? Y for yes, N for no.")
            return
        if not ctl.my_turn() or ctl.state.phase not in (DRAW, PLAY):
            return
        at = (len(ctl.game.actions), ctl.state.deal_number)
        if at == self._prompted:
            return
        self._prompted = at
        st = ctl.state
        head = "Your turn. " if st.phase == DRAW else ""
        if isinstance(self._last, Draw) and st.phase == PLAY and self._hand is not None:
            new = Counter(st.hands[st.to_act]) - self._hand
            if new:
                head = "You drew " + ", ".join(describe(c) for c in sorted(new.elements())) + ". "
        self.prompt(head)

    def prompt(self, head: str = "") -> None:
        """The viewer's hand, the pile and the choices: all that the next move needs."""
        st = self.ctl.state
        seat = st.to_act
        hand = st.hands[seat]
        self._hand = Counter(hand)
        self.say(head + hand_sentence(hand))
        self.say(pile_sentence(st, st.team_of(seat)))
        self.say(choices_sentence(st) if st.phase in (DRAW, PLAY) else "")

    def key(self, key: int, scene) -> bool:
        """F2..F6: read that part of the table; True if the key was one of them."""
        what = KEYS.get(key)
        if what is None or not self._on():
            return False
        ctl, st = self.ctl, self.ctl.state
        seat = self._viewer()
        team = st.team_of(seat)
        if what == "hand":
            text = hand_sentence(st.hands[seat]) if ctl.show_hand() else "Your hand is hidden now."
        elif what == "pile":
            text = pile_sentence(st, team)
        elif what == "melds":
            text = melds_sentence(ctl, team)
        elif what == "scores":
            text = scores_sentence(ctl, team)
        else:
            text = self.focus_words(scene) or "Nothing has the keyboard focus."
        self.say(text, interrupt=True)
        return True

    def focus_words(self, scene) -> str:
        f = scene.focus.current()
        if f is None:
            return ""
        if f is scene.hand_focus:
            card = f.card()
            return f"{describe(card).capitalize()}, in your hand." if card is not None else ""
        words = getattr(f, "speak", None)
        if callable(words):
            return words()
        label = getattr(f, "label", "") or getattr(f, "name", "")
        why = getattr(f, "why_disabled", "") if not getattr(f, "enabled", True) else ""
        return f"{label} button" + (f", not now: {why}" if why else ".")

    def focus_moved(self, scene) -> None:
        """Say the card or button the keyboard focus is on, when it changed."""
        if not self._on():
            return
        f = scene.focus.current()
        now = (f, f.card() if f is scene.hand_focus else None, getattr(f, "index", None))
        if now != self._focus:
            self._focus = now
            self.say(self.focus_words(scene), interrupt=True)
