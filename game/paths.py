"""Where files live: bundled assets and defaults, and the player's own files."""

from __future__ import annotations

import glob
import os
import secrets
import stat
import sys
import time
from pathlib import Path

import platformdirs

from .i18n import _

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


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8 if a str) so that ``path`` holds either the old or the
    new content.

    A symlink is written through (its target is replaced, the link stays) and an
    existing file keeps its permissions; a new file gets the usual ones (umask).
    """
    target = Path(os.path.realpath(path))
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    tmp = target.with_name(f"{target.name}.{secrets.token_hex(6)}{TEMP_SUFFIX}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            if mode is not None:
                os.chmod(tmp, mode)
            f.write(text.encode("utf-8") if isinstance(text, str) else text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


TEMP_SUFFIX = ".tmp"
STALE_AFTER_S = 60.0  # a younger temp file may be another running copy's write in progress


def remove_stale_temp_files(path: Path, now: float | None = None) -> list[Path]:
    """Delete what interrupted atomic writes of ``path`` left behind; return what went."""
    now = time.time() if now is None else now
    removed = []
    for tmp in path.parent.glob(glob.escape(path.name) + "*" + TEMP_SUFFIX):
        try:
            if now - tmp.lstat().st_mtime > STALE_AFTER_S:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue  # gone already, or not ours to delete: harmless either way
    return removed


def set_aside(path: Path) -> Path:
    """Move a broken file out of the way (``name.broken-N``) and return where;
    OSError if it cannot be moved (a read-only folder)."""
    n = 1
    while (target := path.with_name(f"{path.name}.broken-{n}")).exists():
        n += 1
    os.replace(path, target)
    return target


class FileReadError(ValueError):
    """A file that cannot be read as asked: ``problem`` says why in a few words, str()
    names the file too; ``missing`` when there is no such file."""

    def __init__(self, path: Path, problem: str, missing: bool = False) -> None:
        super().__init__(_("{path}: {problem}").format(path=path, problem=problem))
        self.problem = problem
        self.missing = missing


def read_capped(path: Path, cap: int) -> bytes:
    """At most cap bytes of a regular file; a FIFO or a device is refused, never waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise FileReadError(path, _("cannot be read ({why})").format(
            why=e.strerror or type(e).__name__), isinstance(e, FileNotFoundError)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileReadError(path, _("cannot be read: not a regular file"))
        chunks: list[bytes] = []
        size = 0
        while size <= cap and (chunk := os.read(fd, cap + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise FileReadError(path, _("cannot be read ({why})").format(
            why=e.strerror or type(e).__name__)) from None
    finally:
        os.close(fd)
    if size > cap:
        raise FileReadError(path, _("too large (more than {kb} KB)").format(kb=cap // 1024))
    return b"".join(chunks)
