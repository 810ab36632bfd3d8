"""Computer players. Each sees only a seat's view and the legal actions.

``make_agent(level, seat, seed, think_ms)`` returns an object whose
``choose(view, legal)`` returns one of ``legal``. Agents are picklable and use
their own ``random.Random(seed)``. Every level is wrapped in ``memory.NoRepeats``,
which keeps a game from going round a cycle of positions for ever, and in
``cheating.Cheater``, the level's nerve and attention in cheating mode.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.engine.actions import Action
from game.engine.view import View

LEVELS = ("random", "easy", "normal", "hard", "expert")
YARDSTICKS = ("greedy",)  # arena agents only, never offered to players
ARENA_AGENTS = LEVELS + YARDSTICKS
DEFAULT_THINK_MS = {"hard": 150, "expert": 230}


class Agent(Protocol):
    level: str

    def choose(self, view: View, legal: list[Action]) -> Action: ...


def make_agent(level: str, seat: int, seed: int, think_ms: int | None = None,
               iterations: int | None = None,
               clock: Callable[[], float] | None = None) -> Agent:
    """A computer player of ``level`` for ``seat``. ``think_ms`` (search levels):
    the budget per decision, in wall time or on ``clock`` (e.g. ``time.process_time``);
    ``iterations``: a fixed number of sampled deals instead, which makes the
    search deterministic (for tests)."""
    from .agents import EasyAgent, NormalAgent, RandomAgent
    from .cheating import Cheater, temper_of
    from .expert import ExpertAgent
    from .greedy import GreedyAgent
    from .memory import NoRepeats
    from .search import SearchAgent

    if level not in ARENA_AGENTS:
        raise ValueError(f"unknown level '{level}' (one of {', '.join(ARENA_AGENTS)})")
    agent: Agent
    if level in DEFAULT_THINK_MS:
        budget = think_ms if think_ms is not None else DEFAULT_THINK_MS[level]
        cls = SearchAgent if level == "hard" else ExpertAgent
        searcher = cls(seat, seed, budget, iterations)
        if clock is not None:
            searcher.clock = clock
        agent = searcher
    else:
        simple = {"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent,
                  "greedy": GreedyAgent}
        agent = simple[level](seat, seed)
    # every level: no game kept in a cycle, and its own temper for cheating mode
    return Cheater(NoRepeats(agent), seat, seed, temper_of(level))
