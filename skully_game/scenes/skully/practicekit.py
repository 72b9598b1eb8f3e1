"""What every practice table shares (Practice, with its caps to choose, and the warm-up): the
board and its caps, the hand that shoots them (each slingshot shot its own wobble), undo and the
scene's keys. Each kind of practice draws its own side panel."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import replace

import pygame

from skully_game.core.choices import recall, remember
from skully_game.scenes.skully.capkit import CapLook, cap_looks
from skully_game.scenes.skully.captable import CapTable
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.focus import Keys
from skully_game.shell.scene import Scene
from skully_game.shell.widgets import Choice, WidgetGroup
from skully_game.skully.board import BoardSpec, preset
from skully_game.skully.caps import CapType
from skully_game.skully.game_setup import SEAT_CHOICES, Seat
from skully_game.skully.geometry import Board
from skully_game.skully.hand import Input, spoil
from skully_game.skully.physics import MAX_SPEED, Flick, ShotResult
from skully_game.skully.tutorial import load_progress

Vec = tuple[float, float]
PANEL_W = 330

# how a person shoots, as at a game's seats: a slingshot of a hand level, steady, or a flick
HANDS = tuple(
    (value, label, tip) for value, label, tip in SEAT_CHOICES if ":" in value or value == "flick"
)
DEFAULT_HAND = "slingshot:steady"
# how to shoot with the hand chosen (the panels add the keys)
HOW_TO = {
    Input.SLINGSHOT: "Slingshot: press on a cap, pull back, let go.",
    Input.FLICK: "Flick: press on a cap and flick through it.",
}


def start_positions(board: Board, kinds: Sequence[CapType]) -> list[Vec]:
    """Caps spread along the start line, just behind it."""
    (ax, ay), (bx, by) = board.start_line
    nx, ny = board.start_normal
    n = len(kinds)
    out: list[Vec] = []
    for k, kind in enumerate(kinds):
        t = (k + 1) / (n + 1)
        back = kind.spec.radius + board.spec.line_width + 0.03
        out.append((ax + (bx - ax) * t - nx * back, ay + (by - ay) * t - ny * back))
    return out


class PracticeBase(Scene):
    """A practice table: caps on a board, shot with the hand chosen; the panel is the kind's."""

    def __init__(
        self,
        app: App,
        spec: BoardSpec | None = None,
        kinds: Sequence[CapType] | None = None,
        positions: Sequence[Vec] | None = None,
        ghost: list[list[Vec]] | None = None,
        title: str = "Practice",
        seed: int | None = None,
        back: str = "Back to menu",
        looks: Sequence[CapLook] | None = None,
        shooter: str | None = None,
    ) -> None:
        """`shooter`: how the shot's own shooter shot (a seat's choice, "slingshot:regular" or
        "flick"), for a game's shot tried again; else the hand last chosen here."""
        super().__init__(app)
        # the players' names and colours, when it is a game's shot tried again ("Cap 1"... else)
        self.named = list(looks) if looks else None
        self.back = back  # where leaving goes: the menu, or the replay it was opened from
        # a slingshot's wobble: each shot its own, from the practice's seed and the shot's number
        # (an Undo and the same aim again draws anew: a wobble that came back could be learned)
        self.seed = secrets.randbits(32) if seed is None else seed
        self.rng = random.Random(self.seed)
        self.drawn = 0  # shots made so far, undone or not: the next one's place in the seed
        self.meant: Flick | None = None  # the last shot as aimed, and as the hand made it
        self.made: Flick | None = None
        self.last_powers: dict[int, float] = {}  # each cap's last shot as meant, for the gauge
        remembered, _ = recall("practice")
        # nothing chosen here yet: the way the lessons are shot (a Flick learner practises
        # flicks; "Steady" met them in practice and Try this shot)
        who = shooter or (remembered or {}).get("hand") or load_progress()[0].hand or DEFAULT_HAND
        self.hand = Seat("", 0)
        hands = [v for v, _, _ in HANDS]  # a list: `who` from the file may be unhashable
        self.hand.choose(who if who in hands else DEFAULT_HAND)
        self.spec = spec or preset("classic")
        self.kinds: list[CapType] = list(kinds or [CapType.CROWN, CapType.WAX])
        self.history: list[list[Vec]] = []
        self.shots = 0
        self.widgets = WidgetGroup(keys=Keys.TABLE)  # practice owns its keys: shell/focus.py
        self.ghost = ghost or []
        self.title = title
        self.table = self._new_table(positions)

    # --- set-up -----------------------------------------------------------------------

    def viewport(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, 0, w - PANEL_W, h)

    def toast_area(self) -> pygame.Rect:
        return self.viewport()

    def _new_table(self, positions: Sequence[Vec] | None = None) -> CapTable:
        board = Board(self.spec)
        start = list(positions) if positions else start_positions(board, self.kinds)
        table = CapTable(self.spec, self._looks(), start, self.viewport(), self.app.sound)
        table.allow_move = True
        table.keep_scale = True  # one scale, as at a game: the same stroke looks the same
        table.on_shot_done = self._shot_done
        table.on_flick = self._flick
        table.on_cue = self.app.toast
        table.rng = self.rng
        table.input, table.hand = self.hand.input, self.hand.hand
        table.sensitivity = self.app.settings.flick_sensitivity
        table.guide = self.app.settings.aim_guide
        table.units = self.app.settings.units
        table.show_labels = self.app.settings.show_labels
        table.effects.enabled = self.app.settings.shot_effects
        table.after_move()
        table.ghost = self.ghost
        table.last_powers = self.last_powers  # the gauge's "last" marks outlive a cap change
        table.frame_view(snap=True)  # at the one scale from the first frame
        self.start = list(start)
        self.table = table
        self._layout()
        return table

    def hand_choice(self, rect: pygame.Rect) -> Choice:
        """'Shoot with': flick, or a slingshot's hand level, explained for the one chosen."""
        hand = Choice(
            rect,
            "Shoot with",
            options=[(v, label) for v, label, _ in HANDS],
            on_change=self.set_hand,
            tooltip=next(tip for v, _, tip in HANDS if v == self.hand.who),
        )
        hand.set_value(self.hand.who)
        return hand

    def set_hand(self, who: str) -> None:
        """Flick or slingshot, and the slingshot's hand level; kept for the next practice."""
        self.hand.choose(who)
        self.table.input, self.table.hand = self.hand.input, self.hand.hand
        self.table.cancel()
        try:
            remember("practice", {"hand": who})
        except OSError as exc:
            self.app.toast(f"Could not keep the choice: {exc}", theme.DANGER)
        self._layout()

    def _looks(self) -> list[CapLook]:
        """Each cap as drawn: the game's players' (with any cap changed here), else numbered."""
        if self.named is None:
            return cap_looks(self.kinds)
        return [replace(look, kind=kind) for look, kind in zip(self.named, self.kinds, strict=True)]

    def _name(self, i: int) -> str:
        return self.named[i].name if self.named else f"Cap {i + 1}"

    def undo(self) -> None:
        if self.history and not self.table.busy:
            self.table.positions = self.history.pop()
            self.shots = max(0, self.shots - 1)
            self.table.after_move()
            self.table.frame_view(snap=False)
            self._layout()

    def reset(self) -> None:
        if not self.table.busy:
            self.history.clear()
            self.shots = 0
            self._new_table(start_positions(self.table.board, self.kinds))

    def shot_rng(self, number: int) -> random.Random:
        """The wobble of the practice's shot `number` (0, 1, ...): told again from the seed."""
        return random.Random(f"skully-practice:{self.seed}:{number}")

    def _flick(self, flick: Flick, flicked: bool = False) -> ShotResult:
        """Make the shot: a slingshot spoiled by the hand, a pointer flick as it was made."""
        made = flick if flicked else spoil(flick, self.hand.hand, self.shot_rng(self.drawn))
        self.drawn += 1
        self.meant, self.made = flick, made
        self.last_powers[flick.cap] = min(1.0, flick.speed / MAX_SPEED)
        return self.table.simulate(made)

    def _shot_done(self, result: ShotResult) -> None:
        self.history.append(list(result.start))
        self.shots += 1
        self._layout()

    # --- scene hooks ------------------------------------------------------------------

    def resume(self) -> None:
        self.table.guide = self.app.settings.aim_guide
        self.table.units = self.app.settings.units
        self.table.show_labels = self.app.settings.show_labels

    def resized(self, size: tuple[int, int]) -> None:
        self.table.set_viewport(self.viewport())
        self._layout()

    def handle_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and self.widgets.has_keys and self.widgets.handle(event):
            return None  # the player gave the keys to the buttons (F6)
        if self.table.handle_event(event):
            return None
        if not self.table.busy and self.widgets.handle(event):
            return None
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if (event.key == pygame.K_z and ctrl) or event.key == pygame.K_u:
                self.undo()
                return None
            if event.key == pygame.K_r:
                self.reset()
                return None
            if event.key == pygame.K_l:
                self.table.show_labels = not self.table.show_labels
                self.app.update_settings(show_labels=self.table.show_labels)
                return None
            if event.key == pygame.K_ESCAPE:
                self.leave()
                return None
        return event

    def leave(self) -> None:
        """Back to the screen below (Esc, or the panel's way back)."""
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.table.update(dt)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.table.draw(surface, alpha)
        self._draw_panel(surface)

    def _layout(self) -> None:
        """The side panel's widgets: each kind of practice lays out its own."""
        self.widgets.set([])

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The side panel: each kind of practice draws its own over this."""
        rect = theme.side_panel(surface, PANEL_W)
        theme.text(surface, self.title, (rect.x + 16, 18), 40, theme.ACCENT, bold=True)
