"""Hiding the GUI widgets of the screens below a scene that fills the window.

pygame_gui draws every live widget, whichever scene made it, so a screen pushed
over another hides the widgets below while it is open and shows them again when
it closes.
"""

from __future__ import annotations

from collections.abc import Collection

import pygame_gui
from pygame_gui.core.interfaces import IUIElementInterface


class Cover:
    """The widgets one scene has hidden, to show again."""

    def __init__(self, gui: pygame_gui.UIManager) -> None:
        self.gui = gui
        self.hidden: list[IUIElementInterface] = []

    def hide_below(self, keep: Collection[IUIElementInterface] = ()) -> None:
        """Hide every visible top-level widget but those in ``keep``."""
        root = self.gui.get_root_container()
        assert root is not None, "a UIManager makes its root container"
        for el in list(root):  # its elements
            if el not in keep and el.visible:
                el.hide()
                self.hidden.append(el)

    def lift(self) -> None:
        """Show again what was hidden and is still alive (a screen below may have
        rebuilt its widgets meanwhile: the old ones are gone, the new ones hidden)."""
        for el in self.hidden:
            if el.alive():
                el.show()
        self.hidden = []
