"""Drawing the table: background, talon, discard pile, name plates, cards, highlights.

Everything here only reads; the scene passes what to show.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import rank_of
from game.i18n import N_, NP_, _, ngettext, pgettext
from game.session.narrate import RANKS

from .art import CardArt, draw_suit, suit_color, table_background
from .layout import TRUMP_ANGLE, Layout
from .overlay import Overlay
from .placing import bout_card_rects, sentence_place
from .text import BOX_PAD

if TYPE_CHECKING:
    from .mirror import Mirror
    from .sprites import CardSprite, SpriteSet
    from .text import TextCache, TextColor

GLOW = (255, 214, 90)
TARGET = (120, 230, 140)
PLATE_BG = (0, 0, 0, 120)
BADGE_GROUND = (12, 30, 20, 220)  # the trump badge's label where it lies over the piles
ROTATION_STEP = 6  # degrees between the cached images of a card turning in flight
SPOTLIGHT_SCALE = 1.7  # a card in the spotlight (Severnyi's new trump) against a table card
TEAM_COLORS = ((120, 190, 255), (255, 150, 120))
ROLES = {"attacking": N_("attacking"), "defending": N_("defending"), "takes": N_("taking"),
         "done": N_("done"), "out": N_("out")}
# The player's own plate speaks to the player: Russian in the second person ("ваш ход",
# "берёте"), where the others' say "ходит", "берёт"; English alike for both.
YOUR_ROLES = {"attacking": NP_("your plate", "attacking"),
              "defending": NP_("your plate", "defending"), "takes": NP_("your plate", "taking")}


def role_words(role: str, yours: bool) -> str:
    """A plate's role ("" for none) in the player's language; ``yours``: the player's own."""
    if not role:
        return ""
    return pgettext(*YOUR_ROLES[role]) if yours and role in YOUR_ROLES else _(ROLES[role])


