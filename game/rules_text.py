"""The rules of the game as the Rules screen shows them, in our own words.

Each section is a title and paragraphs, every one a message of its own for the
catalogue. Cards are written as rank and suit symbol ("7♥", "Q♠"; in Russian
"Д♠"): the screen draws them as cards. Words between asterisks are shown in bold.
``covers`` names what a section explains (rule keys, variants, scoring systems),
so a test can ask that everything the engine knows is explained somewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_


@dataclass(frozen=True)
class Example:
    """A paragraph shown as a worked example."""

    text: str


Paragraph = str | Example


@dataclass(frozen=True)
class Section:
    name: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    covers: tuple[str, ...] = ()


EXAMPLE_LABEL = N_("Example:")

SECTIONS: tuple[Section, ...] = (
    Section("aim", N_("The aim"), (
        N_("Durak has no winner, only a loser. Everyone tries to get rid of their cards; "
           "whoever is still holding cards when all the others have run out is the *durak*, "
           "the fool. If the last cards leave the game at the same moment and nobody is "
           "left holding any, the game is a draw."),
        Example(N_("Three play. Anna runs out of cards first, then Boris; you are still "
                   "holding the 8♣ and the K♥, so you are the fool of this game.")),
    )),
    Section("cards", N_("Cards and beating"), (
        N_("The usual deck has 36 cards, six to ace in each of the four suits; you may "
           "choose 24 cards (nine to ace) or 52 (two to ace) instead. Aces are high: "
           "2 3 4 5 6 7 8 9 10 J Q K A."),
        N_("One suit is *trumps*. A card is beaten by a higher card of its own suit, and "
           "any trump beats any card of another suit. A trump can only be beaten by a "
           "higher trump."),
        Example(N_("Hearts are trumps. The 9♠ is beaten by the J♠, or by any heart, even "
                   "the 6♥, but not by the A♦. The Q♥ is beaten only by the K♥ or the A♥.")),
    ), covers=("deck",)),
    Section("deal", N_("The deal and the trump"), (
        N_("Everyone is dealt the same number of cards: six, unless the house rule *hand "
           "size* says otherwise. If the deck is too small for that, everyone gets the same "
           "smaller share. The cards left over are the *talon*, face down. Its bottom card "
           "lies face up across it: that card's suit is trumps for the whole game, and it is "
           "the last card anyone draws. If no cards are left over, the suit of the last card "
           "dealt is trumps."),
        Example(N_("Four play with 36 cards: 24 go to the hands and 12 stay in the talon. "
                   "The face-up card is the 10♣, so clubs are trumps, and whoever draws the "
                   "last card of the talon gets that 10♣.")),
    ), covers=("hand_size",)),
    Section("exchange", N_("Trump exchange"), (
        N_("With the house rule *trump exchange* (on unless you turn it off), the player "
           "who holds the lowest trump of the deck may swap it for the face-up trump at any "
           "time while that card still lies under the talon. The lowest trump is the six "
           "of trumps in 36 cards, the nine in 24 and the two in 52. Only that one card "
           "gives the right, and only if it was dealt or drawn: picked up from the table, "
           "it does not."),
        Example(N_("Spades are trumps and the A♠ lies face up. You were dealt the 6♠: you "
                   "exchange it and take the A♠ into your hand, while the 6♠ lies face up "
                   "and will be drawn last.")),
    ), covers=("trump_exchange",)),
    Section("first", N_("Who attacks first"), (
        N_("In the first game the holder of the lowest trump attacks first: the six of "
           "trumps, or if nobody holds it the next trump up, and so on. If nobody holds a "
           "trump at all, the player on the dealer's left starts. The house rule *first "
           "attacker* can give the first attack to the player on the dealer's left "
           "always; in Prostoy that is the usual way."),
        Example(N_("Diamonds are trumps. Nobody was dealt the 6♦; Boris holds the 7♦, the "
                   "lowest trump in anyone's hand, so Boris attacks first.")),
    ), covers=("first_attacker",)),
    Section("bout", N_("Attack and defence"), (
        N_("The game is played in *bouts*. In each bout one player defends: the player on "
           "the left of the one who attacks. The attacker opens with one card, or with "
           "several cards of the same rank. The defender has to beat each attack card with "
           "a card from their hand, laid on top of it."),
        N_("While the bout lasts, the attackers may *throw in* more cards, but only of ranks "
           "that are already on the table, attack cards and covers alike. Every card thrown "
           "in has to be beaten as well."),
        Example(N_("You attack Anna with the 7♥ and she covers it with the 9♥. A seven and "
                   "a nine are now on the table, so you may throw in the 9♣; Anna beats it "
                   "with the Q♣.")),
    )),
    Section("throw_in", N_("Who may throw in"), (
        N_("Every player but the defender may throw in, whenever the table allows it and "
           "in any order; partners in a team game never throw in against each other. With "
           "the house rule *throw in: neighbours*, only the players sitting on either side "
           "of the defender may, and the player who opened the bout."),
        N_("An attacker who has nothing more to add says *done*. That lasts only until the "
           "table changes: after a new card, a cover or a take, they may add cards again."),
        Example(N_("Five play and you defend against Anna, on your right. With neighbours "
                   "only, Anna and the player on your left may throw in; the two players "
                   "across the table may not, even holding a card of the right rank.")),
    ), covers=("throw_in",)),
    Section("limit", N_("How many cards"), (
        N_("A bout never holds more attack cards than the defender held when it began, nor "
           "more than the house rule *attack limit*: six, unless set otherwise or switched "
           "off. The house rule *first bout limit* sets another limit for the first bout of "
           "each game; some players use five there."),
        Example(N_("Boris begins the bout with four cards. However many sevens and eights "
                   "the attackers hold, at most four attack cards go on the table in this "
                   "bout, although the attack limit is six.")),
    ), covers=("attack_limit", "first_bout_limit")),
    Section("take", N_("Taking the cards"), (
        N_("A defender who cannot or will not beat a card says *take*. That cannot be "
           "undone. The attackers may still throw in cards of the ranks on the table, up to "
           "the limit, and then the defender picks up every card on the table, the attack "
           "cards and the covers. A defender who has covered every card cannot take."),
        Example(N_("You lead the 8♦ and Boris covers it with the 10♦. You throw in the "
                   "10♠; Boris has no higher spade and no trump, so he takes. Anna throws "
                   "in the 8♣ as well, and Boris picks up all four cards.")),
    )),
    Section("bito", N_("Bito: the attack beaten off"), (
        N_("When every attack card is covered and nobody adds more, or no more may be "
           "added, the attack is *beaten off*: *bito*. The cards of the bout go face down to "
           "the discard pile and take no further part. Nobody has to announce it: the bout "
           "ends by itself as soon as nobody can act."),
        Example(N_("You cover the 6♣ with the 9♣ and the 6♥ with the J♥, and both attackers "
                   "say done. Bito: the four cards go to the discard pile.")),
    )),
    Section("draw", N_("Drawing up"), (
        N_("After each bout, everyone holding fewer cards than the hand size draws from the "
           "talon until they have that many again, while it lasts: first the player who "
           "opened the bout, then the others in turn around the table, the defender last. "
           "Once the talon is empty, nobody draws."),
        Example(N_("Six cards each. You opened the bout and have three left, Anna threw in "
                   "and has five, Boris defended and has two. You draw three, Anna one, and "
                   "Boris four, if the talon still holds them.")),
    )),
    Section("next", N_("Who attacks next"), (
        N_("After a beaten-off bout, the defender opens the next one, against the player on "
           "their left. After a take, the defender loses the turn: the player on their "
           "left attacks next."),
        Example(N_("You, Anna and Boris sit in that order. You attack Anna. If she beats "
                   "off the attack, she attacks Boris next; if she takes, Boris attacks "
                   "you.")),
    )),
    Section("end", N_("The end of a game"), (
        N_("Once the talon is empty, a player whose hand runs out leaves the game, safe, "
           "and their turn passes on. A game is decided only when a bout ends: the one "
           "player still holding cards is the fool. If the last cards go at once and nobody "
           "holds any, the game is a draw."),
        Example(N_("The talon is empty and only you and Anna are left. You hold the 10♥ and "
                   "attack; Anna's last card, the K♥, covers it. Both hands are empty when "
                   "the bout ends: a draw.")),
    )),
    Section("next_game", N_("The next game"), (
        N_("In a series, a neighbour of the fool opens the next game. Usually it is the "
           "player on the fool's left, who attacks *from under the fool*. With the house "
           "rule *the fool is taught*, the player on the fool's right attacks, so the fool "
           "has to defend first. After a draw, the next game opens as the last one did."),
        Example(N_("Boris was the fool; Anna sits on his left and you on his right. Usually "
                   "Anna opens the next game; if the fool is taught, you attack Boris "
                   "straight away.")),
    ), covers=("next_game_leader",)),
    Section("podkidnoy", N_("Podkidnoy"), (
        N_("Podkidnoy, throw-in Durak, is the game described above and the one most "
           "people mean by Durak: 2 to 6 players, each on their own or in two teams, attacks "
           "of one rank and throwing in. The game, Podkidnoy, Perevodnoy or Prostoy, is "
           "chosen on the New game screen."),
    ), covers=("variant", "podkidnoy")),
    Section("perevodnoy", N_("Perevodnoy: the transfer"), (
        N_("Perevodnoy plays like Podkidnoy with one more answer for the defender: the "
           "*transfer*. Before covering anything, while all the cards on the table are of "
           "one rank, the defender may add one or more cards of that rank and pass the whole "
           "attack on to the next player. That player now defends, and the one who "
           "transferred becomes the attacker."),
        N_("The next player must hold at least as many cards as will then lie on the "
           "table. They may transfer again, even back to the first attacker when only two "
           "are playing; the limit of the bout is counted from the new defender's hand."),
        Example(N_("Anna attacks you with the 8♠. You lay your 8♥ beside it, and the attack "
                   "passes to Boris: he must beat both eights, or transfer once more with "
                   "the 8♦ if he holds it.")),
    ), covers=("perevodnoy",)),
    Section("show_trump", N_("Transfer by showing a trump"), (
        N_("With the house rule *transfer by showing a trump* (Perevodnoy only), the "
           "defender may transfer by showing a trump of the table's rank instead of playing "
           "it. The card stays in hand and the attack passes on as it is. Each card may be "
           "shown once in a bout."),
        Example(N_("Clubs are trumps and Anna attacks you with the 9♦. You show the 9♣ and "
                   "keep it; Boris now defends against the 9♦ alone.")),
    ), covers=("transfer_by_showing_trump",)),
    Section("prostoy", N_("Prostoy: simple Durak"), (
        N_("Prostoy is the older and simpler game, for 2 to 4 players each on their own. "
           "Everyone is dealt five cards and the player on the dealer's left attacks first."),
        N_("Only the attacker plays, all the attack cards at once: one card, three cards "
           "with a pair among them (two of one rank), or five cards with two pairs among "
           "them (four of a kind counts). Never more cards than the defender holds. Nobody "
           "throws in and nobody transfers, so the attack limit, the first bout limit, who "
           "may throw in, teams and showing a trump do not apply."),
        N_("The defender beats whichever attack cards they can, each on its own, and takes "
           "the rest: the beaten pairs go to the discard pile, the cards not beaten into "
           "the defender's hand. If every card was beaten, the defender attacks next; if "
           "not, the player after the defender does. The attacker draws up to five first, "
           "then the defender."),
        Example(N_("Diamonds are trumps. You attack with the J♠, the J♦ and the 9♥. Anna "
                   "beats the 9♥ with the Q♥ and the J♠ with the 6♦ and takes the J♦: two "
                   "beaten pairs go to the discard, the J♦ into her hand, and the player "
                   "after Anna attacks next.")),
    ), covers=("prostoy",)),
    Section("severnyi", N_("Durak Severnyi: the second trump"), (
        N_("Severnyi, the northern fool, goes with any of the games. At the deal one card "
           "is laid face down under the face-up trump. The face-up trump is drawn second to "
           "last; whoever draws the face-down card, the very last one, shows it, and from "
           "that moment its suit is trumps for the rest of the game. The old trump suit "
           "becomes a plain suit (if both are of one suit, nothing changes). A deal that "
           "leaves fewer than two cards in the talon has no second trump. The trump "
           "exchange swaps with the face-up card while it is still there."),
        Example(N_("The game begins with hearts as trumps. Late in the game Boris draws the "
                   "face-down card, the 7♠: from now on spades are trumps, and the A♥ in "
                   "your hand is beaten even by the 6♠.")),
    ), covers=("second_trump",)),
    Section("teams", N_("Teams"), (
        N_("Four or six players may play as two teams, partners on alternate seats: the "
           "first, third and fifth players against the second, fourth and sixth. Partners "
           "never attack each other and never throw in against each other. The turn to "
           "attack goes back and forth between the teams, each passing it to its next "
           "member still in. When only one team still holds cards, the whole team loses."),
        Example(N_("You and Boris play Anna and Vera, sitting you, Anna, Boris, Vera. When "
                   "Anna defends, you and Boris may both attack her; when you defend, Boris "
                   "stays out of it.")),
    ), covers=("teams",)),
    Section("cheating", N_("Cheating mode"), (
        N_("In cheating mode the game looks away, as players at a real table sometimes do. "
           "Two rules may be broken on purpose: throwing in a card whose rank is not on the "
           "table, and covering a card with one that does not beat it. Everything else "
           "stays forbidden: cards you do not hold, playing out of turn, the limits, a lead "
           "of mixed ranks, a transfer with another rank."),
        N_("A card thrown in falsely can be caught by the defender; a false cover by any "
           "player allowed to throw in during that bout (in Prostoy, by the attacker). A "
           "caught cheat goes back to the cheater's hand, the table is as it was before, "
           "and play goes on. While others can still catch it, the cheater waits."),
        N_("A cheat stands once any other player makes a move without catching it, "
           "whether they cover, throw in or say done. From then on its cards count as if "
           "they had been played fairly, and their ranks may be thrown in."),
        Example(N_("Hearts are trumps. Anna attacks you with the 10♠ and you cover it with "
                   "the 7♠, which does not beat it. If Anna catches it, the 7♠ comes back "
                   "to your hand and you must answer again; if she says done instead, the "
                   "cover stands and the 10♠ counts as beaten.")),
    ), covers=("cheating",)),
    Section("series", N_("Scoring a series"), (
        N_("Games are played in a series, scored by one of six systems chosen on the New "
           "game screen, and the series ends when someone reaches its target. Team games are "
           "scored only with matchsticks, with no end."),
        N_("*Matchsticks*: the fool of each game takes a matchstick. With no target the "
           "series goes on for ever; with one, it ends when someone has that many, and the "
           "fewest win."),
        N_("*Penalty points*: whoever went out first scores 0, the fool 2 and everyone else "
           "1. The series ends when someone has 4, or 5 or 6 if chosen, and the fewest "
           "win. After a draw nobody scores 2."),
        Example(N_("Four play: you go out first and score 0, Anna and Vera score 1 each, "
                   "and Boris, the fool, scores 2.")),
        N_("*Basic*: the first player out scores 1; if several went out together first, "
           "nobody does. The first to reach the target, 3 unless chosen, wins. *Basic "
           "plus* is the same, and the fool also loses a point."),
        Example(N_("Basic plus with three players: you go out first and gain 1, Anna gets "
                   "nothing, and Boris, the fool, loses 1.")),
        N_("*Medium*: each player scores the number of players minus their place, so of "
           "four players the first out scores 3, the second 2, the third 1 and the fool "
           "nothing. Players who go out together all score for the last of their places. "
           "The target is three times the best score of a game, and the most points win."),
        Example(N_("Four play and you and Anna go out together first: you share places 1 "
                   "and 2 and score 2 each.")),
        N_("*Advanced*: only the fool scores, the value of the cards left in hand: 2 to 10 "
           "as numbered, jack 11, queen 12, king 13, ace 14, and trumps count double. A "
           "player who reaches 100 leaves the series; the last player left wins."),
        Example(N_("Hearts are trumps and Boris is left with the 6♥, the K♠ and the 10♣: "
                   "12 + 13 + 10 = 35 points.")),
    ), covers=("fools", "penalty_points", "basic", "basic_plus", "medium", "advanced")),
)
