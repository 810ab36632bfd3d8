"""The table defects of issue 12, each through synthetic input on a headless table."""

from __future__ import annotations

import pygame

from game.engine import parse_card
from game.engine.actions import Attack, Pass, Show, Take, Transfer
from tests.ui_helpers import (
    DT,
    OTHER,
    TALON,
    ScriptedThinker,
    card_pos,
    click,
    deal,
    drag,
    frames,
    key,
    make_runner,
    mouse,
    play_to_end_screen,
    settings_for,
    settle,
    table_of,
)


def C(text):
    return parse_card(text)


class ShowingThinker(ScriptedThinker):
    """Shows a trump to transfer whenever it may; else as ScriptedThinker."""

    def ask(self, req) -> None:
        shows = [a for a in req.legal if isinstance(a, Show)]
        if shows:
            self._answers.append((req.token, shows[0]))
        else:
            super().ask(req)


def perevodnoy_with_showing():
    return settings_for(2, variant="perevodnoy", transfer_by_showing_trump=True)


def test_the_player_shows_a_trump_by_right_click_and_plays_it_on_the_transfer_zone():
    for how in ("right click", "key", "drop"):
        r = make_runner(perevodnoy_with_showing(), ScriptedThinker())
        table = deal(r, ["6S 7S 8H 9C 10D JC", OTHER], TALON, "C", attacker=1)
        assert r.actions == [Attack(1, (C("9S"),))]
        if how == "right click":
            r.frame(DT, [mouse("down", card_pos(table, "9C"), button=3)])
        elif how == "key":
            click(r, card_pos(table, "9C"))
            r.frame(DT, [key(pygame.K_s)])
        else:
            drag(r, card_pos(table, "9C"), table.overlay.transfer_rect.center)
        expected = Transfer(0, (C("9C"),)) if how == "drop" else Show(0, C("9C"))
        assert r.actions[1] == expected, how
        r.scenes.close()


def test_s_with_no_card_chosen_and_nothing_to_show_says_why_and_plays_nothing():
    """Defending with no trump of the table's rank, S with no card chosen once sent the
    engine a show of no card, and the game stopped. Now the lowest trump is asked
    about (the engine says why not), or, with no trump, the player is told."""
    for hand, message in (("6S 7S 8H 10C 10D JC", "rank"),
                          ("6S 7S 8H 9H 10D JH", "You hold no trump to show")):
        r = make_runner(perevodnoy_with_showing(), ScriptedThinker())
        table = deal(r, [hand, OTHER], TALON, "C", attacker=1)
        assert r.actions == [Attack(1, (C("9S"),))]  # the human defends
        table.focus.selected.clear()
        table.focus.cursor = None
        r.frame(DT, [key(pygame.K_s)])
        assert len(r.actions) == 1 and message in table.overlay.message, table.overlay.message
        r.scenes.close()


def test_a_computer_showing_a_trump_holds_it_up_face_up_and_says_so():
    r = make_runner(perevodnoy_with_showing(), ShowingThinker())
    table = deal(r, ["9S 7S 8H 6D 10D JH", "9C 10S 6H 7H QD KD"], TALON, "C", attacker=0)
    r.ctx.anim_scale = 1.0
    drag(r, card_pos(table, "9S"), table.layout.table.center)
    for _ in range(200):
        r.frame(DT, [])
        if table.mirror.shown is not None:
            break
    assert r.actions[-1] == Show(1, C("9C"))
    assert table.mirror.shown == (1, C("9C"))
    frames(r, 12)
    sprite = table.sprites.sprites[C("9C")]
    assert sprite.face and sprite.big
    fan = table.layout.fan_positions(1, len(table.mirror.hands[1]))
    assert sprite.x - sprite_width(table, sprite) / 2 > fan[-1][0] + table.layout.sw / 2
    assert table.overlay.banner == "Anna shows the 9 of clubs and transfers to you"
    assert table.log.lines[-1].text == table.overlay.banner
    frames(r, 60)
    assert table.mirror.shown is None and not table.sprites.sprites[C("9C")].face
    r.scenes.close()


