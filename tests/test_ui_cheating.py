"""Cheating mode at the table: the human cheats (a marked card), is caught, catches a
computer with the button or C, and the start screen offers the mode."""

from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.engine import events as ev
from game.engine import parse_card
from game.engine.actions import Attack, Catch, Defend, Pass
from game.session.match import CATCH_MS
from game.session.narrate import Narrator
from game.ui import cheat_ui
from game.ui.start import StartScene
from game.ui.thinker import InlineThinker, Tokens
from tests.test_ui_start import choose
from tests.ui_helpers import (
    DT,
    card_pos,
    deal,
    drag,
    key,
    make_runner,
    settings_for,
    settle,
    table_of,
)

C = parse_card
TALON = "AS AH AD KS KH QS QH JS JH 10H 9H 9D 8D 7D 6D 8S 8C 7C KC"


class Scripted(Tokens):
    """Computers that play the scripted actions when offered, then catch whatever
    they may (``catches``) or else play the first offered action; or stay silent."""

    def __init__(self, script=(), catches: bool = False, silent: bool = False) -> None:
        super().__init__()
        self.script = list(script)
        self.catches = catches
        self.silent = silent
        self._answers: list = []

    def ask(self, req) -> None:
        if self.silent:
            return
        legal = list(req.legal)
        choice = next((a for a in self.script if a in legal), None)
        if choice is not None:
            self.script.remove(choice)
        elif self.catches and Catch(req.seat) in legal:
            choice = Catch(req.seat)
        else:
            choice = next((a for a in legal if not isinstance(a, Catch)), legal[0])
        self._answers.append((req.token, choice))

    def poll(self) -> list:
        out, self._answers = self._answers, []
        return out

    def close(self) -> None:
        pass


def cheating_table(thinker, hands, attacker):
    runner = make_runner(settings_for(2, cheating=True), thinker)
    return runner, deal(runner, hands, TALON, "C", attacker=attacker)


def log_text(table) -> str:
    return " | ".join(line.text for line in table.log.lines)


