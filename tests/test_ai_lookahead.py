"""normal's look-ahead once every card is placed (game/ai/lookahead.py)."""

from __future__ import annotations

import random

from game.ai.expert import solve_action
from game.ai.heuristics import normal_choice
from game.ai.lookahead import placed_opponent
from game.engine import Attack, legal_actions, parse_card, view
from game.engine.cards import deck_mask

from .ai_helpers import table


def placed(mine: str, theirs: str, talon: int = 0):
    """``table``, with every card in neither hand nor the talon beaten off."""
    s = table(mine, theirs, talon=talon)
    s.discard = deck_mask(36) & ~s.hands[0] & ~s.hands[1] & ~sum(1 << c for c in s.talon)
    s.discard_count = s.discard.bit_count()
    return s


def lead(s):
    return normal_choice(view(s, 0), legal_actions(s, 0), random.Random(1))


def test_leads_the_card_that_wins_when_the_other_hand_is_known():
    # the queens by rule of thumb: QS is beaten by JH, QC by QH, and the defender
    # goes out first; the king of trumps cannot be beaten and wins
    s = placed("QS KH AH QC", "JH QH")
    king = Attack(0, (parse_card("KH"),))
    assert solve_action(view(s, 0), legal_actions(s, 0), 0) == king
    assert lead(s) == king


def test_plays_by_rule_of_thumb_while_a_card_is_not_placed():
    s = table("QS KH AH QC", "JH QH", talon=0)  # the rest of the deck out of play
    assert placed_opponent(view(s, 0)) is None
    assert lead(s) == Attack(0, (parse_card("QS"),))


def test_every_card_is_placed_with_only_the_face_up_trump_left():
    assert placed_opponent(view(placed("QS KH AH QC", "JH QH", talon=1), 0)) == 1
    assert placed_opponent(view(placed("QS KH AH QC", "JH QH", talon=2), 0)) is None
