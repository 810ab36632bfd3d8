"""The coach's sentences: each kind of move, and the reason the position bears out."""

from __future__ import annotations

import random

import pytest

from game.engine import (
    Rules,
    apply_in_place,
    cheat_actions,
    from_deal,
    legal_actions,
    new_game,
    next_actor,
    parse_card,
    view,
)
from game.engine.actions import Attack, Catch, Defend, Exchange, Pass, Show, Take, Transfer
from game.session.explain import describe, explain, reason

BIG_TALON = "AS AH AD KS KH QS QH JS JH 10H 9H 9D 8D 7D 6D 8S 8C 7C KC"
SMALL_TALON = "AD KS"


def C(text: str) -> int:
    return parse_card(text)


def seen(hands, talon=BIG_TALON, trump="C", attacker=0, moves=(), seat=0, **rules):
    """Seat ``seat``'s view of a dealt position after ``moves`` (engine actions)."""
    r = Rules(**{"trump_exchange": False, **rules})
    s, _ = from_deal(r, [[C(c) for c in h.split()] for h in hands],
                     [C(c) for c in talon.split()], "SHDC".index(trump), attacker)
    for m in moves:
        apply_in_place(s, m)
    return view(s, seat)


def attack(seat, *cards):
    return Attack(seat, tuple(C(c) for c in cards))


LEADS = [
    # (hands, talon, trump, the lead, the sentence)
    (["6S 9H JD KC QS 10D", "7S 7H 8H 9C 10C JC"], BIG_TALON, "C", ("6S",),
     "Lead the 6 of spades — your lowest card: keep the high ones for defence"),
    (["6S 6H JD KC QS 10D", "7S 7H 8H 9C 10C JC"], BIG_TALON, "C", ("6S", "6H"),
     "Lead the 6 of spades and the 6 of hearts — 2 cards at once: the defender must beat "
     "every one"),
    (["6S 9H JD KC QS 9D", "7S 7H 8H 9C 10C JC"], BIG_TALON, "C", ("9H",),
     "Lead the 9 of hearts — you hold 1 more card of its rank to throw in after it"),
    (["AC 9H JD KC QS 9D", "7S 7H 8H 9C 10C JS"], BIG_TALON, "C", ("AC",),
     "Lead the ace of clubs — no card left in play beats it"),
    (["7S 9H", "8S 10S"], "", "C", ("9H",),
     "Lead the 9 of hearts — the talon is empty: every card you shed brings you closer "
     "to getting out"),
    (["6S 9H JD KC QS 10D", "7S 7H 8H 9C 10C JC"], BIG_TALON, "C", ("JD",),
     "Lead the jack of diamonds — a card you can spare, and the defender must answer it"),
]


@pytest.mark.parametrize(("hands", "talon", "trump", "cards", "sentence"), LEADS)
def test_leads(hands, talon, trump, cards, sentence):
    v = seen(hands, talon, trump)
    assert explain(v, attack(0, *cards)) == sentence


def test_throw_in_to_a_taker_a_short_defender_and_otherwise():
    hands = ["6S 6H 6D KC QS 10D", "7S 7H 8H 9C 10C JC"]
    taking = seen(hands, moves=[attack(0, "6S"), Take(1)])
    assert explain(taking, attack(0, "6H")) == (
        "Throw in the 6 of hearts — the defender takes: hand them a card you do not need")
    covered = seen(hands, moves=[attack(0, "6S"), Defend(1, C("6S"), C("7S"))])
    assert explain(covered, attack(0, "6H")) == (
        "Throw in the 6 of hearts — one more card for the defender to beat, one fewer in "
        "your hand")
    short = seen(["6S 6H 6D KC QS 10D", "7S 7H"], moves=[attack(0, "6S"),
                                                         Defend(1, C("6S"), C("7S"))])
    assert explain(short, attack(0, "6H")) == (
        "Throw in the 6 of hearts — the defender holds only 1 card: press them")


