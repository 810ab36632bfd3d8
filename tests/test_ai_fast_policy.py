"""The search's playout policy (game/ai/fast_playout.py) plays normal's main ideas
on the compact position: the same moves as normal's rules of thumb in normal's own
test positions, and nearly always the same move in positions from real games
(normal's look-ahead once every card is placed is left out of the playouts)."""

from __future__ import annotations

import random

from game.ai import fast
from game.ai.fast_playout import defend, lead, throw_in
from game.ai.heuristics import normal_rule_of_thumb
from game.engine import (
    Attack,
    Defend,
    Rules,
    apply_in_place,
    legal_actions,
    new_game,
    next_actor,
    parse_card,
    view,
)
from game.engine.actions import Exchange

from .ai_helpers import cards, table
from .test_ai_fast import encode


def policy_move(s, seat: int) -> int:
    """The playout policy's move, without its random leads."""
    f = fast.from_state(s)
    assert f is not None
    hand, trump = f.hands[seat], f.trump
    if f.leader < 0:
        return lead(f, hand, trump) << 3
    if seat == f.defender and f.unc and not f.taking:
        return defend(f, hand, trump)
    return throw_in(f, seat, trump)


def normal_move(s, seat: int) -> int:
    return encode(normal_rule_of_thumb(view(s, seat), legal_actions(s, seat), random.Random(1)))


def test_takes_rather_than_spend_a_trump_while_the_talon_is_long():
    for talon in (20, 7):
        s = table("9S 8C KD AS QC JD", "7S 8S 7H 9C JC 8D", talon=talon)
        apply_in_place(s, Attack(0, (parse_card("9S"),)))
        move = policy_move(s, 1)
        assert move == (fast.TAKE if talon == 20 else encode(
            Defend(1, parse_card("9S"), parse_card("7H"))))
        assert move == normal_move(s, 1)


def test_covers_with_a_card_whose_rank_cannot_be_thrown_in():
    s = table("9S 8C KD AS QC 7D", "10S JS 7H 9C 8S 8D", talon=18)
    apply_in_place(s, Attack(0, (parse_card("9S"),)))
    s.discard |= sum(1 << c for c in cards("JH JD JC"))  # the other jacks are gone
    assert policy_move(s, 1) == encode(Defend(1, parse_card("9S"), parse_card("JS")))
    s.discard = 0
    assert policy_move(s, 1) == encode(Defend(1, parse_card("9S"), parse_card("10S")))


def test_sheds_a_low_pair_together_while_the_talon_lasts():
    s = table("7S 7D 6C KH QS AD", "8S AC QH 9C 10D JC", talon=12)
    assert policy_move(s, 0) == encode(Attack(0, tuple(cards("7S 7D"))))
    assert policy_move(s, 0) == normal_move(s, 0)


def test_endgame_leads_what_the_defender_cannot_beat_and_keeps_a_pair():
    s = table("7S 7D KH", "8S AD QH 9C", talon=0)
    assert policy_move(s, 0) in (encode(Attack(0, (parse_card(c),))) for c in ("7S", "7D"))
    s = table("AS 7C", "KS 8C 9D", talon=0)  # the ace cannot be beaten, the seven can
    assert policy_move(s, 0) == encode(Attack(0, (parse_card("AS"),)))


def test_throws_in_trumps_only_when_the_talon_is_short():
    for talon, last in ((5, fast.PASS), (2, encode(Attack(0, (parse_card("8H"),))))):
        s = table("8C 8S 8H 10D KS AS", "10C QS 7H 9C JC 8D", talon=talon)
        for i, (a, b) in enumerate((("8C", "10C"), ("8S", "QS"), ("10D", "7H"))):
            if i:  # (the lead is the pair of eights: a low set)
                assert policy_move(s, 0) == encode(Attack(0, (parse_card(a),)))
            apply_in_place(s, Attack(0, (parse_card(a),)))
            apply_in_place(s, Defend(1, parse_card(a), parse_card(b)))
        assert policy_move(s, 0) == last == normal_move(s, 0), talon


def test_agrees_with_normal_in_most_positions_of_real_games():
    rng = random.Random(7)
    transfers = Rules.from_mapping({"variant": "perevodnoy", "attack_limit": None})
    same = total = 0
    for rules in (Rules(attack_limit=None, trump_exchange=False), transfers):
        for _ in range(40):
            s, _ = new_game(rules, 2, rng)
            while s.result is None:
                seat = next_actor(s)
                legal = legal_actions(s, seat)
                if len(legal) > 1 and not any(type(a) is Exchange for a in legal):
                    total += 1
                    same += policy_move(s, seat) == normal_move(s, seat)
                apply_in_place(s, rng.choice(legal))
    print(f"{same} of {total} moves as normal's")
    assert same >= 0.9 * total
