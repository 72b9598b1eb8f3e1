"""Benchmark every registered card game's engine: `python tools/bench_cards.py [--games N]`.

Per game of `cards/registry.py`, with its default rules for `--players` seats (clamped to what
the game allows), timed in interleaved repeats so a busy machine slows every figure alike:

- games_per_s, actions_per_game: random playouts through the checked API, exactly as a caller
  uses it (`legal_actions()` for the chooser, then `apply_action()`, which refuses an illegal
  action);
- selfplay_games_per_s: the same games through the `skully selfplay` code path (bots built by the
  registry, each seeing its own `observation()`), and selfplay_over_bare, the bare loop's speed
  over self-play's (the target is at most 1.2);
- with `--peer GAME=DIR` for a game whose peer engine this script knows, DIR a checkout of its
  repository, the peer's own playouts of the same game, side by side in the same process, and
  peer_ratio = ours / the peer's:
  - skull-king: aldoeliacim/skullking (`--peer-dir DIR` is short for `--peer skull-king=DIR`),
    random playouts, our rules set to match the peer's deck (74 cards: Kraken, Whale, Loot in);
  - skull: louisa-uno/skull-ai, a single module that plays whole games with its own computer
    players and prints as it goes (sent to a null sink here): four of its "balanced" players,
    against our random playouts of the four-player, one-deck game; its decisions are counted;
  - skip-bo: silashoevers/skip-bo-rl (its modules import PyTorch: put a CPU build on the path,
    e.g. `pip install --target DIR torch` and PYTHONPATH=DIR), four players with 30-card stocks
    playing the build-first heuristic on both sides: our build-first bot as `skully selfplay`
    plays it (`cards.bots.play_out`: each seat's view, every action checked before it is
    applied), and the same heuristic written against the peer's own `Player` checks and moves.
    The peer ends a game when its draw pile runs dry (about a fifth of them), ours plays on to
    the stalemate ruling, so the games differ in length: peer_ratio_per_action prints the
    ratio per action taken beside the ratio per game, and peer_ratio_won the ratio over the
    games both engines play to the same end, a winner by an emptied stock.

Each figure is the median over the repeats, with the spread (min-max) printed beside it. The last
line is one JSON object keyed by game name: `{"skull-king": {"games_per_s": ..., ...}, ...}`.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards.bots import play_out
from cards.engine import pick
from cards.registry import GAMES, GameEntry
from cards.selfplay import BotSpec, Match, play_one


class Played(NamedTuple):
    """One whole game: the actions taken, and whether it reached its goal (in Skip-Bo, a stock
    emptied) rather than being cut short by a rule the two engines do not share."""

    actions: int
    won: bool = True


Playout = Callable[[int], Played]  # seed -> one whole game played


def checked_playout(entry: GameEntry, options: Any) -> Playout:
    """One random game through the checked API: what every caller outside a search does."""

    def play(seed: int) -> Played:
        state = entry.new_state(options, seed)
        rng = random.Random(seed)
        actions = 0
        while not state.is_terminal():
            state.apply_action(pick(state.legal_actions(), rng))
            actions += 1
        return Played(actions)

    return play


def bot_playout(
    entry: GameEntry, options: Any, bot: str, won: Callable[[Any], bool] = lambda state: True
) -> Playout:
    """One game with the named bot of ours in every seat, played as `skully selfplay` plays it
    (`cards.bots.play_out`: each seat's glance, the legal actions unlisted for a bot that seldom
    reads them, the bot's choice, then the check and the move). `won` says whether the
    finished game reached its goal."""

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


def skull_king_peer(peer_dir: Path) -> Playout:
    """aldoeliacim/skullking's models driven as its own server drives them: a random bid in range,
    then per play the valid cards for the chooser and again for the server's check."""
    sys.path.insert(0, str(peer_dir))
    from app.models.card import get_card
    from app.models.game import Game
    from app.models.player import Player
    from app.models.trick import TigressChoice, Trick

    rounds = 10

    def play(seed: int) -> Played:
        random.seed(seed)  # the peer draws from the global generator
        rng = random.Random(seed)
        game = Game(id="bench", slug="bench")
        for i in range(4):
            game.add_player(Player(id=f"p{i}", username=f"p{i}", game_id="bench"))
        actions = 0
        for _ in range(rounds):
            rnd = game.start_new_round()
            game.deal_cards()
            for player in game.players:
                bid = int(rng.random() * (rnd.number + 1))
                if not 0 <= bid <= rnd.number:
                    raise ValueError("bid out of range")
                rnd.add_bid(player.id, bid)
                player.bid = bid
                actions += 1
            starter = rnd.starter_player_index
            for number in range(1, rnd.number + 1):
                trick = Trick(number=number, starter_player_index=starter)
                rnd.tricks.append(trick)
                for k in range(4):
                    player = game.players[(starter + k) % 4]
                    valid = trick.get_valid_cards(player.hand, trick.get_all_card_ids())
                    card = pick(valid, rng)
                    choice = None
                    if get_card(card).is_tigress():
                        choice = pick((TigressChoice.PIRATE, TigressChoice.ESCAPE), rng)
                    if card not in trick.get_valid_cards(player.hand, trick.get_all_card_ids()):
                        raise ValueError("illegal card")
                    trick.add_card(player.id, card, choice)
                    player.hand.remove(card)
                    actions += 1
                _, winner = trick.determine_winner()
                if winner is not None:
                    taker = game.get_player(winner)
                    assert taker is not None
                    taker.tricks_won += 1
                    starter = taker.index
            rnd.calculate_scores()
            for player in game.players:
                player.update_score(rnd.scores.get(player.id, 0))
        return Played(actions)

    return play


class _Sink:
    """Where the peer's prints go: nowhere, at the least cost a stream can have."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def skull_peer(peer_dir: Path) -> Playout:
    """louisa-uno/skull-ai's game loop (`play_turn` until it is over) with four of its own
    computer players; returns the decisions they made (cards placed, play-or-bid, bids)."""
    sys.path.insert(0, str(peer_dir))
    import skull_and_roses_game as peer

    counts = [0]

    class Counted(peer.SimpleAIPlayer):  # type: ignore[misc, name-defined]
        def choose_card_to_play(self, game_info=None):  # type: ignore[no-untyped-def]
            counts[0] += 1
            return super().choose_card_to_play(game_info)

        def decide_play_or_bid(self, game_info):  # type: ignore[no-untyped-def]
            counts[0] += 1
            return super().decide_play_or_bid(game_info)

        def make_bid(self, current_bid, max_possible, game_info=None):  # type: ignore[no-untyped-def]
            counts[0] += 1
            return super().make_bid(current_bid, max_possible, game_info)

    sink = _Sink()

    def play(seed: int) -> Played:
        random.seed(seed)  # the peer draws from the global generator
        counts[0] = 0
        out, sys.stdout = sys.stdout, sink  # type: ignore[assignment]
        try:
            game = peer.InteractiveSkullGame([Counted(f"p{i}") for i in range(4)], verbose=False)
            turns = 0
            while game.play_turn() and turns < 500:  # the peer's own cap
                turns += 1
        finally:
            sys.stdout = out
        return Played(counts[0])

    return play


def skip_bo_peer(peer_dir: Path) -> Playout:
    """silashoevers/skip-bo-rl's game (its deck, shuffles, deal, draws and the plays of its
    `Player`) with four players playing the build-first heuristic through its own checks and
    moves: the heuristic our build-first bot plays, written in the peer's terms (the project has
    only a neural network policy, which needs PyTorch importable: its module imports it).
    Returns the decisions made (plays and discards)."""
    sys.path.insert(0, str(peer_dir))
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
        game.players = [BuildFirst(game) for _ in range(4)]
        for _ in range(30):  # the deal, as its constructor makes it
            for player in game.players:
                player.stock_pile.append(game.draw_pile.pop())
        for player in game.players:
            player.fill_hand()
        seat = 0
        while game.is_game_running:
            game.players[seat].play()
            seat = (seat + 1) % 4
        return Played(counts[0], any(not player.stock_pile for player in game.players))

    return play


@dataclass(frozen=True)
class Peer:
    """How to race one game against a peer engine."""

    build: Callable[[Path], Playout]  # the peer's playout, from a checkout of it
    overrides: dict[str, str]  # our options that match the peer's game
    bot: str | None  # our bot in every seat against it; None: random playouts
    won: Callable[[Any], bool] = lambda state: True  # our finished game reached its goal


PEERS: dict[str, Peer] = {
    "skull-king": Peer(skull_king_peer, {"advanced_cards": "true"}, None),
    "skull": Peer(skull_peer, {}, None),
    "skip-bo": Peer(
        skip_bo_peer, {"stock": "30"}, "build-first", lambda state: state.games[-1].by == "stock"
    ),
}


# ---- timing ---------------------------------------------------------------------------------------


@dataclass
class Timed:
    """One playout's figures over the repeats."""

    rates: list[float] = field(default_factory=list)  # games/s, per repeat
    won_rates: list[float] = field(default_factory=list)  # games/s over the games won, per repeat
    actions: int = 0
    games: int = 0
    won: int = 0

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games


