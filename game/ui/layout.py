"""Where everything sits, computed from the window size and the number of seats."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .mirror import Mirror

RATIO = 1.4  # card height / width, used before the art tells its real size
TRUMP_ANGLE = 90  # the trump lies crosswise under the talon, at rest and in flight
HAND_Z = 2000  # the player's hand lies above cards in flight (z + 1000) elsewhere
# the bout moves left of an open side panel (the move log) only while at least this
# many card widths of it stay; in a smaller window the panel lies over the bout
PANEL_MIN_TABLE = 4.0


# ui.card_size -> how much larger or smaller than the window's own size the cards are
CARD_SCALES = {"small": 0.85, "normal": 1.0, "large": 1.2}


def card_width_for(width: int, height: int, scale: float = 1.0, players: int = 2) -> int:
    """The width of a card in the bout and in the player's hand: the window's own,
    scaled as the player chose, at most what lets the opponents' row, a row of the
    bout and the hand stand one above the other in the window's height."""
    room = height - 3.5 * margin_for(width, height) - 2 * plate_h_for(height)  # as _middle's
    fitting = (room - dip_for(height, players)) / HEIGHTS_IN_WIDTHS
    return max(36, int(min(min(width / 12.5, height / 6.2) * scale, fitting)))


# What a card width's worth of height the table's rows take: an opponent's small
# card (0.55 wide), a bout's attack and its cover (1.25 high) and the hand with a
# lifted card (1.2 high), in card heights of RATIO.
HEIGHTS_IN_WIDTHS = (0.55 + 1.25 + 1.2) * RATIO


def margin_for(width: int, height: int) -> int:
    return max(8, int(min(width, height) * 0.025))


def plate_h_for(height: int) -> int:
    """A name plate's height: two lines."""
    return max(16, int(height * 0.028)) * 2 + 4


def dip_for(height: int, players: int) -> float:
    """How much lower the side opponents sit than the middle ones (four or more)."""
    return height * 0.13 if players >= 4 else 0.0


@dataclass(frozen=True, slots=True)
class Place:
    """Where one card should be: centre, face up or down, big or small, drawing order,
    and turned by ``angle`` degrees (TRUMP_ANGLE for the trump under the talon)."""

    x: float
    y: float
    face: bool
    big: bool
    z: int
    angle: float = 0.0


