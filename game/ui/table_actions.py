"""The human's side of the table: input intents become engine actions.

Every play is submitted only if the engine lists it (or, in cheating mode, as a
cheat); a play made while the screen still shows earlier events is held and
judged against what is on screen once it catches up. Mixed into TableScene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine.actions import Attack, Show, Transfer
from game.i18n import _, ngettext

from . import candidates, cheat_ui, preferences
from . import input as intents
from .coach import BUTTONS as COACH_BUTTONS

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.session.match import Match

    from .buttons import TableButtons
    from .coach import Coach
    from .context import Context
    from .event_player import EventPlayer
    from .mirror import Mirror
    from .move_log import MoveLog
    from .overlay import Notices
    from .sprites import SpriteSet

PLAYS = (intents.Drop, intents.PlayFirst, intents.ShowCard, intents.Press)
GAME_BUTTONS = {"take", "done", "transfer", "show", "exchange", "catch"}


class HumanActions:
    """The input half of TableScene (it supplies the match, focus, sprites, ...)."""

    # What TableScene supplies, declared for the type checker only.
    ctx: Context
    match: Match
    human: int | None
    buttons: TableButtons | None
    controller: intents.InputController
    focus: intents.Focus
    player: EventPlayer
    mirror: Mirror
    sprites: SpriteSet
    log: MoveLog
    coach: Coach
    notices: Notices
    held: tuple[intents.Intent, int] | None  # (intent, bouts ended when made)
    stay_done: bool  # the player passes until this bout ends

    if TYPE_CHECKING:
        @property
        def can_act(self) -> bool: ...
        def legal(self) -> list[Action]: ...
        def hand(self) -> list[int]: ...
        def relayout(self, snap: bool = False, dur: float = 0.12) -> None: ...
        def toggle_log(self) -> None: ...
        def say(self, text: str, seconds: float = 2.5) -> None: ...
        def pause(self) -> None: ...
        def hand_card_at(self, pos: tuple[int, int]) -> int | None: ...
        def target_at(self, pos: tuple[int, int]) -> intents.Target | None: ...
        def card_centre(self, card: int) -> tuple[float, float]: ...

    @property
    def _me(self) -> int:
        """The human's seat, asked only where there is a human at the table."""
        assert self.human is not None, "no human at this table"
        return self.human

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            name = self.buttons.name_of(e.ui_element) if self.buttons is not None else None
            if name is not None:
                self.act(intents.Press(name))
            return
        for intent in self.controller.handle(e, self):
            self.act(intent)

    def act(self, intent: intents.Intent) -> None:
        """Carry out one intent of the human's. One that plays is held while the
        screen still shows earlier events: it is judged against what is on screen."""
        if self.player.busy and isinstance(intent, PLAYS) and self._plays(intent):
            self.held = (intent, self.mirror.bouts_ended)
            if isinstance(intent, intents.Drop):
                self._glide_home(intent.card)
            return
        hand = self.hand()
        match intent:
            case intents.Leave():
                self.pause()
            case intents.Select(card):
                self.focus.selected ^= {card}
                self.focus.cursor = card
                self.relayout()
                self._judge_selection()
            case intents.MoveCursor(step) if hand:
                i = hand.index(self.focus.cursor) if self.focus.cursor in hand else (
                    -1 if step > 0 else 0)
                self.focus.cursor = hand[(i + step) % len(hand)]
                self.relayout()
            case intents.ClearSelection():
                self.focus.selected.clear()
                self.relayout()
            case intents.Drop(card, target):
                self._drop(card, target)
            case intents.PlayFirst(card) if self.human is not None:
                action = candidates.first_play(card, self.focus.selected, self.legal())
                self.submit(action or self._candidate(card, ("table",)))
            case intents.ShowCard(card) if self.human is not None:
                self._show(card)
            case intents.Press(name):
                self.press_button(name)

    def _judge_selection(self) -> None:
        """While the player leads with several cards selected, say whether they may be
        played together, and if not, why (Prostoy's patterns, one rank elsewhere)."""
        s, chosen = self.match.state, tuple(sorted(self.focus.selected))
        if s is None or s.started or s.attacker != self.human or len(chosen) < 2:
            return
        lead = Attack(self.human, chosen)
        if lead in self.legal():
            n = len(chosen)
            self.say(ngettext("{n} card: an attack, drop it on the table",
                              "{n} cards: an attack, drop them together on the table", n)
                     .format(n=n))
        else:
            self.say(self.match.reason(lead))

    @staticmethod
    def _plays(intent: intents.Intent) -> bool:
        return not isinstance(intent, intents.Press) or intent.button in GAME_BUTTONS

    def _release_held(self) -> None:
        """The screen has caught up: act on the held intent if its bout is still on."""
        if self.held is None or self.player.busy:
            return
        intent, bout = self.held
        self.held = None
        if bout == self.mirror.bouts_ended:
            self.act(intent)

    def _candidate(self, card: int, target: intents.Target) -> Action:
        state = self.match.state
        assert state is not None, "no game dealt yet"
        return candidates.candidate(card, target, self.focus.selected, self.legal(),
                                    state, self._me)

    def _drop(self, card: int, target: intents.Target | None) -> None:
        played = target is not None and self.can_act and self.submit(
            self._candidate(card, target))
        if not played:
            self._glide_home(card)

    def _glide_home(self, card: int) -> None:
        sprite = self.sprites.sprites.get(card)
        if sprite is not None:
            self.sprites.glide_back(card, sprite.x, sprite.y, 0.25 / self.ctx.anim_speed)

    def _show(self, card: int | None) -> None:
        """Show ``card``; with none chosen, the one trump the rules let be shown, else
        the lowest trump held, so the engine says why not; with no trump, say so."""
        shows = [a for a in self.legal() if isinstance(a, Show)]
        if card is None and not shows:
            s = self.match.state
            trumps = [] if s is None else [c for c in self.hand() if c // 13 == s.trump]
            if not trumps:
                self.say(_("You hold no trump to show"))
                return
            card = min(trumps)
        self.submit(Show(self._me, card) if card is not None else shows[0])

    def press_button(self, name: str) -> None:
        if name == "log":
            self.toggle_log()
            return
        if name in COACH_BUTTONS:
            self.coach.press(name)
            return
        if name == "mute":  # the Settings screen's "Sound", remembered like it
            preferences.change(self.ctx, sound=self.ctx.sounds.muted)
            muted = self.ctx.sounds.muted
            self.say(_("Sound off (M to turn it on)") if muted else _("Sound on"))
            return
        if self.human is None or not self.can_act:
            return
        if name == "stay_done":
            self.stay_done = not self.stay_done
        elif name == "transfer":
            legal = [a for a in self.legal() if isinstance(a, Transfer)]
            chosen = [a for a in legal if set(a.cards) & self.focus.selected]
            self.submit((chosen or legal or [Transfer(self.human, ())])[0])
        elif name == "show":
            self._show(self.focus.first(self.hand()))
        else:
            assert self.buttons is not None  # a table with a human has its buttons
            self.submit(self.buttons.action(name, self.human))

    def submit(self, action: Action) -> bool:
        """Play ``action`` if the engine lists it, or as a cheat in cheating mode; else
        say why, in a few words."""
        if not self.can_act:
            return False
        if action in self.legal() or cheat_ui.is_cheat(self.match, action):
            events = self.match.submit(action)
            assert events is not None, "the match refused a play it offered"
            self.player.extend(events)
            self.focus.selected.clear()
            self.notices.hush()
            return True
        self.say(self.match.reason(action))
        return False
