"""Card back, table felt and the app icon."""

from __future__ import annotations

import math
import random

import pygame

from game.engine.cards import card
from game.ui.art_face import SUPERSAMPLE, blank_card, card_height, make_opaque, render_face
from game.ui.art_suits import draw_suit

BACK_RED = (128, 18, 34)
BACK_LINE = (176, 58, 70)
BACK_GOLD = (222, 178, 92)
FELT = (30, 98, 58)
FELT_LINE = (36, 106, 64)
FELT_EDGE = (18, 66, 38)


def _lattice(surf: pygame.Surface, rect: pygame.Rect, step: float, u: float) -> None:
    """Diagonal lattice with a small rosette at every crossing, centred on ``rect``."""
    cx, cy = rect.center
    width = max(1, round(0.6 * u))
    reach = rect.width + rect.height
    n = int(reach / step) + 1
    for k in range(-n, n + 1):
        off = k * step
        pygame.draw.line(surf, BACK_LINE, (cx + off - reach, cy - reach),
                         (cx + off + reach, cy + reach), width)
        pygame.draw.line(surf, BACK_LINE, (cx + off - reach, cy + reach),
                         (cx + off + reach, cy - reach), width)
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            # crossings of the two line families lie every step/2 along both axes
            x, y = cx + (i + j) * step / 2, cy + (j - i) * step / 2
            if rect.collidepoint(x, y):
                pygame.draw.circle(surf, BACK_GOLD, (x, y), 1.3 * u)
                pygame.draw.circle(surf, BACK_RED, (x, y), 0.6 * u)


def _medallion(surf: pygame.Surface, center: tuple[float, float], u: float) -> None:
    """An oval with the four suits in a cross, the same both ways up."""
    oval = pygame.Rect(0, 0, round(40 * u), round(54 * u))
    oval.center = center
    pygame.draw.ellipse(surf, BACK_RED, oval)
    pygame.draw.ellipse(surf, BACK_GOLD, oval, max(1, round(1.2 * u)))
    pygame.draw.ellipse(surf, BACK_GOLD, oval.inflate(-5 * u, -5 * u), max(1, round(0.5 * u)))
    side = round(11 * u)
    cx, cy = center
    spots = ((0, -12), (12, 0), (0, 12), (-12, 0))   # S, H, D, C clockwise
    for suit, (dx, dy) in enumerate(spots):
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (round(cx + dx * u), round(cy + dy * u))
        stamp = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_suit(stamp, suit, stamp.get_rect(), BACK_GOLD)
        if dy > 0:
            stamp = pygame.transform.flip(stamp, False, True)
        surf.blit(stamp, rect)
    pygame.draw.circle(surf, BACK_GOLD, center, 2.2 * u)


def render_back(width: int) -> pygame.Surface:
    """The card back at ``width`` px: white border, red lattice, gold medallion."""
    big = (width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE)
    canvas = blank_card(big)
    u = big[0] / 100
    inner = canvas.get_rect().inflate(round(-12 * u), round(-12 * u))
    pygame.draw.rect(canvas, BACK_RED, inner, border_radius=round(3 * u))
    canvas.set_clip(inner)
    _lattice(canvas, inner, 10 * u, u)
    canvas.set_clip(None)
    pygame.draw.rect(canvas, BACK_GOLD, inner, max(1, round(0.8 * u)), border_radius=round(3 * u))
    _medallion(canvas, inner.center, u)
    return pygame.transform.smoothscale(canvas, (width, card_height(width)))


def _felt_tile(side: int = 96) -> pygame.Surface:
    """A tile of fine, fixed-seed noise around the felt colour."""
    rng = random.Random(1729)
    tile = pygame.Surface((side, side))
    for y in range(side):
        for x in range(side):
            d = rng.randint(-4, 4)
            tile.set_at((x, y), (FELT[0] + d, FELT[1] + d, FELT[2] + d))
    return tile