def interleaved(plays: dict[str, Playout], games: int, repeats: int, seed: int) -> dict[str, Timed]:
    """Games per second of each playout, `repeats` times (each over `games` fresh seeds, the
    same for every playout), over all its games and over those that reached their goal, and
    the actions a game each took on average.

    The playouts take turns game by game (in rotating order), so a change in the machine's load
    falls on all of them alike and the ratios stay honest on a shared machine."""
    names = list(plays)
    for name in names:  # warm-up: imports, caches
        plays[name](seed)
    timed = {name: Timed() for name in names}
    clock = time.perf_counter
    for r in range(repeats):
        spent = dict.fromkeys(names, 0.0)
        spent_won = dict.fromkeys(names, 0.0)
        won = dict.fromkeys(names, 0)
        gc.collect()
        for g in range(games):
            k = (r + g) % len(names)
            for name in names[k:] + names[:k]:
                t0 = clock()
                played = plays[name](seed + r * games + g)  # fresh deals: no memo replays
                took = clock() - t0
                spent[name] += took
                if played.won:
                    spent_won[name] += took
                    won[name] += 1
                timed[name].actions += played.actions
        for name in names:
            t = timed[name]
            t.rates.append(games / spent[name])
            t.won_rates.append(won[name] / spent_won[name] if won[name] else 0.0)
            t.games += games
            t.won += won[name]
    return timed


