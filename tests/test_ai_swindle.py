"""Swindles: lost endgames played for a cheapest-first player's mistakes."""

from __future__ import annotations

import random

import pytest

from game.ai import bench_swindle, make_agent
from game.ai.bench_swindle import Position, paired, replay
from game.ai.cardlib import outcome_for, value
from game.ai.endgame import LOSS, WIN, Solver, position
from game.ai.expert import ExpertAgent, expert_of, solved_actions
from game.ai.swindle import Swindle, likeliest, model_move
from game.engine import Rules, apply, legal_actions, next_actor, view
from game.engine.actions import Attack, Defend, Pass, Take
from game.engine.cards import beaters_mask
from game.session.loop import play_game

from .engine_helpers import RandomChoice
from .test_ai_endgame import small_endgame


def cheapest_card(cards, trump):
    return min(cards, key=lambda c: (value(c, trump), c))


class CheapestFirst:
    """The modelled player written over the engine's actions: its cheapest single
    lead or throw-in (else a pass), the cheapest cover of the uncovered card with the
    fewest beaters in hand (lowest card first on a tie), a take if some card cannot
    be covered."""

    def choose(self, v, legal):
        attacks = [a for a in legal if isinstance(a, Attack) and len(a.cards) == 1]
        if not v.started or v.seat != v.defender:
            if attacks:
                return min(attacks, key=lambda a: (value(a.cards[0], v.trump), a.cards[0]))
            return next(a for a in legal if isinstance(a, Pass))
        open_cards = sorted(a for a, c in zip(v.attacks, v.covers, strict=True) if c < 0)
        take = next(a for a in legal if isinstance(a, Take))
        open_cards.sort(key=lambda a: (v.hand & beaters_mask(a, v.trump)).bit_count())
        left = v.hand
        for a in open_cards:
            options = [b for b in range(52) if (left & beaters_mask(a, v.trump)) >> b & 1]
            if not options:
                return take
            left &= ~(1 << cheapest_card(options, v.trump))
        a = open_cards[0]
        cover = [b for b in range(52) if (v.hand & beaters_mask(a, v.trump)) >> b & 1]
        return Defend(v.seat, a, cheapest_card(cover, v.trump))


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
def test_model_move_is_the_cheapest_first_players_move(variant):
    rules = Rules(variant=variant)
    rng = random.Random("model " + variant)
    checked = 0
    for _ in range(80):
        s = small_endgame(rules, rng, 4)
        solver = Solver(rules, s.trump)
        while s.result is None:
            seat = next_actor(s)
            me = 1 - seat
            legal = legal_actions(s, seat)
            ref = CheapestFirst().choose(view(s, seat), legal)
            assert ref in legal
            assert model_move(solver, position(s, me)) == position(apply(s, ref)[0], me)
            checked += 1
            s = apply(s, rng.choice(legal))[0]
    assert checked > 300


def plain_expectation(solver: Solver, p, err: float) -> float:
    """The swindle's expectation by plain recursion: no table, no shortcut for a
    forced win (podkidnoy's endgames cannot cycle: a take shrinks the attacker's
    hand, a beaten-off bout the cards in play)."""
    if isinstance(p, int):
        return p / 2
    attacker_moves, children = solver.moves(p)
    if attacker_moves == p[0]:
        return max(plain_expectation(solver, c, err) for c in children)
    if len(children) == 1:
        return plain_expectation(solver, children[0], err)
    errs = sum(solver.value(c) for c in children) / (2 * len(children))
    return (1 - err) * plain_expectation(solver, model_move(solver, p), err) + err * errs


def test_expectation_matches_plain_recursion():
    rules = Rules()
    rng = random.Random("expectimax")
    for i in range(60):
        s = small_endgame(rules, rng, 4)
        me = next_actor(s) if i % 2 else 1 - next_actor(s)
        err = [0.0, 0.1, 0.5][i % 3]
        solver = Solver(rules, s.trump)
        p = position(s, me)
        assert Swindle(solver, err).expect(p) == pytest.approx(
            plain_expectation(solver, p, err))


def lost_endgames(rules: Rules, count: int, seed: str, between_bouts: bool = False):
    """Random endgames of up to five cards a hand lost for the seat to move;
    ``between_bouts``: only where no bout is under way, so that expert, seated
    there, does not read the random moves that made the bout as the other's habit."""
    rng = random.Random(seed)
    while count:
        s = small_endgame(rules, rng, 5)
        me = next_actor(s)
        if between_bouts and view(s, me).started:
            continue
        if Solver(rules, s.trump).value(position(s, me)) == LOSS:
            count -= 1
            yield s, me


