"""The wire spy: every frame a seat's client received, held against the true game at the moment
the server sent it (rebuilt from the full record handed out at the end), must show none of another
seat's hidden cards and never the seed. For the tests and tools/net_check.py.

A frame names the move it was sent after (`move`); the spy replays the record that far. A code is
a leak when it lies in another seat's hand then and the spy's seat could not know it from its own
view and events; a list is a leak when it is another seat's whole hand.

Numbers as cards (Skip-Bo's hands and stocks are numbers, which appear everywhere as counts): a
list of numbers the seat's own view and events do not hold is a leak when its values all lie in
another seat's hand, or in any stock below its top (face down even to its owner). A bid (Skull
King) is a leak when it reaches another seat before all bids are in: a `bids` list with another
seat's bid filled in, or an event naming another seat's bid, while the seat's view says the bids
are not revealed.

A spectator's tap (seat None) is held against what every seat knows alike: the events as
nobody's secret and the fields of the seats' views that are the same for all of them. Every
seat's hand is another's to a spectator."""

from __future__ import annotations

import json
import threading
from collections import Counter
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

    seat: int | None  # None: a spectator's
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


def _numbers(value: Any) -> set[tuple[int, ...]]:
    """Every list of two or more plain numbers (not true/false) in `value`, each sorted."""
    found: set[tuple[int, ...]] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            numbers = [v for v in item if isinstance(v, int) and not isinstance(v, bool)]
            if len(item) >= 2 and len(numbers) == len(item):
                found.add(tuple(sorted(numbers)))
            stack.extend(item)
    return found


def _within(values: tuple[int, ...], pile: list[Any]) -> bool:
    return not Counter(values) - Counter(v for v in pile if isinstance(v, int))


def _number_leaks(
    state: GameState[Any], seat: int | None, data: dict[str, Any], mine: list[Any], move: int
) -> list[str]:
    """Lists of numbers sent that the seat's view and events do not hold, and that lie within
    another seat's hand or below the top of a stock."""
    unknown = _numbers(data) - set().union(*map(_numbers, mine))
    out = []
    for values in sorted(unknown):
        for other, hand in enumerate(getattr(state, "hands", None) or ()):
            if other != seat and _within(values, hand):
                out.append(
                    f"move {move}: seat {seat} was sent {list(values)}, in seat {other}'s hand"
                )
        for owner, stock in enumerate(getattr(state, "stocks", None) or ()):
            if _within(values, stock[:-1]):
                words = "your" if owner == seat else f"seat {owner}'s"
                out.append(
                    f"move {move}: seat {seat} was sent {list(values)}, below the top of "
                    f"{words} stock"
                )
    return out


def _bid_items(value: Any) -> list[dict[str, Any]]:
    """Every object in `value` that names bids: a `bids` list, or a `seat` with its `bid`."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
            if isinstance(item.get("bids"), list | tuple) or "bid" in item:
                found.append(item)
    return found


def _bid_leaks(
    state: GameState[Any], seat: int | None, data: dict[str, Any], mine: list[Any], move: int
) -> list[str]:
    """Another seat's bid, as made this round, in an object the seat's own view and events do
    not hold, while its view says the bids are not revealed (earlier rounds' bids are open)."""
    bids = getattr(state, "bids", None)
    if bids is None or not isinstance(mine[0], dict) or mine[0].get("bids_revealed", True):
        return []
    known = {json.dumps(item, sort_keys=True) for item in _bid_items(mine)}
    out = []
    for item in _bid_items(data):
        if json.dumps(item, sort_keys=True) in known:
            continue
        listed = item.get("bids")
        pairs = list(enumerate(listed)) if isinstance(listed, list | tuple) else []
        if "bid" in item and isinstance(item.get("seat"), int):
            pairs.append((item["seat"], item["bid"]))
        out += [
            f"move {move}: seat {seat} was sent seat {p}'s bid before all bids were in"
            for p, bid in pairs
            if p != seat and 0 <= p < len(bids) and bid is not None and bid == bids[p]
        ]
    return out


def public_knowledge(state: GameState[Any]) -> list[Any]:
    """What every seat knows alike (a spectator's knowledge): the fields of the seats' views
    that are the same for each, and the events as nobody's secret."""
    views = [to_wire(state.observation(p)) for p in range(len(state.hands))]  # type: ignore[attr-defined]
    shared = {k: v for k, v in views[0].items() if all(w.get(k) == v for w in views[1:])}
    shared.pop("player", None)
    return [shared, to_wire(state.events_for(None))]  # type: ignore[attr-defined]


def _frame_leaks(
    state: GameState[Any], seat: int | None, data: dict[str, Any], move: int
) -> list[str]:
    view = data.get("view")
    out = []
    if isinstance(view, dict) and view.get("player", seat) != seat:
        out.append(f"move {move}: seat {seat} was sent seat {view.get('player')}'s view")
    hands = getattr(state, "hands", None)
    if not hands:
        return out  # open information: no hands to hide
    if seat is None:
        mine = public_knowledge(state)
    else:
        mine = [to_wire(state.observation(seat)), to_wire(state.events_for(seat))]  # type: ignore[attr-defined]
    out += _number_leaks(state, seat, data, mine, move)
    out += _bid_leaks(state, seat, data, mine, move)
    sent: set[str] = set()
    sent_lists: set[tuple[str, ...]] = set()
    _collect(data, sent, sent_lists)
    known: set[str] = set()
    known_lists: set[tuple[str, ...]] = set()
    for part in mine:
        _collect(part, known, known_lists)
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
