"""New Skull King game: 2-8 seats, each a person or a computer player of a strength; every rule
option and round plan; resume the last unfinished table."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame

from cards.skull_king import KrakenLeader, RoundPlan, Scoring, SkullKingOptions
from skully_game.scenes.skull_king.table import (
    HUMAN,
    Match,
    SkullKingReplay,
    SkullKingTable,
    TableSeat,
    finished_tables,
    unfinished_tables,
)
from skully_game.shell import theme
from skully_game.shell.app import App
from skully_game.shell.scene import FormScene
from skully_game.shell.widgets import Button, Choice, TextField, Widget, WidgetGroup

NAMES = ("You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry")
KINDS = [
    (HUMAN, "Person"),
    ("random", "Bot: random"),
    ("heuristic", "Bot: heuristic"),
    ("strong", "Bot: strong"),
]


class SkullKingSetup(FormScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.seats = [TableSeat(NAMES[0], HUMAN)] + [
            TableSeat(NAMES[i], "heuristic") for i in range(1, 4)
        ]
        self.options = SkullKingOptions()
        self.seed = random.SystemRandom().randrange(1 << 31)
        self.widgets = WidgetGroup()
        self.message = ""
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        widgets: list[Widget] = []
        y = 110
        for i, seat in enumerate(self.seats):
            widgets.append(
                TextField(
                    pygame.Rect(40, y, 200, 36),
                    "name",
                    value=seat.name,
                    max_length=12,
                    on_change=lambda v, s=seat: setattr(s, "name", v),
                )
            )
            kind = Choice(
                pygame.Rect(250, y, 260, 36),
                "",
                options=KINDS,
                on_change=lambda v, s=seat: setattr(s, "kind", v),
            )
            kind.set_value(seat.kind)
            widgets.append(kind)
            widgets.append(
                Button(
                    pygame.Rect(520, y, 36, 36),
                    "x",
                    len(self.seats) > 2,
                    on_click=lambda i=i: self._remove(i),
                    size=20,
                )
            )
            y += 42
        widgets.append(
            Button(
                pygame.Rect(40, y + 4, 200, 38),
                "Add seat",
                len(self.seats) < 8,
                on_click=self._add,
                size=22,
            )
        )
        o = self.options
        rx, rw = w // 2 + 40, w // 2 - 80
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
                    (KrakenLeader.LEFT_OF_KRAKEN, "next after Kraken leads"),
                ],
                o.kraken_leader,
                "kraken_leader",
            ),
            ("Greybeard (2 players)", [(True, "On"), (False, "Off")], o.greybeard, "greybeard"),
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
                pygame.Rect(w - 260, h - 70, 220, 48), "Start game", on_click=self._start, size=28
            )
        )
        saved = unfinished_tables()
        if saved:
            widgets.append(
                Button(
                    pygame.Rect(w - 520, h - 70, 240, 48),
                    "Resume last game",
                    on_click=lambda: self._resume(saved[0]),
                    size=24,
                )
            )
        done = finished_tables()
        if done:
            widgets.append(
                Button(
                    pygame.Rect(220, h - 70, 280, 48),
                    "Replay last finished game",
                    on_click=lambda: self._replay(done[0]),
                    size=22,
                )
            )
        widgets.append(
            Button(pygame.Rect(40, h - 70, 160, 48), "Back", on_click=self.app.stack.pop, size=24)
        )
        focus = self.widgets.focus
        self.widgets.set(widgets)
        self.widgets.focus = focus

    def _option(self, name: str, value: object) -> None:
        changes = {name: value}
        if name == "scoring" and value is not Scoring.RASCAL:
            changes["cannonball"] = False
        try:
            self.options = replace(self.options, **changes)
            self.message = ""
        except ValueError as exc:
            self.message = str(exc)
        self._layout()

    def _add(self) -> None:
        if len(self.seats) < 8:
            self.seats.append(TableSeat(NAMES[len(self.seats)], "heuristic"))
            self._layout()

    def _remove(self, i: int) -> None:
        if len(self.seats) > 2:
            self.seats.pop(i)
            self._layout()

    def _start(self) -> None:
        names = [s.name.strip() for s in self.seats]
        if not all(names) or len({n.lower() for n in names}) != len(names):
            self.message = "Every seat needs a different name."
            return
        try:
            options = replace(self.options, players=len(self.seats))
        except ValueError as exc:
            self.message = str(exc)
            return
        match = Match(
            options,
            self.seed,
            [TableSeat(n, s.kind) for n, s in zip(names, self.seats, strict=True)],
        )
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
        theme.text(surface, "Rules", (w // 2 + 40, 78), 22, theme.TEXT_DIM)
        self.widgets.draw(surface)
        if self.message:
            theme.text(surface, self.message, (w // 2, h - 100), 22, theme.DANGER, "center")
