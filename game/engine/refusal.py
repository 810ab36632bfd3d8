"""Why the rules refuse an action: a code and its arguments, never words.

``game/refusals.py`` words them in the player's language. Arguments are ints:
seats, cards (see cards.py), ranks (2..14) and counts.
"""

from __future__ import annotations

from typing import NamedTuple


class Code:
    """The codes, as plain strings (an Enum member costs four times as much to look
    up, and check() names one for every refused action); the comment lists the
    arguments."""

    GAME_OVER = "game_over"
    NO_SUCH_SEAT = "no_such_seat"                    # seat
    SEAT_OUT = "seat_out"                            # seat
    CARD_TWICE = "card_twice"
    NOT_HELD = "not_held"                            # seat, card
    ATTACK_WITHOUT_CARDS = "attack_without_cards"
    IS_DEFENDER = "is_defender"                      # seat
    ONLY_ATTACKER_LEADS = "only_attacker_leads"      # attacker
    LEAD_OF_MIXED_RANKS = "lead_of_mixed_ranks"
    BOUT_LIMIT = "bout_limit"                        # limit
    ATTACKS_PARTNER = "attacks_partner"              # seat
    NOT_A_NEIGHBOUR = "not_a_neighbour"              # seat
    HAS_PASSED = "has_passed"                        # seat
    RANK_NOT_ON_TABLE = "rank_not_on_table"          # rank
    NOT_DEFENDER = "not_defender"                    # seat
    ALREADY_TAKING = "already_taking"
    NOT_ON_TABLE = "not_on_table"                    # card
    ALREADY_COVERED = "already_covered"              # card
    DOES_NOT_BEAT = "does_not_beat"                  # card, attack
    NOTHING_TO_TAKE = "nothing_to_take"
    BOUT_NOT_BEGUN = "bout_not_begun"                # attacker
    NOT_AN_ATTACKER = "not_an_attacker"              # seat
    TRANSFER_NOT_IN_VARIANT = "transfer_not_in_variant"
    NOTHING_TO_TRANSFER = "nothing_to_transfer"
    TRANSFER_AFTER_COVER = "transfer_after_cover"
    TRANSFER_OF_MIXED_RANKS = "transfer_of_mixed_ranks"
    NOBODY_TO_TRANSFER_TO = "nobody_to_transfer_to"
    TARGET_HOLDS_TOO_FEW = "target_holds_too_few"    # target, held, table
    TRANSFER_OVER_LIMIT = "transfer_over_limit"      # limit
    TRANSFER_WITHOUT_CARDS = "transfer_without_cards"
    TRANSFER_OF_OTHER_RANK = "transfer_of_other_rank"  # rank
    SHOW_NOT_IN_RULES = "show_not_in_rules"
    SHOW_NOT_TRUMP_OF_RANK = "show_not_trump_of_rank"  # card
    SHOWN_ALREADY = "shown_already"                  # card
    EXCHANGE_NOT_IN_RULES = "exchange_not_in_rules"
    TRUMP_NOT_UNDER_TALON = "trump_not_under_talon"
    NO_LOWEST_TRUMP = "no_lowest_trump"              # seat, card
    LOWEST_TRUMP_PICKED_UP = "lowest_trump_picked_up"  # seat, card
    LEAD_SIZE = "lead_size"                          # Prostoy: not 1, 3 or 5 cards
    LEAD_NEEDS_PAIR = "lead_needs_pair"
    LEAD_NEEDS_TWO_PAIRS = "lead_needs_two_pairs"
    DEFENDER_HOLDS_FEWER = "defender_holds_fewer"    # held
    NO_THROW_IN = "no_throw_in"                      # the variant has no throwing in
    NO_PASS = "no_pass"                              # the variant has nobody to say "done"
    CHEATING_OFF = "cheating_off"                    # catch without cheating mode
    NO_CHEAT = "no_cheat"                            # catch with no cheat pending
    MAY_NOT_CATCH = "may_not_catch"                  # seat
    CHEATER_WAITS = "cheater_waits"                  # seat: its own cheat is pending


# The card rules a player may break on purpose in cheating mode; ``check`` tests them
# last, so a refusal naming one of them means the action is otherwise possible.
CARD_RULES = (Code.RANK_NOT_ON_TABLE, Code.DOES_NOT_BEAT)

CODES: tuple[str, ...] = tuple(v for k, v in vars(Code).items() if k.isupper())


class Refusal(NamedTuple):
    """Frozen; a named tuple because check() builds one for every refused action
    (about three times faster to make than a frozen dataclass)."""

    code: str  # one of CODES
    args: tuple[tuple[str, int], ...] = ()

    @property
    def kwargs(self) -> dict[str, int]:
        return dict(self.args)

    def __str__(self) -> str:
        """The code and arguments, for logs; ``game.refusals`` words it."""
        return " ".join([self.code, *(f"{k}={v}" for k, v in self.args)])


def refusal(code: str, **args: int) -> Refusal:
    """``Refusal(code, args)`` with the arguments named: ``refusal(Code.NOT_HELD,
    seat=1, card=c)``."""
    return Refusal(code, tuple(args.items()))
