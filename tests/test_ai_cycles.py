"""No computer level keeps a game in a cycle: the two endless cycles the rules allow
(issue 11) end under every level, even against an opponent who insists on them."""

from __future__ import annotations

import pytest

from game.ai import LEVELS, make_agent
from game.ai.memory import NoRepeats
from game.engine import Rules, apply_in_place, from_deal, legal_actions, next_actor, view
from game.engine.actions import Attack, Pass, Show, Take
from game.engine.cards import parse_card, parse_suit

BOUND = 1500


class Cycler:
    """Keeps the game in its cycle: shows a trump when it can, takes when it can,
    leads its lowest plain card, else passes."""

    level = "cycler"

    def choose(self, v, legal):
        for kind in (Show, Take):
            for a in legal:
                if isinstance(a, kind):
                    return a
        leads = [a for a in legal if isinstance(a, Attack) and not v.started]
        if leads:
            plain = [a for a in leads if a.cards[0] // 13 != v.trump] or leads
            return min(plain, key=lambda a: (a.cards[0] % 13, a.cards[0]))
        return next((a for a in legal if isinstance(a, Pass)), legal[0])


# 2 players, perevodnoy with showing: 0 leads 9D, 1 shows 9S, 0 takes its own 9D back;
# 1 leads 10D, 0 shows 10S, 1 takes it back: 8 moves and the position repeats.
SHOW_CYCLE = (Rules(variant="perevodnoy", deck=24, transfer_by_showing_trump=True),
              ["9D 10S", "9S 10D"], "S")
# 3 players who always take: the cards go round and nobody ever goes out.
TAKE_CYCLE = (Rules(deck=24), ["JD 9S", "AD 10H", "9H AH"], "C")
CYCLES = {"show": SHOW_CYCLE, "take": TAKE_CYCLE}


def play(cycle, agents) -> int | None:
    """Moves until the game ends from the cycle's deal, or None after BOUND."""
    rules, hands, trump = cycle
    cards = [[parse_card(c) for c in h.split()] for h in hands]
    s, _ = from_deal(rules, cards, [], parse_suit(trump), attacker=0)
    for moves in range(BOUND):
        if s.finished:
            return moves
        seat = next_actor(s)
        legal = legal_actions(s, seat)
        choice = agents[seat].choose(view(s, seat), legal)
        assert choice in legal
        apply_in_place(s, choice)
    return None


@pytest.mark.parametrize("name", CYCLES)
def test_the_cycles_are_endless_without_memory(name):
    cycle = CYCLES[name]
    assert play(cycle, [Cycler() for _ in cycle[1]]) is None


@pytest.mark.parametrize("name", CYCLES)
def test_remembering_positions_takes_even_the_cycler_out_of_its_cycle(name):
    cycle = CYCLES[name]
    assert play(cycle, [NoRepeats(Cycler()) for _ in cycle[1]]) is not None


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", CYCLES)
def test_every_level_ends_the_cycle_against_opponents_who_keep_it(name, level):
    cycle = CYCLES[name]
    seats = range(len(cycle[1]))
    for seat in seats:  # normal at seat 0 of the take cycle went round for ever
        agents = [Cycler() for _ in seats]
        agents[seat] = make_agent(level, seat, 7, think_ms=5, iterations=4)
        assert play(cycle, agents) is not None, f"{level} at seat {seat}"
    agents = [make_agent(level, seat, seat, think_ms=5, iterations=4) for seat in seats]
    assert play(cycle, agents) is not None


def test_the_memory_is_of_one_game():
    agent = NoRepeats(Cycler())
    rules, hands, trump = SHOW_CYCLE
    cards = [[parse_card(c) for c in h.split()] for h in hands]
    s, _ = from_deal(rules, cards, [parse_card("AS")], parse_suit(trump), attacker=0)
    v, legal = view(s, 0), legal_actions(s, 0)
    first = agent.choose(v, legal)
    assert agent.choose(v, legal) != first  # the position came back: another move
    assert agent.choose(v, legal) == first  # each has been made once: the agent's choice
    agent.choose(v._replace(talon_count=0, trump_card=None), legal)  # later: talon drawn
    assert agent.choose(v, legal) == first  # the talon is back: a new game, no memory
    # (remembering, it would play the move made once, not the one made twice)
