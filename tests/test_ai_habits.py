"""The other seat's cheapest-first habit: what its moves say, and when they are trusted."""

from __future__ import annotations

from game.ai.expert import ExpertAgent
from game.ai.habits import TRUST_AFTER, CheapestFirst
from game.engine import Attack, Defend, apply_in_place, parse_card, view
from game.engine.cards import mask_of

from .ai_helpers import cards, table


def watched(s, seat=1) -> CheapestFirst:
    habit = CheapestFirst()
    habit.observe(view(s, seat))
    return habit


def test_a_lead_says_it_lacked_every_cheaper_card():
    s = table("9S 10C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    habit = watched(s)
    v = view(s, 1)
    # plain cards below a nine that it might hold (7S is mine); trumps are worth more
    assert habit.lacked(v, 3) == mask_of(cards("6S 6D 6C 7D 7C 8S 8C")) & v.unseen
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
    v = view(s, 1)
    habit.observe(v)
    assert habit.lacked(v, 3) & mask_of(cards("7H 7C 8C"))  # its cheaper beaters, as it seems
    apply_in_place(s, Attack(1, (parse_card("8S"),)))
    apply_in_place(s, Defend(0, parse_card("8S"), parse_card("7H")))  # no card drawn since
    habit.observe(view(s, 1))
    assert habit.breaks == 1 and not habit.trusted()
    assert not habit.lacked(view(s, 1), 3) & mask_of(cards("7C 8C"))  # the wrong note dropped


def test_expert_uses_the_notes_only_once_the_habit_has_held():
    s = table("9S 10C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = ExpertAgent(1, 1, think_ms=5, iterations=1)
    v = view(s, 1)
    expert._observe(v)
    noted = mask_of(cards("6S 6D 6C 7D 7C 8S 8C")) & v.unseen
    assert not expert._avoid(v)[0] & noted
    expert._habit.fits = TRUST_AFTER
    assert expert._avoid(v)[0] & noted == noted
    expert._habit.breaks = 1
    assert not expert._avoid(v)[0] & noted
