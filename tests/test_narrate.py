"""Events told in words: names, card names, counted phrases, banners."""

from __future__ import annotations

import random
import re

from game.engine import Rules, legal_actions, new_game, next_actor
from game.engine import events as ev
from game.engine import parse_card as C
from game.engine.play import apply_in_place
from game.session.narrate import Narrator

NAMES = ["You", "Anna", "Boris", "Vera"]


def test_sentences_name_seats_and_cards():
    n = Narrator(NAMES, human=0)
    n.tell(ev.Dealt(((), (), (), ()), C("6C"), 3))
    assert n.tell(ev.BoutStarted(2, 1, 6)).text == "Boris attacks Anna"
    assert n.tell(ev.Played(2, (C("7H"),))).text == "Boris leads the 7 of hearts"
    line = n.tell(ev.Transferred(1, (C("7S"),), None, 0))
    assert line.text == "Anna transfers with the 7 of spades to you" and line.announce
    shown = n.tell(ev.Transferred(0, (), C("7C"), 3))
    assert shown.text == "You show the 7 of clubs and transfer to Vera" and shown.announce
    assert n.tell(ev.Played(1, (C("7D"),))).text == "Anna throws in the 7 of diamonds"
    assert n.tell(ev.Took(3, tuple(range(5)))).text == "Vera takes 5 cards"
    assert n.tell(ev.Took(1, (4,))).text == "Anna takes 1 card"
    assert n.tell(ev.Took(0, (4, 5))).text == "You take 2 cards"
    swap = n.tell(ev.Exchanged(3, C("6C"), C("KC")))
    assert swap.text == "Vera swaps the 6 of trumps for the king" and swap.announce
    assert not n.tell(ev.Passed(2)).announce
    assert not n.tell(ev.Drew(1, (C("9D"),))).announce
    last = n.tell(ev.Drew(2, (C("8D"), C("6C"))))  # the 6C lies face up since the swap
    assert last.text == "Boris draws the last card, the 6 of clubs" and last.announce
    assert n.tell(ev.Out(2)).text == "Boris is out"
    assert n.tell(ev.GameOver(0, None)).text == "You are the fool"
    assert n.tell(ev.GameOver(None, (1, 3))).text == "Anna and Vera lose: the fools"


def test_every_event_of_real_games_is_told_without_a_wrong_plural():
    rng = random.Random(4)
    for variant in ("podkidnoy", "perevodnoy"):
        rules = Rules(variant=variant)
        state, events = new_game(rules, 4, rng)
        narrator = Narrator(NAMES, human=0)
        told = [narrator.tell(e).text for e in events]
        while not state.finished:
            seat = next_actor(state)
            for e in apply_in_place(state, rng.choice(legal_actions(state, seat))):
                told.append(narrator.tell(e).text)
        assert all(told)
        assert not [t for t in told if re.search(r"\b1 cards\b", t)]
