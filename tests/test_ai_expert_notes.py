"""What the expert infers from how the other players played."""

from __future__ import annotations

from game.ai.expert import PASS_BELIEF, TAKE_BELIEF, ExpertAgent
from game.ai.prostoy_infer import MIN_WEIGHT, Note
from game.engine import (
    Attack,
    Defend,
    Pass,
    Rules,
    Take,
    apply_in_place,
    from_deal,
    parse_card,
    view,
)
from game.engine.cards import deck_cards, mask_of

from .ai_helpers import cards, table


def expert_watching(s, seat=1) -> ExpertAgent:
    agent = ExpertAgent(seat, 1, think_ms=5, iterations=1)
    agent.observe(view(s, seat))
    return agent


def test_an_attacker_who_lets_the_bout_go_lacks_its_plain_ranks():
    s = table("9S 8C KD AS QC 9H", "7S 10S 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = expert_watching(s)
    apply_in_place(s, Defend(1, parse_card("9S"), parse_card("10S")))
    apply_in_place(s, Pass(0))  # keeps its trump nine: beaten off, the expert leads next
    v = view(s, 1)
    expert.observe(v)
    lacked = expert._avoid(v)[0] & v.unseen
    assert lacked == mask_of(cards("9D 10D 10C"))  # 9H, 10H: trumps, kept while the talon is long


def test_no_note_when_the_attacker_threw_in_or_could_not():
    s = table("9S 10C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = expert_watching(s)
    apply_in_place(s, Defend(1, parse_card("9S"), parse_card("10S")))
    apply_in_place(s, Attack(0, (parse_card("10C"),)))  # thrown in: the expert covers again
    v = view(s, 1)
    expert.observe(v)
    assert not any(expert._avoid(v))
    s = table("9S 8C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    s.limit = 1  # as with attack_limit 1: the bout ends once the card is covered
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = expert_watching(s)
    apply_in_place(s, Defend(1, parse_card("9S"), parse_card("10S")))
    v = view(s, 1)
    assert v.attacker == 1 and v.talon_count == 18
    expert.observe(v)
    assert not any(expert._avoid(v))


def passed_on_nine_of_spades():
    """The expert's view once the other let a bout go (its pass noted) and drew."""
    s = table("9S 8C KD AS QC 9H", "7S 10S 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = expert_watching(s)
    apply_in_place(s, Defend(1, parse_card("9S"), parse_card("10S")))
    apply_in_place(s, Pass(0))
    v = view(s, 1)
    expert.observe(v)
    return expert, v


def test_two_players_weigh_the_notes_in_part_rather_than_avoid_the_cards():
    expert, v = passed_on_nine_of_spades()
    avoid, weights = expert.sampling_prior(v)
    assert not any(avoid)
    assert weights is not None and weights[0] is not None
    expert._notes.clear()
    rule_alone = expert.sampling_prior(v)[1]  # (the rule's notes, believed a little)
    assert rule_alone is not None and rule_alone[0] is not None
    for c in cards("9D 10D 10C"):
        assert MIN_WEIGHT < weights[0][c] < rule_alone[0].get(c, 1.0)


def test_a_take_is_believed_less_than_a_pass_and_both_fade_as_cards_are_drawn():
    expert, v = passed_on_nine_of_spades()
    (passed,) = expert._notes
    assert passed.reliability == PASS_BELIEF > TAKE_BELIEF
    expert._notes.append(Note(passed.seat, mask_of(cards("AD")), passed.talon, TAKE_BELIEF))
    weights = expert.sampling_prior(v)[1]
    assert weights is not None and weights[0] is not None
    assert weights[0][parse_card("10D")] < weights[0][parse_card("AD")] < 1.0
    later = v._replace(talon_count=v.talon_count - 2)  # one more draw each
    faded = expert.sampling_prior(later)[1]
    assert faded is not None and faded[0] is not None
    assert faded[0][parse_card("10D")] > weights[0][parse_card("10D")]


def test_where_the_rule_notes_do_not_read_the_game_the_noted_cards_are_avoided():
    expert, v = passed_on_nine_of_spades()
    transfer = v._replace(rules=Rules(variant="perevodnoy", attack_limit=None))
    avoid, weights = expert.sampling_prior(transfer)
    assert weights is None
    assert avoid[0] & v.unseen == mask_of(cards("9D 10D 10C"))


def test_a_take_is_read_once_not_again_for_the_cards_thrown_in_after_it():
    s = table("7S 7C 7D QH AC 9D", "8S 10S 8D KC JS 6C", talon=20)
    apply_in_place(s, Attack(0, (parse_card("7S"),)))
    apply_in_place(s, Take(1))
    expert = expert_watching(s, seat=0)
    apply_in_place(s, Attack(0, (parse_card("7C"),)))  # thrown in after the take
    v = view(s, 0)
    assert v.taking and len(v.attacks) == 2
    expert.observe(v)
    assert expert._avoid(v)[1] == mask_of(cards("8S 9S 10S JS QS KS AS"))  # no club


def test_a_take_that_ends_the_bout_before_my_next_view_is_read_too():
    s = table("7S 8C 9D QH AC 10D", "8S 10S 8D KC JS 6C", talon=20)
    expert = expert_watching(s, seat=0)  # my lead
    apply_in_place(s, Attack(0, (parse_card("7S"),)))
    apply_in_place(s, Take(1))  # no seven of mine to throw in: the bout ends unasked
    v = view(s, 0)
    assert not v.taking and v.attacker == 0 and v.bout == 1
    expert.observe(v)
    assert expert._avoid(v)[1] == mask_of(cards("8S 9S 10S JS QS KS AS"))
    (note,) = expert._notes
    assert note.reliability == TAKE_BELIEF and note.talon == 20


def test_no_take_is_read_from_a_bout_beaten_off_before_my_next_view():
    s = table("7S 8C 9D QH AC 10D", "8S 10S 8D KC JS 6C", talon=20)
    expert = expert_watching(s, seat=0)
    apply_in_place(s, Attack(0, (parse_card("7S"),)))
    apply_in_place(s, Defend(1, parse_card("7S"), parse_card("10S")))
    expert.observe(view(s, 0))  # asked to throw in: no 7 or 10 of mine
    apply_in_place(s, Pass(0))
    v = view(s, 0)
    assert v.attacker == 1 and v.bout == 1  # beaten off: the other leads
    expert.observe(v)
    assert not expert._notes


def four_players_after_a_take():
    """Four players, hearts trumps: seat 1 took the seven of spades from me (seat 0)."""
    hands = [cards(h) for h in ("7S 7C 9D QH AC 10D", "8S 10S 8D KC JS 6C",
                                "9C 7D JD QD KD AD", "10C JC QC 8C 9H 10H")]
    used = {c for h in hands for c in h} | {parse_card("6H")}
    talon = [c for c in deck_cards(36) if c not in used][:11] + [parse_card("6H")]
    s, _ = from_deal(Rules(), hands, talon, 1, 0)
    expert = expert_watching(s, seat=0)
    apply_in_place(s, Attack(0, (parse_card("7S"),)))
    apply_in_place(s, Take(1))
    v = view(s, 0)
    assert v.taking and v.n == 4
    expert.observe(v)
    return expert, v


def test_with_four_players_a_take_is_weighed_in_part_rather_than_its_cards_avoided():
    expert, v = four_players_after_a_take()
    (note,) = expert._notes
    assert note.seat == 1 and note.reliability == TAKE_BELIEF
    avoid, weights = expert.sampling_prior(v)
    assert not any(avoid)
    assert weights is not None and weights[0] is None and weights[2] is None
    table_ = weights[1]
    assert table_ is not None
    spades = cards("8S 9S 10S JS QS KS AS")
    unseen_spades = [c for c in spades if v.unseen >> c & 1]
    assert unseen_spades and all(MIN_WEIGHT < table_[c] < 1.0 for c in unseen_spades)
    assert set(table_) == set(unseen_spades)  # no other card weighed
    assert expert._avoid(v)[1] & v.unseen == mask_of(unseen_spades)  # what was avoided before
