"""The Skully table's dialogs: keep or restore a cap that was hit, and the game's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from skully_game.scenes.skully.capdraw import draw_cap
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene, Scene
from skully_game.shell.widgets import Button, WidgetGroup
from skully_game.skully.board import board_label
from skully_game.skully.rules import Decision

if TYPE_CHECKING:
    from skully_game.scenes.skully.table import SkullyGameScene


class KeepDialog(Scene):
    """Ruling 7: the victim's owner leaves the cap where the foul put it, or puts it back."""

    transparent = True

    def __init__(self, app: App, game: SkullyGameScene, decision: Decision) -> None:
        super().__init__(app)
        self.game = game
        self.decision = decision
        vp = game.table.camera.viewport
        self.box = pygame.Rect(0, 0, 520, 170)
        self.box.midbottom = (vp.centerx, vp.bottom - 20)
        half = (self.box.w - 60) // 2
        self.widgets = WidgetGroup(
            [
                Button(
                    pygame.Rect(self.box.x + 20, self.box.bottom - 60, half, 44),
                    "Leave it there",
                    on_click=lambda: self._choose(True),
                    size=24,
                ),
                Button(
                    pygame.Rect(self.box.x + 40 + half, self.box.bottom - 60, half, 44),
                    "Put it back",
                    on_click=lambda: self._choose(False),
                    size=24,
                ),
            ]
        )
        self.widgets.focus = 0

    def _choose(self, keep: bool) -> None:
        self.app.stack.pop()
        self.game.keep(keep)

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.widgets.focus = 1 - max(0, self.widgets.focus)
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        game = self.game
        cam = game.table.camera
        d = self.decision
        look = game.looks[d.player]
        if d.before is not None:
            at = cam.to_screen(d.before)
            pygame.draw.circle(surface, theme.ACCENT, at, 12, 2)
            theme.text(surface, "was here", (at[0] + 14, at[1] - 8), 18, theme.ACCENT)
        theme.panel(surface, self.box)
        name = game.state.players[d.player].name
        theme.text(
            surface,
            f"{name}: your cap was hit before the shooter reached 2.",
            (self.box.centerx, self.box.y + 18),
            22,
            look.colour,
            "midtop",
        )
        theme.text(
            surface,
            "Leave it where it stopped, or put it back where it was?",
            (self.box.centerx, self.box.y + 48),
            20,
            theme.TEXT,
            "midtop",
        )
        self.widgets.draw(surface)


class GameOverScene(FormScene):
    """The winner and every player's statistics."""

    transparent = True

    def __init__(self, app: App, game: SkullyGameScene) -> None:
        super().__init__(app)
        self.game = game
        w, h = app.size
        board = board_label(game.session.board_spec)
        self.board_line = f"Board: {board}" if board else ""
        self.top = 30 if board else 0  # room for the board line under the title
        self.box = pygame.Rect(0, 0, 760, 160 + self.top + 40 * len(game.state.players))
        self.box.center = (w // 2, h // 2)
        self.widgets = WidgetGroup(
            [
                Button(
                    pygame.Rect(self.box.x + 30, self.box.bottom - 64, 220, 46),
                    "Look at the board",
                    on_click=app.stack.pop,
                    size=22,
                ),
                Button(
                    pygame.Rect(self.box.right - 250, self.box.bottom - 64, 220, 46),
                    "Back to menu",
                    on_click=self._menu,
                    size=22,
                ),
            ]
        )
        self.widgets.focus = 0  # the harmless choice: a key meant for the table leaves nothing

    def _menu(self) -> None:
        self.app.stack.pop()
        self.app.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.box)
        state = self.game.state
        winner = state.players[state.winner] if state.winner is not None else None
        title = f"{winner.name} wins!" if winner else "Game over"
        theme.text(
            surface,
            title,
            (self.box.centerx, self.box.y + 18),
            44,
            theme.ACCENT,
            "midtop",
            bold=True,
        )
        if self.board_line:
            line = theme.fit(self.board_line, 20, self.box.w - 60)
            theme.text(
                surface, line, (self.box.centerx, self.box.y + 72), 20, theme.TEXT_DIM, "midtop"
            )
        cols = ("shots", "boxes", "pipsies", "hits", "turns stuck", "kills")
        x0 = self.box.x + 30
        y = self.box.y + 80 + self.top
        for k, c in enumerate(cols):
            theme.text(surface, c, (x0 + 230 + k * 82, y), 18, theme.TEXT_DIM, "midtop")
        y += 26
        for i, p in enumerate(state.players):
            look = self.game.looks[i]
            draw_cap(surface, p.cap, look.colour, look.symbol, (x0 + 12, y + 12), 10)
            theme.text(
                surface,
                p.name + ("  (winner)" if i == state.winner else ""),
                (x0 + 32, y),
                22,
                look.colour,
            )
            s = p.stats
            for k, v in enumerate((s.shots, s.boxes, s.pipsies, s.hits, s.turns_stuck, s.kills)):
                theme.text(surface, str(v), (x0 + 230 + k * 82, y), 22, theme.TEXT, "midtop")
            y += 36
        self.widgets.draw(surface)
