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


def menu_background(size: tuple[int, int], panel: pygame.Rect) -> pygame.Surface:
    """The whole picture behind the menu's buttons, for a window of ``size``."""
    surf = table_background(size)
    w, h = size
    cw = int(card_width_for(w, h) * 1.1)
    art = CardArt(cw)
    side = panel.left  # the room on each side of the panel
    if side >= cw * 1.9:
        centre_y = panel.centery + art.size[1] * 0.1
        _hand(surf, art, (side / 2, centre_y))
        _talon(surf, art, (w - side / 2, centre_y))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 110), panel, border_radius=18)
    surf.blit(shade, (0, 0))
    return surf


def _hand(surf: pygame.Surface, art: CardArt, centre: tuple[float, float]) -> None:
    """The hand fanned about a point below its middle card, as held."""
    ch = art.size[1]
    pivot = pygame.Vector2(centre[0], centre[1] + ch * 0.9)
    middle = (len(HAND) - 1) / 2
    for i, card in enumerate(HAND):
        angle = (middle - i) * FAN_DEGREES
        image = pygame.transform.rotozoom(art.face(parse_card(card)), angle, 1.0)
        at = pivot + pygame.Vector2(0, -ch * 0.9).rotate(-angle)
        surf.blit(image, image.get_rect(center=(round(at.x), round(at.y))))


def _talon(surf: pygame.Surface, art: CardArt, centre: tuple[float, float]) -> None:
    """The trump face up and crosswise, the talon's backs on it, a little askew."""
    cw, _ch = art.size
    trump = pygame.transform.rotate(art.face(parse_card(TRUMP)), 90)
    surf.blit(trump, trump.get_rect(center=(round(centre[0] + cw * 0.3), round(centre[1]))))
    for i in range(TALON):
        back = pygame.transform.rotozoom(art.back(), 4 - 3 * i, 1.0)
        at = (round(centre[0] - cw * 0.15 - i * 2), round(centre[1] - i * 3))
        surf.blit(back, back.get_rect(center=at))
