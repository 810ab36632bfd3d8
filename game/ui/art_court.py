"""Court cards (J, Q, K): a framed, stylised half-figure mirrored top and bottom.

The upper half is drawn in a square whose coordinates run 0..1 (y = 1 is the
card's middle); the lower half is the same picture turned by 180 degrees, as on
real court cards. King: crown, beard, sceptre. Queen: tiara with a flower, long
hair, a rose. Jack: cap with a feather, a spear.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.ui.art_suits import draw_suit, suit_color

if TYPE_CHECKING:
    from pygame.typing import ColorLike

GOLD = (226, 176, 44)
BLUE = (44, 74, 150)
SKIN = (250, 222, 190)
INK = (40, 32, 30)
WHITE = (255, 255, 255)
GROUND = (250, 243, 224)
HAIR = {11: (120, 72, 30), 12: (196, 136, 44), 13: (150, 150, 150)}
STEM = (46, 120, 60)


class _Pen:
    """Draws in the unit square of one half-frame surface."""

    def __init__(self, surf: pygame.Surface):
        self.surf = surf
        self.s = surf.get_width()
        self.line = max(1, round(self.s * 0.008))

    def p(self, x: float, y: float) -> tuple[float, float]:
        return x * self.s, y * self.s

    def poly(self, color: ColorLike, pts: Iterable[tuple[float, float]],
             outline: bool = True) -> None:
        scaled = [self.p(x, y) for x, y in pts]
        pygame.draw.polygon(self.surf, color, scaled)
        if outline:
            pygame.draw.polygon(self.surf, INK, scaled, self.line)

    def ellipse(self, color: ColorLike, x: float, y: float, w: float, h: float,
                outline: bool = True) -> None:
        rect = pygame.Rect(*map(round, (*self.p(x, y), *self.p(w, h))))
        pygame.draw.ellipse(self.surf, color, rect)
        if outline:
            pygame.draw.ellipse(self.surf, INK, rect, self.line)

    def circle(self, color: ColorLike, x: float, y: float, r: float, outline: bool = True) -> None:
        pygame.draw.circle(self.surf, color, self.p(x, y), r * self.s)
        if outline:
            pygame.draw.circle(self.surf, INK, self.p(x, y), r * self.s, self.line)

    def stroke(self, color: ColorLike, a: tuple[float, float], b: tuple[float, float],
               width: float) -> None:
        pygame.draw.line(self.surf, color, self.p(*a), self.p(*b), max(1, round(width * self.s)))


def _robe(pen: _Pen, robe: ColorLike, trim: ColorLike) -> None:
    pen.poly(robe, [(0.08, 1.0), (0.12, 0.80), (0.24, 0.67), (0.40, 0.62), (0.60, 0.62),
                    (0.76, 0.67), (0.88, 0.80), (0.92, 1.0)])
    pen.poly(trim, [(0.30, 0.65), (0.40, 0.62), (0.5, 0.82), (0.60, 0.62), (0.70, 0.65),
                    (0.5, 0.92)])
    pen.poly(GOLD, [(0.46, 0.86), (0.54, 0.86), (0.56, 1.0), (0.44, 1.0)])
    for y in (0.91, 0.97):
        pen.circle(robe, 0.5, y, 0.014, outline=False)
    pen.poly(SKIN, [(0.45, 0.52), (0.55, 0.52), (0.55, 0.64), (0.5, 0.70), (0.45, 0.64)])


def _face(pen: _Pen, rank: int) -> None:
    hair = HAIR[rank]
    if rank == 12:                       # long hair falling behind the shoulders
        pen.ellipse(hair, 0.29, 0.24, 0.16, 0.44)
        pen.ellipse(hair, 0.55, 0.24, 0.16, 0.44)
    elif rank == 11:                     # short curls at the sides
        pen.circle(hair, 0.37, 0.45, 0.06)
        pen.circle(hair, 0.63, 0.45, 0.06)
    pen.ellipse(SKIN, 0.37, 0.26, 0.26, 0.31)
    for x in (0.45, 0.55):
        pen.circle(INK, x, 0.40, 0.013, outline=False)
        pen.stroke(INK, (x - 0.03, 0.365), (x + 0.025, 0.36), 0.008)
    pen.stroke(INK, (0.5, 0.42), (0.49, 0.46), 0.007)
    pen.stroke((180, 60, 60), (0.475, 0.50), (0.525, 0.50), 0.012)
    if rank == 13:                       # beard and moustache
        pen.poly(hair, [(0.38, 0.45), (0.42, 0.53), (0.5, 0.555), (0.58, 0.53), (0.62, 0.45),
                        (0.63, 0.55), (0.5, 0.68), (0.37, 0.55)])
        pen.poly(hair, [(0.43, 0.49), (0.5, 0.475), (0.57, 0.49), (0.5, 0.505)])


def _crown(pen: _Pen, color: ColorLike) -> None:
    pen.poly(GOLD, [(0.35, 0.27), (0.34, 0.10), (0.42, 0.18), (0.5, 0.06), (0.58, 0.18),
                    (0.66, 0.10), (0.65, 0.27)])
    pen.poly(GOLD, [(0.35, 0.23), (0.65, 0.23), (0.65, 0.28), (0.35, 0.28)])
    for x, y in ((0.34, 0.10), (0.5, 0.06), (0.66, 0.10)):
        pen.circle(WHITE, x, y, 0.02)
    for x in (0.41, 0.5, 0.59):
        pen.circle(color, x, 0.255, 0.016, outline=False)


def _tiara(pen: _Pen, color: ColorLike) -> None:
    pen.poly(GOLD, [(0.37, 0.27), (0.40, 0.20), (0.45, 0.235), (0.5, 0.17), (0.55, 0.235),
                    (0.60, 0.20), (0.63, 0.27)])
    for dx, dy in ((0, -0.045), (0.04, -0.01), (-0.04, -0.01), (0.025, 0.035), (-0.025, 0.035)):
        pen.circle(color, 0.5 + dx, 0.12 + dy, 0.03)
    pen.circle(GOLD, 0.5, 0.12, 0.022)


def _cap(pen: _Pen, color: ColorLike) -> None:
    pen.poly(BLUE, [(0.60, 0.22), (0.70, 0.10), (0.84, 0.02), (0.80, 0.09), (0.71, 0.19),
                    (0.63, 0.25)])
    pen.stroke(WHITE, (0.62, 0.23), (0.82, 0.04), 0.006)
    pen.ellipse(color, 0.32, 0.15, 0.38, 0.13)
    pen.poly(GOLD, [(0.36, 0.25), (0.64, 0.25), (0.64, 0.29), (0.36, 0.29)])
    pen.circle(WHITE, 0.5, 0.16, 0.02)


def _sleeve(pen: _Pen, hand_x: float, hand_y: float) -> None:
    """An arm in a blue sleeve from the nearer shoulder down to the hand."""
    side = 1 if hand_x > 0.5 else -1
    sx = 0.5 + side * 0.20

    def pt(dx: float, y: float) -> tuple[float, float]:
        return sx + side * dx, y

    pen.poly(BLUE, [pt(-0.06, 0.66), pt(0.07, 0.68), pt(hand_x * side - sx * side + 0.05,
                    hand_y - 0.03), pt(hand_x * side - sx * side - 0.02, hand_y + 0.05),
                    pt(-0.07, 0.78)])
    pen.circle(GOLD, hand_x, hand_y + 0.005, 0.045)
    pen.circle(SKIN, hand_x, hand_y, 0.036)


def _held_item(pen: _Pen, rank: int, suit: int) -> None:
    if rank == 13:                       # sceptre topped by the suit
        pen.stroke(INK, (0.80, 1.0), (0.80, 0.50), 0.045)
        pen.stroke(GOLD, (0.80, 1.0), (0.80, 0.50), 0.03)
        side = round(0.14 * pen.s)
        x, y = pen.p(0.73, 0.37)
        draw_suit(pen.surf, suit, pygame.Rect(round(x), round(y), side, side), suit_color(suit))
        _sleeve(pen, 0.80, 0.82)
    elif rank == 12:                     # a rose
        pen.stroke(STEM, (0.21, 0.98), (0.21, 0.56), 0.02)
        pen.poly(STEM, [(0.21, 0.74), (0.13, 0.68), (0.21, 0.70)])
        for dx, dy in ((0, -0.04), (0.04, 0), (-0.04, 0), (0, 0.04)):
            pen.circle(suit_color(1), 0.21 + dx, 0.52 + dy, 0.035)
        pen.circle(GOLD, 0.21, 0.52, 0.025)
        _sleeve(pen, 0.21, 0.84)
    else:                                # a spear
        pen.stroke(INK, (0.82, 1.0), (0.82, 0.36), 0.035)
        pen.stroke((150, 100, 50), (0.82, 1.0), (0.82, 0.36), 0.022)
        pen.poly((200, 205, 215), [(0.82, 0.22), (0.86, 0.34), (0.82, 0.38), (0.78, 0.34)])
        _sleeve(pen, 0.82, 0.80)


def _half_figure(size: int, rank: int, suit: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill(GROUND)
    pen = _Pen(surf)
    color = suit_color(suit)
    _robe(pen, color, WHITE if rank == 13 else GOLD)
    _face(pen, rank)
    {13: _crown, 12: _tiara, 11: _cap}[rank](pen, color)
    _held_item(pen, rank, suit)
    side = round(0.15 * size)
    draw_suit(surf, suit, pygame.Rect(round(0.04 * size), round(0.04 * size), side, side), color)
    return surf


def draw_court(canvas: pygame.Surface, rank: int, suit: int, frame: pygame.Rect) -> None:
    """Draw the J, Q or K picture of ``suit`` inside ``frame`` (about 1:2)."""
    half = _half_figure(frame.width, rank, suit)
    top = pygame.Rect(frame.x, frame.centery - frame.width, frame.width, frame.width)
    canvas.set_clip(frame)
    canvas.blit(half, top)
    canvas.blit(pygame.transform.rotate(half, 180), (frame.x, frame.centery))
    canvas.set_clip(None)
    line = max(1, round(frame.width * 0.012))
    color = suit_color(suit)
    pygame.draw.line(canvas, color, (frame.left, frame.centery), (frame.right, frame.centery),
                     line)
    pygame.draw.rect(canvas, GOLD, frame.inflate(-4 * line, -4 * line), line)
    pygame.draw.rect(canvas, color, frame, 2 * line)
