"""Properties of the scoring fold over random series, and a seeded fuzz of bad files."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.cards import card_str
from game.engine.scoring import SYSTEMS, GameRecord, Standings, standings
from game.scoring import main as scoring_main

FILES = Path(__file__).resolve().parent / "scoring"


@st.composite
def a_game(draw, seats: list[int]) -> GameRecord:
    """A game the seats could have played: groups by bout, then the fool or a draw."""
    order = draw(st.permutations(seats))
    fool = order[-1] if draw(st.booleans()) else None
    body = order[:-1] if fool is not None else order
    cuts = [draw(st.booleans()) for _ in body[1:]]
    groups: list[list[int]] = [[body[0]]] if body else []
    for seat, cut in zip(body[1:], cuts, strict=True):
        if cut:
            groups.append([])
        groups[-1].append(seat)
    if fool is not None:
        groups.append([fool])
    hand = draw(st.lists(st.integers(0, 51), min_size=1, max_size=12, unique=True))
    return GameRecord(tuple(tuple(g) for g in groups), fool,
                      tuple(hand) if fool is not None else (), draw(st.integers(0, 3)))


def play_series(data, system: str, players: int, target: int | None,
                most: int) -> tuple[list[GameRecord], Standings]:
    """Random games until the series ends or ``most`` were played."""
    games: list[GameRecord] = []
    result = standings(system, players, games, target)
    while not result.finished and len(games) < most:
        seats = [s for s in range(players) if s not in result.eliminated]
        games.append(data.draw(a_game(seats)))
        result = standings(system, players, games, target)
    return games, result


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(2, 6))
def test_fools_total_is_the_number_of_games_with_a_fool(data, players):
    games, result = play_series(data, "fools", players, None, 12)
    assert sum(result.scores) == sum(g.fool is not None for g in games)
    assert not result.finished and result.winners == ()


@settings(max_examples=50, deadline=None)
@given(st.data(), st.sampled_from(SYSTEMS), st.integers(2, 6))
def test_scores_winners_and_the_end_agree_with_the_system(data, system, players):
    target = {"fools": 3, "penalty_points": 4}.get(system)
    games, result = play_series(data, system, players, target, 40)
    if system != "basic_plus":
        assert min(result.scores) >= 0
    if system == "penalty_points":
        assert sum(result.scores) == sum(
            players - len(g.places[0]) + (g.fool is not None) for g in games)
    if system == "advanced":
        assert all(result.scores[s] >= 100 for s in result.eliminated)
        assert result.finished == (len(result.eliminated) == players - 1)
    else:
        assert result.eliminated == ()
    if result.finished:
        assert result.winners and set(result.winners) <= set(range(players))
        if system in ("fools", "penalty_points"):
            assert all(result.scores[w] == min(result.scores) for w in result.winners)
        if system == "medium":
            assert all(result.scores[w] == max(result.scores) for w in result.winners)
    else:
        assert result.winners == ()


def _as_file(system: str, players: int, games: list[GameRecord]) -> dict:
    rows = []
    for g in games:
        row = {"places": [list(p) for p in g.places], "fool": g.fool}
        if g.fool is not None:
            row["fool_hand"] = [card_str(c) for c in g.fool_hand]
            row["trump"] = "SHDC"[g.trump]
        rows.append(row)
    return {"system": system, "players": players, "games": rows}


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), system=st.sampled_from(SYSTEMS), players=st.integers(2, 6))
def test_the_command_prints_what_the_engine_folds(tmp_path, capsys, data, system, players):
    games, result = play_series(data, system, players, None, 15)
    path = tmp_path / "series.yaml"
    path.write_text(yaml.safe_dump(_as_file(system, players, games), allow_unicode=True),
                    encoding="utf-8")
    assert scoring_main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == result.to_json()


# --- the fuzz: mutated valid files are scored or rejected in one line, never a traceback ---

JUNK = [None, True, False, -1, 0, 7, 10**30, 2.5, "", "x", "AS", "10♥", [], {}, [[]], [None],
        {"places": []}, [[0, 0]], "H", "penalty_points"]


def _mutate(node, rng: random.Random):
    """One random change somewhere in a parsed file."""
    if isinstance(node, dict) and node and rng.random() < 0.7:
        key = rng.choice(list(node))
        roll = rng.random()
        if roll < 0.2:
            del node[key]
        elif roll < 0.3:
            node[rng.choice(["extra", 3, True, "Places"])] = rng.choice(JUNK)
        elif roll < 0.6:
            node[key] = copy.deepcopy(rng.choice(JUNK))
        else:
            node[key] = _mutate(node[key], rng)
        return node
    if isinstance(node, list) and node and rng.random() < 0.7:
        i = rng.randrange(len(node))
        roll = rng.random()
        if roll < 0.2:
            del node[i]
        elif roll < 0.35:
            node.insert(i, copy.deepcopy(node[i]))
        elif roll < 0.6:
            node[i] = copy.deepcopy(rng.choice(JUNK))
        else:
            node[i] = _mutate(node[i], rng)
        return node
    if isinstance(node, int) and not isinstance(node, bool):
        return node + rng.choice([-1, 1, 6])
    return copy.deepcopy(rng.choice(JUNK))


def test_mutated_files_exit_0_or_2_with_one_line(tmp_path, capsys):
    rng = random.Random(16)
    originals = [yaml.safe_load(p.read_text(encoding="utf-8"))
                 for p in sorted(FILES.glob("*.yaml"))]
    codes = {0: 0, 2: 0}
    for i in range(400):
        data = copy.deepcopy(rng.choice(originals))
        for _ in range(rng.randint(1, 3)):
            data = _mutate(data, rng)
        path = tmp_path / f"m{i}.yaml"
        text = yaml.safe_dump(data, allow_unicode=True)
        if rng.random() < 0.15:  # damage the text itself too
            at = rng.randrange(len(text))
            text = text[:at] + rng.choice(["[", ":", "\t", "{", "'", "\n-"]) + text[at + 1:]
        path.write_text(text, encoding="utf-8")
        code = scoring_main([str(path)])
        out, err = capsys.readouterr()
        assert code in (0, 2), (code, text)
        codes[code] += 1
        if code == 2:
            assert len(err.strip("\n").split("\n")) == 1 and err.strip(), (err, text)
            assert json.loads(out) == {"error": err.strip("\n")}
        else:
            assert set(json.loads(out)) == {"scores", "finished", "winners", "eliminated"}
    assert codes[0] and codes[2]  # the fuzz reached both outcomes