def spread(rates: list[float]) -> str:
    return f"median {statistics.median(rates):8.1f}/s  (min {min(rates):.1f}, max {max(rates):.1f})"


def bench_game(
    entry: GameEntry, players: int, games: int, repeats: int, seed: int, peer_dir: Path | None
) -> dict[str, Any]:
    low, high = entry.players
    seats = min(max(players, low), high)
    options = entry.make_options(seats, {})
    plays: dict[str, Playout] = {
        "checked": checked_playout(entry, options),
        "selfplay": selfplay_playout(entry, options, seats),
    }
    peer = PEERS.get(entry.name) if peer_dir is not None else None
    if peer is not None and peer_dir is not None:
        matched = entry.make_options(4, peer.overrides)
        if peer.bot is None:
            plays["ours_as_peer"] = checked_playout(entry, matched)
        else:
            plays["ours_as_peer"] = bot_playout(entry, matched, peer.bot, peer.won)
        plays["peer"] = peer.build(peer_dir)
    runs = interleaved(plays, games, repeats, seed)
    checked, selfplay = runs["checked"].rates, runs["selfplay"].rates
    figures: dict[str, Any] = {
        "players": seats,
        "games_per_s": round(statistics.median(checked), 1),
        "games_per_s_spread": [round(min(checked), 1), round(max(checked), 1)],
        "actions_per_game": round(runs["checked"].actions_per_game, 1),
        "selfplay_games_per_s": round(statistics.median(selfplay), 1),
        "selfplay_games_per_s_spread": [round(min(selfplay), 1), round(max(selfplay), 1)],
        "selfplay_over_bare": round(
            statistics.median(a / b for a, b in zip(checked, selfplay, strict=True)), 3
        ),
    }
    print(f"{entry.name}, {seats} players, {games} games x {repeats} repeats")
    print(f"  checked API:  {spread(checked)}   {figures['actions_per_game']} actions a game")
    print(f"  selfplay:     {spread(selfplay)}   bare / selfplay {figures['selfplay_over_bare']}")
    if "peer" in runs:
        figures.update(peer_figures(runs["ours_as_peer"], runs["peer"]))
    return figures


