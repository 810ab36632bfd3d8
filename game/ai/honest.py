"""Cheating mode as the wrapped level sees it: an honest game.

``Cheater`` decides about cheats and catches itself and hands the level it wraps only
honest moves; this module gives that level an honest view to go with them: the same
position under the rules with cheating off, any pending cheat standing (the level's
move lets it stand). The search levels can then play it out on the compact
position with their normal-like playouts, and expert can use its endgame solver.
The opponents' own cheats are not modelled in the playouts (nobody cheats there).
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.view import View


def honest_view(v: View) -> View:
    """``v`` as a position of an honest game (``v`` itself with cheating off)."""
    if not v.rules.cheating:
        return v
    return v._replace(rules=replace(v.rules, cheating=False), cheat=None)

