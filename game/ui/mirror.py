"""What the screen shows of the table, changed only by the engine's events.

The table scene plays events one at a time; this model lags the engine state
until the last event has been shown, so animations follow the engine's order.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine import events as ev
from game.engine.cards import sort_key

# the events that end a bout (its cards leave the table), as Mirror.bouts_ended counts them
BOUT_ENDS = (ev.Took, ev.TookSome, ev.Discarded)


class Mirror:
    """The displayed hands, table, talon and roles, one event at a time."""

    def __init__(self, n: int, deck: int) -> None:
        self.n = n
        self.deck = deck
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.attacks: list[int] = []
        self.covers: list[int] = []
        self.talon = 0
        self.trump_card: int | None = None
        self.second = False  # Severnyi: a face-down card still lies under the trump
        self.trump = 0
        self.discard = 0
        self.attacker = 0
        self.defender = 1 % n
        self.taking = False
        self.passed: set[int] = set()
        self.out: list[int] = []
        self.result: ev.GameOver | None = None
        self.leaving: list[int] = []  # cards on their way to the discard pile
        self.last_said: dict[int, str] = {}
        self.trump_arriving: int | None = None  # a card given in exchange, still in flight
        self.shown: tuple[int, int] | None = None  # (seat, trump) shown to transfer
        self.spotlight: int | None = None  # Severnyi's new trump, shown large for a moment
        self.bouts_ended = 0  # bouts taken or beaten off so far, as shown
        self.cheat: ev.Cheated | None = None  # cheating mode: the cheat pending, as shown

    def sorted_hand(self, seat: int) -> list[int]:
        return sorted(self.hands[seat], key=lambda c: sort_key(c, self.trump))

    def roles(self) -> list[str]:
        """Each seat's part in the bout as shown: attacking, defending, takes, done, out."""
        out = []
        for seat in range(self.n):
            if seat in self.out:
                out.append("out")
            elif self.result is not None:
                out.append("")
            elif seat == self.defender:
                out.append("takes" if self.taking else "defending")
            elif seat in self.passed:
                out.append("done")
            else:
                out.append("attacking" if seat == self.attacker else "")
        return out

    def apply(self, e: ev.Event) -> None:
        """Show one event (an event class without a handler here is an error)."""
        self.trump_arriving = None
        self.shown = self.spotlight = None
        getattr(self, "_on_" + type(e).__name__)(e)
        if isinstance(e, BOUT_ENDS):
            self.bouts_ended += 1

    def _on_Dealt(self, e: ev.Dealt) -> None:
        self.hands = [list(h) for h in e.hands]
        self.talon = e.talon if e.talon is not None else \
            self.deck - sum(len(h) for h in e.hands)  # a deal of part of the deck says so
        self.trump_card = e.trump_card
        self.second = e.second
        self.trump = e.trump
        self.attacks, self.covers, self.discard = [], [], 0
        self.out, self.result, self.leaving = [], None, []

    def _on_BoutStarted(self, e: ev.BoutStarted) -> None:
        self.attacker, self.defender = e.attacker, e.defender
        self.taking = False
        self.passed = set()
        self.last_said = {}
        self.leaving = []

    def _remove(self, seat: int, cards: Iterable[int]) -> None:
        for c in cards:
            if c in self.hands[seat]:
                self.hands[seat].remove(c)

    def _on_Played(self, e: ev.Played) -> None:
        self._remove(e.seat, e.cards)
        self.attacks.extend(e.cards)
        self.covers.extend([-1] * len(e.cards))
        self.passed = set()

    def _on_Covered(self, e: ev.Covered) -> None:
        self._remove(e.seat, (e.card,))
        self.covers[self.attacks.index(e.attack)] = e.card
        self.passed = set()

    def _on_Transferred(self, e: ev.Transferred) -> None:
        self._remove(e.seat, e.cards)
        self.attacks.extend(e.cards)
        self.covers.extend([-1] * len(e.cards))
        self.attacker, self.defender = e.seat, e.defender
        self.passed = set()
        self.last_said[e.seat] = "transfers"
        if e.shown is not None:
            self.shown = (e.seat, e.shown)

    def _on_TakeDeclared(self, e: ev.TakeDeclared) -> None:
        self.taking = True
        self.last_said[e.seat] = "takes"

    def _on_Passed(self, e: ev.Passed) -> None:
        self.passed.add(e.seat)
        self.last_said[e.seat] = "done"

    def _on_Took(self, e: ev.Took) -> None:
        self.hands[e.seat].extend(e.cards)
        self.attacks, self.covers = [], []

    def _on_TookSome(self, e: ev.TookSome) -> None:
        self.hands[e.seat].extend(e.cards)
        self.leaving = list(e.discarded)
        self.discard += len(e.discarded)
        self.attacks, self.covers = [], []

    def _on_TrumpChanged(self, e: ev.TrumpChanged) -> None:
        self.trump = e.new
        self.second = False
        self.shown = (e.seat, e.card)  # held up big beside its owner for a moment
        self.spotlight = e.card

    def _on_Discarded(self, e: ev.Discarded) -> None:
        self.leaving = list(e.cards)
        self.discard += len(e.cards)
        self.attacks, self.covers = [], []

    def _on_Drew(self, e: ev.Drew) -> None:
        self.hands[e.seat].extend(e.cards)
        self.talon -= len(e.cards)
        if self.talon <= 0 or self.trump_card in e.cards:  # Severnyi: drawn before the last
            self.talon = max(self.talon, 0)
            self.trump_card = None

    def _on_Exchanged(self, e: ev.Exchanged) -> None:
        self._remove(e.seat, (e.gave,))
        self.hands[e.seat].append(e.got)
        self.trump_card = self.trump_arriving = e.gave

    def _on_Out(self, e: ev.Out) -> None:
        if e.seat not in self.out:
            self.out.append(e.seat)

    def _on_GameOver(self, e: ev.GameOver) -> None:
        self.result = e

    def _on_Cheated(self, e: ev.Cheated) -> None:
        self.cheat = e  # the cards are on the table already (Played or Covered)

    def _on_Caught(self, e: ev.Caught) -> None:
        """The cheat's cards fly back to the cheater, who is back in if it had gone out."""
        self.cheat = None
        if e.attack < 0:
            for c in e.cards:
                i = self.attacks.index(c)
                del self.attacks[i], self.covers[i]
        else:
            self.covers[self.attacks.index(e.attack)] = -1
        self.hands[e.cheater].extend(e.cards)
        if e.cheater in self.out:
            self.out.remove(e.cheater)
        self.passed = set()

    def _on_CheatStood(self, e: ev.CheatStood) -> None:
        self.cheat = None
