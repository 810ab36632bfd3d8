"""Time the endgame solver: ``python -m game.ai.bench_solver --positions 200``.

Positions come from normal-vs-normal games: the first moment of each game when
the talon is empty, two seats hold cards and at most ``--cards`` cards are in hands
(the largest such position, i.e. as close to ``--cards`` as the game gives)."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

from game.ai import make_agent
from game.ai.endgame import NodeLimit
from game.ai.expert import solve_action
from game.arena import time_stats
from game.engine import Rules, legal_actions, new_game, next_actor, view
from game.engine.state import State
from game.session.loop import play_game


def endgames(rules: Rules, count: int, cards: int, seed: int) -> Iterator[tuple[State, int]]:
    rng = random.Random(seed)
    g = 0
    while count > 0:
        g += 1
        agents = [make_agent("normal", p, seed + g * 2 + p) for p in range(2)]
        s, _ = new_game(rules, 2, rng)

        def small(s: State) -> bool:
            return not s.talon and sum(h.bit_count() for h in s.hands) <= cards and all(s.hands)

        if not play_game(s, agents, until=small).finished:
            actor = next_actor(s)
            assert actor is not None  # the game goes on
            yield s, actor
            count -= 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--cards", type=int, default=12)
    ap.add_argument("--variant", default="podkidnoy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-nodes", type=int, default=10**9)
    args = ap.parse_args()
    rules = Rules(variant=args.variant)
    times, sizes, unsolved = [], [], 0
    for s, seat in endgames(rules, args.positions, args.cards, args.seed):
        v = view(s, seat)
        legal = legal_actions(s, seat)
        t0 = time.perf_counter()
        try:
            solve_action(v, legal, seat, max_nodes=args.max_nodes)
        except NodeLimit:
            unsolved += 1
        times.append((time.perf_counter() - t0) * 1000)
        sizes.append(sum(v.hand_counts))
    t, n = time_stats(times), len(times)
    print(f"{n} positions, {min(sizes)}..{max(sizes)} cards (mean {sum(sizes) / n:.1f}); "
          f"solver ms: median {t['median']:.2f}, p95 {t['p95']:.2f}, "
          f"max {t['max']:.2f}; {unsolved} over the node limit")


if __name__ == "__main__":
    main()
