"""The scripts of build_scripts/ loaded as modules, so tests can call their functions."""

from __future__ import annotations

import importlib.util
import types
from pathlib import Path

BUILD = Path(__file__).resolve().parent.parent / "build_scripts"


def load_script(name: str) -> types.ModuleType:
    """``build_scripts/<name>.py`` as a fresh module (not run as ``__main__``)."""
    spec = importlib.util.spec_from_file_location(f"_script_{name}", BUILD / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