class Layout:
    """The geometry of the table for one window size."""

    def __init__(self, size: tuple[int, int], n: int, bottom: int,
                 big: tuple[int, int], small: tuple[int, int], panel: bool = False,
                 most_buttons: int = 0) -> None:
        self.w, self.h = size
        self.n, self.bottom = n, bottom
        self.most_buttons = most_buttons  # the most action buttons this table shows at once
        self.cw, self.ch = big
        self.sw, self.sh = small
        self.margin = margin_for(self.w, self.h)
        self.button_w = max(110, int(self.w * 0.1))
        self.button_h = max(30, int(self.h * 0.05))
        self._seats()
        self._middle()
        self.panel = self._side_panel()
        # the open panel lies over the bout: the window is too small to move it aside
        self.panel_over_bout = panel and not self._make_room(self.panel)

    # --- seats -------------------------------------------------------------------

    def _seats(self) -> None:
        m = self.n - 1
        self.seat_center: dict[int, tuple[float, float]] = {}
        top = self.margin + self.sh / 2
        dip = dip_for(self.h, self.n)
        for i in range(m):
            seat = (self.bottom + 1 + i) % self.n
            t = (i + 0.5) / m
            x = self.margin + t * (self.w - 2 * self.margin)
            y = top + dip * (2 * t - 1) ** 2
            self.seat_center[seat] = (x, y)
        self.slot_w = (self.w - 2 * self.margin) / max(1, m)
        self.hand_y = self.h - self.margin - self.ch / 2
        self.hand_left = self.margin + self.cw / 2
        self.hand_right = self.w - 2 * self.margin - self.button_w - self.cw / 2
        self.seat_center[self.bottom] = (self.w / 2, self.hand_y)

    def plate_pos(self, seat: int) -> tuple[float, float]:
        """Top centre of a seat's name plate."""
        x, y = self.seat_center[seat]
        if seat == self.bottom:
            return x, self.lifted_top - self.plate_h
        return x, y + self.sh / 2 + 4

    def plate_room(self, seat: int) -> int:
        """The widest a seat's name plate may be: an opponent's its slot, less a gap
        to the next plate."""
        if seat == self.bottom:
            return self.w - 2 * self.margin
        return int(self.slot_w) - 8

    @property
    def lifted_top(self) -> float:
        """The top of a card lifted out of the player's hand: the foot of their plate."""
        return self.hand_y - self.ch / 2 - self.ch * 0.2

    @property
    def plate_h(self) -> int:
        return plate_h_for(self.h)

    def buttons(self, count: int) -> list[pygame.Rect]:
        """Rects of the action buttons, stacked at the bottom right."""
        x = self.w - self.margin - self.button_w
        gap = max(4, self.button_h // 5)
        bottom = self.h - self.margin
        return [pygame.Rect(x, bottom - (count - i) * (self.button_h + gap) + gap,
                            self.button_w, self.button_h) for i in range(count)]

    # --- the middle ----------------------------------------------------------------

    def _middle(self) -> None:
        lowest = max(y for s, (_, y) in self.seat_center.items() if s != self.bottom)
        top = lowest + self.sh / 2 + self.plate_h + self.margin
        bottom = self.lifted_top - self.plate_h - self.margin / 2
        mid_y = (top + bottom) / 2
        x, talon_y = self.margin + self.ch / 2 + 2, self._talon_y(lowest, mid_y)
        self.talon_pos = (x, talon_y)
        self.trump_pos = (x + self.cw * 0.3, talon_y)
        self.discard_pos = self._discard_pos(mid_y)
        left = self.talon_pos[0] + self.ch / 2 + self.cw * 0.4 + self.margin
        right = self.discard_pos[0] - self.cw * 0.7 - self.margin
        self.table = pygame.Rect(int(left), int(top), int(right - left), int(bottom - top))
        self._badge(lowest)

    def _discard_pos(self, mid_y: float) -> tuple[float, float]:
        """The discard pile at the right of the middle, clear of the stack of the most
        buttons this table shows (raised above it where the plates leave room, else
        left of the buttons), and below the plates as far as the hand allows."""
        x = self.w - self.margin - self.cw * 0.7
        half = self.ch * 0.6  # half a turned card's height
        below = half + 8 + self.label_size * 1.4  # the card and its label under its centre
        if self.most_buttons:
            y = min(mid_y, self.buttons(self.most_buttons)[0].top - 6 - below)
            if y - half >= self._ceiling(x) + 4:
                return x, y
            x = self.buttons(1)[0].left - self.margin - self.cw * 0.7
        return x, max(mid_y, min(self._ceiling(x) + 4 + half, self.lifted_top - 6 - below))

    def _ceiling(self, x: float) -> float:
        """The foot of the lowest opponent's plate whose slot reaches over a pile
        centred at ``x`` (the top margin where none does)."""
        reach = (self.cw * 1.4 + self.slot_w) / 2  # centres nearer than this: they overlap
        feet = [self._plate_foot(y) for s, (sx, y) in self.seat_center.items()
                if s != self.bottom and abs(sx - x) < reach]
        return max(feet, default=float(self.margin))

    def _badge(self, lowest: float) -> None:
        """The trump badge just above the talon and below the plates; where the band
        between them is too short, below the plates over the piles' top edge
        (``badge_over_piles``: its label then drawn on a dark ground)."""
        r = self.badge_r
        x, y = self.talon_pos
        ceiling, floor = self._plate_foot(lowest) + 4, y - self.ch / 2 - 6
        self.badge_centre = (x, max(ceiling + r, floor - r))
        self.badge_over_piles = floor - r < ceiling + r

    @property
    def badge_r(self) -> int:
        """The radius of the trump badge's circle."""
        return max(12, self.cw // 4)

    @property
    def label_size(self) -> int:
        """The text size of the table's labels: the piles, the trump badge, the transfer target."""
        return max(14, self.ch // 6)

    def _plate_foot(self, y: float) -> float:
        """The foot of the name plate of an opponent whose cards are centred at ``y``
        (``lowest``: the lowest opponent's)."""
        return y + self.sh / 2 + 4 + self.plate_h

    def _talon_y(self, lowest: float, mid_y: float) -> float:
        """The talon in the middle's height, moved down where the trump badge above
        it would reach the plates, as far as its label stays above the hand's
        lifted cards (which may reach under the talon)."""
        need = self._plate_foot(lowest) + 4 + 2 * self.badge_r + 6 + self.ch / 2
        most = self.lifted_top - 6 - self.label_size * 1.4 - 6 - self.ch / 2
        return max(mid_y, min(need, most))

    def _side_panel(self) -> pygame.Rect:
        """The side panel (the move log): the right of the table, beside the buttons,
        clear of the hand."""
        w = max(240, int(self.w * 0.3))
        right = self.buttons(1)[0].left - self.margin
        top = self.table.top
        return pygame.Rect(right - w, top, w, max(60, self.table.bottom - top))

    def _make_room(self, panel: pygame.Rect) -> bool:
        """The bout's table narrowed to the left of ``panel`` where enough of it stays;
        whether it did."""
        width = panel.left - self.margin - self.table.left
        if width < self.cw * PANEL_MIN_TABLE:
            return False
        self.table.width = min(self.table.width, width)
        return True

    def pair_pos(self, i: int, total: int) -> tuple[float, float]:
        """Centre of the ``i``-th attack card when ``total`` slots are shown: one row,
        squeezed if need be, and a second row only when a row would be too tight
        and the table is tall enough for two (else the row is squeezed further,
        while a card's corner still shows)."""
        total = max(1, total)
        room = self.table.w - self.cw * 1.3
        step = min(self.cw * 1.35, room / max(1, total - 1))
        per_row = total
        pair_h = self.ch * 1.25
        tight = self.cw * (0.75 if self.table.h >= pair_h + self.ch * 0.5 else 0.4)
        if step < tight:
            step = self.cw * 1.35
            per_row = max(1, int(room // step) + 1)
        rows = math.ceil(total / per_row)
        row, col = divmod(i, per_row)
        in_row = min(per_row, total - row * per_row)
        x0 = self.table.centerx - (in_row - 1) * step / 2 - self.cw * 0.1
        row_step = max(self.ch * 0.5, min(pair_h, (self.table.h - pair_h) / (rows - 1))) \
            if rows > 1 else 0
        y0 = self.table.centery - (rows - 1) * row_step / 2 - self.ch * 0.12
        return x0 + col * step, y0 + row * row_step

    def cover_offset(self) -> tuple[float, float]:
        return self.cw * 0.22, self.ch * 0.24

    def bout_rects(self, total: int) -> list[pygame.Rect]:
        """Where the bout's cards lie when ``total`` slots are shown: each attack
        card and its cover."""
        dx, dy = self.cover_offset()
        rects = []
        for i in range(total):
            x, y = self.pair_pos(i, total)
            rects += [self.card_rect(x, y), self.card_rect(x + dx, y + dy)]
        return rects

    def card_rect(self, x: float, y: float, big: bool = True) -> pygame.Rect:
        w, h = (self.cw, self.ch) if big else (self.sw, self.sh)
        return pygame.Rect(int(x - w / 2), int(y - h / 2), w, h)

    # --- hands -------------------------------------------------------------------

    def hand_positions(self, count: int) -> list[tuple[float, float]]:
        """Centres of the bottom player's cards, left to right."""
        if count == 0:
            return []
        span = self.hand_right - self.hand_left
        step = min(self.cw * 0.8, span / max(1, count - 1))
        width = step * (count - 1)
        # Centred in the window when it fits beside the buttons, else in its own band.
        x0 = min(self.w / 2 - width / 2, self.hand_right - width)
        x0 = max(self.hand_left, x0)
        return [(x0 + i * step, self.hand_y) for i in range(count)]

    def shown_place(self, seat: int, resting: Place, count: int) -> Place:
        """Where a trump shown to transfer is held up, face up: lifted out of the
        player's hand, or beside an opponent's fan, toward the middle of the window
        (big when the seat's slot has room, else small). The player's own card rises
        only to the foot of their name plate, which is drawn over cards."""
        if seat == self.bottom:
            lift = self.ch * 0.2 - 2  # the gap between the hand and the plate (plate_pos)
            return Place(resting.x, resting.y - lift, True, True, HAND_Z + 900)
        cx, cy = self.seat_center[seat]
        fans = self.fan_positions(seat, count)
        half = (fans[-1][0] - fans[0][0]) / 2 + self.sw / 2 if fans else 0
        big = half + 6 + self.cw <= self.slot_w / 2
        w = self.cw if big else self.sw
        side = -1 if cx > self.w / 2 + 1 else 1
        return Place(cx + side * (half + 6 + w / 2), cy + self.sh * 0.2, True, big, 900)

    def fan_positions(self, seat: int, count: int) -> list[tuple[float, float]]:
        """Centres of an opponent's face-down cards."""
        cx, cy = self.seat_center[seat]
        if count == 0:
            return []
        step = min(self.sw * 0.4, (self.slot_w * 0.8 - self.sw) / max(1, count - 1))
        x0 = cx - step * (count - 1) / 2
        return [(x0 + i * step, cy) for i in range(count)]


def placements(layout: Layout, mirror: Mirror, reveal_bottom: bool,
               lifted: dict[int, float], zone: bool = False) -> dict[int, Place]:
    """Where every visible card should be, for the current mirror; ``zone``: the
    bout's row keeps a slot after its last card for the transfer zone."""
    out: dict[int, Place] = {}
    bottom = layout.bottom
    for seat in range(mirror.n):
        if seat == bottom:
            hand = mirror.sorted_hand(seat)
            for i, (c, (x, y)) in enumerate(zip(hand, layout.hand_positions(len(hand)),
                                                strict=True)):
                out[c] = Place(x, y - lifted.get(c, 0.0), reveal_bottom, True, HAND_Z + i)
        else:
            hand = mirror.hands[seat]
            for i, (c, (x, y)) in enumerate(zip(hand, layout.fan_positions(seat, len(hand)),
                                                strict=True)):
                out[c] = Place(x, y, False, False, 100 + i)
    total = len(mirror.attacks) + zone
    dx, dy = layout.cover_offset()
    for i, (a, cover) in enumerate(zip(mirror.attacks, mirror.covers, strict=True)):
        x, y = layout.pair_pos(i, total)
        out[a] = Place(x, y, True, True, 300 + 2 * i)
        if cover >= 0:
            out[cover] = Place(x + dx, y + dy, True, True, 301 + 2 * i)
    for i, c in enumerate(mirror.leaving):
        x, y = layout.discard_pos
        out[c] = Place(x, y, False, True, 50 + i)
    if mirror.shown is not None:
        seat, card = mirror.shown
        out[card] = layout.shown_place(seat, out[card], len(mirror.hands[seat]))
    if mirror.trump_arriving is not None:
        out[mirror.trump_arriving] = Place(*layout.trump_pos, True, True, 1, TRUMP_ANGLE)
    return out
