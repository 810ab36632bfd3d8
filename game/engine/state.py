"""The game state: hands, talon, table and roles, plus the order of turns."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .cards import (
    DECK_LOWEST_RANK,
    SUIT_MASKS,
    Card,
    Mask,
    Seat,
    card,
    deck_cards,
    suit_of,
)
from .events import GameOver
from .rules import Rules
from .variant import Policy, policy_of

if TYPE_CHECKING:
    from .cheat import CheatRecord, Pending

# State.trump_lead when no seat held the lowest trump: nobody held a trump, or the
# first-attacker rule did not choose the first attacker
NOBODY = -1
NOT_BY_RULE = -2


class State:
    """Everything about one game. Mutated only by ``play.apply`` and friends.

    Card sets are bitmasks. ``talon`` is stored bottom first, so the face-up trump
    is ``talon[0]`` and the top card is ``talon[-1]``; in Severnyi (a ``second``
    card) the face-down card is ``talon[0]`` and the face-up trump ``talon[1]``.
    """

    __slots__ = (
        "rules", "n", "hands", "talon", "trump", "hand_size", "attacks", "covers",
        "uncovered", "attacker", "defender", "leader", "passed", "taking", "limit",
        "shown", "discard", "discard_count", "out", "out_mask", "result", "bout",
        "known", "exchanger", "low_trump", "trump_lead", "emptied_at", "clock", "team_of",
        "ranks", "_am_key", "_am", "out_bouts", "policy", "second", "cheat", "cheats",
        "limits", "table_mask",
    )

    rules: Rules
    n: int                          # players
    hands: list[Mask]               # by seat
    talon: list[Card]               # bottom (the face-up trump) first
    trump: int                      # the trump suit, 0..3
    hand_size: int
    attacks: list[Card]             # in the order played
    covers: list[Card]              # the cover of each attack card, -1 if none
    table_mask: Mask                # the cards on the table: attack cards and covers
    uncovered: int                  # attack cards without a cover
    attacker: Seat                  # the principal attacker
    defender: Seat
    leader: Seat                    # who led this bout, -1 before the first card
    passed: Mask                    # seats (bit per seat) that said "done"
    taking: bool                    # the defender said "take"
    limit: int                      # attack cards allowed in this bout
    shown: Mask                     # trumps shown in this bout
    discard: Mask
    discard_count: int
    out: list[Seat]                 # in the order they went out
    out_mask: int                   # the same seats, a bit per seat
    out_bouts: tuple[int, ...]      # the bout each seat of ``out`` went out in
    result: GameOver | None
    bout: int                       # bouts played before this one
    known: list[Mask]               # by seat: cards everyone saw go into its hand (& hands: held)
    exchanger: Seat                 # who may exchange the lowest trump, -1 if nobody
    low_trump: Card                 # the lowest trump of the deck
    # public: the seat the first-attacker rule found holding the lowest trump dealt,
    # NOBODY if it found no trump in any hand, NOT_BY_RULE if the rule did not choose
    # the first attacker (another rule, a series' later game, a given attacker)
    trump_lead: Seat
    emptied_at: list[int]           # by seat: when its hand last emptied (clock)
    clock: int
    team_of: list[int] | None       # by seat: its team's index
    ranks: int                      # the ranks on the table, a bit per rank - 2
    policy: Policy                  # what this variant says about leads, throw-ins, takes
    limits: tuple[tuple[int, ...], tuple[int, ...]]  # policy.limits(rules)
    second: Card                    # Severnyi: the face-down card under the trump, -1 if none
    cheat: Pending | None           # cheating mode: the cheat waiting to be caught or to stand
    cheats: tuple[CheatRecord, ...]  # the game's cheats caught or standing, in order
    _am_key: int                    # cache of attacker_mask()
    _am: Mask

    def copy(self) -> State:
        """A copy sharing nothing that ``apply`` changes in place. Each field by name:
        a loop of setattr costs ten times as much, and the search copies a state for
        every playout (tests/test_engine_copy.py checks that no field is left out)."""
        s = State.__new__(State)
        s.rules, s.n, s.trump, s.hand_size = self.rules, self.n, self.trump, self.hand_size
        s.uncovered, s.attacker, s.defender = self.uncovered, self.attacker, self.defender
        s.leader, s.passed, s.taking, s.limit = self.leader, self.passed, self.taking, self.limit
        s.shown, s.discard, s.discard_count = self.shown, self.discard, self.discard_count
        s.out_mask, s.out_bouts, s.result, s.bout = (
            self.out_mask, self.out_bouts, self.result, self.bout)
        s.exchanger, s.low_trump, s.clock = self.exchanger, self.low_trump, self.clock
        s.trump_lead = self.trump_lead
        s.team_of, s.ranks, s.policy, s.second = self.team_of, self.ranks, self.policy, self.second
        s.limits, s.table_mask = self.limits, self.table_mask
        s.cheat, s.cheats, s._am_key, s._am = self.cheat, self.cheats, self._am_key, self._am
        s.hands = self.hands[:]
        s.talon = self.talon[:]
        s.attacks = self.attacks[:]
        s.covers = self.covers[:]
        s.out = self.out[:]
        s.known = self.known[:]
        s.emptied_at = self.emptied_at[:]
        return s

    # --- derived facts -------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def started(self) -> bool:
        """True once the current bout has its first card."""
        return self.leader >= 0

    def table_from_lists(self) -> None:
        """``ranks`` and ``table_mask`` made afresh from ``attacks`` and ``covers``
        (after the lists were set or undone rather than played onto)."""
        ranks = mask = 0
        for c in self.attacks + self.covers:
            if c >= 0:
                ranks |= 1 << (c % 13)
                mask |= 1 << c
        self.ranks, self.table_mask = ranks, mask

    def is_in(self, seat: int) -> bool:
        return not self.out_mask >> seat & 1

    def partners(self, a: int, b: int) -> bool:
        return self.team_of is not None and self.team_of[a] == self.team_of[b]

    def next_in(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` that is still in."""
        n = self.n
        for step in range(1, n + 1):
            s = (seat + step) % n
            if not self.out_mask >> s & 1:
                return s
        return seat

    def prev_in(self, seat: int) -> int:
        n = self.n
        for step in range(1, n + 1):
            s = (seat - step) % n
            if not self.out_mask >> s & 1:
                return s
        return seat

    def team_next(self, seat: int) -> int:
        """In team play: the next member of ``seat``'s team still in, after ``seat``."""
        teams, team_of = self.rules.teams, self.team_of
        assert teams is not None and team_of is not None, "team play only"
        team = teams[team_of[seat]]
        i = team.index(seat)
        for step in range(1, len(team) + 1):
            s = team[(i + step) % len(team)]
            if not self.out_mask >> s & 1:
                return s
        return -1

    def stand_in(self, seat: int) -> int:
        """``seat`` if still in, else whoever takes its turn."""
        if self.is_in(seat):
            return seat
        return self.team_next(seat) if self.team_of is not None else self.next_in(seat)

    def following(self, attacker: int, defender: int) -> int:
        """The player after ``defender`` in turn order, given the bout's attacker."""
        if self.team_of is None:
            return self.next_in(defender)
        return self.team_next(attacker)

    def attacker_mask(self) -> int:
        """Seats allowed to attack the current defender (ignoring cards and passes).
        The principal attacker is one of them while in: the hot paths (legal.py,
        bout.py) ask this only about the others (tests/test_engine_properties.py)."""
        d = self.defender
        key = (d << 8 | self.attacker) << 8 | self.out_mask
        if key == self._am_key:
            return self._am
        out_mask = self.out_mask
        if self.rules.throw_in == "neighbours":
            candidates = {self.next_in(d), self.prev_in(d), self.attacker}
            m = 0
            for s in candidates:
                m |= 1 << s
            m &= ~out_mask & ~(1 << d)
        else:  # everyone still in but the defender
            m = ((1 << self.n) - 1) & ~out_mask & ~(1 << d)
        if self.team_of is not None:
            for s in range(self.n):
                if self.partners(s, d):
                    m &= ~(1 << s)
        self._am_key, self._am = key, m
        return m

    def table_ranks(self) -> int:
        """13-bit mask of the ranks on the table (kept up to date by play.py and bout.py)."""
        return self.ranks

    def face_up(self) -> int:
        """The index in ``talon`` of the face-up trump, -1 once it has been drawn."""
        i = 1 if self.second >= 0 else 0
        return i if len(self.talon) > i else -1

    def face_up_card(self) -> Card | None:
        i = self.face_up()
        return self.talon[i] if i >= 0 else None

    def rule_limit(self) -> int | None:
        rules = self.rules
        if self.bout == 0 and rules.first_bout_limit is not None:
            return rules.first_bout_limit
        return rules.attack_limit

    def bout_limit_for(self, defender: int) -> int:
        """``policy.limit(rule_limit(), the defender's hand size)``, from its tables."""
        return self.limits[self.bout == 0][self.hands[defender].bit_count()]


