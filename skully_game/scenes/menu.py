"""The main menu: the modes that work, settings, quit — over a chalk board in the street."""

from __future__ import annotations

import pygame

from skully_game import __version__
from skully_game.modes import load_modes
from skully_game.scenes.skully.chalk import BoardPainter, chalk_text
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene
from skully_game.shell.view import Camera
from skully_game.shell.widgets import Button, WidgetGroup, column
from skully_game.skully.board import preset
from skully_game.skully.geometry import Board


class MenuScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        board = Board(preset("classic"))
        self.painter = BoardPainter(board)
        s = board.spec.board_side
        self.backdrop = (-0.3, -0.3, s + 0.3, s + 0.3)
        self.camera = Camera(pygame.Rect((0, 0), app.size), self.backdrop)
        self.modes = load_modes()
        self.widgets = WidgetGroup()
        self._layout()
        self._tell_unreadable_files()

    def _tell_unreadable_files(self) -> None:
        """Once per start: a saved file that could not be read is named, not silently skipped."""
        from skully_game.core.saves import bad_files_message
        from skully_game.skully.saves import unreadable_files

        message = bad_files_message(unreadable_files())
        if message:
            self.app.toast(theme.fit(message, 22, self.app.size[0] - 60), theme.DANGER, 8)

    def _layout(self) -> None:
        w, h = self.app.size
        self.camera.viewport = pygame.Rect(0, 0, w, h)
        self.camera.show(self.backdrop, snap=True)
        from skully_game.scenes.resume import unfinished_games

        entries: list[tuple[str, str, object]] = []
        saved, _ = unfinished_games()
        if saved:
            entries.append(
                (
                    "Resume game",
                    "Every unfinished game, Skully and cards: carry one on where it stopped.",
                    "resume",
                )
            )
        entries += [(m.title, m.blurb, m) for m in self.modes]
        entries += [("Settings", "Sound, screen and controls.", "settings"), ("Quit", "", "quit")]
        rects = column(w // 2 - 170, int(h * 0.42), 340, 50, 12, len(entries))
        widgets = []
        for rect, (title, blurb, target) in zip(rects, entries, strict=True):
            widgets.append(
                Button(rect, title, on_click=lambda t=target: self._open(t), tooltip=blurb, size=28)
            )
        self.widgets.set(widgets)
        if self.widgets.focus < 0:
            self.widgets.focus = 0

    def _open(self, target: object) -> None:
        self.app.sound.play("ui", 0.6)
        if target == "quit":
            self.app.quit()
        elif target == "settings":
            from skully_game.scenes.settings import SettingsScene

            self.app.stack.push(SettingsScene(self.app))
        elif target == "resume":
            from skully_game.scenes.resume import ResumeScene, unfinished_games

            saved, _ = unfinished_games()
            if len(saved) == 1:  # one game to carry on: no list to choose from
                saved[0].open(self.app)
            else:
                self.app.stack.push(ResumeScene(self.app))
        else:
            self.app.stack.push(target.make(self.app))  # type: ignore[attr-defined]

    def resized(self, size: tuple[int, int]) -> None:
        self._layout()

    def resume(self) -> None:
        self._layout()  # a game may have been saved or finished meanwhile

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return None
        return event

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.painter.draw(surface, self.camera)
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((10, 10, 12, 150))
        surface.blit(shade, (0, 0))
        w, h = self.app.size
        title = chalk_text("SKULLY", max(40, h // 7), theme.CHALK)
        surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.1))))
        theme.text(
            surface,
            "flick your cap from the start to 13 and back, then go killer",
            (w // 2, int(h * 0.1) + title.get_height() + 8),
            24,
            theme.CHALK_DIM,
            "midtop",
        )
        self.widgets.draw(surface)
        theme.text(
            surface,
            f"v{__version__}   Up/Down + Enter, or click   F11 full screen   F12 screenshot",
            (w // 2, h - 12),
            18,
            theme.TEXT_DIM,
            "midbottom",
        )
