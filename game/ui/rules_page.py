"""The Rules screen's text drawn on paper: wrapped paragraphs, bold words, and cards
written in the text ("7♥", "Д♠") with their suit symbol in its colour.

pygame's default font has no suit glyphs, so a suit is drawn as a shape
(``art_suits``); everything else is rendered through the text cache.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.rules_text import EXAMPLE_LABEL, Example, Section

from .art_suits import draw_suit, suit_color
from .text import TextCache, TextColor

SUITS = "♠♥♦♣"  # in the order of art_suits: spades, hearts, diamonds, clubs
# a card: an optional rank (English or Russian letters) right before a suit symbol
CARD = re.compile(r"(10|[2-9JQKAВДКТ])?([♠♥♦♣])")
PAPER = (247, 241, 224)
INK = (36, 34, 30)
HEADING = (122, 28, 32)
EXAMPLE_INK = (30, 62, 96)
RULE = (214, 198, 160)
PAD = 26  # paper margin left and right
INDENT = 20  # examples
# below the last section: pygame_gui's scroll bar may stop a few pixels short of the end
END_PAD = 40


@dataclass(frozen=True)
class Piece:
    """A part of a word: text, or a card (its rank, maybe empty, and suit)."""

    text: str
    bold: bool
    suit: int | None = None


Word = list[Piece]


def words(text: str, bold: bool = False) -> list[Word]:
    """``text`` as words of pieces: ``*`` switches bold on and off, cards are pieces
    of their own."""
    out: list[Word] = []
    for raw in text.split():
        word: Word = []
        for i, part in enumerate(raw.split("*")):
            if i:
                bold = not bold
            at = 0
            for m in CARD.finditer(part):
                if m.start() > at:
                    word.append(Piece(part[at:m.start()], bold))
                word.append(Piece(m.group(1) or "", bold, SUITS.index(m.group(2))))
                at = m.end()
            if at < len(part):
                word.append(Piece(part[at:], bold))
        if word:
            out.append(word)
    return out


class Writer:
    """Lays out and paints paragraphs at one font size."""

    def __init__(self, text_cache: TextCache, size: int) -> None:
        self.text = text_cache
        self.size = size
        self.line_h = text_cache.font(size).get_linesize() + 3
        self.suit_side = max(8, round(text_cache.font(size).get_ascent() * 0.9))

    def piece_width(self, p: Piece) -> int:
        width = self.text.font(self.size, p.bold).size(p.text)[0] if p.text else 0
        return width + (self.suit_side + 1 if p.suit is not None else 0)

    def lines(self, ws: list[Word], width: int) -> list[list[Word]]:
        """Words in lines no wider than ``width`` (a word wider than a line stays whole)."""
        space = self.text.font(self.size).size(" ")[0]
        out: list[list[Word]] = []
        used = 0
        for w in ws:
            ww = sum(self.piece_width(p) for p in w)
            if out and used + space + ww <= width:
                out[-1].append(w)
                used += space + ww
            else:
                out.append([w])
                used = ww
        return out

    def line_width(self, line: list[Word]) -> int:
        space = self.text.font(self.size).size(" ")[0]
        return sum(self.piece_width(p) for w in line for p in w) + space * (len(line) - 1)

    def paint(self, surface: pygame.Surface, line: list[Word], x: int, y: int,
              ink: TextColor) -> None:
        """One line at (x, y): runs of text of one weight rendered together."""
        runs: list[Piece] = []
        for i, w in enumerate(line):
            for j, p in enumerate(w):
                text = (" " if i and j == 0 else "") + p.text
                last = runs[-1] if runs else None
                if p.suit is None and last is not None and last.suit is None \
                        and last.bold == p.bold:
                    runs[-1] = Piece(last.text + text, p.bold)
                elif p.suit is not None and text.startswith(" "):
                    runs.append(Piece(" ", p.bold))
                    runs.append(Piece(p.text, p.bold, p.suit))
                else:
                    runs.append(Piece(text, p.bold, p.suit))
        ascent = self.text.font(self.size).get_ascent()
        for run in runs:
            colour = ink if run.suit is None else suit_color(run.suit)
            if run.text:
                img = self.text.render(run.text, self.size, colour, run.bold)
                surface.blit(img, (x, y))
                x += img.get_width()
            if run.suit is not None:
                side = self.suit_side
                draw_suit(surface, run.suit, pygame.Rect(x, y + ascent - side, side, side),
                          colour)
                x += side + 1


def section_image(text_cache: TextCache, section: Section, width: int, size: int,
                  first: bool, last: bool) -> pygame.Surface:
    """``section`` drawn on paper ``width`` pixels wide, as tall as it needs."""
    body = Writer(text_cache, size)
    head = Writer(text_cache, size + 8)
    inner = width - 2 * PAD
    blocks: list[tuple[Writer, list[list[Word]], int, tuple, bool]] = [
        (head, head.lines(words(_(section.title), bold=True), inner), PAD, HEADING, False)]
    for para in section.paragraphs:
        if isinstance(para, Example):
            ws = words(_(EXAMPLE_LABEL), bold=True) + words(_(para.text))
            blocks.append((body, body.lines(ws, inner - INDENT), PAD + INDENT, EXAMPLE_INK,
                           True))
        else:
            blocks.append((body, body.lines(words(_(para)), inner), PAD, INK, False))
    gap = body.line_h // 2
    top = 22 if first else 18
    text_height = sum(len(ls) * w.line_h + gap for w, ls, *_rest in blocks)
    height = top + text_height + (END_PAD if last else 6)
    surface = pygame.Surface((width, height))
    surface.fill(PAPER)
    if not first:
        pygame.draw.line(surface, RULE, (PAD, 4), (width - PAD, 4), 2)
    y = top
    for writer, lines, x, ink, example in blocks:
        if example:
            pygame.draw.line(surface, RULE, (x - INDENT // 2 - 2, y + 2),
                             (x - INDENT // 2 - 2, y + len(lines) * writer.line_h - 4), 3)
        for line in lines:
            writer.paint(surface, line, x, y, ink)
            y += writer.line_h
        y += gap
    return surface
