"""A small overlay asking for a name (a shot kept in the library); Enter keeps it, Esc cancels."""

from __future__ import annotations

import pygame

from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, WidgetGroup
from skully_game.skully.saves import (
    MAX_SHOT_NAME,
)


class NameDialog(Scene):
    """A small overlay asking for a name; Enter keeps it, Esc cancels."""

    transparent = True

    def __init__(self, app: App, title: str, default: str, done, swallow: str = "") -> None:
        super().__init__(app)
        from skully_game.shell.widgets import TextField

        self.title = title
        self.done = done
        self.swallow = swallow  # the text of the key that opened the dialog, still on its way
        w, h = app.size
        self.box = pygame.Rect(0, 0, 520, 170)
        self.box.center = (w // 2, h // 2)
        self.field = TextField(
            pygame.Rect(self.box.x + 20, self.box.y + 60, self.box.w - 40, 40),
            "name",
            value=default,
            max_length=MAX_SHOT_NAME,
            editing=True,
        )
        self.widgets = WidgetGroup(
            [
                self.field,
                Button(
                    pygame.Rect(self.box.right - 160, self.box.bottom - 54, 140, 40),
                    "Save",
                    on_click=self._ok,
                    size=22,
                ),
                Button(
                    pygame.Rect(self.box.x + 20, self.box.bottom - 54, 140, 40),
                    "Cancel",
                    on_click=app.stack.pop,
                    size=22,
                ),
            ]
        )
        self.widgets.focus = 0

    def _ok(self) -> None:
        self.app.stack.pop()
        self.done(self.field.value)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.swallow:
            swallow, self.swallow = self.swallow, ""
            if event.type == pygame.TEXTINPUT and event.text == swallow:
                return None  # the "s" that asked for the dialog is not the name's last letter
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._ok()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        self.widgets.handle(event)
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        theme.panel(surface, self.box)
        theme.text(
            surface, self.title, (self.box.x + 20, self.box.y + 18), 28, theme.ACCENT, bold=True
        )
        self.widgets.draw(surface)
