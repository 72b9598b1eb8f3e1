"""A room as the group keeps it in Redis, and back: its facts (game, rules, seed, seats with
their names, kinds and tokens, host, grace, clock) as one JSON text, and its game's actions as a
list that only grows, one JSON text per action. The engines replay a game exactly from
(options, seed, actions): that is what lets another process take a room up.

The facts hold the seed and the seat tokens: Redis is the servers' own memory, never shown to a
player (the README says to keep it off the players' network)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from skully_game.net.cardgame import CardGame
from skully_game.net.hosted import SeatPlan
from skully_game.net.rooms import Place, Room
from skully_game.net.skullygame import SkullyGame
from skully_game.skully.rules import event_to_dict
from skully_game.skully.session import action_to_dict, session_from_dict

FORMAT = "skully-group-room"
VERSION = 1


def facts(room: Room) -> dict[str, Any]:
    """What the room is, apart from its game's actions (plain data)."""
    game = room.game
    return {
        "format": FORMAT,
        "version": VERSION,
        "code": room.code,
        "game": room.game_key,
        "options": dict(room.options),  # (a copy: the last facts written are kept to compare)
        "host": room.host,
        "grace": room.grace,
        "seed": room.seed,
        "quick": room.quick,
        "creator": room.creator,
        "clock": room.clock,
        "bank": room.bank,  # a game clock: each person's time for the whole game
        "banks": {str(seat): left for seat, left in room.banks.items()},
        "banks_game": room.banks_game,
        "listed": room.listed,
        "watchable": room.watchable,
        "watch_chat": room.watch_chat,
        "games": room.games,
        "moves": room.moves,  # as of the last change of the facts (the actions count the rest)
        # Skull King bids made before their turn, held by the server (not yet actions): a room
        # taken up by another process keeps them, so nobody's bid is lost in the move
        "held": {str(seat): bid for seat, bid in held_bids(room).items()},
        "started": game is not None,
        "over": game is not None and game.over(),
        "places": [
            {
                "name": p.plan.name,
                "level": p.plan.level,
                "hand": p.plan.hand,
                "input": p.plan.input,
                "taken": p.taken,
                "token": p.token,
            }
            for p in room.places
        ],
    }


def actions(room: Room) -> list[Any]:
    """The actions of the room's game so far, as plain data, in order ([] before it begins)."""
    game = room.game
    if isinstance(game, CardGame):
        return list(game.state.history())
    if isinstance(game, SkullyGame):
        return game.session.actions  # turned into data only from `since` on (see `encoded`)
    return []


def encoded(room: Room, since: int) -> list[str]:
    """The actions from index `since` on, each as the JSON text the list in Redis holds."""
    game = room.game
    if isinstance(game, SkullyGame):
        return [_text(action_to_dict(a)) for a in game.session.actions[since:]]
    return [_text(a) for a in actions(room)[since:]]


def held_bids(room: Room) -> dict[int, str]:
    """The bids the room's game holds until their turn ({} for any other game or moment)."""
    game = room.game
    return dict(game.held) if isinstance(game, CardGame) else {}


def count(room: Room) -> int:
    return len(actions(room))


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


@dataclass(frozen=True)
class Kept:
    """A room read back from Redis: its facts and its actions' texts."""

    facts: dict[str, Any]
    actions: list[str]


def restore(kept: Kept, now: float) -> Room:
    """The room rebuilt from its record: the seats as they were (every person away since `now`,
    so each has the room's grace to come back with their token), and its game replayed action by
    action. ValueError (or the engines' own errors) if the record does not replay."""
    f = kept.facts
    if f.get("format") != FORMAT or f.get("version") != VERSION:
        raise ValueError(f"not a room record of this version: {f.get('format')!r}")
    places = []
    for p in f["places"]:
        plan = SeatPlan(p["name"], p["level"], p["hand"], p["input"])
        place = Place(plan, taken=p["taken"], token=p["token"])
        if plan.person and p["taken"]:
            place.away_since = now
        places.append(place)
    room = Room(
        f["code"],
        f["game"],
        dict(f["options"]),
        places,
        f["host"],
        f["grace"],
        f["seed"],
        f["quick"],
        creator=f["creator"],
        clock=f["clock"],
        listed=f["listed"],
        watchable=f.get("watchable", True),  # written before spectators moved with a room
        watch_chat=f.get("watch_chat", False),  # written before spectators could chat: off
    )
    room.games = f["games"]
    room.bank = float(f.get("bank", 0.0))  # written before game clocks: none
    room.banks = {int(seat): float(left) for seat, left in f.get("banks", {}).items()}
    room.banks_game = int(f.get("banks_game", 0))
    room.last_here = now
    if not f["started"]:
        return room
    game = room.make_game()
    done = [json.loads(text) for text in kept.actions]
    if isinstance(game, CardGame):
        for action in done:
            game.state.apply_action(action)
        held = f.get("held", {})  # written before held bids moved with a room: none
        game.held = {int(seat): bid for seat, bid in held.items() if isinstance(bid, str)}
        room.moves = len(done) + 1  # the start, then one per action (as the spy counts them)
    elif isinstance(game, SkullyGame):
        record = game.session.to_dict()
        record["actions"] = done
        game.session = session_from_dict(record, "the group's record")
        for index, (_action, events) in enumerate(game.session.replay_events()):
            for event in events:
                game.told.append({**event_to_dict(event), "text": event.text, "action": index})
        room.moves = max(f["moves"] + 1, len(done) + 1)  # every client's `move` only grows
    room.game = game
    return room
