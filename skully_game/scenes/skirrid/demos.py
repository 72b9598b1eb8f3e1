"""Skirrid's screens for tools/render_scenes.py: the setup, shapes held and placed, tips, its shapes.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.scenes.demokit import PEOPLE, Demos, Row, collect, gallery
from skully_game.shell.app import App
from skully_game.shell.scripted import key

DEMOS: Demos = {}
screen = collect(DEMOS)


def _skirrid(
    app: App, kinds: list[str], seed: int = 5, names: list[str] | None = None, **options: object
):
    from cards.skirrid import SkirridOptions
    from skully_game.scenes.cardtable.match import Match, TableSeat
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skirrid.adapter import GAME
    from skully_game.scenes.skirrid.table import SkirridTable

    app.stack.push(MenuScene(app))
    names = names or ["You", "Anne", "Calico", "Mary", "Edward", "Grace"]
    match = Match(
        GAME,
        SkirridOptions(players=len(kinds), **options),  # type: ignore[arg-type]
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkirridTable(app, match)
    app.stack.push(table)
    return table


def _skirrid_until(table, moves: int) -> None:
    """Computer players act, the person places greedily, until `moves` actions are made."""
    import random

    from cards.skirrid import make_bot

    person = make_bot("greedy", random.Random(1))
    for _ in range(500):
        table.run_bots_now()
        state = table.state
        if state.is_terminal() or len(state.history()) >= moves:
            break
        table.act(person.act(state.observation(state.turn), state.legal_actions()))
    table.run_bots_now()


def _skirrid_hold(app: App, table, piece: str, orient: int = 0) -> None:
    """The person holds `piece` over its best square, as the mouse would."""
    from skully_game.shell.scripted import click

    slot = next(rect for p, rect, _ in table.tray_slots() if p == piece)
    click(app, slot.center)
    for _ in range(orient):
        app.dispatch(key(pygame.K_r))
    hints = sorted(table.hints())
    if hints:
        lay = table.lay()
        r, c = hints[len(hints) // 2]
        pos = (
            lay.board.x + c * lay.cell + lay.cell // 2,
            lay.board.y + r * lay.cell + lay.cell // 2,
        )
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skirrid-setup")
def _skirrid_setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skirrid.setup import SkirridSetup

    app.stack.push(MenuScene(app))
    app.stack.push(SkirridSetup(app))
    app.run_frames(2)


def _finished_games(app: App, count: int) -> None:
    """`count` Skirrid games played to their end and saved, then the menu alone."""
    for seed in range(count):
        table = _skirrid(app, ["human", "greedy"], seed=seed + 1)
        _skirrid_until(table, 999)
        app.stack.clear()


@screen("skirrid-setup-older")
def _skirrid_setup_older(app: App) -> None:
    """The setup with three finished games: Replay last game, and Older games beside it."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skirrid.setup import SkirridSetup

    _finished_games(app, 3)
    app.stack.push(MenuScene(app))
    app.stack.push(SkirridSetup(app))
    app.run_frames(2)


@screen("skirrid-older-games")
def _skirrid_older_games(app: App) -> None:
    """Older games opened from the setup: every finished game, newest first."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skirrid.setup import SkirridSetup

    _finished_games(app, 3)
    app.stack.push(MenuScene(app))
    setup = SkirridSetup(app)
    app.stack.push(setup)
    setup._older()
    app.run_frames(2)


@screen("skirrid-rules")
def _skirrid_rules(app: App) -> None:
    from skully_game.scenes.skirrid.rules import SkirridRules

    app.stack.push(SkirridRules(app))
    app.run_frames(2)


@screen("skirrid-first")
def _skirrid_first(app: App) -> None:
    """A new two-player game: the person holds a Door over the centre."""
    table = _skirrid(app, ["human", "strong"])
    app.run_frames(2)
    _skirrid_hold(app, table, "Door")


@screen("skirrid-held")
def _skirrid_held(app: App) -> None:
    """Mid-game: a marked Gun held where it fits, its score beside it."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 14)
    _skirrid_hold(app, table, "Gun3" if table.state.left[0]["Gun3"] else "Gun", 1)


