"""Benchmark the card games' engines, like for like: `python tools/bench_cards.py [--peer GAME=DIR]`.

Per game of `cards/registry.py`, four players, every contestant playing the same fresh seeds in
turn, game by game, in one process (the order rotating), each game timed in this thread's CPU
time, so a busy machine slows every figure alike and the ratios stay honest; the repeats give
the median and the interquartile range (IQR) of every per-repeat ratio:

- bare: our game with its default rules, uniform random choices through `legal_actions()` then
  `apply_action()` (which refuses an illegal action): the least a caller can do;
- selfplay: the same games through `skully selfplay`'s own code path (`cards.selfplay.play_one`:
  the registry's random bot in every seat, each seeing its own observation), and
  selfplay_vs_bare, self-play's speed over the bare loop's (target: at least 0.9);
- checked: the game we race against a peer (its rules, its bot), played through the API an
  engine user calls at each decision: `observation(seat)` for the bot, `legal_actions()`, the
  bot's choice, `apply_action()`;
- play_out: the same games through `cards.bots.play_out` (each seat's glance, every action
  checked), a second, named figure;
- list_ceiling (with `--list-ceiling`, for a bot that never reads the legal list: Skip-Bo's
  build-first): the checked loop with `legal_actions()` replaced by a fresh copy of a constant
  list of the real one's mean length, every action still checked: the most any
  `legal_actions()` that returns a new list could reach, however cheaply it listed;
- peer: with `--peer GAME=DIR`, DIR a checkout of the peer's repository (outside this one), the
  peer engine playing the same kind of game in the same process:
  - skull-king: aldoeliacim/skullking's models, driven as its game handler drives them, with the
    pirates' abilities resolved (Rosie, Bendt, Roatan, Jade, Harry), against our advanced game
    (74 cards: Loot, Kraken, White Whale; pirate powers); uniform random choices on both sides
    (bids, cards, the Tigress's side, every ability's choice); the peer lists a player's valid
    cards once per play and checks the choice against that list, as ours does;
  - skull: louisa-uno/skull-ai's game loop (its challenger's reveals and losses are automatic),
    against our four-player game; uniform random choices on both sides (ours: over the legal
    list; the peer's: over each question its loop asks);
  - skip-bo: silashoevers/skip-bo-rl's game (its modules import PyTorch, which is stood in for
    when missing: no line of it runs in a game) with 30-card stocks, the build-first heuristic
    on both sides, written in the peer's terms through its own `Player` checks and moves.
    The peer ends a game when its draw pile runs dry, ours plays on to the stalemate ruling.
  Prints are silenced the same way on both sides: `print` is a no-op while any game is timed.
  Actions are counted alike on both sides: every move of the game (a bid, a pass, a card
  placed, played, turned, discarded or lost, an ability's choice), so ratio_per_action divides
  comparable counts.

Repeats default to 9 of 40 games each; the IQR printed beside each ratio, as a share of its
median, is the spread (it stays under 15 % on a loaded 2-core machine). The last line is one
JSON object keyed by game: `{"skull-king": {"checked_vs_peer": ..., ...}, ...}`.
"""

from __future__ import annotations

import argparse
import builtins
import gc
import json
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards.bots import play_out, reads_legal
from cards.engine import pick
from cards.registry import GAMES, GameEntry
from cards.selfplay import BotSpec, Match, play_one

SEATS = 4


class Played(NamedTuple):
    """One whole game: the actions taken (counted alike on both sides), and whether it reached
    its goal (in Skip-Bo, a stock emptied) rather than an end the two engines do not share."""

    actions: int
    won: bool = True


Playout = Callable[[int], Played]  # seed -> one whole game played


def bare_playout(entry: GameEntry, options: Any) -> Playout:
    """Uniform random choices through `legal_actions()` and `apply_action()`: the bare loop."""

    def play(seed: int) -> Played:
        state = entry.new_state(options, seed)
        rng = random.Random(seed)
        actions = 0
        while not state.is_terminal():
            state.apply_action(pick(state.legal_actions(), rng))
            actions += 1
        return Played(actions)

    return play