def sprite_width(table, sprite) -> float:
    return table.layout.cw if sprite.big else table.layout.sw


def test_moves_are_logged_in_words_and_the_log_opens_with_l_and_its_button():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6S 7S 8H 9C 10D JC", "9D 10S 6H 7H QD KD"], TALON, "C", attacker=0)
    drag(r, card_pos(table, "8H"), table.layout.table.center)
    settle(r)  # Anna cannot beat the 8 of hearts with a heart: she has none higher; takes
    texts = [line.text for line in table.log.lines]
    assert "You lead the 8 of hearts" in texts
    assert "Anna will take" in texts and "Anna takes 1 card" in texts
    assert not table.log.open
    r.frame(DT, [key(pygame.K_l)])
    assert table.log.open
    panel = table.layout.panel
    assert panel.bottom <= table.layout.plate_pos(0)[1]  # clear of the hand and its plate
    assert not any(panel.colliderect(b.rect) for b in table.buttons.buttons.values())
    click(r, table.buttons["log"].rect.center)
    assert not table.log.open
    r.scenes.close()


def test_the_bout_moves_out_from_under_the_open_move_log_and_back():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6S 6D 8H 9C 10D JC", "9D 10S 6H 7H QD KD"], TALON, "C", attacker=0)
    drag(r, card_pos(table, "6S"), table.layout.table.center)
    settle(r)  # Anna beats it with the 10 of spades
    drag(r, card_pos(table, "10D"), (table.layout.table.left + 20, table.layout.table.top + 20))
    settle(r)  # and the 10 of diamonds with the queen: two pairs reach the right (the
    # bout waits: the 6 of diamonds could be thrown in)
    assert len(table.mirror.attacks) == 2 and -1 not in table.mirror.covers

    def bout_rects():
        return [table.layout.card_rect(s.x, s.y) for c, s in table.sprites.sprites.items()
                if c in table.mirror.attacks]

    full = table.layout.table.copy()
    assert any(rect.colliderect(table.layout.panel) for rect in bout_rects())
    r.frame(DT, [key(pygame.K_l)])
    frames(r, 40)  # the cards glide aside
    assert table.log.open and table.layout.table.right < full.right
    assert not any(rect.colliderect(table.layout.panel) for rect in bout_rects())
    r.frame(DT, [key(pygame.K_l)])
    frames(r, 40)
    assert not table.log.open and table.layout.table == full
    assert any(rect.colliderect(table.layout.panel) for rect in bout_rects())
    r.scenes.close()


def anna_takes(size=(1280, 720), log_open=False):
    """The player leads the 8 of hearts, which Anna takes, shown at animation speed 1;
    the runner and the table just after the lead."""
    r = make_runner(settings_for(2), ScriptedThinker(), size=size)
    table = deal(r, ["6S 7S 8H 9C 10D JC", "9D 10S 6H 7H QD KD"], TALON, "C", attacker=0)
    if log_open:
        r.frame(DT, [key(pygame.K_l)])
    r.ctx.anim_scale = 1.0
    drag(r, card_pos(table, "8H"), table.layout.table.center)
    return r, table


def a_take_shown(size=(1280, 720), log_open=False):
    """Anna's take played out: the banners seen while it plays, the log's lines after,
    and the table."""
    r, table = anna_takes(size, log_open)
    seen = set()
    for _ in range(300):
        r.frame(DT, [])
        seen.add(table.overlay.banner)
    lines = [line.text for line in table.log.lines]
    r.scenes.close()
    return seen, lines, table


def test_a_take_is_announced_on_the_table():
    seen, _, table = a_take_shown()
    assert "Anna takes 1 card" in seen
    # The banner lies inside the table, between the opponents' plates and the hand's.
    assert table.layout.table.top > table.layout.plate_pos(1)[1] + table.layout.plate_h
    assert table.layout.table.bottom < table.layout.plate_pos(0)[1]