class TableArt:
    """Card images at the two sizes the table uses, with cached rotations."""

    def __init__(self, big_w: int, small_w: int) -> None:
        self.big = CardArt(big_w)
        self.small = CardArt(small_w)
        self.spot = CardArt(int(big_w * SPOTLIGHT_SCALE))
        self._rotated: dict[tuple[int | None, int, bool], pygame.Surface] = {}

    def resize(self, big_w: int, small_w: int) -> None:
        if self.big.size[0] != big_w:
            self.big.resize(big_w)
        if self.small.size[0] != small_w:
            self.small.resize(small_w)
        if self.spot.size[0] != int(big_w * SPOTLIGHT_SCALE):
            self.spot.resize(int(big_w * SPOTLIGHT_SCALE))
        self._rotated = {}

    def image(self, card: int, face: bool, big: bool) -> pygame.Surface:
        art = self.big if big else self.small
        return art.face(card) if face else art.back()

    def rotated(self, card: int | None, angle: int, big: bool = True) -> pygame.Surface:
        """The face of ``card`` (its back when None) turned by ``angle`` degrees."""
        key = (card, angle, big)
        img = self._rotated.get(key)
        if img is None:
            art = self.big if big else self.small
            base = art.face(card) if card is not None else art.back()
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

    def __init__(self, text: TextCache, names: list[str],
                 teams: Iterable[Iterable[int]] | None = None, human: int | None = None) -> None:
        self.text = text
        self.names = names
        self.team_of = {seat: i for i, team in enumerate(teams or ()) for seat in team}
        self.human = human
        self._background: pygame.Surface | None = None
        self._plates: dict[tuple[int, int, str, bool, int, int, int], pygame.Surface] = {}
        self._banner_top: int | None = None  # the announcement's top (the message above)
        self.banner_rect: pygame.Rect | None = None  # where it was drawn last
        self.labels: list[pygame.Rect] = []  # the plates and trump badge drawn last frame
        self.bout: list[pygame.Rect] = []  # the bout's cards drawn last frame

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        if self._background is None or self._background.get_size() != size:
            self._background = table_background(size).convert()
        return self._background

    def draw(self, surface: pygame.Surface, layout: Layout, art: TableArt, mirror: Mirror,
             sprites: SpriteSet, overlay: Overlay, roles: list[str]) -> None:
        surface.blit(self.background(surface.get_size()), (0, 0))
        self.labels = []
        self._draw_talon(surface, layout, art, mirror)
        slots = len(mirror.attacks) + (overlay.transfer_rect is not None)
        self._draw_trump_badge(surface, layout, mirror, slots)
        self._draw_discard(surface, layout, art, mirror)
        self._draw_targets_under(surface, layout, overlay)
        for s in sprites.in_order():
            if s.card != overlay.dragged:  # the dragged card is drawn on top (draw_top)
                self._draw_card(surface, layout, art, s, overlay)
        self._draw_attack_targets(surface, layout, sprites, overlay)
        self.bout = bout_card_rects(layout, sprites, mirror)
        for seat in range(mirror.n):  # above the cards: a card in flight never hides a name
            self._draw_plate(surface, layout, seat, len(mirror.hands[seat]), roles[seat],
                             overlay)

    def draw_top(self, surface: pygame.Surface, layout: Layout, art: TableArt,
                 sprites: SpriteSet, overlay: Overlay,
                 spotlight: int | None = None) -> None:
        """What lies above everything, the move log included: a card in the spotlight
        (Severnyi's new trump), the announcement, the card being dragged and the message."""
        if spotlight is not None:
            self._draw_spotlight(surface, layout, art, spotlight)
        self._draw_banner(surface, layout, overlay)
        for s in sprites.in_order():
            if s.card == overlay.dragged:
                self._draw_card(surface, layout, art, s, overlay)
        self._draw_message(surface, layout, overlay)

    # --- piles -------------------------------------------------------------------

    def _draw_talon(self, surface: pygame.Surface, layout: Layout, art: TableArt,
                    mirror: Mirror) -> None:
        x, y = layout.talon_pos
        arriving = mirror.trump_arriving is not None  # drawn as a sprite in flight
        below = 1 if mirror.second and mirror.talon > 0 else 0
        if below:  # Severnyi: the second trump, face down and crosswise under the first
            img = art.rotated(None, 0)
            centre = (int(layout.trump_pos[0] + layout.cw * 0.3), int(y))
            surface.blit(img, img.get_rect(center=centre))
        if mirror.trump_card is not None and mirror.talon > 0 and not arriving:
            img = art.rotated(mirror.trump_card, TRUMP_ANGLE)
            surface.blit(img, img.get_rect(center=(int(layout.trump_pos[0]), int(y))))
        face_up = 1 if mirror.trump_card is not None else 0
        backs = min(4, max(0, mirror.talon - face_up - below))
        back = art.big.back()
        for i in range(backs):
            surface.blit(back, back.get_rect(center=(int(x - i * 2), int(y - i * 2))))
        size = layout.label_size
        label_y = y + layout.ch / 2 + 6
        if mirror.talon:
            left = ngettext("{n} card left", "{n} cards left", mirror.talon)
            self.text.blit(surface, left.format(n=mirror.talon), size, (x, label_y),
                           anchor="midtop", inside=True)

    def _draw_trump_badge(self, surface: pygame.Surface, layout: Layout, mirror: Mirror,
                          slots: int) -> None:
        """The trump suit at all times, and the face-up trump's rank, upright, its
        label clear of the bout's ``slots`` places."""
        r = layout.badge_r
        centre = (int(layout.badge_centre[0]), int(layout.badge_centre[1]))
        pygame.draw.circle(surface, (245, 240, 225), centre, r)
        pygame.draw.circle(surface, GLOW, centre, r, 2)
        self.labels.append(pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r))
        box = pygame.Rect(0, 0, int(r * 1.2), int(r * 1.2))
        box.center = centre
        draw_suit(surface, mirror.trump, box, suit_color(mirror.trump))
        pos = (centre[0] + r + 6, centre[1])
        placed = self._badge_label(layout, mirror, pos, slots)
        if placed is None:
            return
        label, ground = placed
        self.labels.append(ground)
        if layout.badge_over_piles:  # the label lies over the cards: on a dark ground
            backing = pygame.Surface(ground.size, pygame.SRCALPHA)
            pygame.draw.rect(backing, BADGE_GROUND, backing.get_rect(), border_radius=6)
            surface.blit(backing, ground)
        self.text.blit(surface, label, layout.label_size, pos, GLOW, anchor="midleft")

    def _badge_label(self, layout: Layout, mirror: Mirror, pos: tuple[int, int],
                     slots: int) -> tuple[str, pygame.Rect] | None:
        """What the badge says beside it, with its ground's rect: the full label, or
        where it would reach a card of the bout (its ``slots`` places), a shorter one,
        else None (the badge's suit and the cards under the talon say the rest)."""
        bout = layout.bout_rects(slots)
        for label in _badge_labels(mirror):
            ground = self._label_ground(layout, label, pos)
            if ground.collidelist(bout) < 0:
                return label, ground
        return None

    def _label_ground(self, layout: Layout, label: str, pos: tuple[int, int]) -> pygame.Rect:
        """The badge's label's rect with its dark ground's margin, left end at ``pos``."""
        size = self.text.render(label, layout.label_size, GLOW).get_size()
        ground = pygame.Rect((0, 0), size).inflate(12, 6)
        ground.midleft = (pos[0] - 6, pos[1])
        return ground

    def _draw_discard(self, surface: pygame.Surface, layout: Layout, art: TableArt,
                      mirror: Mirror) -> None:
        if not mirror.discard:
            return
        x, y = layout.discard_pos
        for angle in (-12, 8, -3):
            img = art.rotated(None, angle)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        size = layout.label_size
        self.text.blit(surface, _("discard pile {n}").format(n=mirror.discard), size,
                       (x, y + layout.ch / 2 + 8), anchor="midtop", inside=True)

    # --- plates ------------------------------------------------------------------

    def rename(self, names: list[str]) -> None:
        """The players' names as shown now: every plate drawn again (in the language now)."""
        self.names = names
        self._plates.clear()

    def _draw_plate(self, surface: pygame.Surface, layout: Layout, seat: int, count: int,
                    role: str, overlay: Overlay) -> None:
        thinking = overlay.thinking == seat
        key = (seat, count, role, thinking, overlay.dots if thinking else 0, layout.plate_h,
               layout.plate_room(seat))
        img = self._plates.get(key)
        if img is None:
            if len(self._plates) > 500:
                self._plates.clear()
            img = self._plates[key] = self._render_plate(layout, seat, count, role,
                                                         thinking, overlay.dots)
        x, y = layout.plate_pos(seat)
        rect = img.get_rect(midtop=(int(x), int(y))).clamp(surface.get_rect())
        surface.blit(img, rect)
        self.labels.append(rect)

    def _render_plate(self, layout: Layout, seat: int, count: int, role: str, thinking: bool,
                      dots: int) -> pygame.Surface:
        size = layout.plate_h // 2 - 1
        title = self.names[seat]
        team = self.team_of.get(seat)
        mine = self.team_of.get(self.human) if self.human is not None else None
        if team is not None and seat != self.human and team == mine:
            title = _("{name} (partner)").format(name=title)
        room = layout.plate_room(seat) - 16  # a name or line wider than the seat's room is cut
        name = self.text.render(self.text.elide(title, size + 2, room, bold=True), size + 2,
                                (255, 255, 255), bold=True)
        words = _("thinking") + "." * (1 + dots % 3) if thinking else role_words(
            role, seat == self.human)
        detail = ngettext("{n} card", "{n} cards", count).format(n=count)
        detail += f"  ·  {words}" if words else ""
        color = (255, 220, 120) if thinking or role in ("attacking", "defending") else (
            210, 210, 200)
        if words and self.text.font(size).size(detail)[0] > room:
            detail = f"{count}  ·  {words}"  # the role kept whole where the count's word is not
        line = self.text.render(self.text.elide(detail, size, room), size, color)
        w = max(name.get_width(), line.get_width()) + 16
        plate = pygame.Surface((w, layout.plate_h), pygame.SRCALPHA)
        pygame.draw.rect(plate, PLATE_BG, plate.get_rect(), border_radius=8)
        if team is not None:
            pygame.draw.rect(plate, TEAM_COLORS[team % 2], plate.get_rect(), 2, border_radius=8)
        if thinking:
            pygame.draw.rect(plate, (255, 220, 120), plate.get_rect(), 2, border_radius=8)
        plate.blit(name, name.get_rect(midtop=(w // 2, 2)))
        plate.blit(line, line.get_rect(midtop=(w // 2, layout.plate_h // 2 + 1)))
        return plate

    # --- cards and highlights ----------------------------------------------------

    def _draw_card(self, surface: pygame.Surface, layout: Layout, art: TableArt, s: CardSprite,
                   overlay: Overlay) -> None:
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

    def _draw_targets_under(self, surface: pygame.Surface, layout: Layout,
                            overlay: Overlay) -> None:
        if overlay.table_target:
            pygame.draw.rect(surface, TARGET, layout.table, 3, border_radius=14)
        if overlay.transfer_rect is not None:
            rect = overlay.transfer_rect
            color = TARGET if overlay.transfer_target else (200, 200, 190)
            pygame.draw.rect(surface, color, rect, 3, border_radius=10)
            size = layout.label_size
            self.text.blit(surface, _("transfer"), size, rect.center, color, anchor="center")

    def _draw_attack_targets(self, surface: pygame.Surface, layout: Layout, sprites: SpriteSet,
                             overlay: Overlay) -> None:
        for card in overlay.attack_targets:
            s = sprites.sprites.get(card)
            if s is not None:
                rect = layout.card_rect(s.x, s.y)
                pygame.draw.rect(surface, TARGET, rect.inflate(10, 10), 4, border_radius=10)

    def _draw_spotlight(self, surface: pygame.Surface, layout: Layout, art: TableArt,
                        card: int) -> None:
        """A card shown large in the middle of the table for a moment."""
        img = art.spot.face(card)
        banner_top = layout.table.bottom - 8 - max(20, layout.ch // 4) - 20  # see _draw_banner
        box = img.get_rect(center=layout.table.center)
        box.bottom = min(box.bottom, banner_top - 10)
        shade = pygame.Surface(box.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=14)
        surface.blit(shade, box.inflate(16, 16).move(6, 8))
        surface.blit(img, box)

    def _draw_banner(self, surface: pygame.Surface, layout: Layout, overlay: Overlay) -> None:
        """An announcement at the foot of the table, clear of the hand and the plates;
        where it would hide the bout's cards (a small window), where it hides least."""
        self._banner_top = self.banner_rect = None
        if not overlay.banner or overlay.banner_alpha <= 0:
            return
        size = max(20, layout.ch // 4)
        room = self._room(layout, layout.table.centerx)

        def panel(alpha: int) -> pygame.Surface:
            return self.text.panel(overlay.banner, size, (255, 236, 170), room,
                                   (20, 10, 0, alpha), 10)

        shown = panel(min(200, overlay.banner_alpha))
        box = sentence_place(shown.get_size(), layout.table.inflate(0, -8), layout.table,
                             self.bout, self.bout, self.labels, surface.get_rect(),
                             from_foot=True)
        if box.collidelist(self.labels) >= 0:  # a plate's words would show through
            shown = panel(overlay.banner_alpha)
        surface.blit(shown, box)
        self.banner_rect = box
        if box.bottom >= layout.table.bottom - 12:  # at the foot: the message goes above it
            self._banner_top = box.top

    def _draw_message(self, surface: pygame.Surface, layout: Layout, overlay: Overlay) -> None:
        if not overlay.message or overlay.message_alpha <= 0:
            return
        size = max(18, layout.ch // 5)
        foot_y = layout.table.bottom if self._banner_top is None else self._banner_top - 8
        ground = (0, 0, 0, min(170, overlay.message_alpha))
        self._text_box(surface, layout, overlay.message, size, (255, 240, 200),
                       (layout.table.centerx, foot_y - 6), ground, 0)

    def _text_box(self, surface: pygame.Surface, layout: Layout, text: str, size: int,
                  color: TextColor, foot: tuple[int, int], ground: tuple[int, int, int, int],
                  radius: int) -> pygame.Rect:
        """Bold ``text`` on a translucent ground whose foot is centred at ``foot``: in
        as many lines as keep it inside the window and clear of the buttons; the
        ground's rect."""
        return self.text.box(surface, text, size, color, self._room(layout, foot[0]), ground,
                             radius, midbottom=foot)

    def _room(self, layout: Layout, centre_x: int) -> int:
        """The widest text a box centred at ``centre_x`` may hold: inside the window and
        clear of the buttons."""
        right = layout.buttons(1)[0].left - layout.margin
        return max(40, 2 * min(centre_x - layout.margin, right - centre_x) - BOX_PAD[0])


def _badge_labels(mirror: Mirror) -> list[str]:
    """The trump badge's labels, longest first: what lies face up and whether a second
    trump lies face down under it (Severnyi), then shorter forms of it."""
    face_up = mirror.trump_card is not None and mirror.talon
    rank = _(RANKS[rank_of(mirror.trump_card)]) if mirror.trump_card is not None else ""
    plain = [_("trumps: {rank} face up").format(rank=rank), rank]
    if face_up and mirror.second:
        return [_("trumps: {rank} face up, a second trump face down").format(rank=rank),
                _("{rank}, a second trump face down").format(rank=rank), *plain]
    if face_up:
        return plain
    if mirror.second and mirror.talon:
        return [_("trumps: a second trump lies face down"), _("a second trump face down")]
    return [_("trumps")]
