"""When a screen fails: a report a player can send, and a screen in their words that takes them
back to the menu, so an error never closes the window (and a game in progress, saved after its
last action, is never lost with it)."""

from __future__ import annotations

import platform
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from skully_game import __version__
from skully_game.core.fileio import write_atomic
from skully_game.core.paths import data_dir
from skully_game.shell import theme
from skully_game.shell.focus import PRESS_KEYS
from skully_game.shell.scene import GameSave, Scene
from skully_game.shell.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from skully_game.shell.app import App

ARM_DELAY = 0.75  # s before a key presses the button: a key held when it broke skips nothing
ANSWER_KEYS = PRESS_KEYS | {pygame.K_ESCAPE}
REPEAT_WINDOW = 20.0  # s: this many errors within it, and the program stops instead
REPEAT_LIMIT = 3
BOX_W = 760
PATH_LINES = 3  # a long report path wraps onto at most this many lines, then is cut in the middle


def crashes_dir() -> Path:
    return data_dir() / "crashes"


def versions() -> list[str]:
    """The program's and its libraries' versions, one 'name: version' line each."""
    try:
        import pymunk

        pymunk_version = str(pymunk.version)
    except Exception:  # the report is written whatever else is broken
        pymunk_version = "unknown"
    sdl = ".".join(str(v) for v in pygame.get_sdl_version())
    return [
        f"skully: {__version__}",
        f"python: {platform.python_version()} ({platform.platform()})",
        f"pygame-ce: {pygame.version.ver} (SDL {sdl})",
        f"pymunk: {pymunk_version}",
    ]


@dataclass
class Fault:
    """An error caught in a screen, with what the report says around it."""

    trace: str  # the traceback
    screen: str  # the screen that raised it: its class and module
    doing: str  # "drawing", "updating", "handling an event"
    screens: list[str]  # every screen open, bottom first
    saves: list[GameSave]  # the games those screens keep on disk
    more: list[str] = field(default_factory=list)  # errors met while closing the screens


def write_report(fault: Fault, when: datetime | None = None) -> Path:
    """Write the details of an error to crashes/crash-YYYYmmdd-HHMMSS.txt; returns the path.

    An OSError (a full disk, a folder that cannot be written) is the caller's to say."""
    when = when or datetime.now()
    folder = crashes_dir()
    stamp = when.strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}.txt"
    n = 1
    while path.exists():
        path = folder / f"crash-{stamp}-{n}.txt"
        n += 1
    lines = [
        "Skully crash report: please send this file with a word on what you were doing.",
        "",
        f"time: {when.astimezone().isoformat(timespec='seconds')}",
        *versions(),
        f"screen: {fault.screen}",
        f"while: {fault.doing}",
        f"screens open (bottom first): {' > '.join(fault.screens) or 'none'}",
        *(f"game file: {s.path} ({s.problem or 'saved'})" for s in fault.saves),
        "",
        fault.trace.rstrip(),
    ]
    for extra in fault.more:
        lines += ["", extra.rstrip()]
    write_atomic(path, "\n".join(lines) + "\n")
    return path


def saves_said(saves: Sequence[GameSave]) -> str:
    """What may truthfully be said of the games that were open: nothing when there were none."""
    if not saves:
        return "The screen you were on had to close."
    failed = [s for s in saves if s.problem]
    if failed:
        return f"Your game could not be saved after its last move: {failed[0].problem}"
    if all(s.over for s in saves):
        return "Your game is saved; the replays keep it."
    return "Your game is saved: Resume game in the menu carries it on from its last move."


def path_lines(path: str, size: int, width: int, most: int = PATH_LINES) -> list[str]:
    """A file's path on at most `most` lines of `width` pixels: broken after a folder's slash
    where it can be, within a name where it must be, and cut in the middle past the last line."""
    f = theme.font(size)
    pieces = [p for p in re.split(r"(?<=[/\\])", path) if p]  # each folder keeps its slash
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if f.size(line + piece)[0] <= width:
            line += piece
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in piece:  # a name longer than the line is cut where it must be
            if f.size(line + ch)[0] > width and line:
                lines.append(line)
                line = ""
            line += ch
    lines.append(line)
    if len(lines) <= most:
        return lines
    rest = "".join(lines[most - 1 :])
    return [*lines[: most - 1], theme.fit_middle(rest, size, width)]


