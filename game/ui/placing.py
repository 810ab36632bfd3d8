"""Where words go on the table: a box placed where it hides least of the bout's cards
(the coach's hint, the review's caption, an announcement in a small window)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .layout import Layout
    from .mirror import Mirror
    from .sprites import SpriteSet


def area(r: pygame.Rect) -> int:
    return r.w * r.h


def sentence_place(size: tuple[int, int], table: pygame.Rect, band: pygame.Rect,
                   bout: list[pygame.Rect],
                   keep: list[pygame.Rect], labels: list[pygame.Rect],
                   window: pygame.Rect, from_foot: bool = False) -> pygame.Rect:
    """Where a box of ``size`` hides least of ``keep`` (the cards that matter), and
    of ``labels`` (name plates, the trump badge) at a quarter of the weight: at the
    top of the table, just above the bout's cards, just below them, or at the table's
    foot, the first of those that hides least (centred on ``band``, inside ``window``);
    ``from_foot``: the same places, from the foot up."""
    gap = 4
    rect = pygame.Rect((0, 0), size)
    spots = [dict(midtop=(band.centerx, table.top + gap))]
    if bout:
        cards = bout[0].unionall(bout[1:])
        spots += [dict(midbottom=(band.centerx, cards.top - gap)),
                  dict(midtop=(band.centerx, cards.bottom + gap))]
    spots.append(dict(midbottom=(band.centerx, table.bottom - gap)))
    if from_foot:
        spots.reverse()
    placed = [rect.move_to(**spot).clamp(window) for spot in spots]
    return min(placed, key=lambda r: 4 * sum(area(r.clip(k)) for k in keep)
               + sum(area(r.clip(k)) for k in labels))


def bout_card_rects(layout: Layout, sprites: SpriteSet, mirror: Mirror) -> list[pygame.Rect]:
    """Where the bout's cards lie now (attacks and covers, in flight or at rest)."""
    on_table = set(mirror.attacks) | set(mirror.covers)
    return [layout.card_rect(s.x, s.y) for c, s in sprites.sprites.items() if c in on_table]
