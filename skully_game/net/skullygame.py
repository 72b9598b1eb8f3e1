"""Skully held by the server: the shooter's client sends the flick it measured; the server applies
the seat's hand, simulates the shot to rest with the one Skully engine and records it, and every
client is sent the shot made (flick, rest positions, contacts) to play it back exactly.

Skully hides nothing on the table; what the server keeps to itself is the seed, which decides
how a person's slingshot wobbles (`Session.made_flick`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from skully_game.core.errors import DataError
from skully_game.net.fair import Yielding
from skully_game.net.hosted import Cursor, Hosted, Refused, SeatPlan, Thinking
from skully_game.skully.ai import Planner
from skully_game.skully.board import PRESETS
from skully_game.skully.caps import CapType
from skully_game.skully.guide import GuideMode, guide_mode
from skully_game.skully.hand import HandLevel, Input
from skully_game.skully.physics import Flick
from skully_game.skully.rules import (
    DecisionKind,
    RuleError,
    event_to_dict,
    options_from_dict,
    spot_for,
    state_to_dict,
)
from skully_game.skully.saves import games_dir
from skully_game.skully.session import SEAT_KINDS, Seat, Session, action_to_dict
from skully_game.skully.skill import level

KEY = "skully"
LEVELS = tuple(k for k in SEAT_KINDS if k != "human")
MADE = object()  # a stand-in's choice already made on the session (`stand_in`): nothing to apply
HANDS = tuple(h.value for h in HandLevel)


def skully_session(seats: list[SeatPlan], options: dict[str, Any], seed: int) -> Session:
    """The game the host set up: a preset board (`board`, classic by default), the flick guide
    (`flick_guide`: "learning", the default, "on" or "off"; "on" was the default before), the
    rule options (a preset and/or fields, as a rules file holds them), the seats in order."""
    rules = dict(options)
    board = rules.pop("board", "classic")
    if board not in PRESETS:
        raise ValueError(f"board: expected one of {', '.join(sorted(PRESETS))}, got {board!r}")
    said = rules.pop("flick_guide", GuideMode.LEARNING.value)
    guide = guide_mode(said) if isinstance(said, str) else None
    if guide is None:
        raise ValueError(f"flick_guide: expected 'learning', 'on' or 'off', got {said!r}")
    try:
        rule_options = options_from_dict(rules, "", "options")
    except DataError as exc:
        raise ValueError(str(exc).removeprefix("field ")) from None
    if not 2 <= len(seats) <= 6:
        raise ValueError(f"Skully is played by 2 to 6 players, not {len(seats)}")
    return Session(
        PRESETS[board],
        rule_options,
        tuple(_seat(i, s) for i, s in enumerate(seats)),
        seed,
        flick_guide=guide,
    )


def _seat(i: int, plan: SeatPlan) -> Seat:
    if plan.level is not None and plan.level not in LEVELS:
        raise ValueError(f"{plan.level!r} is not a computer level (there are {', '.join(LEVELS)})")
    if plan.hand not in HANDS:
        raise ValueError(f"hand: expected one of {', '.join(HANDS)}, got {plan.hand!r}")
    return Seat(
        plan.name,
        CapType.CROWN,
        i % 16,
        plan.level or "human",
        HandLevel(plan.hand),
        Input(plan.input),
    )


class SkullyGame(Hosted):
    """A Skully game: the session, the log of events per action, a planner per computer seat."""

    heavy = True  # a person's shot is simulated in a worker thread

    def __init__(
        self,
        seats: list[SeatPlan],
        options: dict[str, Any],
        seed: int,
        name: str,
        quick: bool = False,
    ) -> None:
        self.key = KEY
        self.seats = list(seats)
        self.session = skully_session(seats, options, seed)
        self.quick = quick
        self.told: list[dict[str, Any]] = []  # every event so far, as wire data, in order
        self.planners: dict[int, Planner] = {}
        for i, plan in enumerate(seats):
            if plan.level is not None:
                self._seat_planner(i, plan.level)
        stamp = self.session.created.replace(":", "").replace("+", "_")
        self.path = games_dir() / f"{stamp}-online-{name}.json"

    def _seat_planner(self, seat: int, name: str) -> None:
        rng = Yielding(self.session.seed * 97 + seat)  # gives way to quiet rooms (fair.py)
        self.planners[seat] = Planner(level(name), rng, samples=1 if self.quick else 4)

    def levels(self) -> tuple[str, ...]:
        return LEVELS

    # ---- turns and views -----------------------------------------------------------------

    def over(self) -> bool:
        return self.session.state.over

    def actor(self) -> int | None:
        state = self.session.state
        if state.over:
            return None
        return state.pending[0].player if state.pending else state.to_play

    def setup(self) -> dict[str, Any]:
        """The game's record before its first move, seed left out: a client rebuilds the game
        from it and the actions it is sent (skully_game.net.mirror)."""
        record = self.session.fresh().to_dict()
        record["seed"] = 0
        return {"game": KEY, "record": record}

    def view(self, seat: int) -> dict[str, Any]:
        return {"state": state_to_dict(self.session.state)}

    def news(self, seat: int, cursor: Cursor) -> dict[str, Any]:
        actions = self.session.actions[cursor.actions :]
        events = self.told[cursor.events :]
        cursor.actions += len(actions)
        cursor.events += len(events)
        return {"actions": [action_to_dict(a) for a in actions], "events": events}

    def legal(self, seat: int) -> list[Any] | None:
        return None

    def _tell(self, events: tuple[Any, ...]) -> None:
        index = len(self.session.actions) - 1
        for event in events:
            self.told.append({**event_to_dict(event), "text": event.text, "action": index})

    # ---- moves ---------------------------------------------------------------------------

    def check(self, seat: int, move: Any) -> Any:
        if not isinstance(move, dict):
            raise Refused("a Skully move is a shot, a cap put down, keep or switch")
        state = self.session.state
        actor = self.actor()
        if actor is None:
            raise Refused("the game is over")
        kind = move["kind"]
        if kind == "place":
            decision = state.decision
            mine = decision is not None and decision.player == seat
            offered = not state.pending and seat == state.to_play and state.offers
            if not (mine or offered):
                raise Refused("you have no cap to put down now")
            return move
        if actor != seat:
            raise Refused(f"it is {state.players[actor].name}'s turn, not yours")
        if kind == "keep":
            d = state.decision
            if d is None or d.kind is not DecisionKind.KEEP_OR_RESTORE:
                raise Refused("there is nothing to keep or put back now")
            return move
        if kind == "switch":
            try:
                CapType(move["cap"])
            except ValueError:
                raise Refused(f"there is no cap called {move['cap'][:24]!r}") from None
            return move
        if not state.can_shoot:
            raise Refused("make the decision first: no shot may be taken now")
        return move

    def prepare(self, seat: int, ready: Any) -> Any:
        """A person's shot: the seat's hand spoils a slingshot's flick (a flick seat's pointer
        flick is taken as made), then the physics runs it to rest."""
        if ready.get("kind") != "shot":
            return ready
        session = self.session
        flick_seat = session.seats[seat].input is Input.FLICK
        meant = Flick(0, ready["angle"], ready["speed"], ready.get("offset", 0.0))
        made = session.made_flick(seat, meant, flick_seat and ready.get("flicked", False))
        try:
            flick, result, _ = session.simulate(made.angle, made.speed, made.offset)
        except (RuleError, ValueError) as exc:
            raise Refused(str(exc)) from None
        return {"kind": "shot", "flick": flick, "result": result}

    def apply(self, seat: int, ready: Any) -> None:
        if ready is MADE:  # a stand-in's choice, made already (`stand_in`)
            return
        session = self.session
        kind = ready["kind"]
        try:
            if kind == "shot":
                events = session.judge(ready["flick"], ready["result"])
            elif kind == "place":
                at = spot_for(
                    session.state, session.options, session.board, seat, tuple(ready["at"])
                )
                events = session.place(seat, at)
            elif kind == "keep":
                events = session.keep(seat, ready["keep"])
            else:
                events = session.switch(seat, CapType(ready["cap"]))
        except (RuleError, ValueError) as exc:
            raise Refused(str(exc)) from None
        self._tell(events)

    def computer(self, seat: int) -> Thinking | None:
        """A placement or a choice is made at once (cheap); a shot is planned and simulated in
        a worker thread, then judged by `apply`."""
        return self._planned(self.planners[seat], None)

    def stand_in(self, seat: int, level_name: str) -> Thinking:
        """A computer player's move for a person whose time ran out (the host's time per
        shot): a cap put down or a choice made at once, here; a shot planned and simulated in
        the worker thread it returns, then judged by `apply`. The seat stays the person's."""
        self._seat_planner(seat, level_name)
        return self._planned(self.planners.pop(seat), lambda: MADE)

    def _planned(self, planner: Planner, made: Any) -> Any:
        """`made` once a placement or a choice is made at once, else the worker thread's
        shot: planned, simulated, and handed to `apply`."""
        session = self.session
        state = session.state
        if state.pending or state.offers:
            events = planner.decide(session)
            if events is not None:
                self._tell(events)
                return made

        def think() -> Any:
            flick, _plan = planner.flick(session)
            flick, result, _ = session.simulate(flick.angle, flick.speed, flick.offset)
            return {"kind": "shot", "flick": flick, "result": result}

        return think

    def hand_to_computer(self, seat: int, level_name: str) -> None:
        if level_name not in LEVELS:
            raise ValueError(
                f"{level_name!r} is not a computer level (there are {', '.join(LEVELS)})"
            )
        self._seat_planner(seat, level_name)
        session = self.session
        seats = list(session.seats)
        seats[seat] = replace(seats[seat], kind=level_name)
        session.seats = tuple(seats)
        self.seats[seat] = SeatPlan(self.seats[seat].name, level_name)

    # ---- the record ----------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        return self.session.to_dict()

    def results(self) -> dict[str, Any]:
        state = self.session.state
        if not state.over:
            return {}
        return {"winners": [state.winner], "shots": state.shots}
