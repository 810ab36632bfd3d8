"""Drawing the table: background, talon, discard pile, name plates, cards, highlights.

Everything here only reads; the scene passes what to show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from .art import CardArt, draw_suit, suit_color, table_background
from .layout import TRUMP_ANGLE, Layout

GLOW = (255, 214, 90)
TARGET = (120, 230, 140)
PLATE_BG = (0, 0, 0, 120)
ROTATION_STEP = 6  # degrees between the cached images of a card turning in flight


@dataclass
class Overlay:
    """What the scene wants highlighted this frame."""

    playable: set[int] = field(default_factory=set)
    selected: set[int] = field(default_factory=set)
    cursor: int | None = None
    table_target: bool = False
    attack_targets: set[int] = field(default_factory=set)
    transfer_rect: pygame.Rect | None = None
    transfer_target: bool = False
    dragged: int | None = None
    message: str = ""
    message_alpha: int = 0
    thinking: int | None = None
    dots: int = 0


class TableArt:
    """Card images at the two sizes the table uses, with cached rotations."""

    def __init__(self, big_w: int, small_w: int) -> None:
        self.big = CardArt(big_w)
        self.small = CardArt(small_w)
        self._rotated: dict = {}

    def resize(self, big_w: int, small_w: int) -> None:
        if self.big.size[0] != big_w:
            self.big.resize(big_w)
        if self.small.size[0] != small_w:
            self.small.resize(small_w)
        self._rotated = {}

    def image(self, card: int, face: bool, big: bool) -> pygame.Surface:
        art = self.big if big else self.small
        return art.face(card) if face else art.back()

    def rotated(self, card: int | None, angle: int, big: bool = True) -> pygame.Surface:
        """The face of ``card`` (its back when None) turned by ``angle`` degrees."""
        key = (card, angle, big)
        img = self._rotated.get(key)
        if img is None:
            base = self.image(card, card is not None, big)  # None: the back
            img = self._rotated[key] = pygame.transform.rotate(base, angle)
        return img

    def turned(self, card: int, face: bool, big: bool, angle: float) -> pygame.Surface:
        """A card in flight, turned to the nearest step of ROTATION_STEP degrees, so
        the cache holds a few images per turning card."""
        step = round(angle / ROTATION_STEP) * ROTATION_STEP
        if step % 360 == 0:
            return self.image(card, face, big)
        return self.rotated(card if face else None, step, big)


class TableView:
    """Draws one frame of the table from the layout, the mirror and the sprites."""

    def __init__(self, text, names: list[str]) -> None:
        self.text = text
        self.names = names
        self._background: pygame.Surface | None = None
        self._plates: dict = {}

    def background(self, size) -> pygame.Surface:
        if self._background is None or self._background.get_size() != size:
            self._background = table_background(size).convert()
        return self._background

    def draw(self, surface, layout: Layout, art: TableArt, mirror, sprites, overlay: Overlay,
             roles: list[str]) -> None:
        surface.blit(self.background(surface.get_size()), (0, 0))
        self._draw_talon(surface, layout, art, mirror)
        self._draw_discard(surface, layout, art, mirror)
        self._draw_targets_under(surface, layout, overlay)
        for seat in range(mirror.n):
            self._draw_plate(surface, layout, seat, len(mirror.hands[seat]), roles[seat],
                             overlay)
        dragged = None
        for s in sprites.in_order():
            if s.card == overlay.dragged:
                dragged = s
                continue
            self._draw_card(surface, layout, art, s, overlay)
        self._draw_attack_targets(surface, layout, sprites, overlay)
        if dragged is not None:
            self._draw_card(surface, layout, art, dragged, overlay)
        self._draw_message(surface, layout, overlay)

    # --- piles -------------------------------------------------------------------

    def _draw_talon(self, surface, layout, art, mirror) -> None:
        x, y = layout.talon_pos
        arriving = mirror.trump_arriving is not None  # drawn as a sprite in flight
        if mirror.trump_card is not None and mirror.talon > 0 and not arriving:
            img = art.rotated(mirror.trump_card, TRUMP_ANGLE)
            surface.blit(img, img.get_rect(center=(int(layout.trump_pos[0]), int(y))))
        backs = min(4, max(0, mirror.talon - (1 if mirror.trump_card is not None else 0)))
        back = art.big.back()
        for i in range(backs):
            surface.blit(back, back.get_rect(center=(int(x - i * 2), int(y - i * 2))))
        size = max(14, layout.ch // 6)
        label_y = y + layout.ch / 2 + 6
        if mirror.talon:
            self.text.blit(surface, f"{mirror.talon} left", size, (x, label_y), anchor="midtop")
        else:
            box = pygame.Rect(0, 0, layout.cw // 2, layout.cw // 2)
            box.center = (int(x), int(y))
            pygame.draw.circle(surface, (240, 240, 230), box.center, box.w)
            draw_suit(surface, mirror.trump, box, suit_color(mirror.trump))
            self.text.blit(surface, "trump", size, (x, label_y), anchor="midtop")

    def _draw_discard(self, surface, layout, art, mirror) -> None:
        if not mirror.discard:
            return
        x, y = layout.discard_pos
        for angle in (-12, 8, -3):
            img = art.rotated(None, angle)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        size = max(14, layout.ch // 6)
        self.text.blit(surface, f"discard {mirror.discard}", size,
                       (x, y + layout.ch / 2 + 8), anchor="midtop")

    # --- plates ------------------------------------------------------------------

    def _draw_plate(self, surface, layout, seat, count, role, overlay) -> None:
        thinking = overlay.thinking == seat
        key = (seat, count, role, thinking, overlay.dots if thinking else 0, layout.plate_h)
        img = self._plates.get(key)
        if img is None:
            if len(self._plates) > 500:
                self._plates.clear()
            img = self._plates[key] = self._render_plate(layout, seat, count, role,
                                                         thinking, overlay.dots)
        x, y = layout.plate_pos(seat)
        surface.blit(img, img.get_rect(midtop=(int(x), int(y))))

    def _render_plate(self, layout, seat, count, role, thinking, dots) -> pygame.Surface:
        size = layout.plate_h // 2 - 1
        name = self.text.render(self.names[seat], size + 2, (255, 255, 255), bold=True)
        if thinking:
            role = "thinking" + "." * (1 + dots % 3)
        detail = f"{count} cards" + (f"  ·  {role}" if role else "")
        color = (255, 220, 120) if thinking or role in ("attacking", "defending") else (
            210, 210, 200)
        line = self.text.render(detail, size, color)
        w = max(name.get_width(), line.get_width()) + 16
        plate = pygame.Surface((w, layout.plate_h), pygame.SRCALPHA)
        pygame.draw.rect(plate, PLATE_BG, plate.get_rect(), border_radius=8)
        if thinking:
            pygame.draw.rect(plate, (255, 220, 120), plate.get_rect(), 2, border_radius=8)
        plate.blit(name, name.get_rect(midtop=(w // 2, 2)))
        plate.blit(line, line.get_rect(midtop=(w // 2, layout.plate_h // 2 + 1)))
        return plate

    # --- cards and highlights ----------------------------------------------------

    def _draw_card(self, surface, layout, art, s, overlay) -> None:
        img = art.turned(s.card, s.face, s.big, s.angle)
        rect = img.get_rect(center=(int(s.x), int(s.y)))
        if img is not art.image(s.card, s.face, s.big):  # turning in flight: no frames
            surface.blit(img, rect)
            return
        if s.card in overlay.playable or s.card in overlay.selected:
            color = TARGET if s.card in overlay.selected else GLOW
            pygame.draw.rect(surface, color, rect.inflate(8, 8), border_radius=9)
        surface.blit(img, rect)
        if s.card == overlay.cursor:
            pygame.draw.rect(surface, (255, 255, 255), rect.inflate(6, 6), 3, border_radius=9)

    def _draw_targets_under(self, surface, layout, overlay) -> None:
        if overlay.table_target:
            pygame.draw.rect(surface, TARGET, layout.table, 3, border_radius=14)
        if overlay.transfer_rect is not None:
            rect = overlay.transfer_rect
            color = TARGET if overlay.transfer_target else (200, 200, 190)
            pygame.draw.rect(surface, color, rect, 3, border_radius=10)
            size = max(14, layout.ch // 6)
            self.text.blit(surface, "transfer", size, rect.center, color, anchor="center")

    def _draw_attack_targets(self, surface, layout, sprites, overlay) -> None:
        for card in overlay.attack_targets:
            s = sprites.sprites.get(card)
            if s is not None:
                rect = layout.card_rect(s.x, s.y)
                pygame.draw.rect(surface, TARGET, rect.inflate(10, 10), 4, border_radius=10)

    def _draw_message(self, surface, layout, overlay) -> None:
        if not overlay.message or overlay.message_alpha <= 0:
            return
        size = max(18, layout.ch // 5)
        img = self.text.render(overlay.message, size, (255, 240, 200), bold=True)
        box = img.get_rect(center=(layout.table.centerx, layout.table.bottom - size // 2))
        panel = pygame.Surface(box.inflate(24, 12).size, pygame.SRCALPHA)
        panel.fill((0, 0, 0, min(170, overlay.message_alpha)))
        surface.blit(panel, box.inflate(24, 12))
        surface.blit(img, box)
