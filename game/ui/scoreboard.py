"""The scoreboard between games and at the end of a series: each player's score,
what the last game gave them, the target and who leads; matchsticks for ``fools``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine.scoring import SYSTEMS
from game.i18n import _, ngettext

from .text import TextCache, TextColor

if TYPE_CHECKING:
    from game.session.match import Match

GOLD, LIGHT, DIM, OUT = (255, 230, 150), (235, 235, 225), (170, 185, 170), (140, 140, 130)
LOW_WINS = ("fools", "penalty_points", "advanced")  # the fewest points lead


@dataclass(frozen=True, slots=True)
class Row:
    """One player's line of the scoreboard."""

    name: str
    score: int
    gain: str  # what the last game gave, "" if they did not play it
    out: bool  # eliminated (advanced)
    leads: bool


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def gain_label(points: int, fool: bool, out_now: bool) -> str:
    """"+2 fool", "+1", "0", "-1 fool"; "+100 fool, out" when it eliminated them."""
    if fool and out_now:
        return _("{points} fool, out").format(points=signed(points))
    if fool:
        return _("{points} fool").format(points=signed(points))
    return signed(points)


def leading(system: str, scores: tuple[int, ...], eliminated: tuple[int, ...],
            winners: tuple[int, ...]) -> tuple[int, ...]:
    """The winners, or while the series goes on the seats with the best score;
    nobody while everyone still in is level."""
    if winners:
        return winners
    inside = [s for s in range(len(scores)) if s not in eliminated]
    values = [scores[s] for s in inside]
    if len(set(values)) <= 1:
        return ()
    best = min(values) if system in LOW_WINS else max(values)
    return tuple(s for s in inside if scores[s] == best)


def target_text(system: str, target: int | None) -> str:
    """The system and when the series ends, in a sentence."""
    if system == "fools" and target is None:
        return _("Matchsticks: one for each fool; no target, the series goes on")
    t = target or 0
    texts = {
        "fools": ngettext("Matchsticks: one for each fool; the series ends at %d fool, "
                          "the fewest win", "Matchsticks: one for each fool; the series "
                          "ends at %d fools, the fewest win", t),
        "penalty_points": ngettext(
            "Penalty points: first out 0, the fool 2, the others 1; the series ends at "
            "%d point, the fewest win", "Penalty points: first out 0, the fool 2, the "
            "others 1; the series ends at %d points, the fewest win", t),
        "basic": ngettext("Basic: the first out scores 1; the first to %d point wins",
                          "Basic: the first out scores 1; the first to %d points wins", t),
        "basic_plus": ngettext(
            "Basic plus: the first out scores 1, the fool loses 1; the first to %d point "
            "wins", "Basic plus: the first out scores 1, the fool loses 1; the first to "
            "%d points wins", t),
        "medium": ngettext("Medium: points by place out; the series ends at %d point, "
                           "the most win", "Medium: points by place out; the series ends "
                           "at %d points, the most win", t),
        "advanced": ngettext("Advanced: the fool scores the cards left; %d point or more "
                             "is out, the last one left wins", "Advanced: the fool scores "
                             "the cards left; %d points or more is out, the last one left "
                             "wins", t),
    }
    assert set(texts) == set(SYSTEMS)
    return texts[system] % t


def rows_of(match: Match) -> list[Row]:
    """The scoreboard of ``match`` (a ``game.session.match.Match``) after its last game."""
    series = match.series
    st = series.standings
    result = match.state.result if match.state is not None else None
    fools: set[int] = set()
    if result is not None and result.loser is not None:
        fools = {match.seats[result.loser]}
    elif result is not None and result.losing_team is not None:
        fools = {match.seats[s] for s in result.losing_team}
    leads = leading(series.system, st.scores, st.eliminated, st.winners)
    rows = []
    for seat, spec in enumerate(match.settings.players):
        played = seat in match.seats and result is not None
        out = seat in st.eliminated
        gain = gain_label(match.gained[seat], seat in fools, out) if played else ""
        rows.append(Row(spec.shown, st.scores[seat], gain, out, seat in leads))
    if match.series_over:  # the final table: the best first, the eliminated last
        sign = 1 if series.system in LOW_WINS else -1
        rows.sort(key=lambda r: (not r.leads, r.out, sign * r.score))
    return rows


STICK_W = 6  # a stick with its head
PLUS_W = 40  # room for "+N" when not every stick fits


