"""The table scene: the engine's events become animations; the human's input becomes actions."""

from __future__ import annotations

from collections import deque

import pygame
import pygame_gui

from game.engine.actions import Show, Transfer

from .controls import BUTTON_ACTIONS, HumanControls
from .layout import TRUMP_ANGLE, Layout, Place, card_width_for, placements
from .match import Match
from .mirror import Mirror
from .scene import Scene
from .sprites import SpriteSet
from .table_view import Overlay, TableArt, TableView

# Seconds at animation speed 1: (glide of each card, hold before the next event, stagger).
TIMING = {
    "Dealt": (0.35, 0.35, 0.045), "Drew": (0.32, 0.25, 0.09), "Played": (0.3, 0.3, 0.06),
    "Covered": (0.3, 0.3, 0.0), "Transferred": (0.35, 0.35, 0.06), "Took": (0.45, 0.45, 0.03),
    "Discarded": (0.45, 0.45, 0.02), "Exchanged": (0.4, 0.4, 0.0),
    "TakeDeclared": (0.2, 0.25, 0.0), "Passed": (0.2, 0.15, 0.0), "BoutStarted": (0.2, 0.05, 0.0),
    "Out": (0.2, 0.1, 0.0), "GameOver": (0.2, 0.4, 0.0),
}
BUTTONS = ("take", "done", "transfer", "exchange")


