"""What pygame_gui's drop-down menus lack: closing an open list from the keyboard."""

from __future__ import annotations

from collections.abc import Iterable

from pygame_gui.elements import UIDropDownMenu


def is_open(menu: UIDropDownMenu) -> bool:
    """Whether ``menu`` shows its list."""
    return menu.current_state is menu.menu_states["expanded"]


def close_open_list(elements: Iterable[object]) -> bool:
    """Close the list of any drop-down of ``elements`` that shows one (at the GUI's
    next update); whether one was open. Esc on a screen with a list open closes the
    list, as in any other program, instead of leaving the screen."""
    closed = False
    for element in elements:
        if isinstance(element, UIDropDownMenu) and is_open(element):
            element.menu_states["expanded"].should_transition = True  # the current state
            closed = True
    return closed
