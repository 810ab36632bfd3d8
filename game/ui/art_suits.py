"""Suit symbols drawn as shapes (pygame's default font has no suit glyphs).

Each suit is a list of filled polygons and circles in a unit square (y down).
A symbol is drawn supersampled on a transparent surface and smoothscaled down,
so it stays crisp from 12 px to a few hundred pixels.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from pygame.typing import ColorLike

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RED = (200, 24, 36)
BLACK = (28, 28, 34)

Point = tuple[float, float]
# A shape is (polygons, circles): polygons as point lists, circles as (cx, cy, r).
Shape = tuple[list[list[Point]], list[tuple[float, float, float]]]


def suit_color(suit: int) -> tuple[int, int, int]:
    """Red for hearts and diamonds, near-black for spades and clubs."""
    return RED if suit in (HEARTS, DIAMONDS) else BLACK


def _heart_points(n: int = 96) -> list[Point]:
    """The classic parametric heart, point down, scaled to width 1 with top at 0."""
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    w, top = max(xs) - min(xs), min(ys)
    return [(x / w, (y - top) / w) for x, y in raw]


def _place(points: list[Point], width: float, x0: float, y0: float, flip: bool) -> list[Point]:
    """Scale unit-width points by ``width``, optionally flip vertically, move to (x0, y0)."""
    height = max(p[1] for p in points)
    out = []
    for x, y in points:
        yy = height - y if flip else y
        out.append((x0 + x * width, y0 + yy * width))
    return out


def _stem() -> list[Point]:
    """The flared foot of a spade or club."""
    return [(0.465, 0.58), (0.535, 0.58), (0.56, 0.84), (0.70, 1.0),
            (0.30, 1.0), (0.44, 0.84)]


def _diamond() -> list[Point]:
    """A diamond with slightly inward-curved sides."""
    corners = [(0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)]
    pts: list[Point] = []
    for i, (ax, ay) in enumerate(corners):
        bx, by = corners[(i + 1) % 4]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        cx, cy = mx + (0.5 - mx) * 0.12, my + (0.5 - my) * 0.12   # pulled to the centre
        for k in range(12):
            t = k / 12
            pts.append(((1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t * t * bx,
                        (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t * t * by))
    return pts


@lru_cache(maxsize=4)
def suit_shape(suit: int) -> Shape:
    """The shape of a suit in the unit square."""
    heart = _heart_points()
    if suit == HEARTS:
        h = max(p[1] for p in heart)
        return [_place(heart, 1.0, 0.5, (1 - h) / 2, False)], []
    if suit == SPADES:
        return [_place(heart, 0.9, 0.5, 0.0, True), _stem()], []
    if suit == DIAMONDS:
        return [_diamond()], []
    if suit == CLUBS:
        r = 0.215
        circles = [(0.5, 0.25, r), (0.265, 0.57, r), (0.735, 0.57, r), (0.5, 0.5, 0.14)]
        return [_stem()], circles
    raise ValueError(f"no suit {suit}")


def _fill_shape(surface: pygame.Surface, suit: int, box: pygame.Rect, color: ColorLike) -> None:
    """Draw the suit aliased into the square ``box``."""
    polygons, circles = suit_shape(suit)
    s = box.width
    for poly in polygons:
        pygame.draw.polygon(surface, color, [(box.x + x * s, box.y + y * s) for x, y in poly])
    for cx, cy, r in circles:
        pygame.draw.circle(surface, color, (box.x + cx * s, box.y + cy * s), r * s)


@lru_cache(maxsize=256)
def suit_stamp(suit: int, side: int, color: tuple[int, int, int]) -> pygame.Surface:
    """An antialiased ``side`` x ``side`` transparent surface holding the suit.

    Shared through a cache: blit it, never draw on it.
    """
    side = max(1, side)
    ss = 4 if side <= 256 else 2
    big = pygame.Surface((side * ss, side * ss), pygame.SRCALPHA)
    big.fill((*color, 0))       # transparent pixels carry the colour: no dark fringe
    _fill_shape(big, suit, big.get_rect(), (*color, 255))
    return pygame.transform.smoothscale(big, (side, side))


def draw_suit(surface: pygame.Surface, suit: int, rect: pygame.Rect, color: ColorLike) -> None:
    """Draw the suit symbol centred in ``rect``, as large as the shorter side allows."""
    rect = pygame.Rect(rect)
    side = min(rect.width, rect.height)
    if side <= 0:
        return
    stamp = suit_stamp(suit, side, tuple(pygame.Color(color))[:3])
    surface.blit(stamp, stamp.get_rect(center=rect.center))
