"""What *Host a game* remembers for the next game night: per game, the rules and the host's own
rows (hints, the time per move and per game) or Skully's options, and the seats (a friend or a
computer player at its level, in order); for every game, whether spectators may watch and chat.
Kept in the online pages' choices file (remember.py), as a record of its own with a version.

Read back only as far as it is still right: a value this program does not offer, or a seat
list the game cannot seat, is left at the page's default, each alone (a newer program's file
gives what this one knows). Whether the room is listed is never kept: the host turns it on for
one game."""

from __future__ import annotations

from enum import Enum
from typing import Any

from skully_game.scenes.online.games import OnlineGame
from skully_game.scenes.online.hostrules import CLOCK_CHOICES, GAME_CLOCK_CHOICES, HostRules

HOST = "host"  # the record's key among the online pages' choices
HOST_VERSION = 1
KINDS = ("open", "computer")  # the seats after the host's own


def host_record(choices: dict[str, Any]) -> dict[str, Any]:
    """The host's record among the online choices ({} when there is none that reads)."""
    record = choices.get(HOST)
    return record if isinstance(record, dict) else {}


def game_record(choices: dict[str, Any], key: str) -> dict[str, Any]:
    """What was chosen last for the game `key` ({} when nothing reads)."""
    games = host_record(choices).get("games")
    record = games.get(key) if isinstance(games, dict) else None
    return record if isinstance(record, dict) else {}


def with_game(
    choices: dict[str, Any], key: str, game: dict[str, Any], room: dict[str, Any]
) -> dict[str, Any]:
    """The host's record with `game`'s choices and the room's (spectators) put in; what a newer
    program kept there (other fields, other games) stays as it was."""
    record = dict(host_record(choices))
    games = record.get("games")
    games = dict(games) if isinstance(games, dict) else {}
    games[key] = game
    version = record.get("version")
    newer = type(version) is int and version > HOST_VERSION
    return {**record, **room, "version": version if newer else HOST_VERSION, "games": games}


def seats_of(game: OnlineGame, data: Any) -> list[tuple[str, str]] | None:
    """The seats kept for `game`, (kind, how) in order, if every one is still right for it:
    the host first as a person, then friends and computer players at a level it offers."""
    if not isinstance(data, list) or not game.players[0] <= len(data) <= game.players[1]:
        return None
    people = {value for value, _, _ in game.people}
    levels = {value for value, _ in game.levels}
    out: list[tuple[str, str]] = []
    for k, item in enumerate(data):
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(v, str) for v in item)
        ):
            return None
        kind, how = item
        if (kind == "me") != (k == 0) or kind not in ("me", *KINDS):
            return None
        if how not in (levels if kind == "computer" else people):
            return None
        out.append((kind, how))
    return out


def options_of(game: OnlineGame, data: Any, defaults: dict[str, Any]) -> dict[str, Any]:
    """Skully's options (the page's own rows) as kept, each only if the row still offers it."""
    kept = data if isinstance(data, dict) else {}
    out = dict(defaults)
    for row in game.options:
        value = kept.get(row.name)
        if any(value == v and type(value) is type(v) for v, _ in row.values):
            out[row.name] = value
    return out


def rules_of(rules: HostRules, data: dict[str, Any], players: int) -> None:
    """A table game's rules as kept, into `rules`: the asked choices the game still knows (the
    seats then fit them as ever), hints, and each clock only if its row still offers it."""
    asked = data.get("asked")
    if isinstance(asked, dict):
        try:
            known = rules.fitted(players)[0].to_dict()
            rules.asked = {k: v for k, v in asked.items() if k in known and k != "players"}
            options, dropped = rules.fitted(players)  # kept as text: read back as the rows' values
            rules.asked.update({k: getattr(options, k) for k in rules.asked if k not in dropped})
        except (KeyError, TypeError, ValueError, AttributeError):
            rules.asked = {}  # a value it cannot read: the usual rules instead
    if isinstance(data.get("hints"), bool):
        rules.hints = data["hints"]
    clock, bank = data.get("clock_ms"), data.get("game_clock_ms")
    if type(clock) is int and clock in dict(CLOCK_CHOICES):
        rules.clock_ms = clock
    if type(bank) is int and bank in dict(GAME_CLOCK_CHOICES):
        rules.game_clock_ms = bank


def rules_record(rules: HostRules | None) -> dict[str, Any]:
    """A table game's rules as they are kept."""
    if rules is None:
        return {}
    asked = {k: v.value if isinstance(v, Enum) else v for k, v in rules.asked.items()}
    return {"asked": asked, "hints": rules.hints, "clock_ms": rules.clock_ms,
            "game_clock_ms": rules.game_clock_ms}  # fmt: skip
