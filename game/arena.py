"""Computer players against each other, without a screen: ``python -m game.arena``.

Example: ``python -m game.arena --agents expert,normal --games 500 --mirror``.
With ``--mirror`` every deal is played once per rotation of the agents round the
table (so N deals give N x players games) and each agent plays each hand.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from game.ai import ARENA_AGENTS, Agent, make_agent
from game.ai.cardlib import outcome_for
from game.engine import CheatRecord, Rules, RulesError, new_game
from game.engine.events import GameOver
from game.engine.preview import preview
from game.session import loop
from game.session.loop import IllegalChoice
from game.yaml_io import YamlFileError, load_yaml_text

RULE_VALUE_CAP = 1000  # characters of one --rules value


class ArenaError(Exception):
    """A bad command line: printed as one line, exit status 2."""


@dataclass
class Tally:
    """Results and decision times of one agent slot (or of all slots of one name)."""

    agent: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    times: list[float] = field(default_factory=list)
    cheats: list[int] = field(default_factory=lambda: [0, 0, 0])  # tried, caught, caught others

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def record(self, outcome: float) -> None:
        """Count one game: outcome 1 a win, 0 a loss (the fool or the losing team)."""
        if outcome == 1.0:
            self.wins += 1
        elif outcome == 0.0:
            self.losses += 1
        else:
            self.draws += 1

    def merge(self, other: Tally) -> None:
        self.wins += other.wins
        self.losses += other.losses
        self.draws += other.draws
        self.times.extend(other.times)
        self.cheats = [a + b for a, b in zip(self.cheats, other.cheats, strict=True)]

    def record_cheats(self, seat: int, records: Iterable[CheatRecord]) -> None:
        """Count the game's cheats by ``seat`` (tried, caught) and its catches."""
        for r in records:
            self.cheats[0] += r.seat == seat
            self.cheats[1] += r.seat == seat and r.caught
            self.cheats[2] += r.caught_by == seat

    def summary(self) -> dict[str, Any]:
        n = self.games
        score = (self.wins + self.draws / 2) / n if n else 0.0
        return {
            "agent": self.agent, "games": n, "wins": self.wins, "losses": self.losses,
            "draws": self.draws, "score": score, "ci95": list(self._ci(score)),
            "decision_ms": time_stats(self.times),
            "cheats": {"tried": self.cheats[0], "caught": self.cheats[1],
                       "standing": self.cheats[0] - self.cheats[1], "catches": self.cheats[2]},
        }

    def _ci(self, mean: float) -> tuple[float, float]:
        n = self.games
        if n < 2:
            return (0.0, 1.0)
        sq = self.wins + self.draws / 4
        var = max(sq / n - mean * mean, 0.0) * n / (n - 1)
        half = 1.96 * math.sqrt(var / n)
        return (max(0.0, mean - half), min(1.0, mean + half))


