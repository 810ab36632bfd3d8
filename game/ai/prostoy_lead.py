"""When expert leads in Prostoy by normal's rule instead of searching.

While the talon still has cards, expert's search (playouts in which both sides
play as normal does) left normal's lead for another in about one lead of three
against hard (67 of 184 in 24 games), most often for a higher single card or a
three-card lead with a high pair. Played on with the real agents from the same
sampled deals (hard against hard), those leads came out worse than normal's, not
better: the playouts misjudge how the bout goes on when the defender is not
normal. So, with cards in the talon, expert leads as normal does; with the talon
gone the exact solver or the search decide as before. (With two players expert
now searches its leads as hard does instead: prostoy_search.py.)
"""

from __future__ import annotations

from game.engine.variant import policy_of
from game.engine.view import View


def leads_by_rule(v: View) -> bool:
    """Is ``v`` a Prostoy lead of this seat with cards left in the talon?"""
    return (v.seat == v.attacker and not v.started and v.talon_count > 0
            and policy_of(v.rules).partial_take)