def checked_playout(
    entry: GameEntry,
    options: Any,
    bot: str,
    won: Callable[[Any], bool] = lambda state: True,
    listing: Callable[[Any], list[Any]] | None = None,
) -> Playout:
    """Our bot in every seat through the API an engine user calls at each decision: the seat's
    `observation()`, `legal_actions()`, the bot's choice, `apply_action()` (written as a user
    writes it: the observation is still held when the action is applied). `listing`: what
    stands in for `legal_actions()` (the list ceiling's); both pay for the one test of it."""

    def play(seed: int) -> Played:
        state = entry.new_state(options, seed)
        bots = [entry.make_bot(bot, random.Random(seed * 10 + p)) for p in range(state.num_players)]
        actions = 0
        while not state.is_terminal():
            seat = state.current_player()
            observation = state.observation(seat)
            legal = state.legal_actions() if listing is None else listing(state)
            action = bots[seat].act(observation, legal)
            state.apply_action(action)
            actions += 1
        return Played(actions, won(state))

    return play


def list_ceiling_playout(
    entry: GameEntry, options: Any, bot: str, won: Callable[[Any], bool], length: int
) -> Playout:
    """The checked loop with `legal_actions()` replaced by a function that returns a fresh
    copy of a constant list of its mean `length`, for a bot that names its action from its
    view (`reads_legal` False; apply_action still checks every action, by the game's
    one-action test): the most any `legal_actions()` returning a new list could reach,
    however cheaply it were listed."""
    constant = ["END"] * length

    def listing(state: Any) -> list[Any]:
        return constant[:]

    return checked_playout(entry, options, bot, won, listing)


