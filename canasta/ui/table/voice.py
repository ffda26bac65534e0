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
from ...engine.cards import BLACK3, JOKER, KIND_OF, RED3, TWO, describe
from ...engine.state import DRAW, PLAY
from ...engine.words import RANK_PLURALS, RANK_WORDS, SUIT_WORDS, count_word, rank_count, word
from ...i18n import N_, Text, t, tn, tr
from .gestures import Capital, Listed
from .words import frozen_reason, kind_word, points

#: the keys that read a part of the table, and what they read (shown in Settings)
KEYS = {pygame.K_F2: "hand", pygame.K_F3: "pile", pygame.K_F4: "melds", pygame.K_F5: "scores",
        pygame.K_F6: "focus"}
KEYS_SENTENCE = N_("F2 hand, F3 pile, F4 melds, F5 scores, F6 the focused card or button")

#: each canasta kind, one message each (so a translator agrees its article and noun)
CANASTA_KINDS = {"natural": N_("a natural canasta"), "mixed": N_("a mixed canasta"),
                 "clean": N_("a clean canasta"), "dirty": N_("a dirty canasta"), "wild": N_("a wild canasta"),
                 "samba": N_("a samba canasta"), "escalera": N_("an escalera canasta"),
                 "bolivia": N_("a bolivia canasta"), "sevens": N_("a sevens canasta"), "aces": N_("an aces canasta")}


def kind_words(kind: int, n: int) -> str:
    """'a king', 'three kings', 'two jokers', 'a red three', 'two twos': one plural
    message per kind of card (:func:`~canasta.engine.words.rank_count`)."""
    if kind == RED3:
        return tn("a red three", "{count_word} red threes", n, count_word=count_word(n))
    if kind == BLACK3:
        return tn("a black three", "{count_word} black threes", n, count_word=count_word(n))
    return rank_count(15 if kind == JOKER else 2 if kind == TWO else kind, n)


def canasta_words(kind) -> object:
    """'a natural canasta' (a kind no game names: the kind's own word, in a sentence)."""
    if kind in CANASTA_KINDS:
        return Text(CANASTA_KINDS[kind])
    return t("a canasta ({kind})", kind=kind_word(kind))


def _order(kind: int) -> int:
    """Naturals high to low, then the wild cards, then the threes."""
    return {JOKER: 20, TWO: 21, RED3: 23, BLACK3: 22}.get(kind, 14 - kind)


def hand_sentence(cards) -> str:
    """'Your hand, 11 cards: three kings, an eight, a joker.'"""
    if not cards:
        return Text(N_("Your hand is empty."))
    counts = Counter(KIND_OF[c] for c in cards)
    parts = [kind_words(k, counts[k]) for k in sorted(counts, key=_order)]
    return tn("Your hand, {count} card: {cards}.", "Your hand, {count} cards: {cards}.", len(cards), cards=Listed(parts))


def pile_sentence(st, team: int) -> str:
    """'The pile, 9 cards: the king of hearts on top; frozen (a card lies across it).'"""
    if not st.pile:
        return Text(N_("The pile is empty."))
    why = frozen_reason(st, team)
    frozen = t("frozen ({why})", why=why) if why else Text(N_("not frozen"))
    n = len(st.pile)
    return tn("The pile, {count} card: {card} on top; {frozen}.", "The pile, {count} cards: {card} on top; {frozen}.", n,
              card=describe(st.pile[-1]), frozen=frozen)


def meld_words(m) -> str:
    """'kings, 5 cards with 1 wild card' / 'a sequence of hearts, 4 to 9' / '... a natural canasta'."""
    if m.kind == "sequence":
        suit = word(SUIT_WORDS[m.suit]) if 0 <= m.suit < len(SUIT_WORDS) else ""
        low, high = (word(RANK_WORDS[r]) if r in RANK_WORDS else "?" for r in (m.low, m.high))
        head = t("a sequence of {suit}, {low} to {high}", suit=suit, low=low, high=high)
    elif m.kind == "black3":
        head = Text(N_("black threes"))
    elif m.kind == "wild":
        head = Text(N_("wild cards"))
    else:
        head = word(RANK_PLURALS.get(m.rank, N_("cards")))
    body = (t("{size} cards with {wilds} wild", size=m.size, wilds=m.wilds) if m.wilds else
            t("{size} cards", size=m.size))
    if m.canasta:
        return t("{meld}, {size}, {canasta}", meld=head, size=body, canasta=canasta_words(m.canasta))
    return t("{meld}, {size}", meld=head, size=body)


def melds_sentence(ctl, team: int) -> str:
    st = ctl.state
    parts = []
    for k in range(st.rules.teams):
        melds = st.melds[k]
        said = Listed([meld_words(m) for m in melds], "; ") if melds else Text(N_("no melds yet"))
        parts.append(t("Your side: {melds}.", melds=said) if k == team else
                     t("{side}: {melds}.", side=ctl.team_name(k), melds=said))
    return t("Melds. {sides}", sides=Listed(parts, " "))


