"""The shared theme: every screen's widgets in the felt's colours, readable in every state."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from pygame_gui.core import ObjectID  # noqa: E402
from pygame_gui.elements import UIButton, UIDropDownMenu  # noqa: E402

from game.ui import main_menu  # noqa: E402
from game.ui.theme import FELT, THEME  # noqa: E402


def manager() -> pygame_gui.UIManager:
    pygame.init()
    pygame.display.set_mode((400, 300))
    return pygame_gui.UIManager((400, 300), THEME)


def luminance(c: pygame.Color) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(pygame.Color(a)), luminance(pygame.Color(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_a_plain_button_and_a_drop_down_take_the_felt_colours():
    gui = manager()
    button = UIButton(pygame.Rect(10, 10, 120, 30), "Back", gui)
    menu = UIDropDownMenu(["a", "b"], "a", pygame.Rect(10, 60, 120, 30), gui)
    assert button.colours["normal_bg"] == pygame.Color(FELT["normal_bg"])
    assert button.colours["normal_border"] == pygame.Color(FELT["normal_border"])
    assert button.colours["disabled_text"] == pygame.Color(FELT["disabled_text"])
    assert menu.background_colour == pygame.Color(FELT["dark_bg"])
    assert menu.border_colour == pygame.Color(FELT["normal_border"])


def test_the_main_menu_keeps_its_own_buttons_beside_the_shared_theme():
    gui = manager()
    gui.get_theme().load_theme(main_menu.THEME)
    button = UIButton(pygame.Rect(10, 10, 120, 30), "New game", gui,
                      object_id=ObjectID("#menu_new", "@menu_button"))
    ours = main_menu.THEME["@menu_button"]["colours"]
    assert button.colours["normal_border"] == pygame.Color(ours["normal_border"])
    assert button.colours["normal_border"] != pygame.Color(FELT["normal_border"])
    assert button.colours["selected_bg"] == pygame.Color(FELT["selected_bg"])


def test_text_reads_on_every_state_and_a_disabled_widget_looks_disabled():
    for state in ("normal", "hovered", "selected", "active"):
        assert contrast(FELT[f"{state}_text"], FELT[f"{state}_bg"]) >= 4.5, state
    assert contrast(FELT["normal_text"], FELT["dark_bg"]) >= 4.5
    # greyed out, yet legible, and plainly dimmer than an enabled label
    assert 3.0 <= contrast(FELT["disabled_text"], FELT["disabled_bg"]) < 7.0
    assert contrast(FELT["normal_text"], FELT["normal_bg"]) >= 2 * contrast(
        FELT["disabled_text"], FELT["disabled_bg"])
