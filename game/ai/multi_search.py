"""How expert searches with three or more players, where the exact solver does
not decide: with the tree search of ismcts.py (ManyTreeSearch, below) where the
compact position models the game, else as hard does (every move searched to the
whole budget, the club player's move left on a plain margin), at expert's
budget; either on deals drawn with expert's notes of what opponents lack.

Expert's own flat search (the club player's move kept unless another is better by
SWITCH_Z standard errors, an early stop once the choice is settled: median
decision about 24 ms of its 230 against hard's 150) left the club player's move
in about 13% of its searches with four players (17% with two); against three
hard it was the fool in 38 of 160 games, and in 31 of the same 160 deals
searching as hard does (search.DrivenSearch; 39 of 200, 19.5%: README): a gain
within the noise; its own search on its whole budget did worse (14 of 40).
Searching as hard does is what gained in two-player Prostoy (prostoy_search.py).

``ExpertAgent.tree_many`` (on since the fool rate fell from 22% to 16% on the
same 280 four-player deals against three hard; off: hard's search throughout):
the tree search with this module's knobs (ManyTreeSearch). Every seat is credited with
its own outcome; each opponent chooses in a tree of its own, keyed by the hand
it holds (multiple observers), so it plays on what it knows rather than as if it
held every card I have not seen.
"""

from __future__ import annotations

from game.engine.variant import policy_of
from game.engine.view import View

from .ismcts import TreeSearch


def many_players(v: View) -> bool:
    """Three or more players at the table in the throw-in games (two-player games
    keep expert's own search; Prostoy too, played out there as normal plays it,
    which hard's playouts do not: not measured)."""
    return v.n >= 3 and not policy_of(v.rules).partial_take


class ManyTreeSearch(TreeSearch):
    """The tree search with three or more players: TreeSearch's knobs (each seat in
    a tree of its own keyed by its hand, a thinly visited node playing the playout
    policy's move: the refinements that scored best with two players; measured
    here: README), inherited, not repeated. A class of its own so that measurements
    (bench_agree's --set) can turn them here without touching two-player play."""