def _radial(size: tuple[int, int], centre: int, edge: int) -> pygame.Surface:
    """A grey level going from ``centre`` in the middle to ``edge`` in the corners."""
    n = 32
    small = pygame.Surface((n, n))
    for y in range(n):
        for x in range(n):
            d = math.hypot((x + 0.5) / n * 2 - 1, (y + 0.5) / n * 2 - 1) / math.sqrt(2)
            g = round(centre + (edge - centre) * d * d)
            small.set_at((x, y), (g, g, g))
    return pygame.transform.smoothscale(small, size)


def table_background(size: tuple[int, int]) -> pygame.Surface:
    """Green felt with a faint diamond lattice, darker towards the edges."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h))
    tile = _felt_tile()
    for y in range(0, h, tile.get_height()):
        for x in range(0, w, tile.get_width()):
            surf.blit(tile, (x, y))
    step = 56
    for k in range(-h // step - 1, w // step + 2):
        x = k * step
        pygame.draw.aaline(surf, FELT_LINE, (x, 0), (x + h, h))
        pygame.draw.aaline(surf, FELT_LINE, (x, h), (x + h, 0))
    surf.blit(_radial((w, h), 255, 173), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return surf


def _shadow(size: tuple[int, int], blur: int) -> pygame.Surface:
    """A soft dark rounded rectangle, blurred by scaling down and up."""
    w, h = size
    pad = 2 * blur
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 110), (pad, pad, w, h), border_radius=round(w * 0.06))
    small = (max(1, surf.get_width() // blur), max(1, surf.get_height() // blur))
    return pygame.transform.smoothscale(pygame.transform.smoothscale(surf, small),
                                        surf.get_size())


def _rounded_felt(side: int) -> pygame.Surface:
    felt = _with_alpha(table_background((side, side)))
    felt.blit(_radial((side, side), 60, 0), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    rect = mask.get_rect().inflate(-side // 16, -side // 16)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=side // 5)
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.rect(felt, FELT_EDGE, rect, max(1, side // 64), border_radius=side // 5)
    return felt


def _with_alpha(surf: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    return out


def app_icon(size: int) -> pygame.Surface:
    """The Durak icon: an ace of spades fanned over a trump ace of hearts on green."""
    side = min(2048, max(2 * size, 256))
    icon = _rounded_felt(side)
    card_w = round(side * 0.44)
    placements = ((card(14, 1), 16, (0.37, 0.48)), (card(14, 0), -10, (0.62, 0.53)))
    for c, angle, (fx, fy) in placements:
        face = pygame.transform.rotozoom(render_face(c, card_w), angle, 1.0)
        shadow = pygame.transform.rotozoom(_shadow((card_w, card_height(card_w)),
                                                   max(2, side // 40)), angle, 1.0)
        center = (round(side * fx), round(side * fy))
        icon.blit(shadow, shadow.get_rect(center=(center[0] + side // 80,
                                                  center[1] + side // 50)))
        icon.blit(face, face.get_rect(center=center))
    icon = pygame.transform.smoothscale(icon, (size, size))
    make_opaque(icon, size // 5, inset=size // 32 + 1)
    return icon


PLAIN_FELT = (18, 70, 44)  # the window's colour where the table's picture is not made yet


def shaded_table(size: tuple[int, int], panel: pygame.Rect, alpha: int,
                 radius: int) -> pygame.Surface:
    """The felt with a dark rounded ``panel`` on it, behind a screen's content."""
    surf = table_background(size)
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, alpha), panel, border_radius=radius)
    surf.blit(shade, (0, 0))
    return surf


def draw_background(surface: pygame.Surface, background: pygame.Surface | None) -> None:
    """``background`` if it is made for this window's size, else plain felt (for the
    frame between a resize and the picture made again)."""
    if background is not None and background.get_size() == surface.get_size():
        surface.blit(background, (0, 0))
    else:
        surface.fill(PLAIN_FELT)
