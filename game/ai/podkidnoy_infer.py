"""What a two-player throw-in opponent's play says about its hidden hand, as
weights for the deals expert samples (``sampling.determinize``'s ``weights``),
believed as far as the opponent has been seen to play by the rule.

The rule: a player who leads its cheapest single card, covers each card with its
cheapest beater, takes only when it cannot cover, throws in its lowest plain card
of the table's ranks and passes only without one. Each of its moves, read by the
rule, names cards it did not hold then (the cards below its lead, the beaters
below its cover, the beaters of a card it picked up, the plain cards of the
table's ranks when it passed).

Whether it plays by the rule is measured in the game, never assumed: a move is
checked where its hand can be (the cards it picked up and still holds, every card
once the talon is empty; and a card it plays later, before any draw, that a move
said it lacked). How often its checked moves fitted gives the reliability each
note is believed with: near none for a player who fits about as often as a
searching player does (the weights go flat), near one for a player who fits
about as often as a beginner who errs now and then. The weights
from the notes are prostoy_infer's (``prostoy_infer.weights_of``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine.cards import SUIT_MASKS, beaters_mask, cards_of_ranks, count, iter_mask, ranks_in
from game.engine.variant import policy_of
from game.engine.view import View

from .cardlib import progress, uncovered
from .habits import cheaper
from .prostoy_infer import Note, weights_of

# The checks weigh two accounts of the opponent: it plays by the rule (and fits
# RULE_FIT of its checked moves) or it does not (OTHER_FIT: by chance, or by a
# search that often agrees with it); the notes are believed as far as the first
# is likely. (game.ai.bench_infer, 20-40 games a level: hard fitted 0.41-0.51 of
# its checked moves, normal 0.67, easy 0.82-0.86, greedy 0.93.)
RULE_FIT = 0.85
OTHER_FIT = 0.45
RULE_PRIOR = 0.5  # before any check
MAX_RELIABILITY = 0.9  # never certain: the rule's player errs now and then
MIN_RELIABILITY = 0.05  # below it the notes are not weighed at all


def applies(v: View) -> bool:
    policy = policy_of(v.rules)
    return v.n == 2 and not policy.partial_take and not policy.transfers \
        and not v.rules.cheating


@dataclass(frozen=True, slots=True)
class _Move:
    played: int   # the card played, -1 for a pass or a take
    options: int  # the cards the rule weighs for this move
    lacked: int   # those the rule says it did not hold
    talon: int    # the talon count when it moved
    away: int = 0  # cards known now that were not in its hand then (picked up since)


class Inference:
    """Notes and checks from the views of one seat in one game (fed every view)."""

    def __init__(self) -> None:
        self._prev: View | None = None
        self._clear()

    def _clear(self) -> None:
        self.notes: list[Note] = []  # reliability 1: scaled by the measured one
        self.fits = 0
        self.breaks = 0

    def reliability(self) -> float:
        """How far a note is believed: MAX_RELIABILITY times the chance, by the
        checks so far, that the opponent plays by the rule."""
        odds = RULE_PRIOR / (1 - RULE_PRIOR)
        odds *= (RULE_FIT / OTHER_FIT) ** self.fits
        odds *= ((1 - RULE_FIT) / (1 - OTHER_FIT)) ** self.breaks
        r = MAX_RELIABILITY * odds / (1 + odds)
        return r if r >= MIN_RELIABILITY else 0.0

    def weights(self, v: View, more: list[Note] | None = None) -> list[dict[int, float] | None]:
        """The deals' weights by the notes, as far as believed, and ``more`` notes
        believed as they say."""
        r = self.reliability()
        notes = [replace(n, reliability=r) for n in self.notes] if r > 0.0 else []
        return weights_of(notes + (more or []), v)

    def observe(self, v: View) -> None:
        prev, self._prev = self._prev, v
        if prev is not None and progress(v) < progress(prev):
            self._clear()  # a new game
            prev = None
        if not applies(v) or v.result is not None:
            return
        for move in _moves(prev, v):
            self._take_in(v, move)

    def _take_in(self, v: View, move: _Move) -> None:
        """Check ``move`` against the cards known in the opponent's hand and the
        notes it contradicts, then note what it says was lacked."""
        opp = 1 - v.seat
        if move.played >= 0:
            self._check_later(move.talon, move.played)
        held = v.known[opp] | (v.unseen if not move.talon else 0)  # every card placed
        held &= ~move.away & ~(1 << move.played if move.played >= 0 else 0)
        if held & move.lacked:
            self.breaks += 1
            return
        if held & move.options:
            self.fits += 1
        cards = move.lacked & v.unseen
        if cards:
            self.notes.append(Note(opp, cards, move.talon, 1.0))

    def _check_later(self, talon: int, played: int) -> None:
        """A card played that a note made since the last draw said was lacked:
        the note was wrong (and is dropped)."""
        bit, kept = 1 << played, []
        for n in self.notes:
            if n.talon == talon and n.cards & bit:
                self.breaks += 1
            else:
                kept.append(n)
        self.notes = kept


def _moves(prev: View | None, v: View) -> list[_Move]:
    """The opponent's moves since my view ``prev``, as far as they can be read."""
    if v.seat == v.defender and v.started:
        if prev is None or prev.bout != v.bout or not prev.started:
            return _lead(v)
        if len(v.attacks) == len(prev.attacks) + 1:
            return _throw_in(v)
        return []
    if prev is None or prev.bout > v.bout:
        return []
    if prev.seat == prev.defender and prev.started and v.bout == prev.bout + 1:
        return _pass(prev, v)
    if prev.seat == prev.attacker and v.bout == prev.bout + 1:
        return _ended(prev, v)
    if v.seat == v.attacker and v.started and prev.bout == v.bout:
        return _covers(prev, v) + _take(prev, v)
    return []


