"""The other seat's cheapest-first habit: what its moves say, when it is trusted,
and the playouts that play such an opponent."""

from __future__ import annotations

import random

from game.ai import fast, fast_playout
from game.ai.cheapest_playout import cheapest_move, playout
from game.ai.expert import ExpertAgent
from game.ai.fast import TAKE, from_state
from game.ai.habits import TRUST_AFTER, CheapestFirst
from game.engine import Attack, Defend, apply_in_place, parse_card, view
from game.engine.cards import mask_of

from .ai_helpers import cards, table


def watched(s, seat=1) -> CheapestFirst:
    habit = CheapestFirst()
    habit.observe(view(s, seat))
    return habit


def noted(habit: CheapestFirst) -> int:
    out = 0
    for n in habit.notes:
        out |= n.lacked
    return out


def test_a_lead_says_it_lacked_every_cheaper_card():
    s = table("9S 10C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    habit = watched(s)
    v = view(s, 1)
    # plain cards below a nine that it might hold (7S is mine); trumps are worth more
    assert noted(habit) == mask_of(cards("6S 6D 6C 7D 7C 8S 8C")) & v.unseen
    assert habit.breaks == habit.fits == 0 and not habit.trusted()


def test_a_known_cheaper_card_breaks_the_habit_and_a_dearer_one_fits():
    s = table("9S 10C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    s.known[0] = mask_of(cards("10C"))  # picked up earlier, in front of everyone
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    habit = watched(s)
    assert habit.fits == 1 and habit.breaks == 0 and habit.notes
    s = table("9S 8C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    s.known[0] = mask_of(cards("8C"))
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    habit = watched(s)
    assert habit.breaks == 1 and not habit.notes


def test_a_cover_above_a_cheaper_beater_is_found_out_when_it_plays_that_beater():
    s = table("8H 7H 10S 9C JC 8D", "6C 8S 7D KD AS QC", talon=20, attacker=1)
    apply_in_place(s, Attack(1, (parse_card("6C"),)))
    habit = watched(s, seat=1)
    apply_in_place(s, Defend(0, parse_card("6C"), parse_card("8H")))  # a trump, 7H kept
    habit.observe(view(s, 1))
    assert noted(habit) & mask_of(cards("7H 7C 8C"))  # its cheaper beaters, as it seems
    apply_in_place(s, Attack(1, (parse_card("8S"),)))
    apply_in_place(s, Defend(0, parse_card("8S"), parse_card("7H")))  # no card drawn since
    habit.observe(view(s, 1))
    assert habit.breaks == 1 and not habit.trusted()
    assert not noted(habit) & mask_of(cards("7C 8C"))  # the wrong note dropped


def test_expert_plays_the_opponent_out_as_cheapest_first_only_while_the_habit_holds():
    s = table("9S 10C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    s.known[0] = mask_of(cards("10C KD"))  # picked up earlier
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = ExpertAgent(1, 1, think_ms=5, iterations=1)
    expert._habit.fits = TRUST_AFTER - 1
    expert.observe(view(s, 1))  # a lead below known dearer cards: the habit fits again
    assert expert._cheap_seat == 0
    expert._habit.breaks = 1
    expert.observe(view(s, 1))
    assert expert._cheap_seat == -1


def test_a_cheapest_first_defender_takes_rather_than_spend_a_trump_early():
    s = table("9S 8S KD AS QC JD", "7S 10H 7H 9C JC 8D", talon=6, attacker=0)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))  # only trumps beat it
    f = from_state(s)
    assert cheapest_move(f, 1) == TAKE
    assert fast_playout.fast_move(f, 1, random.Random(1)) != TAKE  # normal covers at six


def test_a_cheapest_first_player_leads_its_lowest_card_alone():
    s = table("7S 7C 9D QH AC KS", "8S 10S 8D 6C JS QD", talon=20, attacker=0)
    f = from_state(s)
    assert fast_playout.lead(f, f.hands[0], f.trump) == mask_of(cards("7S 7C"))  # normal: the pair
    assert cheapest_move(f, 0) == fast.ATTACK | 1 << parse_card("7S") << 3
    assert playout(f.copy(), 0, random.Random(1), 0) in (0.0, 0.5, 1.0)
