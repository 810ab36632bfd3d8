"""Card faces at one size: rounded card, corner indices, pips, aces and courts.

Everything is laid out in units of a hundredth of the card width. Edges are
antialiased by supersampling: the blank card and the court pictures are drawn
at twice the size and smoothscaled down, suit symbols at four times (see
art_suits), text by the font renderer; pips and text are then placed directly.
"""

from __future__ import annotations

import importlib.util
import io
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import RANK_NAMES, rank_of, suit_of
from game.ui.art_court import draw_court
from game.ui.art_suits import SPADES, draw_suit, suit_color, suit_stamp

if TYPE_CHECKING:
    from pygame.typing import ColorLike

PAPER = (252, 251, 247)
EDGE = (140, 140, 150)
SUPERSAMPLE = 2
ASPECT = 1.4
FONT_FILE = "NotoSans-Bold.ttf"

# Pip centres as (column, row): columns in card-width units, rows 0..1 from the
# top pip row to the bottom one; pips below the middle are drawn upside down.
_L, _C, _R = 30, 50, 70
_PIPS: dict[int, list[tuple[int, float]]] = {
    2: [(_C, 0), (_C, 1)],
    3: [(_C, 0), (_C, 0.5), (_C, 1)],
    4: [(_L, 0), (_R, 0), (_L, 1), (_R, 1)],
    5: [(_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)],
    6: [(_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    7: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)],
    8: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    9: [(x, r) for x in (_L, _R) for r in (0, 1 / 3, 2 / 3, 1)] + [(_C, 0.5)],
    10: [(x, r) for x in (_L, _R) for r in (0, 1 / 3, 2 / 3, 1)] + [(_C, 1 / 6), (_C, 5 / 6)],
}
_PIP_TOP, _PIP_BOTTOM, _PIP_SIDE = 24, 116, 18


def card_height(width: int) -> int:
    return round(width * ASPECT)


@lru_cache(maxsize=1)
def _font_bytes() -> bytes | None:
    """The Noto Sans Bold that pygame_gui ships, or None if it cannot be found.

    Found beside pygame_gui's package file without importing pygame_gui (slow).
    """
    try:
        spec = importlib.util.find_spec("pygame_gui")
        if spec is None or spec.origin is None:
            return None
        return (Path(spec.origin).parent / "data" / FONT_FILE).read_bytes()
    except (ImportError, ValueError, OSError):
        return None


@lru_cache(maxsize=4)
def card_font(size: int) -> pygame.font.Font:
    """A bold font of ``size`` px: Noto Sans from pygame_gui, else pygame's default."""
    if not pygame.font.get_init():
        pygame.font.init()
    data = _font_bytes()
    if data is not None:
        try:
            return pygame.font.Font(io.BytesIO(data), size)
        except (OSError, pygame.error):
            pass
    return pygame.font.Font(None, size)


def render_text(text: str, size: int, color: ColorLike) -> pygame.Surface:
    """Antialiased text; a font cached from before a pygame.quit() is made anew."""
    try:
        return card_font(size).render(text, True, color)
    except pygame.error:
        card_font.cache_clear()
        return card_font(size).render(text, True, color)


def blank_card(size: tuple[int, int], fill: tuple[int, int, int] = PAPER,
               edge: ColorLike = EDGE) -> pygame.Surface:
    """A rounded card with a thin, aliased edge on a transparent surface."""
    w, _ = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*fill, 0))
    rect = surf.get_rect()
    radius = card_radius(w)
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, edge, rect, width=max(1, round(w * 0.007)), border_radius=radius)
    return surf


def make_opaque(surf: pygame.Surface, radius: int, inset: int = 1) -> None:
    """Force full alpha inside a rounded rectangle.

    smoothscale at uneven ratios leaves alpha a little under 255 (253 or so)
    even where everything was opaque; this puts it back, keeping soft edges.
    """
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    rect = mask.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(mask, (0, 0, 0, 255), rect, border_radius=max(0, radius - inset))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)


def card_radius(width: int) -> int:
    return round(width * 0.06)


@lru_cache(maxsize=8)
def smooth_blank(width: int) -> pygame.Surface:
    """An antialiased blank card; shared, so copy it before drawing on it."""
    big = blank_card((width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE))
    blank = pygame.transform.smoothscale(big, (width, card_height(width)))
    make_opaque(blank, card_radius(width))
    return blank