def defending(hand, lead="6S", talon=BIG_TALON, more=()):
    """Seat 0 defends against seat 1's ``lead`` (and the covers in ``more``)."""
    other = "6S 6H 10S JH QH KH" if lead == "6S" else f"{lead} 7D 8D 9D 10D QD"
    leads = [attack(1, *lead.split())]
    return seen([hand, other], talon, "C", attacker=1, moves=leads + list(more))


COVERS = [
    ("7S 9S KC 8H 9D 10D", BIG_TALON, "7S",
     "Beat the 6 of spades with the 7 of spades — keep your trumps while the talon is big"),
    ("7C 9H KH 8H 9D 10D", BIG_TALON, "7C",
     "Beat the 6 of spades with the 7 of clubs — only a trump beats it"),
    ("7S 9S 8H 9H 9D 10D", BIG_TALON, "9S",
     "Beat the 6 of spades with the 9 of spades — keep the 7 of spades for later"),
    ("7S 9S 8H 9H 9D 10D", BIG_TALON, "7S",
     "Beat the 6 of spades with the 7 of spades — it is the cheapest card that beats it"),
    ("7S 9S 8H 9H 9D 10D", "", "7S",
     "Beat the 6 of spades with the 7 of spades — the talon is empty: every card you shed "
     "brings you closer to getting out"),
]


@pytest.mark.parametrize(("hand", "talon", "cover", "sentence"), COVERS)
def test_covers(hand, talon, cover, sentence):
    v = defending(hand, talon=talon)
    assert explain(v, Defend(0, C("6S"), C(cover))) == sentence


def test_a_dearer_cover_of_a_rank_already_on_the_table():
    v = defending("9S 9H 8H 7D 9D 10D", lead="6S 6H", more=[Defend(0, C("6S"), C("9S"))])
    assert explain(v, Defend(0, C("6H"), C("9H"))) == (
        "Beat the 6 of hearts with the 9 of hearts — its rank is already on the table: it "
        "gives nothing new to throw in")


TAKES = [
    ("7S 9H KH 8H 9D 10D", "AS", BIG_TALON,
     "Take the cards — nothing in your hand beats the ace of spades"),
    ("7C 9H KH 8H 9D 10D", "6S", BIG_TALON,
     "Take the cards — covering would cost 1 trump while the talon is big"),
    ("QS 9H KH 8H 9D 10D", "6S", SMALL_TALON,
     "Take the cards — covering would spend high cards on low ones"),
    ("7S 9H KH 8H 9D 10D", "6S", SMALL_TALON,
     "Take the cards — covering would cost more than these cards are worth"),
]


@pytest.mark.parametrize(("hand", "lead", "talon", "sentence"), TAKES)
def test_takes(hand, lead, talon, sentence):
    assert explain(defending(hand, lead, talon), Take(0)) == sentence


def test_passes():
    hands = ["6S 6H JD KC QS 10D", "7S 7H 8H 9C 10C JC"]
    covered = seen(hands, moves=[attack(0, "6S"), Defend(1, C("6S"), C("7S"))])
    assert explain(covered, Pass(0)) == "Say done (bito) — keep the 6 of hearts for later"
    nothing = seen(["6S 9H JD KC QS 10D", hands[1]],
                   moves=[attack(0, "6S"), Defend(1, C("6S"), C("7S"))])
    assert explain(nothing, Pass(0)) == "Say done (bito) — you have nothing to throw in"
    taking = seen(hands, moves=[attack(0, "6S"), Take(1)])
    assert explain(taking, Pass(0)) == (
        "Say done (bito) — the defender takes anyway: keep your cards")


def test_transfer_show_and_exchange():
    v = seen(["6H 9H JD KC QS 10D", "6S 7H 8H 9C 10C JC"], trump="H", attacker=1,
             moves=[attack(1, "6S")], variant="perevodnoy", transfer_by_showing_trump=True)
    assert explain(v, Transfer(0, (C("6H"),))) == (
        "Transfer with the 6 of hearts — the next player must now beat 2 cards")
    assert explain(v, Show(0, C("6H"))) == (
        "Show the 6 of hearts and transfer — the trump stays in your hand and the attack "
        "passes on")
    assert describe(v, Exchange(0)) == "Swap your lowest trump for the face-up one"
    assert explain(v, Exchange(0)).endswith("the face-up trump is higher than your lowest one")


