"""Expert's time management (game/ai/budget.py): the search stops early once its
choice is settled, thinks on while it is not, and never beyond the cap. Counted
in sampled deals (``iterations``), with playouts whose outcomes the test sets."""

from __future__ import annotations

import random

from game.ai import budget
from game.ai.budget import Plan, enough, settled
from game.ai.expert import ExpertAgent
from game.ai.search import DEFAULT_BONUS, Gain, SearchAgent
from game.engine import Rules, new_game
from game.engine.legal import legal_actions
from game.engine.view import view

ITERATIONS = 100  # deals of the plain budget
PLAN = Plan()


def gain_of(diffs: list[float]) -> Gain:
    g = Gain()
    for d in diffs:
        g.add(d)
    return g


class Scripted(ExpertAgent):
    """Expert whose playouts score each candidate by ``outcome(place, rng)``, the
    place its order in the deal (0 the club player's move)."""

    halve_at = 0.0  # every candidate on every deal: the places stay the candidates

    def __init__(self, outcome) -> None:
        super().__init__(0, seed=1, think_ms=1, iterations=ITERATIONS)
        self.outcome, self.deals, self.seen = outcome, 0, []
        self._base, self._place = None, 0
        self.noise = random.Random(5)

    def _play_out(self, base, deal, action, move, rng) -> float:
        if base is not self._base:
            self._base, self._place = base, 0
            self.deals += 1
        else:
            self._place += 1
        if self.deals == 1:
            self.seen.append(action)
        return self.outcome(self._place, self.noise)


def search(outcome) -> tuple[Scripted, object]:
    """A search from the first attack of a 2-player deal (several candidates)."""
    agent = Scripted(outcome)
    s, _ = new_game(Rules(), 2, random.Random(4))
    legal = legal_actions(s, s.attacker)
    assert len(legal) > 2
    return agent, agent.search(view(s, s.attacker), legal, avoid=None)


def early_stop() -> int:
    return max(PLAN.min_deals, round(PLAN.min_share * ITERATIONS))


def test_equal_candidates_stop_early_with_the_club_players_move():
    """No difference seen: settled once K / deals is under the bonus."""
    agent, chosen = search(lambda place, rng: 0.5)
    assert agent.deals == int(budget.K / DEFAULT_BONUS) + 1 < ITERATIONS
    assert chosen == agent.seen[0]


def test_no_difference_in_a_few_deals_is_not_settled():
    """A move that differs on one deal in thirty may well show nothing in 30 deals."""
    assert not settled([0, 1], [Gain(), gain_of([0.0] * 30)], budget.K)
    assert settled([0, 1], [Gain(), gain_of([0.0] * 60)], budget.K)


def test_a_certain_leader_stops_early_and_is_played():
    agent, chosen = search(lambda place, rng: 1.0 if place == 1 else 0.0)
    assert agent.deals == early_stop() < ITERATIONS
    assert chosen == agent.seen[1] != agent.seen[0]


def close_call(place: int, rng: random.Random) -> float:
    """The first other candidate wins 4 deals in 100 more than the club player's
    move (just the bonus) and much noise: never settled."""
    if place == 1:
        return 1.0 if rng.random() < 0.54 else 0.0
    return 0.5


def test_a_close_call_goes_past_the_budget_up_to_the_cap_and_no_further():
    agent, _ = search(close_call)
    assert agent.deals == round(PLAN.cap * ITERATIONS) > ITERATIONS


class Plain(Scripted):
    plan = None


class Hard(Scripted):
    """Hard's own stop test (SearchAgent's) with the scripted playouts."""

    _enough = SearchAgent._enough


def test_hard_and_expert_without_a_plan_keep_the_plain_budget():
    for cls in (Plain, Hard):
        for outcome in ((lambda place, rng: 0.5), close_call):
            agent = cls(outcome)
            s, _ = new_game(Rules(), 2, random.Random(4))
            agent.search(view(s, s.attacker), legal_actions(s, s.attacker), avoid=None)
            assert agent.deals == ITERATIONS


def test_settled_needs_k_standard_errors_from_the_bonus():
    below = gain_of([0.0, 0.02] * 50)  # mean 0.01, tiny error: short of the bonus
    assert settled([0, 1], [Gain(), below], budget.K)
    near = gain_of([1.0, -1.0, 0.0, 0.0] * 25 + [1.0] * 3)  # mean 0.03, error 0.07
    assert not settled([0, 1], [Gain(), near], budget.K)
    clear = gain_of([0.5, 0.3] * 50)  # mean 0.4
    assert settled([0, 1], [Gain(), clear], budget.K)


def test_a_clear_leader_with_a_close_second_is_not_settled():
    first, second = gain_of([0.5, 0.3] * 50), gain_of([0.5, 0.2] * 50)
    assert not settled([0, 1, 2], [Gain(), first, second], budget.K)
    assert settled([0, 1], [Gain(), first], budget.K)  # the second halved away


def test_no_stop_before_the_minimum_share_and_deals():
    same = [Gain(), gain_of([0.0] * 100)]
    assert enough(PLAN, PLAN.min_share, PLAN.min_deals, [0, 1], same)
    assert not enough(PLAN, PLAN.min_share - 0.01, 100, [0, 1], same)
    assert not enough(PLAN, 1.0, PLAN.min_deals - 1, [0, 1], same)
    assert enough(PLAN, PLAN.cap, 1, [0, 1], [Gain(), Gain()])  # the cap, whatever
