"""Every save the program writes must load: play games of every mode, save after every action
with the program's own save code and load the file back with the loader Resume uses.

    python tools/save_roundtrip.py [--skully-games 300] [--card-games 100] [--seed 1]
        [--jobs 2] [--keep DIR] [--quick] [--game MODE:SEED]

Skully: under each rule preset, on the classic board, the other preset boards and a 30 cm board
with six players, with computer players of every level and with a scripted player who shoots
straight at the nearest other cap at a medium speed, keeps or restores a hit cap (alternately
or at random), takes offers and switches caps now and then, all through the Session API the
table uses (`simulate` + `judge`, `place`, `keep`, `switch`); the computer players plan with one
noisy sample a candidate (the table's take four: one is quicker and plays the same kinds of
shot). Saved with `Session.save` and loaded with `load_session`. Every card game in
`cards.registry.GAMES` under every value of every one of its options, its computer players of
every level at the seats (with their test-speed settings); saved with the table's
`Match.save` and loaded with `Match.load`. A load that gives another game than the one saved
counts as unloadable too.

Games are bounded (a shot limit for Skully, an action limit for the card games) and seeded:
every random choice comes from a `random.Random` made from the game's seed, so `--game
MODE:SEED` plays one game again exactly. A game stops at its first unloadable save (every later
save of it holds the same action) and at an error in play, which is named but is not a save
that failed to load. Files are written in a temporary folder, never in the player's data folder.

Prints progress and summary lines, one line per unloadable save (mode, seed, action index and
the loader's reason; the first few files are kept in --keep DIR), and last one JSON line:
{"modes": {"skully": {"games": N, "actions": A, "unloadable": U}, "skull-king": {...}, ...}}.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the card tables' adapters import pygame
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from option_sweep import option_sets

from cards.registry import GAMES, GameInfo, game
from skully_game.core.errors import DataError
from skully_game.core.games import scene_package
from skully_game.skully.board import PRESETS, BoardSpec, validate
from skully_game.skully.caps import CapType
from skully_game.skully.hand import HandLevel
from skully_game.skully.physics import MAX_SPEED, G
from skully_game.skully.rules import (
    OPTION_PRESETS,
    Decision,
    DecisionKind,
    RuleError,
    allowed_area,
    placement_problem,
    spot_for,
    suggested_spot,
)
from skully_game.skully.session import Seat, Session, load_session
from skully_game.skully.skill import LEVELS

SKULLY = "skully"
SKULLY_SHOTS = 100  # a Skully game still going after this many shots stops there
CARD_ACTIONS = 1200  # likewise a card game after this many actions
QUICK = {"skully_games": 6, "card_games": 2, "shots": 12, "actions": 120}
KEEP_PER_MODE = 3  # failing files kept per mode
SEEDS_PER_RUN = 100_000  # game g of a run with --seed S has the seed S * SEEDS_PER_RUN + g
SMALL_SIDE = 0.30  # the small board: 30 cm, every proportion of the classic board scaled down
BOARDS = ("classic", "sidewalk", "bronx", "eight-foot", "small")
PLAY = ("bots", "script", "mixed")  # who sits at a Skully table


# --- results --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Failure:
    """A save that did not load (or loaded as another game), or an error in play."""

    mode: str
    seed: int
    action: int  # index of the last action in the file (-1: before any)
    reason: str  # one line, the temporary folder left out
    text: str = ""  # the file, to keep (unloadable saves only)


@dataclass
class GameRun:
    """One game's tally."""

    mode: str
    seed: int
    label: str
    actions: int = 0  # saves written and loaded back
    unloadable: list[Failure] = field(default_factory=list)
    crash: Failure | None = None


@dataclass
class ModeTally:
    games: int = 0
    actions: int = 0
    unloadable: int = 0
    crashes: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    crash_reasons: Counter[str] = field(default_factory=Counter)
    failing_seeds: list[int] = field(default_factory=list)


def modes() -> list[str]:
    """Skully, then every registered card game, as the registry names them."""
    return [SKULLY, *(info.key for info in GAMES)]


