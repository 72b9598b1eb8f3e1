"""Menu → Play online: host a game on this machine, or join one a friend hosts."""

from __future__ import annotations

import pygame

from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, WidgetGroup, page_foot

INTRO = (
    "Play with friends on their own computers: one hosts the game, the others join it "
    "with the host's address and the room code."
)


class PlayOnlineScene(FormScene):
    """Host or join: the two ways into an online game."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self._layout()
        self.widgets.focus = 0

    def _layout(self) -> None:
        w, h = self.app.size
        bw = min(420, w - 80)
        x = (w - bw) // 2
        y = max(200, h // 2 - 90)
        self.widgets.set(
            [
                Button(
                    pygame.Rect(x, y, bw, 56),
                    "Host a game",
                    on_click=self._host,
                    size=28,
                    tooltip="Run the game on this computer; friends join it",
                ),
                Button(
                    pygame.Rect(x, y + 70, bw, 56),
                    "Join a game",
                    on_click=self._join,
                    size=28,
                    tooltip="Sit down at a game a friend hosts",
                ),
                Button(page_foot(self.app.size)[0], "Back", on_click=self.app.stack.pop),
            ]
        )

    def _host(self) -> None:
        from skully_game.scenes.online.host import HostScene

        self.app.stack.push(HostScene(self.app))

    def _join(self) -> None:
        from skully_game.scenes.online.join import JoinScene

        self.app.stack.push(JoinScene(self.app))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w = self.app.size[0]
        surface.fill(theme.ASPHALT_DARK)
        theme.text(surface, "Play online", (40, 30), 48, theme.ACCENT, bold=True)
        y = 100
        for line in theme.wrap(INTRO, 22, w - 80):
            theme.text(surface, line, (40, y), 22, theme.TEXT_DIM)
            y += 26
        self.widgets.draw(surface)