def lowest_trump_card(deck: int, trump: int) -> int:
    return card(DECK_LOWEST_RANK[deck], trump)


def blank_state(rules: Rules, n: int) -> State:
    s = State.__new__(State)
    s.rules = rules
    s.n = n
    s.hands = [0] * n
    s.talon = []
    s.trump = 0
    s.hand_size = rules.hand_size
    s.attacks = []
    s.covers = []
    s.table_mask = 0
    s.uncovered = 0
    s.attacker = 0
    s.defender = 1 % n
    s.leader = -1
    s.passed = 0
    s.taking = False
    s.limit = 0
    s.shown = 0
    s.discard = 0
    s.discard_count = 0
    s.out = []
    s.out_mask = 0
    s.out_bouts = ()  # the bout each seat of ``out`` went out in (a tuple: copies share it)
    s.result = None
    s.bout = 0
    s.known = [0] * n
    s.exchanger = -1
    s.low_trump = -1
    s.trump_lead = NOT_BY_RULE
    s.emptied_at = [0] * n
    s.clock = 0
    s.team_of = None
    s.ranks = 0
    s._am_key, s._am = -1, 0
    s.policy = policy_of(rules)
    s.limits = s.policy.limits(rules)
    s.second = -1
    s.cheat = None
    s.cheats = ()
    if rules.teams is not None:
        team_of = [0] * n
        for i, team in enumerate(rules.teams):
            for seat in team:
                team_of[seat] = i
        s.team_of = team_of
    return s


