"""Where a registered table game's scenes live in the app: the one rule every part that opens a
game's screens, demos or spy reads (the menu, Resume, the online tables, the tools and tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cards.registry import GameInfo

SCENES = "skully_game.scenes"  # the app's scene packages, one per game


def scene_package(info: GameInfo) -> str:
    """A registered game's scene package (its SetupScene, TABLE_GAME, demos and spy): its own
    (`GameInfo.scenes`, a game kept elsewhere), or the app's `scenes.<package>`."""
    return info.scenes or f"{SCENES}.{info.package}"
