"""The ids of the cards an online seat sees only the backs of, kept steady from move to move.

At a local table the sprites of the other hands and of the stock are keyed by the
cards' real ids (:func:`canasta.ui.table.layout.face_down_ids`). An online seat never
has those ids (the server sends only what the seat may see), so it gives each back a
made-up id of its own, far above every card id, and follows them with the events: the
stock's top back goes to the hand that drew it, a card another player melds comes from
one of the backs of that hand (and glides from there), a card taken with the pile
keeps its real id in the hand that took it (everyone saw it go there). After each
update the counts are set to the observation's, so nothing drifts even when a move was
missed (a reconnection, a turned-over pile). No pygame.
"""

from __future__ import annotations

from typing import Callable, Optional

from ...engine.events import Event
from ...engine.observe import Observation
from ..anim import Pose
from ..layout import STOCK_POS
from ..table.layout import FaceDown

#: made-up ids start here, far above any card id
FIRST_ID = 1_000_000


class FaceDownIds:
    """The backs of the other hands, the feet and the stock (see the module documentation)."""

    def __init__(self) -> None:
        self.next = FIRST_ID
        self.hands: dict[int, list[int]] = {}
        self.feet: dict[int, list[int]] = {}
        self.stock: list[int] = []
        self.players = 0
        self.me = 0

    def _fresh(self, n: int) -> list[int]:
        out = list(range(self.next, self.next + max(0, n)))
        self.next += max(0, n)
        return out

    def reset(self, ob: Observation) -> None:
        """Backs for every hidden card of ``ob`` (a new deal, or back after a drop)."""
        self.players, self.me = ob.rules.players, ob.seat
        self.hands = {s: list(ob.known[s]) + self._fresh(ob.hand_sizes[s] - len(ob.known[s]))
                      for s in range(self.players) if s != self.me}
        self.feet = {s: self._fresh(ob.foot_sizes[s] if ob.foot_sizes else 0) for s in range(self.players)}
        self.stock = self._fresh(ob.stock_size)

    def follow(self, events: list[Event], ob: Observation,
               pose_of: Callable[[int], Optional[Pose]]) -> dict[int, Pose]:
        """Move the backs as ``events`` say; returns where each card that comes out of
        hiding starts from (the back it was)."""
        origin: dict[int, Pose] = {}
        stock_pose = Pose(STOCK_POS[0], STOCK_POS[1], False, 0, 1.0, 10)
        for e in events:
            if e.kind != "move":
                continue
            src, dst, card = tuple(e.src), tuple(e.dst), e.card
            back = None
            if src[:1] == ("stock",):
                back = self.stock.pop() if self.stock else None
                if card >= 0:
                    origin[card] = stock_pose
            elif src[:1] == ("hand",) and len(src) > 1 and src[1] != self.me:
                hand = self.hands.setdefault(src[1], [])
                if card >= 0 and card in hand:
                    hand.remove(card)
                    back = card
                elif hand:
                    back = next((c for c in reversed(hand) if c >= FIRST_ID), hand[-1])
                    hand.remove(back)
            elif src[:1] == ("foot",) and len(src) > 1:
                foot = self.feet.setdefault(src[1], [])
                back = foot.pop() if foot else None
            if card >= 0 and back is not None and back != card and card not in origin:
                pose = pose_of(back)
                if pose is not None:
                    origin[card] = pose
            if dst[:1] == ("hand",) and len(dst) > 1 and dst[1] != self.me:
                self.hands.setdefault(dst[1], []).append(card if card >= 0 else
                                                         (back if back is not None else self._fresh(1)[0]))
            elif dst[:1] == ("foot",) and len(dst) > 1:
                self.feet.setdefault(dst[1], []).append(back if back is not None else self._fresh(1)[0])
        self.settle(ob)
        return origin

    def settle(self, ob: Observation) -> None:
        """Make every count the observation's (made-up backs go first when a hand is too long)."""
        for s in range(self.players):
            if s != self.me:
                hand = self.hands.setdefault(s, [])
                known = set(ob.known[s])
                hand[:] = [c for c in hand if c >= FIRST_ID or c in known]
                hand.extend(c for c in ob.known[s] if c not in hand)
                self._fit(hand, ob.hand_sizes[s])
            foot = self.feet.setdefault(s, [])
            self._fit(foot, ob.foot_sizes[s] if ob.foot_sizes else 0)
        stock_size = ob.stock_size
        if len(self.stock) > stock_size:
            del self.stock[:len(self.stock) - stock_size]
        elif len(self.stock) < stock_size:
            self.stock[:0] = self._fresh(stock_size - len(self.stock))

    def _fit(self, cards: list[int], n: int) -> None:
        while len(cards) > n:
            made = [i for i, c in enumerate(cards) if c >= FIRST_ID]
            cards.pop(made[-1] if made else -1)
        if len(cards) < n:
            cards.extend(self._fresh(n - len(cards)))

    def copy(self) -> "FaceDownIds":
        """An independent copy (the window takes the network thread's at an opening)."""
        other = FaceDownIds()
        other.next, other.players, other.me = self.next, self.players, self.me
        other.hands = {s: list(h) for s, h in self.hands.items()}
        other.feet = {s: list(f) for s, f in self.feet.items()}
        other.stock = list(self.stock)
        return other

    def face_down(self) -> FaceDown:
        return FaceDown(tuple(tuple(self.hands.get(s, ())) if s != self.me else () for s in range(self.players)),
                        tuple(self.stock), tuple(tuple(self.feet.get(s, ())) for s in range(self.players)))

    def deal_order(self, ob: Observation) -> tuple[int, ...]:
        """The order the cards of a new deal go round (for its animation)."""
        hands = [list(ob.hand) if s == self.me else self.hands.get(s, []) for s in range(self.players)]
        longest = max((len(h) for h in hands), default=0)
        return tuple(h[i] for i in range(longest) for h in hands if i < len(h))