class TableScene(Scene):
    """One series of games at the table."""

    def __init__(self, ctx, settings) -> None:
        self.ctx = ctx
        self.settings = settings
        self.match = Match(settings, ctx.seed, ctx.thinker, ctx.delay_ms)
        self.match.on_action.extend(ctx.on_action)
        self.human = self.match.human
        self.bottom = self.human if self.human is not None else 0
        self.view = TableView(ctx.text, [p.name for p in settings.players])
        self.sprites = SpriteSet()
        self.controls = HumanControls(self)
        self.queue: deque = deque()
        self.hold = 0.0
        self.now = 0.0
        self.idle_since: float | None = None
        self.message, self.message_until = "", 0.0
        self.overlay = Overlay()
        self.end_shown = False
        self._legal_version = -1
        self._legal: list = []
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.art: TableArt | None = None
        self.resize(ctx.size)
        self.new_game()
        if ctx.messages:
            self.say(ctx.messages[0], 10.0)

    # --- games and geometry --------------------------------------------------------

    def new_game(self, dealt=None) -> None:
        """Deal the next game of the series (``dealt``: a given deal, for tests)."""
        self.mirror = Mirror(self.match.n, self.settings.rules.deck)
        self.sprites = SpriteSet()
        self.controls.reset()
        self.queue.clear()
        self.hold = 0.0
        self.queue.extend(self.match.start_game(dealt))
        self.end_shown = False
        self._queue_warm_up()

    def _queue_warm_up(self) -> None:
        """Faces to render ahead, a few per frame: the player's hand first."""
        from game.engine.cards import deck_cards, iter_mask

        first = list(iter_mask(self.match.state.hands[self.bottom])) if self.match.state else []
        deck = deck_cards(self.settings.rules.deck)
        # The hand is needed as the deal lands, and a court card takes longer to draw
        # than a frame has: render those now, the rest one per frame.
        now = first + [c for c in deck if c % 13 + 2 in (11, 12, 13) and c not in first]
        for c in now:
            self.art.big.face(c)
        self._warm = deque(c for c in deck if c not in now)

    def _warm_up(self) -> None:
        """Render one face ahead of need per frame (a face takes a few ms)."""
        if self._warm:
            self.art.big.face(self._warm.popleft())

    def resize(self, size) -> None:
        cw = card_width_for(*size)
        sw = max(24, int(cw * 0.55))
        if self.art is None:
            self.art = TableArt(cw, sw)
        else:
            self.art.resize(cw, sw)
        self.layout = Layout(size, self.match.n, self.bottom, self.art.big.size,
                             self.art.small.size)
        self._place_buttons()
        if hasattr(self, "mirror"):
            self.relayout(snap=True)
            self._queue_warm_up()

    def _place_buttons(self) -> None:
        if self.human is None:
            return
        labels = {"take": "Take (T)", "done": "Done (D)", "transfer": "Transfer (R)",
                  "exchange": "Exchange (E)"}
        for name, rect in zip(BUTTONS, self.layout.buttons(len(BUTTONS)), strict=True):
            button = self.buttons.get(name)
            if button is None:
                self.buttons[name] = pygame_gui.elements.UIButton(
                    rect, labels[name], self.ctx.gui, object_id=f"#{name}")
            else:
                button.set_relative_position(rect.topleft)
                button.set_dimensions(rect.size)

    def close(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    def relayout(self, snap: bool = False, dur: float = 0.12) -> None:
        self.sprites.retarget(self._places(), dur / self.ctx.anim_speed, snap=snap)

    def _places(self) -> dict:
        lift = {}
        for c in self.controls.selected:
            lift[c] = self.layout.ch * 0.2
        if self.controls.cursor is not None:
            lift[self.controls.cursor] = max(lift.get(self.controls.cursor, 0),
                                             self.layout.ch * 0.1)
        return placements(self.layout, self.mirror, True, lift)

    # --- the clock ---------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.now += dt * 1000
        self._warm_up()
        self._play_events(dt)
        moving = self.sprites.update(dt)
        if self.mirror.trump_arriving is not None and not moving:
            self._lay_trump_crosswise()
        if self.controls.dragged is not None:
            self.follow_drag()
        idle = not self.queue and self.hold <= 0 and not moving
        if not idle:
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = self.now
        self.queue.extend(self.match.update(self.now, self.idle_since))
        if self.match.notices:
            self.say(" ".join(self.match.notices), 6.0)
            self.match.notices.clear()
        if self.match.finished and idle and not self.queue and not self.end_shown:
            self.end_shown = True
            from .end import EndScene

            self.manager.push(EndScene(self.ctx, self))
        self._refresh_controls()

    def _lay_trump_crosswise(self) -> None:
        """The card given in exchange has landed: the talon draws it from now on."""
        self.mirror.trump_arriving = None
        self.sprites.retarget(self._places(), 0.0)

    def _play_events(self, dt: float) -> None:
        self.hold -= dt
        while self.hold <= 0 and self.queue:
            self._show(self.queue.popleft())
        if not self.queue:
            self.hold = max(self.hold, 0.0)

    def _show(self, e) -> None:
        kind = type(e).__name__
        trump_before = self.mirror.trump_card
        self.mirror.apply(e)
        glide, hold, stagger = TIMING.get(kind, (0.2, 0.1, 0.0))
        speed = self.ctx.anim_speed
        delays, origins = {}, {}
        if kind == "Dealt":
            longest = max((len(h) for h in e.hands), default=0)
            order = [h[i] for i in range(longest) for h in e.hands if i < len(h)]
            delays = {c: i * stagger / speed for i, c in enumerate(order)}
            hold += stagger * len(order)
        elif kind in ("Drew", "Played", "Transferred", "Took", "Discarded"):
            delays = {c: i * stagger / speed for i, c in enumerate(e.cards)}
            hold += stagger * len(e.cards)
        trump_place = Place(*self.layout.trump_pos, True, True, 0, TRUMP_ANGLE)
        if kind == "Drew" and trump_before in e.cards:
            origins[trump_before] = trump_place
        if kind == "Exchanged":
            origins[e.got] = trump_place
        if kind in ("Played", "Covered", "Transferred") and e.seat == self.human:
            self.controls.selected -= set(getattr(e, "cards", ()) or (getattr(e, "card", -1),))
        talon = Place(*self.layout.talon_pos, False, True, 0)
        self.sprites.retarget(self._places(), glide / speed, talon, delays, origins=origins)
        self.hold += hold / speed

    # --- what the human may do -----------------------------------------------------

    @property
    def can_act(self) -> bool:
        """The human may act now; judged on the engine state, even while the
        screen still shows earlier events."""
        return self.human is not None and not self.match.finished

    def legal(self) -> list:
        if self._legal_version != self.match.version:
            self._legal_version = self.match.version
            self._legal = self.match.legal()
        return self._legal if self.can_act else []

    def hand(self) -> list[int]:
        return self.mirror.sorted_hand(self.bottom) if self.human is not None else []

    def hand_card_at(self, pos) -> int | None:
        if self.human is None:
            return None
        held = self.match.state.hands[self.human]
        hand = {c for c in self.mirror.hands[self.bottom] if held >> c & 1}
        for s in reversed(self.sprites.in_order()):
            if s.card in hand and self.layout.card_rect(s.x, s.y).collidepoint(pos):
                return s.card
        return None

    def target_at(self, pos):
        """What lies under ``pos``: an uncovered attack card, the transfer zone, the table."""
        for a, c in zip(self.mirror.attacks, self.mirror.covers, strict=True):
            s = self.sprites.sprites.get(a)
            if c < 0 and s is not None and self.layout.card_rect(s.x, s.y).collidepoint(pos):
                return ("defend", a)
        zone = self.overlay.transfer_rect
        if zone is not None and zone.collidepoint(pos):
            return ("transfer",)
        if self.layout.table.collidepoint(pos):
            return ("table",)
        return None

    def follow_drag(self) -> None:
        card = self.controls.dragged
        sprite = self.sprites.sprites.get(card)
        if sprite is None:
            return
        _, _, (ox, oy) = self.controls.press
        sprite.x, sprite.y = self.controls.drag_pos[0] - ox, self.controls.drag_pos[1] - oy
        sprite.z = 10_000

    def drop(self, card: int, pos) -> None:
        target = self.target_at(pos) if self.can_act else None
        sprite = self.sprites.sprites.get(card)
        if (target is None or not self.play_onto(card, target)) and sprite is not None:
            self.sprites.glide_back(card, sprite.x, sprite.y, 0.25 / self.ctx.anim_speed)

    def play_onto(self, card: int, target) -> bool:
        action = self.controls.candidate(card, target, self.legal(), self.match.state,
                                         self.human)
        return self.submit(action)

    def play_first(self, card: int) -> None:
        action = self.controls.first_play(card, self.legal())
        if action is None:
            self.play_onto(card, ("table",))
        else:
            self.submit(action)

    def press_button(self, name: str) -> None:
        if self.human is None or not self.can_act:
            return
        if name == "transfer":
            legal = [a for a in self.legal() if isinstance(a, Transfer | Show)]
            chosen = [a for a in legal if set(getattr(a, "cards", ())) & self.controls.selected]
            action = (chosen or legal or [Transfer(self.human, ())])[0]
        else:
            action = BUTTON_ACTIONS[name](self.human)
        self.submit(action)

    def submit(self, action) -> bool:
        """Play ``action`` if the engine lists it; else say why, in a few words."""
        if not self.can_act:
            return False
        if action in self.legal():
            self.queue.extend(self.match.submit(action))
            self.controls.selected.clear()
            self.message_until = 0.0
            return True
        self.say(self.match.reason(action))
        return False

    def say(self, text: str, seconds: float = 2.5) -> None:
        self.message, self.message_until = text, self.now + seconds * 1000

    # --- events, overlay, drawing ----------------------------------------------------

    def handle_event(self, e) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.buttons.items():
                if e.ui_element is button:
                    self.press_button(name)
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.leave()
            return
        if self.human is not None:
            self.controls.handle(e)

    def leave(self) -> None:
        if self.ctx.demo:
            self.manager.quit = True
        else:
            from .start import StartScene

            self.manager.replace(StartScene(self.ctx))

    def roles(self) -> list[str]:
        m = self.mirror
        out = []
        for seat in range(m.n):
            if seat in m.out:
                out.append("out")
            elif m.result is not None:
                out.append("")
            elif seat == m.defender:
                out.append("takes" if m.taking else "defending")
            elif seat in m.passed:
                out.append("done")
            elif seat == m.attacker:
                out.append("attacking")
            else:
                out.append("")
        return out

    def _refresh_controls(self) -> None:
        legal = self.legal()
        o = Overlay(thinking=self.match.thinking_seat, dots=int(self.now // 350))
        o.dragged = self.controls.dragged
        o.selected = set(self.controls.selected)
        o.cursor = self.controls.cursor
        if self.settings.ui.highlight_playable:
            o.playable = self.controls.playable(legal)
        focus = o.dragged if o.dragged is not None else (
            min(self.controls.selected) if self.controls.selected else None)
        transfer_possible = any(isinstance(a, Transfer | Show) for a in legal)
        if transfer_possible and self.mirror.attacks:
            k = len(self.mirror.attacks)
            x, y = self.layout.pair_pos(k - 1, k)
            o.transfer_rect = self.layout.card_rect(x + self.layout.cw * 1.35, y).inflate(8, 8)
        if focus is not None:
            o.table_target, o.attack_targets, o.transfer_target = self.controls.targets_for(
                focus, legal)
        if self.message and self.now < self.message_until:
            o.message = self.message
            o.message_alpha = int(min(255, (self.message_until - self.now) / 2))
        self.overlay = o
        self._enable_buttons(legal)

    def _enable_buttons(self, legal) -> None:
        if not self.buttons:
            return
        kinds = {type(a).__name__ for a in legal}
        wanted = {
            "take": "Take" in kinds, "done": "Pass" in kinds,
            "transfer": bool(kinds & {"Transfer", "Show"}), "exchange": "Exchange" in kinds,
        }
        visible = {"take": True, "done": True, "exchange": wanted["exchange"],
                   "transfer": self.settings.rules.transfers}
        finished = self.match.finished
        for name, button in self.buttons.items():
            show = visible[name] and not finished
            if show != button.visible:
                button.show() if show else button.hide()
            if wanted[name] != button.is_enabled:
                button.enable() if wanted[name] else button.disable()

    def draw(self, surface) -> None:
        self.view.draw(surface, self.layout, self.art, self.mirror, self.sprites, self.overlay,
                       self.roles())
