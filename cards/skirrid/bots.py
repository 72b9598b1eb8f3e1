"""Skirrid computer players: random, greedy and strong.

- greedy takes the placement that scores most now, except that a marked shape counts its mark
  only for what it gains over a high number (`keep`): the 2s and 3s wait for the corners. It
  never blocks.
- strong looks two moves deep: its best few placements by greedy's measure and its best few
  blocks (turned-over shapes beside the squares the next player wants), each followed by that
  player's best greedy reply; it takes the one that leaves it furthest ahead.

Equal placements are many: the board's numbers are symmetric, so a placement and its mirror
images score alike. Both players break such ties with their own seeded generator, never by
taking the first (the first is the board's top rows: a game left the bottom half empty, issue
40). Every choice is a function of the observation (everything in Skirrid is open) and the
bot's own generator; nothing reads the clock, so a game replays from (options, seed, actions).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cards.bots import RANDOM_WORDS, Bot, RandomBot
from cards.engine import shuffled
from cards.skirrid.board import EDITION, Placement, standard_geometry
from cards.skirrid.state import PASS, Observation, SkirridState, parse, piece_shape


def _value(piece: str, p: Placement, marks: bool, numbers: tuple[int, ...], keep: float) -> float:
    """A placement as greedy counts it: the score, a mark counted only above `keep`."""
    if p.block:
        return p.plain // 2
    _, mark = piece_shape(piece)
    if mark == 1 or not marks:
        return p.plain
    return p.plain + (mark - 1) * (numbers[p.mark] - keep)


class Greedy:
    """The most points now, marked shapes kept for high numbers (module docstring)."""

    name = "greedy"

    def __init__(self, rng: random.Random, keep: float = 14) -> None:
        self.rng = rng  # breaks ties among equal placements
        self.keep = keep

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        if legal[0] == PASS:
            return PASS
        return best_greedy(legal, obs.options.marks, self.keep, obs.options.board, self.rng)[1]


def best_greedy(
    legal: Sequence[str],
    marks: bool,
    keep: float,
    board: int = EDITION,
    rng: random.Random | None = None,
) -> tuple[float, str]:
    """Greedy's value and choice among `legal` (blocks left out unless nothing else), on the
    board of edition `board`. Equal placements: one drawn evenly by `rng` (one draw per tie
    met, as a reservoir); without `rng` the first, for a caller that wants only the value."""
    geo = standard_geometry(board)
    numbers, places = geo.board.numbers, geo.placements
    best, choice, equal = float("-inf"), legal[0], 0
    for action in legal:
        piece, pid = parse(action)
        p = places[pid]
        if p.block:
            continue
        v = _value(piece, p, marks, numbers, keep)
        if v > best:
            best, choice, equal = v, action, 1
        elif v == best and rng is not None:
            equal += 1
            if rng.randrange(equal) == 0:
                choice = action
    return best, choice


class Strong:
    """Two-ply search over greedy's best placements and the best blocks (module docstring)."""

    name = "strong"

    def __init__(
        self, rng: random.Random, width: float = 10, blocks: float = 6, keep: float = 14,
        reply: float = 0.9,
    ) -> None:  # fmt: skip
        self.rng = rng
        self.width = int(width)
        self.blocks = int(blocks)
        self.keep = keep
        self.reply = reply  # how much the next player's best reply counts against a move

    def act(self, obs: Observation, legal: Sequence[str]) -> str:
        if legal[0] == PASS or len(legal) == 1:
            return legal[0]
        geo = standard_geometry(obs.options.board)
        numbers, places = geo.board.numbers, geo.placements
        marks = obs.options.marks
        scored: list[tuple[float, str]] = []
        blocks: list[tuple[float, str]] = []
        # Shuffled by the bot's own generator, then sorted stably: equal placements (mirror
        # images, most often) come in a fair order, for the cut to `width` and the final pick.
        for action in shuffled(legal, self.rng):
            piece, pid = parse(action)
            p = places[pid]
            v = _value(piece, p, marks, numbers, self.keep)
            (blocks if p.block else scored).append((v, action))
        scored.sort(key=lambda t: -t[0])
        # Blocks worth a look: small shapes (cheap to spend) lying over high numbers, which is
        # where the next player wants to go.
        blocks.sort(key=lambda t: -t[0] - 3 * (6 - _size(t[1])))
        options = scored[: self.width] + blocks[: self.blocks]
        if not options:
            return legal[0]
        state = SkirridState.from_view(obs)
        me = obs.player
        side = next(s for s in obs.sides if me in s)
        best, choice = float("-inf"), options[0][1]
        for v, action in options:
            after = state.clone()
            after.apply_unchecked(action)
            gain = after.scores[me] - state.scores[me]
            threat = 0.0
            if not after.over and after.current_player() not in side:
                reply = after.legal_actions()
                if reply[0] != PASS:
                    threat = best_greedy(reply, marks, 0, obs.options.board)[0]
            value = gain + (v - gain) * 0.5 - self.reply * threat
            if value > best:
                best, choice = value, action
        return choice


def _size(action: str) -> int:
    shape, _ = piece_shape(action.split(" ", 1)[0])
    return {"Eye": 1, "Rod": 2, "Quoin": 3, "Snake": 4, "Door": 5, "Gun": 6}.get(shape, 6)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": Greedy,
    "strong": Strong,
}

# Each in a newcomer's words: a plain name and how it plays (GameEntry.bot_words).
BOT_WORDS = {
    "random": RANDOM_WORDS,
    "greedy": (
        "Scorer",
        "Scorer: takes the most points at once, never blocks",
    ),
    "strong": (
        "Expert",
        "Expert: looks ahead and blocks the squares you want",
    ),
}


def make_bot(name: str, rng: random.Random, **settings: float) -> Bot:
    """Bot factory for the table and self-play: a name of `BOTS` (+ its settings)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
    return BOTS[name](rng, **settings)


__all__ = ["BOTS", "Greedy", "Strong", "make_bot"]
