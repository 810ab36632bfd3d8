"""The human's hand: drag, click and keyboard become candidate engine actions.

Nothing here decides a rule: candidates are checked against the legal list by
the scene, and targets are lit from that same list.
"""

from __future__ import annotations

import pygame

from game.engine.actions import Attack, Defend, Exchange, Pass, Show, Take, Transfer

DRAG_START_PX = 6


def cards_in(action) -> tuple[int, ...]:
    if isinstance(action, Attack | Transfer):
        return action.cards
    if isinstance(action, Defend | Show):
        return (action.card,)
    return ()


class HumanControls:
    """Selection, cursor and drag state of the player's hand."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.selected: set[int] = set()
        self.cursor: int | None = None  # a card
        self.press: tuple[int, tuple[int, int], tuple[float, float]] | None = None
        self.dragging = False
        self.drag_pos = (0, 0)

    @property
    def dragged(self) -> int | None:
        return self.press[0] if self.press and self.dragging else None

    def reset(self) -> None:
        self.selected.clear()
        self.cursor = None
        self.press = None
        self.dragging = False

    # --- what the legal list allows ---------------------------------------------

    def playable(self, legal) -> set[int]:
        out: set[int] = set()
        for a in legal:
            out.update(cards_in(a))
        return out

    def targets_for(self, card: int, legal) -> tuple[bool, set[int], bool]:
        """(table lights up, attack cards it may cover, transfer zone lights up)."""
        table = any(isinstance(a, Attack) and card in a.cards for a in legal)
        covers = {a.attack for a in legal if isinstance(a, Defend) and a.card == card}
        transfer = any(isinstance(a, Transfer | Show) and card in cards_in(a) for a in legal)
        return table, covers, transfer

    def group(self, card: int) -> tuple[int, ...]:
        """The card with the selected cards of its rank (a multi-card lead or transfer)."""
        same = {c for c in self.selected if c % 13 == card % 13} | {card}
        return tuple(sorted(same))

    def candidate(self, card: int, target, legal, state, seat: int):
        """The action meant by playing ``card`` onto ``target``."""
        kind = target[0]
        if kind == "defend" and seat == state.defender:
            return Defend(seat, target[1], card)
        if kind == "transfer":
            for action in (Transfer(seat, self.group(card)), Transfer(seat, (card,)),
                           Show(seat, card)):
                if action in legal:
                    return action
            return Transfer(seat, (card,))
        if seat == state.defender and state.started:
            covers = [a.attack for a in legal if isinstance(a, Defend) and a.card == card]
            if covers:
                return Defend(seat, covers[0], card)
            open_ = [a for a, c in zip(state.attacks, state.covers, strict=True) if c < 0]
            if open_:
                return Defend(seat, open_[0], card)
        group = Attack(seat, self.group(card))
        return group if group in legal else Attack(seat, (card,))

    def first_play(self, card: int, legal):
        """Enter: the first legal action for ``card`` (cover, then lead/throw, then transfer)."""
        for kind in (Defend, Attack, Transfer, Show):
            for a in legal:
                if isinstance(a, kind) and card in cards_in(a):
                    if kind is Attack and a.cards != self.group(card) and len(a.cards) > 1:
                        continue
                    return a
        return None

    # --- events --------------------------------------------------------------------

    def handle(self, e) -> None:
        s = self.scene
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            card = s.hand_card_at(e.pos)
            if card is not None and s.can_act:
                sprite = s.sprites.sprites[card]
                self.press = (card, e.pos, (e.pos[0] - sprite.x, e.pos[1] - sprite.y))
                self.dragging = False
            else:
                self.press = None
        elif e.type == pygame.MOUSEMOTION and self.press is not None:
            card, start, _ = self.press
            if not self.dragging and (abs(e.pos[0] - start[0]) + abs(e.pos[1] - start[1])
                                      >= DRAG_START_PX):
                self.dragging = True
            if self.dragging:
                self.drag_pos = e.pos
                s.follow_drag()
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self._release(e.pos)
        elif e.type == pygame.KEYDOWN:
            self._key(e.key)

    def _release(self, pos) -> None:
        s = self.scene
        press, dragging = self.press, self.dragging
        self.press, self.dragging = None, False
        if press is not None and dragging:
            s.drop(press[0], pos)
        elif press is not None:
            card = press[0]
            self.selected ^= {card}
            self.cursor = card
            s.relayout()
        elif self.selected and s.can_act:
            target = s.target_at(pos)
            if target is not None:
                s.play_onto(min(self.selected), target)
            else:
                self.selected.clear()
                s.relayout()

    def _key(self, key) -> None:
        s = self.scene
        hand = s.hand()
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = -1 if key == pygame.K_LEFT else 1
            i = hand.index(self.cursor) if self.cursor in hand else (-1 if step > 0 else 0)
            self.cursor = hand[(i + step) % len(hand)]
            s.relayout()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP):
            card = self.cursor if self.cursor in hand else (min(self.selected)
                                                            if self.selected else None)
            if card is not None:
                s.play_first(card)
        elif key in (pygame.K_SPACE, pygame.K_d):
            s.press_button("done")
        elif key == pygame.K_t:
            s.press_button("take")
        elif key == pygame.K_r:
            s.press_button("transfer")
        elif key == pygame.K_e:
            s.press_button("exchange")


BUTTON_ACTIONS = {"take": Take, "done": Pass, "exchange": Exchange}
