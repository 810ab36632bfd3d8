"""Render every face and the back at two sizes to one PNG sheet for a look by eye.

Usage: python build_scripts/preview_cards.py [OUT.png]   (default /tmp/cards_sheet.png)
Also prints how long a full face set takes to draw.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ui.art import CardArt, table_background  # noqa: E402

GAP = 6


def render_sheet(widths: tuple[int, ...] = (100, 56)) -> pygame.Surface:
    """All 52 faces (a row per suit) plus the back, at each width, on felt."""
    arts = [CardArt(w) for w in widths]
    sheet_w = max(14 * (a.size[0] + GAP) + GAP for a in arts)
    sheet_h = sum(4 * (a.size[1] + GAP) for a in arts) + GAP
    sheet = table_background((sheet_w, sheet_h))
    y = GAP
    for art in arts:
        w, h = art.size
        for suit in range(4):
            for i in range(13):
                sheet.blit(art.face(suit * 13 + i), (GAP + i * (w + GAP), y))
            if suit == 0:
                sheet.blit(art.back(), (GAP + 13 * (w + GAP), y))
            y += h + GAP
    return sheet


def time_face_set(width: int = 100) -> tuple[float, float]:
    """Seconds for 52 faces from nothing, then again after a resize (masters cached)."""
    start = time.perf_counter()
    art = CardArt(width)
    for c in range(52):
        art.face(c)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    art.resize(width + 20)
    for c in range(52):
        art.face(c)
    return cold, time.perf_counter() - start


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    out = argv[1] if len(argv) > 1 else "/tmp/cards_sheet.png"
    cold, warm = time_face_set()
    print(f"52 faces at 100 px from nothing: {cold * 1000:.0f} ms; "
          f"again at 120 px from the cached masters: {warm * 1000:.0f} ms")
    pygame.image.save(render_sheet(), out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
