"""Practice: 1-6 caps of chosen types on a board; flick any cap; see where each one lies."""

from __future__ import annotations

import math
import time

import pygame

from skully_game.scenes.skully.practicekit import (
    DEFAULT_HAND,
    HANDS,
    HOW_TO,
    PANEL_W,
    PracticeBase,
    start_positions,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.widgets import Button, Choice
from skully_game.skully.caps import CapType

__all__ = ["DEFAULT_HAND", "HANDS", "HOW_TO", "PANEL_W", "PracticeScene", "start_positions"]

MAX_CAPS = 6

# the keys, after how to shoot: the panel packs them a few to a line
KEYS_HELP = (
    "Tab cap",
    "arrows aim and power",
    "Shift fine",
    "[ ] spin",
    "Space flick",
    "Esc cancels",
    "R reset",
    "Shift-drag moves a cap",
    "wheel zooms",
    "F fits",
    "Ctrl+Z undo",
    "L labels",
    "F6 buttons",
    "F11 full screen",
)
HELP_SIZE, HELP_STEP = 16, 17
WARM_UP_TIP = "One cap on an empty board: each flick's speed and slide read back"
ROWS_TOP = 92  # the first cap row, under the title and the board's name
MIN_PITCH, MAX_PITCH = 30, 40  # cap rows: roomy when they can be, never too small to click
ONE_COLUMN_PITCH = 34  # the caps' places go in two columns before the rows close up past this
PLACE_SIZE = {1: 20, 2: 17}  # "Cap 1: in 5": text size and line step, by the number of columns
PLACE_STEP = {1: 22, 2: 19}


def help_lines(how: str, width: int) -> list[str]:
    """The help as lines of the panel's width: keys wrapped between keys, never inside one."""
    lines = theme.wrap(how, HELP_SIZE, width)
    line = ""
    for item in KEYS_HELP:
        trial = f"{line}, {item}" if line else f"Keys: {item}"
        if line and theme.font(HELP_SIZE).size(trial + ",")[0] > width:
            lines.append(line + ",")
            line = item
        else:
            line = trial
    return [*lines, line + "."]


def shown_help(lines: list[str], room: int, width: int) -> list[str]:
    """As many help lines as the room holds; a cut one ends in "..." so nothing goes silently."""
    most = max(0, room // HELP_STEP)
    if len(lines) <= most:
        return lines
    if most == 0:
        return []
    return [*lines[: most - 1], theme.fit(lines[most - 1] + " ...", HELP_SIZE, width)]


class PracticeScene(PracticeBase):
    """Practice with caps of one's choosing: their rows, where each lies, undo and reset."""

    def _layout(self) -> None:
        w, h = self.app.size
        x = w - PANEL_W + 16
        bw = PANEL_W - 32
        widgets: list = []
        n = len(self.kinds)
        self.help = help_lines(HOW_TO[self.hand.input], bw)
        self.pitch, self.columns = self._fit_rows(h, n)
        y = ROWS_TOP
        for i, kind in enumerate(self.kinds):
            choice = Choice(
                pygame.Rect(x + 34, y, bw - 34, self.pitch - 6),
                self._name(i),
                options=[(k, k.spec.label) for k in CapType],
                on_change=lambda value, i=i: self.set_kind(i, value),
                tooltip=kind.spec.blurb,
            )
            choice.set_value(kind)
            widgets.append(choice)
            y += self.pitch
        y += 4
        half = (bw - 8) // 2
        widgets.append(
            Button(
                pygame.Rect(x, y, half, 34),
                "Add cap",
                len(self.kinds) < MAX_CAPS,
                on_click=self.add_cap,
                size=22,
            )
        )
        widgets.append(
            Button(
                pygame.Rect(x + half + 8, y, half, 34),
                "Remove cap",
                len(self.kinds) > 1,
                on_click=self.remove_cap,
                size=22,
            )
        )
        y += 40
        hand = self.hand_choice(pygame.Rect(x, y, bw, 34))
        widgets.append(hand)
        y += 40
        third = (bw - 16) // 3
        widgets.append(
            Button(
                pygame.Rect(x, y, third, 34),
                "Undo",
                bool(self.history),
                on_click=self.undo,
                size=20,
                tooltip="Ctrl+Z",
            )
        )
        widgets.append(
            Button(
                pygame.Rect(x + third + 8, y, third, 34),
                "Reset",
                on_click=self.reset,
                size=20,
                tooltip="R",
            )
        )
        widgets.append(
            Button(
                pygame.Rect(x + 2 * (third + 8), y, bw - 2 * (third + 8), 34),
                "Warm-up",
                on_click=self.warm_up,
                size=20,
                tooltip=WARM_UP_TIP,
            )
        )
        widgets.append(
            Button(pygame.Rect(x, h - 56, bw, 40), self.back, on_click=self.app.stack.pop, size=24)
        )
        self.widgets.set(widgets)
        self.help_top = y + 34 + 12

    def warm_up(self) -> None:
        """One cap on an empty board, each flick read back: on this board, with the first cap."""
        from skully_game.scenes.skully.warmup import WarmUpScene

        if not self.table.busy:
            self.app.stack.push(
                WarmUpScene(
                    self.app, self.spec, self.kinds[0], back=f"Back to {self.title.lower()}"
                )
            )

    def _fit_rows(self, h: int, n: int) -> tuple[int, int]:
        """The cap rows' pitch and the caps' places in one column or two: the help must fit
        above Back to menu, so the places go to two columns, then the rows close up."""
        # under the rows: buttons, "Where the caps lie" and its gaps, without the places and help
        below = 4 + 40 + 40 + 34 + 12 + 24 + 8
        for columns in (1, 2):
            places = -(-n // columns) * PLACE_STEP[columns]
            room = h - 64 - ROWS_TOP - below - places - HELP_STEP * len(self.help)
            pitch = min(MAX_PITCH, room // max(n, 1))
            if pitch >= ONE_COLUMN_PITCH:
                return pitch, columns
        return max(MIN_PITCH, pitch), 2

    def set_kind(self, i: int, kind: CapType) -> None:
        self.kinds[i] = kind
        positions = list(self.table.positions)
        self._new_table(positions)
        self._fix_overlaps()

    def _fix_overlaps(self) -> None:
        """After a cap grows, nudge it so no two caps overlap."""
        from skully_game.skully.physics import overlapping

        for _ in range(50):
            pair = overlapping(self.kinds, self.table.positions)
            if pair is None:
                return
            i, j = pair
            (ax, ay), (bx, by) = self.table.positions[i], self.table.positions[j]
            d = math.dist((ax, ay), (bx, by)) or 1e-6
            need = self.kinds[i].spec.radius + self.kinds[j].spec.radius + 0.002
            self.table.positions[j] = (ax + (bx - ax) / d * need, ay + (by - ay) / d * need)
        self.table.after_move()

    def add_cap(self) -> None:
        if len(self.kinds) >= MAX_CAPS:
            return
        positions = list(self.table.positions)
        self.kinds.append(CapType.CROWN)
        extra = start_positions(self.table.board, self.kinds)[-1]
        self._new_table([*positions, extra])
        self._fix_overlaps()

    def remove_cap(self) -> None:
        if len(self.kinds) <= 1:
            return
        self.kinds.pop()
        self.history.clear()
        self._new_table(self.table.positions[: len(self.kinds)])

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect = theme.side_panel(surface, PANEL_W)
        x = rect.x + 16
        theme.text(surface, self.title, (x, 18), 40, theme.ACCENT, bold=True)
        theme.text(
            surface, f"{self.spec.name} board  -  shots: {self.shots}", (x, 58), 20, theme.TEXT_DIM
        )
        self._draw_icons(surface, x)
        y = self._draw_places(surface, x)
        for line in shown_help(self.help, self.app.size[1] - 64 - y, PANEL_W - 32):
            theme.text(surface, line, (x, y), HELP_SIZE, theme.TEXT_DIM)
            y += HELP_STEP
        # the widgets last: a hovered row's tooltip goes over the icons and the text around it
        self.widgets.draw(surface)

    def _draw_icons(self, surface: pygame.Surface, x: int) -> None:
        """Each cap beside its row, so a row reads as the cap it sets."""
        from skully_game.scenes.skully.capdraw import draw_cap

        for i, kind in enumerate(self.kinds):
            look = self.table.looks[i]
            at = (x + 14, ROWS_TOP + self.pitch * i + (self.pitch - 6) // 2)
            draw_cap(surface, kind, look.colour, look.symbol, at, 11)

    def _draw_places(self, surface: pygame.Surface, x: int) -> int:
        """Where each cap lies, in the columns the layout chose; returns where the help goes."""
        y = self.help_top
        theme.text(surface, "Where the caps lie", (x, y), 22, theme.TEXT)
        y += 24
        n = len(self.kinds)
        col_w = (PANEL_W - 32) // self.columns
        rows = -(-n // self.columns)
        size, step = PLACE_SIZE[self.columns], PLACE_STEP[self.columns]
        for i in range(n):
            label = self.table.labels.get(i, "moving..." if self.table.busy else "")
            line = theme.fit(f"{self._name(i)}: {label}", size, col_w - 6)
            at = (x + col_w * (i // rows), y + step * (i % rows))
            theme.text(surface, line, at, size, self.table.looks[i].colour)
        return y + step * rows + 8


def bench_frames(n_frames: int = 600) -> list[float]:
    """Milliseconds per update+draw of the practice scene at 1280x800, with shots playing."""
    from skully_game.core.settings import Settings

    app = App(Settings(muted=True), size=(1280, 800))
    scene = PracticeScene(app, kinds=[CapType.CROWN] * 6)
    app.stack.push(scene)
    table = scene.table
    app.run_frames(5)  # warm-up: textures, fonts and the first picture are made once
    times: list[float] = []
    for frame in range(n_frames):
        if not table.busy and frame % 150 == 10:
            i = frame // 150 % len(table.positions)
            table.select(i)
            table.aim_angle = math.pi / 4 + 0.05 * (frame % 7)
            table.power = 0.5
            table._shoot()
        t0 = time.perf_counter()
        app.tick()
        app.tick()
        app.draw(0.5)
        times.append((time.perf_counter() - t0) * 1000)
    pygame.quit()
    return times
