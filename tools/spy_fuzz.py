"""Secrets at a shared desk, proven by fuzzing: every table game, headless, driven through its
real scene by 2-3 people and a computer player with seeded random input (clicks on widgets,
cards, stacks, piles and the empty table; double clicks; bursts of Enter, Space, Tab, arrows,
Esc, Ctrl+Z; keys held down; with and without pauses), across pass screens, summaries and the
game's end. A spy watches every card face and every text drawn (cardtable/secrecy.py's hook).

    python tools/spy_fuzz.py [--sequences 300] [--jobs 2] [--steps 40] [--games skull ...]

A leak is any of:
- a private item (owned by one seat) drawn in a frame whose viewer is another seat or everyone;
- a private item drawn for a person the spy does not know to be at the screen: the spy follows
  the pass screens itself, and a pass screen counts as taken by its person only when a press
  came at least DELIBERATE seconds after the screen was first drawn (else whoever sits there
  is unknown, and nothing private may show until the next pass screen);
- a card face drawn past the gate (not through `Sight`);
- (Skull King, Skull) a card face, or a text naming a card, that only another seat knows.
Skirrid is open information: its frames are counted and must raise nothing.

It also counts the moves nobody chose (`unchosen`, must be 0): a person's move made by a key's
repeat (keys are held down, repeating at the usual rate of 30 a second, into pass screens and
hands alike), or by a press that began before that person's hand was shown (a button or key
held through the pass screen). The pointer is often left where the last person left it.

Prints a line per game and, last, one JSON line:
{"games": {"skull-king": {"sequences": N, "frames": F, "leaks": L, "unchosen": U,
"errors": E}, ...}}
Exits 1 if any leak, unchosen move or error was found.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
for _name, _prefix in (("SKULLY_CONFIG_DIR", "skully-cfg-"), ("SKULLY_DATA_DIR", "skully-data-")):
    if _name not in os.environ:  # never the player's own settings or saves
        os.environ[_name] = tempfile.mkdtemp(prefix=_prefix)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from cards import registry  # noqa: E402
from skully_game.core.games import scene_package  # noqa: E402
from skully_game.scenes.cardtable import secrecy  # noqa: E402
from skully_game.scenes.cardtable.match import TableSeat  # noqa: E402
from skully_game.scenes.cardtable.secrecy import EVERYONE, UNOWNED, Seen  # noqa: E402
from skully_game.scenes.cardtable.spykit import Setup, spy_hooks  # noqa: E402
from skully_game.shell.app import TICK, App  # noqa: E402

GAMES = tuple(info.key for info in sorted(registry.GAMES, key=lambda g: g.order) if info.table)
PEOPLE = ("Bea", "Anne", "Dora")
COMPUTER = "Calico"
DELIBERATE = 0.3  # s: a press this soon after a pass screen is first drawn is stray input
FRAME_GAP = 0.25  # s of game time at most between two frames drawn
SIZES = ((1280, 800), (1024, 640))
PASS_TEXT = "Pass the screen to "
STRAY = "stray"  # the spy's mark: a pass screen fell to input that was not its person's


class Inline:
    """The computer players think at once, on the table's thread: a sequence is then the same
    every time its seed is run."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        """Nothing runs elsewhere."""


# --- the games at the table: each scene package's SPY (cardtable/spykit.py) ----------------


def _seats(rng: random.Random, players: int, people: int, level: str) -> list[TableSeat]:
    """`people` people and computer players, the people at random seats."""
    where = sorted(rng.sample(range(players), people))
    seats, names = [], iter(PEOPLE)
    for seat in range(players):
        seats.append(TableSeat(next(names)) if seat in where else TableSeat(COMPUTER, level))
    if players - people > 1:  # two computer players need two names
        k = 0
        for s in seats:
            if not s.human:
                s.name = f"{COMPUTER} {k + 1}" if k else COMPUTER
                k += 1
    return seats


def make_setup(game: str, app: App, rng: random.Random, seed: int) -> Setup:
    """A table of `game` for 2 or 3 people and a computer player, at a random position."""
    people = rng.choice((2, 3))
    hooks = spy_hooks(scene_package(registry.game(game)))
    return hooks.setup(app, rng, seed, people, lambda n: _seats(rng, n, people, "random"))


# --- the spy ---------------------------------------------------------------------------------


@dataclass
class Spy:
    """What each frame drew, judged against who the spy knows to be at the screen."""

    setup: Setup
    names: list[str]
    game: str
    seed: int
    at_screen: int | str | None = None  # a seat, STRAY, or None: nobody known yet
    pass_name: str | None = None
    first_seen: float = 0.0
    presses: list[float] = field(default_factory=list)
    frame: list[Seen] = field(default_factory=list)
    frames: int = 0
    leaks: list[str] = field(default_factory=list)
    shown: Counter[str] = field(default_factory=Counter)  # frames of each kind, and passes
    _truth: tuple[object, set[str], Any] = ((), set(), None)

    def __call__(self, seen: Seen) -> None:
        self.frame.append(seen)

    def press(self, now: float) -> None:
        """A fresh press (a button or a pass key going down) at game time `now`."""
        self.presses.append(now)

    def _taken(self, viewer: int | None) -> None:
        """The pass screen seen last is gone. The table now shows `viewer`'s view: if that is
        the person the screen named, it was taken, by them (a press late enough) or by stray
        input; else the game closed it (a computer player acted: a public screen follows)."""
        if self.pass_name is None:
            return
        seat = self.names.index(self.pass_name) if self.pass_name in self.names else STRAY
        if viewer is None or viewer != seat:
            self.at_screen = None  # nobody known at the screen
            self.shown["passes closed by the game"] += 1
        else:
            deliberate = any(t >= self.first_seen + DELIBERATE - 1e-6 for t in self.presses)
            self.at_screen = seat if deliberate else STRAY
            self.shown["passes taken" if deliberate else "passes taken by stray input"] += 1
        self.pass_name = None

    def secrets(self, viewer: int | None) -> tuple[set[str], Any]:
        """The codes only others know, and a pattern for their names (cached per position)."""
        truth = self.setup.truth
        if truth is None:
            return set(), None
        state = self.setup.table.state
        key = (len(state.events), viewer)
        if self._truth[0] != key:
            codes = truth(state, viewer)
            named = [c for c in codes if self.setup.named(c)]
            words = sorted({self.setup.describe(c) for c in named}, key=len, reverse=True)  # type: ignore[misc]
            pattern = (
                re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b", re.I)
                if words
                else None
            )
            self._truth = (key, codes, pattern)
        return self._truth[1], self._truth[2]

    @staticmethod
    def public(table: Any) -> bool:
        """What everyone at the desk watches, whatever the table thinks: a round's summary,
        the game's end, a turn the game's rules make public (a reveal)."""
        if len(table.humans) < 2 or not hasattr(table, "summary"):
            return False
        ended = table.over() and not table.busy()
        public_turn = table.game.public_turn(table.state) and not table.busy()
        return table.summary is not None or ended or public_turn

    def judge(self, now: float, step: int) -> None:
        """One frame drawn at game time `now`: every private item must be its viewer's."""
        seen, self.frame = self.frame, []
        self.frames += 1
        shown = next((s.item[len(PASS_TEXT) :] for s in seen if s.item.startswith(PASS_TEXT)), None)
        table = self.setup.table
        if shown is not None:
            if shown != self.pass_name:
                self._taken(None)
                self.pass_name, self.first_seen, self.presses = shown, now, []
            screen: int | str | None = None  # a pass screen is public
        else:
            self._taken(table.seeing())
            screen = None if self.public(table) else self.at_screen
            if screen is None and self.public(table):
                # everyone watched this screen: whoever sits there next is not known until
                # a pass screen is taken (no hand may come back without one)
                self.at_screen = None
        self.shown["pass screen" if shown is not None else "table"] += 1
        if getattr(table, "summary", None) is not None:
            self.shown["summary"] += 1
        if getattr(table, "glance", None) is not None and shown is None:
            self.shown["peek"] += 1
        if table.game.is_over(table.state):
            self.shown["game over"] += 1
        for s in seen:
            problem = ""
            if s.owner == UNOWNED:
                problem = "a card face drawn past the gate" if s.kind == "card" else ""
            elif s.owner is not EVERYONE and (s.owner != s.viewer or s.owner != screen):
                problem = (
                    f"seat {s.owner}'s item drawn (frame viewer {s.viewer}, at screen {screen})"
                )
            if not problem and self.setup.truth is not None:
                viewer = s.viewer if s.viewer is not None and s.viewer == screen else None
                codes, pattern = self.secrets(viewer)
                if s.kind == "card" and s.item in codes:
                    problem = f"a card only others know, for viewer {viewer}"
                elif s.kind == "text" and pattern is not None and pattern.search(s.item):
                    problem = f"names a card only others know, for viewer {viewer}"
            if problem:
                self.leaks.append(
                    f"{self.game} seed {self.seed} step {step}: {problem}: {s.kind} {s.item!r}"
                )


