"""A table game held by the server: its engine state from `cards.registry`, each seat's
`observation` and `events_for`, computer players from the engine's bots, and the record saved
in the format of the table at one desk (so it resumes and replays there)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from operator import attrgetter
from typing import Any

from cards import registry
from cards.bots import reads_view
from cards.engine import GameState, make_rng
from cards.events import visible
from skully_game.core.saves import saves_folder
from skully_game.net.fair import yielding
from skully_game.net.hosted import Cursor, Hosted, Refused, SeatPlan, Thinking

MAX_REASON = 200  # characters of a refusal sent back
SIMULTANEOUS_BIDS = frozenset({"skull-king"})  # "all bid at once" (its rules); the engine
# takes the bids one by one in turn, so a bid made before its turn waits here, unseen


def bidding_phase(state: Any) -> bool:
    """Skull King's state is in its bidding phase (read by name: no engine import here)."""
    phase = getattr(state, "phase", None)
    return getattr(phase, "value", None) == "bid"


@lru_cache(maxsize=64)
def _plain_fields(cls: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """The fields of a view class an update sends whole (its player and every field but the
    history and the fields that only grow), and one getter reading them all in that order:
    worked out once a class, not at each move's update."""
    growing = cls.HISTORY + cls.GROWS  # type: ignore[attr-defined]
    names = tuple(n for n in ("player", *cls.FIELDS) if n not in growing)  # type: ignore[attr-defined]
    read = attrgetter(*names)
    if len(names) == 1:  # (attrgetter of one name gives the value, not a tuple)
        return names, lambda view: (read(view),)
    return names, read


class CardGame(Hosted):
    """One of the four table games, dealt from a seed only the server knows."""

    def __init__(
        self,
        key: str,
        seats: list[SeatPlan],
        options: dict[str, Any],
        seed: int,
        name: str,
        quick: bool = False,
    ) -> None:
        self.key = key
        self.info = registry.game(key)  # KeyError names the games there are
        self.entry = self.info.entry()
        low, high = self.entry.players
        if not low <= len(seats) <= high:
            raise ValueError(f"{key} is played by {low} to {high} players, not {len(seats)}")
        self.seats = list(seats)
        options = dict(options)
        hints = options.pop("hints", "on")  # the host's own choice, not a rule of the game
        if hints not in ("on", "off"):
            raise ValueError(f"hints: expected 'on' or 'off', got {hints!r}")
        self.hints = hints == "on"
        self.options = self.entry.make_options(len(seats), options)  # ValueError names it
        self.seed = seed
        self.quick = quick
        self.state: GameState[Any] = self.entry.new_state(self.options, seed)
        self.state.listen()
        # bids made before their turn in the engine's order: applied once it comes (never told
        # to any other seat; a bid is only revealed when all are in, by the engine)
        self.held: dict[int, str] = {}
        self.bots: dict[int, Any] = {}
        for i, plan in enumerate(seats):
            if plan.level is not None:
                self._seat_bot(i, plan.level)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        self.path = saves_folder(key) / f"{stamp}-online-{name}.json"

    def _seat_bot(self, seat: int, level: str) -> None:
        if level not in self.entry.bot_names:
            raise ValueError(
                f"{level!r} is not a computer player of {self.key} "
                f"(there are {', '.join(self.entry.bot_names)})"
            )
        settings = dict(self.entry.quick_bots.get(level, {})) if self.quick else {}
        rng = yielding(make_rng(self.seed, "online-bot", seat))  # gives way to quiet rooms
        self.bots[seat] = self.entry.make_bot(level, rng, **settings)

    def levels(self) -> tuple[str, ...]:
        return tuple(self.entry.bot_names)

    # ---- turns and views -----------------------------------------------------------------

    def over(self) -> bool:
        return self.state.is_terminal()

    def actor(self) -> int | None:
        if self.state.is_terminal():
            return None
        seat = self.state.current_player()
        return seat if 0 <= seat < len(self.seats) else None

    def together(self) -> tuple[int, ...]:
        """While a Skull King round's bids are made, every seat yet to bid (in the engine's
        order: the seat to act first), each on their own; otherwise the seat to act."""
        state = self.state
        if self.key in SIMULTANEOUS_BIDS and bidding_phase(state) and not state.is_terminal():
            bids = state.bids  # type: ignore[attr-defined]
            return tuple(
                p
                for p in state.bid_order  # type: ignore[attr-defined]
                if bids[p] is None and p not in self.held
            )
        return super().together()

    def setup(self) -> dict[str, Any]:
        return {
            "game": self.key,
            "options": self.options.to_dict(),
            "names": [s.name for s in self.seats],
            "hints": self.hints,
        }

    def view(self, seat: int) -> Any:
        """The seat's view, read at once by the update (before the next move: nothing held)."""
        return self.state.glance(seat)

    def news(self, seat: int, cursor: Cursor) -> dict[str, Any]:
        """The events since the cursor as `seat` may see them (`events_for`, on the new ones
        only: a long game's whole list is not filtered again at every move)."""
        events = self.state.events  # type: ignore[attr-defined]
        new = visible(events[cursor.events :], seat)
        cursor.events = len(events)
        return {"events": new}

    def seen(self, seat: int, cursor: Cursor) -> dict[str, int]:
        """The events sent, counted as the seat sees them (another's secret is left out)."""
        return {"events": len(visible(self.state.events[: cursor.events], seat))}  # type: ignore[attr-defined]

    def update_parts(self, seat: int, cursor: Cursor) -> dict[str, Any]:
        """The view without its history fields (a log that only grows: sent whole at every
        move, the log alone made a late update of Skull King 30 kB), and under "history" only
        their entries since `cursor`; the seat's Shadow puts the view back together. A catch-up
        after a rejoin starts from a new cursor, so it sends the history whole."""
        view = self.view(seat)
        cls = type(view)
        growing = cls.HISTORY + cls.GROWS  # (and fields that only grow: Skull King's rounds)
        names, read = _plain_fields(cls)
        parts: dict[str, Any] = {
            "view": dict(zip(names, read(view), strict=True)),
            **self.news(seat, cursor),
        }
        if growing:
            history = {}
            for name in growing:
                items = getattr(view, name)
                history[name] = items[cursor.history.get(name, 0) :]
                cursor.history[name] = len(items)
            parts["history"] = history
        if seat in self.held:  # its own bid, made and waiting its turn: shown to it alone
            parts["held"] = self.held[seat]
        if self.held:  # who has bid (never what): every table says "has bid" at those seats
            parts["bids_in"] = self.bids_in()
        return parts

    def bids_in(self) -> list[int]:
        """The seats whose bids wait here for their turn: public (at a real table everyone
        sees who has chosen), unlike the bids themselves."""
        return sorted(self.held)

    def legal(self, seat: int) -> list[Any] | None:
        if seat not in self.together():
            return []
        return list(self.state.legal_actions())

    def check(self, seat: int, move: Any) -> Any:
        if not isinstance(move, str):
            raise Refused("a move of this game is written as text")
        actor = self.actor()
        if actor is None:
            raise Refused("the game is over")
        if actor != seat and seat in self.held:
            raise Refused("you have made your bid: it is shown once everyone has bid")
        if seat not in self.together():
            raise Refused(f"it is {self.seats[actor].name}'s turn, not yours")
        reason = self.state.refusal(move)
        if reason is not None:
            raise Refused(reason[:MAX_REASON])
        return move

    def apply(self, seat: int, ready: Any) -> None:
        """The move; a bid made before its turn is held until the bids before it are in,
        then each held bid whose turn has come is made in the engine's order."""
        if seat != self.actor():
            self.held[seat] = ready
            return
        self.state.apply_action(ready)
        for _ in range(len(self.seats)):
            actor = self.actor()
            if actor is None or actor not in self.held:
                break
            self.state.apply_action(self.held.pop(actor))

    def computer(self, seat: int) -> Thinking:
        bot = self.bots[seat]
        # the bot never reads the live state; one that never looks at its view (a random
        # player) is handed none, as in self-play: every field of a Skull King view read and
        # copied for nobody was a twentieth of a busy group worker's loop (bench_server)
        view = self.state.observation(seat).detached() if reads_view(bot) else None
        legal = tuple(self.state.legal_actions())  # its own: a lazy one reads the live state
        return lambda: bot.act(view, legal)

    def stand_in(self, seat: int, level: str) -> Thinking:
        """A computer player's move for a person's seat whose time ran out: that one move (a
        player of `level` seated for it, like the away rule's, then gone; the seat stays theirs)."""
        self._seat_bot(seat, level)
        try:
            return self.computer(seat)  # it captured the bot and its own view of the seat
        finally:
            del self.bots[seat]

    def hand_to_computer(self, seat: int, level: str) -> None:
        self._seat_bot(seat, level)
        self.seats[seat] = SeatPlan(self.seats[seat].name, level)

    # ---- the record ----------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        return {
            "format": self.info.save_format,
            "version": self.info.save_version,
            "seats": [{"name": s.name, "kind": s.level or "human"} for s in self.seats],
            "pace": "normal",
            "game": self.state.to_record(),
            "over": self.state.is_terminal(),
        }

    def results(self) -> dict[str, Any]:
        if not self.over():
            return {}
        results = self.entry.results(self.state)
        return {
            "scores": [r.score for r in results],
            "winners": [i for i, r in enumerate(results) if r.win > 0],
        }
