"""What the table highlights and says this frame, built from the legal list and the focus."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

import pygame

from game.engine.actions import Action, Show, Transfer

from . import candidates
from .input import Focus
from .layout import Layout

BANNER_MS = 2200
BANNER_GONE_MS = 300  # a banner of a finished bout fades this fast once the next one leads
MESSAGE_MS = 2500


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
    banner: str = ""
    banner_alpha: int = 0
    thinking: int | None = None
    dots: int = 0


class Notices:
    """The two kinds of words on the table: a message (a refusal, a notice) at the
    bottom of the table, and a banner (an announcement) at its top; each fades."""

    def __init__(self) -> None:
        self.message, self.message_until = "", 0.0
        self.banner, self.banner_until = "", 0.0
        self.banner_bout = 0  # the bout the banner tells of

    def say(self, text: str, now: float, ms: float = MESSAGE_MS) -> None:
        self.message, self.message_until = text, now + ms

    def announce(self, text: str, now: float, bout: int = 0) -> None:
        self.banner, self.banner_until, self.banner_bout = text, now + BANNER_MS, bout

    def led(self, bout: int, now: float) -> None:
        """A card of ``bout`` is on the table: a banner of an earlier bout (a take, the
        last card drawn) no longer describes it and fades out."""
        if self.banner_bout < bout:
            self.banner_until = min(self.banner_until, now + BANNER_GONE_MS)

    def hush(self) -> None:
        self.message_until = 0.0

    def write(self, o: Overlay, now: float, banner: bool = True) -> None:
        """The words still up at ``now``; ``banner`` False: the announcement left out."""
        if self.message and now < self.message_until:
            o.message, o.message_alpha = self.message, fade(self.message_until - now)
        if banner and self.banner and now < self.banner_until:
            o.banner, o.banner_alpha = self.banner, fade(self.banner_until - now)


def fade(ms_left: float) -> int:
    return int(min(255, ms_left / 2))


def transfer_zone(layout: Layout, attacks: list[int],
                  legal: Collection[Action]) -> pygame.Rect | None:
    """The slot after the last attack card (``placements`` keeps it: ``zone``), when
    a transfer is among the legal actions."""
    if not attacks or not any(isinstance(a, Transfer | Show) for a in legal):
        return None
    k = len(attacks)
    return layout.card_rect(*layout.pair_pos(k, k + 1)).inflate(8, 8)


def build_overlay(layout: Layout, attacks: list[int], legal: Collection[Action], focus: Focus,
                  dragged: int | None, highlight: bool) -> Overlay:
    """Highlights for this frame: playable cards, selection, cursor, lit targets."""
    o = Overlay(dragged=dragged, selected=set(focus.selected), cursor=focus.cursor)
    if highlight:
        o.playable = candidates.playable(legal)
    o.transfer_rect = transfer_zone(layout, attacks, legal)
    card = dragged if dragged is not None else (
        min(focus.selected) if focus.selected else None)
    if card is not None:
        o.table_target, o.attack_targets, o.transfer_target = candidates.targets_for(
            card, legal)
    return o
