"""A short picture of any value for a one-line message: never long, never raises.

Messages about bad input quote the bad value. The value may be a 200 KB string, a
list of a million items or a 5,000-digit integer (which Python 3.11 refuses to turn
into text at all): quote it whole and the message is unreadable, slow, or a crash.
"""

from __future__ import annotations

import reprlib
from typing import Any

LIMIT = 40
_BIG_INT_BITS = 128  # about 38 digits: shown in full below that


class _Short(reprlib.Repr):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxset = self.maxdict = 4
        self.maxstring = self.maxother = self.maxlong = limit

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > _BIG_INT_BITS:
            return f"a number of about {int(x.bit_length() * 0.30103) + 1} digits"
        return super().repr_int(x, level)


def preview(value: Any, limit: int = LIMIT) -> str:
    """``value`` as a message shows it: ``null``, ``true``, ``'text'``, ``12``, ``[1, 2, ...]``;
    one line of at most ``limit`` characters (longer ones end with ``...``)."""
    if value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    else:
        try:
            text = _Short(limit).repr(value)
        except Exception:  # noqa: BLE001 - a value whose repr fails is still named
            text = f"a {type(value).__name__}"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