def scores_sentence(ctl, team: int) -> str:
    st = ctl.state
    result = st.result if st.deal_over else None
    parts = []
    for k in range(st.rules.teams):
        total = points(st.totals[k])
        if result is not None:
            this = points(result.scores[k], sign=True)
            parts.append(t("your side {total} ({this} this deal)", total=total, this=this) if k == team else
                         t("{side} {total} ({this} this deal)", side=ctl.team_name(k), total=total, this=this))
        else:
            parts.append(t("your side {total}", total=total) if k == team else
                         t("{side} {total}", side=ctl.team_name(k), total=total))
    return t("Scores: {sides}.", sides=Listed(parts))


def choices_sentence(st) -> str:
    """What the player may do now, with the keys (from the engine's legal moves)."""
    legal = legal_actions(st)
    if st.phase == DRAW:
        ways = []
        if any(isinstance(a, Draw) for a in legal):
            ways.append(N_("draw from the stock (D)"))
        if any(isinstance(a, TakePile) for a in legal):
            ways.append(N_("take the pile (T, with the cards picked to meld with its top card)"))
        if not ways:
            ways.append(N_("pass (D)"))
        return t("You may {ways}.", ways=Listed(ways, tr(N_(" or "))))
    ways = []
    if any(isinstance(a, Meld) for a in legal):
        ways.append(N_("meld (pick cards with Space, then M, or Enter on one of your melds)"))
    if any(isinstance(a, Discard) for a in legal):
        ways.append(N_("discard (X on a card)"))
    if any(type(a).__name__ == "Ask" for a in legal):
        ways.append(N_("ask your partner to go out (A)"))
    return t("You may {ways}.", ways=Listed(ways, tr(N_(", or ")))) if ways else ""


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
            sp.say(tr(text), interrupt=interrupt)      # in the language in use as it is spoken

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
            self.say(N_("Your turn.") if ctl.seats[who].human else t("{name}'s turn.", name=ctl.seat_name(who)))
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
                self.say(t("Pass the screen to {name}; Enter when {name} is here.", name=who))
            else:
                asker = ctl.seat_name(ctl.state.turn)
                self.say(t("{name} asks you: may I go out? Y for yes, N for no.", name=asker))
            return
        if not ctl.my_turn() or ctl.state.phase not in (DRAW, PLAY):
            return
        at = (len(ctl.game.actions), ctl.state.deal_number)
        if at == self._prompted:
            return
        self._prompted = at
        st = ctl.state
        head = Text(N_("Your turn.")) if st.phase == DRAW else ""
        if isinstance(self._last, Draw) and st.phase == PLAY and self._hand is not None:
            new = Counter(st.hands[st.to_act]) - self._hand
            if new:
                head = t("You drew {cards}.", cards=Listed([describe(c) for c in sorted(new.elements())]))
        self.prompt(head)

    def prompt(self, head: str = "") -> None:
        """The viewer's hand, the pile and the choices: all that the next move needs."""
        st = self.ctl.state
        seat = st.to_act
        hand = st.hands[seat]
        self._hand = Counter(hand)
        said = hand_sentence(hand)
        self.say(t("{first} {then}", first=head, then=said) if head else said)
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
            text = hand_sentence(st.hands[seat]) if ctl.show_hand() else N_("Your hand is hidden now.")
        elif what == "pile":
            text = pile_sentence(st, team)
        elif what == "melds":
            text = melds_sentence(ctl, team)
        elif what == "scores":
            text = scores_sentence(ctl, team)
        else:
            text = self.focus_words(scene) or N_("Nothing has the keyboard focus.")
        self.say(text, interrupt=True)
        return True

    def focus_words(self, scene) -> str:
        f = scene.focus.current()
        if f is None:
            return ""
        if f is scene.hand_focus:
            card = f.card()
            return t("{card}, in your hand.", card=Capital(describe(card))) if card is not None else ""
        words = getattr(f, "speak", None)
        if callable(words):
            return words()
        label = getattr(f, "label", "") or getattr(f, "name", "")
        why = getattr(f, "why_disabled", "") if not getattr(f, "enabled", True) else ""
        return t("{label} button, not now: {why}", label=label, why=why) if why else t("{label} button.", label=label)

    def focus_moved(self, scene) -> None:
        """Say the card or button the keyboard focus is on, when it changed."""
        if not self._on():
            return
        f = scene.focus.current()
        now = (f, f.card() if f is scene.hand_focus else None, getattr(f, "index", None))
        if now != self._focus:
            self._focus = now
            self.say(self.focus_words(scene), interrupt=True)
