"""Render the card tables mid-animation to PNGs, headless: `python tools/render_motion.py [DIR]
[NAME ...] [--size WxH] [--list]` (both 1280x800 and 1024x640 unless --size names one).

Each picture stops the table's clock while a card is on its way (dealt, played, collected,
drawn, turned, a pile cleared) or a seat's word is on show, so what moves can be looked at.
The scenes are registered in `render_scenes` (its drivers and main are reused) under names
starting with "motion-". Default output: out/motion/.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import render_scenes as rs  # sets the headless environment first

from skully_game.scenes.skip_bo import demos as skip_bo
from skully_game.scenes.skull import demos as skull
from skully_game.scenes.skull_king import demos as skull_king
from skully_game.shell.app import App

NAMES: list[str] = []


def motion(name: str) -> Callable[[Callable[[App], None]], Callable[[App], None]]:
    NAMES.append(f"motion-{name}")
    return rs.screen(f"motion-{name}")


def until(table: Any, done: Callable[[], bool], dt: float = 1 / 60, limit: int = 4000) -> None:
    """Tick the table's own clock (computer players think on their thread) until done()."""
    for _ in range(limit):
        if done():
            return
        table.update(dt)
        if table.thinking is not None and not table.thinking.done():
            time.sleep(0.001)
    raise SystemExit(f"the table never came to the picture's moment ({table.game.title})")


def half_way(table: Any, kind: Callable[[Any], bool], at: float = 0.5) -> Callable[[], bool]:
    """A flight of `kind` that has set off and gone `at` of its way."""
    return lambda: any(
        kind(f) and f.t >= f.delay + f.duration * at and not f.done for f in table.flights
    )


@motion("skull-king-deal")
def _sk_deal(app: App) -> None:
    """A new game's first deal, part way round the table."""
    table = skull_king._skull_king(app, ["human", "heuristic", "strong", "random"])
    table.forget_shown()
    table.cursor_events = 0
    table._absorb()
    until(table, half_way(table, lambda f: f.dealt, 0.3))


@motion("skull-king-played")
def _sk_played(app: App) -> None:
    """A computer's card half way to the trick."""
    table = skull_king._skull_king(app, ["human", "heuristic", "strong", "random"])
    skull_king._sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play")
    if table.state.current_player() == 0:
        table.act(table.state.legal_actions()[0])
    until(table, half_way(table, lambda f: f.slot >= 0 and f.code is not None))


@motion("skull-king-collected")
def _sk_collected(app: App) -> None:
    """A trick on its way to its winner's seat."""
    table = skull_king._skull_king(app, ["human", "heuristic", "strong", "random"])
    skull_king._sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play")
    if table.state.current_player() == 0:
        table.act(table.state.legal_actions()[0])
    until(table, half_way(table, lambda f: f.code is None and not f.dealt, 0.4))


def _sk_revealing(app: App, players: int = 4) -> Any:
    """A table whose bids are all made and whose reveal has begun."""
    kinds = ["human", "heuristic", "strong", "random", "heuristic", "strong", "random", "heuristic"]
    table = skull_king._skull_king(app, kinds[:players])
    skull_king._sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "bid")
    table.act(table.state.legal_actions()[1])
    until(table, lambda: table.bid_reveal is not None)
    return table


@motion("skull-king-bids")
def _sk_bids(app: App) -> None:
    """Yo-ho-ho! Every bid shown at once, large, in front of its seat."""
    table = _sk_revealing(app)
    until(table, lambda: table.bid_reveal is not None and table.bid_reveal.t >= 0.3)


@motion("skull-king-bids-settling")
def _sk_bids_settling(app: App) -> None:
    """The bids half way from the table to their seats' boxes, where they stay for the round."""
    table = _sk_revealing(app)
    until(table, lambda: table.bid_reveal is not None and table.bid_reveal.settling() >= 0.4)


@motion("skull-king-bids-eight")
def _sk_bids_eight(app: App) -> None:
    """Yo-ho-ho! at eight seats: each bid in front of its own seat, none over another."""
    table = _sk_revealing(app, 8)
    until(table, lambda: table.bid_reveal is not None and table.bid_reveal.t >= 0.3)


@motion("skull-king-gathered")
def _sk_gathered(app: App) -> None:
    """A won trick sliding together, face up, in front of its winner."""
    table = skull_king._skull_king(app, ["human", "heuristic", "strong", "random"])
    skull_king._sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play")
    if table.state.current_player() == 0:
        table.act(table.state.legal_actions()[0])
    until(table, half_way(table, lambda f: f.code is not None and f.waits and f.slot < 0))


