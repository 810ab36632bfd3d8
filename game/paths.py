"""Where files live: bundled assets and defaults, and the player's own files."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import platformdirs

APP_NAME = "Durak"


def bundle_root() -> Path:
    """The folder holding ``assets/`` and the default ``settings.yaml``: the
    PyInstaller bundle when frozen, else the source checkout."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def asset_path(*parts: str) -> Path:
    return bundle_root().joinpath("assets", *parts)


def default_settings_path() -> Path:
    return bundle_root() / "settings.yaml"


def user_dir() -> Path:
    """The player's own folder (settings, saves, statistics); never the bundle."""
    override = os.environ.get("DURAK_USER_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_settings_path() -> Path:
    return user_dir() / "settings.yaml"


def saves_dir() -> Path:
    return user_dir() / "saves"


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def set_aside(path: Path) -> Path:
    """Move a broken file out of the way (``name.broken-N``) and return where."""
    n = 1
    while (target := path.with_name(f"{path.name}.broken-{n}")).exists():
        n += 1
    os.replace(path, target)
    return target
