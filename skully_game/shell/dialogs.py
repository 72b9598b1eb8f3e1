"""A question asked over the screen below, before something that cannot be undone by a key."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from skully_game.shell import theme
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from skully_game.shell.app import App

BOX_W = 600


class ConfirmDialog(Scene):
    """Yes or No over a dimmed screen. The safe answer is the default: it has the focus, so Enter
    and Space give it, and Esc gives it too; Y and N answer at once; the arrows and Tab (Shift+Tab)
    move the focus, as in every form. The dialog takes every event while it is up, so nothing
    reaches the screen below until it is answered."""

    transparent = True

    def __init__(
        self,
        app: App,
        question: str,
        on_yes: Callable[[], None],
        *,
        detail: str = "",
        yes: str = "Yes",
        no: str = "No",
        on_no: Callable[[], None] | None = None,
        yes_first: bool = False,
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.on_no = on_no
        self.answer: bool | None = None
        self.no_button = Button(
            pygame.Rect(0, 0, 10, 10), no, on_click=lambda: self._answer(False), hotkey=pygame.K_n
        )
        self.yes_button = Button(
            pygame.Rect(0, 0, 10, 10), yes, on_click=lambda: self._answer(True), hotkey=pygame.K_y
        )
        self.widgets = WidgetGroup([self.no_button, self.yes_button])
        # the safe answer; Yes when it is an invitation that loses nothing (Esc is still No)
        self.widgets.focus = 1 if yes_first else 0
        self.box = pygame.Rect(0, 0, BOX_W, 10)
        self._layout()

    def _lines(self, width: int) -> tuple[list[str], list[str]]:
        question = theme.wrap(self.question, 28, width)
        detail = theme.wrap(self.detail, 21, width) if self.detail else []
        return question, detail

    def _layout(self) -> None:
        w, h = self.app.size
        box_w = min(BOX_W, w - 40)
        question, detail = self._lines(box_w - 48)
        box_h = 28 + 30 * len(question) + 24 * len(detail) + (10 if detail else 0) + 88
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (w // 2, h // 2)
        half = (box_w - 72) // 2
        y = self.box.bottom - 64
        self.no_button.rect = pygame.Rect(self.box.x + 24, y, half, 44)
        self.yes_button.rect = pygame.Rect(self.box.right - 24 - half, y, half, 44)

    def _answer(self, yes: bool) -> None:
        if self.answer is not None:
            return
        self.answer = yes
        if self.app.stack.top is self:
            self.app.stack.pop()
        action = self.on_yes if yes else self.on_no
        if action is not None:
            action()

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._answer(False)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.widgets.focus = 1 - max(0, self.widgets.focus)
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.box, 255)  # opaque: nothing below shows through its words
        question, detail = self._lines(self.box.w - 48)
        y = self.box.y + 22
        for line in question:
            theme.text(surface, line, (self.box.centerx, y), 28, theme.ACCENT, "midtop", True)
            y += 30
        y += 10
        for line in detail:
            theme.text(surface, line, (self.box.centerx, y), 21, theme.TEXT, "midtop")
            y += 24
        self.widgets.draw(surface)


def ask_delete(
    app: App, path: Path, title: str, after: Callable[[], None], what: str = "saved game"
) -> None:
    """Ask before deleting a saved file the player chose (an abandoned game, an old replay);
    Keep is the default. A file that cannot be removed is said, and nothing else is touched."""

    def delete() -> None:
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            app.toast(
                f"Could not delete {path.name}: {exc.strerror or 'not allowed'}", theme.DANGER
            )
        after()

    app.stack.push(
        ConfirmDialog(
            app,
            f"Delete this {what}?",
            delete,
            detail=f"{title}. Deleting it cannot be undone.",
            yes="Delete",
            no="Keep",
        )
    )