def _stick_x(i: int, step: int, gap: int) -> int:
    return i * step + (i // 5) * gap


def _fitting(width: int, step: int, gap: int) -> int:
    n = 0
    while _stick_x(n, step, gap) + STICK_W <= width:
        n += 1
    return n


def draw_matchsticks(surf: pygame.Surface, rect: pygame.Rect, count: int,
                     text: TextCache) -> pygame.Rect:
    """``count`` matchsticks standing left to right in ``rect``, in fives; as many as
    fit, then "+N" for the rest. Returns the area drawn on."""
    h = rect.height
    step, gap = max(7, h // 3), max(5, h // 4)
    shown = count
    if _fitting(rect.width, step, gap) < count:
        shown = _fitting(rect.width - PLUS_W, step, gap)
    used = pygame.Rect(rect.left, rect.top, 0, h)
    top, bottom = rect.top + 2, rect.bottom - 2
    for i in range(shown):
        x = rect.left + _stick_x(i, step, gap)
        pygame.draw.line(surf, (222, 196, 140), (x + 3, top + 5), (x + 3, bottom), 3)
        pygame.draw.ellipse(surf, (176, 44, 32), pygame.Rect(x + 1, top, 5, 8))
        used.width = x + STICK_W - rect.left
    if shown < count:
        label = text.render(f"+{count - shown}", max(14, h * 2 // 3), LIGHT)
        spot = label.get_rect(midright=(rect.right, rect.centery))
        surf.blit(label, spot)
        used.union_ip(spot)
    return used


class Board:
    """The scoreboard panel's content for ``match``, laid out for ``width`` pixels; the
    panel's buttons go below ``height``. ``placed`` holds where each piece was drawn."""

    MARGIN, ROW = 24, 32

    def __init__(self, text: TextCache, match: Match, title: str, lines: list[str],
                 width: int) -> None:
        self.text, self.match, self.width = text, match, width
        inner = width - 2 * self.MARGIN
        self.title = text.wrap(title, 40, inner, bold=True)
        self.lines = [part for line in lines for part in text.wrap(line, 24, inner)]
        series = match.series
        self.about = text.wrap(target_text(series.system, series.target), 20, inner)
        self.rows = rows_of(match)
        self.sticks = series.system == "fools"
        self.footer = self._footer()
        self.footer_lines = text.wrap(self.footer, 24, inner) if self.footer else []
        self.placed: list[tuple[str, pygame.Rect]] = []
        self.height = self._draw(pygame.Surface((width, 2000), pygame.SRCALPHA)) + 12

    def _footer(self) -> str:
        if self.match.series_over:
            return ""
        leads = [r.name for r in self.rows if r.leads]
        if not leads:
            return _("All level")
        from .end import name_list

        return _("Leading: {names}").format(names=name_list(leads))

    def columns(self) -> tuple[int, int, int, int]:
        """x of the name, the right edge of the score, the gain and the sticks."""
        w = self.width
        if self.sticks:
            return self.MARGIN, int(w * 0.42), int(w * 0.46), int(w * 0.66)
        return self.MARGIN, int(w * 0.52), int(w * 0.58), w - self.MARGIN

    def render(self) -> pygame.Surface:
        surf = pygame.Surface((self.width, self.height), pygame.SRCALPHA)
        self._draw(surf)
        return surf

    def _draw(self, surf: pygame.Surface) -> int:
        """Draw the board on ``surf``; returns the bottom of what was drawn."""
        self.placed = []
        y = 16
        for line in self.title:
            y = self._centred(surf, line, 40, GOLD, y, bold=True) + 2
        for line in self.lines:
            y = self._centred(surf, line, 24, LIGHT, y) + 4
        for line in self.about:
            y = self._centred(surf, line, 20, DIM, y) + 4
        y += 12
        x_name, x_score, x_gain, x_sticks = self.columns()
        self._put(surf, _("Player"), 20, DIM, x_name, y, x_score - 70 - x_name)
        self._put(surf, _("Score"), 20, DIM, x_score, y, 60, right=True)
        self._put(surf, _("Last game"), 20, DIM, x_gain, y, x_sticks - x_gain - 8)
        y += 26
        for row in self.rows:
            colour = OUT if row.out else GOLD if row.leads else LIGHT
            self._put(surf, row.name, 26, colour, x_name, y, x_score - 70 - x_name)
            self._put(surf, str(row.score), 26, colour, x_score, y, 60, right=True)
            gain = row.gain or (_("out") if row.out else "")
            if gain:
                self._put(surf, gain, 24, colour, x_gain, y + 2, x_sticks - x_gain - 8)
            if self.sticks and row.score:
                area = pygame.Rect(x_sticks, y - 4, self.width - self.MARGIN - x_sticks, 26)
                self.placed.append(("sticks", draw_matchsticks(surf, area, row.score,
                                                               self.text)))
            y += self.ROW
        for line in self.footer_lines:
            y = self._centred(surf, line, 24, GOLD, y + 4)
        return y

    def _centred(self, surf: pygame.Surface, line: str, size: int, colour: TextColor, y: int,
                 bold: bool = False) -> int:
        rect = self.text.blit(surf, line, size, (self.width // 2, y), colour,
                              anchor="midtop", bold=bold)
        self.placed.append((line, rect))
        return rect.bottom

    def _put(self, surf: pygame.Surface, line: str, size: int, colour: TextColor, x: int, y: int,
             room: int, right: bool = False) -> None:
        line = self._fit(line, size, room)
        rect = self.text.blit(surf, line, size, (x, y), colour,
                              anchor="topright" if right else "topleft")
        self.placed.append((line, rect))

    def _fit(self, line: str, size: int, room: int) -> str:
        """``line`` cut short with "..." to fit ``room`` pixels."""
        font = self.text.font(size)
        if font.size(line)[0] <= room:
            return line
        while len(line) > 1 and font.size(line + "...")[0] > room:
            line = line[:-1]
        return line + "..."
