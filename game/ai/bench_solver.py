"""Time the endgame solver: ``python -m game.ai.bench_solver --positions 200``.

Positions come from normal-vs-normal games: the first moment of each game when
the talon is empty, two seats hold cards and at most ``--cards`` cards are in hands
(the largest such position, i.e. as close to ``--cards`` as the game gives).

``--talon-two`` times expert's talon of two instead (talon_exact.py, issue 18's
rules): the first decision of the first seat with a choice and two talon cards,
every move solved on every deal the face-down card makes, and prints the nodes and
nodes a second as well."""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator

from game.ai import make_agent, talon_exact
from game.ai.endgame import NodeLimit, Solver
from game.ai.expert import solve_action, talon_exact_applies
from game.arena import parse_rules, time_stats
from game.engine import Rules, legal_actions, new_game, next_actor, view
from game.engine.legal import turn
from game.engine.state import State
from game.session.loop import play_game

Found = Callable[[State], bool]  # the moment of a game to time


def positions(rules: Rules, count: int, found: Found, seed: int) -> Iterator[tuple[State, int]]:
    """The first ``found`` moment of normal-vs-normal games, ``count`` of them."""
    rng = random.Random(seed)
    g = 0
    while count > 0:
        g += 1
        agents = [make_agent("normal", p, seed + g * 2 + p) for p in range(2)]
        s, _ = new_game(rules, 2, rng)
        if not play_game(s, agents, until=found).finished:
            actor = next_actor(s)
            assert actor is not None  # the game goes on
            yield s, actor
            count -= 1


def endgame(cards: int) -> Found:
    def small(s: State) -> bool:
        return not s.talon and sum(h.bit_count() for h in s.hands) <= cards and all(s.hands)
    return small


def talon_two(s: State) -> bool:
    """Seat 0 to choose where expert would solve its talon of two."""
    t = turn(s)
    return (t is not None and t[0] == 0 and len(t[1]) > 1
            and talon_exact_applies(view(s, 0)) is not None)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--cards", type=int, default=12)
    ap.add_argument("--variant", default="podkidnoy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-nodes", type=int, default=10**9)
    ap.add_argument("--talon-two", action="store_true",
                    help="expert's talon of two solved deal by deal (issue 18's rules)")
    args = ap.parse_args(argv)
    if args.talon_two:
        rules = parse_rules(["variant=" + args.variant, "attack_limit=null",
                             "trump_exchange=false"])
        found: Found = talon_two
    else:
        rules, found = Rules(variant=args.variant), endgame(args.cards)
    times, sizes, unsolved, nodes = [], [], 0, 0
    for s, seat in positions(rules, args.positions, found, args.seed):
        v = view(s, seat)
        legal = legal_actions(s, seat)
        solver = Solver(rules, v.trump, args.max_nodes, v.hand_size)
        t0 = time.process_time()
        try:
            if args.talon_two:
                talon_exact.best_actions(v, legal, 1 - seat, solver)
            else:
                solve_action(v, legal, seat, max_nodes=args.max_nodes)
        except NodeLimit:
            unsolved += 1
        times.append((time.process_time() - t0) * 1000)
        sizes.append(sum(v.hand_counts) + v.talon_count)
        nodes += solver.nodes
    t, n = time_stats(times), len(times)
    rate = f"; {nodes} nodes, {nodes / sum(times):.0f}k a second" if args.talon_two else ""
    print(f"{n} positions, {min(sizes)}..{max(sizes)} cards (mean {sum(sizes) / n:.1f}); "
          f"solver ms (CPU): median {t['median']:.2f}, p95 {t['p95']:.2f}, "
          f"max {t['max']:.2f}; {unsolved} over the node limit{rate}")


if __name__ == "__main__":
    main()
