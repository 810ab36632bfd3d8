"""Tool tips for disabled widgets. pygame_gui shows an element's tool tip only while it
can be hovered, and a disabled one cannot; these show the reason it is disabled with
pygame_gui's own tool tip, after the same short pause, while the mouse rests on it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.core.interfaces import IUITooltipInterface

DELAY_S = 0.6


@dataclass
class _Tip:
    element: UIElement  # its rect is on the screen
    text: str
    view: pygame.Rect | None  # the visible part of its scrolling container, if any


class DisabledTips:
    def __init__(self, gui: pygame_gui.UIManager) -> None:
        self.gui = gui
        self.tips: list[_Tip] = []
        self.over: _Tip | None = None
        self.hover_s = 0.0
        self.shown: IUITooltipInterface | None = None  # the pygame_gui tool tip on screen

    def add(self, element: UIElement, text: str, view: pygame.Rect | None = None) -> None:
        self.tips.append(_Tip(element, text, view))

    def clear(self) -> None:
        self._hide()
        self.tips, self.over = [], None

    def at(self, pos: tuple[int, int]) -> _Tip | None:
        """The disabled element under ``pos`` (its reason), if any."""
        for tip in self.tips:
            el = tip.element
            if (el.visible and el.alive() and not el.is_enabled and el.rect.collidepoint(pos)
                    and (tip.view is None or tip.view.collidepoint(pos))):
                return tip
        return None

    def update(self, dt: float) -> None:
        pos = self.gui.get_mouse_position()
        tip = self.at(pos)
        if tip is not self.over:
            self._hide()
            self.over, self.hover_s = tip, 0.0
        if tip is None:
            return
        self.hover_s += dt
        if self.shown is None and self.hover_s >= DELAY_S:
            rect = tip.element.rect
            self.shown = self.gui.create_tool_tip(
                text=tip.text, position=(pos[0], rect.centery),
                hover_distance=(0, rect.height // 2 + 2), parent_element=tip.element,
                object_id=None, wrap_width=min(360, self.gui.window_resolution[0] - 20))

    @property
    def text(self) -> str | None:
        """The reason shown now, if a tool tip is up."""
        return self.over.text if self.shown is not None and self.over else None

    def _hide(self) -> None:
        if self.shown is not None:
            self.shown.kill()
            self.shown = None
