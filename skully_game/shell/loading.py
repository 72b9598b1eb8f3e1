"""Opening a large file without freezing the window: the reading runs on a worker thread while
the window keeps drawing and answering, with a moving bar, the seconds so far, and Cancel."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from skully_game.core.errors import DataError
from skully_game.shell import theme
from skully_game.shell.freshpress import PressEcho
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from skully_game.shell.app import App

SHOW_AFTER = 0.3  # s: a quick load never flashes a panel
BIG_FILE = 1024 * 1024  # bytes: a record this large opens here (about 1,000 actions: ~0.3 s)
BOX_W = 560


def is_big(path: str | os.PathLike[str]) -> bool:
    """Whether a file is large enough to be read with the window kept answering (a file that
    cannot be looked at is not: reading it at once says why)."""
    try:
        return os.stat(path).st_size >= BIG_FILE
    except OSError:
        return False


class LoadingScene(Scene):
    """Runs `work` on a worker thread; when it ends, closes itself and hands the result to
    `done` (on the main thread, so it may open screens). A refused file (DataError) goes to
    `refused` (by default a toast naming it); any other error is raised here, in the window's
    loop, as if the opening screen had raised it. Cancel or Esc go back at once: the worker
    is left to finish on its own and its result is dropped."""

    transparent = True  # the screen it was opened from stays drawn below, dimmed

    def __init__(
        self,
        app: App,
        what: str,
        work: Callable[[], Any],
        done: Callable[[Any], None],
        *,
        detail: str = "",
        refused: Callable[[DataError], None] | None = None,
        discard: Callable[[Any], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.what = what
        self.detail = detail
        self.work = work
        self.done = done
        self.refused = refused or (lambda exc: app.toast(str(exc), theme.DANGER, 6.0))
        self.elapsed = 0.0  # s of ticks: whether to show yet (a quick load never flashes)
        self.started = time.monotonic()  # the seconds said: the reading starves the ticks
        self.outcome: tuple[bool, Any] | None = None  # (worked, result or error), once ended
        self.cancelled = False
        self.discard = discard  # what a result that came too late (cancelled) is given to
        self.lock = threading.Lock()  # the outcome and the cancel, decided once between threads
        # the second half of the double press (or double Enter) that opened it is no Cancel
        self.opened = PressEcho.now(app)
        self.thread = threading.Thread(target=self._run, name="skully-loading", daemon=True)
        self.cancel = Button(pygame.Rect(0, 0, 180, 44), "Cancel", on_click=self._cancel)
        self.widgets = WidgetGroup([self.cancel])
        self.widgets.focus = 0
        self.box = pygame.Rect(0, 0, BOX_W, 190)
        self._layout()

    def _run(self) -> None:
        try:
            outcome: tuple[bool, Any] = (True, self.work())
        except BaseException as exc:  # handed to the main thread, which decides
            outcome = (False, exc)
        with self.lock:
            self.outcome = outcome
            late = self.cancelled
        if late:
            self._drop(outcome)

    def _drop(self, outcome: tuple[bool, Any]) -> None:
        """A result nobody waits for any more (Cancel came first): given to `discard` (a
        joined room's connection is closed, so its seat is not held by nobody)."""
        if outcome[0] and self.discard is not None:
            self.discard(outcome[1])

    def enter(self) -> None:
        if not self.thread.is_alive() and self.outcome is None:
            self.started = time.monotonic()
            self.thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the work has ended (tests, and the headless tools)."""
        self.thread.join(timeout)

    def _layout(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(BOX_W, w - 40), 190)
        self.box.center = (w // 2, h // 2)
        self.cancel.rect.midbottom = (self.box.centerx, self.box.bottom - 20)

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def _cancel(self) -> None:
        with self.lock:
            first, self.cancelled = not self.cancelled, True
            outcome = self.outcome
        if first and outcome is not None:  # ended already, not yet handed over: dropped
            self._drop(outcome)
        if self.app.stack.top is self:
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.elapsed += dt
        with self.lock:
            if self.outcome is None or self.cancelled:
                return
            worked, value = self.outcome
            self.cancelled = True  # handed over once
        if self.app.stack.top is self:
            self.app.stack.pop()
        if worked:
            self.done(value)
        elif isinstance(value, DataError):
            self.refused(value)
        else:
            raise value

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.opened.drops(self.app, event):
            return None  # Join game pressed twice: the second press is not a Cancel
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._cancel()
        return None  # nothing reaches the screen below while it opens

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.elapsed < SHOW_AFTER:
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.box, 255)
        x, y = self.box.centerx, self.box.y + 20
        width = self.box.w - 48
        theme.text(surface, theme.fit(self.what, 28, width, True), (x, y), 28, theme.ACCENT,
                   "midtop", True)  # fmt: skip
        if self.detail:
            theme.text(surface, theme.fit_middle(self.detail, 20, width), (x, y + 36), 20,
                       theme.TEXT_DIM, "midtop")  # fmt: skip
        bar = pygame.Rect(self.box.x + 24, y + 70, width, 12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=6)
        # no count of the work is known: a block sweeps to and fro to show it goes on
        run = bar.w // 4
        phase = (self.elapsed * 0.8) % 2.0
        at = phase if phase <= 1.0 else 2.0 - phase
        block = pygame.Rect(bar.x + round((bar.w - run) * at), bar.y, run, bar.h)
        pygame.draw.rect(surface, theme.ACCENT, block, border_radius=6)
        seconds = int(time.monotonic() - self.started)
        theme.text(surface, f"{seconds} s", (bar.right, bar.bottom + 6), 18, theme.TEXT_DIM,
                   "topright")  # fmt: skip
        self.widgets.draw(surface)
