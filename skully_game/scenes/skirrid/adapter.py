"""Skirrid at the app's table: the engine's game as the shared seats, saves and computer players
need it (SeatedGame, over the contract), its undo policy, and its shapes and sides in a player's
words ("a Door marked 3"; the log's lines are the engine's, cards/skirrid/words.py), and a
hint's one line why (advice.py)."""

from __future__ import annotations

from collections.abc import Sequence

from cards import registry
from cards.skirrid import Observation, SkirridState
from cards.skirrid import events as ev
from cards.skirrid.words import ENDINGS, an, piece_words
from skully_game.scenes.cardtable.game import SeatedGame
from skully_game.scenes.cardtable.words import listing
from skully_game.scenes.skirrid import advice


class SkirridGame(SeatedGame):
    """Skirrid's own part at the table: its undo policy and the sides' names."""

    def undo_point(self, state: SkirridState, seat: int) -> int | None:  # type: ignore[override]
        """Actions to keep to take back `seat`'s last placement (and what the others did
        since). Everything is open, so nothing forbids it; a die rolls the same again."""
        history = state.history()
        events = [e for e in state.events if isinstance(e, ev.Placed | ev.Passed)]
        for k in range(len(history) - 1, -1, -1):
            if events[k].seat == seat and history[k] != "PASS":
                return k
        return None

    def hint_words(self, obs: Observation, seat: int, action: str) -> str:  # type: ignore[override]
        """Why the strong player would make `action`, said to `seat`, from `obs` alone."""
        return advice.hint_words(obs, seat, action)

    def move_words(self, action: str) -> str:
        return advice.move_words(action)

    def final_scores(self, state: SkirridState) -> list[int]:  # type: ignore[override]
        """Each side's points (a pair's added, as the rules score pairs)."""
        return [sum(state.scores[p] for p in side) for side in state.sides]

    def side_names(self, state: SkirridState, names: Sequence[str]) -> list[str]:
        """Each side as named: 'Anne', or a pair 'Anne and Cy'."""
        return [listing([names[p] for p in side]) for side in state.sides]


GAME = SkirridGame(registry.game("skirrid"))

__all__ = ["ENDINGS", "GAME", "SkirridGame", "an", "piece_words"]
