"""The engine's events told in words, one sentence each, for the move log and banners.

Pure: no pygame. Every sentence goes through the translation functions; the
human's own moves are told in the second person ("You take 2 cards").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.engine import events as ev
from game.engine.cards import rank_of, suit_of
from game.i18n import N_, NP_, _, ngettext, pgettext

RANKS = {2: N_("2"), 3: N_("3"), 4: N_("4"), 5: N_("5"), 6: N_("6"), 7: N_("7"), 8: N_("8"),
         9: N_("9"), 10: N_("10"), 11: N_("jack"), 12: N_("queen"), 13: N_("king"),
         14: N_("ace")}
SUITS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
# A card's name changes with its part in the sentence in Russian ("бьёт десятку пик",
# "кроет десяткой пик"): the rank word is looked up per case, the suit as "of" a card.
NOMINATIVE, ACCUSATIVE, INSTRUMENTAL = "nominative", "accusative", "instrumental"
CASE_RANKS = {
    ACCUSATIVE: {2: NP_("accusative", "2"), 3: NP_("accusative", "3"),
                 4: NP_("accusative", "4"), 5: NP_("accusative", "5"),
                 6: NP_("accusative", "6"), 7: NP_("accusative", "7"),
                 8: NP_("accusative", "8"), 9: NP_("accusative", "9"),
                 10: NP_("accusative", "10"), 11: NP_("accusative", "jack"),
                 12: NP_("accusative", "queen"), 13: NP_("accusative", "king"),
                 14: NP_("accusative", "ace")},
    INSTRUMENTAL: {2: NP_("instrumental", "2"), 3: NP_("instrumental", "3"),
                   4: NP_("instrumental", "4"), 5: NP_("instrumental", "5"),
                   6: NP_("instrumental", "6"), 7: NP_("instrumental", "7"),
                   8: NP_("instrumental", "8"), 9: NP_("instrumental", "9"),
                   10: NP_("instrumental", "10"), 11: NP_("instrumental", "jack"),
                   12: NP_("instrumental", "queen"), 13: NP_("instrumental", "king"),
                   14: NP_("instrumental", "ace")},
}
SUITS_OF = (NP_("of a card", "spades"), NP_("of a card", "hearts"),
            NP_("of a card", "diamonds"), NP_("of a card", "clubs"))
# Events worth a banner on the table, not only a line in the log.
ANNOUNCED = (ev.Took, ev.TookSome, ev.Transferred, ev.Exchanged, ev.TrumpChanged, ev.Out,
             ev.GameOver, ev.Caught)


def suit_name(suit: int) -> str:
    return _(SUITS[suit])


def rank_name(rank: int, case: str = NOMINATIVE) -> str:
    """"jack"; in Russian "валет", "валета", "валетом" by ``case``."""
    return _(RANKS[rank]) if case == NOMINATIVE else pgettext(*CASE_RANKS[case][rank])


def card_name(card: int, case: str = NOMINATIVE) -> str:
    """"the 7 of hearts"; ``case``: the card's part in the sentence (see CASE_RANKS)."""
    return _("the {rank} of {suit}").format(rank=rank_name(rank_of(card), case),
                                            suit=pgettext(*SUITS_OF[suit_of(card)]))


def card_list(cards: Iterable[int], case: str = NOMINATIVE) -> str:
    """"the 7 of hearts", "the 7 of hearts and the 7 of spades", "a, b and c"."""
    names = [card_name(c, case) for c in cards]
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True, slots=True)
class Line:
    """One told event: its sentence, whether it deserves a banner, the bout it was in."""

    text: str
    announce: bool
    bout: int


