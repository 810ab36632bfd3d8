"""The translation function: English by default, a catalogue when one is installed."""

from __future__ import annotations

import gettext
import struct
from pathlib import Path

from game import i18n


def _write_mo(path: Path, entries: dict[str, str]) -> None:
    """A minimal GNU .mo file (the format gettext reads), written by hand for the test."""
    keys = sorted(entries)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(entries[k].encode() + b"\0" for k in keys)
    n = len(keys)
    header = 7 * 4
    table_o = header
    table_t = table_o + 8 * n
    data = table_t + 8 * n
    out_o, out_t, pos = [], [], data
    for k in keys:
        out_o.append((len(k.encode()), pos))
        pos += len(k.encode()) + 1
    for k in keys:
        out_t.append((len(entries[k].encode()), pos))
        pos += len(entries[k].encode()) + 1
    blob = struct.pack("<7I", 0x950412DE, 0, n, table_o, table_t, 0, 0)
    for length, off in out_o + out_t:
        blob += struct.pack("<2I", length, off)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(blob + ids + strs)


def test_english_is_the_source_text():
    i18n.set_language("en")
    assert i18n._("Take") == "Take"
    assert i18n.ngettext("%d card", "%d cards", 1) % 1 == "1 card"
    assert i18n.ngettext("%d card", "%d cards", 5) % 5 == "5 cards"


def test_a_catalogue_switches_at_once(tmp_path):
    _write_mo(tmp_path / "xx" / "LC_MESSAGES" / "durak.mo", {"Take": "Beru"})
    try:
        i18n.set_language("xx", tmp_path)
        assert i18n._("Take") == "Beru"
        assert i18n.language() == "xx"
    finally:
        i18n.set_language("en")
    assert i18n._("Take") == "Take"
    assert isinstance(i18n._active, gettext.NullTranslations)
