"""`durak --smoke-test` with settings files other than the shipped one."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui.smoke import smoke_test  # noqa: E402

TEAM_GAME = """\
rules: {teams: [[0, 2], [1, 3]]}
players:
  - {name: You, type: human}
  - {name: Anna, level: easy}
  - {name: Boris, level: normal}
  - {name: Vera, level: random}
"""


def test_the_smoke_test_passes_with_a_valid_four_player_team_file(tmp_path, capsys):
    path = tmp_path / "teams.yaml"
    path.write_text(TEAM_GAME)
    assert smoke_test(path) == 0, capsys.readouterr().err


def test_a_main_menu_that_cannot_draw_fails_the_smoke_test(monkeypatch, capsys):
    from game.ui import main_menu

    def broken(self, surface) -> None:
        raise RuntimeError("menu art missing")

    monkeypatch.setattr(main_menu.MainMenu, "draw", broken)
    assert smoke_test() == 1
    assert "menu art missing" in capsys.readouterr().err
