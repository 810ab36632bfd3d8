"""Every string a player reads goes through the translation function: a walk over
the UI modules' source that finds plain text handed to a drawing or text call."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Extend with the table's modules once their strings are wrapped.
MODULES = ("game/app.py", "game/ui/start.py", "game/ui/house_rules.py",
           "game/ui/new_game_form.py", "game/ui/new_game_seats.py", "game/ui/presets.py",
           "game/ui/form_panel.py", "game/ui/tips.py", "game/ui/end.py", "game/ui/scoreboard.py",
           "game/ui/runner.py",
           "game/ui/smoke.py", "game/ui/display.py", "game/ui/buttons.py",
           "game/ui/event_player.py", "game/ui/move_log.py", "game/ui/overlay.py",
           "game/ui/stats_chart.py", "game/ui/stats_screen.py", "game/ui/table_view.py",
           "game/ui/thinker.py", "game/ui/worker.py", "game/session/narrate.py",
           "game/session/match.py", "game/refusals.py")
# game/ui/table.py returns drop-target kinds ("table", "transfer") as plain strings,
# which this walk cannot tell from text; its words come from narrate, refusals, buttons.
# Calls whose positional arguments a player reads (drawn, labelled, printed).
SHOWN_BY = {"blit", "render", "UILabel", "UIButton", "UIDropDownMenu", "UITextBox",
            "set_text", "set_caption", "say", "print", "write", "SystemExit"}
TRANSLATORS = {"_", "ngettext", "N_", "pgettext", "NP_"}


def call_name(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")


def plain_texts(node: ast.AST) -> list[ast.Constant]:
    """String literals with letters in ``node`` that no translator call wraps."""
    if isinstance(node, ast.Call):
        if call_name(node) in TRANSLATORS:
            return []
        f = node.func  # "...".format(...) is plain text too
        inner = plain_texts(f.value) if isinstance(f, ast.Attribute) else []
        return inner + [c for a in node.args for c in plain_texts(a)]
    if isinstance(node, ast.Constant):
        text = node.value
        return [node] if isinstance(text, str) and any(ch.isalpha() for ch in text) else []
    if isinstance(node, ast.Dict):  # keys of data (JSON out) are not read as text
        children: list = [v for v in node.values if v is not None]
    elif isinstance(node, ast.Subscript):  # nor is a key looked up: table["name"]
        children = [node.value]
    else:
        children = list(ast.iter_child_nodes(node))
    return [c for child in children for c in plain_texts(child)]


def untranslated(source: str) -> list[str]:
    """Where plain text reaches a player: arguments of SHOWN_BY calls, returned text."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and call_name(node) in SHOWN_BY:
            parts = node.args + [k.value for k in node.keywords if k.arg == "text"]
        elif isinstance(node, ast.Return) and node.value is not None:
            parts = [node.value]
        else:
            continue
        found += [f"line {c.lineno}: {c.value!r}" for p in parts for c in plain_texts(p)]
    return found


def rebinds_underscore(source: str) -> list[int]:
    """Lines that assign ``_`` (``x, _ = ...``, ``for _ in``): it would hide the translator."""
    return [n.lineno for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)]


@pytest.mark.parametrize("module", MODULES)
def test_player_visible_text_goes_through_the_translation_function(module):
    assert untranslated((ROOT / module).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("module", MODULES)
def test_the_translator_is_never_shadowed(module):
    assert rebinds_underscore((ROOT / module).read_text(encoding="utf-8")) == []


def test_the_walk_finds_plain_text_and_accepts_translated_text():
    bad = '''
text.blit(surface, "Durak", 72, (1, 2), anchor="midtop")
UIButton(rect, "Play" if a else _("Quit"), gui, object_id="#play")
label = UILabel(rect, f"{n} cards", gui)
print("smoke test failed: {}".format(e), file=sys.stderr)
def verdict():
    return "A draw"
print(json.dumps({"seat": seat, "text": "plain"}))
'''
    assert [f.split(":")[0] for f in untranslated(bad)] == [
        "line 2", "line 3", "line 4", "line 5", "line 7", "line 8"]
    good = '''
text.blit(surface, _("Durak"), 72, (1, 2), anchor="midtop")
UIButton(rect, _("Play"), gui, object_id="#play")
text.render(ngettext("%d card", "%d cards", n) % n, 20)
print(_("durak: {error}").format(error=e), file=sys.stderr)
text.blit(surface, f"{name}: {count}", 20, (0, 0))
text.blit(surface, LABELS["deck"], 20, (0, 0))
print(json.dumps({"players": n, "frames": len(times)}))
def verdict():
    return _("A draw")
'''
    assert untranslated(good) == []
