"""The engine benchmark plays whole games and reports its figures."""

from game.engine_bench import run


def test_the_benchmark_plays_whole_games_and_reports_them():
    report = run(players=3, seconds=0.05, seed=2)
    assert report["games"] >= 1 and report["moves_per_game"] > 1
    assert set(report) == {"players", "games", "cpu_s", "games_per_s", "moves_per_game",
                           "us_per_move"}
