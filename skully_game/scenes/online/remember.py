"""What the online pages keep between visits (the player's name, the last address, the host's
choices) and the one check of a player's name before it goes to a server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from skully_game.core.choices import CHOICES_VERSION, choices_path, recall, remember
from skully_game.core.fileio import write_atomic
from skully_game.core.names import name_problem
from skully_game.core.settings import backup_path
from skully_game.net.protocol import MAX_NAME
from skully_game.shell import theme
from skully_game.shell.app import App

CHOICES = "online"  # the last choices made on these pages (core/choices.py)
NAME_MAX = 14  # as at the desk: what a seat row and the panel have room for


def recalled() -> dict[str, Any]:
    """The choices last made on the online pages (a bad file: the usual ones)."""
    choices, _warning = recall(CHOICES)
    return choices or {}


def recall_warning() -> str | None:
    """Why the choices file could not be read (the pages start from the usual choices)."""
    return recall(CHOICES)[1]


def keep_choices(app: App, **changes: object) -> None:
    """Keep these choices for next time; a data folder that cannot be written stops nothing.
    As the settings file is kept: a file that did not read is kept beside it (online.json.bad),
    and a newer program's is copied (online.json.v2-backup) before this one first writes it,
    whose fields this one does not know are kept."""
    path = choices_path(CHOICES)
    try:
        if recall_warning() is not None and path.is_file():
            path.replace(bad_path(path))
        else:
            newer = newer_file(path)
            if newer is not None:  # once: written here, the file is this program's version
                write_atomic(backup_path(path, newer), path.read_bytes())
        remember(CHOICES, {**recalled(), **changes})
    except OSError as exc:
        why = exc.strerror or str(exc)
        app.toast(f"Could not keep these choices for next time: {why}", theme.DANGER)


def newer_file(path: Path) -> int | None:
    """The version a newer program wrote the choices file with (None: not newer)."""
    try:
        version = json.loads(path.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError, AttributeError):
        return None
    return version if type(version) is int and version > CHOICES_VERSION else None


def bad_path(path: Path) -> Path:
    """Where a choices file that did not read is kept: online.json.bad (then -2, -3...)."""
    for n in range(1, 100):
        target = path.with_name(f"{path.name}.bad{'' if n == 1 else f'-{n}'}")
        if not target.exists():
            return target
    raise OSError(f"too many {path.name}.bad files are in the way")


def name_refusal(name: str) -> str:
    """Why a name cannot go to the server, in words ("" if it can)."""
    if name_problem(name, min(NAME_MAX, MAX_NAME)) is not None:
        return f"Type your name (1 to {NAME_MAX} letters) so the others know who you are"
    return ""


def last_name() -> str:
    name = recalled().get("name")
    return name if isinstance(name, str) and not name_refusal(name) else ""


def kept_seat() -> dict[str, str] | None:
    """The seat last taken at a friend's game (to come back to after the program was closed),
    or None; anything but four short texts is no seat."""
    seat = recalled().get("seat")
    if not isinstance(seat, dict) or set(seat) != {"address", "room", "token", "name"}:
        return None
    if not all(isinstance(v, str) and 0 < len(v) <= 80 and v.isprintable() for v in seat.values()):
        return None
    return dict(seat)


def keep_seat(app: App, seat: dict[str, str] | None) -> None:
    """Keep the seat taken at a friend's game (None: forget it, the game is over)."""
    keep_choices(app, seat=seat)