def mean_legal_length(entry: GameEntry, options: Any, bot: str, seed: int) -> int:
    """The legal list's mean length along a few games of `bot` (for the list ceiling)."""
    lengths = []
    for g in range(5):
        state = entry.new_state(options, seed - 100 - g)
        bots = [entry.make_bot(bot, random.Random(g * 10 + p)) for p in range(state.num_players)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            lengths.append(len(legal))
            state.apply_action(bots[seat].act(state.observation(seat), legal))
    return round(statistics.mean(lengths))


def play_out_playout(
    entry: GameEntry, options: Any, bot: str, won: Callable[[Any], bool] = lambda state: True
) -> Playout:
    """The same games through `cards.bots.play_out` (each seat's glance, the legal actions
    unlisted for a bot that seldom reads them, every action checked)."""

    def play(seed: int) -> Played:
        state = entry.new_state(options, seed)
        bots = [entry.make_bot(bot, random.Random(seed * 10 + p)) for p in range(state.num_players)]
        play_out(state, bots)
        return Played(len(state.history()), won(state))

    return play


def selfplay_playout(entry: GameEntry, options: Any, players: int) -> Playout:
    """One game through `skully selfplay`'s own code path, random bots in every seat."""
    spec = BotSpec("random", "random", {})
    if "random" not in entry.bot_names:
        raise ValueError(f"{entry.name} has no random bot to time")

    def play(seed: int) -> Played:
        match = Match(entry.name, options, seed, (spec,) * players)
        play_one(match, 0)
        return Played(0)

    return play


# ---- peers: other projects' engines, run from a checkout outside ours ---------------------------


def _on_path(peer_dir: Path) -> None:
    if str(peer_dir) not in sys.path:
        sys.path.insert(0, str(peer_dir))


def skull_king_peer(peer_dir: Path) -> Playout:
    """aldoeliacim/skullking's models driven as its game handler (`app/api/game_handler.py`)
    drives them, abilities included, with uniform random choices for every decision."""
    _on_path(peer_dir)
    from app.models.card import get_card
    from app.models.game import Game
    from app.models.pirate_ability import AbilityType, get_card_ability
    from app.models.player import Player
    from app.models.trick import TigressChoice, Trick

    rounds = 10
    tigress_sides = (TigressChoice.PIRATE, TigressChoice.ESCAPE)
    skipped_on_last = (
        AbilityType.CHOOSE_STARTER,
        AbilityType.DRAW_DISCARD,
        AbilityType.VIEW_DECK,
    )

    def undealt(game: Any, rnd: Any) -> list[Any]:
        """The handler's `_get_undealt_cards`: the deck less the dealt and Bendt-drawn cards."""
        dealt: set[Any] = set()
        for cards in rnd.dealt_cards.values():
            dealt.update(cards)
        drawn = rnd.ability_state.bendt_drawn_cards
        return [c for c in game.deck.cards if c not in dealt and c not in drawn]

    def play(seed: int) -> Played:
        random.seed(seed)  # the peer shuffles and picks the first starter from the global one
        rng = random.Random(seed)
        game = Game(id="bench", slug="bench")
        for i in range(SEATS):
            game.add_player(Player(id=f"p{i}", username=f"p{i}", game_id="bench"))
        players = game.players
        actions = 0
        for _ in range(rounds):
            rnd = game.start_new_round()
            game.deal_cards()
            abilities = rnd.ability_state
            for player in players:  # the bids, each checked as the handler checks them
                bid = int(rng.random() * (rnd.number + 1))
                if not 0 <= bid <= rnd.number or player.bid is not None:
                    raise ValueError("bad bid")
                player.bid = bid
                rnd.bids[player.id] = bid
                actions += 1
            starter = rnd.starter_player_index
            for number in range(1, rnd.number + 1):
                trick = Trick(number=number, starter_player_index=starter)
                rnd.tricks.append(trick)
                for k in range(SEATS):
                    player = players[(starter + k) % SEATS]
                    trick.picking_player_id = player.id
                    in_trick = [pc.card_id for pc in trick.picked_cards]
                    valid = trick.get_valid_cards(player.hand, in_trick)
                    card = pick(valid, rng)
                    side = pick(tigress_sides, rng) if get_card(card).is_tigress() else None
                    if card not in valid:  # the handler's check of the pick
                        raise ValueError("illegal card")
                    player.hand.remove(card)
                    if not trick.add_card(player.id, card, side):
                        raise ValueError("played twice")
                    actions += 1
                card, winner_id = trick.determine_winner()
                trick.calculate_bonus_points()  # the handler announces it
                if winner_id is None:  # the Kraken: the round's starter leads (as the handler)
                    starter = rnd.starter_player_index
                    continue
                winner = game.get_player(winner_id)
                assert winner is not None
                winner.tricks_won += 1
                ability = get_card_ability(card) if card is not None else None
                if ability is not None and not (
                    number == rnd.number and ability in skipped_on_last
                ):
                    pending = abilities.trigger_ability(winner_id, card, number)
                    if pending is not None:
                        kind = pending.ability_type
                        if kind is AbilityType.CHOOSE_STARTER:
                            abilities.resolve_rosie(winner_id, pick(players, rng).id)
                            actions += 1
                        elif kind is AbilityType.DRAW_DISCARD:
                            drawn = undealt(game, rnd)[:2]
                            abilities.bendt_drawn_cards.update(drawn)
                            pending.drawn_cards = drawn
                            winner.hand.extend(drawn)
                            discard = []
                            for _ in range(min(2, len(drawn))):
                                lost = pick(winner.hand, rng)
                                winner.hand.remove(lost)
                                discard.append(lost)
                                actions += 1
                            abilities.resolve_bendt(winner_id, drawn, discard)
                        elif kind is AbilityType.EXTRA_BET:
                            abilities.resolve_roatan(winner_id, pick((0, 10, 20), rng))
                            actions += 1
                        elif kind is AbilityType.VIEW_DECK:
                            undealt(game, rnd)  # shown to the player
                            abilities.resolve_jade(winner_id)
                next_id = rnd.get_next_trick_starter(winner_id)
                leader = game.get_player(next_id)
                assert leader is not None
                starter = leader.index
            for player_id, armed in list(abilities.harry_armed.items()):
                if armed:
                    abilities.resolve_harry(player_id, pick((-1, 0, 1), rng))
                    actions += 1
            rnd.calculate_scores()
            for player in players:
                player.score += rnd.scores.get(player.id, 0)
        return Played(actions)

    return play


def skull_peer(peer_dir: Path) -> Playout:
    """louisa-uno/skull-ai's game loop (`play_turn` until it is over, its own cap of 500 turns)
    with four players choosing uniformly at random at each question the loop asks. Its moves
    are counted from its own game log: cards placed, bids (the opening one included) and
    passes, the challenger's reveals and the cards lost."""
    _on_path(peer_dir)
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
    _on_path(peer_dir)
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


@dataclass(frozen=True)
class Pairing:
    """How to race one game against a peer engine, and what each side is, in words."""

    repository: str
    build: Callable[[Path], Playout]  # the peer's playout, from a checkout of it
    overrides: dict[str, str]  # our options that match the peer's game
    bot: str  # our bot in every seat
    ours: str
    theirs: str
    won: Callable[[Any], bool] = lambda state: True  # our finished game reached its goal


PAIRINGS: dict[str, Pairing] = {
    "skull-king": Pairing(
        "aldoeliacim/skullking",
        skull_king_peer,
        {"advanced_cards": "true", "pirate_powers": "true"},
        "random",
        "our advanced game (74 cards, pirate powers), uniform random bot in every seat",
        "its models as its game handler drives them, abilities resolved, uniform random choices",
    ),
    "skull": Pairing(
        "louisa-uno/skull-ai",
        skull_peer,
        {},
        "random",
        "our game (one deck), uniform random bot in every seat",
        "its game loop, uniform random answers to each of its questions",
    ),
    "skip-bo": Pairing(
        "silashoevers/skip-bo-rl",
        skip_bo_peer,
        {"stock": "30"},
        "build-first",
        "30-card stocks, our build-first bot in every seat",
        "its game with 30-card stocks, the build-first heuristic through its own checks",
        lambda state: state.games[-1].by == "stock",
    ),
}


# ---- timing ---------------------------------------------------------------------------------------


@dataclass
class Timed:
    """One contestant's figures, per repeat."""

    seconds: list[float] = field(default_factory=list)  # CPU seconds of the repeat's games
    actions: list[int] = field(default_factory=list)
    won_seconds: list[float] = field(default_factory=list)  # over the games won
    won: list[int] = field(default_factory=list)
    games: int = 0

    def rates(self) -> list[float]:
        return [self.games / s for s in self.seconds]

    def actions_per_game(self) -> float:
        return sum(self.actions) / (self.games * len(self.seconds))


def _silent(*args: Any, **kwargs: Any) -> None:
    """`print` while games are timed, on both sides alike."""


@contextmanager
def prints_silenced() -> Iterator[None]:
    shown = builtins.print
    builtins.print = _silent
    try:
        yield
    finally:
        builtins.print = shown


def interleaved(plays: dict[str, Playout], games: int, repeats: int, seed: int) -> dict[str, Timed]:
    """Each playout over the same `games` fresh seeds per repeat, taking turns game by game in
    rotating order, every game timed in this thread's CPU time."""
    names = list(plays)
    clock = time.thread_time
    timed = {name: Timed(games=games) for name in names}
    with prints_silenced():
        for name in names:  # warm-up: imports, caches
            plays[name](seed - 1)
        for r in range(repeats):
            spent = dict.fromkeys(names, 0.0)
            spent_won = dict.fromkeys(names, 0.0)
            won = dict.fromkeys(names, 0)
            acts = dict.fromkeys(names, 0)
            gc.collect()
            for g in range(games):
                k = (r + g) % len(names)
                for name in names[k:] + names[:k]:
                    t0 = clock()
                    played = plays[name](seed + r * games + g)  # fresh deals: no memo replays
                    took = clock() - t0
                    spent[name] += took
                    acts[name] += played.actions
                    if played.won:
                        spent_won[name] += took
                        won[name] += 1
            for name in names:
                t = timed[name]
                t.seconds.append(spent[name])
                t.actions.append(acts[name])
                t.won_seconds.append(spent_won[name])
                t.won.append(won[name])
    return timed


def quartiles(values: list[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile)."""
    if len(values) < 2:
        return values[0], values[0], values[0]
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def summary(values: list[float], digits: int = 3) -> dict[str, Any]:
    q1, med, q3 = quartiles(values)
    return {
        "median": round(med, digits),
        "iqr": [round(q1, digits), round(q3, digits)],
        "spread": round((q3 - q1) / med, 3) if med else None,
    }


def shown(figure: dict[str, Any], unit: str = "") -> str:
    lo, hi = figure["iqr"]
    spread = figure["spread"]
    return (
        f"{figure['median']}{unit} (IQR {lo}-{hi}{unit}, spread {spread:.0%})"
        if spread is not None
        else f"{figure['median']}{unit}"
    )


def ratios(ours: Timed, theirs: Timed, per_action: bool = False) -> list[float]:
    """Per repeat: ours over theirs, in games (or actions) per CPU second."""
    out = []
    for r in range(len(ours.seconds)):
        a = (ours.actions[r] if per_action else ours.games) / ours.seconds[r]
        b = (theirs.actions[r] if per_action else theirs.games) / theirs.seconds[r]
        out.append(a / b)
    return out


def commit_of(folder: Path) -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(folder), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return out.stdout.strip()


def bench_game(
    entry: GameEntry,
    games: int,
    repeats: int,
    seed: int,
    peer_dir: Path | None,
    ceiling: bool = False,
) -> dict[str, Any]:
    low, high = entry.players
    seats = min(max(SEATS, low), high)
    options = entry.make_options(seats, {})
    pairing = PAIRINGS.get(entry.name)
    bot = pairing.bot if pairing else "random"
    matched = entry.make_options(seats, pairing.overrides) if pairing else options
    won = pairing.won if pairing else (lambda state: True)
    plays: dict[str, Playout] = {
        "bare": bare_playout(entry, options),
        "selfplay": selfplay_playout(entry, options, seats),
        "checked": checked_playout(entry, matched, bot, won),
        "play_out": play_out_playout(entry, matched, bot, won),
    }
    length = 0
    if ceiling and not reads_legal(entry.make_bot(bot, random.Random(0))):
        length = mean_legal_length(entry, matched, bot, seed)
        plays["list_ceiling"] = list_ceiling_playout(entry, matched, bot, won, length)
    if pairing is not None and peer_dir is not None:
        plays["peer"] = pairing.build(peer_dir)
    runs = interleaved(plays, games, repeats, seed)

    print(f"{entry.name}: {seats} players, {games} games x {repeats} repeats, CPU time")
    print(f"  bare, selfplay: our default rules, uniform random; {bot} for checked, play_out")
    figures: dict[str, Any] = {"players": seats, "games": games, "repeats": repeats}
    for name in plays:
        t = runs[name]
        figure = summary(t.rates(), 1)
        figures[f"{name}_games_per_s"] = figure
        apg = t.actions_per_game()
        if name != "selfplay":
            figures[f"{name}_actions_per_game"] = round(apg, 1)
        tail = f", {apg:.1f} actions a game" if name != "selfplay" else ""
        print(f"  {name + ':':10} {shown(figure, '/s')}{tail}")
    sb = summary(ratios(runs["selfplay"], runs["bare"]))
    figures["selfplay_vs_bare"] = sb
    print(f"  selfplay / bare: {shown(sb)} (target >= 0.9)")
    po = summary(ratios(runs["play_out"], runs["checked"]))
    figures["play_out_vs_checked"] = po
    print(f"  play_out / checked: {shown(po)}")
    if "peer" in runs and pairing is not None:
        assert peer_dir is not None
        figures["peer"] = f"{pairing.repository}@{commit_of(peer_dir)}"
        print(f"  pairs: ours = {pairing.ours}")
        print(f"         peer = {figures['peer']}: {pairing.theirs}")
        if length:
            print(
                f"  list_ceiling: checked with a fresh copy of a constant {length}-item list for "
                "the legal one (the most a list-returning legal_actions() could reach)"
            )
        for name in ("checked", "play_out", "list_ceiling"):
            if name not in runs:
                continue
            ours, theirs = runs[name], runs["peer"]
            per_game = summary(ratios(ours, theirs))
            per_action = summary(ratios(ours, theirs, per_action=True))
            figures[f"{name}_vs_peer"] = per_game
            figures[f"{name}_vs_peer_per_action"] = per_action
            print(
                f"  ours ({name}) / peer: {shown(per_game)} a game, {shown(per_action)} an action"
            )
        if any(w < games for w in runs["peer"].won) or any(w < games for w in runs["checked"].won):
            figures.update(won_figures(runs, games))
    return figures


def won_figures(runs: dict[str, Timed], games: int) -> dict[str, Any]:
    """Over the games both engines play to the same end (Skip-Bo: a winner by an emptied
    stock; the peer stops when its draw pile runs dry, ours plays on to the stalemate)."""
    ours, theirs = runs["checked"], runs["peer"]
    per = []
    for r in range(len(ours.seconds)):
        if ours.won[r] and theirs.won[r]:
            a = ours.won[r] / ours.won_seconds[r]
            b = theirs.won[r] / theirs.won_seconds[r]
            per.append(a / b)
    total = games * len(ours.seconds)
    figure = summary(per)
    print(
        f"  games won by an emptied stock: ours {sum(ours.won)}/{total}, peer "
        f"{sum(theirs.won)}/{total}; over those, ours (checked) / peer {shown(figure)}"
    )
    return {
        "checked_won_share": round(sum(ours.won) / total, 3),
        "peer_won_share": round(sum(theirs.won) / total, 3),
        "checked_vs_peer_won": figure,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per repeat (40)")
    parser.add_argument("--repeats", type=int, default=9, help="interleaved repeats (9)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument(
        "--peer", action="append", default=[], help="GAME=DIR: a checkout of a peer engine"
    )
    parser.add_argument(
        "--list-ceiling",
        action="store_true",
        help="also time the checked loop with a constant legal list, where the bot never "
        "reads it (Skip-Bo): the ceiling of any list-returning legal_actions()",
    )
    args = parser.parse_args(argv)
    peers: dict[str, Path] = {}
    for item in args.peer:
        name, sep, folder = item.partition("=")
        if not sep or name not in PAIRINGS:
            parser.error(f"--peer {item}: expected GAME=DIR, GAME one of {', '.join(PAIRINGS)}")
        peers[name] = Path(folder).resolve()
    for name, folder in peers.items():
        if not folder.is_dir():
            parser.error(f"the peer of {name}, {folder}: not a folder")
    known = {info.key for info in GAMES}
    for name in args.game or ():
        if name not in known:
            parser.error(f"--game {name}: expected one of {', '.join(sorted(known))}")
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats: expected at least 1")
    results: dict[str, Any] = {}
    for info in sorted(GAMES, key=lambda g: g.order):
        if args.game and info.key not in args.game:
            continue
        results[info.key] = bench_game(
            info.entry(),
            args.games,
            args.repeats,
            args.seed,
            peers.get(info.key),
            args.list_ceiling,
        )
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
