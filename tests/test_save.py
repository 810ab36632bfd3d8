"""Save and resume: a save replays to exactly the same states, writes are atomic,
and a broken save is one message, never a traceback."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from game.config import PlayerSpec, load_settings
from game.engine import Rules, cheat_actions, legal_actions, next_actor
from game.engine.actions import Attack, Catch, Defend, Exchange, Pass, Show, Take, Transfer
from game.paths import atomic_write
from game.session import save as sv
from game.session.match import Match
from game.ui.thinker import InlineThinker

SLOTS = [s for s in ("hands", "talon", "trump", "attacks", "covers", "attacker", "defender",
                     "leader", "passed", "taking", "limit", "shown", "discard", "out",
                     "result", "bout", "known", "exchanger", "clock", "trump_lead")]


def snapshot(state) -> tuple:
    return tuple(repr(getattr(state, name)) for name in SLOTS)


def settings_for(rng: random.Random):
    base, _ = load_settings()
    n = rng.randint(2, 6)
    teams = {4: ((0, 2), (1, 3)), 6: ((0, 2, 4), (1, 3, 5))}.get(n) if rng.random() < 0.3 \
        else None
    variant = rng.choice(["podkidnoy", "perevodnoy"])
    rules = Rules(variant=variant, deck=rng.choice([24, 36, 52]) if n <= 4 else 52,
                  teams=teams, transfer_by_showing_trump=variant == "perevodnoy"
                  and rng.random() < 0.5, throw_in=rng.choice(["all", "neighbours"]))
    players = (PlayerSpec("You", "human"),) + tuple(
        PlayerSpec(f"P{i}", "computer", "random") for i in range(1, n))
    return dataclasses.replace(base, rules=rules, players=players)


def step(match: Match) -> None:
    """One move by a stateless seeded random agent: the same position and move number
    give the same choice, so a restored match plays on exactly as the original."""
    state = match.state
    seat = next_actor(state)
    rng = random.Random(match.seed * 7919 + match.game * 104_729 + len(match.actions))
    action = rng.choice(legal_actions(state, seat))
    if seat == match.human:
        assert match.submit(action) is not None
    else:
        match.replay_action(action)


def advance(match: Match) -> None:
    """One move, or the next deal once the game is over."""
    if match.finished:
        match.start_game()
    else:
        step(match)


def restored(path, ui) -> Match:
    match, message = sv.load_save(path, ui, InlineThinker(), 0)
    assert message is None, message
    return match[0]


def test_a_game_saved_anywhere_plays_on_exactly_as_the_unsaved_one(tmp_path):
    rng = random.Random(13)
    path = tmp_path / "current.json"
    points = 0
    while points < 50:
        settings = settings_for(rng)
        seed = rng.randrange(10**6)
        original = Match(settings, seed, InlineThinker(), 0)
        original.start_game()
        cut = rng.randrange(1, 400)
        trace = []
        for _ in range(cut + 150):
            advance(original)
            trace.append((original.game, snapshot(original.state)))
        copy = Match(settings, seed, InlineThinker(), 0)
        copy.start_game()
        for _ in range(cut):
            advance(copy)
        sv.save_match(copy, path)
        back = restored(path, settings.ui)
        assert back.series.fools == copy.series.fools
        assert back.series.games == copy.series.games
        if not copy.finished:  # a finished game is resumed at the next deal
            assert (back.game, snapshot(back.state)) == trace[cut - 1]
            assert back.actions == copy.actions
        for i in range(cut, cut + 150):
            advance(back)
            assert (back.game, snapshot(back.state)) == trace[i]
        points += 1


def played(moves: int, seed: int = 4, players: int = 3) -> Match:
    rng = random.Random(seed)
    settings = settings_for(rng)
    settings = dataclasses.replace(settings, players=settings.players[:players],
                                   rules=dataclasses.replace(settings.rules, teams=None))
    match = Match(settings, seed, InlineThinker(), 0)
    match.start_game()
    for _ in range(moves):
        advance(match)
    return match


def test_every_action_type_round_trips_as_a_small_dict():
    actions = [Attack(0, (4, 17)), Defend(1, 4, 9), Take(2), Pass(3), Transfer(1, (30,)),
               Show(1, 30), Exchange(0), Catch(2)]
    for a in actions:
        d = sv.action_to_dict(a)
        assert json.loads(json.dumps(d)) == d
        assert sv.action_from_dict(d, 4) == a
    assert sv.action_to_dict(Attack(0, (4,))) == {"type": "attack", "seat": 0, "cards": ["6S"]}


def test_a_cheating_game_with_cheats_and_catches_is_saved_and_restored(tmp_path):
    settings = settings_for(random.Random(5))
    settings = dataclasses.replace(settings, players=settings.players[:2], rules=Rules(
        cheating=True))
    match = Match(settings, 11, InlineThinker(), 0)
    match.start_game()
    rng = random.Random(2)
    while not any(isinstance(a, Catch) for _s, a in match.actions) or match.state.cheat is None:
        if match.finished:
            match.start_game()
        seat = next_actor(match.state)
        cheats = cheat_actions(match.state, seat)
        catches = [a for a in legal_actions(match.state, seat) if isinstance(a, Catch)]
        options = catches or (cheats if cheats and rng.random() < 0.5 else
                              legal_actions(match.state, seat))
        match.replay_action(rng.choice(options))
    path = tmp_path / "current.json"
    sv.save_match(match, path)
    back = restored(path, settings.ui)
    assert back.actions == match.actions and snapshot(back.state) == snapshot(match.state)
    assert back.state.cheat == match.state.cheat and back.state.cheats == match.state.cheats


def test_a_conceded_game_counts_as_the_humans_loss_and_survives_a_save(tmp_path):
    match = played(20)
    match.concede()
    assert match.series.fools[0] == 1 and match.series.games == 1
    path = tmp_path / "s.json"
    sv.save_match(match, path)
    back = restored(path, match.settings.ui)
    assert back.series.fools == match.series.fools
    assert back.game == 2 and back.actions == []  # resumed at the next deal


def test_a_save_with_an_illegal_move_is_set_aside_with_one_line(tmp_path):
    match = played(10)
    data = sv.match_to_dict(match)
    data["games"][-1]["actions"][-1] = {"type": "take", "seat": 0}
    data["games"][-1]["actions"].insert(0, {"type": "pass", "seat": 1})
    path = tmp_path / "current.json"
    path.write_text(json.dumps(data))
    result, message = sv.load_save(path, match.settings.ui, InlineThinker())
    assert result is None and "\n" not in message and "not legal" in message
    assert not path.exists() and (tmp_path / "current.json.broken-1").exists()


def test_an_older_version_is_set_aside(tmp_path):
    data = sv.match_to_dict(played(5))
    data["version"] = 0
    path = tmp_path / "current.json"
    path.write_text(json.dumps(data))
    result, message = sv.load_save(path, load_settings()[0].ui, InlineThinker())
    assert result is None and "another version" in message


def test_a_save_interrupted_while_writing_leaves_the_previous_one_readable(tmp_path, monkeypatch):
    path = tmp_path / "current.json"
    first = played(10)
    sv.save_match(first, path)
    later = played(30)

    def broken(fd):
        raise OSError("the disk went away")

    monkeypatch.setattr("os.fsync", broken)
    with pytest.raises(OSError):
        sv.save_match(later, path)
    monkeypatch.undo()
    back = restored(path, first.settings.ui)
    assert back.actions == first.actions
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]


def test_atomic_write_is_what_saves_use(tmp_path):
    path = tmp_path / "x.json"
    atomic_write(path, "{}")
    assert path.read_text() == "{}"


def test_atomic_write_takes_bytes_as_they_are(tmp_path):
    path = tmp_path / "x.bin"
    atomic_write(path, b"\x80\x00")
    assert path.read_bytes() == b"\x80\x00"


def mutate(text: str, rng: random.Random) -> str:
    """One seeded change to a save's JSON: a value, a key, a cut, a byte."""
    kind = rng.randrange(6)
    if kind == 0:
        i = rng.randrange(len(text))
        return text[:i]
    if kind == 1:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[]",:0-9eEx\x00\u00e9') + text[i + 1:]
    data = json.loads(text)
    node, key = pick(data, rng)
    if kind == 2:
        node[key] = rng.choice([None, True, -1, 2**70, "6X", [], {}, "", 1.5, "x" * 500])
    elif kind == 3 and isinstance(node, dict):
        del node[key]
    elif kind == 4 and isinstance(node, list) and node:
        node.insert(rng.randrange(len(node) + 1), node[rng.randrange(len(node))])
    else:
        node[key] = [node[key]] * 3
    return json.dumps(data)


