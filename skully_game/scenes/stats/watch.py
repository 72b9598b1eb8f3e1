"""A latest game on Your games, watched again: a Skully game in Skully's replay viewer, a table
game in its own replay (its setup's `replay_class`, as "Replay last game" opens it). A save
gone or unreadable since it was counted is said in one line, never a crash."""

from __future__ import annotations

import importlib
from pathlib import Path

from skully_game.core.errors import DataError
from skully_game.shell import theme
from skully_game.shell.app import App


def watch(app: App, key: str, path: Path) -> None:
    """Open the replay of the finished game saved at `path` (`key`: "skully" or a table's)."""
    if not path.is_file():
        app.toast("That game's save is gone: it has no replay now.", theme.DANGER, 5.0)
        return
    app.sound.play("ui", 0.6)
    if key == "skully":
        from skully_game.scenes.replay.viewer import open_replay

        open_replay(app, path)
        return
    from cards.registry import GAMES
    from skully_game.core.games import scene_package
    from skully_game.scenes.cardtable.match import Match

    info = next(g for g in GAMES if g.key == key)
    scenes = importlib.import_module(scene_package(info))
    try:
        match = Match.load(scenes.TABLE_GAME, path)
    except (DataError, ValueError) as exc:
        app.toast(str(exc), theme.DANGER, 6.0)
        return
    app.stack.push(scenes.SetupScene.replay_class(app, match))


__all__ = ["watch"]
