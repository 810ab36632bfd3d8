"""Mouse and keys become intents: small frozen values the table scene acts on.

The controller keeps only the state of a press or a drag; it reads the board
(what lies under a point, the hand, the focus) and returns intents, never
changing the scene itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol, TypeAlias

import pygame

DRAG_START_PX = 6


@dataclass(frozen=True, slots=True)
class Select:
    """Toggle ``card`` in the selection and put the cursor on it."""

    card: int


@dataclass(frozen=True, slots=True)
class MoveCursor:
    step: int  # -1 left, +1 right


@dataclass(frozen=True, slots=True)
class ClearSelection:
    pass


# Where a card may be played: onto the table, onto an attack card, into the transfer zone.
Target: TypeAlias = (tuple[Literal["table"]] | tuple[Literal["defend"], int]
                     | tuple[Literal["transfer"]])


@dataclass(frozen=True, slots=True)
class Drop:
    """Play ``card`` onto ``target`` (("table",), ("defend", card), ("transfer",));
    a target of None: nowhere, the card goes home."""

    card: int
    target: Target | None


@dataclass(frozen=True, slots=True)
class PlayFirst:
    """Enter: play ``card`` the first legal way."""

    card: int


@dataclass(frozen=True, slots=True)
class ShowCard:
    """Transfer by showing the trump ``card`` (right click, or S)."""

    card: int | None  # None: the first trump that may be shown


@dataclass(frozen=True, slots=True)
class Press:
    """A button or its key: take, done, transfer, exchange, show, stay_done, log, mute,
    hint, undo."""

    button: str


@dataclass(frozen=True, slots=True)
class Leave:
    pass


Intent = Select | MoveCursor | ClearSelection | Drop | PlayFirst | ShowCard | Press | Leave

KEY_BUTTONS = {
    pygame.K_SPACE: "done", pygame.K_d: "done", pygame.K_t: "take", pygame.K_r: "transfer",
    pygame.K_e: "exchange", pygame.K_b: "stay_done", pygame.K_l: "log", pygame.K_m: "mute",
    pygame.K_h: "hint", pygame.K_u: "undo", pygame.K_c: "catch",
}


@dataclass
class Focus:
    """The player's selected cards and keyboard cursor."""

    selected: set[int] = field(default_factory=set)
    cursor: int | None = None

    def first(self, hand: list[int]) -> int | None:
        """The card Enter or S acts on: the cursor's, else the lowest selected."""
        if self.cursor in hand:
            return self.cursor
        return min(self.selected) if self.selected else None

    def keep_only(self, hand: list[int]) -> None:
        """Forget cards that left the hand (played, or taken by someone else)."""
        self.selected &= set(hand)
        if self.cursor not in hand:
            self.cursor = None


class Board(Protocol):
    """What the controller may ask about the screen."""

    focus: Focus

    def hand(self) -> list[int]: ...
    def hand_card_at(self, pos: tuple[int, int]) -> int | None: ...
    def target_at(self, pos: tuple[int, int]) -> Target | None: ...
    def card_centre(self, card: int) -> tuple[float, float]: ...


class InputController:
    """Turns pygame events into intents; remembers a press and a drag in progress."""

    def __init__(self) -> None:
        self.press: tuple[int, tuple[int, int], tuple[float, float]] | None = None
        self.dragging = False
        self.drag_pos = (0, 0)

    @property
    def dragged(self) -> int | None:
        return self.press[0] if self.press and self.dragging else None

    def drag_centre(self) -> tuple[float, float] | None:
        """Where the dragged card's centre should be drawn."""
        if self.press is None or not self.dragging:
            return None
        _, _, (ox, oy) = self.press
        return self.drag_pos[0] - ox, self.drag_pos[1] - oy

    def reset(self) -> None:
        self.press = None
        self.dragging = False

    def handle(self, e: pygame.event.Event, board: Board) -> list[Intent]:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            return self._down(e.pos, board)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 3:
            card = board.hand_card_at(e.pos)
            return [ShowCard(card)] if card is not None else []
        if e.type == pygame.MOUSEMOTION and self.press is not None:
            self._move(e.pos)
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            return self._release(e.pos, board)
        elif e.type == pygame.KEYDOWN:
            return self._key(e.key, board)
        return []

    def _down(self, pos: tuple[int, int], board: Board) -> list[Intent]:
        card = board.hand_card_at(pos)
        if card is None:
            self.press = None
            return []
        x, y = board.card_centre(card)
        self.press = (card, pos, (pos[0] - x, pos[1] - y))
        self.dragging = False
        return []

    def _move(self, pos: tuple[int, int]) -> None:
        if self.press is None:
            return
        _, start, _ = self.press
        if not self.dragging and abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_START_PX:
            self.dragging = True
        if self.dragging:
            self.drag_pos = pos

    def _release(self, pos: tuple[int, int], board: Board) -> list[Intent]:
        press, dragging = self.press, self.dragging
        self.reset()
        if press is not None and dragging:
            return [Drop(press[0], board.target_at(pos))]
        if press is not None:
            return [Select(press[0])]
        if board.focus.selected:
            target = board.target_at(pos)
            if target is not None:
                return [Drop(min(board.focus.selected), target)]
            return [ClearSelection()]
        return []

    def _key(self, key: int, board: Board) -> list[Intent]:
        if key == pygame.K_ESCAPE:
            return [Leave()]
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            return [MoveCursor(-1 if key == pygame.K_LEFT else 1)]
        card = board.focus.first(board.hand())
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP):
            return [PlayFirst(card)] if card is not None else []
        if key == pygame.K_s:
            return [ShowCard(card)]
        if key in KEY_BUTTONS:
            return [Press(KEY_BUTTONS[key])]
        return []