def pick(data, rng: random.Random):
    """A random (container, key) inside ``data``."""
    node, key = {"root": data}, "root"
    for _ in range(rng.randrange(1, 6)):
        value = node[key]
        if isinstance(value, dict) and value:
            node, key = value, rng.choice(list(value))
        elif isinstance(value, list) and value:
            node, key = value, rng.randrange(len(value))
        else:
            break
    return node, key


def test_fuzzed_saves_give_one_message_or_a_match_never_a_traceback(tmp_path):
    rng = random.Random(2026)
    sources = [json.dumps(sv.match_to_dict(played(m, seed=s, players=p)))
               for m, s, p in ((25, 1, 2), (60, 2, 3), (140, 3, 4))]
    ui = load_settings()[0].ui
    refused = 0
    for i in range(1000):  # issue 13: 1,000 fuzzed save files
        path = tmp_path / f"save{i}.json"
        path.write_text(mutate(rng.choice(sources), rng), encoding="utf-8",
                        errors="surrogatepass")
        result, message = sv.load_save(path, ui, InlineThinker())
        if result is None:
            refused += 1
            assert message and "\n" not in message and len(message) < 400, message
    assert refused > 500


WRITER = """
import sys
from tests.test_save import played
from game.session import save as sv
from pathlib import Path
path = Path(sys.argv[1])
matches = [played(10), played(120)]
sv.save_match(matches[0], path)
print("ready", flush=True)
i = 0
while True:
    i += 1
    sv.save_match(matches[i % 2], path)
"""


