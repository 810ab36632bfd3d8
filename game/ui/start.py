"""The start screen: variant, second trump, players, teams, deck and each opponent's
level, then Play. What does not apply to the variant is greyed out or not offered."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.config import LEVELS, PlayerSpec
from game.engine.rules import MOST_PLAYERS, fixed_keys
from game.i18n import N_, _, ngettext

from .scene import Scene

MESSAGE_TOP, MESSAGE_SIZE, MESSAGE_LINE = 84, 20, 20
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha")
TEAMS = {4: ((0, 2), (1, 3)), 6: ((0, 2, 4), (1, 3, 5))}
VARIANT_NAMES = {"podkidnoy": N_("podkidnoy (throw-in)"), "perevodnoy": N_("perevodnoy (transfer)"),
                 "prostoy": N_("prostoy (simple, five cards)")}
SECOND_CHOICES = {"one": N_("one trump"), "second": N_("second trump (Severnyi)")}
LEVEL_NAMES = {"random": N_("random"), "easy": N_("easy"), "normal": N_("normal"),
               "hard": N_("hard"), "expert": N_("expert")}
TEAM_CHOICES = {"solo": N_("no teams"), "teams": N_("two teams")}


def options(names: dict[str, str], keys) -> list[tuple[str, str]]:
    """Drop-down options: (what the player reads, the value it stands for)."""
    return [(_(names[k]), k) for k in keys]


def deck_options() -> list[tuple[str, str]]:
    return [(ngettext("%d card", "%d cards", n) % n, str(n)) for n in (24, 36, 52)]


class StartScene(Scene):
    """Choose the game, then Play."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        s = ctx.settings
        self.variant = s.rules.variant
        self.deck = str(s.rules.deck)
        self.count = len(s.players)
        self.teams = s.rules.teams is not None
        self.second = s.rules.second_trump
        human = next((p for p in s.players if p.human), PlayerSpec(_("You"), "human"))
        self.human_name = human.name
        others = [p for p in s.players if not p.human]
        self.names = [p.name for p in others] + [n for n in NAMES if n not in
                                                 {p.name for p in others}]
        self.levels = [p.level for p in others] + ["normal"] * 5
        self.elements: list = []
        self.widgets: dict = {}
        self._background: pygame.Surface | None = None
        self.resize(ctx.size)

    # --- building the form ---------------------------------------------------------

    def resize(self, size) -> None:
        self.size = size
        self._build()

    def _clear(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements, self.widgets = [], {}

    def close(self) -> None:
        self._clear()

    def _build(self) -> None:
        self._clear()
        w, h = self.size
        col_w = min(260, (w - 80) // 2)
        x_label = w // 2 - col_w - 10
        x_field = w // 2 + 10
        self.message_lines = [line for msg in self.ctx.messages[-3:]
                              for line in self.ctx.text.wrap(msg, MESSAGE_SIZE, w - 40)]
        below_messages = MESSAGE_TOP + MESSAGE_LINE * len(self.message_lines) + 40
        y = top = max(110, int(h * 0.2), below_messages if self.message_lines else 0)
        row = max(34, min(44, (h - y - 90) // 12))
        fixed = fixed_keys(self.variant)
        teams_ok = self.count in TEAMS and "teams" not in fixed
        counts = [(str(n), str(n)) for n in range(2, MOST_PLAYERS.get(self.variant, 6) + 1)]
        rows = [
            ("variant", _("Variant"), options(VARIANT_NAMES, VARIANT_NAMES), self.variant),
            ("second", _("Trumps"), options(SECOND_CHOICES, SECOND_CHOICES),
             "second" if self.second else "one"),
            ("count", _("Players"), counts, str(self.count)),
            ("teams", _("Teams"), options(TEAM_CHOICES, ["solo", "teams"] if teams_ok
                                          else ["solo"]),
             "teams" if self.teams and teams_ok else "solo"),
            ("deck", _("Deck"), deck_options(), self.deck),
        ]
        rows += [(f"level{i}", self.names[i], options(LEVEL_NAMES, LEVELS), self.levels[i])
                 for i in range(self.count - 1)]
        for key, label, choices, value in rows:
            self._label(pygame.Rect(x_label, y, col_w, row - 6), label)
            current = next(c for c in choices if c[1] == value)
            menu = UIDropDownMenu(choices, current, pygame.Rect(x_field, y, col_w, row - 6),
                                  self.ctx.gui)
            self.elements.append(menu)
            self.widgets[key] = menu
            if key == "teams" and "teams" in fixed:
                menu.disable()  # greyed: this variant has no teams
            y += row
        y += 12
        for key, text, x in (("play", _("Play"), w // 2 - 170),
                             ("quit", _("Quit"), w // 2 + 10)):
            button = UIButton(pygame.Rect(x, y, 160, 44), text, self.ctx.gui,
                              object_id=f"#{key}")
            self.elements.append(button)
            self.widgets[key] = button
        stats = UIButton(pygame.Rect(w - 180, h - 56, 160, 40), _("Statistics"), self.ctx.gui,
                         object_id="#stats")
        self.elements.append(stats)
        self.widgets["stats"] = stats
        half = min(300, w // 2 - 10)
        self.panel = pygame.Rect(w // 2 - half, top - 30, 2 * half, y + 44 + 24 - (top - 30))
        self._background = None

    def _label(self, rect: pygame.Rect, text: str) -> None:
        self.elements.append(UILabel(rect, text, self.ctx.gui))

    # --- input -------------------------------------------------------------------

    def handle_event(self, e) -> None:
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._changed(e.ui_element, e.selected_option_id)
        elif e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.widgets.get("play"):
                self.play()
            elif e.ui_element is self.widgets.get("quit"):
                self.manager.quit = True
            elif e.ui_element is self.widgets.get("stats"):
                self.show_stats()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_RETURN:
            self.play()
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.manager.quit = True

    def _changed(self, element, value: str) -> None:
        """``value`` is the option's value, never its (translated) text."""
        key = next((k for k, el in self.widgets.items() if el is element), None)
        if key == "variant":
            self.variant = value
            self.count = min(self.count, MOST_PLAYERS.get(value, 6))
            self._build()  # the choices that apply to this variant
        elif key == "second":
            self.second = value == "second"
        elif key == "deck":
            self.deck = value
        elif key == "teams":
            self.teams = value == "teams"
        elif key == "count":
            self.count = int(value)
            self._build()
        elif key and key.startswith("level"):
            self.levels[int(key[5:])] = value

    def chosen_settings(self):
        """The settings for the table, from the form."""
        s = self.ctx.settings
        teams = TEAMS.get(self.count) if self.teams and "teams" not in fixed_keys(
            self.variant) else None
        rules = dataclasses.replace(s.rules.with_variant(self.variant), deck=int(self.deck),
                                    teams=teams, second_trump=self.second)
        spec = {p.name: p for p in s.players}
        players = [PlayerSpec(self.human_name, "human")]
        for i in range(self.count - 1):
            old = spec.get(self.names[i])
            think = old.think_ms if old is not None else None
            players.append(PlayerSpec(self.names[i], "computer", self.levels[i], think))
        return dataclasses.replace(s, rules=rules, players=tuple(players))

    def play(self) -> None:
        from .table import TableScene

        self.manager.replace(TableScene(self.ctx, self.chosen_settings()))

    def show_stats(self) -> None:
        from .stats_screen import StatsScene

        self.manager.push(StatsScene(self.ctx))

    def update(self, dt: float) -> None:
        size = self.ctx.size
        if self._background is None or self._background.get_size() != size:
            from . import art

            self._background = art.table_background(size)
            shade = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 110), self.panel, border_radius=18)
            self._background.blit(shade, (0, 0))

    def draw(self, surface) -> None:
        background = self._background
        if background is not None and background.get_size() == surface.get_size():
            surface.blit(background, (0, 0))
        else:
            surface.fill((18, 70, 44))
        text = self.ctx.text
        w = surface.get_width()
        text.blit(surface, _("Durak"), 72, (w // 2, 24), (255, 230, 150), anchor="midtop",
                  bold=True)
        y = MESSAGE_TOP
        for line in self.message_lines:
            text.blit(surface, line, MESSAGE_SIZE, (w // 2, y), (255, 170, 150),
                      anchor="midtop")
            y += MESSAGE_LINE