@pytest.mark.usefixtures("russian")
def test_russian_sentences_name_cards_in_their_case():
    text = explain(defending("7S 9S KC 8H 9D 10D"), Defend(0, C("6S"), C("7S")))
    taken = explain(defending("7C 9H KH 8H 9D 10D"), Take(0))
    assert text == "Побить шестёрку пик семёркой пик — берегите козыри, пока колода большая"
    assert taken == "Взять карты — отбиваясь, вы потратите 1 козырь, а колода ещё большая"


@pytest.mark.parametrize("rules", [Rules(), Rules(variant="perevodnoy",
                                                  transfer_by_showing_trump=True),
                                   Rules(variant="prostoy", hand_size=5,
                                         first_attacker="left_of_dealer"),
                                   Rules(second_trump=True, deck=24),
                                   Rules(cheating=True),
                                   Rules(variant="prostoy", hand_size=5, cheating=True,
                                         first_attacker="left_of_dealer")])
def test_every_legal_move_of_random_games_has_its_sentence(rules):
    """In cheating mode the random players cheat now and then, so that catching and
    letting a cheat stand are asked for too."""
    rng = random.Random(5)
    kinds = set()
    for game in range(6):
        s, _ = new_game(rules, 2 + game % 3 if rules.variant != "prostoy" else 2, rng)
        while s.result is None:
            for seat in range(s.n):
                for a in legal_actions(s, seat):
                    move, why = describe(view(s, seat), a), reason(view(s, seat), a)
                    assert move and why and "{" not in move + why
                    kinds.add(type(a).__name__)
            actor = next_actor(s)
            cheats = cheat_actions(s, actor)
            moves = cheats if cheats and rng.random() < 0.2 else legal_actions(s, actor)
            apply_in_place(s, rng.choice(moves))
    assert not rules.cheating or "Catch" in kinds


def cheated(moves, seat, **rules):
    return seen(["6S 6H JD KC QS 10D", "7S 7H 8H 9C 10C JC"], moves=moves, seat=seat,
                cheating=True, **rules)


def test_catching_and_letting_a_cheat_stand():
    thrown = cheated([attack(0, "6S"), Defend(1, C("6S"), C("7S")), attack(0, "JD")], 1)
    assert explain(thrown, Catch(1)) == (
        "Catch the cheat — the jack of diamonds is of a rank not on the table: caught, it "
        "goes back")
    assert explain(thrown, Pass(1)) == (
        "Let the cheat stand — catching it would not help you here")
    covered = cheated([attack(0, "6S"), Defend(1, C("6S"), C("7H"))], 0)
    assert explain(covered, Catch(0)) == (
        "Catch the cheat — the 7 of hearts does not beat the 6 of spades: caught, the "
        "cover goes back")
    assert describe(covered, Pass(0)) == "Say done (bito) and let the cheat stand"
    prostoy = seen(["6S 6H JD KC QS", "7S 7H 8H 9C 10C"], moves=[
        attack(0, "6S"), Defend(1, C("6S"), C("7H"))], cheating=True, variant="prostoy",
        hand_size=5)
    assert describe(prostoy, Pass(0)) == "Let the cheat stand"


@pytest.mark.usefixtures("russian")
def test_catching_in_russian():
    thrown = cheated([attack(0, "6S"), Defend(1, C("6S"), C("7S")), attack(0, "JD")], 1)
    covered = cheated([attack(0, "6S"), Defend(1, C("6S"), C("7H"))], 0)
    assert explain(thrown, Catch(1)) == (
        "Поймать мухлёж — валет бубён: такого достоинства на столе нет, пойманная карта "
        "вернётся")
    assert explain(covered, Catch(0)) == (
        "Поймать мухлёж — семёрка червей не бьёт шестёрку пик: пойманная карта вернётся")
    assert explain(thrown, Pass(1)) == "Не ловить мухлёж — ловить здесь невыгодно"
