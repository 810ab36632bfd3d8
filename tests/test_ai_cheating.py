"""Computer players in cheating mode: nerve and attention by level, cheats only when
worth it, decided from the view, and the arena's count of cheats."""

from __future__ import annotations

import pytest

from game import arena
from game.ai import LEVELS, make_agent
from game.ai.cheating import PLAIN, TEMPERS, Cheater, Temper, is_cheat, temper_of
from game.ai.expert import ExpertAgent
from game.ai.ismcts import TreeSearch
from game.engine import Attack, Catch, Defend, Rules, apply_in_place, from_deal, view
from game.engine.cards import parse_card

from .test_ai import offered

C = parse_card


class First:
    """The wrapped level: records what it was offered and plays the first of it."""

    level = "first"

    def __init__(self) -> None:
        self.seen: list[list] = []

    def choose(self, v, legal):
        self.seen.append(list(legal))
        return legal[0]


def deal(*hands: str, talon: str = "AC KC 9H", attacker: int = 0):
    cards = [[C(t) for t in h.split()] for h in hands]
    talon_cards = [C(t) for t in talon.split()]
    state, _ = from_deal(Rules(cheating=True), cards, talon_cards, talon_cards[-1] // 13,
                         attacker)
    return state


def pending_throw_in():
    state = deal("6S 9C 6D", "7S KD QC 8H")
    apply_in_place(state, Attack(0, (C("6S"),)))
    apply_in_place(state, Attack(0, (C("9C"),)))  # a cheat the defender may catch
    return state


def catches(temper: Temper, seeds: int = 300) -> float:
    state = pending_throw_in()
    v, legal = view(state, 1), offered(state, 1)
    caught = sum(isinstance(Cheater(First(), 1, seed, temper).choose(v, legal), Catch)
                 for seed in range(seeds))
    return caught / seeds


def test_the_stronger_the_level_the_more_cheats_it_notices():
    rates = [catches(TEMPERS[level]) for level in LEVELS[1:]]  # easy .. expert
    assert rates == sorted(rates)
    assert rates[0] < 0.35 and rates[-1] > 0.85


def test_a_player_who_misses_the_cheat_plays_on_without_seeing_cheats_or_catches():
    state = pending_throw_in()
    inner = First()
    choice = Cheater(inner, 1, 5, Temper(nerve=1.0, attention=0.0)).choose(
        view(state, 1), offered(state, 1))
    assert choice == inner.seen[0][0]
    v = view(state, 1)
    assert not any(isinstance(a, Catch) or is_cheat(v, a) for a in inner.seen[0])
    assert not any(type(a).__name__ == "Pass" for a in inner.seen[0])  # no accepting pass


def test_the_level_it_wraps_sees_an_honest_game_with_the_missed_cheat_standing():
    state = pending_throw_in()
    seen = []

    class Recorder(First):
        def choose(self, v, legal):
            seen.append(v)
            return super().choose(v, legal)

    Cheater(Recorder(), 1, 5, Temper(nerve=0.0, attention=0.0)).choose(
        view(state, 1), offered(state, 1))
    shown, real = seen[0], view(state, 1)
    assert not shown.rules.cheating and shown.cheat is None and real.cheat is not None
    assert shown.attacks == real.attacks == (C("6S"), C("9C"))  # the cheat's card stays
    assert shown.hand == real.hand and shown.rules.variant == real.rules.variant


def big_table_with_one_hopeless_card():
    # hearts trumps; the defender (seat 1) covers two cards but cannot beat the AD
    state = deal("6S 7S AD 10C", "8S 9S 6C QD", talon="QC KC 9H")
    apply_in_place(state, Attack(0, (C("6S"),)))
    apply_in_place(state, Defend(1, C("6S"), C("8S")))
    apply_in_place(state, Attack(0, (C("7S"),)))
    apply_in_place(state, Defend(1, C("7S"), C("9S")))
    apply_in_place(state, Attack(0, (C("AD"),)))
    return state


def test_a_defender_facing_a_big_take_covers_falsely_with_a_plain_card():
    state = big_table_with_one_hopeless_card()
    bold = Cheater(First(), 1, 1, Temper(nerve=1.0, attention=0.0))
    assert bold.choose(view(state, 1), offered(state, 1)) == Defend(1, C("AD"), C("6C"))
    assert bold.tried == 1
    honest = Cheater(First(), 1, 1, Temper(nerve=0.0, attention=0.0))
    assert not is_cheat(view(state, 1), honest.choose(view(state, 1), offered(state, 1)))


def test_no_false_cover_when_the_take_is_small():
    state = deal("AD 7S", "8S 6C JH", talon="QC KC 9H")
    apply_in_place(state, Attack(0, (C("AD"),)))
    bold = Cheater(First(), 1, 1, Temper(nerve=1.0, attention=0.0))
    assert not is_cheat(view(state, 1), bold.choose(view(state, 1), offered(state, 1)))


def test_a_weak_defender_gets_a_false_throw_in_but_not_after_a_catch_this_bout():
    state = deal("6S 9C QD", "7S 8H", talon="QC KC 9H")
    apply_in_place(state, Attack(0, (C("6S"),)))
    bold = Cheater(First(), 0, 1, Temper(nerve=1.0, attention=0.0))
    choice = bold.choose(view(state, 0), offered(state, 0))
    assert choice == Attack(0, (C("9C"),))  # the cheapest plain card, not of the table's rank
    apply_in_place(state, choice)
    apply_in_place(state, Catch(1))
    assert not is_cheat(view(state, 0), bold.choose(view(state, 0), offered(state, 0)))


def test_the_arena_counts_cheats_tried_caught_and_standing_per_level():
    report = arena.run(["easy", "normal"], Rules(cheating=True), deals=6, seed=3,
                       think_ms=None, mirror=True, max_moves=5000)
    assert report["errors"] == 0
    seats = [s["cheats"] for s in report["seats"]]
    for c in seats:
        assert c["tried"] == c["caught"] + c["standing"]
    assert sum(c["tried"] for c in seats) > 0
    assert sum(c["catches"] for c in seats) == sum(c["caught"] for c in seats)
    text = arena.format_text(report)
    assert "cheats" in text and "caught" in text


def test_a_level_without_a_temper_of_its_own_plays_honestly():
    assert temper_of("yardstick") == PLAIN and PLAIN.nerve == 0.0
    assert all(temper_of(level) == TEMPERS[level] for level in LEVELS)


def test_everyone_knows_the_card_of_a_caught_cheat_and_expert_searches_with_it():
    state = pending_throw_in()
    apply_in_place(state, Catch(1))  # the 9C goes back to seat 0, in front of everyone
    v = view(state, 1)
    assert v.known[0] >> C("9C") & 1  # everyone's view keeps it
    searched = []

    def record(self, v, legal, *args, **kwargs):
        searched.append(v)
        return legal[0]

    with pytest.MonkeyPatch.context() as m:
        m.setattr(ExpertAgent, "search", record)  # the flat search
        m.setattr(TreeSearch, "decide", record)  # and the tree (two players)
        expert = make_agent("expert", 1, 1, iterations=1)
        expert.choose(v, offered(state, 1))
    assert searched[0].known[0] >> C("9C") & 1
