"""The table's action buttons: shown, enabled and named from the legal list."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame_gui
from pygame_gui.core import ObjectID

from game.engine.actions import Action, Catch, Exchange, Pass, Take
from game.i18n import N_, _

from .layout import Layout

if TYPE_CHECKING:
    from game.config import Settings

# Top to bottom. The buttons that come and go within a game (catch, exchange, show)
# are on top, so that their coming and going never moves the others under the mouse.
LABELS = {
    "catch": N_("Catch! (C)"), "exchange": N_("Exchange (E)"), "show": N_("Show trump (S)"),
    "log": N_("Moves (L)"), "stay_done": N_("Bout done (B)"),
    "take": N_("Take (T)"), "done": N_("Done (D)"), "transfer": N_("Transfer (R)"),
    "hint": N_("Hint (H)"), "undo": N_("Take back (U)"),
}
# The "done" button where a pass only lets a cheat stand: the defender never says done
LET_IT_GO = N_("Let it go (D)")
# Buttons shown only when the table offers them (``enable``'s ``offered``): the coach's.
OFFERED = ("hint", "undo")
ACTIONS: dict[str, Callable[[int], Action]] = {
    "take": Take, "done": Pass, "exchange": Exchange, "catch": Catch}
# Which action kinds of the legal list enable each button.
KINDS = {"take": {"Take"}, "done": {"Pass"}, "transfer": {"Transfer"}, "show": {"Show"},
         "exchange": {"Exchange"}, "stay_done": {"Pass", "Attack"}, "catch": {"Catch"}}


# The buttons' text grows with them (they are a tenth of the window wide and a
# twentieth high): pygame_gui's own 14 px up to about 800 px high, 40 px on a 4K screen.
TEXT_SIZES = (14, 16, 18, 20, 22, 25, 28, 32, 36, 40)
THEME = {f"@table_button_{size}": {"font": {"name": "noto_sans", "size": str(size)}}
         for size in TEXT_SIZES}


def text_size_for(button_w: int, button_h: int) -> int:
    """The text size of buttons of this size: four tenths of their height, rounded
    down to a size of the theme, and no larger than lets the widest label fit (about
    7.4 sizes wide: "Show trump (S)")."""
    fits = [s for s in TEXT_SIZES if s <= button_h * 0.4 and s * 7.4 + 16 <= button_w]
    return max(fits, default=TEXT_SIZES[0])


class TableButtons:
    """The pygame_gui buttons at the bottom right of the table."""

    def __init__(self, gui: pygame_gui.UIManager, transfers: bool, passes: bool = True) -> None:
        self.gui = gui
        self.transfers = transfers
        self.passes = passes  # a variant with throwing in has "done" (Prostoy has not)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.layout: Layout | None = None
        self.text_size = 0  # of the buttons made (made again when the window's size needs)
        gui.get_theme().load_theme(THEME)

    def place(self, layout: Layout) -> None:
        """Stack the visible buttons from the bottom right up, with no gaps."""
        self.layout = layout
        size = text_size_for(layout.button_w, layout.button_h)
        if size != self.text_size:
            self.text_size = size
            for name in LABELS:
                self._make(name, layout)
        shown = [n for n in LABELS if self.buttons[n].visible]
        for name, rect in zip(shown, layout.buttons(len(shown)), strict=True):
            self.buttons[name].set_relative_position(rect.topleft)
            self.buttons[name].set_dimensions(rect.size)

    def _make(self, name: str, layout: Layout) -> None:
        """The button ``name`` made with the text size now, as shown, enabled and lit
        as the one it replaces."""
        old = self.buttons.get(name)
        button = self.buttons[name] = pygame_gui.elements.UIButton(
            layout.buttons(1)[0], _(LABELS[name]), self.gui,
            object_id=ObjectID(f"#{name}", f"@table_button_{self.text_size}"))
        if old is None:
            return
        if not old.visible:
            button.hide()
        if not old.is_enabled:
            button.disable()
        if old.is_selected:
            button.select()
        old.kill()

    def most(self, settings: Settings) -> int:
        """The most buttons shown at once in a game of ``settings``: those always
        there, and every one that comes and goes which its rules may call for."""
        rules = settings.rules
        standing = 3 + 2 * self.passes + self.transfers + settings.ui.practice  # take, log, hint
        passing = rules.trump_exchange + rules.cheating * (1 + (not self.passes)) + (
            self.transfers and rules.transfer_by_showing_trump)  # catch; let it go (Prostoy)
        return standing + passing

    def __getitem__(self, name: str) -> pygame_gui.elements.UIButton:
        return self.buttons[name]

    def name_of(self, element: object) -> str | None:
        return next((n for n, b in self.buttons.items() if b is element), None)

    def action(self, name: str, seat: int) -> Action:
        return ACTIONS[name](seat)

    def hide_all(self) -> None:
        for button in self.buttons.values():
            button.hide()

    def kill(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    def enable(self, legal: Iterable[Action], finished: bool, stay_done: bool, log_open: bool,
               offered: dict[str, bool] | None = None, lets_go: bool = False) -> None:
        """Show, enable and light the buttons for this frame; toggles light when on.
        ``offered``: the OFFERED buttons to show now, and whether each is enabled;
        ``lets_go``: the player's pass would only let a cheat stand ("Let it go")."""
        offered = offered or {}
        kinds = {type(a).__name__ for a in legal}
        wanted = {name: bool(kinds & k) for name, k in KINDS.items()} | {"log": True}
        wanted |= {name: offered.get(name, False) for name in OFFERED}
        wanted["stay_done"] = stay_done or (wanted["stay_done"] and "Take" not in kinds
                                            and not lets_go)
        labels = LABELS | ({"done": LET_IT_GO} if lets_go else {})
        visible = {"take": True, "done": self.passes or wanted["done"],
                   "transfer": self.transfers, "log": True,
                   "show": wanted["show"], "exchange": wanted["exchange"],
                   "stay_done": self.passes, "catch": wanted["catch"]} | {
                       name: name in offered for name in OFFERED}
        lit = {"stay_done": stay_done, "log": log_open}
        moved = False
        for name, button in self.buttons.items():
            if button.text != _(labels[name]):  # the language was switched, or the role
                button.set_text(_(labels[name]))
            show = visible[name] and (not finished or name == "log")
            if show != button.visible:
                button.show() if show else button.hide()
                moved = True
            if wanted[name] != button.is_enabled:
                button.enable() if wanted[name] else button.disable()
            if lit.get(name, False) != button.is_selected:
                button.select() if lit.get(name, False) else button.unselect()
        if moved and self.layout is not None:
            self.place(self.layout)
