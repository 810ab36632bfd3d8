"""Every event the engine can emit is animated and mirrored: none is silently skipped."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from game.engine import events as ev
from game.ui.event_player import EventPlayer, handled_events
from game.ui.mirror import Mirror
from game.ui.sprites import SpriteSet


def engine_events() -> list[type]:
    return [cls for _, cls in inspect.getmembers(ev, inspect.isclass)
            if cls.__module__ == ev.__name__ and dataclasses.is_dataclass(cls)]


def test_every_engine_event_has_a_handler():
    classes = engine_events()
    assert len(classes) >= 13
    assert set(classes) <= handled_events()
    for cls in classes:
        assert callable(getattr(Mirror, "_on_" + cls.__name__, None)), cls.__name__


def test_an_unknown_event_is_an_error_not_silence():
    player = EventPlayer(Mirror(2, 36), SpriteSet(), dict, lambda: 1.0, lambda e: None)

    @dataclasses.dataclass(frozen=True)
    class Sneezed:
        seat: int

    with pytest.raises(TypeError, match="Sneezed"):
        player.motion(Sneezed(0))
    with pytest.raises(AttributeError):
        Mirror(2, 36).apply(Sneezed(0))
