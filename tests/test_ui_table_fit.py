"""What the table draws fits the window and overlaps nothing: the trump badge and the
talon between the name plates and the hand at every window size, card size and number
of players (Severnyi's label, the longest, in Russian); the plates beside each other
with six players and the longest names allowed."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import i18n
from game.engine.actions import Transfer
from game.ui.buttons import text_size_for
from game.ui.layout import CARD_SCALES, Layout, card_width_for, placements
from game.ui.mirror import Mirror
from game.ui.overlay import transfer_zone
from game.ui.table_view import ROLES, YOUR_ROLES, TableView
from tests.ui_helpers import (
    DT,
    OTHER,
    TALON,
    ScriptedThinker,
    click,
    deal,
    make_runner,
    settings_for,
    settle,
    table_of,
)

SIZES = [(640, 360), (1280, 720), (1920, 1080), (2560, 1080)]


def drawn_table(monkeypatch, size, players, card_size, settings=None, discard=0, bout=0):
    """One frame of a deal (Severnyi unless ``settings``; ``discard`` cards on the
    discard pile; ``bout`` attacks on the table, each covered, taken from the hands):
    the layout, the texts blitted and where, the opponents' name plates' rects, every
    text rendered (the plates' lines among them), and where the bout's cards lie."""
    settings = settings or settings_for(players, second_trump=True)
    settings = dataclasses.replace(settings, ui=dataclasses.replace(settings.ui,
                                                                    card_size=card_size))
    r = make_runner(settings, size=size)
    settle(r, 50)
    table = table_of(r)
    table.mirror.discard = discard
    lay_bout(table.mirror, bout)
    texts: list[tuple[str, pygame.Rect]] = []
    rendered: list[str] = []
    widths: dict[int, int] = {}
    blit, render_plate = table.ctx.text.blit, TableView._render_plate
    render = table.ctx.text.render

    def spy_render(text, *args, **kw):
        rendered.append(text)
        return render(text, *args, **kw)

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
    monkeypatch.setattr(table.ctx.text, "render", spy_render)
    table.view.rename(table.view.names)  # the plates drawn again, through the spy
    r.frame(DT, [])
    layout = table.layout
    plates = [pygame.Rect(0, 0, w, layout.plate_h) for w in widths.values()]
    for seat, rect in zip(widths, plates, strict=True):
        rect.midtop = tuple(int(v) for v in layout.plate_pos(seat))
    opponents = [p for s, p in zip(widths, plates, strict=True) if s != layout.bottom]
    bout_cards = [layout.card_rect(p.x, p.y)
                  for c, p in placements(layout, table.mirror, True, {}).items()
                  if c in table.mirror.attacks or c in table.mirror.covers]
    r.scenes.close()
    return layout, texts, opponents, rendered, bout_cards


@pytest.mark.parametrize("size", SIZES)
def test_the_trump_badge_clears_the_plates_and_the_talon_label_the_hand(russian, monkeypatch,
                                                                        size):
    for players in (2, 4, 5, 6):
        for card_size in ("normal", "large"):
            layout, texts, plates, _, _ = drawn_table(monkeypatch, size, players, card_size)
            case = (size, players, card_size)
            label = next(rect for text, rect in texts if text in BADGE_LABELS)
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


def lay_bout(mirror, attacks: int) -> None:
    """``attacks`` covered attacks on the mirror's table, the cards taken from the hands
    in turn (which cards does not matter to where they lie)."""
    for i in range(2 * attacks):
        hand = max(mirror.hands, key=len)
        (mirror.attacks if i % 2 == 0 else mirror.covers).append(hand.pop())


@pytest.mark.parametrize("size", SIZES)
def test_the_trump_badge_label_keeps_clear_of_the_bouts_cards(russian, monkeypatch, size):
    """The badge's label (Severnyi's, the longest, in Russian) never lies under or over
    a card of the bout: where the full label would reach one, a short one or none."""
    forms = {"full": 0, "short": 0, "none": 0}
    for players in (2, 4, 6):
        for card_size in ("normal", "large"):
            for attacks in (0, 2, 4, 6):
                _, texts, _, _, cards = drawn_table(monkeypatch, size, players, card_size,
                                                    bout=attacks)
                labels = [(text, rect) for text, rect in texts if text in BADGE_LABELS]
                assert len(labels) <= 1, texts
                assert len(cards) >= 2 * attacks  # (a computer may have led already)
                case = (size, players, card_size, attacks)
                assert not any(rect.colliderect(c) for _, rect in labels for c in cards), case
                form = "none" if not labels else "full" if labels[0][0] in FULL else "short"
                forms[form] += 1
    assert forms["full"], forms  # the full label wherever it keeps clear
    if size == (640, 360):
        assert forms["short"], forms  # the short one where the bout reaches the full one


# The badge's labels in these deals, in Russian: Severnyi's with the queen face up, in
# full and shorter, and the plain one once the trump is dealt (six players)
BADGE_LABELS = {"козырь: дама, под ним второй — закрытый", "дама, под ним второй закрытый",
                "козырь: дама", "дама", "козыри"}
FULL = {"козырь: дама, под ним второй — закрытый", "козыри"}


LONG_NAMES = {"en": "Alexandra Stevenson", "ru": "Александра Степанова"}  # 19 and 20 letters


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(640, 360), (1024, 768)])
def test_six_plates_lie_side_by_side_with_long_names_and_keep_the_role(monkeypatch, lang, size):
    i18n.set_language(lang)
    try:
        for long in (False, True):
            settings = settings_for(6, teams=((0, 2, 4), (1, 3, 5)))
            if long:
                players = tuple(p if seat == 0 else dataclasses.replace(p, name=LONG_NAMES[lang])
                                for seat, p in enumerate(settings.players))
                settings = dataclasses.replace(settings, players=players)
            _, _, plates, rendered, _ = drawn_table(monkeypatch, size, 6, "normal", settings)
            window = pygame.Rect((0, 0), size)
            assert all(window.contains(p) for p in plates), (long, plates)
            assert not any(a.colliderect(b) for i, a in enumerate(plates) for b in plates[i + 1:])
            roles = {i18n._(word) for word in ROLES.values()} | {
                i18n.pgettext(*entry) for entry in YOUR_ROLES.values()}
            details = [text.rsplit("·  ", 1)[-1] for text in rendered if "·" in text]
            assert details and all(d in roles for d in details), details  # roles whole
    finally:
        i18n.set_language("en")


def test_a_long_announcement_and_message_wrap_inside_the_window_clear_of_the_buttons(
        russian, monkeypatch):
    r = make_runner(settings_for(4), size=(640, 360))
    settle(r, 50)
    table = table_of(r)
    draw_top, text_box = TableView.draw_top, TableView._text_box
    boxes: list[pygame.Rect] = []

    def announcing(self, surface, layout, art, sprites, overlay, spotlight=None):
        overlay.banner = "Александра Степанова переводит тройкой червей, отбивается Дарья"
        overlay.message = "восьмёрка червей — не козырь того же достоинства, что на столе"
        overlay.banner_alpha = overlay.message_alpha = 255
        draw_top(self, surface, layout, art, sprites, overlay, spotlight)

    def spy_box(self, *args, **kw):
        boxes.append(text_box(self, *args, **kw))
        return boxes[-1]

    monkeypatch.setattr(TableView, "draw_top", announcing)
    monkeypatch.setattr(TableView, "_text_box", spy_box)
    r.frame(DT, [])
    (message,), banner = boxes, table.view.banner_rect
    buttons = [b.rect for b in table.buttons.buttons.values() if b.visible]
    for box in (banner, message):
        assert r.screen.get_rect().contains(box), box
        assert not any(box.colliderect(b) for b in buttons), box
    line = table.ctx.text.font(max(20, table.layout.ch // 4), True).get_height()
    assert banner.height >= 2 * line  # the announcement in two lines
    assert message.bottom <= banner.top  # the message above it
    r.scenes.close()


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080)])
def test_the_discard_pile_and_its_label_lie_clear_of_the_most_buttons_the_table_shows(
        monkeypatch, size):
    cases = [settings_for(players, **rules) for players in (2, 4, 6) for rules in (
        {}, {"variant": "perevodnoy", "transfer_by_showing_trump": True, "cheating": True})]
    for settings in cases:
        practice = dataclasses.replace(settings.ui, practice=settings.rules.cheating)
        settings = dataclasses.replace(settings, ui=practice)
        layout, texts, _, _, _ = drawn_table(monkeypatch, size, len(settings.players),
                                          "normal", settings, discard=12)
        most = layout.most_buttons
        assert most == (6 if not settings.rules.cheating else 10)  # take, log, hint, done,
        # done for the bout, the exchange; transfer, take back, show and catch
        label = next(rect for text, rect in texts if text.startswith("discard pile"))
        x, y = layout.discard_pos
        pile = pygame.Rect(0, 0, int(layout.ch * 1.2), int(layout.ch * 1.2))
        pile.center = (int(x), int(y))  # the three turned cards at most
        buttons = layout.buttons(most)
        assert not any(b.colliderect(pile) or b.colliderect(label) for b in buttons), (size, most)
        assert pygame.Rect((0, 0), size).contains(label)


@pytest.mark.parametrize("size", [(640, 360), (1280, 720)])
def test_the_transfer_zone_keeps_a_slot_in_the_bouts_row_clear_of_the_discard_pile(size):
    settings = settings_for(2, variant="perevodnoy")
    settings = dataclasses.replace(settings, ui=dataclasses.replace(settings.ui,
                                                                    card_size="large"))
    r = make_runner(settings, size=size)
    settle(r, 50)
    layout, mirror = table_of(r).layout, Mirror(2, 36)
    pile = layout.card_rect(*layout.discard_pos).inflate(layout.cw // 2, layout.cw // 2)
    for k in range(1, 5):  # up to the four cards of a rank
        mirror.attacks, mirror.covers = list(range(k)), [-1] * k
        zone = transfer_zone(layout, mirror.attacks, [Transfer(0, (k,))])
        assert zone is not None
        assert layout.table.left <= zone.left < zone.right <= layout.table.right, k
        assert not zone.colliderect(pile), k
        places = placements(layout, mirror, True, {}, zone=True)
        cards = [layout.card_rect(places[c].x, places[c].y) for c in mirror.attacks]
        # beside the last card (squeezed as the bout's cards are in a narrow row)
        assert all(zone.clip(card).width < layout.cw / 3 for card in cards), k
    r.scenes.close()


@pytest.mark.parametrize("size", [(640, 360), (1280, 720), (1920, 1080), (2560, 1080)])
def test_a_full_bout_lies_between_the_plates_and_the_hand_at_every_card_size(size):
    """Six pairs, the move log open or not: between the opponents' plates and the
    player's plate (large cards no larger than lets a row of the bout fit)."""
    for players in range(2, 7):
        widths = [card_width_for(*size, CARD_SCALES[name], players) for name in CARD_SCALES]
        assert widths == sorted(widths)
        for cw in widths:
            sw = max(24, int(cw * 0.55))
            for panel in (False, True):
                layout = Layout(size, players, 0, (cw, int(cw * 1.4)), (sw, int(sw * 1.4)),
                                panel=panel, most_buttons=6)
                top = max(layout.plate_pos(s)[1] + layout.plate_h for s in range(1, players))
                foot = layout.plate_pos(0)[1]
                dx, dy = layout.cover_offset()
                for i in range(6):
                    x, y = layout.pair_pos(i, 6)
                    pair = layout.card_rect(x, y).union(layout.card_rect(x + dx, y + dy))
                    assert top <= pair.top and pair.bottom <= foot, (players, cw, panel, i)


