"""The GUI manager's theme, for every screen: only what differs from pygame_gui's
defaults (screens load the looks of their own labels beside it)."""

from __future__ import annotations

from typing import Any

# pygame_gui gives a line of a list (the drop-downs' options, the Rules screen's
# sections) 20 px, which cuts the descenders of its 14 px Noto Sans (the "p" of
# "trump", the Russian "д", "р", "у"); 24 px shows them whole.
LIST_ITEM_HEIGHT = 24

# The felt's colours for every widget (buttons, drop-downs, lists, sliders, text
# lines), as the main menu's buttons have them: pygame_gui's own grey and blue sat
# on the green table like another program's. A disabled widget stays plainly dimmer.
FELT = {
    "normal_bg": "#173d2b", "hovered_bg": "#24603f", "selected_bg": "#6b5220",
    "active_bg": "#8a6a28", "dark_bg": "#0f2a1e", "disabled_bg": "#11261c",
    "disabled_dark_bg": "#0c1d15",
    "normal_text": "#f5ecd0", "hovered_text": "#ffffff", "selected_text": "#ffffff",
    "active_text": "#ffffff", "disabled_text": "#6e8a78",
    "normal_border": "#b89a50", "hovered_border": "#ffe6a0", "selected_border": "#ffe6a0",
    "active_border": "#ffe6a0", "disabled_border": "#2a4a38",
}

THUMB = {"normal_bg": "#2f6e4c", "hovered_bg": "#3c8a5f"}

THEME: dict[str, Any] = {
    "defaults": {"colours": FELT},
    "button": {"misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6"}},
    # a scroll bar's or a slider's thumb a lighter green than its track, found at a glance
    "vertical_scroll_bar.#sliding_button": {"colours": THUMB},
    "horizontal_slider.#sliding_button": {"colours": THUMB},
    "selection_list": {"misc": {"list_item_height": str(LIST_ITEM_HEIGHT)}},
}
