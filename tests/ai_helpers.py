"""Hand-made two-player positions for the tests of the rule-of-thumb players."""

from __future__ import annotations

from game.engine import Rules, from_deal, parse_card
from game.engine.cards import deck_cards

RULES = Rules(trump_exchange=False, attack_limit=None)
HEARTS = 1


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def table(mine: str, theirs: str, talon: int, attacker: int = 0, away: str = ""):
    """Two hands and a talon of ``talon`` cards, hearts trumps (the face-up 6H);
    the cards ``away`` are in neither hand nor the talon."""
    used = set(cards(mine) + cards(theirs) + cards(away)) | {parse_card("6H")}
    rest = [c for c in deck_cards(36) if c not in used][: talon - 1]
    talon_cards = rest + [parse_card("6H")] if talon else []
    s, _ = from_deal(RULES, [cards(mine), cards(theirs)], talon_cards, HEARTS, attacker)
    return s
