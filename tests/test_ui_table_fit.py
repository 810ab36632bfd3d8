"""The trump badge and the talon fit between the name plates and the hand at every
window size, card size and number of players: Severnyi's label, the longest, in Russian."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.ui.table_view import TableView
from tests.ui_helpers import DT, make_runner, settings_for, settle, table_of

SIZES = [(640, 360), (1280, 720), (1920, 1080), (2560, 1080)]


def drawn_table(monkeypatch, size, players, card_size):
    """One frame of a Severnyi deal; the texts drawn and the name plates' rects."""
    settings = settings_for(players, second_trump=True)
    settings = dataclasses.replace(settings, ui=dataclasses.replace(settings.ui,
                                                                    card_size=card_size))
    r = make_runner(settings, size=size)
    settle(r, 50)
    table = table_of(r)
    texts: list[tuple[str, pygame.Rect]] = []
    widths: dict[int, int] = {}
    blit, render_plate = table.ctx.text.blit, TableView._render_plate

    def spy_text(surface, text, *args, **kw):
        rect = blit(surface, text, *args, **kw)
        texts.append((text, rect))
        return rect

    def spy_plate(self, layout, seat, *args):
        img = render_plate(self, layout, seat, *args)
        widths[seat] = img.get_width()
        return img

    monkeypatch.setattr(table.ctx.text, "blit", spy_text)
    monkeypatch.setattr(TableView, "_render_plate", spy_plate)
    table.view.rename(table.view.names)  # the plates drawn again, through the spy
    r.frame(DT, [])
    layout = table.layout
    plates = [pygame.Rect(0, 0, w, layout.plate_h) for w in widths.values()]
    for seat, rect in zip(widths, plates, strict=True):
        rect.midtop = tuple(int(v) for v in layout.plate_pos(seat))
    opponents = [p for s, p in zip(widths, plates, strict=True) if s != layout.bottom]
    r.scenes.close()
    return layout, texts, opponents


@pytest.mark.parametrize("size", SIZES)
def test_the_trump_badge_clears_the_plates_and_the_talon_label_the_hand(russian, monkeypatch,
                                                                        size):
    for players in (2, 4, 5, 6):
        for card_size in ("normal", "large"):
            layout, texts, plates = drawn_table(monkeypatch, size, players, card_size)
            case = (size, players, card_size)
            label = next(rect for text, rect in texts if text.startswith("козыр"))
            r = layout.badge_r
            circle = pygame.Rect(0, 0, 2 * r, 2 * r)
            circle.center = tuple(int(v) for v in layout.badge_centre)
            assert not any(p.colliderect(label) or p.colliderect(circle) for p in plates), case
            window = pygame.Rect((0, 0), size)
            assert window.contains(label) and window.contains(circle), case
            talon = layout.card_rect(*layout.talon_pos)
            if not layout.badge_over_piles:
                assert not talon.colliderect(circle) and not talon.colliderect(label), case
            left = [rect for text, rect in texts if text.startswith("осталось")]
            lifted_top = layout.hand_y - layout.ch / 2 - layout.ch * 0.2
            assert all(rect.bottom <= lifted_top for rect in left), case
            if size == (1280, 720) and card_size == "normal":
                assert not layout.badge_over_piles, case  # the usual table: room for all
