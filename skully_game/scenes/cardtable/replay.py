"""A saved game played back action by action, at any table: `Replaying` is what every replay
shares (the steps, their keys and buttons, nothing saved); `CardReplaying` is the card table's
(a pile just taken stays on show for a step, the number keys choose whose hand is shown). Each
is a mixin put before its table's class: `CardReplay` (table.py), `SkirridReplay`."""

from __future__ import annotations

import pygame

from skully_game.scenes.cardtable.layout import PANEL_W, Layout
from skully_game.scenes.cardtable.match import Match
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import GameSave
from skully_game.shell.widgets import Button

PLAY_STEP_S = 1.0  # seconds a replay playing on by itself shows each move


class Replaying:
    """Left/Right step, Home/End jump, Space plays on by itself; `goto` shows a step (each
    table its own way)."""

    actions: list[str]
    step: int
    playing = False  # playing on by itself, a move every PLAY_STEP_S
    play_clock = 0.0

    names: list[str]

    def game_save(self) -> GameSave | None:
        return None  # a replay keeps nothing: the game it shows was saved as it was played

    def told_names(self) -> list[str]:
        """The names in the replay's sentences: a seat named "You" is the person watching (who
        played it), whichever hand is shown ("You play", never '"You" plays')."""
        return list(self.names)

    def goto(self, step: int) -> None:
        raise NotImplementedError

    def step_key(self, event: pygame.event.Event) -> bool:
        """Left/Right, Home/End (each stops a replay playing on), Space (plays on or stops):
        whether the key was one of them."""
        if event.key == pygame.K_SPACE:
            self.toggle_play()
            return True
        steps = {
            pygame.K_RIGHT: self.step + 1,
            pygame.K_LEFT: self.step - 1,
            pygame.K_HOME: 0,
            pygame.K_END: len(self.actions),
        }
        if event.key not in steps:
            return False
        self.step_to(steps[event.key])
        return True

    def step_to(self, step: int) -> None:
        """A step the watcher chose: the replay stops playing on by itself, to be looked at."""
        self.playing = False
        self.goto(step)

    def toggle_play(self) -> None:
        """Play on by itself, a move every PLAY_STEP_S, till the end or Space again; from the
        end it starts over."""
        if not self.playing and self.step >= len(self.actions):
            self.goto(0)
        self.playing = not self.playing
        self.play_clock = 0.0
        self.relayout()  # type: ignore[attr-defined]

    def play_on(self, dt: float) -> None:
        """The clock of a replay playing on by itself (each table's update calls it)."""
        if not self.playing:
            return
        self.play_clock += dt
        if self.play_clock < PLAY_STEP_S:
            return
        self.play_clock = 0.0
        self.goto(self.step + 1)
        if self.step >= len(self.actions):
            self.playing = False
            self.relayout()  # type: ignore[attr-defined]

    def step_buttons(self, x: int, y: int, width: int) -> list[Button]:
        """ "< Back", "Play" (or "Pause") and "Next >" side by side, `width` wide at (x, y)."""
        third = (width - 12) // 3
        play = "Pause" if self.playing else "Play"
        return [
            Button(pygame.Rect(x, y, third, 38), "< Back", self.step > 0,
                   on_click=lambda: self.step_to(self.step - 1), size=20, tooltip="Left"),
            Button(pygame.Rect(x + third + 6, y, third, 38), play,
                   on_click=self.toggle_play, size=20, tooltip="Space"),
            Button(pygame.Rect(x + 2 * (third + 6), y, width - 2 * (third + 6), 38), "Next >",
                   self.step < len(self.actions), on_click=lambda: self.step_to(self.step + 1),
                   size=20, tooltip="Right"),
        ]  # fmt: skip


class CardReplaying(Replaying):
    """The card table played back: the number keys choose whose hand is shown (a replay is
    watched after the game, together)."""

    def __init__(self, app: App, match: Match) -> None:
        self.actions = match.game.history(match.state)
        self.step = 0
        match.state = match.game.replay(match.state, [])
        super().__init__(app, match)  # type: ignore[call-arg]
        self.humans = []  # nobody acts: the computer players do not either
        self.bots = {}
        self.passing = None
        self.public = False
        self.pending.clear()

    def goto(self, step: int) -> None:
        step = max(0, min(step, len(self.actions)))
        before = self.game.event_count(self.state)
        forward = step == self.step + 1
        self.step = step
        self.match.state = self.game.replay(self.state, self.actions[: self.step])
        self._moves += 1
        self.shown, self.hold, self.pile_slots = None, 0.0, 0
        self.flights.clear()
        if forward:  # one step on: what it showed at the table stays on show until the next
            for item in self.game.happenings(self.state, before, self.told_names()):
                self.replay_moment(item)  # type: ignore[attr-defined]
        self.cursor_events = self.game.event_count(self.state)
        self._layout()

    def replay_keys(self) -> str:
        """A game's own replay keys, said under the replay's line ('' for none)."""
        return ""

    def busy(self) -> bool:
        return False

    def _start_pass(self, first: bool = False) -> None:
        """Nobody hides anything in a replay."""

    def update(self, dt: float) -> None:
        self.shout = ("", 0.0)
        self.play_on(dt)

    def _key(self, event: pygame.event.Event) -> None:
        k = event.key
        if self.step_key(event):
            return
        if pygame.K_1 <= k <= pygame.K_9:
            seat = k - pygame.K_1
            if seat < self.game.players(self.state):
                self._set_viewer(seat)
                self._layout()
        elif k == pygame.K_ESCAPE and not self.sheet:
            self.leave()
        elif k in (pygame.K_TAB, pygame.K_ESCAPE, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            super()._key(event)  # type: ignore[misc]

    def buttons(self) -> list[Button]:
        w, h = self.app.size
        x = w - PANEL_W + 12
        self.choice_buttons = []
        return [
            *self.step_buttons(x, h - 150, PANEL_W - 24),
            Button(pygame.Rect(x, h - 106, PANEL_W - 24, 38), "Score sheet",
                   on_click=self.toggle_sheet, size=22, tooltip="Tab"),
            Button(pygame.Rect(x, h - 62, PANEL_W - 24, 40), "Close replay",
                   on_click=self.leave, size=22, tooltip="Esc"),
        ]  # fmt: skip

    def _draw_status(self, surface: pygame.Surface, lay: Layout) -> None:
        """No prompt and nobody thinking: the replay's own line is in the side panel."""

    def _panel_bottom(self) -> int:
        return 236

    def _draw_panel(self, surface: pygame.Surface) -> None:
        super()._draw_panel(surface)  # type: ignore[misc]
        w, h = self.app.size
        x = w - PANEL_W + 12
        lines = [
            f"Replay: action {self.step} of {len(self.actions)}"
            + (", playing on" if self.playing else ""),
            f"Hand shown: {self.names[self.viewer]} (keys 1-{self.game.players(self.state)})",
        ]
        if keys := self.replay_keys():
            lines.append(keys)
        y = h - 226
        for line in lines:
            for part in theme.wrap(line, 18, PANEL_W - 24):
                theme.text(surface, part, (x, y), 18, theme.CHALK_BLUE)
                y += 20


__all__ = ["CardReplaying", "Replaying"]
