"""Every test, and every game process a test starts, keeps its files (settings, saves,
statistics) in a folder of its own, never the user's: a game at the table saves itself."""

from __future__ import annotations

import os
import tempfile

_USER_DIR = tempfile.TemporaryDirectory(prefix="durak-tests-")
os.environ.setdefault("DURAK_USER_DIR", _USER_DIR.name)
