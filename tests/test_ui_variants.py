"""The table plays Prostoy with the mouse and shows Severnyi's trump change."""

from __future__ import annotations

import pygame

from game.engine import events as ev
from game.engine import parse_card
from game.engine.actions import Attack, Defend, Take
from game.ui.mirror import Mirror
from tests.ui_helpers import (
    DT,
    ScriptedThinker,
    card_pos,
    click,
    deal,
    drag,
    make_runner,
    settings_for,
    settle,
)


def C(text):
    return parse_card(text)


def prostoy_runner():
    return make_runner(settings_for(2, variant="prostoy", hand_size=5,
                                    first_attacker="left_of_dealer"), ScriptedThinker())


def test_prostoy_three_selected_cards_are_dropped_together():
    runner = prostoy_runner()
    try:
        table = deal(runner, ["6S 6H 9C KD AS", "7S 10H 10C 8D QS"], "8S 9S 10S JS QH", "H",
                     attacker=0)
        for card in ("6S", "6H"):
            click(runner, card_pos(table, card))
        assert "one, three or five cards" in table.overlay.message
        click(runner, card_pos(table, "9C"))
        assert "drop them together" in table.overlay.message
        drag(runner, card_pos(table, "9C"), table.layout.table.center)
        assert runner.actions[0] == Attack(0, (C("6S"), C("6H"), C("9C")))
    finally:
        runner.scenes.close()


class LongLeads(ScriptedThinker):
    """Computers that lead their longest attack."""

    def ask(self, req) -> None:
        leads = [a for a in req.legal if isinstance(a, Attack)]
        if leads:
            self._answers.append((req.token, max(leads, key=lambda a: len(a.cards))))
        else:
            super().ask(req)


def test_prostoy_defender_covers_some_then_takes_the_rest():
    runner = make_runner(settings_for(2, variant="prostoy", hand_size=5,
                                      first_attacker="left_of_dealer"), LongLeads())
    try:
        table = deal(runner, ["7S 10H 8D QC AS", "6S 6H 9C 9D JD"], "8S 9H 10S JS QH", "C",
                     attacker=1)
        five = tuple(sorted(C(c) for c in ["6S", "6H", "9C", "9D", "JD"]))
        assert runner.actions[0] == Attack(1, five)
        drag(runner, card_pos(table, "7S"), (int(table.sprites.sprites[C("6S")].x),
                                             int(table.sprites.sprites[C("6S")].y)))
        assert runner.actions[-1] == Defend(0, C("6S"), C("7S"))
        settle(runner)
        click(runner, table.buttons.buttons["take"].rect.center)
        settle(runner)
        assert runner.actions[2] == Take(0)  # then seat 1 attacks again
        state = table.match.state
        assert state.discard_count == 2
        for card in ("6H", "9C", "9D", "JD"):
            assert state.hands[0] >> C(card) & 1
    finally:
        runner.scenes.close()


def test_the_mirror_shows_a_partial_take_and_a_new_trump():
    m = Mirror(2, 36)
    m.apply(ev.Dealt(((C("6S"), C("7S")), (C("8S"), C("9H"))), C("10D"), 2, second=True))
    assert m.second and m.trump == 2
    m.apply(ev.Played(0, (C("6S"), C("7S"), C("6H"))))
    m.apply(ev.Covered(1, C("6S"), C("8S")))
    m.apply(ev.TookSome(1, (C("7S"), C("6H")), (C("6S"), C("8S"))))
    assert m.attacks == [] and m.discard == 2 and C("7S") in m.hands[1]
    assert m.leaving == [C("6S"), C("8S")]
    m.apply(ev.TrumpChanged(0, C("QC"), 2, 3))
    assert m.trump == 3 and not m.second and m.shown == (0, C("QC"))
    assert m.spotlight == C("QC")  # shown large for a moment
    m.apply(ev.Played(0, (C("7S"),)))
    assert m.spotlight is None and m.shown is None


def test_prostoy_has_no_done_buttons():
    runner = prostoy_runner()
    try:
        table = deal(runner, ["6S 6H 9C KD AS", "7S 10H 10C 8D QS"], "8S 9S 10S JS QH", "H",
                     attacker=0)
        assert not table.buttons.buttons["done"].visible
        assert not table.buttons.buttons["stay_done"].visible
        assert table.buttons.buttons["take"].visible
    finally:
        runner.scenes.close()


def test_the_face_down_trump_the_player_draws_is_held_up_clear_of_their_name_plate():
    runner = make_runner(settings_for(2, second_trump=True), ScriptedThinker())
    try:
        table = deal(runner, ["6S 6H 9C KD AS JC", "7S 7H 10H 10C 8D QS"], "QH 10S", "H",
                     attacker=0)
        runner.ctx.anim_scale = 1.0
        for card in ("6S", "6H"):
            click(runner, card_pos(table, card))
        drag(runner, card_pos(table, "6H"), table.layout.table.center)
        for _ in range(600):
            runner.frame(DT, [])
            if table.mirror.shown == (0, C("10S")):
                break
            if table.match.waits_for(0) and not table.player.busy:
                table.press_button("done")
        assert table.mirror.shown == (0, C("10S")) and "spades" in table.overlay.banner
        screen = pygame.Surface(runner.ctx.size)
        table.draw(screen)
        big = table.art.spot.face(C("10S"))  # large, in the middle of the table
        assert big.get_width() > table.art.big.size[0] * 1.5
        x = table.layout.table.centerx
        column = [screen.get_at((x, y)) for y in range(runner.ctx.size[1])]
        inner = [big.get_at((big.get_width() // 2, i)) for i in range(10, 60)]  # opaque
        top = next(y for y in range(len(column)) if column[y:y + 50] == inner)
        assert top < table.layout.table.centery
        for _ in range(20):
            runner.frame(DT, [])
        sprite = table.sprites.sprites[C("10S")]
        top = table.layout.card_rect(sprite.x, sprite.y).top
        plate_top = table.layout.plate_pos(0)[1]
        assert sprite.face and top >= plate_top + table.layout.plate_h
    finally:
        runner.scenes.close()


def test_the_mirror_shows_the_talon_a_deal_of_part_of_the_deck_left():
    """A deal given whole (the scenarios', the tests') need not use the whole deck:
    the talon shown is the one dealt, not the rest of the deck."""
    from game.engine import Rules, from_deal
    _, events = from_deal(Rules(), [[C("6H")], [C("7H"), C("8C")]], [C("9C")], 0, 0)
    m = Mirror(2, 36)
    m.apply(events[0])
    assert m.talon == 1