@screen("skirrid-refused")
def _skirrid_refused(app: App) -> None:
    """A shape held where it may not go: the reason under the tray."""
    table = _skirrid(app, ["human", "greedy"])
    _skirrid_until(table, 6)
    slots = [p for p, _, _ in table.tray_slots()]
    _skirrid_hold(app, table, "Snake" if "Snake" in slots else slots[0])
    lay = table.lay()
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(lay.board.x + lay.cell,
                 lay.board.y + lay.cell), rel=(0, 0), buttons=(0, 0, 0)))  # fmt: skip
    app.run_frames(2)


@screen("skirrid-block")
def _skirrid_block(app: App) -> None:
    """A block held (turned over, hatched) and the computer's block binding the person."""
    table = _skirrid(app, ["human", "strong"], seed=3)
    _skirrid_until(table, 20)
    piece = next(iter(sorted(table.state.left[0])))
    _skirrid_hold(app, table, piece)
    app.dispatch(key(pygame.K_f))
    app.run_frames(2)


@screen("skirrid-six")
def _skirrid_six(app: App) -> None:
    table = _skirrid(app, ["human", "greedy", "strong", "greedy", "random", "strong"], seed=4)
    _skirrid_until(table, 15)
    app.run_frames(2)


@screen("skirrid-pairs-dice")
def _skirrid_pairs(app: App) -> None:
    table = _skirrid(app, ["human", "greedy", "human", "strong"], seed=2, pairs=True, dice=True)
    _skirrid_until(table, 10)
    app.run_frames(2)


@screen("skirrid-game-over")
def _skirrid_over(app: App) -> None:
    table = _skirrid(app, ["human", "strong"], seed=6)
    _skirrid_until(table, 999)
    app.run_frames(40)  # the standings' buttons come once the end has been on show a moment


@screen("skirrid-three-over")
def _skirrid_three_over(app: App) -> None:
    """Three players at the end, at a shared desk: the standings and their buttons."""
    names = ["Anne", "Bob", "Calico"]
    table = _skirrid(app, ["human", "human", "strong"], seed=3, names=names)
    _skirrid_until(table, 999)
    app.run_frames(40)


@screen("skirrid-pairs-over")
def _skirrid_pairs_over(app: App) -> None:
    """Pairs at the end, one pair with a long name: both sides' lines stay readable."""
    names = ["You", "WWWWWWWWWWWW", "Anne", "Calico"]
    table = _skirrid(app, ["human", "strong", "greedy", "strong"], seed=2, names=names, pairs=True)
    _skirrid_until(table, 999)
    app.run_frames(40)


@screen("skirrid-replay")
def _skirrid_replay(app: App) -> None:
    table = _skirrid(app, ["human", "strong"], seed=6)
    _skirrid_until(table, 999)
    table.replay()
    replay = app.stack.top
    replay.goto(17)  # type: ignore[union-attr]
    app.run_frames(2)


