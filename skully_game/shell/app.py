"""The window and the fixed-timestep loop (arcade's accumulator): logic ticks at TICK_HZ whatever
the frame rate, and drawing gets the fraction of the next tick for interpolation."""

from __future__ import annotations

import math
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame

from skully_game import __version__
from skully_game.core.paths import data_dir
from skully_game.core.saves import cannot_save, why_not_saved
from skully_game.core.settings import Settings, save_settings
from skully_game.shell import theme
from skully_game.shell.crash import (
    CrashScreen,
    Fault,
    Repeats,
    print_stopped,
    report_said,
    saves_said,
    write_report,
)
from skully_game.shell.focus import PRESS_KEYS
from skully_game.shell.pacer import Pacer
from skully_game.shell.scene import GameSave, Scene, SceneStack
from skully_game.shell.sound import SoundBank

TICK_HZ = 120
TICK = 1.0 / TICK_HZ
MAX_FRAME = 0.25  # s: after a stall, drop time rather than spiral
MIN_SIZE = (800, 500)
DESKTOP_MARGIN = (0, 60)  # room the window's title bar and the desktop's panels take


DOUBLE_PRESS_S = 0.5  # s: a double click's (or a double Enter's) second press comes within this


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The saved window size, shrunk to the screen it opens on: a size kept from a bigger
    screen must not put the menu's last entries (or a table's buttons) below the screen's edge."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return size
    room = (desktop[0] - DESKTOP_MARGIN[0], desktop[1] - DESKTOP_MARGIN[1])
    return (
        max(MIN_SIZE[0], min(size[0], room[0])),
        max(MIN_SIZE[1], min(size[1], room[1])),
    )


@dataclass
class Toast:
    message: str
    until: float
    colour: theme.Colour = theme.TEXT


