"""Card art: sizes, distinct faces, colours, caches, icon and icon files."""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.cards import parse_card, suit_of  # noqa: E402
from game.ui.art import CardArt, app_icon, draw_suit, suit_color, table_background  # noqa: E402
from tests.script_helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
WIDTH = 60


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt(WIDTH)


def _is_red(color: pygame.Color) -> bool:
    return color.a > 128 and color.r > 150 and color.g < 90 and color.b < 90


def _count(surf: pygame.Surface, rect: pygame.Rect, test) -> int:
    return sum(test(surf.get_at((x, y)))
               for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right))


def test_every_card_and_the_back_have_the_card_size(art):
    assert art.size == (WIDTH, 84)
    for c in range(52):
        assert art.face(c).get_size() == art.size
    assert art.back().get_size() == art.size


def test_height_is_width_times_one_point_four_rounded():
    assert CardArt(71).size == (71, 99)
    assert CardArt(33).size == (33, 46)


def test_all_faces_and_the_back_differ(art):
    pictures = {pygame.image.tobytes(art.face(c), "RGBA") for c in range(52)}
    pictures.add(pygame.image.tobytes(art.back(), "RGBA"))
    assert len(pictures) == 53


def test_corner_index_is_red_exactly_for_hearts_and_diamonds(art):
    corner = pygame.Rect(0, 0, WIDTH // 5, 84 // 4)
    for c in range(52):
        reds = _count(art.face(c), corner, _is_red)
        if suit_of(c) in (1, 2):
            assert reds > 10, c
        else:
            assert reds == 0, c


def test_cards_have_rounded_transparent_corners(art):
    face = art.face(parse_card("7H"))
    assert face.get_at((0, 0)).a < 40
    assert face.get_at((WIDTH // 2, 84 // 2)).a == 255


def test_resize_clears_the_caches():
    art = CardArt(50)
    face, back = art.face(0), art.back()
    assert art.face(0) is face and art.back() is back
    art.resize(70)
    assert art.size == (70, 98)
    assert art.face(0) is not face and art.face(0).get_size() == (70, 98)
    assert art.back() is not back and art.back().get_size() == (70, 98)
    again = art.face(0)
    art.resize(70)
    assert art.face(0) is not again


def test_no_such_card(art):
    with pytest.raises(ValueError):
        art.face(52)
    with pytest.raises(ValueError):
        art.face(-1)


def test_suit_colours():
    red, black = suit_color(1), suit_color(0)
    assert suit_color(2) == red and suit_color(3) == black
    assert red[0] > 150 and red[1] < 80
    assert max(black) < 60


@pytest.mark.parametrize("side", [12, 200])
def test_draw_suit_stays_in_its_rect_and_suits_differ(side):
    pictures = set()
    for suit in range(4):
        surf = pygame.Surface((side + 20, side + 20))
        surf.fill((255, 255, 255))
        rect = pygame.Rect(10, 10, side, side)
        draw_suit(surf, suit, rect, suit_color(suit))
        inked = _count(surf, surf.get_rect(), lambda c: c.g < 200)
        assert inked > side * side // 5
        assert _count(surf, rect, lambda c: c.g < 200) == inked
        pictures.add(pygame.image.tobytes(surf, "RGB"))
    assert len(pictures) == 4


@pytest.mark.parametrize("size", [16, 48, 256])
def test_app_icon_size_and_transparent_corners(size):
    icon = app_icon(size)
    assert icon.get_size() == (size, size)
    assert icon.get_at((0, 0)).a == 0
    assert icon.get_at((size // 2, size // 2)).a == 255


def test_table_background_is_opaque_green_felt():
    felt = table_background((123, 77))
    assert felt.get_size() == (123, 77)
    c = felt.get_at((61, 38))
    assert c.g > c.r + 30 and c.g > c.b + 20
    assert felt.get_at((0, 0)).g < c.g          # darker towards the edges


# --- icon files -----------------------------------------------------------------------------



def _png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    return pygame.image.load(io.BytesIO(data), "icon.png").get_size()


def read_ico(data: bytes) -> dict[int, bytes]:
    """Each image of an ICO file by pixel size, checking the directory."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1) and count > 0
    images = {}
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert offset + length <= len(data) and bits == 32 and planes == 1
        size = w or 256
        assert (w or 256) == (h or 256)
        images[size] = data[offset:offset + length]
    return images


def read_icns(data: bytes) -> dict[str, bytes]:
    """Each element of an ICNS file by type, checking the lengths."""
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    elements, pos = {}, 8
    while pos < len(data):
        kind = data[pos:pos + 4].decode("ascii")
        length = struct.unpack_from(">I", data, pos + 4)[0]
        assert length > 8 and pos + length <= len(data)
        elements[kind] = data[pos + 8:pos + length]
        pos += length
    return elements


ICNS_PIXELS = {"icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512,
               "ic10": 1024, "ic11": 32, "ic12": 64, "ic13": 256, "ic14": 512}


def test_icon_containers_round_trip():
    make_icons = load_script("make_icons")
    pngs = make_icons.render_pngs([16, 32])
    images = read_ico(make_icons.ico_bytes(pngs))
    assert {s: _png_size(d) for s, d in images.items()} == {16: (16, 16), 32: (32, 32)}
    elements = read_icns(make_icons.icns_bytes([("icp4", pngs[16]), ("icp5", pngs[32])]))
    assert {k: _png_size(d) for k, d in elements.items()} == {"icp4": (16, 16),
                                                              "icp5": (32, 32)}


def test_committed_icon_files_parse():
    assets = ROOT / "assets"
    assert _png_size((assets / "icon.png").read_bytes()) == (256, 256)
    images = read_ico((assets / "icon.ico").read_bytes())
    assert 256 in images and 16 in images and 32 in images
    for size, png in images.items():
        assert _png_size(png) == (size, size)
    elements = read_icns((assets / "icon.icns").read_bytes())
    assert {"ic07", "ic08", "ic09", "ic10"} <= set(elements)
    for kind, png in elements.items():
        assert _png_size(png) == (ICNS_PIXELS[kind],) * 2


def test_faces_render_with_pygames_own_font_when_noto_is_missing(monkeypatch):
    from game.ui import art_face

    monkeypatch.setattr(art_face, "_font_bytes", lambda: None)
    art_face.card_font.cache_clear()
    art_face.rank_text.cache_clear()
    try:
        face = CardArt(40).face(parse_card("QS"))
        assert face.get_size() == (40, 56)
        assert _count(face, pygame.Rect(0, 0, 8, 10), lambda c: c.g < 120) > 3
    finally:
        art_face.card_font.cache_clear()
        art_face.rank_text.cache_clear()


def test_faces_are_converted_for_the_screen_once_a_display_exists():
    had_display = pygame.display.get_init()
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((64, 64))
        face = CardArt(30).face(parse_card("AS"))
        assert face.get_size() == (30, 42)
        assert face.get_flags() & pygame.SRCALPHA
        screen.fill((0, 0, 255))
        screen.blit(face, (0, 0))
        paper = screen.get_at((15, 2))
        assert paper.r > 200 and paper.g > 200
        assert screen.get_at((0, 0)).b > 150          # the rounded corner shows the table
        assert screen.get_at((63, 63)) == pygame.Color(0, 0, 255)
    finally:
        if not had_display:
            pygame.display.quit()
