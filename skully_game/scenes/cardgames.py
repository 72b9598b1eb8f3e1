"""The card games, chosen in one place: the welcome's "The card games" opens this short list
(each table game of the registry with what it is and how many play, How to play on the
screen it opens), where the menu had only been left with its focus on the first card game
and a toast (a newcomer expected to be taken to the games). A game chosen takes the list's
place, so that every way back leads to the menu."""

from __future__ import annotations

import pygame

from skully_game.modes import Mode, load_modes
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.focus import PRESS_KEYS
from skully_game.shell.freshpress import PressEcho
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, WidgetGroup, page_foot

TITLE = "The card games"
INTRO = "Choose a game: its first screen sets the seats and the rules, and has How to play."
ROW_H, ROW_GAP = 56, 18


def card_modes() -> list[Mode]:
    """The menu's table games, in menu order."""
    from cards.registry import GAMES

    tables = {info.key for info in GAMES if info.table}
    return [m for m in load_modes() if m.key in tables]


def players_words(key: str) -> str:
    """ "2 to 8 players", from the game's engine."""
    from cards.registry import GAMES

    low, high = next(info for info in GAMES if info.key == key).players
    return f"{low} to {high} players"


class CardGamesScene(FormScene):
    """A button per card game with its blurb beside it, and Back to the menu. A press that
    opened this screen (a double Enter, Enter held down) presses nothing here."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.modes = card_modes()
        self.widgets = WidgetGroup()
        self.opened = PressEcho.now(app)
        self.stale_keys = {k for k in PRESS_KEYS if k in app.keys_down}
        self._layout()
        self.widgets.focus = 0

    def rows(self) -> tuple[int, int, int]:
        """Where the games' rows start, the buttons' width and the blurbs' x."""
        w, h = self.app.size
        button_w = min(260, w // 4)
        top = 150 if h >= 700 else 130
        return top, button_w, 40 + button_w + 24

    def _layout(self) -> None:
        top, button_w, _ = self.rows()
        buttons: list[Button] = [
            Button(
                pygame.Rect(40, top + k * (ROW_H + ROW_GAP), button_w, ROW_H),
                mode.title,
                on_click=lambda m=mode: self._open(m),
                size=28,
            )
            for k, mode in enumerate(self.modes)
        ]
        back = Button(page_foot(self.app.size)[0], "Back", on_click=self.app.stack.pop)
        self.widgets.set([*buttons, back])

    def _open(self, mode: Mode) -> None:
        """The game's setup in this list's place: its Back, and a table's "Back to the menu",
        go to the menu (whose focus is on the card games), as from the menu itself."""
        self.app.sound.play("ui", 0.6)
        self.app.stack.replace(mode.make(self.app))

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYUP:
            self.stale_keys.discard(event.key)
        if event.type == pygame.KEYDOWN and event.key in self.stale_keys:
            return None  # held since the welcome: its repeats choose nothing
        if self.opened.drops(self.app, event):
            return None  # the second press of what opened this screen
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w = self.app.size[0]
        surface.fill(theme.ASPHALT_DARK)
        theme.text(surface, TITLE, (40, 30), 48, theme.ACCENT, bold=True)
        theme.text(surface, theme.fit(INTRO, 22, w - 80), (40, 92), 22, theme.TEXT_DIM)
        _, _, x = self.rows()
        for mode, button in zip(self.modes, self.widgets.widgets, strict=False):
            lines = theme.wrap(mode.blurb, 20, w - x - 40)[:2]
            facts = players_words(mode.key)
            y = button.rect.centery - (len(lines) + 1) * 11
            theme.text(surface, facts, (x, y), 20, theme.CHALK_BLUE)
            for k, line in enumerate(lines):
                theme.text(surface, line, (x, y + 22 * (k + 1)), 20, theme.TEXT)
        self.widgets.draw(surface)


__all__ = ["CardGamesScene", "card_modes"]
