"""The rules of Durak: pure Python, no pygame, no files, no clock, no global random."""

from .actions import Action, Attack, Catch, Defend, Exchange, Pass, Show, Take, Transfer
from .cards import Card, Mask, Seat, card_str, parse_card
from .cheat import CheatRecord, Pending, cheat_actions, cheat_of
from .legal import IllegalAction, check, legal_actions, next_actor
from .play import (
    apply,
    apply_in_place,
    apply_listed,
    from_deal,
    new_game,
    pass_only_lets_a_cheat_stand,
    result_of,
)
from .rules import RULE_KEYS, Rules, RulesError
from .series import Series
from .state import State
from .view import View, state_from_view, view

__all__ = [
    "Action", "Attack", "Catch", "CheatRecord", "Pending", "cheat_actions", "cheat_of",
    "Defend", "Exchange", "Pass", "Show", "Take", "Transfer",
    "Card", "Mask", "Seat", "card_str", "parse_card",
    "IllegalAction", "check", "legal_actions", "next_actor",
    "apply", "apply_in_place", "apply_listed", "from_deal", "new_game", "result_of",
    "pass_only_lets_a_cheat_stand",
    "RULE_KEYS", "Rules", "RulesError", "Series", "State", "View", "state_from_view", "view",
]
