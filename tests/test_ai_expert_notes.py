"""What the expert infers from how the other player played (two players)."""

from __future__ import annotations

from game.ai.expert import ExpertAgent
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
from game.engine.cards import mask_of

from .ai_helpers import HEARTS, cards, table

PROSTOY = Rules.from_mapping({"variant": "prostoy"})


def expert_watching(s, seat=1) -> ExpertAgent:
    agent = ExpertAgent(seat, 1, think_ms=5, iterations=1)
    agent._observe(view(s, seat))
    return agent


def test_an_attacker_who_lets_the_bout_go_lacks_its_plain_ranks():
    s = table("9S 8C KD AS QC 9H", "7S 10S 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = expert_watching(s)
    apply_in_place(s, Defend(1, parse_card("9S"), parse_card("10S")))
    apply_in_place(s, Pass(0))  # keeps its trump nine: beaten off, the expert leads next
    v = view(s, 1)
    expert._observe(v)
    lacked = expert._avoid(v)[0] & v.unseen
    assert lacked == mask_of(cards("9D 10D 10C"))  # 9H, 10H: trumps, kept while the talon is long


def test_no_note_when_the_attacker_threw_in_or_could_not():
    s = table("9S 10C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = expert_watching(s)
    apply_in_place(s, Defend(1, parse_card("9S"), parse_card("10S")))
    apply_in_place(s, Attack(0, (parse_card("10C"),)))  # thrown in: the expert covers again
    v = view(s, 1)
    expert._observe(v)
    assert not any(expert._avoid(v))
    s = table("9S 8C KD AS QC JD", "7S 10S 7H 9C JC 8D", talon=20)
    s.limit = 1  # as with attack_limit 1: the bout ends once the card is covered
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    expert = expert_watching(s)
    apply_in_place(s, Defend(1, parse_card("9S"), parse_card("10S")))
    v = view(s, 1)
    assert v.attacker == 1 and v.talon_count == 18
    expert._observe(v)
    assert not any(expert._avoid(v))


def test_expert_notes_what_a_prostoy_defender_took():
    mine, theirs = "7S 7C 9D QH AC", "8S 10S 8D 6C JS"  # nothing beats 7C or 9D
    s, _ = from_deal(PROSTOY, [cards(mine), cards(theirs)],
                     cards("6D 6S 10H 9H 8H JH QC KC 9C 10C"), HEARTS, 0)
    expert = ExpertAgent(0, 1, think_ms=5, iterations=1)
    expert._observe(view(s, 0))
    apply_in_place(s, Attack(0, tuple(cards("7S 7C 9D"))))
    apply_in_place(s, Defend(1, *cards("7S 8S")))
    apply_in_place(s, Take(1))  # 7C and 9D picked up: no club above 7C, no diamond above 9D
    v = view(s, 0)
    assert v.attacker == 0 and not v.started
    expert._observe(v)
    lacked = expert._avoid(v)[1] & v.unseen
    clubs_above_7 = mask_of(cards("8C 9C 10C JC QC KC AC"))
    diamonds_above_9 = mask_of(cards("10D JD QD KD AD"))
    assert lacked == (clubs_above_7 | diamonds_above_9) & v.unseen


def test_no_note_when_the_prostoy_defender_covered_everything():
    s, _ = from_deal(PROSTOY, [cards("7S 8C 9D QH AC"), cards("8S 10S KD 6C JD")],
                     cards("6D 6S 10H 9H 8H JH QC KC 9C 10C"), HEARTS, 0)
    expert = ExpertAgent(0, 1, think_ms=5, iterations=1)
    expert._observe(view(s, 0))
    apply_in_place(s, Attack(0, tuple(cards("7S"))))
    apply_in_place(s, Defend(1, *cards("7S 8S")))
    apply_in_place(s, Attack(1, tuple(cards("6C"))))  # beaten off: the other leads
    v = view(s, 0)
    expert._observe(v)
    assert not any(expert._avoid(v))
