"""Every test runs with its own empty user folder: no test reads or writes the
player's real settings, statistics or saves."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_user_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("DURAK_USER_DIR", str(tmp_path_factory.mktemp("user")))
