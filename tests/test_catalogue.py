"""The message catalogues: complete, compiled from their .po, Russian plurals and cases.

These fail whenever a string is added to the game and not yet translated: run
build_scripts/update_catalogue.py, translate what it lists, run it again.
"""

from __future__ import annotations

import gettext
import types
from pathlib import Path

import pytest

from game import i18n
from game.engine import events as ev
from game.engine import parse_card as C
from game.session.narrate import Narrator, card_list, card_name
from tests.script_helpers import load_script

ROOT = Path(__file__).resolve().parent.parent




@pytest.fixture(scope="module")
def updater() -> types.ModuleType:
    return load_script("update_catalogue")


@pytest.fixture(scope="module")
def fresh(updater) -> tuple[dict[Path, bytes], list[str]]:
    return updater.stale_files(updater.extract())


def test_committed_template_holds_every_string_of_the_game(updater, fresh):
    wanted, _todo = fresh
    pot = updater.LOCALE / "durak.pot"
    assert not updater.differs(pot, wanted[pot]), "run build_scripts/update_catalogue.py"


def test_every_string_is_translated_and_none_is_fuzzy(fresh):
    _wanted, todo = fresh
    assert todo == [], "translate these in the .po and rerun update_catalogue.py"


def test_committed_po_and_mo_are_up_to_date(updater, fresh):
    wanted, _todo = fresh
    stale = [p.name for p, content in wanted.items() if updater.differs(p, content)]
    assert stale == []


def test_the_check_option_fails_on_an_untranslated_string(updater, tmp_path, monkeypatch):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "new.py").write_text('_("A string nobody translated")\n')
    monkeypatch.setattr(updater, "ROOT", tmp_path)
    monkeypatch.setattr(updater, "PACKAGE", tmp_path / "game")
    monkeypatch.setattr(updater, "LOCALE", tmp_path / "game" / "locale")
    assert updater.main([]) == 0  # writes the files, lists the string
    assert updater.main(["--check"]) == 1
    assert (tmp_path / "game" / "locale" / "ru" / "LC_MESSAGES" / "durak.mo").exists()


def test_compiled_catalogue_says_what_the_po_says(updater):
    po = updater.read(updater.po_path("ru"), "ru")
    with updater.po_path("ru").with_suffix(".mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for message in po:
        if not message.id or isinstance(message.id, tuple):
            continue
        got = mo.pgettext(message.context, message.id) if message.context else \
            mo.gettext(message.id)
        assert got == message.string, message.id


@pytest.mark.parametrize(("n", "text"), [(1, "1 карта"), (2, "2 карты"), (5, "5 карт"),
                                         (11, "11 карт"), (21, "21 карта"), (22, "22 карты"),
                                         (14, "14 карт"), (0, "0 карт"), (101, "101 карта")])
def test_russian_plural_forms(russian, n, text):
    assert i18n.ngettext("%d card", "%d cards", n) % n == text


@pytest.mark.parametrize(("n", "text"), [(1, "1 card"), (2, "2 cards"), (5, "5 cards"),
                                         (21, "21 cards")])
def test_english_plural_forms(n, text):
    i18n.set_language("en")
    assert i18n.ngettext("%d card", "%d cards", n) % n == text


def test_russian_card_names_take_the_case_of_the_sentence(russian):
    assert card_name(C("TS")) == "десятка пик"
    assert card_name(C("JH"), "accusative") == "валета червей"
    assert card_list([C("7D"), C("QC")], "instrumental") == "семёркой бубён и дамой треф"


def test_russian_sentences_of_the_move_log(russian):
    n = Narrator(["Вы", "Анна", "Борис"], human=0)
    assert n.tell(ev.Dealt(((), (), ()), C("6C"), 3)).text == "Новая игра: козыри — трефы"
    assert n.tell(ev.BoutStarted(1, 0, 6)).text == "Анна ходит под вас"
    assert n.tell(ev.Played(1, (C("TS"),))).text == "Анна ходит десяткой пик"
    assert n.tell(ev.Covered(0, C("TS"), C("QS"))).text == "Вы кроете десятку пик дамой пик"
    assert n.tell(ev.Played(2, (C("QH"),))).text == "Борис подкидывает даму червей"
    assert n.tell(ev.Took(1, tuple(range(5)))).text == "Анна берёт 5 карт"
    assert n.tell(ev.Took(2, (4,))).text == "Борис берёт 1 карту"
    assert n.tell(ev.Took(0, (4, 5))).text == "Вы берёте 2 карты"
    swap = n.tell(ev.Exchanged(2, C("6C"), C("KC"))).text
    assert swap == "Борис меняет шестёрку треф на короля треф"
    assert n.tell(ev.GameOver(None, (0, 2))).text == "Проиграли вы и Борис: они дураки"
    assert n.tell(ev.BoutStarted(0, 2, 6)).text == "Вы ходите, отбивается Борис"
    assert n.tell(ev.BoutStarted(1, 2, 6)).text == "Анна ходит, отбивается Борис"
    assert n.tell(ev.Transferred(2, (C("7S"),), None, 0)).text == \
        "Борис переводит семёркой пик на вас"
    assert n.tell(ev.Transferred(0, (C("7H"),), None, 1)).text == \
        "Вы переводите семёркой червей, отбивается Анна"


def test_system_language_decides_auto():
    assert i18n.choose_language("auto", {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.choose_language("auto", {"LANGUAGE": "ru:en", "LANG": "de_DE.UTF-8"}) == "ru"
    assert i18n.choose_language("auto", {"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.choose_language("auto", {"LANG": "C.UTF-8"}) == "en"
    assert i18n.choose_language("auto", {}) == "en"
    assert i18n.choose_language("ru", {"LANG": "en_GB.UTF-8"}) == "ru"


def test_the_smoke_test_checks_both_languages_are_there(tmp_path):
    i18n.check_catalogues()
    with pytest.raises(FileNotFoundError):
        i18n.check_catalogues(tmp_path)
