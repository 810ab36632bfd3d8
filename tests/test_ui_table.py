"""The table through synthetic input: drags, clicks, buttons, keys."""

from __future__ import annotations

import pygame
import pytest

from game.engine import parse_card
from game.engine.actions import Attack, Defend, Exchange, Pass, Take, Transfer
from game.engine.cards import rank_of
from tests.ui_helpers import (
    DT,
    HUMAN,
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
    settings_for,
    settle,
)


def C(text):
    return parse_card(text)


@pytest.fixture
def runner():
    r = make_runner(settings_for(2), ScriptedThinker())
    yield r
    r.scenes.close()


def table_spot(table):
    """An empty spot on the table, away from the cards in the bout."""
    rect = table.layout.table
    return rect.left + 10, rect.bottom - 10


def test_drag_to_table_leads(runner):
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    assert runner.actions == [Attack(0, (C("6S"),))]
    assert table.match.state.attacks[0] == C("6S")


def test_illegal_drop_changes_nothing_and_returns(runner):
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)  # the computer covers with 9S; the human may throw in 9C
    assert runner.actions[-1] == Defend(1, C("6S"), C("9S"))
    version, hand = table.match.version, table.match.state.hands[0]
    home = card_pos(table, "8H")
    drag(runner, home, table_spot(table))
    assert table.match.version == version and table.match.state.hands[0] == hand
    assert "not on the table" in table.overlay.message
    settle(runner, 60)
    for _ in range(40):
        runner.frame(1 / 60, [])
    assert card_pos(table, "8H") == home


def test_drop_on_attack_card_covers_and_bad_cover_is_refused():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6S 10S 8H 9C 10D JC", "9S JS 6H 7H QD KD"], TALON, "C", attacker=1)
    assert r.actions == [Attack(1, (C("9S"),))]
    drag(r, card_pos(table, "8H"), card_pos(table, "9S"))
    assert len(r.actions) == 1
    assert "does not beat" in table.overlay.message
    settle(r, 60)
    drag(r, card_pos(table, "10S"), card_pos(table, "9S"))
    assert r.actions[1] == Defend(0, C("9S"), C("10S"))
    r.scenes.close()


def test_done_button_passes(runner):
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)
    assert table.buttons["done"].is_enabled
    click(runner, table.buttons["done"].rect.center)
    assert runner.actions[-1] == Pass(0)


def test_take_button_takes(runner):
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=1)
    assert table.buttons["take"].is_enabled and not table.buttons["done"].is_enabled
    click(runner, table.buttons["take"].rect.center)
    assert runner.actions[-1] == Take(0)


def test_exchange_button():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6C 7S 8H 9D 10D JS", OTHER], TALON, "C", attacker=0)
    assert table.buttons["exchange"].visible
    r.ctx.anim_scale = 1.0  # slow enough to see the swap in flight
    click(r, table.buttons["exchange"].rect.center)
    assert r.actions == [Exchange(0)]
    r.frame(DT, [])
    given = table.sprites.sprites[C("6C")]  # the six glides from the hand to the talon
    got = table.sprites.sprites[C("KC")]  # the old trump rises from the talon to the hand
    assert given.moving and (given.dst.x, given.dst.y) == table.layout.trump_pos
    assert (given.dst.angle, got.dst.angle) == (90, 0)
    assert 0 < given.angle < 90 and 0 < got.angle < 90  # both turn while they fly
    drawn_angles, rotated = [], table.art.rotated
    table.art.rotated = lambda card, angle, big=True: (
        drawn_angles.append(angle) or rotated(card, angle, big))
    r.frame(DT, [])
    assert any(0 < a < 90 for a in drawn_angles)  # and are drawn turned
    settle(r, 100)
    assert table.match.state.hands[0] >> C("KC") & 1
    assert C("6C") not in table.sprites.sprites  # landed: lies crosswise under the talon
    assert table.mirror.trump_card == C("6C")
    r.scenes.close()


def test_transfer_by_drag_and_by_button():
    for how in ("drag", "button", "key"):
        r = make_runner(settings_for(2, variant="perevodnoy"), ScriptedThinker())
        table = deal(r, [HUMAN, OTHER], TALON, "C", attacker=1)
        assert r.actions == [Attack(1, (C("9S"),))]
        assert table.overlay.transfer_rect is not None
        if how == "drag":
            drag(r, card_pos(table, "9C"), table.overlay.transfer_rect.center)
        elif how == "button":
            click(r, table.buttons["transfer"].rect.center)
        else:
            r.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0,
                                                 unicode="r", scancode=0)])
        assert r.actions[1] == Transfer(0, (C("9C"),)), how
        r.scenes.close()


def test_keyboard_play(runner):
    from tests.ui_helpers import key

    deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    runner.frame(1 / 60, [key(pygame.K_RIGHT)])
    runner.frame(1 / 60, [key(pygame.K_RETURN)])
    assert runner.actions == [Attack(0, (C("6S"),))]
    settle(runner)
    runner.frame(1 / 60, [key(pygame.K_d)])
    assert runner.actions[-1] == Pass(0)
    deal(runner, [HUMAN, OTHER], TALON, "C", attacker=1)
    runner.frame(1 / 60, [key(pygame.K_t)])
    assert runner.actions[-1] == Take(0)


def test_click_card_then_target(runner):
    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    click(runner, card_pos(table, "7S"))
    assert C("7S") in table.focus.selected
    click(runner, table.layout.table.center)
    assert runner.actions[0] == Attack(0, (C("7S"),))


