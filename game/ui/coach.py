"""The coach at the table: a hint (H) and, in practice games, taking a move back (U).

The hint is the expert's move for the player's seat, asked of the table's thinker
(off the frame, like a computer player's move) with the player's view only; it is
shown on the table (the card and where it goes, or the button) with one sentence
why, until the game moves on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine import view
from game.engine.actions import (
    Action,
    Attack,
    Catch,
    Defend,
    Exchange,
    Pass,
    Show,
    Take,
    Transfer,
)
from game.engine.view import View
from game.i18n import _
from game.session.explain import explain

from .placing import area, bout_card_rects, sentence_place
from .text import BOX_PAD
from .thinker import Request

if TYPE_CHECKING:
    from .layout import Layout
    from .sprites import SpriteSet
    from .table import TableScene

HINT_MS = 400  # the expert's budget for a hint: answered well within a second
HINT_COLOR = (110, 200, 255)
BUTTONS = ("hint", "undo")  # the coach's buttons (their keys: H, U)
# The table button a move is made with, when it is not a card's move.
MOVE_BUTTONS = {Take: "take", Pass: "done", Exchange: "exchange", Show: "show", Catch: "catch"}


@dataclass(frozen=True, slots=True)
class Hint:
    """The coach's answer for one position (``version`` of the match)."""

    version: int
    action: Action
    text: str


