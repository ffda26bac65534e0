"""Card sprites that glide to where the table says they belong.

The table computes, after every engine action, a target for every card it shows
(position, face up or down, rotation, scale). :class:`Animator` moves each card's
sprite from where it is to its target with an eased tween, starting cards in the
order the engine reported their moves. Time only advances through ``update(dt)``,
so tests drive it with a fake clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from ..vocab import ANIMATION_SPEEDS as SPEEDS


def motion_speed(settings) -> str:
    """The animation speed the settings ask for: instant under *Reduced motion*."""
    return "instant" if getattr(settings, "reduced_motion", False) else settings.animation_speed


def ease_out_cubic(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return 3 * t * t - 2 * t * t * t


@dataclass
class Pose:
    """Where a card lies, in logical table coordinates (its centre)."""

    x: float
    y: float
    face_up: bool = False
    angle: float = 0.0        # degrees; 90 for a sideways card
    scale: float = 1.0
    z: int = 0                # drawing order

    def lerp(self, other: "Pose", t: float) -> "Pose":
        # the card turns over and changes size half-way: faces are drawn for a few sizes
        # only (rendering one at every in-between size would stall the frame)
        late = t >= 0.5
        return Pose(self.x + (other.x - self.x) * t, self.y + (other.y - self.y) * t,
                    other.face_up if late else self.face_up,
                    self.angle + (other.angle - self.angle) * t,
                    other.scale if late else self.scale, other.z)


class Sprite:
    __slots__ = ("card", "start", "target", "delay", "duration", "elapsed", "lift")

    def __init__(self, card: int, pose: Pose):
        self.card = card
        self.start = pose
        self.target = pose
        self.delay = 0.0
        self.duration = 0.0
        self.elapsed = 0.0
        self.lift = 0.0           # a moving card floats above the others

    @property
    def moving(self) -> bool:
        return self.elapsed < self.delay + self.duration

    def pose(self) -> Pose:
        if self.duration <= 0 or self.elapsed >= self.delay + self.duration:
            return self.target
        if self.elapsed <= self.delay:
            return self.start
        t = ease_out_cubic((self.elapsed - self.delay) / self.duration)
        return self.start.lerp(self.target, t)


class Animator:
    """Tweens for every card on the table, keyed by card id."""

    def __init__(self, speed: str = "normal"):
        self.sprites: dict[int, Sprite] = {}
        self.speed = speed
        self.clock = 0.0

    @property
    def factor(self) -> float:
        return SPEEDS.value(self.speed, 1.0)

    def set_speed(self, speed: str) -> None:
        if speed in SPEEDS:
            self.speed = speed

    def retarget(self, targets: dict[int, Pose], order: Iterable[int] = (),
                 origin: Optional[dict[int, Pose]] = None, base: float = 0.32,
                 stagger: float = 0.06) -> None:
        """Send every card to its new pose. Cards in ``order`` (the engine's move
        events, in order) start one after another; others move together at once.
        ``origin`` gives a starting pose for cards not yet on the table."""
        f = self.factor
        ordered = {}
        for i, card in enumerate(order):
            if card not in ordered:
                ordered[card] = len(ordered)
        for card in list(self.sprites):
            if card not in targets:
                del self.sprites[card]
        for card, pose in targets.items():
            sp = self.sprites.get(card)
            if sp is None:
                start = (origin or {}).get(card, pose)
                sp = Sprite(card, start)
                self.sprites[card] = sp
            current = sp.pose()
            same = (abs(current.x - pose.x) < 0.5 and abs(current.y - pose.y) < 0.5
                    and current.face_up == pose.face_up and abs(current.angle - pose.angle) < 0.5
                    and abs(current.scale - pose.scale) < 0.01)
            sp.start = current
            sp.target = pose
            sp.elapsed = 0.0
            if same or f == 0:
                sp.delay = sp.duration = 0.0
                continue
            rank = ordered.get(card)
            sp.delay = (rank * stagger * f) if rank is not None else 0.0
            sp.duration = base * f

    def let_go(self, poses: dict[int, Pose], base: float = 0.32) -> None:
        """Cards that were dragged, let go where they were drawn (``poses``): each glides
        from there to where it lies (a later ``retarget`` carries on from its place)."""
        for card, pose in poses.items():
            sp = self.sprites.get(card)
            if sp is None:
                continue
            sp.start = pose
            sp.elapsed = sp.delay = 0.0
            sp.duration = base * self.factor

    def snap(self, targets: dict[int, Pose]) -> None:
        self.sprites = {c: Sprite(c, p) for c, p in targets.items()}

    def update(self, dt: float) -> None:
        self.clock += dt
        for sp in self.sprites.values():
            if sp.elapsed < sp.delay + sp.duration:
                sp.elapsed += dt

    @property
    def busy(self) -> bool:
        return any(sp.elapsed < sp.delay + sp.duration for sp in self.sprites.values())

    def remaining(self) -> float:
        return max((sp.delay + sp.duration - sp.elapsed for sp in self.sprites.values()), default=0.0)

    def in_draw_order(self) -> list[tuple[int, Pose, bool]]:
        """(card, pose, moving) sorted so that still cards come first by z and moving
        cards are drawn on top."""
        items = []
        for card, sp in self.sprites.items():
            moving = sp.elapsed < sp.delay + sp.duration and sp.elapsed > sp.delay
            p = sp.pose()
            items.append((1 if moving else 0, p.z, card, p, moving))
        items.sort(key=lambda t: (t[0], t[1]))
        return [(c, p, m) for _, _, c, p, m in items]
