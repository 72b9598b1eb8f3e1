"""The replay viewer's side panel and drawing: the buttons, the shot's title and rulings, and
the timeline under the board with its key hint.

`ReplayPanel` is a mixin of `ReplayScene` (viewer.py): it lays out and draws from the scene's
`record`, `clips`, `index`, `speed`, `saved`, `table` and `time`, and its buttons call the
scene's `step`, `toggle_pause`, `set_speed`, `ask_name` and `try_again`."""

from __future__ import annotations

import pygame

from skully_game.shell import theme
from skully_game.shell.widgets import Button
from skully_game.skully.records import ShotRecord
from skully_game.skully.saves import local_when
from skully_game.skully.session import Session

PANEL_W = 360
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
TITLE_PX = 24
KEY_HINT = (
    "Left/Right: a shot, then stop  ·  N: next moment  ·  M: moments  ·  End: last shot  ·  "
    "Space: play on  ·  drag or Shift+Left/Right: scrub"
)
# the hints when the whole one does not fit, longest first: the steps, the jumps and Space
SHORTER_HINTS = (
    "Left/Right: a shot, then stop  ·  N: next moment  ·  M: moments  ·  End: last shot  ·  "
    "Space: play on",
    "Left/Right: a shot, then stop  ·  N: next moment  ·  Space: play on",
)
# a single saved shot has no moments or other shots to jump to
SHOT_HINT = "Left/Right: a shot, then stop  ·  Space: play on  ·  drag or Shift+Left/Right: scrub"


def game_line(record: ShotRecord | Session) -> str:
    """'Ace, Bobby, Carmen · 25 Nov 2026 19:21' for a game (its start, in local time); empty
    for a single shot."""
    if not isinstance(record, Session):
        return ""
    names = ", ".join(seat.name for seat in record.seats)
    when = local_when(record.created)
    return f"{names} · {when}" if when else names