def _skirrid_point(app: App, table, square: tuple[int, int]) -> None:
    """The pointer rests on a board square."""
    lay = table.lay()
    pos = (lay.board.x + square[1] * lay.cell + lay.cell // 2,
           lay.board.y + square[0] * lay.cell + lay.cell // 2)  # fmt: skip
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skirrid-mark-tip")
def _skirrid_mark_tip(app: App) -> None:
    """Nothing held; the pointer on a placed shape's ×3 mark: its numbers on chips, the tip."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 14)
    n = table.state.geo.board.size
    places = table.state.geo.placements
    marked = [places[pid].mark for _, piece, pid, _ in table.state.placed if piece.endswith("3")]
    _skirrid_point(app, table, divmod(marked[-1], n))


@screen("skirrid-block-tip")
def _skirrid_block_tip(app: App) -> None:
    """The pointer on a block that binds the person now: whom it binds, in words."""
    table = _skirrid(app, ["human", "strong"], seed=3)
    _skirrid_until(table, 32)
    state = table.state
    pid = next(iter(state.active_blocks(state.turn)), (0, -1, 0))[1]
    if pid < 0:  # no block binds now: the last block placed
        pid = next(p for _, _, p, _ in reversed(state.placed) if state.geo.placements[p].block)
    _skirrid_point(app, table, divmod(state.geo.placements[pid].squares[0], state.geo.board.size))


@screen("skirrid-tray-tip")
def _skirrid_tray_tip(app: App) -> None:
    """The pointer on a marked Door in the tray: what it is and what its 3 does."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 6)
    slot = next(rect for p, rect, _ in table.tray_slots() if p == "Door3")
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=slot.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))  # fmt: skip
    app.run_frames(2)


@screen("skirrid-seat-view")
def _skirrid_seat_view(app: App) -> None:
    """The pointer on the opponent's row: its points in words and its shapes still to place,
    drawn large enough to count."""
    table = _skirrid(app, ["human", "strong", "greedy"])
    _skirrid_until(table, 9)
    _, row = table.seat_rows()[1]
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))  # fmt: skip
    app.run_frames(2)


@screen("skirrid-tray-holes")
def _skirrid_tray_holes(app: App) -> None:
    """Mid-game: each shape left in the tray where it was at the start (holes where shapes
    were placed), the pointer on one in the lowest row: its words beside it, over no other."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 12)
    slot = max((rect for _, rect, _ in table.tray_slots()), key=lambda r: (r.y, -r.x))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=slot.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))  # fmt: skip
    app.run_frames(2)


@screen("skirrid-numbers")
def _skirrid_numbers(app: App) -> None:
    """N pressed mid-game: the numbers under every placed shape on chips; the seats towards 75."""
    table = _skirrid(app, ["human", "strong", "greedy"], seed=8)
    _skirrid_until(table, 18)
    app.dispatch(key(pygame.K_n))
    app.run_frames(2)


def _skirrid_hinted(app: App, table) -> None:
    """H pressed and the hint waited for: lit on the board and in the tray, said in the panel."""
    app.dispatch(key(pygame.K_h))
    job = table._hinting
    if job is not None:
        job[1].result(timeout=60)
    app.run_frames(2)


@screen("skirrid-hint")
def _skirrid_hint(app: App) -> None:
    """Mid-game, nothing held: the hint's placement ringed in gold, its shape ringed in the
    tray, its one line why in the panel."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 14)
    _skirrid_hinted(app, table)


@screen("skirrid-hint-picked")
def _skirrid_hint_picked(app: App) -> None:
    """The hinted shape picked from the tray by a click: it lies where the hint is lit."""
    from skully_game.shell.scripted import click

    table = _skirrid(app, ["human", "strong", "greedy"], seed=8)
    _skirrid_until(table, 18)
    _skirrid_hinted(app, table)
    moved = table.hinted_move()
    if moved is not None:
        click(app, next(rect for p, rect, _ in table.tray_slots() if p == moved[0]).center)
    app.run_frames(2)