def _lead(v: View) -> list[_Move]:
    everything = v.unseen | v.known[1 - v.seat] | (1 << v.attacks[0])
    if len(v.attacks) > 1:  # a set led, not the cheapest single card
        return [_Move(-1, everything, everything, v.talon_count)]
    a = v.attacks[0]
    return [_Move(a, everything, cheaper(everything, a, v.trump), v.talon_count)]


def _throw_in(v: View) -> list[_Move]:
    c = v.attacks[-1]
    table = v.table_mask & ~(1 << c)
    plain = cards_of_ranks(ranks_in(table)) & ~SUIT_MASKS[v.trump] & ~table
    if c // 13 == v.trump:  # a trump thrown in: against the rule wherever it held a plain one
        return [_Move(c, plain, plain, v.talon_count)]
    return [_Move(c, plain, cheaper(plain, c, v.trump), v.talon_count)]


def _pass(prev: View, v: View) -> list[_Move]:
    """My cover ended the bout with throw-ins still allowed: the attacker passed."""
    if prev.taking or len(prev.attacks) >= prev.limit or count(prev.hand) <= 1:
        return []
    table, gone = prev.table_mask, v.discard & ~prev.discard
    if gone & table != table or count(gone) != 2 * len(prev.attacks):
        return []  # taken, or more thrown in: not a pass on this table
    if not prev.hand_counts[1 - prev.seat]:
        return []
    plain = cards_of_ranks(ranks_in(gone)) & ~SUIT_MASKS[v.trump] & ~gone
    return [_Move(-1, plain, plain, prev.talon_count, _since(prev, v))]


def _covers(prev: View, v: View) -> list[_Move]:
    out = []
    for i, b in enumerate(v.covers):
        if b >= 0 and (i >= len(prev.covers) or prev.covers[i] < 0):
            beat = beaters_mask(v.attacks[i], v.trump)
            out.append(_Move(b, beat, cheaper(beat, b, v.trump), v.talon_count))
    return out


def _take(prev: View, v: View) -> list[_Move]:
    """It took with one card uncovered: it held no beater of it."""
    if not v.taking or (prev.taking and prev.bout == v.bout):
        return []
    open_ = uncovered(v.attacks, v.covers)
    if len(open_) != 1:
        return []
    beat = beaters_mask(open_[0], v.trump)
    return [_Move(-1, beat, beat, v.talon_count)]


def _ended(prev: View, v: View) -> list[_Move]:
    """The bout I attacked in ended before my next view (nothing more I could
    throw in): its last covers, or the take, where the cards say which card each
    was for."""
    if prev.taking:
        return []  # its take read already
    took = took_unseen(prev, v)
    if took is not None:
        if len(took) != 1:
            return []  # which card it held no beater of is unclear
        beat = beaters_mask(took[0], v.trump)
        return [_Move(-1, beat, beat, prev.talon_count, _since(prev, v))]
    opened, played = _opened(prev, v)
    covers = v.discard & ~prev.discard & ~prev.table_mask & ~played
    if count(covers) != len(opened):
        return []  # taken after covering some first, or more thrown in
    out = []
    for b in iter_mask(covers):
        beaten = [a for a in opened if beaters_mask(a, v.trump) >> b & 1]
        if len(beaten) == 1:
            beat = beaters_mask(beaten[0], v.trump)
            out.append(_Move(b, beat, cheaper(beat, b, v.trump), prev.talon_count,
                             _since(prev, v)))
    return out


def _opened(prev: View, v: View) -> tuple[list[int], int]:
    """The cards left uncovered at my view ``prev`` as the attacker with the ones I
    played since (those mine then and not now: the cards I drew since are in both
    hands or neither), and the mask of the played ones."""
    played = prev.hand & ~v.hand
    return uncovered(prev.attacks, prev.covers) + list(iter_mask(played)), played


def took_unseen(prev: View, v: View) -> list[int] | None:
    """After my view ``prev`` as the attacker, the bout ended before my next view
    ``v``: if the other seat took, the cards it left uncovered. None if it did not
    take, or took already at ``prev``, or covered some of the cards before it took
    (then which it could not beat is unclear)."""
    if prev.taking or prev.seat != prev.attacker or v.bout != prev.bout + 1:
        return None
    table = prev.table_mask | (prev.hand & ~v.hand)  # with the cards I played since
    new = _since(prev, v)
    if prev.trump_card is not None:
        new &= ~(1 << prev.trump_card)  # the face-up trump, drawn by the taker
    if not table or new & table != table or new & ~table:
        return None
    return _opened(prev, v)[0]


def _since(prev: View, v: View) -> int:
    """The cards known in the opponent's hand at ``v`` and not at ``prev``: picked
    up, or the face-up trump drawn, after its move."""
    opp = 1 - v.seat
    return v.known[opp] & ~prev.known[opp]
