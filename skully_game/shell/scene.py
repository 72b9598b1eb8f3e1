"""Scenes and the scene stack (Tuxemon's shape): push/pop/replace, pause/resume, overlays.

Only the top scene updates and gets events first; an event it returns (does not consume) goes to
the scene below only if the top is a transparent overlay that lets it through. Drawing starts at
the highest opaque scene, so dialogs draw over what they cover. Drawing changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from skully_game.shell.widgets import AWAKE

if TYPE_CHECKING:
    from skully_game.shell.app import App
    from skully_game.shell.widgets import WidgetGroup


@dataclass(frozen=True)
class GameSave:
    """Where a screen's game in progress is kept, and whether its last save worked: what a crash
    screen may truthfully say of it."""

    path: Path
    problem: str = ""  # why the last save failed, in words; "" when it worked
    over: bool = False  # a finished game (the Replays keep it, Resume does not)


class Scene:
    """One screen or overlay. Subclasses override the hooks they need."""

    transparent = False  # an overlay: the scenes below are drawn first
    passes_events = False  # an overlay that lets unconsumed events reach the scene below
    home = False  # the main menu: where the program goes back to after an error

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped or replaced."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was popped."""

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """Return None to consume the event, or the event to let it through."""
        return event

    def update(self, dt: float) -> None:
        """Advance one fixed tick of dt seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw the scene; alpha is the fraction of the next tick already elapsed."""

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def game_save(self) -> GameSave | None:
        """The game this screen plays and keeps on disk, if any (None: no game in progress)."""
        return None

    def toast_area(self) -> pygame.Rect | None:
        """Where this screen's toasts go, centred along its bottom: the play area beside a side
        panel, so a toast never runs over the panel's buttons (None: the whole window)."""
        return None

    def quit_warning(self) -> str | None:
        """What closing the program now would do to other people, in a player's words, when
        the window's close button should ask first (a host's game ends for everyone); None when
        it may close at once (a game at one desk is saved as it goes)."""
        return None


class FormScene(Scene):
    """A screen of widgets (`self.widgets`, placed by `_layout`): the widgets get every event
    first, Esc goes back, and a new window size lays them out again."""

    widgets: WidgetGroup

    def _layout(self) -> None:
        """Place the widgets for the window's size."""

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def pause(self) -> None:
        """Another screen goes over this one (the rules): the pointer will be elsewhere when
        it comes back, so no widget keeps a tooltip from before."""
        self.widgets.mouse = (-1, -1)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
        return None


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        # the scene whose hook is running: after an error, the one that raised it
        self.busy: Scene | None = None

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def drop(self, scene: Scene) -> None:
        """Take a screen out from under the top one (a list that opened a game: leaving the
        game goes back past it)."""
        if scene in self.scenes and scene is not self.top:
            self.scenes.remove(scene)
            scene.exit()

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()

    def handle_event(self, event: pygame.event.Event) -> None:
        for scene in reversed(list(self.scenes)):
            self.busy = scene
            result = scene.handle_event(event)
            if result is None or not scene.passes_events:
                break
        self.busy = None

    def update(self, dt: float) -> None:
        if self.scenes:
            self.busy = self.scenes[-1]
            self.scenes[-1].update(dt)
        self.busy = None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].transparent:
            start -= 1
        top = self.scenes[-1] if self.scenes else None
        for scene in self.scenes[max(start, 0) :]:
            AWAKE[0] = scene is top  # a screen under a dialog shows no focus, hover or tip
            self.busy = scene
            try:
                scene.draw(surface, alpha)
            finally:
                AWAKE[0] = True
        self.busy = None

    def resized(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            self.busy = scene
            scene.resized(size)
        self.busy = None
