"""New Skull game: 2-8 seats, each a person or a computer player of a character; one deck or
three, the two variants, the computer players' pace; the rules. The last choices come back."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pygame

from cards.skull import SkullOptions
from cards.skull.options import ONE_DECK_MOST
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.prefs import load_choices, save_choices
from skully_game.scenes.cardtable.seating import (
    NAMES,
    PACES,
    seat_widgets,
    seats_from,
    seats_problem,
    seats_to,
)
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.rules import SkullRules
from skully_game.scenes.skull.table import (
    Match,
    SkullReplay,
    SkullTable,
    finished_tables,
    unfinished_tables,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, Choice, Widget, WidgetGroup

THREE_DECKS_NOTE = f"One deck holds four Kings: more than {ONE_DECK_MOST} players need three decks."


class SkullSetup(FormScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seats = [TableSeat(NAMES[0], HUMAN)] + [
            TableSeat(NAMES[i], kind) for i, kind in ((1, "cautious"), (2, "bold"), (3, "strong"))
        ]
        self.options = SkullOptions()
        self.pace = Pace.NORMAL
        self.seed = random.SystemRandom().randrange(1 << 31)
        self.widgets = WidgetGroup()
        self.message = ""
        self._remembered()
        self._layout()

    def _remembered(self) -> None:
        """The last game's choices; a bad file is named and the defaults kept."""
        choices, problem = load_choices(GAME.key)
        if problem:
            self.message = problem
            return
        seats = seats_from(choices.get("seats"), GAME.levels)
        if seats:
            self.seats = seats
        try:
            raw = choices.get("options")
            if isinstance(raw, dict):
                self.options = SkullOptions.from_dict(raw)
            self.pace = Pace(choices.get("pace", Pace.NORMAL.value))
        except ValueError:
            self.options, self.pace = SkullOptions(), Pace.NORMAL

    def decks(self) -> int:
        """The decks the game will use: three whenever one deck's four Kings are too few."""
        return 3 if len(self.seats) > ONE_DECK_MOST else self.options.decks

    def _layout(self) -> None:
        w, h = self.app.size
        widgets: list[Widget]
        left_w = min(520, w // 2 - 60)
        widgets, _ = seat_widgets(self.seats, GAME.levels, 40, 110, left_w, self._seats_changed)
        o = self.options
        rx, rw = w // 2 + 20, w // 2 - 60
        rows: list[tuple[str, list, object, str]] = [
            ("Cards", [(1, "One deck"), (3, "Three decks")], self.decks(), "decks"),
            ("Open Bid", [(False, "Off"), (True, "On")], o.open_bid, "open_bid"),
            ("Fortune favours the Bold", [(False, "Off"), (True, "On")], o.bold, "bold"),
            ("Computer pace", PACES, self.pace, "pace"),
        ]
        ry = 110
        for label, options, value, name in rows:
            choice = Choice(
                pygame.Rect(rx, ry, rw, 38),
                label,
                options=options,
                on_change=lambda v, n=name: self._option(n, v),
            )
            choice.set_value(value)
            widgets.append(choice)
            ry += 46
        widgets.append(
            Button(
                pygame.Rect(rx, ry + 8, min(rw, 240), 40),
                "How to play",
                on_click=lambda: self.app.stack.push(SkullRules(self.app)),
                size=22,
                tooltip="How Skull is played, at this table",
            )
        )
        widgets.append(
            Button(
                pygame.Rect(w - 240, h - 70, 200, 48), "Start game", on_click=self._start, size=28
            )
        )
        saved = unfinished_tables()
        if saved:
            widgets.append(
                Button(
                    pygame.Rect(w - 460, h - 70, 210, 48),
                    "Resume last game",
                    on_click=lambda: self._resume(saved[0]),
                    size=22,
                )
            )
        done = finished_tables()
        if done:
            widgets.append(
                Button(
                    pygame.Rect(190, h - 70, 250, 48),
                    "Replay last game",
                    on_click=lambda: self._replay(done[0]),
                    size=22,
                    tooltip="The last finished game, action by action",
                )
            )
        widgets.append(
            Button(pygame.Rect(40, h - 70, 140, 48), "Back", on_click=self.app.stack.pop, size=24)
        )
        focus = self.widgets.focus
        self.widgets.set(widgets)
        self.widgets.focus = focus

    def _seats_changed(self) -> None:
        self.message = THREE_DECKS_NOTE if self.decks() != self.options.decks else ""
        self._layout()

    def _option(self, name: str, value: object) -> None:
        if name == "pace":
            self.pace = value  # type: ignore[assignment]
            return
        self.message = ""
        if name == "decks" and value == 1 and len(self.seats) > ONE_DECK_MOST:
            self.message = THREE_DECKS_NOTE
            self._layout()
            return
        self.options = replace(self.options, **{name: value})
        self._layout()

    def _start(self) -> None:
        problem = seats_problem(self.seats)
        if problem:
            self.message = problem
            return
        options = replace(self.options, players=len(self.seats), decks=self.decks())
        seats = [TableSeat(s.name.strip(), s.kind) for s in self.seats]
        try:
            save_choices(
                GAME.key,
                {"seats": seats_to(seats), "options": options.to_dict(), "pace": self.pace.value},
            )
        except OSError as exc:
            self.app.toast(f"Could not keep these choices: {exc.strerror}", theme.DANGER)
        match = Match(options, self.seed, seats, self.pace)
        match.save()
        self.app.stack.replace(SkullTable(self.app, match))

    def _resume(self, path: Path) -> None:
        try:
            match = Match.load(path)
        except ValueError as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        self.app.stack.replace(SkullTable(self.app, match))

    def _replay(self, path: Path) -> None:
        try:
            match = Match.load(path)
        except ValueError as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        self.app.stack.push(SkullReplay(self.app, match))

    def resume(self) -> None:
        self._layout()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill((22, 40, 34))
        theme.text(surface, "Skull", (40, 24), 48, theme.ACCENT, bold=True)
        theme.text(surface, "Seats, in order round the table", (40, 78), 22, theme.TEXT_DIM)
        theme.text(surface, "Rule options", (w // 2 + 20, 78), 22, theme.TEXT_DIM)
        self.widgets.draw(surface)
        if self.message:
            for k, line in enumerate(theme.wrap(self.message, 20, w - 80)[:2]):
                theme.text(surface, line, (w // 2, h - 118 + k * 22), 20, theme.DANGER, "midtop")
