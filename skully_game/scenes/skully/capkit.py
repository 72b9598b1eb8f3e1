"""What every part of the cap table shares: how a cap looks, the aiming modes, and the sizes
and words of the flick (kept apart so the table's parts import it, never each other)."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, auto

import pygame

from skully_game.shell import theme
from skully_game.skully.caps import CapType
from skully_game.skully.geometry import Board
from skully_game.skully.physics import MAX_SPEED, G
from skully_game.skully.rules.state import Player
from skully_game.skully.session import Seat

Vec = tuple[float, float]
PULL_PX = 220  # a full-power pull, in screen pixels (the same feel at any zoom)
MIN_PULL_PX = 6  # a release closer than this is not a flick
PICK_PX = 22  # how near the pointer must be to a cap to grab it: a 7-pixel cap is still easy
# px: the room a cap is given in the layout (clear of the banner, of labels and of the START
# word). Caps are drawn at their true size (capdraw.draw_cap): a cap drawn larger than it is
# made a near miss look like a hit (a play-test); this is room round a cap, never its size.
MIN_CAP_PX = 12
TOO_SLOW = "You only touched the cap: no shot. Press on it and flick the pointer through it"
WEAK_SHOT = "A touch: that was your shot"  # rules 3.2.0.0: a slight flick is still a shot
START_POWER = 0.4  # a picked cap before its first shot: a middling pull, no hint of reach


@dataclass(frozen=True)
class CapLook:
    """How one cap is drawn and named."""

    name: str
    kind: CapType
    colour: tuple[int, int, int]
    symbol: str


def look(name: str, kind: CapType, colour: int) -> CapLook:
    """A cap in the player colour and symbol numbered `colour` (the same at every table)."""
    return CapLook(
        name,
        kind,
        theme.PLAYER_COLOURS[colour % len(theme.PLAYER_COLOURS)][1],
        theme.PLAYER_SYMBOLS[colour % len(theme.PLAYER_SYMBOLS)],
    )


def seat_looks(seats: Sequence[Seat]) -> list[CapLook]:
    """The caps of a game's seats: each player's name, cap and colour."""
    return [look(s.name, s.cap, s.colour) for s in seats]


def cap_looks(kinds: Sequence[CapType]) -> list[CapLook]:
    """Caps with no players (practice, a saved shot): "Cap 1", "Cap 2"... in the seats' colours."""
    return [look(f"Cap {i + 1}", kind, i) for i, kind in enumerate(kinds)]


def places(players: Sequence[Player]) -> tuple[Vec | None, ...]:
    """Where the rules have each player's cap; None: not on the table (not yet down, or out)."""
    return tuple(None if p.eliminated else p.pos for p in players)


class AimMode(Enum):
    IDLE = auto()
    DRAG = auto()  # slingshot: the pointer pulled back from a cap
    FLICK = auto()  # the pointer being flicked through a cap
    KEYS = auto()  # keyboard aiming (a slingshot)


def event_time(event: pygame.event.Event) -> float:
    """When an event happened, in seconds: the App stamps each event it polls (pygame-ce 2.5
    keeps SDL's own stamps to itself); a scripted event may carry its own."""
    t = getattr(event, "t", None)
    return float(t) if t is not None else time.perf_counter()


def speed_for(power: float) -> float:
    """Power is the fraction of a full pull and the flick's speed goes with it, so the slide
    (which goes as v^2) is fine to control on short shots and still reaches across the board."""
    return MAX_SPEED * min(max(power, 0.0), 1.0)


def slide_distance(kind: CapType, speed: float) -> float:
    return speed * speed / (2 * kind.spec.mu * G)


SKULL_EXIT_MARGIN = 0.03  # m: a cap shot out of the skull clears its edge by this much


def skull_exit_power(board: Board, kind: CapType, at: Vec, angle: float) -> float:
    """The gentle power (0-1 of the gauge) that slides a cap at `at` in the skull, shot at
    `angle`, just wholly out of it: the killer diller's first shot, never a far flight."""
    x0, y0, x1, y1 = board.skull
    w2 = board.spec.line_width / 2
    ux, uy = math.cos(angle), math.sin(angle)
    exits = [(x1 + w2 - at[0]) / ux if ux > 0 else (x0 - w2 - at[0]) / ux if ux < 0 else math.inf]
    exits.append(
        (y1 + w2 - at[1]) / uy if uy > 0 else (y0 - w2 - at[1]) / uy if uy < 0 else math.inf
    )
    length = max(min(exits), 0.0) + kind.spec.radius + SKULL_EXIT_MARGIN
    return min(1.0, math.sqrt(2 * kind.spec.mu * G * length) / MAX_SPEED)


def _neg(v: tuple[float, float]) -> tuple[float, float]:
    return (-v[0], -v[1])


POINTER_INSET = 30  # px: an off-screen goal's arrow sits this far inside the frame's edge


def edge_point(
    frame: pygame.Rect, start: tuple[float, float], end: tuple[float, float]
) -> tuple[float, float]:
    """Where the line from `start` (inside the frame) towards `end` (outside it) leaves the
    frame shrunk by POINTER_INSET: the spot for an arrow to something off screen."""
    inner = frame.inflate(-2 * POINTER_INSET, -2 * POINTER_INSET)
    sx = min(max(start[0], inner.left), inner.right)
    sy = min(max(start[1], inner.top), inner.bottom)
    dx, dy = end[0] - sx, end[1] - sy
    t = 1.0
    if dx > 0:
        t = min(t, (inner.right - sx) / dx)
    elif dx < 0:
        t = min(t, (inner.left - sx) / dx)
    if dy > 0:
        t = min(t, (inner.bottom - sy) / dy)
    elif dy < 0:
        t = min(t, (inner.top - sy) / dy)
    return (sx + dx * t, sy + dy * t)
