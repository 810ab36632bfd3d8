"""Leads under a limit below 4 are the first leads of each rank (they come by size)."""

import random

from game.engine.cards import RANK_CARDS
from game.engine.variant import _leads_within, _rank_leads


def test_the_leads_within_a_limit_are_every_lead_of_at_most_that_many_cards():
    rng = random.Random(3)
    for _ in range(2000):
        hand = sum(1 << c for c in rng.sample(range(52), rng.randint(0, 14)))
        limit = rng.randint(0, 3)
        out: list = []
        _leads_within(1, hand, limit, out)
        every = [lead for low in (1 << r for r in range(13)) if hand & RANK_CARDS[low]
                 for lead in _rank_leads(1, hand & RANK_CARDS[low])]
        assert out == [lead for lead in every if len(lead.cards) <= limit]