def expert(me: int, swindles: bool) -> ExpertAgent:
    agent = expert_of(make_agent("expert", me, 7, iterations=20))
    agent.swindles = swindles
    return agent


def beats_the_model(s, me: int) -> bool:
    """Has ``me`` a line that wins against the never-erring cheapest-first player
    (plain search over the engine's states)?"""
    if s.result is not None:
        return outcome_for(s.result, me) == 1
    seat = next_actor(s)
    legal = legal_actions(s, seat)
    if seat == me:
        return any(beats_the_model(apply(s, a)[0], me) for a in legal)
    return beats_the_model(apply(s, CheapestFirst().choose(view(s, seat), legal))[0], me)


def test_expert_swindles_a_cheapest_first_player_out_of_lost_endgames():
    rules = Rules()
    winnable = 0
    won = {True: 0, False: 0}
    for s, me in lost_endgames(rules, 60, "lost", between_bouts=True):
        if not beats_the_model(s, me):
            continue
        winnable += 1
        for swindles in (True, False):
            game = s.copy()
            seats = [expert(me, swindles), CheapestFirst()]
            play_game(game, seats if me == 0 else seats[::-1])
            won[swindles] += outcome_for(game.result, me) == 1
    # a perfect player wins all 60; where some line beats the cheapest-first player,
    # the swindle finds it every time, the search's choice among lost moves not always
    assert winnable >= 8
    assert won[True] == winnable
    assert won[False] < winnable


def test_no_swindle_against_an_opponent_seen_to_play_above_its_cheapest_card():
    """The swindle narrows the lost moves to a trap only while the other seat's
    cheapest-first habit has never been seen broken this game."""
    rules = Rules()
    narrowed = 0
    for s, me in lost_endgames(rules, 60, "lost"):
        if not beats_the_model(s, me):
            continue
        v = view(s, me)
        _, best = solved_actions(v, legal_actions(s, me), me, Solver(rules, s.trump))
        agent = expert(me, True)
        narrowed += len(agent._swindle(v, best)) < len(best)
        agent._habit.breaks = 1  # seen playing a dearer card than one it held
        assert agent._swindle(v, best) == best
    assert narrowed >= 5  # not vacuous: the gate is what keeps every move


def test_swindle_keeps_the_exact_value():
    rules = Rules()
    rng = random.Random("keeps")
    for _ in range(40):
        s = small_endgame(rules, rng, 5)
        me = next_actor(s)
        v = view(s, me)
        legal = legal_actions(s, me)
        solver = Solver(rules, s.trump)
        exact, best = solved_actions(v, legal, me, solver)
        kept = likeliest(s, me, best, solver)
        assert kept and set(kept) <= set(best)
        for a in kept:
            assert solver.value(position(apply(s, a)[0], me)) == exact
        if exact == WIN:
            assert len(best) == 1


def test_endgames_won_against_perfect_play_are_still_won():
    """Where expert wins against perfect play it still wins: the swindle only
    chooses among a lost or drawn position's moves."""
    rules = Rules()
    rng = random.Random("won")
    for _ in range(30):
        s = small_endgame(rules, rng, 4)
        me = next_actor(s)
        if Solver(rules, s.trump).value(position(s, me)) != WIN:
            continue
        seats = [expert(me, True), RandomChoice(rng)]
        play_game(s, seats if me == 0 else seats[::-1])
        assert outcome_for(s.result, me) == 1


def test_bench_pairs_each_positions_replays():
    on, off = [[1.0, 1.0], [0.0, 0.5]], [[0.0, 1.0], [0.0, 0.0]]
    mean_on, mean_off, d, se = paired(on, off)
    assert (mean_on, mean_off) == (0.625, 0.25)
    assert d == pytest.approx(0.375)  # differences 0.5 and 0.25 a replay
    assert se == pytest.approx(0.125)


def test_bench_replays_a_lost_endgame_from_expert_as_it_stood():
    rules = Rules()
    s, me = next(lost_endgames(rules, 1, "bench"))
    agent = make_agent("expert", me, 3, iterations=5)
    p = Position(s, me, agent, LOSS, 11)
    for swindles in (True, False):
        expert_of(p.agent).swindles = not swindles
        assert replay(p, swindles, "easy", 0) in (0.0, 0.5, 1.0)
        assert expert_of(p.agent).swindles is not swindles  # replayed on a copy
    assert p.state.result is None  # replayed on copies


def test_bench_runs_from_the_command_line(capsys):
    assert bench_swindle.main(["--deals", "2", "--replays", "1", "--iterations", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lost:") and "drawn:" in out
