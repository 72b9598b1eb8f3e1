"""The warm-up: one cap on an empty board, each flick read back ("1.9 m/s, slid 1.42 m") with
the last few kept beside it, so a player learns how hard to flick before the first game."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from skully_game.core.choices import recall, remember
from skully_game.core.settings import Units
from skully_game.scenes.skully.capkit import AimMode
from skully_game.scenes.skully.practicekit import (
    HANDS,
    HOW_TO,
    PANEL_W,
    PracticeBase,
    start_positions,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.widgets import Button, Choice
from skully_game.skully.board import BoardSpec
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board
from skully_game.skully.misses import flick_words, format_length, say_speed, wobble_note
from skully_game.skully.physics import MAX_SPEED, Flick, ShotResult

Vec = tuple[float, float]
KEEP = 6  # flicks kept in the list (and marked on the board): enough to compare a few strokes
BACK_HOME_AFTER = 1.2  # s: the cap lies where it stopped this long, then goes back to flick again
INTRO = (
    "Flick your cap across the empty board. Each flick is read back, how fast and how far, "
    "so you can feel how hard to flick for each box."
)
__all__ = [
    "BACK_HOME_AFTER",
    "KEEP",
    "WARM_UP_CHOICES",
    "WarmFlick",
    "WarmUpScene",
    "flick_path",
    "note_warm_up",
    "say_speed",
    "warm_up_settled",
]
KEYS = "Keys: C clears the list, Shift-drag moves the cap, wheel zooms, Esc goes back."


@dataclass(frozen=True)
class WarmFlick:
    """One flick of the warm-up: its number, how fast the cap left, where it went, and what
    how a slingshot was pulled and what the hand's wobble did ("" for a pointer flick)."""

    number: int
    speed: float  # m/s, the flick made
    start: Vec
    rest: Vec
    path: tuple[Vec, ...]
    how: str = ""  # a slingshot's pull and its wobble, in words

    @property
    def slid(self) -> float:
        """How far the cap came to rest from where it was flicked, in metres."""
        return math.dist(self.start, self.rest)

    def words(self, units: Units) -> str:
        """The read-back: "1.9 m/s, slid 1.42 m" ("barely moved" under a centimetre)."""
        return flick_words(self.speed, self.slid, units)


WARM_UP_CHOICES = "warm-up"  # whether the player has warmed up, or said no (core/choices.py)


def warm_up_settled() -> bool:
    """Whether the player has used the warm-up or turned its offer down: then Play the
    computer starts the game at once, as it always did."""
    remembered, _ = recall(WARM_UP_CHOICES)
    return remembered is not None


def note_warm_up(how: str) -> None:
    """Keep that the warm-up was used ("used") or its offer declined ("declined"), so it is
    offered once; a folder that cannot be written only means it is offered again."""
    with contextlib.suppress(OSError):
        remember(WARM_UP_CHOICES, {"warm_up": how})


def flick_path(result: ShotResult, cap: int = 0, step: int = 4) -> tuple[Vec, ...]:
    """The cap's path through a shot, every few frames and its rest: what the board marks."""
    traj = result.trajectory
    points = [traj.frame(k)[cap][:2] for k in range(0, len(traj), step)]
    return (*((float(x), float(y)) for x, y in points), result.rest[cap])


