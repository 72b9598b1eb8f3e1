"""Skip-Bo's peer for tools/bench_cards.py --peer skip-bo=DIR: silashoevers/skip-bo-rl's game (its
modules import PyTorch, which is stood in for when missing: no line of it runs in a game) with
30-card stocks, the build-first heuristic on both sides, written in the peer's terms through its
own `Player` checks and moves. The peer ends a game when its draw pile runs dry, ours plays on to
the stalemate ruling."""

from __future__ import annotations

import random
import sys
import types
from pathlib import Path
from typing import Any

from bench_peers import SEATS, Pairing, Played, Playout, on_path


class _Stand:
    """What stands in for PyTorch when it is missing: the peer's modules import it and define
    their networks with it, and no line of it runs in the games timed here."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def __call__(self, *args: Any, **kwargs: Any) -> _Stand:
        return self

    def __getattr__(self, name: str) -> _Stand:
        return self

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[type, ...]:
        return (_Stand,)


def _stand_in_for_torch() -> None:
    try:
        import torch  # noqa: F401
    except Exception:
        for name in ("torch", "torch.nn", "torch.optim", "torch.nn.functional"):
            module = types.ModuleType(name)
            module.__getattr__ = lambda attr: _Stand()  # type: ignore[method-assign]
            sys.modules[name] = module


def skip_bo_peer(peer_dir: Path) -> Playout:
    """silashoevers/skip-bo-rl's game (its deck, shuffles, deal, draws and the plays of its
    `Player`) with four players playing the build-first heuristic through its own checks and
    moves: the heuristic our build-first bot plays, written in the peer's terms (the project has
    only a neural network policy). Counts the plays and discards."""
    on_path(peer_dir)
    _stand_in_for_torch()
    from Game import Game
    from Player import Player

    counts = [0]

    class BuildFirst(Player):  # type: ignore[misc]
        def play(self) -> None:  # one turn
            self.fill_hand()
            game = self.game
            while game.is_game_running:
                counts[0] += 1
                if not self._build():
                    self._discard()
                    return

        def _build(self) -> bool:
            """One play to a building pile, as build-first orders them; False if none."""
            game, stock = self.game, self.stock_pile
            for b in range(4):
                if self.check_stock_to_build(b):
                    self.play_stock_to_build(b)
                    if not stock:
                        game.is_game_running = False
                    return True
            top = stock[-1].face
            if top != "S":  # towards the stock: a chain the hand and discard tops complete
                numbers = {c.face for c in self.hand if c.face != "S"}
                numbers.update(p[-1].face for p in self.discard_piles if p and p[-1].face != "S")
                wilds = sum(1 for c in self.hand if c.face == "S")
                for b in range(4):
                    need = game.get_top_of_build_pile(b) + 1
                    if need >= top:
                        continue
                    if sum(1 for v in range(need, top) if v not in numbers) > wilds:
                        continue
                    for k, pile in enumerate(self.discard_piles):
                        if pile and pile[-1].face == need:
                            self.play_discard_to_build(k, b)
                            return True
                    for face in (need, "S"):
                        if self.is_face_in_hand(face):
                            self.play_hand_to_build(face, b)
                            return True
            for k, pile in enumerate(self.discard_piles):
                if pile and pile[-1].face != "S":
                    for b in range(4):
                        if self.check_discard_to_build(k, b):
                            self.play_discard_to_build(k, b)
                            return True
            for card in self.hand:
                if card.face != "S":
                    for b in range(4):
                        if self.check_hand_to_build(card.face, b):
                            self.play_hand_to_build(card.face, b)
                            return True
            return False

        def _discard(self) -> None:
            """High cards first, onto a pile one higher, else an empty one, else the highest."""
            best, choice = None, None
            for card in self.hand:
                value = 13 if card.face == "S" else card.face
                for k, pile in enumerate(self.discard_piles):
                    top = pile[-1].face if pile else None
                    number = top if isinstance(top, int) else None
                    if number is not None and number == value + 1:
                        fit = 3
                    elif top is None:
                        fit = 2
                    elif number is not None and number >= value:
                        fit = 1
                    else:
                        fit = 0
                    score = (-100 if card.face == "S" else 0, fit, value * 20 + (number or 0))
                    if best is None or score > best:
                        best, choice = score, (card.face, k)
            if choice is not None:
                self.play_hand_to_discard(*choice)

    def play(seed: int) -> Played:
        random.seed(seed)  # the peer shuffles with the global generator
        counts[0] = 0
        game = Game(0, 0, "no network", [], None, None, None)  # the deck, shuffled; no seats
        game.players = [BuildFirst(game) for _ in range(SEATS)]
        for _ in range(30):  # the deal, as its constructor makes it
            for player in game.players:
                player.stock_pile.append(game.draw_pile.pop())
        for player in game.players:
            player.fill_hand()
        seat = 0
        while game.is_game_running:
            game.players[seat].play()
            seat = (seat + 1) % SEATS
        return Played(counts[0], any(not player.stock_pile for player in game.players))

    return play


PAIRING = Pairing(
    "silashoevers/skip-bo-rl",
    skip_bo_peer,
    {"stock": "30"},
    "build-first",
    "30-card stocks, our build-first bot in every seat",
    "its game with 30-card stocks, the build-first heuristic through its own checks",
    lambda state: state.games[-1].by == "stock",
)