def game_seed(base: int, index: int) -> int:
    return base * SEEDS_PER_RUN + index


def split_seed(seed: int) -> tuple[int, int]:
    """(run seed, game index) of a game's seed."""
    return divmod(seed, SEEDS_PER_RUN)


def one_line(text: str, where: Path | None = None) -> str:
    """A refusal in one line, without the temporary file's path."""
    line = " ".join(str(text).split())
    if where is not None:
        line = line.replace(f"{where}: ", "").replace(str(where), "the file")
    return line[:300]


def reason_group(reason: str) -> str:
    """A reason with its numbers taken out, so failures of one kind count together."""
    return re.sub(r"-?\d+(\.\d+)?(e-?\d+)?", "N", reason)


# --- Skully ---------------------------------------------------------------------------------


def small_board(side: float = SMALL_SIDE) -> BoardSpec:
    """The classic board with every length scaled to a `side` board (it passes validation)."""
    classic = PRESETS["classic"]
    k = side / classic.board_side
    lengths = {
        f.name: getattr(classic, f.name) * k
        for f in fields(BoardSpec)
        if isinstance(getattr(classic, f.name), float)
    }
    spec = replace(classic, name=f"small {round(side * 100)} cm", **lengths)
    validate(spec)
    return spec


@dataclass(frozen=True)
class SkullyGame:
    """What a Skully game of the run is: rules, board, seats and how the script chooses."""

    seed: int
    preset: str
    board: str
    kinds: tuple[str, ...]  # per seat: "script" or a computer level
    caps: tuple[CapType, ...]
    hands: tuple[HandLevel, ...]
    keep: str  # the script's keep-or-restore: "alternating" or "random"

    @property
    def label(self) -> str:
        script = f", keep/restore {self.keep}" if "script" in self.kinds else ""
        return (
            f"{self.preset}, {self.board} board, {len(self.kinds)} players "
            f"({', '.join(self.kinds)}){script}"
        )


