"""The GUI manager's theme, for every screen: only what differs from pygame_gui's
defaults (screens load the looks of their own labels beside it)."""

from __future__ import annotations

from typing import Any

# pygame_gui gives a line of a list (the drop-downs' options, the Rules screen's
# sections) 20 px, which cuts the descenders of its 14 px Noto Sans (the "p" of
# "trump", the Russian "д", "р", "у"); 24 px shows them whole.
LIST_ITEM_HEIGHT = 24

THEME: dict[str, Any] = {
    "selection_list": {"misc": {"list_item_height": str(LIST_ITEM_HEIGHT)}},
}
