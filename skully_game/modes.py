"""The registry of modes the menu lists (rlcard's register, PySolFC's registerGame).

A mode is listed only when it works: each entry builds its own scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skully_game.shell.app import App
    from skully_game.shell.scene import Scene


@dataclass(frozen=True)
class Mode:
    key: str
    title: str
    blurb: str
    make: Callable[[App], Scene]
    order: int = 50  # place in the menu, lowest first


MODES: list[Mode] = []


def register(mode: Mode) -> None:
    if any(m.key == mode.key for m in MODES):
        raise ValueError(f"mode {mode.key!r} registered twice")
    MODES.append(mode)


def load_modes() -> list[Mode]:
    """Import the scene modules, each of which registers its modes once."""
    from skully_game.scenes import (  # noqa: F401
        practice,
        replay,
        skull_king_setup,
        skully_setup,
        tuner,
    )

    return sorted(MODES, key=lambda m: m.order)
