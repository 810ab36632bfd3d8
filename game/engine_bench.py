"""``python -m game.engine_bench``: random games per second through the engine alone.

The arena's games/s includes views, agents and timing; this is the engine's own
speed: new_game, next_actor, legal_actions and apply_listed, on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from .engine import Rules, apply_listed, legal_actions, new_game, next_actor


def run(players: int, seconds: float, seed: int) -> dict:
    rules, rng = Rules(), random.Random(seed)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, _ = new_game(rules, players, rng)
        while state.result is None:
            apply_listed(state, rng.choice(legal_actions(state, next_actor(state))))
            moves += 1
        games += 1
    cpu = time.process_time() - start
    return {"players": players, "games": games, "cpu_s": round(cpu, 2),
            "games_per_s": round(games / cpu), "moves_per_game": round(moves / games, 1),
            "us_per_move": round(1e6 * cpu / moves, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine_bench", description=__doc__)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.players, args.seconds, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
