"""The engine refuses with codes; game.refusals words them, and the table says the
engine's own reason (never a guess)."""

from __future__ import annotations

import dataclasses

import pytest

from game.config import PlayerSpec, load_settings
from game.engine import (
    Attack,
    Defend,
    IllegalAction,
    Pass,
    Rules,
    Take,
    apply_in_place,
    check,
    from_deal,
)
from game.engine.cards import parse_card
from game.engine.refusal import CODES, Code, Refusal
from game.refusals import WORDINGS, english, word
from game.session.match import Match
from game.ui.thinker import InlineThinker

from .engine_helpers import random_game
from .test_legality import candidates


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_every_code_has_a_wording():
    assert set(WORDINGS) == set(CODES) and len(CODES) == len(set(CODES))


@pytest.mark.parametrize("variant", ["podkidnoy", "perevodnoy"])
def test_every_refusal_met_in_random_games_is_worded_for_everyone_and_for_you(variant):
    rules = Rules.from_mapping({"variant": variant, "transfer_by_showing_trump": True,
                                "attack_limit": 3})
    met: set[str] = set()

    def step(state, _action):
        for seat in range(state.n):
            for action in candidates(state, seat):
                why = check(state, action)
                if why is not None:
                    met.add(why.code)
                    for text in (english(why), word(why, you=seat)):
                        assert text and "{" not in text, (why, text)

    for seed in range(3):
        random_game(rules, 3, seed, on_step=step)
    assert len(met) >= 15


def test_counts_are_worded_with_plurals():
    assert english(Refusal(Code.BOUT_LIMIT, (("limit", 1),))) == \
        "the attack limit of this bout is 1 card"
    assert english(Refusal(Code.BOUT_LIMIT, (("limit", 2),))) == \
        "the attack limit of this bout is 2 cards"


def test_the_reader_is_you_and_others_are_seats():
    why = Refusal(Code.NOT_HELD, (("seat", 1), ("card", parse_card("10H"))))
    assert word(why, you=1) == "you do not hold the 10 of hearts"
    assert word(why, you=0) == "seat 1 does not hold the 10 of hearts"
    assert english(why) == "seat 1 does not hold 10H"


def test_russian_refusals_name_cards_in_words_and_in_case():
    from game import i18n

    beat = Refusal(Code.DOES_NOT_BEAT, (("card", parse_card("7S")), ("attack", parse_card("JS"))))
    rank = Refusal(Code.RANK_NOT_ON_TABLE, (("rank", 12),))
    try:
        i18n.set_language("ru")
        assert word(beat) == "семёрка пик не бьёт валета пик"
        assert word(rank) == "карт достоинства «дама» на столе нет"
        assert english(beat) == "7S does not beat JS"
    finally:
        i18n.set_language("en")


def test_an_illegal_action_carries_its_refusal_and_reads_in_english():
    state, _ = from_deal(Rules(), [cards("6S 9C"), cards("7S KD")], cards("AC 9H"), 1,
                         attacker=0)
    with pytest.raises(IllegalAction) as caught:
        apply_in_place(state, Take(0))
    assert caught.value.refusal == Refusal(Code.NOT_DEFENDER, (("seat", 0),))
    assert str(caught.value) == "seat 0 is not the defender"


def three_player_match(human: int) -> Match:
    base, _ = load_settings()
    players = tuple(PlayerSpec("You", "human") if seat == human else
                    PlayerSpec(f"Computer {seat}", "computer", "random") for seat in range(3))
    settings = dataclasses.replace(base, rules=Rules(), players=players)
    match = Match(settings, 1, InlineThinker(), delay_ms=0)
    hands = [cards("6S 6C 7C"), cards("7S KD QC"), cards("8D JH 10D")]
    match.start_game(from_deal(settings.rules, hands, cards("AC KC 9H"), 1, attacker=0))
    return match


def test_the_table_says_the_engines_reason_in_the_second_person():
    match = three_player_match(human=0)
    assert match.reason(Pass(0)) == "the bout has not begun: you must lead"
    assert match.reason(Take(0)) == "you are not the defender"
    assert match.submit(Attack(0, (parse_card("6S"),)))
    assert match.reason(Attack(0, (parse_card("6D"),))) == "you do not hold the 6 of diamonds"


def test_done_with_nothing_to_throw_in_is_accepted():
    match = three_player_match(human=2)
    apply_in_place(match.state, Attack(0, (parse_card("6S"),)))
    assert match.submit(Pass(2)) is not None


def test_a_legal_move_the_table_does_not_offer_says_why():
    match = three_player_match(human=0)
    assert match.submit(Attack(0, (parse_card("6S"),)))
    apply_in_place(match.state, Defend(1, parse_card("6S"), parse_card("7S")))
    both = Attack(0, (parse_card("6C"), parse_card("7C")))
    assert check(match.state, both) is None
    assert match.reason(both) == "throw in one card at a time"
