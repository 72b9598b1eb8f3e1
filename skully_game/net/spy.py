"""The wire spy: every frame a seat's client received, held against the true game at the moment
the server sent it (rebuilt from the full record handed out at the end), must show none of another
seat's hidden cards and never the seed. For the tests and tools/net_check.py.

A frame names the move it was sent after (`move`); the spy replays the record that far. A code is
a leak when it lies in another seat's hand then and the spy's seat could not know it from its own
view and events; a list is a leak when it is another seat's whole hand."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cards import registry
from cards.engine import GameState
from skully_game.net.wire import to_wire

RECORD = '{"type":"record"'  # the frame that hands out the whole record once the game is over


@dataclass
class Tap:
    """The frames one client received, in order (filled from its reader thread)."""

    seat: int
    frames: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __call__(self, text: str) -> None:
        with self.lock:
            self.frames.append(text)


def _collect(value: Any, strings: set[str], lists: set[tuple[str, ...]]) -> None:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            strings.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            if item and all(isinstance(v, str | int) for v in item):
                lists.add(tuple(sorted(map(repr, item))))
            stack.extend(item)


def seed_leaks(taps: Iterable[Tap], seed: int) -> int:
    """Frames that carry the seed's digits (the seed is 62 random bits: 17 digits or more)."""
    digits = str(seed)
    if len(digits) < 12:  # too short to tell from other numbers: the check says nothing
        return 0
    return sum(
        digits in frame and not frame.startswith(RECORD)  # the full record, after the end
        for tap in taps
        for frame in tap.frames
    )


def card_leaks(taps: Iterable[Tap], record: dict[str, Any], key: str) -> list[str]:
    """Every hidden card of another seat found in the frames of each tap (one line each)."""
    entry = registry.game(key).entry()
    game = record["game"]
    options = entry.state.OPTIONS.from_dict(dict(game["options"]))
    actions = game["actions"]
    found: list[str] = []
    for tap in taps:
        frames = []
        for text in tap.frames:
            if text.startswith(RECORD):
                continue  # handed out once the game is over: everything may be seen then
            data = json.loads(text)
            frames.append((data.get("move", 0), data))
        state: GameState[Any] = entry.new_state(options, game["seed"])
        state.listen()
        applied = 0
        for move, data in sorted(frames, key=lambda f: f[0]):
            while applied < min(len(actions), max(0, move - 1)):  # move 1: the start, 0 actions
                state.apply_action(actions[applied])
                applied += 1
            found += _frame_leaks(state, tap.seat, data, move)
    return found


def _frame_leaks(state: GameState[Any], seat: int, data: dict[str, Any], move: int) -> list[str]:
    view = data.get("view")
    out = []
    if isinstance(view, dict) and view.get("player", seat) != seat:
        out.append(f"move {move}: seat {seat} was sent seat {view.get('player')}'s view")
    hands = getattr(state, "hands", None)
    if not hands:
        return out  # open information: no hands to hide
    sent: set[str] = set()
    sent_lists: set[tuple[str, ...]] = set()
    _collect(data, sent, sent_lists)
    known: set[str] = set()
    known_lists: set[tuple[str, ...]] = set()
    _collect(to_wire(state.observation(seat)), known, known_lists)
    _collect(to_wire(state.events_for(seat)), known, known_lists)  # type: ignore[attr-defined]
    for other, hand in enumerate(hands):
        if other == seat:  # Greybeard's face-down pile too
            continue
        for code in hand:
            if isinstance(code, str) and code in sent and code not in known:
                out.append(f"move {move}: seat {seat} was sent {code}, in seat {other}'s hand")
        whole = tuple(sorted(map(repr, hand)))
        if len(hand) >= 2 and whole in sent_lists and whole not in known_lists:
            out.append(f"move {move}: seat {seat} was sent seat {other}'s whole hand")
    return out
