"""A match's game as it ended, at a table played elsewhere. At one desk, while a finished game's
summary is on show, the table is drawn as that game ended (its last card on its pile, the stocks
as they were left), replayed from the game's history (`round_end_view`); a seat's copy of a game
held by a server has no history, and the server has already dealt the next game. So the seat's
position just before the game's last move is taken, and that move, told by its event, is made
on it with the next deal held back. Only what the seat was shown is used: another player's hand
on the copy is made up (`from_view`), so a card that player was seen to discard or play from it
is put into it first, in place of a made-up one (a game can end on such a discard: the stalemate
or the turn limit); a move that still cannot be made leaves the table as it is. No pygame."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cards.skip_bo import events as ev
from cards.skip_bo.state import (
    DISCARD_PLAYS,
    DISCARDS_TO,
    HAND_BUILD,
    HAND_DISCARD,
    HAND_PLAYS,
    STOCK_PLAYS,
    SkipBoState,
    parse,
)


def skip_bo_ended(previous: Any, state: Any) -> SkipBoState | None:
    """Skip-Bo's game as it ended, if the move from `previous` to `state` ended a game of a
    match and dealt the next; else None."""
    if not isinstance(previous, SkipBoState) or not isinstance(state, SkipBoState):
        return None
    if state.over or previous.over or state.game_index == previous.game_index:
        return None
    news = state.events[len(previous.events) :]
    action = next((a for e in news if (a := _action(e, previous.turn)) is not None), None)
    if action is None:
        return None
    ended = previous.clone()
    ended._deal = lambda starter: None  # type: ignore[method-assign]  # the next game waits
    ended.recording = True
    _hold_shown_card(ended, action)
    try:
        ended.apply_unchecked(action)
    except (ValueError, KeyError, IndexError):
        return None  # a card from a hand this seat never saw: the table as it is
    return ended if ended.games and len(ended.games) == len(state.games) else None


def _hold_shown_card(state: SkipBoState, action: str) -> None:
    """A hand move's card, which its event showed, into the mover's hand on this copy if the
    made-up hand lacks it (the player's own hand is never made up, so it is never changed)."""
    kind, card = parse(action)[:2]
    if kind not in (HAND_BUILD, HAND_DISCARD):
        return
    hand = state.hands[state.turn]
    if hand and card not in hand:
        hand[-1] = card  # a made-up card gives way
        hand.sort()
        state.refresh_tops()


def _action(event: Any, seat: int) -> str | None:
    """The move `seat` made, as its event tells it."""
    if isinstance(event, ev.CardPlayed) and event.seat == seat:
        if event.source == "stock":
            return STOCK_PLAYS[event.owner][event.build]
        if event.source == "discard":
            return DISCARD_PLAYS[event.owner][event.pile][event.build]
        return HAND_PLAYS[event.card][event.build]
    if isinstance(event, ev.Discarded) and event.seat == seat:
        return DISCARDS_TO[event.card][event.pile]
    if isinstance(event, ev.TurnPassed) and event.seat == seat:
        return "END"
    return None


ENDED: dict[str, Callable[[Any, Any], Any]] = {"skip-bo": skip_bo_ended}


def ended_view(key: str, previous: Any, state: Any) -> Any:
    """The game `key` as its last game ended, when the move into `state` ended one (None)."""
    find = ENDED.get(key)
    return None if find is None or previous is None else find(previous, state)


__all__ = ["ENDED", "ended_view", "skip_bo_ended"]