class ReplayPanel:
    """The viewer's buttons and drawing (mixed into ReplayScene)."""

    def _layout(self) -> None:
        w, h = self.app.size
        x = w - PANEL_W + 14
        bw = PANEL_W - 28
        half = (bw - 8) // 2
        third = (bw - 16) // 3
        paused = not self.playing
        game = len(self.clips) > 1
        last = len(self.clips) - 1
        widgets = [
            Button(
                pygame.Rect(x, h - 244, half, 38),
                "Moments",
                game,
                on_click=self.show_moments,
                size=20,
                tooltip="M: every kill, hit and skull of the game, to jump to",
            ),
            Button(
                pygame.Rect(x + half + 8, h - 244, half, 38),
                "Next moment >",
                game and self.index < last,
                on_click=self.jump_moment,
                size=20,
                tooltip="N: the next kill, hit or skull (Shift+N: the one before)",
            ),
            Button(
                pygame.Rect(x, h - 200, third, 38),
                "< Previous",
                self.index > 0,
                on_click=lambda: self.step(self.index - 1),
                size=19,
                tooltip="Left: the shot before, then stop",
            ),
            Button(
                pygame.Rect(x + third + 8, h - 200, third, 38),
                "Next >",
                self.index < last,
                on_click=lambda: self.step(self.index + 1),
                size=19,
                tooltip="Right: the next shot, then stop",
            ),
            Button(
                pygame.Rect(x + 2 * (third + 8), h - 200, bw - 2 * (third + 8), 38),
                "Last >|",
                self.index < last,
                on_click=lambda: self.step(last),
                size=19,
                tooltip="End: the last shot (Home: the first)",
            ),
            Button(
                pygame.Rect(x, h - 156, half, 38),
                "Play" if paused else "Pause",
                on_click=self.toggle_pause,
                size=20,
                tooltip="Space: play on through the game",
            ),
            Button(
                pygame.Rect(x + half + 8, h - 156, half, 38),
                f"Speed {SPEEDS[self.speed]:g}x",
                on_click=lambda: self.set_speed(
                    1 if self.speed < len(SPEEDS) - 1 else -len(SPEEDS)
                ),
                size=20,
                tooltip="+ and -",
            ),
            self._save_button(pygame.Rect(x, h - 112, half, 38)),
            Button(
                pygame.Rect(x + half + 8, h - 112, half, 38),
                "Try this shot",
                on_click=self.try_again,
                size=20,
                tooltip="Enter: practise from here",
            ),
            Button(pygame.Rect(x, h - 60, bw, 40), "Back", on_click=self.app.stack.pop, size=22),
        ]
        self.widgets.set(widgets)

    def _save_button(self, rect: pygame.Rect) -> Button:
        """Save shot; or, for a shot the library holds already, a dimmed word saying so."""
        if self.index in self.saved:
            return Button(rect, "In the library", False, size=20)
        return Button(
            rect,
            "Save shot",
            on_click=self.ask_name,
            size=20,
            tooltip="S: keep it in the shot library",
        )

    def timeline(self) -> pygame.Rect:
        vp = self._viewport()
        return pygame.Rect(vp.x + 20, vp.bottom + 24, vp.w - 40, 16)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill(theme.PANEL, pygame.Rect(0, h - 70, w - PANEL_W, 70))
        self.table.draw(surface, alpha)
        clip = self.clip
        line = self.timeline()
        pygame.draw.rect(surface, theme.PANEL_EDGE, line, border_radius=6)
        if clip is not None and clip.result.duration > 0:
            frac = min(1.0, self.time / clip.result.duration)
            pygame.draw.rect(
                surface,
                theme.ACCENT,
                pygame.Rect(line.x, line.y, round(line.w * frac), line.h),
                border_radius=6,
            )
            for c in clip.result.contacts:
                x = line.x + line.w * c.time / clip.result.duration
                pygame.draw.line(surface, theme.CHALK, (x, line.y - 4), (x, line.bottom + 4), 2)
            theme.text(
                surface,
                f"{self.time:.2f} / {clip.result.duration:.2f} s",
                (line.x, line.y - 20),
                18,
                theme.TEXT_DIM,
            )
            time_w = theme.font(18).size(f"{self.time:.2f} / {clip.result.duration:.2f} s")[0]
            theme.text(
                surface,
                self.key_hint(line.w - time_w - 24),
                (line.right, line.y - 20),
                18,
                theme.TEXT_DIM,
                "topright",
            )
        self._draw_panel(surface)

    def key_hint(self, width: int) -> str:
        """The keys under the timeline: all of them when they fit, else the most that do."""
        if len(self.clips) < 2:
            return theme.fit(SHOT_HINT, 18, width)
        for hint in (KEY_HINT, *SHORTER_HINTS):
            if theme.font(18).size(hint)[0] <= width:
                return hint
        return theme.fit(SHORTER_HINTS[-1], 18, width)

    def source_line(self) -> str:
        """Whose game it was and when (a shot: the file it came from), cut in the middle if
        long so the date at the end stays."""
        return theme.fit_middle(game_line(self.record) or self.name or "", 18, PANEL_W - 28)

    def title_lines(self) -> list[str]:
        """The shot's title (a library shot's name may be long) on at most two lines, cut at a
        word: never past the panel's right edge."""
        clip = self.clip
        if clip is None:
            return []
        width = PANEL_W - 28
        lines = theme.wrap_lines(clip.title, TITLE_PX, width, 2, bold=True)
        if len(self.clips) > 1:  # which shot of the game, on the title's line if it fits
            count = f"({self.index + 1} of {len(self.clips)})"
            last = f"{lines[-1]}   {count}"
            if theme.font(TITLE_PX, True).size(last)[0] <= width:
                lines[-1] = last
            else:
                lines.append(count)
        return lines

    def _draw_panel(self, surface: pygame.Surface) -> None:
        h = self.app.size[1]
        rect = theme.side_panel(surface, PANEL_W)
        x = rect.x + 14
        theme.text(surface, "Replay", (x, 14), 36, theme.ACCENT, bold=True)
        theme.text(surface, self.source_line(), (x, 52), 18, theme.TEXT_DIM)
        clip = self.clip
        if clip is None:
            theme.text(surface, "This game has no shots yet.", (x, 90), 22)
            self.widgets.draw(surface)
            return
        y = 80
        for line in self.title_lines():
            theme.text(surface, line, (x, y), TITLE_PX, theme.TEXT, bold=True)
            y += TITLE_PX + 2
        y += 12
        done = self.table.shot is None or self.time >= clip.result.duration
        theme.text(surface, "Rulings", (x, y), 20, theme.TEXT_DIM)
        y += 24
        hits = [c for c in clip.result.contacts if c.time <= self.time]
        for c in hits[:6]:
            a, b = self.looks[clip.caps[c.a]].name, self.looks[clip.caps[c.b]].name
            theme.text(
                surface,
                f"{c.time:.2f} s: {a} touches {b} ({c.speed:.1f} m/s)",
                (x, y),
                18,
                theme.CHALK_DIM,
            )
            y += 20
        if done:
            for event in clip.events:
                for part in theme.wrap(event.text, 19, PANEL_W - 30):
                    if y > h - 264:
                        break
                    theme.text(surface, part, (x, y), 19, theme.TEXT)
                    y += 21
        self.widgets.draw(surface)
