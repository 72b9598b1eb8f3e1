"""What the online pages keep between visits (the player's name, the last address, the host's
choices) and the one check of a player's name before it goes to a server."""

from __future__ import annotations

from skully_game.core.choices import recall, remember
from skully_game.core.names import name_problem
from skully_game.net.protocol import MAX_NAME
from skully_game.shell import theme
from skully_game.shell.app import App

CHOICES = "online"  # the last choices made on these pages (core/choices.py)
NAME_MAX = 14  # as at the desk: what a seat row and the panel have room for


def recalled() -> dict[str, object]:
    """The choices last made on the online pages (a bad file: the usual ones)."""
    choices, _warning = recall(CHOICES)
    return choices or {}


def keep_choices(app: App, **changes: object) -> None:
    """Keep these choices for next time; a data folder that cannot be written stops nothing."""
    try:
        remember(CHOICES, {**recalled(), **changes})
    except OSError as exc:
        app.toast(f"Could not keep these choices for next time: {exc.strerror}", theme.DANGER)


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
