"""The coach's words: a move in a few words, and one reason for it, read from the
position a seat sees (its view) and the move alone.

Pure: no pygame. Every phrase goes through the translation functions, cards are
named by ``narrate.card_name`` in the case their sentence needs. The reason is the
first that fits of a short list per kind of move (cheapest cover, saving trumps,
a card nobody can beat, taking because covering costs too much, a transfer, the
empty talon...): a plain-words account of a move the search chose, not its proof.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine import pass_only_lets_a_cheat_stand
from game.engine.actions import (
    Action,
    Attack,
    Catch,
    Defend,
    Exchange,
    Pass,
    Show,
    Take,
    Transfer,
)
from game.engine.cards import SUIT_MASKS, beaters_mask, cards_of_ranks, count, iter_mask
from game.engine.view import View
from game.i18n import _, ngettext

from .narrate import ACCUSATIVE, INSTRUMENTAL, card_list, card_name

HIGH = 9  # c % 13 of the jack: a jack or above is a high card


def value(c: int, trump: int) -> int:
    """Worth keeping: rank order, every trump above every plain card."""
    return c % 13 + (13 if c // 13 == trump else 0)


def cheapest(mask: int, trump: int) -> int:
    return min(iter_mask(mask), key=lambda c: value(c, trump))


def big_talon(v: View) -> bool:
    """Enough cards to draw that a trump kept now will still serve later."""
    return v.talon_count >= max(6, 2 * v.n)


def uncovered(v: View) -> list[int]:
    return [a for a, c in zip(v.attacks, v.covers, strict=True) if c < 0]


def explain(v: View, action: Action) -> str:
    """“Beat the 7 of hearts with the 10 of hearts — it is the cheapest card that beats it”."""
    return _("{move} — {why}").format(move=describe(v, action), why=reason(v, action))


def describe(v: View, action: Action) -> str:
    """The move in a few words, as an instruction: "Take the cards"."""
    match action:
        case Attack(cards=cards) if not v.started:
            return _("Lead {cards}").format(cards=card_list(cards, INSTRUMENTAL))
        case Attack(cards=cards):
            return _("Throw in {cards}").format(cards=card_list(cards, ACCUSATIVE))
        case Defend(attack=attack, card=card):
            return _("Beat {attack} with {card}").format(
                attack=card_name(attack, ACCUSATIVE), card=card_name(card, INSTRUMENTAL))
        case Take():
            return _("Take the cards")
        case Pass() if may_catch(v):
            if pass_only_lets_a_cheat_stand(v, v.seat):
                return _("Let the cheat stand")
            return _("Say done (bito) and let the cheat stand")
        case Pass():
            return _("Say done (bito)")
        case Catch():
            return _("Catch the cheat")
        case Transfer(cards=cards):
            return _("Transfer with {cards}").format(cards=card_list(cards, INSTRUMENTAL))
        case Show(card=card):
            return _("Show {card} and transfer").format(card=card_name(card, ACCUSATIVE))
        case Exchange():
            return _("Swap your lowest trump for the face-up one")
    raise TypeError(f"no words for the action {type(action).__name__}")


def reason(v: View, action: Action) -> str:
    """Why: the first reason of the move's kind that the position bears out."""
    match action:
        case Attack(cards=cards) if not v.started:
            return _lead(v, cards)
        case Attack(cards=cards):
            return _throw_in(v, cards)
        case Defend(attack=attack, card=card):
            return _cover(v, attack, card)
        case Take():
            return _take(v)
        case Pass() if may_catch(v):
            return _("catching it would not help you here")
        case Pass():
            return _pass(v)
        case Catch():
            return _catch(v)
        case Transfer(cards=cards):
            n = len(v.attacks) + len(cards)
            return ngettext("the next player must now beat {n} card",
                            "the next player must now beat {n} cards", n).format(n=n)
        case Show():
            return _("the trump stays in your hand and the attack passes on")
        case Exchange():
            return _("the face-up trump is higher than your lowest one")
    raise TypeError(f"no reason for the action {type(action).__name__}")


def may_catch(v: View) -> bool:
    """A cheat is pending that this seat may catch (cheating mode)."""
    return v.cheat is not None and bool(v.cheat.watchers >> v.seat & 1)