def peer_figures(ours: Timed, theirs: Timed) -> dict[str, Any]:
    """Ours against the peer's, per game, per action, and over the games both play to their
    goal (Skip-Bo: the peer ends a game when its draw pile runs dry, ours plays on to the
    stalemate ruling, so their games differ in length); printed, and returned for the JSON."""
    ratios = [a / b for a, b in zip(ours.rates, theirs.rates, strict=True)]
    per_action = [r * ours.actions_per_game / theirs.actions_per_game for r in ratios]
    won = [a / b for a, b in zip(ours.won_rates, theirs.won_rates, strict=True) if a and b]
    figures: dict[str, Any] = {
        "peer_games_per_s": round(statistics.median(theirs.rates), 1),
        "ours_as_peer_games_per_s": round(statistics.median(ours.rates), 1),
        "ours_as_peer_actions_per_game": round(ours.actions_per_game, 1),
        "peer_actions_per_game": round(theirs.actions_per_game, 1),
        "peer_ratio": round(statistics.median(ratios), 3),
        "peer_ratio_spread": [round(min(ratios), 3), round(max(ratios), 3)],
        "peer_ratio_per_action": round(statistics.median(per_action), 3),
    }
    print(f"  ours, peer's deck: {spread(ours.rates)}   {ours.actions_per_game:.1f} actions a game")
    print(
        f"  peer:              {spread(theirs.rates)}   {theirs.actions_per_game:.1f} actions a game"
    )
    print(
        f"  ours / peer:  median {figures['peer_ratio']:.3f} "
        f"(min {min(ratios):.3f}, max {max(ratios):.3f});  per action "
        f"{figures['peer_ratio_per_action']:.3f}"
    )
    if won and (ours.won < ours.games or theirs.won < theirs.games):
        figures.update(
            ours_won_share=round(ours.won / ours.games, 3),
            peer_won_share=round(theirs.won / theirs.games, 3),
            peer_ratio_won=round(statistics.median(won), 3),
            peer_ratio_won_spread=[round(min(won), 3), round(max(won), 3)],
        )
        print(
            f"  games played to a winner by an emptied stock: ours {ours.won}/{ours.games}, "
            f"peer {theirs.won}/{theirs.games}; over those, ours / peer median "
            f"{figures['peer_ratio_won']:.3f} (min {min(won):.3f}, max {max(won):.3f})"
        )
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per timed run (100)")
    parser.add_argument("--repeats", type=int, default=7, help="interleaved repeats (7)")
    parser.add_argument("--players", type=int, default=4, help="seats (4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--peer-dir", type=Path, help="short for --peer skull-king=DIR")
    parser.add_argument(
        "--peer", action="append", default=[], help="GAME=DIR: a checkout of a peer engine"
    )
    args = parser.parse_args(argv)
    peers: dict[str, Path] = {}
    if args.peer_dir is not None:
        peers["skull-king"] = args.peer_dir
    for item in args.peer:
        name, sep, folder = item.partition("=")
        if not sep or name not in PEERS:
            parser.error(f"--peer {item}: expected GAME=DIR, GAME one of {', '.join(PEERS)}")
        peers[name] = Path(folder)
    for name, folder in peers.items():
        if not folder.is_dir():
            parser.error(f"the peer of {name}, {folder}: not a folder")
    known = {info.key for info in GAMES}
    for name in args.game or ():
        if name not in known:
            parser.error(f"--game {name}: expected one of {', '.join(sorted(known))}")
    results: dict[str, Any] = {}
    for info in sorted(GAMES, key=lambda g: g.order):
        if args.game and info.key not in args.game:
            continue
        results[info.key] = bench_game(
            info.entry(), args.players, args.games, args.repeats, args.seed, peers.get(info.key)
        )
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
