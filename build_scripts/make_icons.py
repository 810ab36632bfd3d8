"""Write the app icon as assets/icon.png (256 px), assets/icon.ico and assets/icon.icns.

Usage: python build_scripts/make_icons.py [OUT_DIR]   (default: the checkout's assets/)
The picture comes from game.ui.art.app_icon; both containers hold PNG images,
written here by hand so the build needs no image library beyond pygame.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ui.art import app_icon  # noqa: E402

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, and the pixel size each one expects.
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
              ("ic09", 512), ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256),
              ("ic14", 512))


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG per size (sizes up to 256)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = pngs[size]
        dim = 0 if size == 256 else size     # 0 means 256 in an ICO directory
        entries.append(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns_bytes(elements: list[tuple[str, bytes]]) -> bytes:
    """An ICNS file: 'icns', total length, then (type, length, data) elements."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
                    for kind, data in elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_pngs(sizes) -> dict[int, bytes]:
    return {size: png_bytes(app_icon(size)) for size in sorted(set(sizes))}


def write_icons(out_dir: Path) -> list[Path]:
    """Render every size once and write the three icon files; return their paths."""
    pngs = render_pngs(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {
        "icon.png": pngs[256],
        "icon.ico": ico_bytes({s: pngs[s] for s in ICO_SIZES}),
        "icon.icns": icns_bytes([(kind, pngs[size]) for kind, size in ICNS_TYPES]),
    }
    paths = []
    for name, data in files.items():
        path = out_dir / name
        path.write_bytes(data)
        paths.append(path)
    return paths


def main(argv: list[str]) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    out_dir = Path(argv[1]) if len(argv) > 1 else ROOT / "assets"
    for path in write_icons(out_dir):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
