"""How expert searches two-player Prostoy where the exact solver does not decide:
as hard does, on deals weighted by prostoy_infer.

Expert's own search (playouts in which both sides play as normal does, the club
player's move kept unless another is clearly better, an early stop once the choice
is settled, leads by normal's rule while the talon has cards) scored about 0.49
against hard, and did not gain from four times the time (0.450 on 60 games where it
scored 0.467 and 0.508 before); hard, searching every move to its budget with its
simpler playouts (``playout.fast_action``), gains from time: at half its budget
it scored 0.425 against expert (0.575 for expert, the same 60 games).
Time spent on hard's kind of search pays, on expert's did not. So in two-player
Prostoy expert searches with hard's settings at its own budget, leads included,
and keeps what hard lacks: the endgame solver and the weighted deals (0.606 over
360 games against hard, seeds 201-206, where it had scored 0.490: README).
"""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.view import View

from . import prostoy_infer
from .search import SearchAgent


def applies(v: View) -> bool:
    """Two-player Prostoy (prostoy_infer's games)."""
    return prostoy_infer.applies(v)


class HardSearch(SearchAgent):
    """Hard's search, driven by an expert: its clock, budget and the weights it passes;
    the work is counted in the expert's figures too (game.ai.bench_search reads them)."""

    def decide(self, v: View, legal: list[Action], owner: SearchAgent,
               weights: list[dict[int, float] | None]) -> Action:
        self.clock = owner.clock
        self.think_ms, self.iterations = owner.think_ms, owner.iterations
        before = (self.playouts, self.searches, self.playout_s)
        chosen = self.search(v, legal, avoid=None, weights=weights)
        owner.playouts += self.playouts - before[0]
        owner.searches += self.searches - before[1]
        owner.playout_s += self.playout_s - before[2]
        return chosen
