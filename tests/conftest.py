"""Every test, and every game process a test starts, keeps its files (settings, saves,
statistics) in a folder of its own, never the user's: a game at the table saves itself."""

from __future__ import annotations

import os
import tempfile

import pytest

from game import i18n

_USER_DIR = tempfile.TemporaryDirectory(prefix="durak-tests-")
os.environ.setdefault("DURAK_USER_DIR", _USER_DIR.name)


@pytest.fixture(autouse=True)
def _own_user_folder(tmp_path_factory, monkeypatch):
    """Each test in-process gets an empty user folder of its own."""
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path_factory.mktemp("user")))


@pytest.fixture
def russian():
    """The player's language Russian for the test, English again after it."""
    i18n.set_language("ru")
    yield
    i18n.set_language("en")