class Narrator:
    """Tells events in order; remembers just enough (trumps, the bout) to word them."""

    def __init__(self, names: list[str], human: int | None) -> None:
        self.names = names
        self.human = human
        self.bout = 0
        self.on_table = 0  # attack cards in the bout: the first play leads, later ones throw in
        self.face_up: int | None = None  # the trump under the talon, seen by all
        self.second = False  # Severnyi: a face-down card lies under the face-up trump

    def subject(self, seat: int) -> str:
        """A seat as the subject of a sentence: a name, or "you"."""
        return pgettext("subject", "you") if seat == self.human else self.names[seat]

    def _by(self, seat: int, yours: str, theirs: str, **kw: object) -> str:
        """The sentence in the second person for the human, else with the seat's name."""
        text = yours if seat == self.human else theirs
        return text.format(name=self.names[seat], **kw)

    def tell(self, e: ev.Event) -> Line:
        last_card = isinstance(e, ev.Drew) and self.face_up in e.cards
        text = self.sentence(e)
        return Line(text, isinstance(e, ANNOUNCED) or last_card, self.bout)

    def sentence(self, e: ev.Event) -> str:
        match e:
            case ev.Dealt(trump=trump, trump_card=face_up, second=second):
                self.bout, self.on_table, self.face_up = 0, 0, face_up
                self.second = second
                if second:
                    return _("New game: trumps are {suit}, and a second trump lies face "
                             "down under it").format(suit=suit_name(trump))
                return _("New game: trumps are {suit}").format(suit=suit_name(trump))
            case ev.BoutStarted(attacker=a, defender=d):
                self.bout += 1
                self.on_table = 0
                # "you" as the defender is a sentence of its own: Russian declines it
                theirs = _("{name} attacks you") if d == self.human else \
                    _("{name} attacks {defender}")
                return self._by(a, _("You attack {defender}"), theirs, defender=self.names[d])
            case ev.Played(seat=s, cards=cards):
                first = self.on_table == 0
                self.on_table += len(cards)
                if first:
                    return self._by(s, _("You lead {cards}"), _("{name} leads {cards}"),
                                    cards=card_list(cards, INSTRUMENTAL))
                return self._by(s, _("You throw in {cards}"), _("{name} throws in {cards}"),
                                cards=card_list(cards, ACCUSATIVE))
            case ev.Covered(seat=s, attack=a, card=c):
                return self._by(s, _("You beat {attack} with {card}"),
                                _("{name} beats {attack} with {card}"),
                                attack=card_name(a, ACCUSATIVE), card=card_name(c, INSTRUMENTAL))
            case ev.Transferred():
                return self._transferred(e)
            case ev.TakeDeclared(seat=s):
                return self._by(s, _("You will take"), _("{name} will take"))
            case ev.Passed(seat=s):
                return self._by(s, _("You are done"), _("{name} is done"))
            case ev.Took(seat=s, cards=cards):
                n = len(cards)
                return self._by(s, ngettext("You take {n} card", "You take {n} cards", n),
                                ngettext("{name} takes {n} card", "{name} takes {n} cards", n),
                                n=n)
            case ev.TookSome(seat=s, cards=cards, discarded=beaten):
                n, k = len(cards), len(beaten) // 2
                took = self._by(s, ngettext("You take {n} card", "You take {n} cards", n),
                                ngettext("{name} takes {n} card", "{name} takes {n} cards", n),
                                n=n)
                return ngettext("{took}; {k} covered pair to the discard pile",
                                "{took}; {k} covered pairs to the discard pile", k).format(
                                    took=took, k=k)
            case ev.TrumpChanged():
                return self._trump_changed(e)
            case ev.Discarded(cards=cards):
                n = len(cards)
                return ngettext("Beaten off: {n} card to the discard pile",
                                "Beaten off: {n} cards to the discard pile", n).format(n=n)
            case ev.Drew(seat=s, cards=cards) if self.face_up in cards and self.second:
                card, self.face_up = self.face_up, None
                return self._by(s, _("You draw the face-up trump, {card}"),
                                _("{name} draws the face-up trump, {card}"), card=card_name(card))
            case ev.Drew(seat=s, cards=cards) if self.face_up in cards:
                card, self.face_up = self.face_up, None
                return self._by(s, _("You draw the last card, {card}"),
                                _("{name} draws the last card, {card}"), card=card_name(card))
            case ev.Drew(seat=s, cards=cards):
                n = len(cards)
                return self._by(s, ngettext("You draw {n} card", "You draw {n} cards", n),
                                ngettext("{name} draws {n} card", "{name} draws {n} cards", n),
                                n=n)
            case ev.Exchanged(seat=s, gave=gave, got=got):
                self.face_up = gave
                return self._by(s, _("You swap the {gave} of trumps for the {got}"),
                                _("{name} swaps the {gave} of trumps for the {got}"),
                                gave=_(RANKS[rank_of(gave)]), got=_(RANKS[rank_of(got)]),
                                gave_card=card_name(gave, ACCUSATIVE),
                                got_card=card_name(got, ACCUSATIVE))
            case ev.Out(seat=s):
                return self._by(s, _("You are out"), _("{name} is out"))
            case ev.GameOver():
                return self._game_over(e)
            case ev.Cheated(seat=s, cards=cards):
                # only the cheater is told: the others must see the card for themselves
                return _("Your cheat, {cards}, stands unless somebody catches it").format(
                    cards=card_list(cards)) if s == self.human else ""
            case ev.Caught():
                return self._caught(e)
            case ev.CheatStood(cheater=s, cards=cards):
                return self._by(s, _("Nobody caught your cheat: {cards} stands"),
                                _("Cheat! Nobody caught {name}: {cards} stands"),
                                cards=card_list(cards))
        raise TypeError(f"no words for the event {type(e).__name__}")

    def _caught(self, e: ev.Caught) -> str:
        """"Boris tries to throw in the 9 of clubs — you catch it!", one sentence for
        each of: who cheated (you or another), how, and who caught it (you or another)."""
        kw = {"name": self.names[e.cheater], "catcher": self.names[e.seat],
              "cards": card_list(e.cards, ACCUSATIVE), "card": card_list(e.cards, INSTRUMENTAL),
              "attack": card_name(e.attack, ACCUSATIVE) if e.attack >= 0 else ""}
        if e.attack < 0:
            texts = (_("You try to throw in {cards} — {catcher} catches it!"),
                     _("{name} tries to throw in {cards} — you catch it!"),
                     _("{name} tries to throw in {cards} — {catcher} catches it!"))
        else:
            texts = (_("You try to beat {attack} with {card} — {catcher} catches it!"),
                     _("{name} tries to beat {attack} with {card} — you catch it!"),
                     _("{name} tries to beat {attack} with {card} — {catcher} catches it!"))
        which = 0 if e.cheater == self.human else 1 if e.seat == self.human else 2
        return texts[which].format(**kw)

    def _trump_changed(self, e: ev.TrumpChanged) -> str:
        self.second = False
        if e.new == e.old:
            return self._by(e.seat, _("You draw the face-down card, {card}: trumps stay {suit}"),
                            _("{name} draws the face-down card, {card}: trumps stay {suit}"),
                            card=card_name(e.card), suit=suit_name(e.new))
        return self._by(e.seat, _("You draw the face-down card, {card}: trumps are now {suit}"),
                        _("{name} draws the face-down card, {card}: trumps are now {suit}"),
                        card=card_name(e.card), suit=suit_name(e.new))

    def _transferred(self, e: ev.Transferred) -> str:
        self.on_table += len(e.cards)
        to_you = e.defender == self.human
        if e.shown is not None:
            theirs = _("{name} shows {card} and transfers to you") if to_you else \
                _("{name} shows {card} and transfers to {defender}")
            return self._by(e.seat, _("You show {card} and transfer to {defender}"), theirs,
                            card=card_name(e.shown, ACCUSATIVE), defender=self.names[e.defender])
        theirs = _("{name} transfers with {cards} to you") if to_you else \
            _("{name} transfers with {cards} to {defender}")
        return self._by(e.seat, _("You transfer with {cards} to {defender}"), theirs,
                        cards=card_list(e.cards, INSTRUMENTAL), defender=self.names[e.defender])

    def _game_over(self, e: ev.GameOver) -> str:
        if e.draw:
            return _("A draw: nobody is the fool")
        if e.loser is not None:
            return self._by(e.loser, _("You are the fool"), _("{name} is the fool"))
        losers = e.losing_team
        assert losers is not None, "no draw, no single fool: a team lost"
        team = _("{first} and {last}").format(
            first=", ".join(self.subject(s) for s in losers[:-1]),
            last=self.subject(losers[-1]))
        return _("{team} lose: the fools").format(team=team)
