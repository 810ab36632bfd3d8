"""The engine benchmark plays whole games and reports its figures."""

import random

import pytest

from game.ai.bench_search import run as run_search
from game.bench_bytecodes import profile
from game.engine_bench import run, uniform_choose


@pytest.mark.parametrize("compact", [False, True])
def test_the_benchmark_plays_whole_games_and_reports_them(compact):
    report = run(players=3, seconds=0.05, seed=2, compact=compact)
    assert report["games"] >= 1 and report["moves_per_game"] > 1
    assert report["compact"] is compact
    assert set(report) == {"players", "compact", "prototype", "games", "cpu_s", "games_per_s",
                           "moves_per_game", "us_per_move"}


@pytest.mark.parametrize("compact", [False, True])
def test_a_fixed_number_of_games_is_the_same_games_every_time(compact):
    first = run(players=2, seconds=0, seed=4, compact=compact, games_wanted=3)
    again = run(players=2, seconds=0, seed=4, compact=compact, games_wanted=3)
    assert first["games"] == again["games"] == 3
    assert first["moves_per_game"] == again["moves_per_game"]
    assert run(players=2, seconds=0, seed=4, compact=compact, games_wanted=0)["games"] == 0


@pytest.mark.parametrize("compact", [False, True])
def test_the_search_benchmark_counts_playouts(compact):
    report = run_search("hard", games=1, players=2, think_ms=2, seed=3, compact=compact,
                        rules_pairs=[])
    assert report["searches"] >= 1 and report["playouts"] >= report["searches"]


def test_the_search_benchmark_with_no_games_reports_nothing_searched():
    report = run_search("hard", games=0, players=2, think_ms=2, seed=3, compact=False,
                        rules_pairs=[])  # the start-up alone, for instruction counts
    assert (report["games"], report["searches"], report["playouts"]) == (0, 0, 0)


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_search_benchmark_with_fixed_iterations_does_the_same_work_every_run(level):
    def once() -> dict:
        return run_search(level, games=1, players=2, think_ms=50, seed=3, compact=True,
                          rules_pairs=[], iterations=3)
    first, again = once(), once()
    assert first["iterations"] == 3 and first["think_ms"] is None
    assert (first["searches"], first["playouts"]) == (again["searches"], again["playouts"])
    assert first["playouts"] >= 3 * first["searches"]


def test_the_benchmarks_draw_is_rng_choice_in_one_call():
    ours, theirs = random.Random(11), random.Random(11)
    choose = uniform_choose(ours)
    for n in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 100] * 50:
        seq = list(range(n))
        assert choose(None, seq) == theirs.choice(seq)
    assert ours.random() == theirs.random()  # the same bits were used up
    with pytest.raises(IndexError):
        choose(None, [])


def test_the_bytecode_profile_counts_the_engines_calls_a_move():
    p = profile(players=2, warm=0, games=1)
    by_name = {name: (ops, calls) for name, ops, calls in p["functions"]}
    assert p["moves"] > 1 and p["bytecodes_per_move"] > 100
    for asked_every_move in ("legal.py:turn", "play.py:apply_listed"):
        assert by_name[asked_every_move][1] == 1.0
    assert sum(ops for ops, _ in by_name.values()) == pytest.approx(p["bytecodes_per_move"],
                                                                    abs=1)
