"""The table scene: wires the match, the event player, the input controller and the view.

Data flows one way: input -> intents -> engine actions (submitted only if legal)
-> match -> events -> event player -> sprites -> screen.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import pygame

from game.engine import events as ev
from game.engine.actions import Catch, Pass, Take
from game.engine.cards import deck_cards, iter_mask
from game.engine.variant import policy_of
from game.i18n import _
from game.session.match import Match
from game.session.narrate import Narrator

from . import cheat_ui
from . import input as intents
from .buttons import TableButtons
from .coach import Coach
from .event_player import EventPlayer
from .input import Focus, InputController, Target
from .layout import CARD_SCALES, Layout, Place, card_width_for, placements
from .mirror import BOUT_ENDS, Mirror
from .move_log import MoveLog
from .overlay import Notices, Overlay, build_overlay
from .scene import Scene
from .sound import TurnBell
from .sprites import SpriteSet
from .table_actions import HumanActions
from .table_view import TableArt, TableView

if TYPE_CHECKING:
    from game.config import Settings
    from game.engine.actions import Action
    from game.engine.state import State

    from .context import Context

AUTO_PAUSE_MS = 350  # a pass or take made for the player waits this long on a still table


class TableScene(HumanActions, Scene):
    """One series of games at the table."""

    def __init__(self, ctx: Context, settings: Settings,
                 restored: tuple[Match, list[ev.Event]] | None = None) -> None:
        """``restored``: a match restored from a save and its current game's events."""
        self.ctx = ctx
        self.settings = settings
        self.match = restored[0] if restored is not None else Match(
            settings, ctx.seed, ctx.thinker, ctx.delay_ms)
        self.match.on_action.extend(ctx.on_action)
        self._seat()
        self.saver = ctx.autosave if self.human is not None else None
        self._save_error: str | None = None
        self.match.on_action.append(lambda _seat, _action: self.autosave())
        self.log = MoveLog()
        self.stay_done = False  # the player passes until this bout ends
        self.focus = Focus()
        self.controller = InputController()
        self.now = 0.0
        self.idle_since: float | None = None
        self.notices = Notices()
        self.overlay = Overlay()
        self.end_shown = False
        self.held: tuple[intents.Intent, int] | None = None  # (intent, bouts ended when made)
        self._zone = False  # the transfer zone is shown: the bout's row keeps its slot
        self._legal_version = -1
        self._legal: list[Action] = []
        self.buttons = TableButtons(ctx.gui, settings.rules.transfers,
                                    policy_of(settings.rules).throw_in) \
            if self.human is not None else None
        self.art = TableArt(*self._card_widths(ctx.size))
        self.mirror = Mirror(self.match.n, settings.rules.deck)
        self.sprites = SpriteSet()
        self.player = EventPlayer(self.mirror, self.sprites, self._places,
                                  lambda: self.ctx.anim_speed, self._shown,
                                  cue=ctx.sounds.play, human=self.human)
        self.turn_bell = TurnBell()
        self.coach = Coach(self)
        self.resize(ctx.size)
        if restored is None:
            self.new_game()
        else:
            self._resume(restored[1])
        if ctx.messages:
            self.say(ctx.messages[0], 10.0)

    # --- games and geometry --------------------------------------------------------

    def _rename(self) -> None:
        """The names shown at the table, in the language now."""
        names = [p.shown for p in self.seated]
        self.view.rename(names)
        self.narrator.names = names

    def _seat(self) -> None:
        """Names and the player's seat for the match's current table."""
        self.seated = self.match.players
        self.human = self.match.human
        self.bottom = self.human if self.human is not None else 0
        names = [p.shown for p in self.seated]
        self.view = TableView(self.ctx.text, names, self.settings.rules.teams, self.human)
        self.narrator = Narrator(names, self.human)

    def new_game(self, dealt: tuple[State, list[ev.Event]] | None = None) -> None:
        """Deal the next game of the series, or of a new series after the last one
        (``dealt``: a given deal, for tests)."""
        events = self.match.start_game(dealt)
        self._fresh_table()
        self.player.extend(events)
        self.autosave()
        self._queue_warm_up()

    def _resume(self, events: list[ev.Event]) -> None:
        """Show a restored game as it stands: its events shown at once, no animation."""
        self._fresh_table()
        for e in events:
            self.mirror.apply(e)
            self.log.add(self.narrator.tell(e))
        self.mirror.trump_arriving = self.mirror.shown = None
        self.relayout(snap=True)
        self._queue_warm_up()

    def autosave(self) -> None:
        """Queue a save of the match (written off the frame); the series over: no save."""
        if self.saver is None:
            return
        if self.match.series.finished:
            self.saver.discard()
        else:
            self.saver.save(self.match)

    def _tell_save_error(self) -> None:
        """A save that could not be written (a full disk) is said once, until it works."""
        error = self.saver.error if self.saver is not None else None
        if error is not None and error != self._save_error:
            self.say(error, 6.0)
        self._save_error = error

    def _fresh_table(self) -> None:
        self.mirror = Mirror(self.match.n, self.settings.rules.deck)
        self.sprites = SpriteSet()
        self.player.mirror, self.player.sprites = self.mirror, self.sprites
        self.player.clear()
        self.turn_bell = TurnBell()
        if self.seated != self.match.players:  # advanced: a player has left the table
            self._seat()
            self.player.human = self.human
            self.resize(self.ctx.size)
        self.focus = Focus()
        self.controller.reset()
        self.held = None
        self.stay_done = False
        self.end_shown = False

    def _queue_warm_up(self) -> None:
        """Faces to render ahead, a few per frame: the player's hand first."""
        first = list(iter_mask(self.match.state.hands[self.bottom])) if self.match.state else []
        deck = deck_cards(self.settings.rules.deck)
        # The hand is needed as the deal lands, and a court card takes longer to draw
        # than a frame has: render those now, the rest one per frame.
        now = first + [c for c in deck if c % 13 + 2 in (11, 12, 13) and c not in first]
        for c in now:
            self.art.big.face(c)
        self._warm = deque(c for c in deck if c not in now)

    def _card_widths(self, size: tuple[int, int]) -> tuple[int, int]:
        """The widths of the big (bout, hand) and small (opponents') cards."""
        cw = card_width_for(*size, CARD_SCALES[self.settings.ui.card_size], self.match.n)
        return cw, max(24, int(cw * 0.55))

    def resize(self, size: tuple[int, int]) -> None:
        self._rename()  # a switched language: the plates, and the game's own names, in its words
        self.art.resize(*self._card_widths(size))
        self._lay_out(size)
        if self.match.state is not None:
            self.relayout(snap=True)
            self._queue_warm_up()

    def _lay_out(self, size: tuple[int, int]) -> None:
        """A new layout for ``size``, the bout left of the move log while it is open."""
        most = self.buttons.most(self.settings) if self.buttons is not None else 0
        self.layout = Layout(size, self.match.n, self.bottom, self.art.big.size,
                             self.art.small.size, panel=self.log.open, most_buttons=most)
        self.player.layout = self.layout
        if self.buttons is not None:
            self.buttons.place(self.layout)

    def toggle_log(self) -> None:
        """The move log opened or closed; the bout's cards glide aside or back."""
        self.log.toggle()
        self._lay_out((self.layout.w, self.layout.h))
        if self.match.state is not None:
            self.relayout(dur=0.25)

    def close(self) -> None:
        if self.buttons is not None:
            self.buttons.kill()
        if self.saver is not None:
            self.saver.flush()  # leaving, closing the window, SIGTERM: the save is whole

    def relayout(self, snap: bool = False, dur: float = 0.12) -> None:
        self.sprites.retarget(self._places(), dur / self.ctx.anim_speed, snap=snap)

    def _places(self) -> dict[int, Place]:
        lift = {c: self.layout.ch * 0.2 for c in self.focus.selected}
        cursor = self.focus.cursor
        if cursor is not None:
            lift[cursor] = max(lift.get(cursor, 0), self.layout.ch * 0.1)
        return placements(self.layout, self.mirror, True, lift, self._zone)

    # --- the clock ---------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.now += dt * 1000
        if self._warm:
            self.art.big.face(self._warm.popleft())  # a face takes a few ms
        self.player.update(dt)
        self._release_held()
        moving = self.sprites.update(dt)
        if self.mirror.trump_arriving is not None and not moving:
            self.mirror.trump_arriving = None  # landed: the talon draws it from now on
            self.sprites.retarget(self._places(), 0.0)
        self._follow_drag()
        idle = not self.player.busy and not moving
        if not idle:
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = self.now
        self.player.extend(self.match.update(self.now, self.idle_since))
        self.coach.update()
        if self.turn_bell.update(self.can_act and self.match.waits_for(self._me)
                                 and not self.stay_done, idle and not self.player.busy,
                                 self.mirror.bouts_ended):
            self.player.cue("turn")
        if self.match.notices:
            self.say(" ".join(self.match.notices), 6.0)
            self.match.notices.clear()
        self._tell_save_error()
        self._act_for_the_player()
        if self.match.finished and idle and not self.player.busy and not self.end_shown:
            self.end_shown = True
            from .end import EndScene

            self.manager.push(EndScene(self.ctx, self))
        self._refresh_overlay()

    def _shown(self, e: ev.Event) -> None:
        """An event has just been shown: tell it, and forget cards that left the hand."""
        self.focus.keep_only(self.hand())
        line = self.narrator.tell(e)
        self.log.add(line)
        if line.announce:
            self.notices.announce(line.text, self.now, line.bout)
        if isinstance(e, ev.Played):
            self.notices.led(line.bout, self.now)
        if isinstance(e, BOUT_ENDS):
            self.stay_done = False

    def _act_for_the_player(self) -> None:
        """Pass while "done for this bout" is on and the game waits for the player; take
        when the outcome can no longer change. On a still table, after a short pause.
        (A seat with nothing to throw in is not waited for: the engine goes on.)"""
        if (self.idle_since is None or self.now - self.idle_since < AUTO_PAUSE_MS
                or self.held is not None or self.controller.press is not None
                or not self.can_act or not self.match.waits_for(self._me)):
            return
        kinds = {type(a) for a in self.legal()}
        if self.stay_done and Pass in kinds and Catch not in kinds:  # never past a cheat
            self.submit(Pass(self._me))
        elif kinds == {Take} and self.match.outcome_settled(self._me):
            self.submit(Take(self._me))

    def _follow_drag(self) -> None:
        centre, dragged = self.controller.drag_centre(), self.controller.dragged
        sprite = self.sprites.sprites.get(dragged) if dragged is not None else None
        if centre is not None and sprite is not None:
            sprite.x, sprite.y = centre
            sprite.z = 10_000

    # --- the board, as the input controller sees it -----------------------------------

    @property
    def can_act(self) -> bool:
        """The human may act now."""
        return self.human is not None and not self.match.finished

    def legal(self) -> list[Action]:
        """The human's moves now; none while the screen still shows a bout the engine
        has ended (a play made then is dropped with its bout, see ``act``)."""
        if self._legal_version != self.match.version:
            self._legal_version = self.match.version
            self._legal = self.match.legal()
        return self._legal if self.can_act and not self.player.bout_end_ahead else []

    def hand(self) -> list[int]:
        return self.mirror.sorted_hand(self.bottom) if self.human is not None else []

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        state = self.match.state
        if self.human is None or state is None:
            return None
        held = state.hands[self.human]
        hand = {c for c in self.mirror.hands[self.bottom] if held >> c & 1}
        for s in reversed(self.sprites.in_order()):
            if s.card in hand and self.layout.card_rect(s.x, s.y).collidepoint(pos):
                return s.card
        return None

    def card_centre(self, card: int) -> tuple[float, float]:
        s = self.sprites.sprites[card]
        return s.x, s.y

    def target_at(self, pos: tuple[int, int]) -> Target | None:
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

    def take_back(self) -> bool:
        """Practice: the game back at the player's previous decision, shown at once."""
        events = self.match.take_back()
        if events is None:
            return False
        self.log.clear()
        self._resume(events)
        self.autosave()
        return True

    def say(self, text: str, seconds: float = 2.5) -> None:
        """Show ``text`` on the table for a few seconds (refusals, notices)."""
        self.notices.say(text, self.now, seconds * 1000)

    def pause(self) -> None:
        """Esc: the in-game menu (a demo has none: Esc ends it)."""
        if self.ctx.demo or self.human is None:
            self.leave()
            return
        from .pause_menu import PauseMenu

        self.manager.push(PauseMenu(self.ctx, self))

    def cover(self, covered: bool) -> None:
        """Under the in-game menu or the end screen the buttons hide; the next
        update shows again those that apply."""
        if covered and self.buttons is not None:
            self.buttons.hide_all()

    def concede(self) -> None:
        """Give this game up (a loss in the series) and deal the next one."""
        self.match.concede()
        if self.match.series.finished:
            self.autosave()
            self.leave()
            return
        self.new_game()
        self.say(_("You gave the game up: it counts as a loss."), 4.0)

    def leave(self) -> None:
        if self.saver is not None:
            self.saver.flush()  # the main menu reads the save to offer Continue
        if self.ctx.demo:
            self.manager.quit = True
        else:
            from .main_menu import MainMenu

            self.manager.replace(MainMenu(self.ctx))

    # --- overlay and drawing --------------------------------------------------------

    def _refresh_overlay(self) -> None:
        legal = self.legal()
        # the playable cards light once the table shows the move that made them so:
        # not while another player's card (say a cover of a rank to throw in) is in flight
        light = self.settings.ui.highlight_playable and self.player.landed
        o = build_overlay(self.layout, self.mirror.attacks, legal, self.focus,
                          self.controller.dragged, light)
        o.thinking, o.dots = self.match.thinking_seat, int(self.now // 350)
        if (o.transfer_rect is not None) != self._zone:  # the bout makes room for it, or closes up
            self._zone = o.transfer_rect is not None
            self.relayout(dur=0.2)
        # an announcement is a line of the log too: not drawn over the open log, nor
        # over the coach's words (they lay across each other)
        self.notices.write(o, self.now,
                           banner=not self.layout.panel_over_bout and not self.coach.speaking)
        self.overlay = o
        if self.buttons is not None and self.manager.top is self:  # covered: hidden (cover)
            self.buttons.enable(legal, self.match.finished, self.stay_done, self.log.open,
                                self.coach.offered(), lets_go=self.match.pass_lets_go())

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.layout, self.art, self.mirror, self.sprites, self.overlay,
                       self.mirror.roles())
        cheat_ui.mark_own_cheat(surface, self.layout, self.sprites, self.mirror, self.human)
        self.coach.draw(surface)
        self.log.draw(surface, self.layout, self.ctx.text)
        self.view.draw_top(surface, self.layout, self.art, self.sprites, self.overlay,
                           self.mirror.spotlight)
