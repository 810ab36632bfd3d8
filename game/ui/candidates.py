"""Candidate engine actions for a card and a place, read off the legal list.

Nothing here decides a rule: the scene submits a candidate only if the engine
lists it, and the targets lit while dragging come from that same list.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from game.engine.actions import Action, Attack, Defend, Show, Transfer

if TYPE_CHECKING:
    from game.engine.state import State

    from .input import Target


def cards_in(action: Action) -> tuple[int, ...]:
    if isinstance(action, Attack | Transfer):
        return action.cards
    if isinstance(action, Defend | Show):
        return (action.card,)
    return ()


def playable(legal: Iterable[Action]) -> set[int]:
    out: set[int] = set()
    for a in legal:
        out.update(cards_in(a))
    return out


def targets_for(card: int, legal: Collection[Action]) -> tuple[bool, set[int], bool]:
    """(table lights up, attack cards it may cover, transfer zone lights up)."""
    table = any(isinstance(a, Attack) and card in a.cards for a in legal)
    covers = {a.attack for a in legal if isinstance(a, Defend) and a.card == card}
    transfer = any(isinstance(a, Transfer | Show) and card in cards_in(a) for a in legal)
    return table, covers, transfer


def group(card: int, selected: set[int]) -> tuple[int, ...]:
    """The card with the selected cards of its rank (a multi-card lead or transfer)."""
    same = {c for c in selected if c % 13 == card % 13} | {card}
    return tuple(sorted(same))


def candidate(card: int, target: Target, selected: set[int], legal: Collection[Action],
              state: State, seat: int) -> Action:
    """The action meant by playing ``card`` onto ``target``: ("defend", attack card),
    ("transfer",) or ("table",). The transfer zone plays the card; showing a trump
    is its own gesture (``show``)."""
    if target[0] == "defend" and seat == state.defender:
        return Defend(seat, target[1], card)
    if target[0] == "transfer":
        whole = Transfer(seat, group(card, selected))
        return whole if whole in legal else Transfer(seat, (card,))
    if seat == state.defender and state.started:
        covers = [a.attack for a in legal if isinstance(a, Defend) and a.card == card]
        if covers:
            return Defend(seat, covers[0], card)
        open_ = [a for a, c in zip(state.attacks, state.covers, strict=True) if c < 0]
        if open_:
            return Defend(seat, open_[0], card)
    return lead_for(card, selected, seat, legal)


def lead_for(card: int, selected: set[int], seat: int, legal: Collection[Action]) -> Attack:
    """The attack meant by dropping ``card`` with the selection: the whole selection
    together if the rules list it (Prostoy's patterns of any ranks), else the
    selected cards of its rank; neither, and the whole selection is what the player
    meant (the refusal says why it may not be played)."""
    for cards in (tuple(sorted(selected | {card})), group(card, selected)):
        lead = Attack(seat, cards)
        if lead in legal:
            return lead
    return Attack(seat, tuple(sorted(selected | {card})))  # refused: the player hears why


def first_play(card: int, selected: set[int], legal: Iterable[Action]) -> Action | None:
    """Enter: the first legal action for ``card`` (cover, then lead/throw, then transfer)."""
    whole = tuple(sorted(selected | {card}))
    for kind in (Defend, Attack, Transfer):
        for a in legal:
            if isinstance(a, kind) and card in cards_in(a):
                if isinstance(a, Attack) and len(a.cards) > 1 and a.cards not in (
                        group(card, selected), whole):
                    continue
                return a
    return None