@screen("card-gallery-skirrid")
def _gallery_skirrid(app: App) -> None:
    """Every shape as the board shows it (plain, marked 2 and 3, turned over) and in a tray."""
    from cards.skirrid.board import orientations, standard_board, standard_shapes
    from skully_game.scenes.skirrid.boarddraw import board_surface, seat_colour, shape_cells

    board = standard_board()

    def row(cell: int, seat: int, kind: str) -> list[pygame.Surface]:
        out = []
        for shape in standard_shapes():
            o = orientations(shape)[4 if kind == "block" and len(orientations(shape)) > 4 else 0]
            if kind == "block":
                o = next(x for x in orientations(shape) if x.block)
            cols = max(c for _, c in o.squares) + 1
            rows_ = max(r for r, _ in o.squares) + 1
            ground = board_surface(board, cell)
            img = ground.subsurface((cell, cell, (cols + 2) * cell, (rows_ + 2) * cell)).copy()
            mark = (o.mark, 2 if kind == "x2" else 3) if kind in ("x2", "x3") and o.mark else None
            shape_cells(img, (cell, cell), cell, o.squares, seat_colour(seat),
                        mark=mark, block=o.block)  # fmt: skip
            out.append(img)
        return out

    rows: list[Row] = []
    for cell, seat, kind, where in ((32, 0, "plain", "on the board"), (32, 1, "x2", "marked 2"),
                                    (32, 2, "x3", "marked 3"), (32, 4, "block", "turned over")):  # fmt: skip
        rows.append((f"{where} ({cell}-pixel squares)", row(cell, seat, kind), 0))
    tray = row(15, 0, "plain") + row(15, 3, "x3") + row(15, 5, "block")
    rows.append(("in a tray (15-pixel squares): plain, marked 3, turned over", tray, 0))
    gallery(app, "Skirrid: the shapes", rows)


@screen("skirrid-frame-scores")
def _skirrid_frame_scores(app: App) -> None:
    """A shape held with N on: each green frame shows the score it would make, none under
    the shape itself, whose own score shows beside it (issue 40)."""
    table = _skirrid(app, ["human", "strong"])
    _skirrid_until(table, 14)
    _skirrid_hold(app, table, "Gun3" if table.state.left[0]["Gun3"] else "Gun", 1)
    app.dispatch(key(pygame.K_n))
    app.run_frames(2)


def busiest_table(app: App, pace: Any) -> Any:
    """The busiest table of the game, for tools/frame_time.py: the most seats, computer players
    acting, every card on its way (`pace`, a cardtable.match.Pace)."""
    from cards.skirrid import SkirridOptions
    from skully_game.scenes.cardtable.match import Match, TableSeat
    from skully_game.scenes.skirrid.adapter import GAME
    from skully_game.scenes.skirrid.table import SkirridTable

    seats = [TableSeat(PEOPLE[0])] + [TableSeat(n, "greedy") for n in PEOPLE[1:6]]
    return SkirridTable(app, Match(GAME, SkirridOptions(players=6), 5, seats, pace))


@screen("skirrid-three-tray")
def _skirrid_three_tray(app: App) -> None:
    """Three players: each holds two of every shape, and the tray says so."""
    _skirrid(app, ["human", "greedy", "greedy"], seed=1, dice=True)
    app.run_frames(2)


@screen("skirrid-dice-rolling")
def _skirrid_dice_rolling(app: App) -> None:
    """The dice game: the die tumbles a moment as the person's turn begins."""
    table = _skirrid(app, ["human", "greedy"], seed=3, dice=True)
    _skirrid_until(table, 4)
    app.run_frames(2)
    table.die_roll = 0.3


@screen("skirrid-die-tip")
def _skirrid_die_tip(app: App) -> None:
    """The dice game: the die at rest under the tray, and what it means under the pointer."""
    table = _skirrid(app, ["human", "greedy"], seed=3, dice=True)
    _skirrid_until(table, 4)
    app.run_frames(60)
    die = table.die_rect()
    app.dispatch(
        pygame.event.Event(pygame.MOUSEMOTION, pos=die.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.run_frames(2)


@screen("skirrid-turn-banner")
def _skirrid_turn_banner(app: App) -> None:
    """Two people at one desk: the next one's name over the panel's title, the board clear."""
    table = _skirrid(app, ["human", "human"], seed=5)
    _skirrid_until(table, 0)
    app.run_frames(2)
    state = table.state
    table.act(state.legal_actions()[len(state.legal_actions()) // 2])
    app.run_frames(3)
