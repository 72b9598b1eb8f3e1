"""The games *Host a game* offers: only those that play online end to end. Each names its seats'
choices (a person's way to play, the computer players' levels), its rule options, and the table
that plays it from the server's messages, imported only when opened ("module:attr", a callable
`(app, link) -> Scene`). The table games join this list as their online tables work."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skully_game.skully.board import PRESETS
from skully_game.skully.game_setup import SEAT_CHOICES
from skully_game.skully.rules.options import OPTION_PRESETS

if TYPE_CHECKING:
    from skully_game.scenes.online.link import Link
    from skully_game.shell.app import App
    from skully_game.shell.scene import Scene


@dataclass(frozen=True)
class OptionRow:
    """One rule option the host picks: its name on the wire, its label, its values."""

    name: str
    label: str
    values: tuple[tuple[Any, str], ...]
    tip: str = ""


@dataclass(frozen=True)
class OnlineGame:
    key: str  # the server's game key
    title: str
    players: tuple[int, int]
    # a person's ways to play: (value, label, the seat's fields on the wire)
    people: tuple[tuple[str, str, dict[str, str]], ...]
    levels: tuple[tuple[str, str], ...]  # computer players: (level, label)
    options: tuple[OptionRow, ...] = ()
    table: str = ""  # "module:attr": (app, link) -> Scene
    wire_options: Callable[[dict[str, Any]], dict[str, Any]] = field(default=dict)
    desk_rules: bool = False  # the rule rows are its setup's at one desk (hostrules.py)
    level_tips: Mapping[str, str] = field(default_factory=dict)  # how each computer plays

    def make_table(self, app: App, link: Link) -> Scene:
        module, _, attr = self.table.partition(":")
        return getattr(importlib.import_module(module), attr)(app, link)  # type: ignore[no-any-return]


def _skully_people() -> tuple[tuple[str, str, dict[str, str]], ...]:
    people = []
    for value, label, _tip in SEAT_CHOICES:
        if value == "flick":
            people.append((value, label, {"input": "flick", "hand": "skilled"}))
        elif value.startswith("slingshot:"):
            hand = value.partition(":")[2]
            people.append((value, label, {"input": "slingshot", "hand": hand}))
    return tuple(people)


def _skully_levels() -> tuple[tuple[str, str], ...]:
    from skully_game.net.skullygame import LEVELS

    labels = {value: label for value, label, _ in SEAT_CHOICES}
    return tuple((lv, labels.get(lv, f"Computer, {lv}")) for lv in LEVELS)


SKULLY = OnlineGame(
    key="skully",
    title="Skully",
    players=(2, 6),
    people=_skully_people(),
    levels=_skully_levels(),
    options=(
        OptionRow(
            "preset",
            "Rules",
            tuple((name, name.capitalize()) for name in OPTION_PRESETS),
            "Official: the rules as written. Baby stuff: holdsies and switchsies on.",
        ),
        OptionRow("board", "Board", tuple((name, name.capitalize()) for name in PRESETS)),
        OptionRow(
            "flick_guide",
            "Flick guide",
            (("learning", "While learning"), ("on", "Always"), ("off", "Off")),
            "While learning: a ghost cap shows where your cap would stop on your first 3 "
            "shots, then only where it would first meet a cap. Always: on every shot. "
            "Off: judge it yourself, as on the street.",
        ),
        OptionRow(  # the server's, not a rule (net/rooms.py): 0 sends no clock
            "clock_ms",
            "Time per shot",
            ((0, "Off"), (30_000, "30 s"), (60_000, "1 min"), (120_000, "2 min")),
            "How long each person has for a shot (or a cap to put down, a choice). When it "
            "runs out, a computer player takes that one shot for them; the seat stays theirs.",
        ),
    ),
    table="skully_game.scenes.online.skully:OnlineSkullyScene",
)


def card_games() -> list[OnlineGame]:
    """The table games as Host offers them: people, the engines' computer players, the
    rule rows of their setups at one desk (hostrules.py); their tables are
    scenes/online/cards.py's (`card_table`)."""
    from cards.registry import GAMES

    return [
        OnlineGame(
            key=info.key,
            title=info.title,
            players=info.players,
            people=(("person", "Person", {}),),
            levels=tuple((v, label.removeprefix("Computer: ")) for v, label in info.levels),
            level_tips={v: info.entry().bot_tip(v) for v, _ in info.levels},
            table="skully_game.scenes.online.games:card_table",
            desk_rules=True,
        )
        for info in sorted(GAMES, key=lambda g: g.order)
        if info.table
    ]


def card_table(app: App, link: Link) -> Scene:
    """A table game's online table (scenes/online/cards.py) over this seat: its `TableLink`
    takes the connection, the setup, the first update and the lobby; the table reads the
    connection itself from then on (what was read too soon goes back, in order, first)."""
    import queue

    from skully_game.scenes.online.cards import (
        TableLink,
        card_table_scene,
    )

    read, link.backlog = link.backlog, []
    update = next((m for m in read if m["type"] == "update"), None)
    rest = [m for m in read if m is not update]
    client = link.client
    if rest:
        later: list[dict[str, Any]] = []
        while True:
            try:
                later.append(client.inbox.get_nowait())
            except queue.Empty:
                break
        for message in [*rest, *later]:
            client.inbox.put(message)
    table = TableLink(client, link.setup or {}, update, link.lobby, link.hosting, link.chat)
    link.hosting = None  # the table stops it now (leaving it ends the game for everyone)
    return card_table_scene(app, table)


def online_games() -> list[OnlineGame]:
    """What Host offers, in order: Skully, then every registered table game (read each time: a
    game registered for a while is offered for that while)."""
    return [SKULLY, *card_games()]


def default_level(game: OnlineGame) -> str:
    """The computer player a seat gets unless the host picks another (link.first_level)."""
    from skully_game.scenes.online.link import first_level

    return first_level([value for value, _ in game.levels])


def online_game(key: str) -> OnlineGame | None:
    return next((g for g in online_games() if g.key == key), None)


def table_scene(app: App, link: Link) -> Scene | None:
    """The table for the link's game, driven by the server (the lobby opens it at the start);
    None for a game this program does not play online yet (a server may host more)."""
    game = online_game(link.game)
    return None if game is None else game.make_table(app, link)


def game_title(key: str) -> str:
    """A game's name for a person, whether or not it is offered online here."""
    game = online_game(key)
    if game is not None:
        return game.title
    from cards.registry import GAMES

    return next((g.title for g in GAMES if g.key == key), key)
