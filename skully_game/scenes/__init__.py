"""The screens of the program: menu, settings, Skully practice and game, table games."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.registry import GameInfo


def scene_package(info: GameInfo) -> str:
    """A registered game's scene package (its SetupScene, TABLE_GAME, demos and spy): its own
    (`GameInfo.scenes`, a game kept elsewhere), or this package's `<package>`."""
    return info.scenes or f"{__name__}.{info.package}"
