"""What happened, told by ``apply`` for the screen and for logs.

Events are slotted dataclasses but not frozen: a frozen one costs three times as
much to make (each field set through ``object.__setattr__``), and ``apply`` makes
two or three a move, in every game the arena or a benchmark plays. Nobody changes
an event once told; they compare by value, like the actions. The hot paths of
``play`` and ``bout`` make theirs with ``new`` and set each field
(tests/test_engine_events.py checks that none is left out).
"""

from __future__ import annotations

from dataclasses import dataclass

new = object.__new__
"""An event without its fields, for ``apply``'s hot paths to fill in: a third
cheaper than the dataclass's ``__init__``, which Python calls from C with a new frame."""


@dataclass(slots=True)
class Dealt:
    """The deal: each seat's hand (private to its owner), the face-up trump card."""

    hands: tuple[tuple[int, ...], ...]
    trump_card: int | None
    trump: int
    second: bool = False  # Severnyi: a face-down card lies under the face-up trump
    talon: int | None = None  # cards in the talon; None: the rest of the deck


@dataclass(slots=True)
class BoutStarted:
    attacker: int
    defender: int
    limit: int


@dataclass(slots=True)
class Played:
    """Attack cards put on the table (lead, throw-in, or extra cards after a take)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class Covered:
    seat: int
    attack: int
    card: int


@dataclass(slots=True)
class Transferred:
    """The defence passed on; ``cards`` were added (empty when a trump was shown)."""

    seat: int
    cards: tuple[int, ...]
    shown: int | None
    defender: int


@dataclass(slots=True)
class TakeDeclared:
    seat: int


@dataclass(slots=True)
class Passed:
    seat: int


@dataclass(slots=True)
class Took:
    """The defender picked up every card on the table."""

    seat: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class TookSome:
    """Prostoy: the defender picked up the uncovered ``cards``; the covered pairs,
    ``discarded``, went to the discard pile."""

    seat: int
    cards: tuple[int, ...]
    discarded: tuple[int, ...]


@dataclass(slots=True)
class TrumpChanged:
    """Severnyi: ``seat`` drew the face-down ``card`` and showed it; its suit is
    trumps from now on (``old`` == ``new`` when it is of the same suit)."""

    seat: int
    card: int
    old: int
    new: int


@dataclass(slots=True)
class Discarded:
    """The bout was beaten off and its cards went to the discard pile."""

    cards: tuple[int, ...]


@dataclass(slots=True)
class Drew:
    """A seat drew ``cards`` from the top of the talon (private to that seat)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class Exchanged:
    seat: int
    gave: int
    got: int


@dataclass(slots=True)
class Out:
    seat: int


@dataclass(slots=True)
class GameOver:
    loser: int | None
    losing_team: tuple[int, ...] | None

    @property
    def draw(self) -> bool:
        return self.loser is None and self.losing_team is None


@dataclass(slots=True)
class Cheated:
    """Cheating mode: the ``Played`` or ``Covered`` just before broke ``rule`` (a
    refusal code of ``refusal.CARD_RULES``); ``attack`` is the card a defence cheat
    lies on, -1 for a throw-in. Only the cheater should be told: the others see
    the cards."""

    seat: int
    cards: tuple[int, ...]
    rule: str
    attack: int = -1


@dataclass(slots=True)
class Caught:
    """``seat`` caught ``cheater``: ``cards`` went back to the cheater's hand (back in
    the game if the cheat had emptied it)."""

    seat: int
    cheater: int
    cards: tuple[int, ...]
    rule: str
    attack: int = -1


@dataclass(slots=True)
class CheatStood:
    """Nobody caught the cheat in time: its cards count as played."""

    cheater: int
    cards: tuple[int, ...]
    rule: str
    attack: int = -1


Event = (
    Dealt | BoutStarted | Played | Covered | Transferred | TakeDeclared | Passed | Took
    | TookSome | Discarded | Drew | TrumpChanged | Exchanged | Out | GameOver
    | Cheated | Caught | CheatStood
)

Told = list[Event] | None
"""Where ``apply``'s steps tell their events: a list, or None when nobody will read
them (``apply_listed``'s ``quiet``), so that none is made."""