def test_the_buttons_text_grows_with_the_window_and_a_remade_button_keeps_its_state():
    sizes = [text_size_for(384, h) for h in range(30, 120)]
    assert sizes == sorted(sizes) and sizes[0] == 14 and sizes[-1] == 40
    for window, size in (((1280, 720), 14), ((1280, 1024), 14), ((3840, 2160), 40)):
        layout = Layout(window, 2, 0, (100, 140), (55, 77))
        assert text_size_for(layout.button_w, layout.button_h) == size, window
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6S 7S 8H 9C 10D JC", OTHER], TALON, "C", attacker=0)
    buttons = table.buttons
    state = {name: (b.visible, b.is_enabled) for name, b in buttons.buttons.items()}
    assert buttons.text_size == 14
    pygame.display.set_mode((1920, 1080))
    r.resize((1920, 1080))
    assert buttons.text_size == 20
    assert {name: (b.visible, b.is_enabled) for name, b in buttons.buttons.items()} == state
    click(r, buttons["log"].rect.center)  # the button made again answers the mouse
    assert table.log.open
    r.scenes.close()


def test_an_announcement_in_a_small_window_hides_none_of_the_bout(russian, monkeypatch):
    """At 640x360 the announcement at the table's foot lay over the bout's cards (a
    cheat to catch among them): it now goes where it hides least, below the bout."""
    r = make_runner(settings_for(4), size=(640, 360), seed=5)
    table = table_of(r)
    for _ in range(3000):
        r.frame(DT, [])
        if len(table.mirror.attacks) >= 2 and not table.player.busy:
            break
        if table.match.waits_for(table.human) and not table.player.busy:
            table.submit(table.legal()[0])
    else:
        raise AssertionError("no bout of two cards")
    draw_top = TableView.draw_top

    def announcing(self, surface, layout, art, sprites, overlay, spotlight=None):
        overlay.banner = "Борис берёт из колоды последнюю карту — шестёрка червей"
        overlay.banner_alpha = 255
        draw_top(self, surface, layout, art, sprites, overlay, spotlight)

    monkeypatch.setattr(TableView, "draw_top", announcing)
    r.frame(DT, [])
    banner, bout = table.view.banner_rect, table.view.bout
    assert banner is not None and len(bout) >= 2
    assert banner.collidelist(bout) < 0, (banner, bout)
    buttons = [b.rect for b in table.buttons.buttons.values() if b.visible]
    assert r.screen.get_rect().contains(banner) and banner.collidelist(buttons) < 0
    r.scenes.close()


@pytest.mark.parametrize("lang, yours, theirs", [
    ("ru", ["ваш ход", "отбиваетесь", "берёте", "бито"], ["ходит", "отбивается", "берёт", "бито"]),
    ("en", ["attacking", "defending", "taking", "done"], ["attacking", "defending", "taking",
                                                          "done"])])
def test_the_players_own_plate_speaks_to_the_player(monkeypatch, lang, yours, theirs):
    """Russian would read "Вы · ходит" under the player's own name: the player's plate
    says its role in the second person, the others' in the third."""
    i18n.set_language(lang)
    try:
        r = make_runner(settings_for(2))
        settle(r, 20)
        table = table_of(r)
        lines: list[str] = []
        render = table.ctx.text.render
        monkeypatch.setattr(table.ctx.text, "render",
                            lambda text, *a, **kw: lines.append(text) or render(text, *a, **kw))
        for seat in (table.human, 1 - table.human):
            for role in ("attacking", "defending", "takes", "done"):
                table.view._render_plate(table.layout, seat, 6, role, False, 0)
        words = [line.rsplit("·  ", 1)[-1] for line in lines if "·" in line]
        assert words == yours + theirs
        r.scenes.close()
    finally:
        i18n.set_language("en")