class Coach:
    """Hints and take-backs for the table scene ``table``."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.asked: tuple[int, int, View] | None = None  # (token, version, the view asked)
        self.hint: Hint | None = None
        self.sentence_rect: pygame.Rect | None = None  # where the words were last drawn
        self._panel: tuple[tuple[str, int, int], pygame.Surface] | None = None

    # --- buttons --------------------------------------------------------------------

    def offered(self) -> dict[str, bool]:
        """The coach's buttons shown now, and whether each is enabled."""
        t = self.table
        out = {"hint": bool(t.legal()) and self.asked is None}
        if t.settings.ui.practice:
            out["undo"] = t.can_act and t.match.last_decision() is not None
        return out

    def press(self, name: str) -> None:
        if name == "hint":
            self.ask()
        elif name == "undo":
            self.take_back()

    # --- the hint ----------------------------------------------------------------

    def ask(self) -> None:
        """Ask the expert for the player's move, from the player's view only."""
        t, match = self.table, self.table.match
        legal, seat = t.legal(), t.human
        if not legal or self.asked is not None or seat is None or match.state is None:
            return  # (a legal move means a human seat and a game dealt)
        if self.hint is not None and self.hint.version == match.version:
            return  # already on the table
        seen = view(match.state, seat)
        req = Request(token=match.thinker.new_token(), game=match.game, seat=seat,
                      level="expert", think_ms=HINT_MS,
                      seed=match.seed * 7919 + match.game * 131 + match.version,
                      view=seen, legal=tuple(legal), name=_("The coach"), fresh=True)
        self.asked = (req.token, match.version, seen)
        match.ask(req)

    def update(self) -> None:
        """Take the answer when it comes; forget a hint once the game has moved on."""
        match = self.table.match
        if self.hint is not None and self.hint.version != match.version:
            self.hint = None
        if self.asked is None:
            return
        token, version, seen = self.asked
        if version != match.version:
            match.forget(token)  # a late answer is dropped when it comes
            self.asked = None
            return
        action = match.answers.pop(token, None)
        if action is not None:
            self.asked = None
            self.hint = Hint(version, action, explain(seen, action))

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    @property
    def speaking(self) -> bool:
        """The coach's words are on the table (thinking, or a hint)."""
        return self.thinking or self.hint is not None

    # --- practice -------------------------------------------------------------------

    def take_back(self) -> None:
        t = self.table
        if not t.settings.ui.practice or not t.can_act:
            return
        if t.take_back():
            if self.asked is not None:
                t.match.forget(self.asked[0])
            self.hint = self.asked = None
            t.say(_("Move taken back: this game is practice and is not in the statistics."),
                  4.0)

    # --- drawing ----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.sentence_rect = None
        if self.thinking:
            self._sentence(surface, _("The coach is thinking…"))
        if self.hint is None:
            return
        for rect in self.marks():
            pygame.draw.rect(surface, HINT_COLOR, rect.inflate(12, 12), 4, border_radius=11)
        self._sentence(surface, self.hint.text)

    def marks(self, table_target: bool = True) -> list[pygame.Rect]:
        """What the hint lights: its cards, where they go, or its button (the table
        itself, an attack's target, left out unless ``table_target``)."""
        t = self.table
        if self.hint is None:
            return []
        name = MOVE_BUTTONS.get(type(self.hint.action))
        button = t.buttons[name] if name is not None and t.buttons is not None else None
        where = pygame.Rect(button.rect) if button is not None and button.visible else None
        return move_rects(self.hint.action, t.sprites, t.layout, t.overlay.transfer_rect, where,
                          table_target, t.view.labels)

    def _sentence(self, surface: pygame.Surface, text: str) -> None:
        """The coach's words, wrapped to the table's width, where they hide least of
        the bout and of what the hint lights."""
        t = self.table
        layout = t.layout
        band = sentence_band(layout, t.log.open)
        size = max(18, layout.ch // 5)
        key = (text, size, band.w)
        if self._panel is None or self._panel[0] != key:  # drawn again only when it changes
            cache = t.ctx.text
            width = cache.balanced(text, size, band.w - BOX_PAD[0], bold=True)
            self._panel = key, cache.panel(text, size, (225, 240, 255), width,
                                           (8, 24, 44, 215), 10, border=HINT_COLOR)
        panel = self._panel[1]
        bout = bout_card_rects(layout, t.sprites, t.mirror)
        keep = bout + self.marks(table_target=False)
        self.sentence_rect = sentence_place(panel.get_size(), layout.table, band, bout, keep,
                                            t.view.labels, surface.get_rect())
        surface.blit(panel, self.sentence_rect)


def sentence_band(layout: Layout, log_open: bool = False) -> pygame.Rect:
    """The width the coach's words may take: the table's, on to the buttons (over the
    discard pile where it lies beside them) or to the open move log."""
    right = layout.buttons(1)[0].left - layout.margin
    if log_open:
        right = min(right, layout.panel.left - layout.margin)
    table = layout.table
    return pygame.Rect(table.left, table.top, max(table.w, right - table.left), table.h)


def attack_target(layout: Layout, labels: Sequence[pygame.Rect]) -> pygame.Rect:
    """The table as an attack's target, its mark (drawn 12 px wider) cut clear of the
    labels that reach into it (the trump badge's, at a small size): each cut on the
    side that keeps the most of the table."""
    mark = layout.table.copy()
    for label in labels:
        if not label.colliderect(mark):
            continue
        cuts = [pygame.Rect(label.right + 2, mark.top, mark.right - label.right - 2, mark.h),
                pygame.Rect(mark.left, mark.top, label.left - 2 - mark.left, mark.h),
                pygame.Rect(mark.left, label.bottom + 2, mark.w, mark.bottom - label.bottom - 2),
                pygame.Rect(mark.left, mark.top, mark.w, label.top - 2 - mark.top)]
        mark = max((c for c in cuts if c.w > 0 and c.h > 0), key=area, default=mark)
    return mark.inflate(-12, -12)


def move_rects(action: Action, sprites: SpriteSet, layout: Layout,
               transfer_rect: pygame.Rect | None,
               button_rect: pygame.Rect | None = None,
               table_target: bool = True,
               labels: Sequence[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Where ``action`` shows on the table: its cards and where they go (the table,
    clear of ``labels``, unless not ``table_target``; the attack card it beats; the
    transfer zone), or the button that makes it."""
    cards = getattr(action, "cards", None) or (
        (action.card,) if isinstance(action, Defend | Show) else ())
    targets: list[pygame.Rect | None] = []
    if isinstance(action, Defend):
        cards = (action.card, action.attack)
    elif isinstance(action, Attack) and table_target:
        targets.append(attack_target(layout, labels))
    elif isinstance(action, Transfer):
        targets.append(transfer_rect)
    targets.append(button_rect)
    rects = []
    for c in cards:
        s = sprites.sprites.get(c)
        if s is not None:
            rects.append(layout.card_rect(s.x, s.y))
    return rects + [r for r in targets if r is not None]