def test_a_process_killed_while_saving_leaves_a_readable_save(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    path = tmp_path / "current.json"
    expected = {len(played(10).actions), len(played(120).actions)}
    for delay in (0.05, 0.13, 0.31):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=root,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        back = restored(path, load_settings()[0].ui)
        assert len(back.actions) in expected


def test_the_autosaver_writes_the_newest_match_and_close_waits_for_it(tmp_path, monkeypatch):
    import threading

    from game.session import autosave

    real = autosave.atomic_write
    gate = threading.Event()
    writes = []

    def held(path, text):
        gate.wait(10)
        writes.append(len(json.loads(text)["games"][-1]["actions"]))
        real(path, text)

    monkeypatch.setattr(autosave, "atomic_write", held)
    path = tmp_path / "current.json"
    saver = autosave.Autosaver(path)
    match = played(0)
    for _ in range(5):
        advance(match)
        saver.save(match)  # returns while the writer is held: the write is not the caller's
    assert writes == []
    gate.set()
    saver.close()
    assert writes[-1] == len(match.actions) == 5 and len(writes) <= 2  # only the newest
    assert restored(path, match.settings.ui).actions == match.actions


def test_a_throw_in_of_several_cards_at_once_replays(tmp_path):
    """legal_actions lists throw-ins one card at a time; the engine's check accepts
    several at once, and a save holding such a move is restored, not refused."""
    from game.engine import check
    from game.engine.cards import iter_mask, rank_of

    match = played(0, seed=1, players=2)
    for _ in range(400):
        seat = next_actor(match.state)
        if seat is None:  # the game is over: the next deal
            advance(match)
            continue
        hand = list(iter_mask(match.state.hands[seat]))
        pairs = [Attack(seat, (a, b)) for a in hand for b in hand
                 if a < b and rank_of(a) == rank_of(b)]
        several = [a for a in pairs if check(match.state, a) is None
                   and a not in legal_actions(match.state, seat)]
        if several:
            match.replay_action(several[0])
            break
        advance(match)
    else:
        pytest.fail("no throw-in of several cards came up")
    path = tmp_path / "current.json"
    sv.save_match(match, path)
    assert restored(path, match.settings.ui).actions == match.actions


def test_random_moves_inserted_in_a_save_replay_or_give_one_message(tmp_path):
    from game.engine.cards import card_str

    rng = random.Random(3)
    match = played(15, players=3)
    base = sv.match_to_dict(match)
    ui = match.settings.ui
    refused = 0
    for i in range(200):
        data = json.loads(json.dumps(base))
        kind = rng.choice(["attack", "transfer", "defend", "show", "take", "pass", "exchange"])
        move: dict = {"type": kind, "seat": rng.randrange(3)}
        if kind in ("attack", "transfer"):
            move["cards"] = [card_str(rng.randrange(52)) for _ in range(rng.randrange(4))]
        elif kind == "defend":
            move["attack"], move["card"] = card_str(rng.randrange(52)), card_str(rng.randrange(52))
        elif kind == "show":
            move["card"] = card_str(rng.randrange(52))
        actions = data["games"][-1]["actions"]
        actions.insert(rng.randrange(len(actions) + 1), move)
        path = tmp_path / f"s{i}.json"
        path.write_text(json.dumps(data))
        result, message = sv.load_save(path, ui, InlineThinker())
        if result is None:
            refused += 1
            assert "\n" not in message
    assert refused > 150


def test_the_autosaver_writes_what_save_match_writes_all_through_a_series(tmp_path):
    from game.session.autosave import Autosaver

    match = played(0, players=3)
    saver = Autosaver(tmp_path / "auto.json")
    for game in (1, 2, 4):  # a few moves into games 1, 2 and 4 of the series
        while match.game < game or len(match.actions) < 5:
            advance(match)
        saver.save(match)
        saver.flush()
        sv.save_match(match, tmp_path / "direct.json")
        assert json.loads((tmp_path / "auto.json").read_text()) == \
            json.loads((tmp_path / "direct.json").read_text())
    assert len(match.history) == 3  # the finished games' kept JSON was used
    saver.close()


def test_a_save_in_the_second_series_of_a_match_restores_its_own_deals(tmp_path):
    """A match plays on into a new series after the last one ended: the save says how
    many games came before the series, so the restored deals are the same ones."""
    from game.config import SeriesSettings

    settings = dataclasses.replace(played(0, players=2).settings,
                                   series=SeriesSettings("fools", 1))
    match = Match(settings, 77, InlineThinker(), 0)
    match.start_game()
    while not (match.series.finished and match.finished):
        advance(match)
    match.start_game()  # the series ended: a new one begins
    assert match.series.games == 0 and match.game >= 2
    for _ in range(5):
        step(match)
    sv.save_match(match, tmp_path / "current.json")
    back = restored(tmp_path / "current.json", settings.ui)
    assert (back.game, back.series_start) == (match.game, match.series_start)
    assert snapshot(back.state) == snapshot(match.state)
    assert back.series.system == "fools" and back.series.target == 1