@motion("skull-king-own-play")
def _sk_own_play(app: App) -> None:
    """At a shared desk, a person's own card half way from their hand to the trick, watched by
    the whole desk (no hand on show) before the next person's pass screen."""
    table = skull_king._skull_king(app, ["human", "human", "heuristic"])
    for _ in range(400):
        table.run_bots_now()
        if table.passing is not None:
            table.reveal()
            continue
        state = table.state
        if state.phase.value == "play" and state.round_index >= 2 and state.current_player() == 0:
            break
        table.act(state.legal_actions()[0])
    table.settle()
    code, rect, _ = next(c for c in table.hand_layout() if table.playable(c[0]))
    table.thrown = rect.move(0, -18).center
    table.act(table.playable(code)[0])
    until(table, half_way(table, lambda f: f.code == code, 0.5))


@motion("skull-placed")
def _skull_placed(app: App) -> None:
    """A computer's card going face down onto its stack."""
    table = skull._skull(app, ["human", "random", "random", "random"], seed=2)
    skull._skull_until(table, lambda s: s.phase.value == "place" and s.current_player() == 0)
    table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    until(table, half_way(table, lambda f: f.onto > 0))


@motion("skull-bids")
def _skull_bids(app: App) -> None:
    """A computer's bid or pass by its seat."""
    table = skull._skull(app, ["human", "random", "random", "random"], seed=7)
    skull._skull_until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0)
    table.act(next(a for a in table.state.legal_actions() if a.startswith("BID:")))
    until(table, lambda: len(table.bubbles) >= 2)


@motion("skull-turning")
def _skull_turning(app: App) -> None:
    """A card of a stack turning over where it lies, half way."""
    table = skull._skull(app, ["human", "random", "random", "random"], seed=3)
    skull._skull_until(
        table,
        lambda s: s.phase.value == "reveal" and s.current_player() == 0,
        skull._skull_bids_high,
    )
    table.act(table.state.legal_actions()[0])
    until(table, half_way(table, lambda f: f.turning >= 0, 0.4))


def _skip_bo_at(app: App, kinds: list[str], turns: int, seed: int = 5) -> Any:
    table = skip_bo._skip_bo(app, kinds, seed=seed, stock=10)
    skip_bo._skip_bo_until(table, lambda s: s.turn_count >= turns and s.current_player() == 0)
    return table


@motion("skip-bo-deal")
def _skip_bo_deal(app: App) -> None:
    """A new game's deal to every stock."""
    table = skip_bo._skip_bo(app, ["human", "build-first", "build-first"], stock=10)
    table.forget_shown()
    table.cursor_events = 0
    table._absorb()
    until(table, half_way(table, lambda f: f.code is None, 0.4))


@motion("skip-bo-drawn")
def _skip_bo_drawn(app: App) -> None:
    """The person's own cards flying into their hand, face up, at the start of their turn."""
    table = _skip_bo_at(app, ["human", "build-first", "build-first"], 3)
    from skully_game.scenes.skip_bo.moves import Move

    legal = table.state.legal_actions()
    table.act(next(a for a in legal if ">D" in a))
    until(table, half_way(table, lambda f: f.dealt and f.code is not None and f.owner == 0, 0.4))
    assert not any(isinstance(f, Move) for f in table.flights)


@motion("skip-bo-computer-draw")
def _skip_bo_computer_draw(app: App) -> None:
    """A computer's cards drawn, face down, to its strip."""
    table = _skip_bo_at(app, ["human", "build-first", "build-first"], 3)
    table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    until(table, half_way(table, lambda f: f.dealt and f.code is None, 0.4))


@motion("skip-bo-cleared")
def _skip_bo_cleared(app: App) -> None:
    """A building pile of 12 set aside: its 12 flying to the draw pile."""
    from cards.skip_bo import events as ev

    table = skip_bo._skip_bo(app, ["human", "build-first", "build-first"], seed=5, stock=10)
    before = 0
    for _ in range(400):
        before = sum(isinstance(e, ev.PileCompleted) for e in table.state.events)
        table.run_bots_now()
        legal = table.state.legal_actions()
        table.act(skip_bo._skip_bo_builds(legal))
        table.settle()
        if table.state.current_player() == 0 and _near_twelve(table.state):
            break
    legal = table.state.legal_actions()
    onto = [a for a in legal if _completes(table.state, a)]
    assert onto, "no pile to complete"
    table.act(onto[0])
    assert sum(isinstance(e, ev.PileCompleted) for e in table.state.events) > before
    until(table, half_way(table, lambda f: f.code == "12", 0.45))


def _near_twelve(state: Any) -> bool:
    return any(_completes(state, a) for a in state.legal_actions())


def _completes(state: Any, action: str) -> bool:
    if ">B" not in action:
        return False
    return len(state.build[int(action.split(">B", 1)[1])]) == 11


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    folder = [a for a in args[:1] if not a.startswith("-") and a not in rs.SCREENS]
    rest = args[len(folder) :]
    named = [a for a in rest if a in rs.SCREENS]
    if "--list" in rest:
        print("\n".join(NAMES))
        return 0
    flags = [a for a in rest if a not in named]
    return rs.main([*(folder or ["out/motion"]), *(named or NAMES), *flags])


if __name__ == "__main__":
    sys.exit(main())
