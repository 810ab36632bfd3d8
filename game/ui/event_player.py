"""The event player: the engine's events, one at a time, become timed card movements.

Each event class of ``game.engine.events`` has a handler that says how its cards
move (glide, hold before the next event, stagger between cards, where new sprites
come from) and which sounds it cues, and when. An event without a handler is an error,
never silently skipped.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import singledispatchmethod

from game.engine import events as ev

from .layout import TRUMP_ANGLE, Layout, Place
from .mirror import BOUT_ENDS, Mirror
from .sound import Cue, no_sound
from .sprites import SpriteSet

SHOW_SECONDS = 1.6  # a trump shown (to transfer, or Severnyi's new one) stays up this long
PLACE = (("place", 0.0),)


@dataclass
class Motion:
    """How one event's cards move, in seconds at animation speed 1."""

    glide: float
    hold: float
    stagger: float = 0.0
    order: tuple[int, ...] = ()  # the cards that start one after another, by stagger
    origins: dict[int, str] = field(default_factory=dict)  # card -> "trump": starts there
    cues: tuple[tuple[str, float], ...] = ()  # (sound, seconds after the event is shown)


class EventPlayer:
    """Plays queued events on the mirror and the sprites, paced by ``update``."""

    def __init__(self, mirror: Mirror, sprites: SpriteSet, places: Callable[[], dict[int, Place]],
                 speed: Callable[[], float], on_shown: Callable[[ev.Event], None],
                 cue: Cue = no_sound, human: int | None = None) -> None:
        self.mirror = mirror
        self.sprites = sprites
        self.places = places
        self.speed = speed
        self.on_shown = on_shown
        self.cue = cue
        self.human = human  # whose loss the end of a game tells apart
        self.due: list[tuple[float, str]] = []  # sounds to cue later: (seconds left, name)
        self.layout: Layout | None = None
        self.queue: deque[ev.Event] = deque()
        self.hold = 0.0

    def extend(self, events: Iterable[ev.Event]) -> None:
        self.queue.extend(events)

    def clear(self) -> None:
        self.queue.clear()
        self.hold = 0.0
        self.due.clear()

    @property
    def busy(self) -> bool:
        """Events still to show, or the last one still holding the screen or its sounds."""
        return bool(self.queue) or self.hold > 0 or bool(self.due)

    @property
    def landed(self) -> bool:
        """Every event is shown and the last one's cards have come to rest: the table
        shows what the engine knows (sounds may still be playing)."""
        return not self.queue and self.hold <= 0

    @property
    def bout_end_ahead(self) -> bool:
        """The end of a bout is still to be shown: the engine is already in a bout the
        screen does not show yet."""
        return any(isinstance(e, BOUT_ENDS) for e in self.queue)

    def update(self, dt: float) -> None:
        was_busy = self.busy
        self.hold -= dt
        self._cue_due(dt)
        while self.hold <= 0 and self.queue:
            self.show(self.queue.popleft())
        if not self.queue:
            self.hold = max(self.hold, 0.0)
        if was_busy and not self.busy and self.mirror.shown is not None:
            self.mirror.shown = self.mirror.spotlight = None  # the trump goes back to the hand
            self.sprites.retarget(self.places(), 0.3 / self.speed())

    def show(self, e: ev.Event) -> None:
        """Show one event now: the mirror changes and the cards start moving."""
        motion = self.motion(e)
        trump_before, second_before = self.mirror.trump_card, self.mirror.second
        self.mirror.apply(e)
        speed = self.speed()
        delays = {c: i * motion.stagger / speed for i, c in enumerate(motion.order)}
        layout = self.layout
        assert layout is not None, "the scene sets the layout before events play"
        trump_place = Place(layout.trump_pos[0], layout.trump_pos[1], True, True, 0, TRUMP_ANGLE)
        origins = {c: trump_place for c, where in motion.origins.items() if where == "trump"}
        if isinstance(e, ev.Drew) and trump_before in e.cards:
            origins[trump_before] = trump_place
        if isinstance(e, ev.Drew) and second_before and not self.mirror.talon:
            origins[e.cards[-1]] = trump_place  # Severnyi's face-down card, from under it
        talon = Place(layout.talon_pos[0], layout.talon_pos[1], False, True, 0)
        self.sprites.retarget(self.places(), motion.glide / speed, talon, delays,
                              origins=origins)
        self.hold += (motion.hold + motion.stagger * len(motion.order)) / speed
        for name, after in motion.cues:
            if after <= 0:
                self.cue(name)
            else:
                self.due.append((after / speed, name))
        self.on_shown(e)

    def _cue_due(self, dt: float) -> None:
        if not self.due:
            return
        left = [(t - dt, name) for t, name in self.due]
        self.due = [(t, name) for t, name in left if t > 0]
        for t, name in left:
            if t <= 0:
                self.cue(name)

    # --- one handler per event class ----------------------------------------------

    @singledispatchmethod
    def motion(self, e: ev.Event) -> Motion:
        raise TypeError(f"no animation for the event {type(e).__name__}")

    @motion.register
    def _(self, e: ev.Dealt) -> Motion:
        longest = max((len(h) for h in e.hands), default=0)
        order = tuple(h[i] for i in range(longest) for h in e.hands if i < len(h))
        return Motion(0.35, 0.35, 0.045, order, cues=(("shuffle", 0.0), ("deal", 0.45)))

    @motion.register
    def _(self, e: ev.BoutStarted) -> Motion:
        return Motion(0.2, 0.05)

    @motion.register
    def _(self, e: ev.Played) -> Motion:
        return Motion(0.3, 0.3, 0.06, e.cards, cues=PLACE)

    @motion.register
    def _(self, e: ev.Covered) -> Motion:
        return Motion(0.3, 0.3, cues=(("cover", 0.0),))

    @motion.register
    def _(self, e: ev.Transferred) -> Motion:
        if e.shown is not None:
            return Motion(0.3, SHOW_SECONDS, cues=PLACE)
        return Motion(0.35, 0.35, 0.06, e.cards, cues=PLACE)

    @motion.register
    def _(self, e: ev.TakeDeclared) -> Motion:
        return Motion(0.2, 0.25)

    @motion.register
    def _(self, e: ev.Passed) -> Motion:
        return Motion(0.2, 0.15)

    @motion.register
    def _(self, e: ev.Took) -> Motion:
        return Motion(0.45, 0.45, 0.03, e.cards, cues=(("take", 0.0),))

    @motion.register
    def _(self, e: ev.TookSome) -> Motion:
        return Motion(0.45, 0.45, 0.03, e.cards + e.discarded,
                      cues=(("sweep", 0.0), ("take", 0.2)))

    @motion.register
    def _(self, e: ev.TrumpChanged) -> Motion:
        return Motion(0.3, SHOW_SECONDS)

    @motion.register
    def _(self, e: ev.Discarded) -> Motion:
        return Motion(0.45, 0.45, 0.02, e.cards, cues=(("sweep", 0.0),))

    @motion.register
    def _(self, e: ev.Drew) -> Motion:
        return Motion(0.32, 0.25, 0.09, e.cards, cues=(("deal", 0.0),))

    @motion.register
    def _(self, e: ev.Exchanged) -> Motion:
        return Motion(0.4, 0.4, origins={e.got: "trump"}, cues=PLACE)

    @motion.register
    def _(self, e: ev.Out) -> Motion:
        return Motion(0.2, 0.1)

    @motion.register
    def _(self, e: ev.Cheated) -> Motion:
        return Motion(0.0, 0.0)  # the cards were played just before

    @motion.register
    def _(self, e: ev.Caught) -> Motion:
        return Motion(0.4, 0.6, 0.06, e.cards, cues=PLACE)  # back to the cheater's hand

    @motion.register
    def _(self, e: ev.CheatStood) -> Motion:
        return Motion(0.0, 0.0)

    @motion.register
    def _(self, e: ev.GameOver) -> Motion:
        lost = self.human is not None and (
            e.loser == self.human or self.human in (e.losing_team or ()))
        return Motion(0.2, 0.4, cues=(("lost" if lost else "end", 0.0),))


def handled_events() -> set[type]:
    """The event classes the player has a handler for."""
    registry = EventPlayer.__dict__["motion"].dispatcher.registry
    return {cls for cls in registry if cls is not object}
