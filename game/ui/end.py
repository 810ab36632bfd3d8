"""The end of a game: who is the fool, the series so far, Play again or Back."""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import _, ngettext

from .scene import Scene


def verdict(result, names: list[str], human: int | None) -> str:
    """One line: who lost, or a draw."""
    if result is None or result.draw:
        return _("A draw: nobody is the fool")
    if result.loser is not None:
        if result.loser == human:
            return _("You are the fool!")
        return _("{name} is the fool").format(name=names[result.loser])
    return _("{team} lose: the fools").format(
        team=name_list([names[s] for s in result.losing_team]))


def name_list(names: list[str]) -> str:
    """"Anna", "Anna and Boris", "Anna, Boris and Vera"."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


class EndScene(Scene):
    """An overlay on the table after the last card."""

    def __init__(self, ctx, table) -> None:
        self.ctx = ctx
        self.table = table
        self.age = 0.0
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.resize(ctx.size)

    def resize(self, size) -> None:
        self.size = size
        w, h = size
        self.panel = pygame.Rect(0, 0, min(560, w - 40), min(380, h - 40))
        self.panel.center = (w // 2, h // 2)
        bw, bh = 160, 40
        y = self.panel.bottom - bh - 20
        rects = {
            "again": pygame.Rect(self.panel.centerx - bw - 10, y, bw, bh),
            "back": pygame.Rect(self.panel.centerx + 10, y, bw, bh),
        }
        labels = {"again": _("Play again"), "back": _("Back")}
        for name, rect in rects.items():
            if name in self.buttons:
                self.buttons[name].set_relative_position(rect.topleft)
                self.buttons[name].set_text(labels[name])  # the language may have changed
            else:
                self.buttons[name] = pygame_gui.elements.UIButton(
                    rect, labels[name], self.ctx.gui, object_id=f"#{name}")
        self._image = None
        self._shade = pygame.Surface(size, pygame.SRCALPHA)
        self._shade.fill((0, 0, 0, 90))

    def close(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def handle_event(self, e) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.buttons.get("again"):
                self.play_again()
            elif e.ui_element is self.buttons.get("back"):
                self.back()
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.play_again()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.back()

    def play_again(self) -> None:
        self.manager.pop()
        self.table.new_game()

    def back(self) -> None:
        self.table.leave()

    def update(self, dt: float) -> None:
        self.age += dt
        if self._image is None:
            self._image = self._render()
        wait = self.ctx.auto_next_game_s
        if wait is not None and self.age >= wait and self.manager.top is self:
            self.play_again()

    def _render(self) -> pygame.Surface:
        text = self.ctx.text
        match = self.table.match
        names = [p.name for p in match.players]
        surf = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (12, 30, 22, 250), surf.get_rect(), border_radius=16)
        pygame.draw.rect(surf, (230, 200, 120), surf.get_rect(), 2, border_radius=16)
        title = text.render(verdict(match.state.result, names, match.human), 44,
                            (255, 230, 150), bold=True)
        surf.blit(title, title.get_rect(midtop=(surf.get_width() // 2, 20)))
        series = match.series
        sub = text.render(ngettext("Fools so far, after %d game:",
                                   "Fools so far, after %d games:", series.games)
                          % series.games, 26)
        surf.blit(sub, sub.get_rect(midtop=(surf.get_width() // 2, 78)))
        y = 110
        for seat, name in enumerate(names):
            line = text.render(f"{name}: {series.fools[seat]}", 26, (235, 235, 225))
            surf.blit(line, line.get_rect(midtop=(surf.get_width() // 2, y)))
            y += 28
        return surf

    def draw(self, surface) -> None:
        if self._image is None:
            return
        surface.blit(self._shade, (0, 0))
        surface.blit(self._image, self.panel)
