"""A deal in which nobody can move is refused: such a game would never end."""

from __future__ import annotations

import pytest

from game.engine import Rules, RulesError, from_deal
from game.engine.cards import parse_card, parse_suit


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize(("hands", "empty"), [
    (["6S 9C", ""], 1),             # the defender: the bout's limit is 0 cards
    (["", "7S 8D", "6S"], 0),       # the first attacker cannot lead
])
def test_a_deal_where_the_attacker_or_defender_holds_nothing_before_the_talon_is_refused(
    hands, empty
):
    with pytest.raises(RulesError, match=f"seat {empty} holds no cards"):
        from_deal(Rules(), [cards(h) for h in hands], cards("AC 9H"), parse_suit("H"),
                  attacker=0)


def test_an_empty_hand_is_fine_when_the_talon_is_empty_or_the_seat_is_not_in_the_bout():
    state, _ = from_deal(Rules(), [cards("6S"), cards("7S"), []], [], parse_suit("H"),
                         attacker=0)
    assert state.out == [2] and not state.finished
    state, _ = from_deal(Rules(), [cards("6S"), cards("7S"), []], cards("AC 9H"),
                         parse_suit("H"), attacker=0)
    assert state.attacker == 0 and state.defender == 1
