"""The main menu's picture: the felt, a shaded panel for the buttons, and beside it a
few of our own cards, a hand fanned on the left and the talon with its trump on the
right (left out when the window leaves no room for them)."""

from __future__ import annotations

import pygame

from game.engine.cards import parse_card

from .art import CardArt, table_background
from .layout import card_width_for

HAND = ("7H", "9C", "QS", "KD", "AH")  # fanned left to right
TRUMP = "6D"  # crosswise under the talon
TALON = 3  # backs stacked on it
FAN_DEGREES = 12  # between neighbouring cards of the hand


MARGIN = 8  # at least this much felt between the cards and the panel or the edge
SMALLEST_CARD = 48  # narrower cards are left out rather than drawn


def menu_background(size: tuple[int, int], panel: pygame.Rect) -> pygame.Surface:
    """The whole picture behind the menu's buttons, for a window of ``size``."""
    surf = table_background(size)
    w, h = size
    side = panel.left  # the room on each side of the panel
    art = _fitting_art(int(card_width_for(w, h) * 1.1), side - 2 * MARGIN)
    if art is not None:
        hand, talon = _hand(art), _talon(art)
        centre_y = round(panel.centery + art.size[1] * 0.1)
        surf.blit(hand, hand.get_rect(center=(side // 2, centre_y)))
        surf.blit(talon, talon.get_rect(center=(w - side // 2, centre_y)))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 110), panel, border_radius=18)
    surf.blit(shade, (0, 0))
    return surf


def _fitting_art(card_width: int, room: int) -> CardArt | None:
    """Cards of ``card_width``, or narrower ones, whose hand and talon fit in ``room``;
    None where even the smallest that read as cards would not."""
    while card_width >= SMALLEST_CARD:
        art = CardArt(card_width)
        wide = max(_hand(art).get_width(), _talon(art).get_width())
        if wide <= room:
            return art
        card_width = min(card_width - 1, card_width * room // wide)
    return None


def _canvas(art: CardArt) -> pygame.Surface:
    """A transparent surface with room for any of these arrangements."""
    cw, ch = art.size
    return pygame.Surface((cw * 4, ch * 3), pygame.SRCALPHA)


def _cropped(canvas: pygame.Surface) -> pygame.Surface:
    return canvas.subsurface(canvas.get_bounding_rect()).copy()


def _hand(art: CardArt) -> pygame.Surface:
    """The hand fanned about a point below its middle card, as held; cropped to it."""
    canvas = _canvas(art)
    ch = art.size[1]
    pivot = pygame.Vector2(canvas.get_width() / 2, canvas.get_height() / 2 + ch * 0.9)
    middle = (len(HAND) - 1) / 2
    for i, card in enumerate(HAND):
        angle = (middle - i) * FAN_DEGREES
        image = pygame.transform.rotozoom(art.face(parse_card(card)), angle, 1.0)
        at = pivot + pygame.Vector2(0, -ch * 0.9).rotate(-angle)
        canvas.blit(image, image.get_rect(center=(round(at.x), round(at.y))))
    return _cropped(canvas)


def _talon(art: CardArt) -> pygame.Surface:
    """The trump face up and crosswise, the talon's backs on it, a little askew; cropped."""
    canvas = _canvas(art)
    cw, _ch = art.size
    centre = (canvas.get_width() / 2, canvas.get_height() / 2)
    trump = pygame.transform.rotate(art.face(parse_card(TRUMP)), 90)
    canvas.blit(trump, trump.get_rect(center=(round(centre[0] + cw * 0.3), round(centre[1]))))
    for i in range(TALON):
        back = pygame.transform.rotozoom(art.back(), 4 - 3 * i, 1.0)
        at = (round(centre[0] - cw * 0.15 - i * 2), round(centre[1] - i * 3))
        canvas.blit(back, back.get_rect(center=at))
    return _cropped(canvas)