# --- the input -------------------------------------------------------------------------------

KEYS = (
    pygame.K_RETURN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_KP_ENTER,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_ESCAPE,
    pygame.K_z,  # with Ctrl: undo
    pygame.K_0,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_r,
    pygame.K_f,
    pygame.K_PAGEUP,
)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Sequence:
    """One seeded sequence of input at one table, with its spy."""

    def __init__(self, game: str, seed: int, app: App, plant: Callable[[Any], None] | None):
        self.rng = random.Random(f"{game}:{seed}")
        self.app = app
        app.game_time, app.toasts = 0.0, []  # each sequence from the same start: replayable
        app._resize(SIZES[seed % 2])
        self.setup = make_setup(game, app, self.rng, seed)
        self.table = self.setup.table
        self.table.pool = Inline()
        if plant is not None:
            plant(self.table)
        app.stack.clear()
        app.stack.push(self.table)
        self.spy = Spy(self.setup, [s.name for s in self.table.match.seats], game, seed)
        self.held: dict[int, float] = {}  # keys down, and when each went down
        self.button_at: float | None = None  # when the left button went down, if it is down
        self.shown_at = -1.0  # when a person's hand was last shown (a pass screen opened)
        self.chosen = True  # the event being dispatched is a fresh press made since then
        self.unchosen: list[str] = []
        self.step = 0
        real = self.table.act

        def act(action: str) -> None:
            seat = self.table.game.to_act(self.table.state)
            if not self.chosen and seat in self.table.humans:
                self.unchosen.append(
                    f"{game} seed {seed} step {self.step}: {action} made by a repeat or a "
                    "press from before the hand was shown"
                )
            real(action)

        self.table.act = act

    # the clock and the frames

    def advance(self, seconds: float) -> None:
        """Time passes: ticks, a frame at least every FRAME_GAP."""
        ticks = max(1, round(seconds / TICK))
        gap = round(FRAME_GAP / TICK)
        for k in range(ticks):
            if not self.alive():
                return
            self.app.tick()
            if (k + 1) % gap == 0:
                self.draw()
        self.draw()

    def draw(self) -> None:
        if not self.alive():
            return
        self.app.draw(0.5)
        self.spy.judge(self.app.game_time, self.step)

    def alive(self) -> bool:
        """The table is on the screen, or a question over it; a screen opened over it (the
        rules, a replay) is closed again, as a person goes back. Gone: the sequence is over."""
        stack = self.app.stack
        if self.table not in stack.scenes:
            return False
        while stack.top is not self.table and not getattr(stack.top, "transparent", False):
            stack.pop()
        return True

    # events

    def send(self, event: pygame.event.Event) -> None:
        if not self.alive():
            return
        now = self.app.game_time
        self.chosen = True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.spy.press(now)
            self.button_at = now
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            began, self.button_at = self.button_at, None
            self.chosen = began is not None and began > self.shown_at
        if event.type == pygame.KEYDOWN:
            if event.key in PRESS_KEYS and event.key not in self.held:
                self.spy.press(now)
            self.chosen = event.key not in self.held  # a repeat is no choice
            self.held.setdefault(event.key, now)
        if event.type == pygame.KEYUP:
            self.held.pop(event.key, None)
        passing = getattr(self.table, "passing", None)
        self.app.dispatch(event)
        if passing is not None and getattr(self.table, "passing", None) is None:
            self.shown_at = now  # whatever is down now began before the hand was shown
        self.chosen = True

    def move(self, pos: tuple[int, int]) -> None:
        self.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.move(pos)
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))

    def key(self, k: int, up: bool = True, mod: int | None = None) -> None:
        """A key as the keyboard sends it (polled: it carries `doubt`, shell/pacer.py)."""
        if mod is None:
            mod = pygame.KMOD_CTRL if k == pygame.K_z and self.rng.random() < 0.7 else 0
        self.send(_keyed(pygame.KEYDOWN, k, mod))
        if up:
            self.send(_keyed(pygame.KEYUP, k, mod))

    def hold(self, k: int, seconds: float) -> None:
        """A key held down for `seconds`, repeating 30 times a second, then let go."""
        self.key(k, up=False, mod=0)
        for _ in range(max(1, round(seconds * 30))):
            self.advance(1 / 30)
            if not self.alive():
                return
            self.send(_keyed(pygame.KEYDOWN, k, 0))
        self.send(_keyed(pygame.KEYUP, k, 0))

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.move(start)
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for k in range(1, 5):
            p = (start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4)
            self.send(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))

    # where to click

    def points(self) -> list[tuple[int, int]]:
        """Places worth a click: widgets, cards, stacks, piles, the pass button, the table."""
        t = self.table
        w, h = self.app.size
        out = [w_.rect.center for w_ in t.widgets.widgets]
        out += [(self.rng.randrange(w), self.rng.randrange(h)) for _ in range(3)]
        if hasattr(t, "pass_button"):
            out.append(t.pass_button().center)
        if hasattr(t, "hand_layout"):
            out += [r.center for _, r, _ in t.hand_layout()]
            out += [r.move(0, -18).center for _, r, _ in t.hand_layout()]
        if hasattr(t, "spot_layout"):
            out += [p.stack_rect().center for p in t.spot_layout()]
        if hasattr(t, "seat_rects"):
            out += [r.center for r in t.seat_rects().values()]
        if hasattr(t, "geometry"):  # Skip-Bo: every stock, discard pile and building pile
            geo = t.geometry()
            out += [r.center for r in geo.builds] + [geo.draw.center]
            for mat in geo.mats.values():
                out += [mat.stock.center] + [p.center for p in mat.piles]
        if hasattr(t, "tray_slots"):  # Skirrid: the tray and the board
            out += [r.center for _, r, _ in t.tray_slots()]
            lay = t.lay()
            out += [
                (
                    lay.board.x + self.rng.randrange(lay.board.w),
                    lay.board.y + self.rng.randrange(lay.board.h),
                )
                for _ in range(3)
            ]
        return [(int(x), int(y)) for x, y in out]

    # the moves

    def play(self) -> None:
        """A person's sensible move through the screen, so the game goes on."""
        t = self.table
        if getattr(t, "passing", None) is not None:
            self.sit_down()
            return
        if hasattr(t, "tray_slots"):
            self._play_skirrid()
            return
        if hasattr(t, "sources") and t.my_turn():
            sources = t.sources()
            if sources:
                src = self.rng.choice(sources)
                targets = t.targets(src)
                a = t.place_rect(src)
                b = t.target_rect(self.rng.choice(targets)) if targets else None
                if a is not None and b is not None:
                    self.drag(a.center, b.center)
                    return
        choices = [w.rect.center for w in t.widgets.widgets if w.label not in ("Save and leave",)]
        cards = [r.move(0, -18).center for c, r, _ in t.hand_layout() if t.playable(c)]
        spots = [p.stack_rect().center for p in getattr(t, "choosable_spots", list)()]
        menu = [w.rect.center for w in t.choice_buttons] if hasattr(t, "choice_buttons") else []
        options = cards + spots + menu + [c for c in choices if c not in menu][-2:]
        if options:
            self.click(self.rng.choice(options))

    def _play_skirrid(self) -> None:
        t = self.table
        if t.must_pass():
            self.key(pygame.K_RETURN)
            return
        slots = t.tray_slots()
        if not slots or not t.my_turn():
            return
        _, rect, _ = self.rng.choice(slots)
        self.click(rect.center)
        hints = sorted(t.hints())
        if hints:
            row, col = self.rng.choice(hints)
            lay = t.lay()
            at = (
                lay.board.x + col * lay.cell + lay.cell // 2,
                lay.board.y + row * lay.cell + lay.cell // 2,
            )
            self.move(at)
            self.click(at)

    def sit_down(self) -> None:
        """The person the pass screen names waits for it to arm, then takes it."""
        self.advance(0.7)
        t = self.table
        if self.rng.random() < 0.5 and hasattr(t, "pass_button"):
            self.click(t.pass_button().center)
        else:
            self.key(self.rng.choice(PRESS_KEYS))

    def run(self, steps: int) -> None:
        self.draw()
        for self.step in range(1, steps + 1):
            if not self.alive():
                return
            r = self.rng.random()
            if r < 0.28:
                self.play()
            elif r < 0.36:
                self.sit_down()
            elif r < 0.50:
                self.click(self.rng.choice(self.points()), 3 if self.rng.random() < 0.05 else 1)
            elif r < 0.62:
                at = self.rng.choice(self.points())
                self.click(at)
                gap = self.rng.choice((0, 0, 3, 12, 20))
                if gap:
                    self.advance(gap * TICK)
                self.click(at)
            elif r < 0.76:
                for _ in range(self.rng.randint(1, 4)):
                    self.key(self.rng.choice(KEYS))
            elif r < 0.80:
                # held down, repeating: into a pass screen (armed or not) and on into the hand
                k = self.rng.choice((*PRESS_KEYS, *PRESS_KEYS, pygame.K_1, pygame.K_RIGHT))
                if getattr(self.table, "passing", None) is not None and self.rng.random() < 0.6:
                    self.advance(0.7)  # the screen arms first: the held key opens it
                self.hold(k, self.rng.choice((0.1, 0.4, 1.0, 2.0)))
            elif r < 0.86:
                self.move(self.rng.choice(self.points()))
            elif r < 0.90:
                self.drag(self.rng.choice(self.points()), self.rng.choice(self.points()))
            else:
                self.advance(self.rng.choice((0.05, 0.2, 0.6, 1.2, 2.5)))
                continue
            if self.rng.random() < 0.5:
                self.advance(self.rng.choice((TICK, 0.1, 0.3)))
            else:
                self.draw()