def lowest_trump_holder(s: State) -> int:
    """The seat holding the lowest trump in play, or -1 if nobody holds a trump."""
    trumps = SUIT_MASKS[s.trump]
    best_card, best_seat = 64, -1
    for seat in range(s.n):
        held = s.hands[seat] & trumps
        lowest = (held & -held).bit_length() - 1  # -1 if it holds no trump
        if 0 <= lowest < best_card:
            best_card, best_seat = lowest, seat
    return best_seat


def deal(rules: Rules, n: int, rng: random.Random) -> tuple[list[list[int]], list[int], int]:
    """Shuffle and deal: hands, the talon (top first) and the trump suit (of the
    face-up card: with ``second_trump`` and two cards or more, the last but one).

    When the deck cannot give everyone ``hand_size`` cards, each gets an equal share
    and the rest is the talon; with no talon left, the dealer's (last seat's) last
    card names the trump, as pagat describes for six players with 36 cards.
    """
    cards = deck_cards(rules.deck)
    rng.shuffle(cards)
    size = min(rules.hand_size, len(cards) // n)
    hands = [cards[seat:size * n:n] for seat in range(n)]  # dealt one card a seat in turn
    talon = cards[size * n:]
    face_up = -2 if rules.second_trump and len(talon) >= 2 else -1
    trump = suit_of(talon[face_up]) if talon else suit_of(hands[n - 1][-1])
    return hands, talon, trump