@dataclass
class Repeats:
    """The times of recent errors: past REPEAT_LIMIT within REPEAT_WINDOW the program stops,
    rather than show the crash screen for ever over a menu that fails each time it opens."""

    times: list[float]

    def again(self, now: float) -> bool:
        """Count an error at `now`; True when it is one too many."""
        self.times = [t for t in self.times if now - t < REPEAT_WINDOW] + [now]
        return len(self.times) >= REPEAT_LIMIT


class CrashScreen(Scene):
    """ "Something went wrong", what became of the game, where the report is, and one button
    back to the menu. Opaque: the screen that failed is never drawn again. The button wakes
    after a moment, and a key held down since before does not press it."""

    def __init__(
        self,
        app: App,
        said: str,
        report: Path | None,
        report_problem: str = "",
        on_done: Callable[[], None] | None = None,
        back: str = "Back to the menu",
    ) -> None:
        super().__init__(app)
        self.said = said
        self.report = report
        self.report_problem = report_problem
        self.on_done = on_done
        self.armed_in = ARM_DELAY
        self.held: set[int] = set()  # keys down before the button woke, until they come up
        self.button = Button(
            pygame.Rect(0, 0, 10, 10), back, enabled=False, on_click=self._done, size=26
        )
        self.widgets = WidgetGroup([self.button])
        self.widgets.focus = 0
        self.box = pygame.Rect(0, 0, BOX_W, 10)
        self._layout()

    def enter(self) -> None:
        pressed = pygame.key.get_pressed()
        self.held = {k for k in ANSWER_KEYS if pressed[k]}

    def _body(self, width: int) -> list[tuple[str, int, theme.Colour]]:
        """The lines under the heading: (text, size, colour); a blank line is ("", 10, ...)."""
        lines = [(line, 22, theme.TEXT) for line in theme.wrap(self.said, 22, width)]
        lines.append(("", 10, theme.TEXT))
        if self.report is not None:
            ask = "The details are in a report you can send with a word on what you were doing:"
            lines += [(line, 20, theme.TEXT_DIM) for line in theme.wrap(ask, 20, width)]
            lines += [(line, 20, theme.CHALK) for line in path_lines(str(self.report), 20, width)]
        else:
            lost = f"No report could be written: {self.report_problem or 'an unknown reason'}."
            lines += [(line, 20, theme.TEXT_DIM) for line in theme.wrap_lines(lost, 20, width, 3)]
        return lines

    def _layout(self) -> None:
        w, h = self.app.size
        box_w = min(BOX_W, w - 40)
        body = self._body(box_w - 56)
        body_h = sum(_line_h(size) for _, size, _ in body)
        box_h = 28 + 40 + 10 + body_h + 24 + 50 + 24
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (w // 2, h // 2)
        button_w = min(300, box_w - 56)
        self.button.rect = pygame.Rect(0, 0, button_w, 50)
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - 24)

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def update(self, dt: float) -> None:
        if self.armed_in > 0:
            self.armed_in -= dt
            self.button.enabled = self.armed_in <= 0

    def _done(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_done is not None:
            self.on_done()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return None
        if event.type == pygame.KEYDOWN and event.key in ANSWER_KEYS:
            if not self.button.enabled or event.key in self.held:
                self.held.add(event.key)  # held through the wake-up: it must come up first
                return None
            self._done()
            return None
        self.widgets.handle(event)
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.ASPHALT_DARK)
        theme.panel(surface, self.box, 255)
        x, y = self.box.centerx, self.box.y + 28
        theme.text(surface, "Something went wrong", (x, y), 36, theme.ACCENT, "midtop", True)
        y += 40 + 10
        for line, size, colour in self._body(self.box.w - 56):
            if line:
                theme.text(surface, line, (x, y), size, colour, "midtop")
            y += _line_h(size)
        self.widgets.draw(surface)


def _line_h(size: int) -> int:
    return size + 6 if size > 10 else size


def report_said(problem: OSError) -> str:
    """Why a report could not be written, in words."""
    return (problem.strerror or "the file could not be written").lower()


def stopped_line(report: Path | None, problem: str) -> str:
    """The one line on stderr when the program stops after errors it cannot get past."""
    where = f"the details are in {report}" if report else f"no report could be written ({problem})"
    return f"skully: stopped after repeated errors; {where}"


def print_stopped(report: Path | None, problem: str) -> None:
    print(stopped_line(report, problem), file=sys.stderr)