@lru_cache(maxsize=64)
def rank_text(rank: int, color: tuple[int, int, int], cap: float,
              max_width: float) -> pygame.Surface:
    """The rank as tightly cropped text about ``cap`` px tall, squeezed if too wide.

    Shared through a cache: blit it, never draw on it.
    """
    size = max(4, round(cap / 0.714))   # Noto's cap height is 0.714 em
    text = render_text(RANK_NAMES[rank], size, color)
    text = text.subsurface(text.get_bounding_rect()).copy()
    if text.get_width() > max_width:
        text = pygame.transform.smoothscale(text, (round(max_width), text.get_height()))
    return text


def index_block(rank: int, suit: int, u: float) -> pygame.Surface:
    """Rank over a small suit, as printed in a card's corner."""
    color = suit_color(suit)
    text = rank_text(rank, color, 15 * u, 17 * u)
    side = round(11 * u)
    gap = round(2.5 * u)
    w = max(text.get_width(), side)
    block = pygame.Surface((w, text.get_height() + gap + side), pygame.SRCALPHA)
    block.blit(text, text.get_rect(midtop=(w / 2, 0)))
    draw_suit(block, suit, pygame.Rect((w - side) // 2, text.get_height() + gap, side, side),
              color)
    return block


def draw_indices(canvas: pygame.Surface, rank: int, suit: int, u: float) -> None:
    """Top-left index and the same turned upside down bottom-right."""
    block = index_block(rank, suit, u)
    w, h = canvas.get_size()
    canvas.blit(block, block.get_rect(midtop=(10.5 * u, 4.5 * u)))
    turned = pygame.transform.rotate(block, 180)
    canvas.blit(turned, turned.get_rect(midbottom=(w - 10.5 * u, h - 4.5 * u)))


def draw_pips(canvas: pygame.Surface, rank: int, suit: int, u: float) -> None:
    stamp = suit_stamp(suit, round(_PIP_SIDE * u), suit_color(suit))
    flipped = pygame.transform.flip(stamp, False, True)
    for x, row in _PIPS[rank]:
        y = _PIP_TOP + row * (_PIP_BOTTOM - _PIP_TOP)
        pip = flipped if row > 0.5 else stamp
        canvas.blit(pip, pip.get_rect(center=(x * u, y * u)))


def _centred_suit(canvas: pygame.Surface, suit: int, side: float, centre: tuple[float, float],
                  color: ColorLike) -> None:
    rect = pygame.Rect(0, 0, round(side), round(side))
    rect.center = (round(centre[0]), round(centre[1]))
    draw_suit(canvas, suit, rect, color)


def draw_ace(canvas: pygame.Surface, suit: int, u: float) -> None:
    """A large centre suit; the ace of spades gets an inlaid outline, as is the custom."""
    centre = (50 * u, 70 * u)
    if suit != SPADES:
        _centred_suit(canvas, suit, 48 * u, centre, suit_color(suit))
        return
    _centred_suit(canvas, suit, 60 * u, centre, suit_color(suit))
    # A thin paper line inset in the blade: smaller spades centred on the blade's
    # middle (0.08 of a side above the box centre), clipped above their stems.
    canvas.set_clip(pygame.Rect(0, 0, canvas.get_width(), round(80 * u)))
    for side, color in ((46, PAPER), (42, suit_color(suit))):
        _centred_suit(canvas, suit, side * u, (50 * u, (70 - 0.08 * (60 - side)) * u), color)
    canvas.set_clip(None)
    line = max(1, round(0.6 * u))
    pygame.draw.circle(canvas, suit_color(suit), centre, 38 * u, line)
    pygame.draw.circle(canvas, suit_color(suit), centre, 36 * u, line)


def court_picture(rank: int, suit: int, size: tuple[int, int]) -> pygame.Surface:
    """The framed J, Q or K picture, supersampled."""
    big = pygame.Surface((size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), pygame.SRCALPHA)
    draw_court(big, rank, suit, big.get_rect())
    return pygame.transform.smoothscale(big, size)


def render_face(card: int, width: int) -> pygame.Surface:
    """The face of ``card`` at ``width`` px wide."""
    rank, suit = rank_of(card), suit_of(card)
    canvas = smooth_blank(width).copy()
    u = width / 100
    if rank <= 10:
        draw_pips(canvas, rank, suit, u)
    elif rank == 14:
        draw_ace(canvas, suit, u)
    else:
        frame = pygame.Rect(round(21 * u), round(12 * u), round(58 * u), round(116 * u))
        canvas.blit(court_picture(rank, suit, frame.size), frame)
    draw_indices(canvas, rank, suit, u)
    return canvas
