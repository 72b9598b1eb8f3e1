"""The seats part of every card game's setup screen: 2-8 rows of a name and a person or a
computer player of a level, added and removed; and reading/writing them as the last choices."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from skully_game.core.names import is_name
from skully_game.scenes.cardtable.match import HUMAN, Pace, TableSeat
from skully_game.scenes.cardtable.steady import SteadyChoice
from skully_game.scenes.cardtable.words import YOU
from skully_game.shell.widgets import Button, TextField, Widget

NAMES = ("You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry")
MAX_SEATS = 8
MIN_SEATS = 2
PACES = [(Pace.SLOW, "Slow"), (Pace.NORMAL, "Normal"), (Pace.FAST, "Fast")]


def seat_widgets(
    seats: list[TableSeat],
    levels: Sequence[tuple[str, str]],
    x: int,
    y: int,
    width: int,
    changed: Callable[[], None],
    most: int = MAX_SEATS,
    tip: Callable[[str], str] = lambda kind: "",
) -> tuple[list[Widget], int]:
    """A row per seat (name, kind, remove) and an "Add seat" button (up to `most` seats);
    returns them and the y below them. A computer seat's tooltip is `tip(kind)`: how it plays."""
    kinds = [(HUMAN, "Person"), *levels]
    name_w = min(200, width // 3)
    kind_w = width - name_w - 56
    out: list[Widget] = []

    def remove(i: int) -> None:
        if len(seats) > MIN_SEATS:
            seats.pop(i)
            changed()

    def add() -> None:
        if len(seats) < most:
            taken = {s.name for s in seats}  # a computer seat: never "You" (the log says "you")
            name = next((n for n in NAMES[1:] if n not in taken), f"Seat {len(seats) + 1}")
            seats.append(TableSeat(name, levels[len(levels) // 2][0] if levels else HUMAN))
            changed()

    for i, seat in enumerate(seats):
        out.append(
            TextField(
                pygame.Rect(x, y, name_w, 36),
                "name",
                value=seat.name,
                max_length=12,
                on_change=lambda v, s=seat: setattr(s, "name", v),
            )
        )
        kind = SteadyChoice(pygame.Rect(x + name_w + 10, y, kind_w, 36), "", options=kinds)

        def chose(value: str, s: TableSeat = seat, row: SteadyChoice = kind) -> None:
            s.kind = value
            row.tooltip = tip(value) or "A person at this screen, or a computer player"

        kind.on_change = chose
        kind.set_value(seat.kind)
        chose(seat.kind)
        out.append(kind)
        out.append(
            Button(
                pygame.Rect(x + width - 36, y, 36, 36),
                "x",
                len(seats) > MIN_SEATS,
                on_click=lambda i=i: remove(i),
                size=20,
                tooltip="Remove this seat"
                if len(seats) > MIN_SEATS
                else f"A game needs at least {MIN_SEATS} seats",
            )
        )
        y += 42
    out.append(
        Button(
            pygame.Rect(x, y + 4, 200, 38),
            "Add seat",
            len(seats) < most,
            on_click=add,
            size=22,
        )
    )
    return out, y + 50


def seats_problem(seats: Sequence[TableSeat]) -> str | None:
    """Why these seats cannot sit down, in words, or None."""
    names = [s.name.strip() for s in seats]
    if not all(names):
        return "Every seat needs a name."
    if len({n.lower() for n in names}) != len(names):
        return "Every seat needs a different name."
    called_you = [s for n, s in zip(names, seats, strict=True) if n.lower() == YOU.lower()]
    if any(s.kind != HUMAN for s in called_you):
        return f'Only a person\'s seat may be called {YOU}: the game says "you" to it.'
    people = sum(s.kind == HUMAN for s in seats)
    if called_you and people > 1:
        return f'With {people} people at this screen, "{YOU}" could be any of them: give that seat a name.'
    return None


def seats_from(
    raw: Any, levels: Sequence[tuple[str, str]], most: int = MAX_SEATS
) -> list[TableSeat] | None:
    """Seats from the last choices, or None if they are not a valid list of seats."""
    kinds = {HUMAN, *(k for k, _ in levels)}
    if not isinstance(raw, list) or not MIN_SEATS <= len(raw) <= most:
        return None
    out = []
    for item in raw:
        if not (
            isinstance(item, dict)
            and is_name(item.get("name"), 12)
            and isinstance(item.get("kind"), str)
            and item["kind"] in kinds
        ):
            return None
        out.append(TableSeat(item["name"], item["kind"]))
    return out


def seats_to(seats: Sequence[TableSeat]) -> list[dict[str, str]]:
    return [{"name": s.name.strip(), "kind": s.kind} for s in seats]


__all__ = ["NAMES", "PACES", "seat_widgets", "seats_from", "seats_problem", "seats_to"]