class WarmUpScene(PracticeBase):
    """Practice with one cap and nothing to hit: flick, read the flick back, flick again."""

    def __init__(
        self,
        app: App,
        spec: BoardSpec | None = None,
        kind: CapType = CapType.CROWN,
        back: str = "Back",
        who: str | None = None,
        seed: int | None = None,
        on_leave: Callable[[str], None] | None = None,
    ) -> None:
        self.on_leave = on_leave  # told the hand chosen here on the way back (a waiting game)
        self.flicks: list[WarmFlick] = []
        self.count = 0
        self.back_home_at: float | None = None
        self.clock = 0.0
        super().__init__(app, spec=spec, kinds=[kind], title="Warm-up", seed=seed, back=back)
        if who is not None and who in [value for value, _, _ in HANDS]:
            self.hand.choose(who)  # the seat's own hand, from the setup (not kept as practice's)
            self.table.input, self.table.hand = self.hand.input, self.hand.hand
            self._layout()
        self.home = self.table.positions[0]
        note_warm_up("used")

    def leave(self) -> None:
        """Back to the screen below; a game waiting there is told the hand chosen here."""
        self.app.stack.pop()
        if self.on_leave is not None:
            self.on_leave(self.hand.who)

    # --- the shot -----------------------------------------------------------------------

    def _flick(self, flick: Flick, flicked: bool = False) -> ShotResult:
        self.home = self.table.positions[0]  # the next flick starts from where this one did
        self.back_home_at = None
        return super()._flick(flick, flicked)

    def _shot_done(self, result: ShotResult) -> None:
        self.count += 1
        made = self.made
        speed = made.speed if made is not None else 0.0
        how = ""  # a slingshot's pull, and what the hand did to it: a flick's is its own
        if made is not None and self.meant is not None and self.meant is not made:
            pull = round(100 * self.meant.speed / MAX_SPEED)
            wobble = wobble_note(self.meant, made)
            how = f"Pulled to {pull} %" + (f"; {wobble}" if wobble else "")
        one = WarmFlick(self.count, speed, result.start[0], result.rest[0], flick_path(result), how)
        self.flicks = [*self.flicks, one][-KEEP:]
        self.shots = self.count
        self.history.clear()  # nothing to undo: the cap goes back by itself
        self.back_home_at = self.clock + BACK_HOME_AFTER
        self._mark()
        self._layout()

    def _mark(self) -> None:
        """The last flicks' paths drawn faintly on the board, to compare with the next."""
        self.table.ghost = [list(f.path) for f in self.flicks]

    def clear(self) -> None:
        """C: a new list, numbered from 1 again (its numbers had gone on from the old list, so
        the first flick after a clear read "4" with nothing before it)."""
        self.flicks = []
        self.count = self.shots = 0
        self._mark()
        self._layout()

    def reset(self) -> None:
        """R: the cap back to the start line (the list stays)."""
        if not self.table.busy:
            self.home = start_positions(self.table.board, self.kinds)[0]
            self._go_home()

    def _go_home(self) -> None:
        self.back_home_at = None
        self.table.positions[0] = self.home
        self.table.after_move()
        self.table.frame_view(snap=False)

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        due = self.back_home_at is not None and self.clock >= self.back_home_at
        if due and not self.table.busy:
            if self.table.mode is AimMode.IDLE and self.table.mover is None:
                self._go_home()
            else:
                self.back_home_at = None  # the player took the cap where it lies: leave it

    def set_kind(self, i: int, kind: CapType) -> None:
        self.kinds[i] = kind
        self._new_table([self.home])
        self._mark()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_c
            and not (self.widgets.has_keys or self.table.busy)
        ):
            self.clear()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_u, pygame.K_z):
            return None  # no undo in the warm-up: each flick is kept in the list
        return super().handle_event(event)

    # --- the panel ----------------------------------------------------------------------

    def _layout(self) -> None:
        w, h = self.app.size
        x = w - PANEL_W + 16
        bw = PANEL_W - 32
        self.intro = theme.wrap(INTRO, 18, bw)
        self.help = theme.wrap(f"{HOW_TO[self.hand.input]} {KEYS}", 16, bw)
        y = 92 + 20 * len(self.intro) + 8
        hand = self.hand_choice(pygame.Rect(x, y, bw, 34))
        cap = Choice(
            pygame.Rect(x, y + 40, bw, 34),
            "Cap",
            options=[(k, k.spec.label) for k in CapType],
            on_change=lambda value: self.set_kind(0, value),
            tooltip=self.kinds[0].spec.blurb,
        )
        cap.set_value(self.kinds[0])
        self.read_top = y + 40 + 34 + 14
        half = (bw - 8) // 2
        widgets = [
            hand,
            cap,
            Button(
                pygame.Rect(x, h - 56, half, 40),
                "Clear list",
                bool(self.flicks),
                on_click=self.clear,
                size=20,
                tooltip="C",
            ),
            Button(
                pygame.Rect(x + half + 8, h - 56, bw - half - 8, 40),
                self.back,
                on_click=self.leave,
                size=20,
                tooltip="Esc",
            ),
        ]
        self.widgets.set(widgets)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect = theme.side_panel(surface, PANEL_W)
        x, bw = rect.x + 16, PANEL_W - 32
        units = self.app.settings.units
        theme.text(surface, self.title, (x, 18), 40, theme.ACCENT, bold=True)
        said = f"{self.spec.name} board  -  flicks: {self.count}"
        theme.text(surface, theme.fit(said, 20, bw), (x, 58), 20, theme.TEXT_DIM)
        y = 92
        for line in self.intro:
            theme.text(surface, line, (x, y), 18, theme.TEXT_DIM)
            y += 20
        y = self.read_top
        bottom = self.app.size[1] - 64 - 17 * len(self.help) - 6
        y = self._draw_read_back(surface, x, y, bw, units, bottom)
        y = max(y, bottom)
        for line in self.help:
            theme.text(surface, line, (x, y), 16, theme.TEXT_DIM)
            y += 17
        self.widgets.draw(surface)

    def _draw_read_back(
        self, surface: pygame.Surface, x: int, y: int, bw: int, units: Units, bottom: int
    ) -> int:
        """The last flick in large, its wobble, the list of the last few, and how far box 1
        lies: as many lines as there is room for above the help."""
        lines: list[tuple[str, int, tuple[int, int, int], bool]] = []
        if self.flicks:
            last = self.flicks[-1]
            lines.append(("That flick:", 20, theme.TEXT, False))
            lines.append((last.words(units), 26, theme.ACCENT, True))
            if last.how:
                lines += [
                    (line, 16, theme.TEXT_DIM, False) for line in theme.wrap(last.how, 16, bw)
                ]
                lines.append(("", 2, theme.TEXT_DIM, False))  # a little air before the list
            if len(self.flicks) > 1:
                lines.append(("Last flicks, newest first:", 20, theme.TEXT, False))
                for flick in reversed(self.flicks):
                    colour = theme.ACCENT if flick is last else theme.TEXT_DIM
                    lines.append((f"{flick.number}.  {flick.words(units)}", 18, colour, False))
        else:
            lines.append(("Your flicks are read back here.", 20, theme.TEXT, False))
        lines.append(("", 8, theme.TEXT_DIM, False))  # a gap: the board, not the flicks
        lines += [(line, 18, theme.TEXT_DIM, False) for line in self.reach_lines(units, bw)]
        for text, size, colour, bold in lines:
            step = size + 4
            if y + step > bottom:
                break
            theme.text(surface, theme.fit(text, size, bw, bold), (x, y), size, colour, bold=bold)
            y += step + (6 if size >= 26 else 0)
        return y

    def reach_lines(self, units: Units, width: int) -> list[str]:
        """How far the first boxes lie from the cap: what a flick is measured against."""
        board = Board(self.spec)
        at = self.home
        far = [
            f"box {n}: {format_length(math.dist(at, board.box_centre(n)), units)}"
            for n in (1, 2, 13)
        ]
        return theme.wrap(f"From the cap to {', '.join(far)}.", 18, width)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        self._draw_numbers(surface, self.flicks)

    def _draw_numbers(self, surface: pygame.Surface, flicks: Sequence[WarmFlick]) -> None:
        """Each kept flick's number beside where it stopped, the newest brightest."""
        cam = self.table.camera
        clip = surface.get_clip()
        surface.set_clip(cam.viewport)
        for flick in flicks:
            sx, sy = cam.to_screen(flick.rest)
            colour = theme.ACCENT if flick is flicks[-1] else theme.CHALK_DIM
            theme.text(surface, str(flick.number), (sx + 9, sy - 22), 18, colour, bold=True)
        surface.set_clip(clip)
