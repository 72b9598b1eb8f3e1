"""New Skull King game: 2-8 seats, each a person or a computer player of a strength; every rule
option and round plan; the computer players' pace. The last choices come back next time."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame

from cards.skull_king import KrakenLeader, RoundPlan, Scoring, SkullKingOptions
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
from skully_game.scenes.skull_king.adapter import GAME
from skully_game.scenes.skull_king.table import (
    Match,
    SkullKingReplay,
    SkullKingTable,
    finished_tables,
    unfinished_tables,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, Choice, Widget, WidgetGroup

CANNONBALL_NOTE = "Cannonball is part of Rascal scoring, so scoring is now Rascal."


class SkullKingSetup(FormScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seats = [TableSeat(NAMES[0], HUMAN)] + [
            TableSeat(NAMES[i], "heuristic") for i in range(1, 4)
        ]
        self.options = SkullKingOptions()
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
                self.options = SkullKingOptions.from_dict(raw)
            self.pace = Pace(choices.get("pace", Pace.NORMAL.value))
        except ValueError:
            self.options, self.pace = SkullKingOptions(), Pace.NORMAL

    def _layout(self) -> None:
        w, h = self.app.size
        widgets: list[Widget]
        left_w = min(520, w // 2 - 60)
        widgets, _ = seat_widgets(self.seats, GAME.levels, 40, 110, left_w, self._layout)
        o = self.options
        rx, rw = w // 2 + 20, w // 2 - 60
        rows: list[tuple[str, list, object, str]] = [
            ("Rounds", [(p, p.value.capitalize()) for p in RoundPlan], o.round_plan, "round_plan"),
            (
                "Scoring",
                [(s, s.value.replace("-", " ").title()) for s in Scoring],
                o.scoring,
                "scoring",
            ),
            ("Cannonball (Rascal)", [(False, "Off"), (True, "On")], o.cannonball, "cannonball"),
            ("Pirate powers", [(False, "Off"), (True, "On")], o.pirate_powers, "pirate_powers"),
            ("Advanced cards", [(False, "Off"), (True, "On")], o.advanced_cards, "advanced_cards"),
            (
                "After the Kraken",
                [
                    (KrakenLeader.WOULD_HAVE_WON, "would-be winner leads"),
                    (KrakenLeader.LEFT_OF_KRAKEN, "next player leads"),
                ],
                o.kraken_leader,
                "kraken_leader",
            ),
            ("Greybeard (2 players)", [(True, "On"), (False, "Off")], o.greybeard, "greybeard"),
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

    def _option(self, name: str, value: object) -> None:
        if name == "pace":
            self.pace = value  # type: ignore[assignment]
            return
        changes = {name: value}
        self.message = ""
        if name == "scoring" and value is not Scoring.RASCAL:
            changes["cannonball"] = False
        if name == "cannonball" and value and self.options.scoring is not Scoring.RASCAL:
            changes["scoring"] = Scoring.RASCAL
            self.message = CANNONBALL_NOTE
        self.options = replace(self.options, **changes)
        self._layout()

    def _start(self) -> None:
        problem = seats_problem(self.seats)
        if problem:
            self.message = problem
            return
        options = replace(self.options, players=len(self.seats))
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
        self.app.stack.replace(SkullKingTable(self.app, match))

    def _resume(self, path) -> None:
        try:
            match = Match.load(path)
        except ValueError as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        self.app.stack.replace(SkullKingTable(self.app, match))

    def _replay(self, path) -> None:
        try:
            match = Match.load(path)
        except ValueError as exc:
            self.app.toast(str(exc), theme.DANGER, 6.0)
            return
        self.app.stack.push(SkullKingReplay(self.app, match))

    def resume(self) -> None:
        self._layout()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        w, h = self.app.size
        surface.fill((22, 40, 34))
        theme.text(surface, "Skull King", (40, 24), 48, theme.ACCENT, bold=True)
        theme.text(surface, "Seats, in order round the table", (40, 78), 22, theme.TEXT_DIM)
        theme.text(surface, "Rules", (w // 2 + 20, 78), 22, theme.TEXT_DIM)
        self.widgets.draw(surface)
        if self.message:
            for k, line in enumerate(theme.wrap(self.message, 20, w - 80)[:2]):
                theme.text(surface, line, (w // 2, h - 118 + k * 22), 20, theme.DANGER, "midtop")