def test_a_turning_card_is_drawn_turned_to_the_nearest_step():
    from game.ui.table_view import ROTATION_STEP, TableArt

    art = TableArt(80, 50)
    upright = art.image(C("KC"), True, True)
    assert art.turned(C("KC"), True, True, ROTATION_STEP / 3) is upright
    across = art.turned(C("KC"), True, True, 88.5)
    assert across.get_size() == (upright.get_height(), upright.get_width())
    tilted = art.turned(C("KC"), False, False, 45)
    small_back = art.image(C("KC"), False, False)
    assert tilted.get_width() > small_back.get_width()
    backs = art.turned(C("AS"), False, False, 43), art.turned(C("KC"), False, False, 44)
    assert backs[0] is backs[1]  # every back turned to one step is one image


def test_a_click_on_a_button_does_not_reach_the_table():
    """Select the 9C, press Transfer: the 9C is transferred, not the 9D listed first."""
    r = make_runner(settings_for(2, variant="perevodnoy"), ScriptedThinker())
    table = deal(r, ["6S 7S 8H 9C 9D JC", OTHER], TALON, "C", attacker=1)
    assert r.actions == [Attack(1, (C("9S"),))]
    click(r, card_pos(table, "9C"))
    assert table.focus.selected == {C("9C")}
    click(r, table.buttons["transfer"].rect.center)
    assert r.actions[1] == Transfer(0, (C("9C"),))
    r.scenes.close()


def test_input_waits_for_the_screen_and_a_stale_key_is_dropped(runner):
    """A key pressed while cards still fly is judged against the table on screen."""
    from tests.ui_helpers import key

    table = deal(runner, [HUMAN, OTHER], TALON, "C", attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)  # the computer has covered with the 9S
    runner.ctx.anim_scale = 1.0
    runner.frame(DT, [key(pygame.K_d)])  # done: the bout ends, the cards start to fly
    assert runner.actions[-1] == Pass(0) and table.player.busy
    runner.frame(DT, [key(pygame.K_d)])  # meant for the bout still on screen
    assert runner.actions[-1] == Pass(0)
    assert not table.overlay.message
    settle(runner)
    assert runner.actions.count(Pass(0)) == 1 and not table.overlay.message


def test_a_key_pressed_during_an_animation_is_played_when_the_screen_catches_up():
    from game.engine import from_deal
    from tests.ui_helpers import key

    r = make_runner(settings_for(2), ScriptedThinker())
    table = r.scenes.top
    r.ctx.anim_scale = 1.0
    hands = [[C(c) for c in h.split()] for h in ("6C 7S 8H 9D 10D JS", OTHER)]
    table.new_game(from_deal(table.settings.rules, hands, [C(c) for c in TALON.split()], 3, 0))
    r.frame(DT, [key(pygame.K_e)])  # exchange while the deal is still flying
    assert table.player.busy and Exchange(0) not in r.actions
    settle(r)
    assert r.actions == [Exchange(0)]
    r.scenes.close()


def test_announcements_and_the_dragged_card_lie_above_the_open_move_log():
    runner = make_runner(settings_for(4))
    table = runner.scenes.top
    settle(runner)
    table.log.toggle()
    table.notices.announce("Anna takes 5 cards", table.now)
    order: list[str] = []
    log_draw, banner_draw = table.log.draw, table.view._draw_banner
    table.log.draw = lambda *a: (order.append("log"), log_draw(*a))
    table.view._draw_banner = lambda *a: (order.append("banner"), banner_draw(*a))
    runner.frame(DT, [])
    assert order == ["log", "banner"]
    runner.scenes.close()


def test_buttons_that_come_and_go_do_not_move_the_others():
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, ["6C 7S 8H 9D 10D JS", OTHER], TALON, "C", attacker=0)
    steady = ("log", "stay_done", "take", "done", "transfer")
    before = {name: table.buttons[name].rect.topleft for name in steady}
    assert table.buttons["exchange"].visible
    r.frame(DT, [key(pygame.K_e)])
    frames(r, 30)
    assert r.actions == [Exchange(0)] and not table.buttons["exchange"].visible
    assert {name: table.buttons[name].rect.topleft for name in steady} == before


def test_nothing_is_lit_while_the_screen_still_shows_a_bout_the_engine_has_ended():
    """The player covers and the computer has nothing to throw in: until the beaten-off
    cards have flown, the player's cards are not lit for the next lead (a play made
    then is dropped with the bout on screen)."""
    r = make_runner(settings_for(2), ScriptedThinker())
    table = deal(r, [HUMAN, OTHER], TALON, "C", attacker=1)
    theirs = {rank_of(C(c)) for c in OTHER.split()}
    cover = next(a for a in table.legal()
                 if isinstance(a, Defend) and rank_of(a.card) not in theirs)
    r.ctx.anim_scale = 1.0
    table.submit(cover)  # the bout ends at once: nobody may throw in
    frames_ahead = 0
    for _ in range(600):
        r.frame(DT, [])
        if table.player.bout_end_ahead:
            frames_ahead += 1
            assert table.legal() == [] and table.overlay.playable == set()
        elif not table.player.busy:
            break
    assert frames_ahead > 0 and not table.player.busy
    assert table.overlay.playable and all(isinstance(a, Attack) for a in table.legal())
    r.scenes.close()
