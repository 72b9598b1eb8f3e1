"""Who watches a room, in words, for its lobby and tables (the spectators: net/watch.py): from
the lobby message's `watching` count and its first few `watchers` names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cards.words import listing, plural
from skully_game.shell.app import App
from skully_game.shell.dialogs import ConfirmDialog

# seconds after a group's server handed the room over in which spectators going and coming
# back (as they follow it to the next server) are not said: they never really left
MOVED_HUSH = 3.0


STOP_WATCHING = "Stop watching?"
WATCH_AGAIN = "The players play on; you may watch again with the room's code."


def ask_stop_watching(app: App, leave: Callable[[], None], detail: str = WATCH_AGAIN) -> None:
    """Esc or Leave on a spectator's page asks first (Esc once more keeps watching): a key
    pressed to close a box must never put a spectator out of the room unasked."""
    app.stack.push(
        ConfirmDialog(app, STOP_WATCHING, leave, detail=detail, yes="Stop watching",
                      no="Keep watching")
    )  # fmt: skip


def watchers_line(lobby: dict[str, Any] | None, me: str | None = None) -> str:
    """Who watches the room, for its lobby and tables: 'Watching: Cy, Dee and 3 more' ("" when
    nobody does); `me`, a spectator's own name, is said as "you"."""
    if not lobby:
        return ""
    count = lobby.get("watching")
    names = [str(n) for n in lobby.get("watchers") or [] if isinstance(n, str)]
    if type(count) is not int or count <= 0:
        return ""
    shown = ["you"] * (me in names) + [n for n in names if n != me]
    more = count - len(shown)
    if more > 0:
        shown.append(plural(more, "more", "more"))
    return f"Watching: {listing(shown)}"


def watcher_names(lobby: dict[str, Any] | None) -> list[str]:
    """The spectators a lobby message names (a table starts from those its link already knew:
    it said "Cy is watching" again at every new table's first lobby message, long after Cy came)."""
    return [str(n) for n in (lobby or {}).get("watchers") or [] if isinstance(n, str)]


def watch_news(seen: list[str], lobby: dict[str, Any] | None) -> tuple[list[str], str]:
    """The spectators a new lobby names, and what a table tells its player of the change
    ('Cy is watching: 2 people watch this game'; "" when nobody came or went)."""
    names = watcher_names(lobby)
    came = [n for n in names if n not in seen]
    went = [n for n in seen if n not in names]
    count = (lobby or {}).get("watching")
    count = count if type(count) is int else len(names)
    if not came and not went:
        return names, ""
    said = f"{came[0]} is watching" if came else f"{went[0]} stopped watching"
    if count == 0:
        return names, f"{said}: nobody watches now"
    many = "1 person watches" if count == 1 else f"{count} people watch"
    return names, f"{said}: {many} this game"