def _keyed(kind: int, k: int, mod: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0, doubt=0.0)


# --- running ---------------------------------------------------------------------------------

_APP: list[App] = []


def _app() -> App:
    if not _APP:
        from skully_game.core.settings import Settings

        _APP.append(App(Settings(muted=True), size=SIZES[0]))
    return _APP[0]


@dataclass
class Tally:
    sequences: int = 0
    frames: int = 0
    leaks: int = 0
    unchosen: int = 0  # a person's moves made by a repeat or a press from before their hand
    errors: int = 0
    steps: int = 0  # input steps made (a sequence ends early when its table is left)
    shown: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)  # the first few leaks and errors, in words

    def add(self, other: Tally) -> None:
        self.sequences += other.sequences
        self.frames += other.frames
        self.leaks += other.leaks
        self.unchosen += other.unchosen
        self.errors += other.errors
        self.steps += other.steps
        self.shown.update(other.shown)
        self.notes += other.notes[: max(0, 8 - len(self.notes))]


def run_sequence(
    game: str,
    seed: int,
    steps: int = 40,
    plant: Callable[[Any], None] | None = None,
    app: App | None = None,
) -> Tally:
    """One sequence: its frames, leaks and errors (an exception is an error, with its step).
    `plant` changes the table before it is shown (a test plants a leak there)."""
    app = app or _app()
    tally = Tally(sequences=1)
    seq = None
    try:
        seq = Sequence(game, seed, app, plant)
        with secrecy.spying(seq.spy, seq.setup.adapter):
            seq.run(steps)
    except Exception as exc:  # a fuzz reports every failure, with its seed and step
        step = seq.step if seq is not None else 0
        where = traceback.extract_tb(exc.__traceback__)[-1]
        tally.errors = 1
        tally.notes.append(
            f"{game} seed {seed} step {step}: {type(exc).__name__}: {exc} "
            f"({Path(where.filename).name}:{where.lineno})"
        )
    finally:
        app.stack.clear()
        app.running = True
    if seq is not None:
        tally.steps = seq.step
        tally.shown = seq.spy.shown
        tally.frames = seq.spy.frames
        tally.leaks = len(seq.spy.leaks)
        tally.unchosen = len(seq.unchosen)
        tally.notes += seq.spy.leaks[:3] + seq.unchosen[:3]
    return tally


