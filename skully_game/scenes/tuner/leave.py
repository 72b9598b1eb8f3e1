"""The question before the tuner closes on unsaved changes: keep editing, save, or drop them."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.widgets import Button, WidgetGroup

QUESTION = "Leave the board tuner?"
# keys that answer the question: one still held from the tuner (the Esc that asked) answers
# nothing by repeating; pressed again, it does
ANSWER_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DETAIL = "This board has changes that are not saved."


class LeaveDialog(ConfirmDialog):
    """The program's Yes/No question with a third answer between them, Save and leave (S).
    Keep editing is the default, as Stay is elsewhere: Esc, Enter or N give it; Y leaves
    without saving."""

    def __init__(
        self, app: App, on_save: Callable[[], None], on_discard: Callable[[], None]
    ) -> None:
        self.on_save = on_save
        self.save_button = Button(
            pygame.Rect(0, 0, 10, 10), "Save and leave", on_click=self._save, hotkey=pygame.K_s
        )
        super().__init__(
            app,
            QUESTION,
            on_discard,
            detail=DETAIL,
            yes="Leave without saving",
            no="Keep editing",
        )
        for button in (self.no_button, self.save_button, self.yes_button):
            button.size = 22
        self.widgets = WidgetGroup([self.no_button, self.save_button, self.yes_button])
        self.widgets.focus = 0
        self.held = held_now(ANSWER_KEYS)

    def _layout(self) -> None:
        super()._layout()
        third = (self.box.w - 48 - 2 * 12) // 3
        y = self.no_button.rect.y
        for i, button in enumerate((self.no_button, self.save_button, self.yes_button)):
            button.rect = pygame.Rect(self.box.x + 24 + i * (third + 12), y, third, 44)

    def _save(self) -> None:
        if self.answer is not None:
            return
        self.answer = True
        if self.app.stack.top is self:
            self.app.stack.pop()
        self.on_save()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if still_held(self.held, event):
            return None  # a held Esc opened the question and closed it again, on and on
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.widgets.focus = (max(0, self.widgets.focus) + step) % 3
            return None
        return super().handle_event(event)


def held_now(keys: tuple[int, ...]) -> set[int]:
    """Which of `keys` are down now (a screen opening notes the keys held from the one before)."""
    pressed = pygame.key.get_pressed()
    return {k for k in keys if pressed[k]}


def still_held(held: set[int], event: pygame.event.Event) -> bool:
    """A repeat of a key held since before (`held`, forgotten as each is let go)."""
    if event.type == pygame.KEYUP:
        held.discard(event.key)
    return event.type == pygame.KEYDOWN and event.key in held
