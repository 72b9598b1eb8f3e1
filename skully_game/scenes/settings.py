"""Settings: sound, screen and aiming; saved at once to the user's config directory."""

from __future__ import annotations

import pygame

from skully_game.core.settings import AimGuide, Units
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Button, Choice, Slider, WidgetGroup, column


class SettingsScene(Scene):
    transparent = True  # drawn as a dialog over the menu

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()
        self._layout()
        self.widgets.focus = 0

    def _layout(self) -> None:
        w, h = self.app.size
        s = self.app.settings
        rows = 9
        self.box, rects = dialog_layout((w, h), rows)
        on_off = [(False, "Off"), (True, "On")]
        sound = Choice(
            rects[0],
            "Sound",
            options=[(False, "On"), (True, "Muted")],
            on_change=lambda v: self._set(muted=v),
        )
        sound.set_value(s.muted)
        volume = Slider(
            rects[1],
            "Volume",
            low=0.0,
            high=1.0,
            value=s.volume,
            step=0.01,  # the arrows move five steps (5%), Shift+arrow one; 80% stays reachable
            fmt=lambda v: f"{round(v * 100)}%",
            on_change=lambda v: self._set(volume=v),
        )
        full = Choice(
            rects[2],
            "Full screen (F11)",
            options=on_off,
            on_change=lambda v: self.app.toggle_fullscreen() if v != self.app.fullscreen else None,
        )
        full.set_value(self.app.fullscreen)
        guide = Choice(
            rects[3],
            "Aim guide (practice)",
            options=[
                (AimGuide.DIRECTION, "Direction"),
                (AimGuide.DISTANCE, "Direction + distance"),
            ],
            on_change=lambda v: self._set(aim_guide=v),
        )
        guide.set_value(s.aim_guide)
        units = Choice(
            rects[4],
            "Units",
            options=[(Units.METRIC, "Metric"), (Units.IMPERIAL, "Feet and inches")],
            on_change=lambda v: self._set(units=v),
            tooltip="Lengths in the aim guide and the board tuner: 2 ft 11 in, or 89 cm",
        )
        units.set_value(s.units)
        labels = Choice(
            rects[5], "Region labels", options=on_off, on_change=lambda v: self._set(show_labels=v)
        )
        labels.set_value(s.show_labels)
        effects = Choice(
            rects[6],
            "Shot effects",
            options=on_off,
            on_change=lambda v: self._set(shot_effects=v),
            tooltip="Skully: a moving cap's tail, chalk dust at a hit, the glow of a box reached",
        )
        effects.set_value(s.shot_effects)
        flick = Slider(
            rects[7],
            "Flick sensitivity",
            low=0.5,
            high=2.0,
            value=s.flick_sensitivity,
            step=0.05,
            fmt=lambda v: f"{v:.2f}x",
            on_change=lambda v: self._set(flick_sensitivity=round(v, 2)),
            tooltip="How fast a flicked cap leaves for a given speed of the pointer",
        )
        back = Button(rects[8], "Done", on_click=self.close, size=26)
        self.widgets.set([sound, volume, full, guide, units, labels, effects, flick, back])
        self.widgets.tip_bounds = self.box

    def saved_in(self) -> str:
        """The line under the rows: each change is saved as it is made, so there is no Save
        button. The file's path is no news to a player (a file that cannot be read or written
        is named in its own message)."""
        return "Saved automatically"

    def _set(self, **changes: object) -> None:
        self.app.update_settings(**changes)
        self.app.sound.play("ui", 0.6)

    def close(self) -> None:
        self.app.stack.pop()

    def resized(self, size: tuple[int, int]) -> None:
        focus = self.widgets.focus
        self._layout()
        self.widgets.focus = focus

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        return None  # a dialog: nothing reaches the scene below

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        theme.panel(surface, self.box, 255)  # opaque: the menu never shows through its text
        roomy = self.box.h >= ROOMY_H
        theme.text(
            surface,
            "Settings",
            (self.box.centerx, self.box.y + (24 if roomy else 12)),
            40 if roomy else 34,
            theme.ACCENT,
            "midtop",
            bold=True,
        )
        self.widgets.draw(surface)
        theme.text(
            surface,
            self.saved_in(),
            (self.box.centerx, self.box.bottom - 10),
            18,
            theme.TEXT_DIM,
            "midbottom",
        )


ROOMY_H = 80 + 8 * 56 + 36  # the dialog at its roomiest: 46 px rows, 10 px apart


def dialog_layout(size: tuple[int, int], rows: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The dialog and its rows, inside the window: roomy when it fits, else with shorter rows
    and a smaller title, so the saved line and every row stay inside the dialog."""
    w, h = size
    box = pygame.Rect(0, 0, min(560, w - 40), min(80 + rows * 56 + 36, h - 20))
    box.center = (w // 2, h // 2)
    head = 80 if box.h >= ROOMY_H else 58
    foot = 36 if box.h >= ROOMY_H else 30
    pitch = (box.h - head - foot) // rows
    gap = min(10, max(4, pitch // 6))
    rects = column(box.x + 30, box.y + head, box.w - 60, pitch - gap, gap, rows)
    return box, rects
