"""Skirrid at the app's table: the engine's game as the shared seats, saves and computer players
need it, and its shapes and events in a player's words ("a Door marked 3", "Anne places a Gun
turned over, a block, for 12 points")."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from cards.skirrid import SkirridOptions, SkirridState, make_bot
from cards.skirrid import events as ev
from cards.skirrid.state import piece_shape
from skully_game.scenes.cardtable.game import SeatedGame
from skully_game.scenes.cardtable.words import listing, plural, says, winners_line

LEVELS = (
    ("random", "Computer: random"),
    ("greedy", "Computer: greedy"),
    ("strong", "Computer: strong"),
)
ENDINGS = {
    "all placed": "every shape is on the board",
    "one placed all": "a player has placed all their shapes",
    "no moves": "nobody can place a shape any more",
}


def piece_words(piece: str) -> str:
    """'Door marked 3', 'Gun'."""
    shape, mark = piece_shape(piece)
    return shape if mark == 1 else f"{shape} marked {mark}"


def an(word: str) -> str:
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


class SkirridGame(SeatedGame):
    key = "skirrid"
    title = "Skirrid"
    save_format = "skully-skirrid-table"
    save_version = 1
    levels = LEVELS

    def new_state(self, options: SkirridOptions, seed: int) -> SkirridState:
        return SkirridState(options, seed, record=True)

    def record(self, state: SkirridState) -> dict[str, Any]:
        return state.to_record()

    def from_record(self, record: dict[str, Any]) -> SkirridState:
        checked = SkirridState.from_record(record)  # ValueError names the field
        return SkirridState.replay(checked.options, checked.seed, checked.history(), record=True)

    def replay(self, state: SkirridState, actions: Sequence[str]) -> SkirridState:
        return SkirridState.replay(state.options, state.seed, list(actions), record=True)

    def players(self, state: SkirridState) -> int:
        return state.num_players

    def to_act(self, state: SkirridState) -> int | None:
        return None if state.is_terminal() else state.current_player()

    def legal(self, state: SkirridState) -> list[str]:
        return state.legal_actions()

    def apply(self, state: SkirridState, action: str) -> None:
        state.apply_action(action)

    def history(self, state: SkirridState) -> list[str]:
        return state.history()

    def is_over(self, state: SkirridState) -> bool:
        return state.is_terminal()

    def winners(self, state: SkirridState) -> list[int]:
        return list(state.winners)

    def thinker(
        self, kind: str, rng: random.Random
    ) -> Callable[[SkirridState, int], Callable[[], str]]:
        bot = make_bot(kind, rng)

        def prepare(state: SkirridState, seat: int) -> Callable[[], str]:
            # the bot thinks on the table's worker thread: a snapshot, not the live game
            obs, legal = state.observation(seat).detached(), state.legal_actions()
            return lambda: bot.act(obs, legal)

        return prepare

    def undo_point(self, state: SkirridState, seat: int) -> int | None:
        """Actions to keep to take back `seat`'s last placement (and what the others did
        since). Everything is open, so nothing forbids it; a die rolls the same again."""
        history = state.history()
        events = [e for e in state.events if isinstance(e, ev.Placed | ev.Passed)]
        for k in range(len(history) - 1, -1, -1):
            if events[k].seat == seat and history[k] != "PASS":
                return k
        return None

    # --- words ------------------------------------------------------------------------

    def log(self, state: SkirridState, names: Sequence[str]) -> list[str]:
        """Every event so far in words (Skirrid keeps nothing secret but the die to come)."""
        out: list[str] = []
        for e in state.events:
            if isinstance(e, ev.Placed):
                what = (
                    an(piece_shape(e.piece)[0] + " turned over")
                    if e.block
                    else an(piece_words(e.piece))
                )
                block = ", a block," if e.block else ""
                out.append(
                    f"{says(names[e.seat], 'places', 'place')} {what}{block} for "
                    f"{plural(e.score, 'point')} ({e.total} in all)."
                )
            elif isinstance(e, ev.DieRolled):
                out.append(f"{says(names[e.seat], 'rolls', 'roll')} {e.face}.")
            elif isinstance(e, ev.Passed):
                why = "no shape of that size to place" if e.why == "no such shape" else "no room"
                out.append(f"{says(names[e.seat], 'passes', 'pass')}: {why}.")
            elif isinstance(e, ev.GameOver):
                winners = [names[p] for p in e.winners]
                out.append(f"The game ends: {ENDINGS.get(e.why, e.why)}. {winners_line(winners)}")
        return out

    def side_names(self, state: SkirridState, names: Sequence[str]) -> list[str]:
        """Each side as named: 'Anne', or a pair 'Anne and Cy'."""
        return [listing([names[p] for p in side]) for side in state.sides]


GAME = SkirridGame()

__all__ = ["ENDINGS", "GAME", "LEVELS", "SkirridGame", "an", "piece_words"]
