"""Turn flow shared by every reducer: settling a moved cap, passing the turn, the winner.

Helpers here append to an `events` list owned by the calling reducer; the reducers themselves
return new states and event tuples and change nothing they were given.
"""

from __future__ import annotations

from skully_game.skully.geometry import Board, Place
from skully_game.skully.rules import course
from skully_game.skully.rules.events import (
    Advanced,
    Event,
    Freed,
    KnockedIn,
    Stuck,
    TurnLost,
    TurnPassed,
)
from skully_game.skully.rules.events import Winner as WinnerEvent
from skully_game.skully.rules.options import RuleOptions
from skully_game.skully.rules.state import (
    Decision,
    DecisionKind,
    GameState,
    place_text,
    renew,
    turned_back,
)


def name(state: GameState, i: int) -> str:
    return state.players[i].name


def settle(state: GameState, board: Board, i: int, at: Place, events: list[Event]) -> GameState:
    """Judge a cap that someone else's shot moved, or that a victim chose to leave where it stopped.

    Freed when out of the skull, stuck when it came to rest in it (rulings 3, 4), and ruling 8:
    in the box its owner is going for gives the owner that box.
    """
    p = state.players[i]
    if p.eliminated or p.killer:
        return state
    if p.stuck and not at.in_skull:
        state = state.with_player(i, stuck=False)
        events.append(Freed(f"{p.name} is out of the skull", i))
    elif not p.stuck and at.in_skull and not course.in_killer_diller(p.step):
        state = state.with_player(i, stuck=True)
        events.append(Stuck(f"{p.name} is stuck in the skull", i))
    goal = course.target_box(p.step)
    if goal is not None and at.box == goal:
        p = state.players[i]
        state = state.with_player(i, step=p.step + 1, may_place=goal, stats=p.stats.add(boxes=1))
        events.append(KnockedIn(f"{p.name} was knocked into {goal}", i, goal))
        q = state.players[i]
        said = f"{q.name} is {place_text(q)}{turned_back(p.step, q.step)}"
        events.append(Advanced(said, i, p.step, q.step))
    return state


def check_winner(state: GameState, events: list[Event]) -> GameState:
    """Ruling 12: the last player with a cap in play wins; nothing is due after that."""
    live = state.live()
    if state.winner is not None or len(live) != 1:
        return state
    w = live[0]
    events.append(WinnerEvent(f"{name(state, w)} wins!", w))
    return renew(state, winner=w, to_play=w, pending=(), offers=(), turn_ends=False)


def begin_turn(
    state: GameState, options: RuleOptions, board: Board, i: int, events: list[Event]
) -> GameState:
    """Player i starts a turn: work out the optional moves it is offered before its first shot."""
    p = state.players[i]
    offers: list[Decision] = []
    if options.switchsies:
        offers.append(Decision(DecisionKind.CHOOSE_CAP, i))
    if (
        p.may_place is not None
        and p.pos is not None
        and course.box_of(p.step) == p.may_place
        and board.locate(p.pos, p.radius).box == p.may_place
    ):
        offers.append(Decision(DecisionKind.PLACE_IN_BOX, i, box=p.may_place))
    if p.killer and p.fresh_killer:
        offers.append(Decision(DecisionKind.PLACE_OUT_OF_TOWN, i))
    state = state.with_player(i, may_place=None, fresh_killer=False)
    events.append(TurnPassed(f"{p.name} to shoot", i))
    return renew(
        state,
        to_play=i,
        offers=tuple(offers),
        pending=(),
        turn_ends=False,
        turn=state.turn + 1,
        shots_this_turn=0,
    )


def end_turn(
    state: GameState, options: RuleOptions, board: Board, events: list[Event]
) -> GameState:
    """The turn is over: pass it to the next player in order who may shoot.

    Stuck players lose their turns. If every player left is stuck nobody could ever free them,
    so (our ruling) the next one in order is freed and shoots from where its cap lies.
    """
    shooter = state.to_play
    for i, p in enumerate(state.players):
        if p.killer_hits:  # a killer's counts last one turn (ruling 10)
            state = state.with_player(i, killer_hits=0)
    state = renew(state, offers=(), pending=(), turn_ends=False)
    state = check_winner(state, events)
    if state.over:
        return state
    n = len(state.players)
    order = [(shooter + k) % n for k in range(1, n + 1)]
    live = [i for i in order if state.players[i].live]
    if all(state.players[i].stuck for i in live):
        nxt = live[0]
        state = state.with_player(nxt, stuck=False)
        events.append(
            Freed(f"Everyone left is stuck: {name(state, nxt)} shoots from the skull", nxt, True)
        )
        return begin_turn(state, options, board, nxt, events)
    for i in live:
        p = state.players[i]
        if not p.stuck:
            return begin_turn(state, options, board, i, events)
        state = state.with_player(i, stats=p.stats.add(turns_stuck=1))
        events.append(TurnLost(f"{p.name} is stuck in the skull and loses the turn", i))
    raise AssertionError("unreachable: a live player who is not stuck was found above")


def after_decision(
    state: GameState, options: RuleOptions, board: Board, events: list[Event]
) -> GameState:
    """Once the last pending decision is made, start the game, pass the turn, or carry on."""
    if state.pending or state.over:
        return state
    if state.turn == 0:
        return begin_turn(state, options, board, 0, events)
    if state.turn_ends:
        return end_turn(state, options, board, events)
    return state
