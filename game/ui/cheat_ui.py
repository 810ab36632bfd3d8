"""Cheating mode at the table: the human's own cheats, and the mark only they see.

A card the human plays where the rules do not allow it is a cheat when the engine
would accept it as one (``Match.cheats``); nothing here decides a rule. While that
cheat is pending, a thin dotted outline round its card reminds the player; the
computers see the card as everyone does, with no mark.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.actions import Action

if TYPE_CHECKING:
    from game.session.match import Match

    from .layout import Layout
    from .mirror import Mirror
    from .sprites import SpriteSet

MARK = (214, 70, 70)
DASH = 5  # pixels of each dash of the outline


def is_cheat(match: Match, action: Action) -> bool:
    """``action`` is a cheat the human could make now (always False with cheating off)."""
    return action in match.cheats()


def mark_own_cheat(surface: pygame.Surface, layout: Layout, sprites: SpriteSet,
                   mirror: Mirror, human: int | None) -> None:
    """Outline the cards of the human's pending cheat, as shown on the table."""
    cheat = mirror.cheat
    if cheat is None or human is None or cheat.seat != human:
        return
    for card in cheat.cards:
        sprite = sprites.sprites.get(card)
        if sprite is not None:
            _dotted_rect(surface, layout.card_rect(sprite.x, sprite.y).inflate(6, 6))


def _dotted_rect(surface: pygame.Surface, rect: pygame.Rect) -> None:
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:], strict=False):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for start in range(0, length, DASH * 2):
            end = min(start + DASH, length)
            a = (x0 + (x1 - x0) * start // length, y0 + (y1 - y0) * start // length)
            b = (x0 + (x1 - x0) * end // length, y0 + (y1 - y0) * end // length)
            pygame.draw.line(surface, MARK, a, b, 2)