def run_many(game: str, seeds: list[int], steps: int) -> Tally:
    total = Tally()
    for seed in seeds:
        total.add(run_sequence(game, seed, steps))
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sequences", type=int, default=300, help="sequences per game")
    parser.add_argument("--steps", type=int, default=40, help="input steps per sequence")
    parser.add_argument("--seed", type=int, default=0, help="the first sequence's seed")
    parser.add_argument("--jobs", type=int, default=2, choices=(1, 2), help="processes")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    args = parser.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.sequences))
    chunks = [seeds[k :: args.jobs * 4] for k in range(args.jobs * 4)]
    results: dict[str, Tally] = {}
    started = time.perf_counter()
    if args.jobs == 1:
        for game in args.games:
            t0 = time.perf_counter()
            results[game] = run_many(game, seeds, args.steps)
            _say(game, results[game], time.perf_counter() - t0)
    else:
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=get_context("spawn")) as pool:
            for game in args.games:
                t0 = time.perf_counter()
                total = Tally()
                for part in pool.map(
                    run_many, [game] * len(chunks), chunks, [args.steps] * len(chunks)
                ):
                    total.add(part)
                results[game] = total
                _say(game, total, time.perf_counter() - t0)
    print(
        f"{sum(r.sequences for r in results.values())} sequences in {time.perf_counter() - started:.0f} s"
    )
    report = {
        "games": {
            g: {
                "sequences": r.sequences,
                "frames": r.frames,
                "leaks": r.leaks,
                "unchosen": r.unchosen,
                "errors": r.errors,
            }
            for g, r in results.items()
        }
    }
    print(json.dumps(report))
    return 1 if any(r.leaks or r.unchosen or r.errors for r in results.values()) else 0


def _say(game: str, tally: Tally, seconds: float) -> None:
    print(
        f"{game}: {tally.sequences} sequences, {tally.frames} frames, {tally.leaks} leaks, "
        f"{tally.unchosen} unchosen moves, {tally.errors} errors, {tally.steps} input steps, {seconds:.0f} s",
        flush=True,
    )
    print("  frames: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.shown.items())))
    for note in tally.notes[:8]:
        print(f"  {note}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
