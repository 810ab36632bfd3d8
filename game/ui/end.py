"""The end of a game: who is the fool and the scoreboard of the series, Next game or
Back; at the end of a series its winner and the final table, Play again or Back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine.events import GameOver
from game.i18n import _, ngettext

from .scene import Scene
from .scoreboard import Board

if TYPE_CHECKING:
    from game.session.match import Match

    from .context import Context
    from .table import TableScene


def verdict(result: GameOver | None, names: list[str], human: int | None) -> str:
    """One line: who lost, or a draw."""
    if result is None or result.draw:
        return _("A draw: nobody is the fool")
    if result.loser is not None:
        if result.loser == human:
            return _("You are the fool!")
        return _("{name} is the fool").format(name=names[result.loser])
    return _("{team} lose: the fools").format(
        team=name_list([names[s] for s in result.losing_team or ()]))


def headline(match: Match) -> str:
    """The panel's title: the series' result once it is over, else the game's verdict."""
    series = match.series
    names = [p.shown for p in match.settings.players]
    human = match.human_in_series
    if series.finished:
        won = series.winners
        if human in won:
            return ngettext("You win the series!", "You share the win of the series!",
                            len(won))
        return ngettext("{names} wins the series", "{names} win the series", len(won)).format(
            names=name_list([names[s] for s in won]))
    if match.human_out:
        return _("You are out of the series")
    return verdict(_result(match), [p.shown for p in match.players], match.human)


def _result(match: Match) -> GameOver | None:
    """The result of the game just ended (the end screen comes after a deal)."""
    assert match.state is not None, "no game dealt yet"
    return match.state.result


def board_lines(match: Match) -> list[str]:
    """The lines under the title: how many games, and at the end the last game's verdict."""
    games = match.series.games
    if not match.series_over:
        return [ngettext("After %d game of the series", "After %d games of the series",
                         games) % games]
    last = verdict(_result(match), [p.shown for p in match.players], match.human)
    return [_("Last game: {verdict}").format(verdict=last),
            ngettext("Final table after %d game", "Final table after %d games", games) % games]


def name_list(names: list[str]) -> str:
    """"Anna", "Anna and Boris", "Anna, Boris and Vera"."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


class EndScene(Scene):
    """An overlay on the table after the last card."""

    def __init__(self, ctx: Context, table: TableScene) -> None:
        self.ctx = ctx
        self.table = table
        self.age = 0.0
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.resize(ctx.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        match = self.table.match
        self.board = Board(self.ctx.text, match, headline(match), board_lines(match),
                           min(640, w - 40))
        bw, bh = 160, 40
        room = h - 40 - bh - 30
        self.scale = min(1.0, room / self.board.height)
        self.panel = pygame.Rect(0, 0, self.board.width,
                                 int(self.board.height * self.scale) + bh + 30)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.bottom - bh - 16
        names = ["review", "again", "back"] if self.reviewable else ["again", "back"]
        left = self.panel.centerx - (len(names) * (bw + 20) - 20) // 2
        rects = {name: pygame.Rect(left + i * (bw + 20), y, bw, bh)
                 for i, name in enumerate(names)}
        again = _("Play again") if match.series_over else _("Next game")
        labels = {"again": again, "back": _("Back"), "review": _("Review my moves")}
        for name, rect in rects.items():
            if name in self.buttons:
                self.buttons[name].set_relative_position(rect.topleft)
                self.buttons[name].set_text(labels[name])  # the language may have changed
            else:
                self.buttons[name] = pygame_gui.elements.UIButton(
                    rect, labels[name], self.ctx.gui, object_id=f"#{name}")
        self._image: pygame.Surface | None = None  # the panel, rendered on the next update
        self._shade = pygame.Surface(size, pygame.SRCALPHA)
        self._shade.fill((0, 0, 0, 90))

    def close(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.buttons.get("again"):
                self.play_again()
            elif e.ui_element is self.buttons.get("back"):
                self.back()
            elif e.ui_element is self.buttons.get("review"):
                self.open_review()
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.play_again()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.back()

    @property
    def reviewable(self) -> bool:
        """The game was dealt from a seed and had a human player: the expert can look."""
        match = self.table.match
        return match.record is not None and match.human is not None

    def open_review(self) -> None:
        """The review over this screen, whose buttons hide until it closes."""
        from .review import ReviewScene

        self.manager.push(ReviewScene(self.ctx, self.table))

    def cover(self, covered: bool) -> None:
        for b in self.buttons.values():
            b.hide() if covered else b.show()

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
        surf = pygame.Surface(self.panel.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (12, 30, 22, 255), surf.get_rect(), border_radius=16)
        pygame.draw.rect(surf, (230, 200, 120), surf.get_rect(), 2, border_radius=16)
        board = self.board.render()
        if self.scale < 1.0:  # a small window: the table shrinks, the buttons do not
            board = pygame.transform.smoothscale(
                board, (int(board.get_width() * self.scale),
                        int(board.get_height() * self.scale)))
        surf.blit(board, board.get_rect(midtop=(surf.get_width() // 2, 0)))
        return surf

    def draw(self, surface: pygame.Surface) -> None:
        if self._image is None:
            return
        surface.blit(self._shade, (0, 0))
        surface.blit(self._image, self.panel)
