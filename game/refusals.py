"""The engine's refusals in words: one wording per code (game/engine/refusal.py).

``word`` speaks the player's language (``game.i18n``) and says "you" for the
reader's own seat; ``english`` is the fixed English of logs, errors and the
scenario command. Every text is a literal ``gettext``/``ngettext`` call, so the
catalogue tools find them all.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from typing import Any, Protocol

from game import i18n
from game.engine.actions import Action, Attack
from game.engine.cards import RANK_NAMES, card_str
from game.engine.refusal import Code, Refusal
from game.session.narrate import ACCUSATIVE, NOMINATIVE, card_name, rank_name


class _Translations(Protocol):
    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class _PlayerLanguage:
    """The active catalogue of game.i18n, looked up at call time."""

    def gettext(self, message: str) -> str:
        return i18n._(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return i18n.ngettext(singular, plural, n)


_PLAYER = _PlayerLanguage()
_ENGLISH = gettext.NullTranslations()

# The case each card argument takes in the player's sentences: the card a player
# names is the subject, the attack card the object of "beat" ("не бьёт десятку").
CARD_ARGS = {"card": NOMINATIVE, "attack": ACCUSATIVE}
SEAT_ARGS = ("seat", "attacker")

# Each wording gets the translations and the arguments: cards and ranks as text,
# counts and seats as ints, and "you" True when the seat named is the reader's.
Wording = Callable[[_Translations, dict[str, Any]], str]


WORDINGS: dict[str, Wording] = {
    Code.GAME_OVER: lambda t, a: t.gettext("the game is over"),
    Code.NO_SUCH_SEAT: lambda t, a: t.gettext("there is no seat {seat}").format(**a),
    Code.SEAT_OUT: lambda t, a: (
        t.gettext("you are out of the game") if a["you"]
        else t.gettext("seat {seat} is out of the game").format(**a)),
    Code.CARD_TWICE: lambda t, a: t.gettext("the same card is named twice"),
    Code.NOT_HELD: lambda t, a: (
        t.gettext("you do not hold {card}") if a["you"]
        else t.gettext("seat {seat} does not hold {card}")).format(**a),
    Code.ATTACK_WITHOUT_CARDS: lambda t, a: t.gettext("an attack needs at least one card"),
    Code.IS_DEFENDER: lambda t, a: (
        t.gettext("you are the defender") if a["you"]
        else t.gettext("seat {seat} is the defender").format(**a)),
    Code.ONLY_ATTACKER_LEADS: lambda t, a: t.gettext(
        "only the principal attacker (seat {attacker}) may lead the bout").format(**a),
    Code.LEAD_OF_MIXED_RANKS: lambda t, a: t.gettext(
        "a lead of several cards must be of one rank"),
    Code.BOUT_LIMIT: lambda t, a: t.ngettext(
        "the attack limit of this bout is {limit} card",
        "the attack limit of this bout is {limit} cards", a["limit"]).format(**a),
    Code.ATTACKS_PARTNER: lambda t, a: (
        t.gettext("you may not attack your partner") if a["you"]
        else t.gettext("seat {seat} may not attack its partner").format(**a)),
    Code.NOT_A_NEIGHBOUR: lambda t, a: (
        t.gettext("you may not throw in: not a neighbour of the defender") if a["you"]
        else t.gettext("seat {seat} may not throw in: not a neighbour of the defender")
        .format(**a)),
    Code.HAS_PASSED: lambda t, a: (
        t.gettext("you have passed and may not throw in until the table changes") if a["you"]
        else t.gettext("seat {seat} has passed and may not throw in until the table changes")
        .format(**a)),
    Code.RANK_NOT_ON_TABLE: lambda t, a: t.gettext("a {rank} is not on the table").format(**a),
    Code.NOT_DEFENDER: lambda t, a: (
        t.gettext("you are not the defender") if a["you"]
        else t.gettext("seat {seat} is not the defender").format(**a)),
    Code.ALREADY_TAKING: lambda t, a: t.gettext("the defender has already decided to take"),
    Code.NOT_ON_TABLE: lambda t, a: t.gettext(
        "{card} is not an attack card on the table").format(**a),
    Code.ALREADY_COVERED: lambda t, a: t.gettext("{card} is already covered").format(**a),
    Code.DOES_NOT_BEAT: lambda t, a: t.gettext("{card} does not beat {attack}").format(**a),
    Code.NOTHING_TO_TAKE: lambda t, a: t.gettext("there is no uncovered attack card to take"),
    Code.BOUT_NOT_BEGUN: lambda t, a: (
        t.gettext("the bout has not begun: you must lead") if a["you"]
        else t.gettext("the bout has not begun: seat {attacker} must lead").format(**a)),
    Code.NOT_AN_ATTACKER: lambda t, a: (
        t.gettext("you are not an attacker in this bout") if a["you"]
        else t.gettext("seat {seat} is not an attacker in this bout").format(**a)),
    Code.TRANSFER_NOT_IN_VARIANT: lambda t, a: t.gettext(
        "transfer is only allowed in perevodnoy"),
    Code.NOTHING_TO_TRANSFER: lambda t, a: t.gettext("there is nothing on the table to transfer"),
    Code.TRANSFER_AFTER_COVER: lambda t, a: t.gettext(
        "no transfer once an attack card has been covered"),
    Code.TRANSFER_OF_MIXED_RANKS: lambda t, a: t.gettext(
        "no transfer: the cards on the table are not all of one rank"),
    Code.NOBODY_TO_TRANSFER_TO: lambda t, a: t.gettext(
        "no transfer: nobody is left to take over the defence"),
    Code.TARGET_HOLDS_TOO_FEW: lambda t, a: t.ngettext(
        "no transfer: seat {target} holds {held} card, fewer than the {table} on the table",
        "no transfer: seat {target} holds {held} cards, fewer than the {table} on the table",
        a["held"]).format(**a),
    Code.TRANSFER_OVER_LIMIT: lambda t, a: t.ngettext(
        "no transfer: the attack limit is {limit} card",
        "no transfer: the attack limit is {limit} cards", a["limit"]).format(**a),
    Code.TRANSFER_WITHOUT_CARDS: lambda t, a: t.gettext("a transfer needs at least one card"),
    Code.TRANSFER_OF_OTHER_RANK: lambda t, a: t.gettext(
        "a transfer must be made with {rank}s").format(**a),
    Code.SHOW_NOT_IN_RULES: lambda t, a: t.gettext(
        "transfer by showing a trump is not allowed by these rules"),
    Code.SHOW_NOT_TRUMP_OF_RANK: lambda t, a: t.gettext(
        "{card} is not a trump of the table's rank").format(**a),
    Code.SHOWN_ALREADY: lambda t, a: t.gettext(
        "{card} has already been shown in this bout").format(**a),
    Code.EXCHANGE_NOT_IN_RULES: lambda t, a: t.gettext(
        "the trump exchange is not allowed by these rules"),
    Code.TRUMP_NOT_UNDER_TALON: lambda t, a: t.gettext(
        "the face-up trump is no longer under the talon"),
    Code.NO_LOWEST_TRUMP: lambda t, a: (
        t.gettext("you do not hold {card}, the lowest trump") if a["you"]
        else t.gettext("seat {seat} does not hold {card}, the lowest trump")).format(**a),
    Code.LOWEST_TRUMP_PICKED_UP: lambda t, a: (
        t.gettext("you picked up {card}; only a dealt or drawn one counts") if a["you"]
        else t.gettext("seat {seat} picked up {card}; only a dealt or drawn one counts")
        ).format(**a),
    Code.LEAD_SIZE: lambda t, a: t.gettext("an attack in prostoy is one, three or five cards"),
    Code.LEAD_NEEDS_PAIR: lambda t, a: t.gettext(
        "an attack of three cards must hold a pair of one rank"),
    Code.LEAD_NEEDS_TWO_PAIRS: lambda t, a: t.gettext(
        "an attack of five cards must hold two pairs (or four of a kind)"),
    Code.DEFENDER_HOLDS_FEWER: lambda t, a: t.ngettext(
        "the defender holds only {held} card", "the defender holds only {held} cards",
        a["held"]).format(**a),
    Code.NO_THROW_IN: lambda t, a: t.gettext(
        "nobody throws in in prostoy: the attacker plays all the cards at once"),
    Code.NO_PASS: lambda t, a: t.gettext(
        "nobody passes in prostoy: the bout is the attacker's cards alone"),
    Code.CHEATING_OFF: lambda t, a: t.gettext("there is no catching: cheating is off"),
    Code.NO_CHEAT: lambda t, a: t.gettext("there is no cheat to catch"),
    Code.MAY_NOT_CATCH: lambda t, a: (
        t.gettext("this cheat is not yours to catch") if a["you"]
        else t.gettext("seat {seat} may not catch this cheat").format(**a)),
    Code.CHEATER_WAITS: lambda t, a: (
        t.gettext("wait: the others may still catch your cheat") if a["you"]
        else t.gettext("seat {seat} waits while its cheat may be caught").format(**a)),
}


def _arguments(r: Refusal, you: int | None, in_words: bool) -> dict[str, Any]:
    """Seats as ints, cards and ranks in words for a player ("the 10 of hearts", in
    the case the sentence needs) or in the engine's notation for logs ("10H")."""
    args: dict[str, Any] = dict(r.args)
    seat = next((args[k] for k in SEAT_ARGS if k in args), None)
    args["you"] = you is not None and seat == you
    for key, case in CARD_ARGS.items():
        if key in args:
            args[key] = card_name(args[key], case) if in_words else card_str(args[key])
    if "rank" in args:
        args["rank"] = rank_name(args["rank"]) if in_words else RANK_NAMES[args["rank"]]
    return args


def word(r: Refusal, you: int | None = None) -> str:
    """``r`` in the player's language; ``you``: the reader's seat, named "you"."""
    return WORDINGS[r.code](_PLAYER, _arguments(r, you, in_words=True))


def english(r: Refusal) -> str:
    """``r`` in English whatever the player's language, every seat by number."""
    return WORDINGS[r.code](_ENGLISH, _arguments(r, None, in_words=False))


def not_offered(action: Action) -> str:
    """Why the screen does not offer an action the rules allow."""
    if isinstance(action, Attack) and len(action.cards) > 1:
        return i18n._("throw in one card at a time")
    return i18n._("that move is not offered now")