def _catch(v: View) -> str:
    cheat = v.cheat
    assert cheat is not None, "a catch is legal only with a cheat pending"
    if cheat.attack < 0:
        n = len(cheat.cards)
        return ngettext("{cards} is of a rank not on the table: caught, it goes back",
                        "{cards} are of ranks not on the table: caught, they go back",
                        n).format(cards=card_list(cheat.cards))
    return _("{card} does not beat {attack}: caught, the cover goes back").format(
        card=card_list(cheat.cards), attack=card_name(cheat.attack, ACCUSATIVE))


def unbeatable(v: View, cards: Iterable[int], defender: int) -> bool:
    """No card ``defender`` might hold (unseen, or known to be theirs) beats any of ``cards``."""
    theirs = v.unseen | v.known[defender]
    return all(not theirs & beaters_mask(c, v.trump) for c in cards)


def _lead(v: View, cards: Sequence[int]) -> str:
    n = len(cards)
    if unbeatable(v, cards, v.defender):
        return ngettext("no card left in play beats it", "no card left in play beats them",
                        n)
    if n > 1:
        return ngettext("{n} card at once: the defender must beat every one",
                        "{n} cards at once: the defender must beat every one", n).format(n=n)
    if not v.talon_count:
        return _("the talon is empty: every card you shed brings you closer to getting out")
    more = count(v.hand & cards_of_ranks(1 << cards[0] % 13)) - 1
    if more:
        return ngettext("you hold {n} more card of its rank to throw in after it",
                        "you hold {n} more cards of its rank to throw in after it",
                        more).format(n=more)
    if cards[0] == cheapest(v.hand, v.trump):
        return _("your lowest card: keep the high ones for defence")
    return _("a card you can spare, and the defender must answer it")


def _throw_in(v: View, cards: Sequence[int]) -> str:
    if v.taking:
        return _("the defender takes: hand them a card you do not need")
    if unbeatable(v, cards, v.defender):
        return ngettext("no card left in play beats it", "no card left in play beats them",
                        len(cards))
    held = v.hand_counts[v.defender]
    if held <= 2:
        return ngettext("the defender holds only {n} card: press them",
                        "the defender holds only {n} cards: press them", held).format(n=held)
    return _("one more card for the defender to beat, one fewer in your hand")


def _cover(v: View, attack: int, card: int) -> str:
    trump = v.trump
    options = v.hand & beaters_mask(attack, trump)
    plain = options & ~SUIT_MASKS[trump]
    cheap = cheapest(options, trump)
    if card // 13 == trump and attack // 13 != trump and not plain:
        return _("only a trump beats it")
    if card != cheap:
        on_table = cards_of_ranks(_table_ranks(v)) >> card & 1
        if on_table:
            return _("its rank is already on the table: it gives nothing new to throw in")
        return _("keep {cards} for later").format(cards=card_name(cheap, ACCUSATIVE))
    if card // 13 != trump and v.hand & SUIT_MASKS[trump] and big_talon(v):
        return _("keep your trumps while the talon is big")
    if not v.talon_count:
        return _("the talon is empty: every card you shed brings you closer to getting out")
    return _("it is the cheapest card that beats it")


def _table_ranks(v: View) -> int:
    ranks = 0
    for c in (*v.attacks, *(c for c in v.covers if c >= 0)):
        ranks |= 1 << (c % 13)
    return ranks


def _take(v: View) -> str:
    trump, left = v.trump, v.hand
    spent: list[int] = []
    for a in sorted(uncovered(v), key=lambda a: (left & beaters_mask(a, trump)).bit_count()):
        options = left & beaters_mask(a, trump)
        if not options:
            return _("nothing in your hand beats {card}").format(
                card=card_name(a, ACCUSATIVE))
        spent.append(cheapest(options, trump))
        left &= ~(1 << spent[-1])
    trumps = sum(1 for c in spent if c // 13 == trump)
    if trumps and big_talon(v):
        return ngettext("covering would cost {n} trump while the talon is big",
                        "covering would cost {n} trumps while the talon is big",
                        trumps).format(n=trumps)
    if any(c % 13 >= HIGH for c in spent) and all(a % 13 < HIGH for a in uncovered(v)):
        return _("covering would spend high cards on low ones")
    return _("covering would cost more than these cards are worth")


def _pass(v: View) -> str:
    spare = v.hand & cards_of_ranks(_table_ranks(v))
    if v.taking:
        return _("the defender takes anyway: keep your cards")
    if not spare:
        return _("you have nothing to throw in")
    return _("keep {cards} for later").format(cards=card_list(iter_mask(spare), ACCUSATIVE))