def test_the_open_log_lying_over_the_bout_is_not_covered_by_a_banner():
    seen, lines, _ = a_take_shown((640, 360), log_open=True)  # the log lies over the bout
    assert "Anna takes 1 card" not in seen and "Anna takes 1 card" in lines
    seen, lines, _ = a_take_shown((1280, 720), log_open=True)  # the bout moved aside
    assert "Anna takes 1 card" in seen and "Anna takes 1 card" in lines


def test_a_takes_banner_fades_once_the_next_bout_is_led():
    r, table = anna_takes()
    for _ in range(300):
        r.frame(DT, [])
        if table.overlay.banner == "Anna takes 1 card":
            break
    settle(r)  # the take and the draws shown: the player leads again
    assert table.overlay.banner == "Anna takes 1 card"  # still up
    drag(r, card_pos(table, "6S"), table.layout.table.center)
    frames(r, 30)  # half a second: well inside the banner's 2.2 s
    assert table.mirror.attacks and table.overlay.banner == ""
    r.scenes.close()


THREE = ["6S 7S 8H 9C 10D JC", "9S 10S 6H 7H QD KD", "6D 8C JD AH KS 7D"]


def test_done_for_the_bout_keeps_the_player_passed_as_others_throw_in():
    r = make_runner(settings_for(3), ScriptedThinker())
    table = deal(r, THREE, TALON, "C", attacker=0)
    drag(r, card_pos(table, "6S"), table.layout.table.center)
    settle(r)  # Anna covers with the 9S; the 9C could be thrown in
    assert table.buttons["stay_done"].is_enabled
    r.frame(DT, [key(pygame.K_b)])
    frames(r, 200)
    # Boris threw in the 6D, Anna covered it, and the player passed again by itself.
    assert Attack(2, (C("6D"),)) in r.actions
    after = r.actions[r.actions.index(Attack(2, (C("6D"),))):]
    assert Pass(0) in after and r.actions.count(Pass(0)) == 2
    assert not table.stay_done  # the bout is over: the toggle is off again


def test_a_pointless_take_is_made_for_the_player():
    r = make_runner(settings_for(2), ScriptedThinker())
    deal(r, ["6S 7S", "AS"], "", "C", attacker=1)
    frames(r, 60)
    assert r.actions == [Attack(1, (C("AS"),)), Take(0)]
    assert r.scenes.top.__class__.__name__ == "EndScene" or r.actions[-1] == Take(0)


def test_the_cursor_does_not_follow_a_card_into_an_opponents_hand():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["8H 7S 6S 9C 10D JC", "9D 10S 6H 7H QD KD"], TALON, "C", attacker=0)
    hand = table.hand()
    r.frame(DT, [key(pygame.K_RIGHT)] * (hand.index(C("8H")) + 1))
    assert table.focus.cursor == C("8H")
    r.frame(DT, [key(pygame.K_RETURN)])
    settle(r)  # Anna takes the 8H
    assert Take(1) in r.actions and C("8H") in table.mirror.hands[1]
    assert table.overlay.cursor != C("8H") and C("8H") not in table.overlay.selected


def rendered_strings(table, runner) -> list[str]:
    seen: list[str] = []
    render = table.ctx.text.render
    table.view._plates.clear()

    def spy(text, *args, **kw):
        seen.append(text)
        return render(text, *args, **kw)

    table.ctx.text.render = spy
    try:
        runner.frame(DT, [])
    finally:
        table.ctx.text.render = render
    return seen


def test_plates_count_one_card_and_mark_partners():
    r = make_runner(settings_for(4, teams=((0, 2), (1, 3))), ScriptedThinker())
    table = deal(r, ["6S 7S", "AS", "8S 9S", "10S JS"], "", "C", attacker=0)
    seen = rendered_strings(table, r)
    assert any(t.startswith("1 card") for t in seen)
    assert not [t for t in seen if "1 cards" in t]
    assert "Boris (partner)" in seen and "Anna" in seen and "Vera" in seen