class App:
    """Owns the window, the settings, the sound and the scene stack."""

    def __init__(self, settings: Settings, *, size: tuple[int, int] | None = None) -> None:
        pygame.init()
        self.settings = settings
        self.stack = SceneStack()
        self.running = True
        self._quit_question: Scene | None = None  # the window's close asking first, while up
        self.game_time = 0.0  # seconds of ticks run: scenes animate from this, not wall time
        # game_time of the last mouse button press or release, or Enter or Space
        self.last_press = -math.inf
        self.keys_down: set[int] = set()  # keys down now, as every screen's events told
        # a click that opened another screen: when, and where (its double's second press there
        # is not for the new screen), and whether the button now down is such a second press
        self._opened_by: tuple[float, tuple[int, int], object] = (-math.inf, (0, 0), None)
        self._dropping = False
        self.toasts: list[Toast] = []
        self.event_source = pygame.event.get  # what the loop polls (a tool may play a mouse)
        self.windowed_size = size or (settings.window_width, settings.window_height)
        if size is None and pygame.display.get_driver() not in ("dummy", "offscreen"):
            desktops = pygame.display.get_desktop_sizes()  # a headless driver's is made up
            self.windowed_size = fit_window(self.windowed_size, desktops[0] if desktops else None)
        self.fullscreen = False
        self.screen = self._open_window(self.windowed_size, settings.fullscreen)
        pygame.display.set_caption(f"Skully {__version__}")
        pygame.key.set_repeat(300, 35)
        self.sound = SoundBank(muted=settings.muted, volume=settings.volume)
        # an error in a screen shows the crash screen instead of closing the window: always in
        # the interactive loop (run); headless runs (tests, tools) let it through unless asked
        self.catch_crashes = False
        self.repeats = Repeats([])
        self.last_report: Path | None = None
        self.gave_up = False  # stopped after errors it could not get past

    # --- window -------------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        self.screen = self._open_window(self.windowed_size, not self.fullscreen)
        self.update_settings(fullscreen=self.fullscreen)
        self.stack.resized(self.size)

    def _resize(self, size: tuple[int, int]) -> None:
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if not self.fullscreen:
            self.windowed_size = size
            if self.screen.get_size() != size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self.update_settings(window_width=size[0], window_height=size[1])
        self.stack.resized(self.size)

    # --- settings, toasts, screenshots --------------------------------------------------

    def update_settings(self, **changes: object) -> None:
        self.settings = self.settings.with_changes(**changes)
        self.sound.configure(muted=self.settings.muted, volume=self.settings.volume)
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.toast(f"Could not save settings: {exc}", theme.DANGER)

    def toast(self, message: str, colour: theme.Colour = theme.TEXT, seconds: float = 3.0) -> None:
        self.toasts.append(Toast(message, self.game_time + seconds, colour))
        self.toasts = self.toasts[-4:]

    def tell_unsaved(self, why: str, folder: Path) -> None:
        """Say, in one line that fits the window, that a game is not being saved and why."""
        room = self.size[0] - 60 - theme.font(22).size(cannot_save(why, ""))[0]
        line = cannot_save(why, theme.fit_middle(str(folder), 22, max(120, room)))
        self.toast(theme.fit(line, 22, self.size[0] - 60), theme.DANGER, 8.0)

    def keep_saved(self, write: Callable[[], None], folder: Path, problem: str) -> str:
        """Save a game in progress with `write`; returns why it could not be saved ('' if it
        was). A failure is said once, not at every move (`problem` is the last one said), and
        a save that works again after one is said too."""
        try:
            write()
        except OSError as exc:
            now = why_not_saved(exc, folder)
            if now != problem:
                self.tell_unsaved(now, folder)
            return now
        if problem:
            self.toast("The game is saved again.", theme.OK)
        return ""

    def screenshot(self, directory: Path | None = None) -> Path:
        directory = directory or data_dir() / "screenshots"
        directory.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = directory / f"skully-{stamp}.png"
        n = 1
        while path.exists():
            path = directory / f"skully-{stamp}-{n}.png"
            n += 1
        pygame.image.save(self.screen, str(path))
        return path

    # --- the loop -------------------------------------------------------------------------

    def _global_event(self, event: pygame.event.Event) -> bool:
        """Events the whole program answers; True when consumed."""
        if event.type == pygame.QUIT:
            self._close_window()
            return True
        if event.type == pygame.VIDEORESIZE:
            self._resize(event.size)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            try:
                path = self.screenshot()
                self.toast(f"Screenshot saved: {path}")
            except (OSError, pygame.error) as exc:
                self.toast(f"Screenshot failed: {exc}", theme.DANGER)
            return True
        return False

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or (
            event.type == pygame.KEYDOWN and event.key in PRESS_KEYS
        ):
            self.last_press = self.game_time  # before it acts: a screen it opens can tell
        if event.type == pygame.KEYDOWN:
            self.keys_down.add(event.key)
        elif event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.keys_down.clear()
        if self._double_to_drop(event):
            return
        top = self.stack.top
        with self._guarded("handling an event"):
            if not self._global_event(event):
                self.stack.handle_event(event)
        if event.type == pygame.MOUSEBUTTONUP and self.stack.top is not top:
            self._opened_by = (self.game_time, getattr(event, "pos", (-99, -99)), self.stack.top)
        elif event.type == pygame.KEYDOWN:
            self._opened_by = (-math.inf, (0, 0), None)  # a key between: no double click

    def _double_to_drop(self, event: pygame.event.Event) -> bool:
        """The second press of a double click whose first click opened the screen now in
        front, and its release: dropped, on every screen (a double click on a setup's Start
        game pressed the table's Save and leave under it)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            when, (x, y), opened = self._opened_by
            px, py = getattr(event, "pos", (-99, -99))
            near = abs(px - x) <= 8 and abs(py - y) <= 8
            soon = self.game_time - when < DOUBLE_PRESS_S
            self._dropping = near and soon and opened is self.stack.top
            return self._dropping
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dropping:
            self._dropping = False
            return True
        return False

    def tick(self) -> None:
        self.game_time += TICK
        with self._guarded("updating"):
            self.stack.update(TICK)
        if not self.stack.scenes:
            self.running = False

    def draw(self, alpha: float) -> None:
        for _ in range(2):  # after an error while drawing, the crash screen at once
            self.screen.fill(theme.ASPHALT_DARK)
            with self._guarded("drawing"):
                self.stack.draw(self.screen, alpha)
                break
            if not self.running:
                return
        self._draw_toasts()

    # --- errors -----------------------------------------------------------------------------

    @contextmanager
    def _guarded(self, doing: str) -> Iterator[None]:
        """Run a screen's hook; an error in it (not Ctrl+C, not an exit) brings up the crash
        screen when crashes are caught, and goes on up otherwise."""
        if not self.catch_crashes:
            yield
            return
        try:
            yield
        except Exception:
            self._crashed(doing)

    def _crashed(self, doing: str) -> None:
        """Report the error that is being handled, close the screens above the menu, and show
        the crash screen; stop instead when the crash screen itself failed or errors repeat."""
        failed = self.stack.busy or self.stack.top
        self.stack.busy = None
        fault = Fault(
            traceback.format_exc(),
            f"{type(failed).__name__} ({type(failed).__module__})" if failed is not None else "",
            doing,
            [type(s).__name__ for s in self.stack.scenes],
            [],
        )
        fault.saves = self._game_saves(fault)
        if isinstance(failed, CrashScreen) or self.repeats.again(time.monotonic()):
            self._stop(fault)
            return
        try:
            home = self._unwind(failed, fault)
            report, problem = self._report(fault)
            back = "Back to the menu" if home is not None else "Close"
            said = saves_said(fault.saves)
            self.stack.push(CrashScreen(self, said, report, problem, back=back))
        except Exception:
            fault.more.append("and then, showing the crash screen:\n" + traceback.format_exc())
            self._stop(fault)

    def _game_saves(self, fault: Fault) -> list[GameSave]:
        """What each open screen says of its game on disk (a broken one may fail to say)."""
        saves = []
        for scene in self.stack.scenes:
            try:
                found = scene.game_save()
            except Exception:
                fault.more.append(f"and asking {type(scene).__name__} of its save:\n" + _trace())
                continue
            if found is not None:
                saves.append(found)
        return saves

    def _unwind(self, failed: Scene | None, fault: Fault) -> Scene | None:
        """Close every screen above the menu (a fresh menu if the menu itself failed); the
        menu that stays, or None when there is none."""
        homes = [s for s in self.stack.scenes if s.home]
        home = homes[-1] if homes else None
        while self.stack.scenes and (self.stack.top is not home or home is failed):
            scene = self.stack.scenes.pop()
            try:
                scene.exit()
            except Exception:
                fault.more.append(f"and closing {type(scene).__name__}:\n" + _trace())
            if scene is home:
                home = type(home)(self)
                self.stack.push(home)
                break
        return home

    def _report(self, fault: Fault) -> tuple[Path | None, str]:
        """Write the crash report: its path, or None and why not in words."""
        try:
            self.last_report = write_report(fault)
        except OSError as exc:
            return None, report_said(exc)
        return self.last_report, ""

    def _stop(self, fault: Fault) -> None:
        """End the program cleanly after errors it cannot get past, in one line on stderr."""
        report, problem = self._report(fault)
        print_stopped(report, problem)
        self.gave_up = True
        self.running = False

    def _draw_toasts(self) -> None:
        self.toasts = [t for t in self.toasts if t.until > self.game_time]
        top = self.stack.top
        area = (top.toast_area() if top is not None else None) or self.screen.get_rect()
        y = area.bottom - 16
        for toast in reversed(self.toasts):
            words = theme.fit(toast.message, 22, area.w - 40)
            img = theme.font(22).render(words, True, toast.colour)
            box = img.get_rect(midbottom=(area.centerx, y)).inflate(24, 12)
            pygame.draw.rect(self.screen, theme.PANEL, box, border_radius=8)
            pygame.draw.rect(self.screen, theme.PANEL_EDGE, box, 1, border_radius=8)
            self.screen.blit(img, img.get_rect(center=box.center))
            y = box.top - 6

    def run(self, first: Scene | None = None) -> None:
        """The interactive loop: real time in, fixed ticks out."""
        self.catch_crashes = True
        if first is not None:
            self.stack.push(first)
        accumulator = 0.0
        previous = time.perf_counter()
        pacer = Pacer(self.event_source, time.perf_counter, time.sleep)
        while self.running:
            now = time.perf_counter()
            accumulator += min(now - previous, MAX_FRAME)
            previous = now
            for event in pacer.poll():
                self.dispatch(event)
            while accumulator >= TICK and self.running:
                self.tick()
                accumulator -= TICK
            if not self.running:
                break
            self.draw(accumulator / TICK)
            pygame.display.flip()
            # the rest of the frame: asleep, or polling finely while a button is held (a flick)
            pacer.wait(now + 1.0 / max(1, self.settings.max_fps), self.dispatch)
        self._close_all()

    def _close_all(self) -> None:
        """Close every screen at the end; after an error, one that fails to close is let be."""
        while self.stack.scenes:
            scene = self.stack.scenes.pop()
            try:
                scene.exit()
            except Exception:
                if not self.catch_crashes:
                    raise

    def run_frames(
        self,
        frames: int,
        script: Callable[[int], Iterable[pygame.event.Event]] | None = None,
        ticks_per_frame: int = 2,
    ) -> None:
        """Headless and deterministic: each frame feeds the script's events, ticks, and draws."""
        for frame in range(frames):
            if not self.running:
                break
            for event in script(frame) if script else ():
                self.dispatch(event)
            for _ in range(ticks_per_frame):
                if self.running:
                    self.tick()
            if self.running:
                self.draw(0.5)

    def quit(self) -> None:
        self.running = False

    def _close_window(self) -> None:
        """The window's close button (or the system's quit): at once, unless a screen says
        others would lose their game (a host online), which asks first, once."""
        from skully_game.shell.dialogs import ConfirmDialog

        warnings = (scene.quit_warning() for scene in reversed(self.stack.scenes))
        warning = next((w for w in warnings if w), None)
        if warning is None:
            self.running = False
            return
        if self._quit_question in self.stack.scenes:
            return  # already asking
        self._quit_question = ConfirmDialog(
            self, "Quit Skully?", self.quit, detail=warning, yes="Quit", no="Stay"
        )
        self.stack.push(self._quit_question)


def _trace() -> str:
    return traceback.format_exc()