def skully_game(seed: int) -> SkullyGame:
    """Game `index` of a run: every preset, every kind of table and every board in turn."""
    index = split_seed(seed)[1]
    rng = random.Random(f"save-roundtrip:skully:{seed}")
    presets = list(OPTION_PRESETS)
    preset = presets[index % len(presets)]
    play = PLAY[(index // len(presets)) % len(PLAY)]
    board = BOARDS[(index // (len(presets) * len(PLAY))) % len(BOARDS)]
    players = 6 if board == "small" else 2 + (index // 3 + index // 7) % 5
    levels = list(LEVELS)
    kinds = []
    for i in range(players):
        level = levels[(index + i) % len(levels)]
        if play == "script" or (play == "mixed" and i % 2 == 0):
            kinds.append("script")
        else:
            kinds.append(level)
    caps = tuple(CapType.CROWN if rng.random() < 0.5 else rng.choice(list(CapType)) for _ in kinds)
    hands = tuple(rng.choice(list(HandLevel)) for _ in kinds)
    keep = ("alternating", "random")[(index // (len(presets) * len(PLAY) * len(BOARDS))) % 2]
    return SkullyGame(seed, preset, board, tuple(kinds), caps, hands, keep)


class Script:
    """A scripted player: shoots at the nearest other cap, keeps or restores, places caps where
    they fit, takes an offer or switches caps now and then; all from one seeded generator."""

    def __init__(self, rng: random.Random, keep: str) -> None:
        self.rng = rng
        self.keep_policy = keep
        self.kept = 0

    def decide(self, session: Session) -> bool:
        """Make the pending decision, or take an offer; whether an action was made."""
        state = session.state
        d = state.decision
        if d is not None:
            if d.kind is DecisionKind.KEEP_OR_RESTORE:
                if self.keep_policy == "alternating":
                    keep = self.kept % 2 == 0
                    self.kept += 1
                else:
                    keep = self.rng.random() < 0.5
                session.keep(d.player, keep)
                return True
            session.place(d.player, self.spot(session, d))  # a required placement: must fit
            return True
        for offer in state.offers:
            if self.rng.random() >= 0.4:
                continue
            if offer.kind is DecisionKind.CHOOSE_CAP:
                cap = self.rng.choice(list(CapType))
                try:
                    session.switch(offer.player, cap)
                except RuleError:
                    continue  # no room for that cap: the table says so and play goes on
                return True
            point = self.spot(session, offer)
            if placement_problem(state, session.options, session.board, offer.player, point):
                continue  # nowhere free in the area: the offer is left
            session.place(offer.player, point)
            return True
        return False

    def spot(self, session: Session, decision: Decision) -> tuple[float, float]:
        """Where a person's click near the table's default spot puts the cap, as the table
        settles it."""
        state, board = session.state, session.board
        area = allowed_area(state, session.options, board, decision)
        along = self.rng.uniform(0.1, 0.9) if decision.kind is DecisionKind.PLACE_START else None
        guess = suggested_spot(state, board, decision, along)
        jitter = 0.03
        click = (
            guess[0] + self.rng.uniform(-jitter, jitter),
            guess[1] + self.rng.uniform(-jitter, jitter),
        )
        # where the table puts a cap clicked there: the free spot nearest to it (rules/room.py)
        return spot_for(state, session.options, board, decision.player, area.snap(click))

    def shoot(self, session: Session) -> None:
        """Straight at the nearest other cap on the table, hard enough to pass it."""
        state = session.state
        me = state.players[state.to_play]
        assert me.pos is not None
        others = [
            p.pos
            for i, p in enumerate(state.players)
            if i != state.to_play and p.pos is not None and not p.eliminated
        ]
        aim = min(others, key=lambda q: math.dist(q, me.pos)) if others else session.board.centre
        angle = math.atan2(aim[1] - me.pos[1], aim[0] - me.pos[0])
        angle += math.radians(self.rng.gauss(0.0, 2.0))
        reach = math.sqrt(2 * me.cap.spec.mu * G * (math.dist(aim, me.pos) + 0.3))
        speed = min(MAX_SPEED, max(reach, MAX_SPEED * self.rng.uniform(0.3, 0.5)))
        offset = self.rng.uniform(-0.3, 0.3) if self.rng.random() < 0.3 else 0.0
        flick = _flick(session, angle, speed, offset)
        flick, result, _ = session.simulate(flick.angle, flick.speed, flick.offset)
        session.judge(flick, result)


def _flick(session: Session, angle: float, speed: float, offset: float) -> Any:
    """The flick a person at the table makes when meaning this one (their hand's wobble)."""
    from skully_game.skully.rules import shot_setup

    meant = shot_setup(session.state, session.options).flick(angle, speed, offset)
    return session.made_flick(session.state.to_play, meant)


def play_skully(seed: int, work: Path, shots: int) -> GameRun:
    """One Skully game, saved and loaded back after every action."""
    from skully_game.skully.ai import Planner
    from skully_game.skully.skill import level

    plan = skully_game(seed)
    run = GameRun(SKULLY, seed, plan.label)
    spec = small_board() if plan.board == "small" else PRESETS[plan.board]
    seats = tuple(
        Seat(
            f"P{i + 1}",
            cap,
            i,
            "human" if kind == "script" else kind,
            hand if kind == "script" else HandLevel.STEADY,
        )
        for i, (kind, cap, hand) in enumerate(zip(plan.kinds, plan.caps, plan.hands, strict=True))
    )
    session = Session(spec, OPTION_PRESETS[plan.preset], seats, seed, board_file="")
    rng = random.Random(f"save-roundtrip:skully-players:{seed}")
    players: list[Script | Planner] = [
        Script(random.Random(rng.random()), plan.keep)
        if kind == "script"
        else Planner(level(kind), random.Random(rng.random()), samples=1)
        for kind in plan.kinds
    ]
    path = work / f"skully-{seed}.json"
    try:
        limit = 4 * shots + 40  # placements, choices and offers between the shots
        while not session.state.over and session.state.shots < shots and limit > 0:
            limit -= 1
            before = len(session.actions)
            try:
                _skully_step(session, players)
            except Exception as exc:  # an error in play: named, and the game stops
                run.crash = Failure(
                    SKULLY, seed, len(session.actions) - 1, f"{type(exc).__name__}: {one_line(exc)}"
                )
                break
            for index in range(before, len(session.actions)):
                run.actions += 1
                failure = _skully_roundtrip(session, path, seed, index)
                if failure is not None:
                    run.unloadable.append(failure)
                    return run
    finally:
        path.unlink(missing_ok=True)
    return run


def _skully_step(session: Session, players: list[Any]) -> None:
    """The next action: a pending decision, an offer taken, or a shot."""
    from skully_game.skully.ai import Planner

    state = session.state
    who = state.pending[0].player if state.pending else state.to_play
    player = players[who]
    if isinstance(player, Planner):
        if (state.pending or state.offers) and player.decide(session) is not None:
            return
        flick, _ = player.flick(session)
        flick, result, _ = session.simulate(flick.angle, flick.speed, flick.offset)
        session.judge(flick, result)
        return
    if (state.pending or state.offers) and player.decide(session):
        return
    player.shoot(session)


def _skully_roundtrip(session: Session, path: Path, seed: int, index: int) -> Failure | None:
    """Save the game as the table does after an action and open it as Resume does."""
    session.save(path)
    try:
        loaded = load_session(path)
    except DataError as exc:
        reason = one_line(str(exc), path)
    except Exception as exc:  # Resume catches DataError only: anything else closes the window
        reason = f"the loader crashed: {type(exc).__name__}: {one_line(str(exc), path)}"
    else:
        if loaded.state == session.state and len(loaded.actions) == len(session.actions):
            return None
        reason = "it loads as another game than the one saved"
    return Failure(SKULLY, seed, index, reason, path.read_text(encoding="utf-8"))


# --- card games -----------------------------------------------------------------------------


def table_game(info: GameInfo) -> Any:
    """The game's adapter at the table (what Resume loads a saved table with)."""
    import importlib

    return importlib.import_module(scene_package(info)).TABLE_GAME


def play_cards(mode: str, seed: int, work: Path, limit: int) -> GameRun:
    """One card game at the table, its computer players at every seat, saved after each action
    by `Match.save` and loaded back by `Match.load`, as Resume opens it."""
    from skully_game.scenes.cardtable.match import Match, Pace, TableSeat

    info = game(mode)
    entry = info.entry()
    table = table_game(info)
    index = split_seed(seed)[1]
    sets = option_sets(entry)
    options = sets[index % len(sets)]
    rng = random.Random(f"save-roundtrip:{mode}:{seed}")
    kinds = [kind for kind, _ in table.levels]
    n = options.players
    seats = [TableSeat(f"P{i + 1}", kinds[(index // len(sets) + i) % len(kinds)]) for i in range(n)]
    match = Match(table, options, seed, seats, rng.choice(list(Pace)))
    match.path = work / f"{mode}-{seed}.json"
    bots = [
        entry.make_bot(s.kind, random.Random(rng.random()), **entry.quick_bots.get(s.kind, {}))
        for s in seats
    ]
    label = f"{json.dumps(options.to_dict())}, {', '.join(s.kind for s in seats)}"
    run = GameRun(mode, seed, label)
    try:
        while not table.is_over(match.state) and run.actions < limit:
            state = match.state
            try:
                seat = table.to_act(state)
                if seat is None:
                    break
                view = state.observation(seat).detached()  # what the table's thinker hands it
                table.apply(state, bots[seat].act(view, state.legal_actions()))
            except Exception as exc:
                run.crash = Failure(mode, seed, run.actions - 1, f"{type(exc).__name__}: {exc}")
                break
            index_ = run.actions
            run.actions += 1
            failure = _cards_roundtrip(match, mode, seed, index_)
            if failure is not None:
                run.unloadable.append(failure)
                break
    finally:
        match.path.unlink(missing_ok=True)
    return run


def _cards_roundtrip(match: Any, mode: str, seed: int, index: int) -> Failure | None:
    from skully_game.scenes.cardtable.match import Match

    path = match.path
    match.save()
    table = match.game
    try:
        loaded = Match.load(table, path)
    except (DataError, ValueError) as exc:  # what the Resume list's open_table catches
        reason = one_line(str(exc), path)
    except Exception as exc:
        reason = f"the loader crashed: {type(exc).__name__}: {one_line(str(exc), path)}"
    else:
        same = (
            table.history(loaded.state) == table.history(match.state)
            and table.is_over(loaded.state) == table.is_over(match.state)
            and [(s.name, s.kind) for s in loaded.seats] == [(s.name, s.kind) for s in match.seats]
        )
        if same:
            return None
        reason = "it loads as another game than the one saved"
    return Failure(mode, seed, index, reason, path.read_text(encoding="utf-8"))


# --- the run --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    shots: int = SKULLY_SHOTS
    actions: int = CARD_ACTIONS


def play(job: tuple[str, int, str, Limits]) -> GameRun:
    """One game of a run (in a worker process or not)."""
    mode, seed, work, limits = job
    folder = Path(work)
    if mode == SKULLY:
        return play_skully(seed, folder, limits.shots)
    return play_cards(mode, seed, folder, limits.actions)


def jobs_for(
    seed: int, skully_games: int, card_games: int, work: Path, limits: Limits
) -> list[tuple[str, int, str, Limits]]:
    """Every game of the run, Skully's first (they take longest), the modes interleaved."""
    jobs = [(SKULLY, game_seed(seed, g), str(work), limits) for g in range(skully_games)]
    for g in range(card_games):
        for info in GAMES:
            jobs.append((info.key, game_seed(seed, g), str(work), limits))
    return jobs


def results(jobs: list[Any], workers: int) -> Iterator[GameRun]:
    if workers <= 1 or len(jobs) <= 1:
        yield from map(play, jobs)
        return
    import multiprocessing

    pool = multiprocessing.get_context("fork").Pool(workers)
    try:
        yield from pool.imap_unordered(play, jobs, chunksize=1)
    except BaseException:
        pool.terminate()  # an interrupt must not leave workers playing on
        raise
    pool.close()
    pool.join()


def run(
    *,
    skully_games: int,
    card_games: int,
    seed: int,
    jobs: int = 1,
    keep: Path | None = None,
    limits: Limits | None = None,
    only: tuple[str, int] | None = None,
    out: Callable[[str], None] = print,
) -> dict[str, Any]:
    """Play the run, print what it finds; returns the summary printed last as JSON."""
    limits = limits or Limits()
    tallies = {mode: ModeTally() for mode in modes()}
    kept: Counter[str] = Counter()
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="save-roundtrip-work-"))
    try:
        if only is not None:
            todo = [(only[0], only[1], str(work), limits)]
        else:
            todo = jobs_for(seed, skully_games, card_games, work, limits)
        total = len(todo)
        last = started
        for done, game_run in enumerate(results(todo, jobs), start=1):
            _tally(game_run, tallies[game_run.mode], keep, kept, out)
            now = time.perf_counter()
            if now - last >= 15 or done == total:
                last = now
                out(_progress(done, total, tallies, now - started))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for mode, tally in tallies.items():
        out(_mode_line(mode, tally))
        for reason, count in tally.reasons.most_common():
            out(f"  unloadable ×{count}: {reason}")
        for reason, count in tally.crash_reasons.most_common():
            out(f"  error in play ×{count}: {reason}")
        if tally.failing_seeds:
            out(f"  seeds with an unloadable save: {' '.join(map(str, tally.failing_seeds))}")
    summary = {
        "modes": {
            mode: {"games": t.games, "actions": t.actions, "unloadable": t.unloadable}
            for mode, t in tallies.items()
        }
    }
    out(json.dumps(summary))
    return summary


def _tally(
    game_run: GameRun, tally: ModeTally, keep: Path | None, kept: Counter[str], out: Any
) -> None:
    tally.games += 1
    tally.actions += game_run.actions
    for failure in game_run.unloadable:
        tally.unloadable += 1
        tally.reasons[reason_group(failure.reason)] += 1
        tally.failing_seeds.append(failure.seed)
        where = ""
        if keep is not None and kept[failure.mode] < KEEP_PER_MODE:
            kept[failure.mode] += 1
            keep.mkdir(parents=True, exist_ok=True)
            name = f"{failure.mode}-seed{failure.seed}-action{failure.action}.json"
            (keep / name).write_text(failure.text, encoding="utf-8")
            where = f" [kept as {keep / name}]"
        out(
            f"UNLOADABLE {failure.mode} seed {failure.seed} action {failure.action}: "
            f"{failure.reason}{where} ({game_run.label})"
        )
    if game_run.crash is not None:
        crash = game_run.crash
        tally.crashes += 1
        tally.crash_reasons[reason_group(crash.reason)] += 1
        out(
            f"ERROR IN PLAY {crash.mode} seed {crash.seed} after action {crash.action}: "
            f"{crash.reason} ({game_run.label})"
        )


def _progress(done: int, total: int, tallies: dict[str, ModeTally], seconds: float) -> str:
    parts = [f"{m} {t.games}/{t.unloadable}" for m, t in tallies.items() if t.games]
    return f"{done}/{total} games in {seconds:.0f} s (games/unloadable: {', '.join(parts)})"


def _mode_line(mode: str, tally: ModeTally) -> str:
    return (
        f"{mode}: {_plural(tally.games, 'game')}, {_plural(tally.actions, 'save')} loaded back, "
        f"{tally.unloadable} unloadable, {tally.crashes} stopped by an error in play"
    )


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _game_arg(text: str) -> tuple[str, int]:
    mode, sep, seed = text.partition(":")
    if not sep or mode not in modes() or not seed.isdigit():
        raise argparse.ArgumentTypeError(
            f"expected MODE:SEED with MODE one of {', '.join(modes())}"
        )
    return mode, int(seed)


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("expected 0 or more")
    return value


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skully-games", type=_count, default=300, help="Skully games (300)")
    parser.add_argument(
        "--card-games", type=_count, default=100, help="games of each card game (100)"
    )
    parser.add_argument("--seed", type=_count, default=1, help="the run's seed (1)")
    parser.add_argument("--jobs", type=int, choices=(1, 2), default=2, help="processes (2)")
    parser.add_argument("--keep", type=Path, help="where to keep the first failing files")
    parser.add_argument("--quick", action="store_true", help="a few short games of each mode")
    parser.add_argument("--shots", type=_count, default=SKULLY_SHOTS, help="shots a Skully game")
    parser.add_argument("--actions", type=_count, default=CARD_ACTIONS, help="actions a card game")
    parser.add_argument("--game", type=_game_arg, help="only this game again: MODE:SEED")
    args = parser.parse_args(None if argv is None else list(argv))
    skully_games, card_games = args.skully_games, args.card_games
    limits = Limits(args.shots, args.actions)
    if args.quick:
        skully_games, card_games = QUICK["skully_games"], QUICK["card_games"]
        limits = Limits(QUICK["shots"], QUICK["actions"])
    # the program's own folders point at a temporary one: nothing reaches the player's files
    home = Path(tempfile.mkdtemp(prefix="save-roundtrip-home-"))
    os.environ["SKULLY_DATA_DIR"] = str(home / "data")
    os.environ["SKULLY_CONFIG_DIR"] = str(home / "config")
    keep = args.keep or Path(tempfile.mkdtemp(prefix="save-roundtrip-kept-"))
    print(f"failing files are kept in {keep}", flush=True)
    try:
        summary = run(
            skully_games=skully_games,
            card_games=card_games,
            seed=args.seed,
            jobs=args.jobs,
            keep=keep,
            limits=limits,
            only=args.game,
            out=lambda line: print(line, flush=True),
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)
        if args.keep is None and not any(keep.iterdir()):
            keep.rmdir()  # nothing failed: no empty folder left behind
    bad = sum(m["unloadable"] for m in summary["modes"].values())
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