def test_the_trump_suit_is_shown_while_the_talon_lasts():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6S 7S 8H 9C 10D JC", OTHER], TALON, "C", attacker=0)
    seen = rendered_strings(table, r)
    assert "trumps: king face up" in seen


def test_cards_in_flight_pass_under_the_players_hand():
    r = make_runner(settings_for(4), ScriptedThinker(), seed=9)
    table = r.scenes.top
    r.ctx.anim_scale = 1.0
    checked = 0
    for _ in range(400):
        r.frame(DT, [])
        hand = set(table.mirror.hands[table.bottom])
        resting = [s.z for s in table.sprites.sprites.values() if s.card in hand and not s.moving]
        flying = [s.z for s in table.sprites.sprites.values()
                  if s.moving and s.card not in hand]
        if resting and flying:
            checked += 1
            assert max(flying) < min(resting)
    assert checked > 10


def test_a_card_flying_over_a_name_plate_does_not_hide_it():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6S 7S 8H 9C 10D JC", OTHER], TALON, "C", attacker=0)
    x, y = table.layout.plate_pos(1)
    plate = next(img for key, img in table.view._plates.items() if key[0] == 1)
    left = (int(x - plate.get_width() / 2 + 5), int(y + plate.get_height() / 2))
    sprite = table.sprites.sprites[C("6S")]
    sprite.x, sprite.y, sprite.z = left[0], left[1], 5000
    table.draw(r.screen)
    assert sum(r.screen.get_at(left)[:3]) < 3 * 150  # the dark plate, not the white card


def test_a_throw_in_lights_only_once_the_cover_that_allows_it_has_landed():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6S 7S 8H 9C 10D JC", OTHER], TALON, "H", attacker=0)
    r.ctx.anim_scale = 1.0  # real motion: the cover takes frames to fly in
    drag(r, card_pos(table, "6S"), table.layout.table.center)
    throw_in, cover = Attack(0, (C("9C"),)), table.sprites.sprites[C("9S")]
    in_flight = 0
    for _ in range(240):
        r.frame(DT, [])
        if throw_in in table.legal() and cover.moving:
            in_flight += 1
            assert C("9C") not in table.overlay.playable
        if not table.player.busy and not cover.moving:
            break
    assert in_flight > 0  # the engine allowed the throw-in while the 9 was still flying
    assert C("9C") in table.overlay.playable
    r.scenes.close()


def test_no_table_button_shows_over_the_end_screen_where_it_could_not_be_pressed():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = table_of(r)
    end = play_to_end_screen(r, 4)
    assert r.scenes.top is end
    frames(r, 30)
    # the end screen takes the input: a table button left showing would be dead
    assert not any(b.visible for b in table.buttons.buttons.values())
    end.play_again()
    settle(r)
    assert table.buttons.buttons["log"].visible and table.buttons.buttons["take"].visible
    r.scenes.close()


def test_the_piles_labels_lie_whole_inside_a_small_window_in_russian(russian, monkeypatch):
    r = make_runner(settings_for(2), ScriptedThinker(), size=(640, 360))
    table = deal(r, ["6S 7S 8H 9C 10D JC", OTHER], TALON, "C", attacker=0)
    table.mirror.discard = 12  # a discard pile, labelled too
    drawn: list[tuple[str, pygame.Rect]] = []
    blit = table.ctx.text.blit

    def spy(surface, text, *args, **kw):
        rect = blit(surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(table.ctx.text, "blit", spy)
    r.frame(DT, [])
    labels = [(t, rect) for t, rect in drawn if t.startswith(("осталось", "отбой"))]
    assert len(labels) == 2
    screen = r.screen.get_rect()
    assert all(screen.contains(rect) for _, rect in labels), labels
    r.scenes.close()