def time_stats(times: list[float]) -> dict[str, float]:
    """Count, median, p95 and max of a list of times."""
    if not times:
        return {"count": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
    t = sorted(times)
    p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
    return {"count": len(t), "median": t[len(t) // 2], "p95": p95, "max": t[-1]}


def parse_rules(pairs: list[str]) -> Rules:
    data = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise ArenaError(f"--rules {preview(pair)}: expected KEY=VALUE")
        try:
            data[key.strip()] = load_yaml_text(text, "the value", cap=RULE_VALUE_CAP)
        except YamlFileError as e:
            raise ArenaError(f"--rules {preview(pair)}: {e}") from None
    try:
        return Rules.from_mapping(data)
    except RulesError as e:
        raise ArenaError(str(e)) from None


@dataclass
class Game:
    """One arena game: the result (None on error), each seat's decision times (ms),
    the error text, and the cheats of the game (cheating mode)."""

    result: GameOver | None
    times: list[list[float]]
    error: str | None
    cheats: tuple[CheatRecord, ...] = ()


def play_game(rules: Rules, agents: list[Agent], rng: random.Random, max_moves: int,
              clock: Callable[[], float] = time.perf_counter) -> Game:
    s, _ = new_game(rules, len(agents), rng)
    try:
        played = loop.play_game(s, agents, max_moves=max_moves, clock=clock)
    except IllegalChoice as e:
        return Game(None, [[] for _ in agents], f"{agents[e.seat].level} at seat {e.seat}: {e}")
    times = [[t * 1000 for t in seat] for seat in played.times]
    if not played.finished:
        return Game(None, times, f"no result after {max_moves} moves", s.cheats)
    return Game(s.result, times, None, s.cheats)


@dataclass
class DealResult:
    """The games of one deal, one per rotation: (slot at each seat, game)."""

    deal: int
    games: list[tuple[list[int], Game]]


def play_deal(names: list[str], rules: Rules, deal: int, seed: int, think_ms: int | None,
              mirror: bool, max_moves: int, cpu_clock: bool = False) -> DealResult:
    """Every rotation of one deal; the same figures whichever process plays it.
    ``cpu_clock``: budgets and decision times on the process's CPU time."""
    clock = time.process_time if cpu_clock else time.perf_counter
    n = len(names)
    deal_seed = seed * 1_000_003 + deal
    games = []
    for rot in range(n if mirror else 1):
        slot_at = [(seat + rot) % n for seat in range(n)]  # which slot sits where
        agents = [make_agent(names[slot_at[seat]], seat, deal_seed * 7 + slot_at[seat],
                             think_ms, clock=clock)
                  for seat in range(n)]
        games.append((slot_at, play_game(rules, agents, random.Random(deal_seed), max_moves,
                                         clock)))
    return DealResult(deal, games)


# play_deal's arguments, as a pool sends them: names, rules, deal, seed, think_ms, mirror,
# max_moves, cpu_clock
DealArgs: TypeAlias = tuple[list[str], Rules, int, int, int | None, bool, int, bool]
DealMap: TypeAlias = Callable[[Callable[[DealArgs], DealResult], list[DealArgs]],
                              Iterable[DealResult]]


def _play_deal_args(args: DealArgs) -> DealResult:
    return play_deal(*args)


def run(names: list[str], rules: Rules, deals: int, seed: int, think_ms: int | None,
        mirror: bool, max_moves: int, progress: bool = False, jobs: int = 1,
        cpu_clock: bool = False) -> dict[str, Any]:
    """Play ``deals`` deals; with ``jobs`` > 1 in that many processes (the results
    are the same, tallied in deal order)."""
    n = len(names)
    tallies = [Tally(name) for name in names]
    errors: list[str] = []
    total = deals * (n if mirror else 1)
    start = time.perf_counter()
    played = 0
    work: list[DealArgs] = [(names, rules, deal, seed, think_ms, mirror, max_moves, cpu_clock)
                            for deal in range(deals)]
    with _deal_map(jobs) as deal_map:
        for result in deal_map(_play_deal_args, work):
            for rot, (slot_at, game) in enumerate(result.games):
                _tally_game(tallies, slot_at, game)
                if game.error:
                    errors.append(f"deal {result.deal} rotation {rot}: {game.error}")
                played += 1
                if progress:
                    _progress(played, total, start)
    seconds = time.perf_counter() - start
    if progress:
        sys.stderr.write("\n")
    report = _report(names, rules, tallies, errors, played, seconds)
    report["clock"] = "cpu" if cpu_clock else "wall"
    return report


@contextlib.contextmanager
def _deal_map(jobs: int) -> Iterator[DealMap]:
    """An ordered map over deals: in this process, or in a pool of ``jobs``."""
    if jobs <= 1:
        yield map
        return
    with multiprocessing.Pool(jobs) as pool:
        yield lambda f, work: pool.imap(f, work, chunksize=1)


def _tally_game(tallies: list[Tally], slot_at: list[int], game: Game) -> None:
    for seat, slot in enumerate(slot_at):
        tally = tallies[slot]
        tally.times.extend(game.times[seat])
        tally.record_cheats(seat, game.cheats)
        if game.result is not None:
            tally.record(outcome_for(game.result, seat))


def _report(names: list[str], rules: Rules, tallies: list[Tally], errors: list[str],
            played: int, seconds: float) -> dict[str, Any]:
    by_name: dict[str, Tally] = {}
    for t in tallies:
        by_name.setdefault(t.agent, Tally(t.agent)).merge(t)
    return {
        "games": played, "errors": len(errors), "error_messages": errors[:20],
        "seconds": seconds, "games_per_second": played / seconds if seconds else 0.0,
        "rules": rules.to_mapping(), "agents": names,
        "seats": [t.summary() for t in tallies],
        "by_agent": {name: t.summary() for name, t in by_name.items()}
        if len(by_name) < len(names) else {},
    }


def _progress(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // total
    rate = done / max(time.perf_counter() - start, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                     f"{rate:.1f} games/s")
    sys.stderr.flush()


def format_text(report: dict[str, Any]) -> str:
    lines = [f"{report['games']} games, {report['errors']} errors, "
             f"{report['games_per_second']:.1f} games/s ({report['seconds']:.1f} s)"]
    lines += [f"error: {m}" for m in report["error_messages"]]
    cheating = report["rules"].get("cheating", False)
    unit = "ms CPU" if report.get("clock") == "cpu" else "ms"
    header = (f"{'seat':<6}{'agent':<8}{'wins':>6}{'losses':>7}{'draws':>6}"
              f"{'score':>7}  {'95% CI':<13}{'median':>8}{'p95':>8}{'max':>9}  ({unit})")
    if cheating:
        header += f"{'cheats':>8}{'caught':>8}{'stood':>7}{'catches':>9}"
    lines.append(header)
    rows = [(str(i), s) for i, s in enumerate(report["seats"])]
    rows += [("all", s) for s in report["by_agent"].values()]
    for label, s in rows:
        lo, hi = s["ci95"]
        t = s["decision_ms"]
        line = (f"{label:<6}{s['agent']:<8}{s['wins']:>6}{s['losses']:>7}{s['draws']:>6}"
                f"{s['score']:>7.3f}  {lo:.3f}-{hi:.3f}  {t['median']:>8.2f}"
                f"{t['p95']:>8.2f}{t['max']:>9.2f}")
        if cheating:
            c = s["cheats"]
            line += f"      {c['tried']:>8}{c['caught']:>8}{c['standing']:>7}{c['catches']:>9}"
        lines.append(line)
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game.arena",
                                description="Play computer players against each other.")
    p.add_argument("--agents", default="random,random",
                   help=f"one level per seat, comma separated ({', '.join(ARENA_AGENTS)})")
    p.add_argument("--games", type=int, default=100,
                   help="deals to play (with --mirror each is played once per rotation)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--cheating", action="store_true",
                   help="cheating mode (the same as --rules cheating=true)")
    p.add_argument("--think-ms", type=int, default=None, help="budget of hard and expert")
    p.add_argument("--cpu-clock", action="store_true",
                   help="count budgets and decision times in each process's CPU time, "
                        "so that a busy machine plays as an idle one would")
    p.add_argument("--mirror", action="store_true")
    p.add_argument("--json", action="store_true")
    p.add_argument("--max-moves", type=int, default=5000)
    p.add_argument("--jobs", type=int, default=1,
                   help="processes playing deals side by side (the same results)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        names = [a.strip() for a in args.agents.split(",") if a.strip()]
        bad = [a for a in names if a not in ARENA_AGENTS]
        if bad:
            raise ArenaError(f"--agents: {preview(bad[0])} is not a level "
                             f"(one of {', '.join(ARENA_AGENTS)})")
        rules = parse_rules(args.rules + (["cheating=true"] if args.cheating else []))
        try:
            rules.check_players(len(names))
        except RulesError as e:
            raise ArenaError(str(e)) from None
        if args.games < 1 or args.max_moves < 1:
            raise ArenaError("--games and --max-moves must be at least 1")
        if not 1 <= args.jobs <= 64:
            raise ArenaError("--jobs must be 1..64")
        if args.think_ms is not None and not 1 <= args.think_ms <= 100_000:
            raise ArenaError("--think-ms must be 1..100000")
    except ArenaError as e:
        print(f"arena: {e}", file=sys.stderr)
        return 2
    report = run(names, rules, args.games, args.seed, args.think_ms, args.mirror,
                 args.max_moves, progress=sys.stderr.isatty(), jobs=args.jobs,
                 cpu_clock=args.cpu_clock)
    try:
        print(json.dumps(report, indent=2) if args.json else format_text(report))
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: the reader has all it wanted
        # the Python docs' recipe: point stdout at devnull so the exit's flush is quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
