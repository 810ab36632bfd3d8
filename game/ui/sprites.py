"""Card sprites that glide to where the layout wants them, with easing."""

from __future__ import annotations

from .layout import Place


def ease_out_cubic(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 3 * t * t - 2 * t * t * t


class CardSprite:
    """One card on screen: where it is, where it goes, how it looks."""

    __slots__ = ("card", "x", "y", "face", "big", "z", "angle", "src", "dst", "t", "dur",
                 "delay", "src_face", "src_big")

    def __init__(self, card: int, start: Place) -> None:
        self.card = card
        self.x, self.y = start.x, start.y
        self.face, self.big, self.z, self.angle = start.face, start.big, start.z, start.angle
        self.src = self.dst = start
        self.src_face, self.src_big = start.face, start.big
        self.t = self.dur = 1.0
        self.delay = 0.0

    @property
    def moving(self) -> bool:
        return self.t < self.dur or self.delay > 0

    def glide(self, dst: Place, dur: float, delay: float = 0.0) -> None:
        """Move from where it is now to ``dst`` over ``dur`` seconds after ``delay``."""
        self.src = Place(self.x, self.y, self.face, self.big, self.z, self.angle)
        self.src_face, self.src_big = self.face, self.big
        self.dst = dst
        self.t, self.dur, self.delay = 0.0, max(1e-3, dur), delay
        self.z = dst.z + 1000  # above the cards at rest where it goes (the hand stays on top)

    def snap(self, dst: Place) -> None:
        self.src = self.dst = dst
        self.x, self.y, self.face, self.big, self.z = dst.x, dst.y, dst.face, dst.big, dst.z
        self.angle = dst.angle
        self.t = self.dur = 1.0
        self.delay = 0.0

    def update(self, dt: float) -> None:
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
            self.delay = 0.0
        if self.t >= self.dur:
            return
        self.t = min(self.dur, self.t + dt)
        k = ease_out_cubic(self.t / self.dur) if self.dur < 0.25 else ease_in_out(
            self.t / self.dur)
        self.x = self.src.x + (self.dst.x - self.src.x) * k
        self.y = self.src.y + (self.dst.y - self.src.y) * k
        self.angle = self.src.angle + (self.dst.angle - self.src.angle) * k
        half = self.t >= self.dur / 2
        self.face = self.dst.face if half else self.src_face
        self.big = self.dst.big if half else self.src_big
        if self.t >= self.dur:
            self.z = self.dst.z


class SpriteSet:
    """All card sprites; retargets them when the layout changes."""

    def __init__(self) -> None:
        self.sprites: dict[int, CardSprite] = {}
        self._order: list[CardSprite] = []

    def retarget(self, places: dict[int, Place], dur: float, origin: Place | None = None,
                 delays: dict[int, float] | None = None, snap: bool = False,
                 origins: dict[int, Place] | None = None) -> None:
        """Glide each card to its new place; new cards start at ``origin``
        (or their entry in ``origins``)."""
        delays = delays or {}
        origins = origins or {}
        for card in [c for c in self.sprites if c not in places]:
            del self.sprites[card]
        for card, place in places.items():
            sprite = self.sprites.get(card)
            if sprite is None:
                start = origins.get(card, origin)
                sprite = self.sprites[card] = CardSprite(card, start or place)
                if snap or start is None:
                    sprite.snap(place)
                    continue
            if snap:
                sprite.snap(place)
            elif sprite.dst != place:
                sprite.glide(place, dur, delays.get(card, 0.0))
        self._order = sorted(self.sprites.values(), key=lambda s: s.z)

    def update(self, dt: float) -> bool:
        """Advance every tween; True while any card moves."""
        moving = False
        resort = False
        for s in self.sprites.values():
            if s.moving:
                z = s.z
                s.update(dt)
                moving = moving or s.moving
                resort = resort or z != s.z
        if resort:
            self._order = sorted(self.sprites.values(), key=lambda s: s.z)
        return moving

    def in_order(self) -> list[CardSprite]:
        return self._order

    def glide_back(self, card: int, x: float, y: float, dur: float) -> None:
        """A dropped card returns from (x, y) to its place."""
        s = self.sprites.get(card)
        if s is not None:
            s.x, s.y = x, y
            s.glide(s.dst, dur)
