"""Skull's peer for tools/bench_cards.py --peer skull=DIR: louisa-uno/skull-ai's game loop (its
challenger's reveals and losses are automatic), against our four-player game; uniform random
choices on both sides (ours: over the legal list; the peer's: over each question its loop asks)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bench_peers import SEATS, Pairing, Played, Playout, on_path


def skull_peer(peer_dir: Path) -> Playout:
    """louisa-uno/skull-ai's game loop (`play_turn` until it is over, its own cap of 500 turns)
    with four players choosing uniformly at random at each question the loop asks. Its moves
    are counted from its own game log: cards placed, bids (the opening one included) and
    passes, the challenger's reveals and the cards lost."""
    on_path(peer_dir)
    import skull_and_roses_game as peer

    class Uniform(peer.Player):  # type: ignore[misc, name-defined]
        """Uniform over each question's answers: which card, play or bid, which bid or pass."""

        def __init__(self, name: str) -> None:
            super().__init__(name, is_ai=True)

        def choose_card_to_play(self, game_info: Any = None) -> Any:
            hand = self.hand
            return hand[int(random.random() * len(hand))] if hand else None

        def decide_play_or_bid(self, game_info: Any) -> bool:
            return random.random() < 0.5

        def make_bid(self, current_bid: int, max_possible: int, game_info: Any = None) -> Any:
            choices = max_possible - current_bid  # raises to current+1..max, and the pass
            k = int(random.random() * (choices + 1))
            return None if k == choices else current_bid + 1 + k

    marks = (" placed a card face-down", " played another card", " bids ", " passes")
    marks += (": Revealed", " loses a ")

    def play(seed: int) -> Played:
        random.seed(seed)  # the peer draws from the global generator
        game = peer.InteractiveSkullGame([Uniform(f"p{i}") for i in range(SEATS)], verbose=False)
        turns = 0
        while game.play_turn() and turns < 500:
            turns += 1
        moves = sum(1 for line in game.game_log for mark in marks if mark in line)
        return Played(moves)

    return play


PAIRING = Pairing(
    "louisa-uno/skull-ai",
    skull_peer,
    {},
    "random",
    "our game (one deck), uniform random bot in every seat",
    "its game loop, uniform random answers to each of its questions",
)
