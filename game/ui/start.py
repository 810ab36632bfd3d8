"""The start screen: variant, second trump, players, teams, deck and each opponent's
level, then Play. What does not apply to the variant is greyed out or not offered."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.config import LEVELS, PlayerSpec, SeriesSettings
from game.engine.rules import MOST_PLAYERS, fixed_keys
from game.engine.scoring import PENALTY_TARGETS, SYSTEMS, default_target
from game.i18n import N_, _, ngettext
from game.stats import game_key

from .names import variant_title
from .scene import Scene

MESSAGE_TOP, MESSAGE_SIZE, MESSAGE_LINE = 84, 20, 20
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha")
TEAMS = {4: ((0, 2), (1, 3)), 6: ((0, 2, 4), (1, 3, 5))}
VARIANT_NAMES = {"podkidnoy": N_("podkidnoy (throw-in)"), "perevodnoy": N_("perevodnoy (transfer)"),
                 "prostoy": N_("prostoy (simple, five cards)")}
SECOND_CHOICES = {"one": N_("one trump"), "second": N_("second trump (Severnyi)")}
LEVEL_NAMES = {"random": N_("random"), "easy": N_("easy"), "normal": N_("normal"),
               "hard": N_("hard"), "expert": N_("expert")}
NO_TARGET = "none"  # the target option's value for a series without one
TEAM_CHOICES = {"solo": N_("no teams"), "teams": N_("two teams")}
SYSTEM_NAMES = {"fools": N_("matchsticks (fools)"), "penalty_points": N_("penalty points"),
                "basic": N_("basic (first out)"), "basic_plus": N_("basic plus"),
                "medium": N_("medium (by place)"), "advanced": N_("advanced (card points)")}


def describe_saved(match) -> str:
    """What a saved game is, for its Continue button: "Perevodnoy, 4 players, your turn"."""
    from game.engine import next_actor

    name = variant_title(game_key(match.settings.rules))
    players = ngettext("%d player", "%d players", match.n) % match.n
    actor = next_actor(match.state) if match.state is not None else None
    if actor is None:
        turn = _("game over")
    elif actor == match.human:
        turn = _("your turn")
    else:
        turn = _("{name}'s turn").format(name=match.players[actor].name)
    return _("{variant}, {players}, {turn}").format(variant=name, players=players, turn=turn)


def options(names: dict[str, str], keys) -> list[tuple[str, str]]:
    """Drop-down options: (what the player reads, the value it stands for)."""
    return [(_(names[k]), k) for k in keys]


def deck_options() -> list[tuple[str, str]]:
    return [(ngettext("%d card", "%d cards", n) % n, str(n)) for n in (24, 36, 52)]


def target_values(system: str, players: int, current: int | None) -> list[int | None]:
    """The targets offered for ``system``, the default first (None: no target), and
    ``current`` if the settings chose another."""
    base = default_target(system, players)
    offered: list[int | None] = {
        "fools": [None, 3, 5, 10], "penalty_points": list(PENALTY_TARGETS),
        "advanced": [base],
    }.get(system, [base, 2 * base, 3 * base] if base else [])
    if current is not None and current not in offered and system not in ("penalty_points",
                                                                         "advanced"):
        offered.append(current)
    return offered


def target_options(system: str, players: int, current: int | None) -> list[tuple[str, str]]:
    return [(_("none (endless)") if t is None else str(t), target_id(t))
            for t in target_values(system, players, current)]


def target_id(target: int | None) -> str:
    """A target as a drop-down option's value (not shown)."""
    return NO_TARGET if target is None else str(target)


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
        self.series = s.series
        self.saved = self._saved_game()
        self.elements: list = []
        self.widgets: dict = {}
        self._background: pygame.Surface | None = None
        self.resize(ctx.size)

    def _saved_game(self):
        """The saved game, restored, or None; a broken save's message is shown on top."""
        if self.ctx.autosave is None:
            return None
        from game.session.save import continue_saved, save_path

        if not save_path().exists():
            return None
        restored, message = continue_saved(self.ctx.settings.ui, self.ctx.thinker,
                                           self.ctx.delay_ms)
        if message is not None:
            self.ctx.messages.append(message)
        return restored

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
        # variant, trumps, players, teams, deck, scoring, target, and a level per computer
        free = h - y - 90 - (56 if self.saved is not None else 0)
        row = max(28, min(44, free // (self.count + 6)))
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
        # the scoring and its target (a team game is scored only as endless matchsticks)
        series = self._series_chosen()
        systems = ["fools"] if self._teams_chosen() else list(SYSTEMS)
        target = series.target or default_target(series.system, self.count)
        rows += [("system", _("Scoring"), options(SYSTEM_NAMES, systems), series.system),
                 ("target", _("Target"), target_options(series.system, self.count,
                                                         series.target), target_id(target))]
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
        if self.saved is not None:
            text = _("Continue: {what}").format(what=describe_saved(self.saved[0]))
            button = UIButton(pygame.Rect(w // 2 - 250, y, 500, 44), text, self.ctx.gui,
                              object_id="#continue")
            self.elements.append(button)
            self.widgets["continue"] = button
            y += 56
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

    def _teams_chosen(self) -> bool:
        return self.teams and self.count in TEAMS

    def _series_chosen(self) -> SeriesSettings:
        if self._teams_chosen():
            return SeriesSettings()
        if self.series.target not in target_values(self.series.system, self.count,
                                                   self.series.target):
            return SeriesSettings(self.series.system)
        return self.series

    def _label(self, rect: pygame.Rect, text: str) -> None:
        self.elements.append(UILabel(rect, text, self.ctx.gui))

    # --- input -------------------------------------------------------------------

    def handle_event(self, e) -> None:
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._changed(e.ui_element, e.selected_option_id)
        elif e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.widgets.get("play"):
                self.play()
            elif e.ui_element is self.widgets.get("continue"):
                self.resume()
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
            self._build()  # the scoring a team game allows
        elif key == "system":
            self.series = SeriesSettings(value)
            self._build()  # its targets
        elif key == "target":
            self.series = SeriesSettings(self.series.system,
                                         None if value == NO_TARGET else int(value))
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
        return dataclasses.replace(s, rules=rules, players=tuple(players),
                                   series=self._series_chosen())

    def play(self) -> None:
        from .table import TableScene

        self.manager.replace(TableScene(self.ctx, self.chosen_settings()))

    def resume(self) -> None:
        from .table import TableScene

        if self.saved is not None:
            self.manager.replace(TableScene(self.ctx, self.saved[0].settings, self.saved))

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