def test_a_card_dropped_where_the_rules_forbid_is_a_cheat_marked_for_the_human_only():
    runner, table = cheating_table(Scripted(silent=True),
                                   ["6S 7S 8H 9C 10D JC", "9S 10S 6H 7H QD KD"], attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    for _ in range(30):
        runner.frame(DT, [])
    rect = table.layout.table
    drag(runner, card_pos(table, "8H"), (rect.left + 10, rect.bottom - 10))  # no 8 there
    assert runner.actions[-1] == Attack(0, (C("8H"),))
    assert table.match.state.cheat.seat == 0
    for _ in range(30):
        runner.frame(DT, [])
    assert table.mirror.cheat is not None and table.mirror.cheat.seat == 0
    surface = pygame.Surface(pygame.display.get_surface().get_size())
    table.draw(surface)
    sprite = table.sprites.sprites[C("8H")]
    corner = table.layout.card_rect(sprite.x, sprite.y).inflate(6, 6).topleft
    assert surface.get_at(corner)[:3] == cheat_ui.MARK
    assert "Your cheat" in log_text(table)
    runner.scenes.close()


def test_a_computer_catches_the_human_and_the_card_flies_back():
    runner, table = cheating_table(Scripted(catches=True),
                                   ["6S 7S 8H 9C 10D JC", "9S 10S 6H 7H QD KD"], attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)
    drag(runner, card_pos(table, "8H"), table.layout.table.center)
    settle(runner)
    assert table.match.state.hands[0] >> C("8H") & 1
    assert C("8H") in table.mirror.hands[0] and C("8H") not in table.mirror.attacks
    assert "You try to throw in the 8 of hearts — Anna catches it!" in log_text(table)
    assert "catches it" in table.notices.banner
    runner.scenes.close()


def test_the_human_catches_a_computers_cheat_with_the_key_c():
    thinker = Scripted(script=[Attack(1, (C("9S"),)), Attack(1, (C("QD"),))])
    runner, table = cheating_table(thinker, ["10S 7S 8H 9C 10D JC", "9S QD 6H 7H KD AD"],
                                   attacker=1)
    drag(runner, card_pos(table, "10S"), card_pos(table, "9S"))
    assert runner.actions[-1] == Defend(0, C("9S"), C("10S"))
    settle(runner)
    assert runner.actions[-1] == Attack(1, (C("QD"),))  # no queen on the table: a cheat
    assert table.buttons["catch"].visible and table.buttons["catch"].is_enabled
    assert table.match._delay() >= CATCH_MS  # the computers give the human time to look
    runner.frame(DT, [key(pygame.K_c)])
    assert runner.actions[-1] == Catch(0)
    settle(runner)
    assert "Anna tries to throw in the queen of diamonds — you catch it!" in log_text(table)
    assert not table.buttons["catch"].visible
    runner.scenes.close()


def test_a_cheat_nobody_catches_stands_and_is_marked_in_the_log():
    runner, table = cheating_table(Scripted(),
                                   ["6S 7S 8H 9C 10D JC", "9S 10S 6H 7H QD KD"], attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)
    drag(runner, card_pos(table, "8H"), table.layout.table.center)
    settle(runner)
    assert table.match.state.cheats[-1].caught_by == -1
    assert "Nobody caught your cheat: the 8 of hearts stands" in log_text(table)
    runner.scenes.close()


def test_another_players_cheat_is_not_told_before_it_is_caught_or_stands():
    n = Narrator(["You", "Anna"], human=0)
    assert n.tell(ev.Cheated(1, (C("QD"),), "rank_not_on_table")).text == ""
    assert n.tell(ev.CheatStood(1, (C("QD"),), "rank_not_on_table")).text == (
        "Cheat! Nobody caught Anna: the queen of diamonds stands")


def test_the_new_game_screen_offers_cheating():
    runner = make_runner(settings_for(2))
    start = StartScene(runner.ctx)
    runner.scenes.replace(start)
    runner.frame(DT, [])
    assert not start.chosen_settings().rules.cheating
    choose(runner, start, "cheating", "true")
    assert start.chosen_settings().rules.cheating
    runner.scenes.close()


def test_a_whole_game_with_cheating_is_played_through_the_table():
    """The human plays at random through the table, cheating and catching too, against
    computer players of every kind of temper; the game reaches its end."""
    runner = make_runner(settings_for(3, cheating=True), InlineThinker())
    table = table_of(runner)
    rng = random.Random(7)
    for _ in range(20_000):
        if table.match.finished:
            break
        runner.frame(DT, [])
        if table.player.busy or not table.legal():
            continue
        catch = [a for a in table.legal() if isinstance(a, Catch)]
        if catch and rng.random() < 0.7:
            table.press_button("catch")
        elif table.match.waits_for(table.human):
            cheats = table.match.cheats()
            table.submit(rng.choice(cheats if cheats and rng.random() < 0.3 else table.legal()))
    assert table.match.finished
    records = table.match.state.cheats
    assert any(r.seat == 0 for r in records) and any(r.seat != 0 for r in records)
    runner.scenes.close()


def test_bout_done_does_not_let_a_cheat_stand_for_the_player():
    """"Bout done" passes for the player, but never past a cheat the player may catch."""
    thinker = Scripted(script=[Defend(1, C("6S"), C("6H"))])  # a 6 does not beat a 6
    runner, table = cheating_table(thinker, ["6S 7S 8H 9C 10D JC", "9S 10S 6H 7H QD KD"],
                                   attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    table.press_button("stay_done")
    for _ in range(120):
        runner.frame(DT, [])
    assert runner.actions[-1] == Defend(1, C("6S"), C("6H"))
    assert table.match.state.cheat is not None and table.buttons["catch"].visible
    runner.frame(DT, [key(pygame.K_c)])
    assert runner.actions[-1] == Catch(0)
    runner.scenes.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_defenders_done_lets_a_cheat_go_and_says_so(lang):
    """Defending against a cheat the player may catch, "Done" reads "Let it go" (a
    defender never says done) and lets it stand; "Bout done" is an attacker's."""
    i18n.set_language(lang)
    try:
        _defender_lets_a_cheat_go({"en": ("Done (D)", "Let it go (D)"),
                                   "ru": ("Бито (D)", "Не ловить (D)")}[lang])
    finally:
        i18n.set_language("en")


def _defender_lets_a_cheat_go(texts):
    done_text, let_go_text = texts
    thinker = Scripted(script=[Attack(1, (C("9S"),)), Attack(1, (C("QD"),))])
    runner, table = cheating_table(thinker, ["10S 7S 8H 9C 10D JC", "9S QD 6H 7H KD AD"],
                                   attacker=1)
    assert table.buttons["done"].text == done_text
    drag(runner, card_pos(table, "10S"), card_pos(table, "9S"))
    settle(runner)
    assert runner.actions[-1] == Attack(1, (C("QD"),))  # no queen on the table: a cheat
    done = table.buttons["done"]
    assert done.is_enabled and done.text == let_go_text
    assert not table.buttons["stay_done"].is_enabled
    runner.frame(DT, [key(pygame.K_d)])
    assert runner.actions[-1] == Pass(0)
    settle(runner)
    assert table.match.state.cheat is None and table.match.state.cheats[-1].caught_by == -1
    assert table.buttons["done"].text == done_text
    runner.scenes.close()


def test_an_attacker_may_still_say_done_past_a_defence_cheat(russian):
    thinker = Scripted(script=[Defend(1, C("6S"), C("6H"))])  # a 6 does not beat a 6
    runner, table = cheating_table(thinker, ["6S 7S 8H 9C 10D JC", "9S 10S 6H 7H QD KD"],
                                   attacker=0)
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)
    assert table.match.state.cheat is not None
    assert table.buttons["done"].text == "Бито (D)" and table.buttons["stay_done"].is_enabled
    runner.scenes.close()


def test_in_prostoy_the_attacker_may_let_a_cheat_go_by_mouse():
    """Prostoy has no "done"; against a defence cheat the attacker's only other way
    on is to let it stand, so the button comes, as "Let it go", while it may."""
    from tests.ui_helpers import click

    thinker = Scripted(script=[Defend(1, C("6S"), C("7H"))])  # 7H does not beat 6S
    runner = make_runner(settings_for(2, variant="prostoy", hand_size=5, cheating=True),
                         thinker)
    table = deal(runner, ["6S 7S 8H 9C 10D", "9S 10S 7H 6H QD"], TALON, "C", attacker=0)
    assert not table.buttons["done"].visible
    drag(runner, card_pos(table, "6S"), table.layout.table.center)
    settle(runner)
    assert table.match.state.cheat is not None
    done = table.buttons["done"]
    assert done.visible and done.is_enabled and done.text == "Let it go (D)"
    assert not table.buttons["stay_done"].visible
    click(runner, done.rect.center)
    assert runner.actions[-1] == Pass(0)
    settle(runner)
    assert table.match.state.cheat is None and not table.buttons["done"].visible
    runner.scenes.close()


def test_the_coachs_hint_against_a_cheat_names_the_catch_and_lights_its_button():
    """H while a computer's cheat may be caught: the coach's answer is worded (it once
    had no words for a catch, and the game stopped) and its button lit."""
    thinker = Scripted(script=[Attack(1, (C("9S"),)), Attack(1, (C("QD"),))], catches=True)
    runner, table = cheating_table(thinker, ["10S 7S 8H 9C 10D JC", "9S QD 6H 7H KD AD"],
                                   attacker=1)
    drag(runner, card_pos(table, "10S"), card_pos(table, "9S"))
    settle(runner)
    assert table.match.state.cheat is not None
    runner.frame(DT, [key(pygame.K_h)])
    for _ in range(10):
        runner.frame(DT, [])
    hint = table.coach.hint
    assert hint is not None and hint.action == Catch(0)
    assert hint.text == ("Catch the cheat — the queen of diamonds is of a rank not on the "
                         "table: caught, it goes back")
    assert pygame.Rect(table.buttons["catch"].rect) in table.coach.marks()
    runner.scenes.close()
