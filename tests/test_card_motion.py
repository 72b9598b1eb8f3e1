"""Motion a person can follow at the card tables: a computer's moves are seen one card at a time
at the chosen pace, a person's own input never waits for an animation, a replay steps without
the table's animations, and a card flying to a hand shows its face to nobody else."""

from __future__ import annotations

import time

import pygame
import pytest

from cards.skip_bo import SkipBoOptions
from cards.skip_bo import events as sb_events
from cards.skip_bo.cards import code
from cards.skull import SkullOptions
from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable import secrecy
from skully_game.scenes.cardtable.flight import Flight
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skip_bo import table as skip_bo
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skip_bo.moves import Move
from skully_game.scenes.skull import table as skull
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull_king import table as skull_king
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from tests.ui_helpers import ev, key, make_app


def _push(app, table):
    app.stack.push(MenuScene(app))
    app.stack.push(table)
    return table


def _sk(app, kinds, seed=3, pace=Pace.NORMAL):
    seats = [
        skull_king.TableSeat(n, k) for n, k in zip(["Ann", "Bo", "Cy", "Di"], kinds, strict=False)
    ]
    match = Match(SKULL_KING, SkullKingOptions(players=len(kinds)), seed, seats, pace)
    return _push(app, skull_king.SkullKingTable(app, match))


def _skip_bo(app, kinds, seed=4, pace=Pace.NORMAL):
    seats = [
        skip_bo.TableSeat(n, k) for n, k in zip(["Bea", "Anne", "Calico"], kinds, strict=False)
    ]
    match = Match(SKIP_BO, SkipBoOptions(players=len(kinds), stock=10), seed, seats, pace)
    return _push(app, skip_bo.SkipBoTable(app, match))


def _tick(table, done, dt=0.02, limit=20.0) -> None:
    """The table's own clock runs (computer players think on their thread) until done()."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the table never got there"
        table.update(dt)
        if table.thinking is not None and not table.thinking.done():
            time.sleep(0.001)


def test_a_computers_skip_bo_turn_flies_one_card_per_move_in_the_order_it_made_them():
    """Once the person discards, the computer's turn is watched card by card: its draw flies
    face down to its strip, then each card it moves flies from where it came to where it went,
    one after another, in the order of the game's own events, each from its own place."""
    app = make_app()
    table = _skip_bo(app, ["human", "build-first"], seed=11)
    table.settle()
    table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    start = len(table.state.events)
    seen: list[Flight] = []

    def watch() -> bool:
        for f in table.flights:
            if f not in seen:
                seen.append(f)
        return table.state.current_player() == 0 and not table.busy()

    _tick(table, watch)
    events = table.state.events[start:]
    moved = [e for e in events if isinstance(e, sb_events.CardPlayed | sb_events.Discarded)]
    assert moved, "the computer moved no card"
    moves = [f for f in seen if isinstance(f, Move) and f.event >= start]
    want = [
        (code(e.card), f"B{e.build}" if isinstance(e, sb_events.CardPlayed) else f"D1.{e.pile}")
        for e in moved
    ]
    assert [(m.code, m.target) for m in moves] == want
    assert len(moves) >= 2  # the seed has the computer build before it discards
    drawn = [f for f in seen if f.dealt and f.owner == 1]
    assert drawn and all(f.code is None for f in drawn)  # another's cards: face down


def test_a_persons_click_during_a_computers_card_acts_at_once():
    """The computer's card is still in the air when it is the person's turn: their click on a
    card of their hand plays it at once (the card still moving lands), nothing waits."""
    app = make_app()
    table = _sk(app, ["human", "heuristic", "heuristic"], pace=Pace.SLOW)

    def computers_card_flying() -> bool:
        """The person bids and plays at once when asked, until a computer's card is flying
        as their turn comes."""
        if table.summary is not None:
            table.close_summary()  # a round's end: the person goes on
        table.go_on()  # past a round's last trick, too
        mine = table.state.current_player() == 0 and table.state.phase.value == "play"
        if mine and any(f.slot >= 0 for f in table.flights):
            return True
        if table.my_turn():
            table.act(table.state.legal_actions()[0])
        return False

    _tick(table, computers_card_flying, limit=60.0)
    assert table.busy() and not table.my_turn()
    hand = table.hand_layout()
    state = table.state
    pick = next(
        (c, r) for c, r, _ in hand if len(table.game.card_actions(state, 0, c)) == 1
    )  # a card with one way to play it
    played, actions = len(state.history()), table.game.card_actions(state, 0, pick[0])
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=pick[1].center, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=pick[1].center, button=1))
    assert len(table.state.history()) == played + 1  # no tick between: it acted at once
    assert table.state.history()[-1] in actions


def test_a_persons_own_quick_moves_at_skip_bo_never_wait_for_their_last_card():
    """A person who moves again while their last card is still flying moves at once: the
    keys (an arrow chooses, Enter picks up, Enter puts down) act with no tick of the clock
    between. (Here nothing builds: Enter alone never discards a card nobody chose.)"""
    app = make_app()
    table = _skip_bo(app, ["human", "build-first"], seed=2)
    table.settle()
    builds = [a for a in table.state.legal_actions() if ">B" in a]
    first = builds[0] if builds else next(a for a in table.state.legal_actions() if ">" in a)
    assert ">D" not in first, "the seed must give the person a build first"
    table.act(first)
    table.update(0.01)
    assert table.busy() and table.flights  # their own card is on its way
    before = len(table.state.history())
    for k in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN):
        app.dispatch(key(k))
    assert len(table.state.history()) == before + 1


def test_a_pass_screen_or_a_summary_is_never_skipped_by_a_hurried_click():
    """Only animations give way: with two people, a click while the other's card flies does
    not take the pass screen's place, and the next person's hand stays hidden."""
    app = make_app()
    table = _sk(app, ["human", "human", "heuristic"])
    table.settle()
    table.reveal()
    table.act(table.state.legal_actions()[0])
    assert not table.hurriable()  # the next person's pass screen comes first
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1))
    assert table.passing is not None or table.public


@pytest.mark.parametrize("make", ["skull-king", "skip-bo"])
def test_replay_steps_show_each_position_at_once_never_at_the_tables_pace(make):
    """A replay steps action by action: each step shows its position at once, with nothing
    flying at the table's pace (the picture is the same before and after time passes)."""
    app = make_app()
    if make == "skull-king":
        table = _sk(app, ["human", "heuristic", "heuristic"], pace=Pace.SLOW)
        replay_kind, game = skull_king.SkullKingReplay, SKULL_KING
    else:
        table = _skip_bo(app, ["human", "build-first"], pace=Pace.SLOW)
        replay_kind, game = skip_bo.SkipBoReplay, SKIP_BO
    for _ in range(30):
        table.run_bots_now()
        if table.state.is_terminal():
            break
        table.act(table.state.legal_actions()[0])
    table.settle()
    replay = replay_kind(app, Match.load(game, table.match.path))
    app.stack.push(replay)
    for _ in range(12):
        app.dispatch(key(pygame.K_RIGHT))
        assert not replay.flights and not replay.pending and replay.hold == 0
        app.draw(0.0)
        before = pygame.image.tobytes(app.screen, "RGB")
        for _ in range(30):
            app.tick()
        assert not replay.flights
        app.draw(0.0)
        assert pygame.image.tobytes(app.screen, "RGB") == before


def test_a_card_flying_to_one_hand_shows_its_face_to_nobody_else():
    """A flight owned by one seat (a card drawn into their hand) is drawn face up only while
    that seat is the viewer: another viewer's frame draws its back, through the gate."""
    app = make_app()
    table = _skip_bo(app, ["human", "human", "build-first"])
    table.settle()
    table.reveal()
    seen: list[secrecy.Seen] = []
    table.flights = [Flight("7", (300, 300), (400, 400), duration=5.0, owner=1, dealt=True)]
    table.flights[0].t = 1.0
    with secrecy.spying(seen.append, SKIP_BO):
        table.viewer = 0
        app.draw(0.0)
        cards_for_0 = [s for s in seen if s.kind == "card" and s.item == "7" and s.owner == 1]
        seen.clear()
        table.viewer = 1
        app.draw(0.0)
        cards_for_1 = [s for s in seen if s.kind == "card" and s.item == "7" and s.owner == 1]
    assert not cards_for_0  # the other person saw its back
    assert cards_for_1 and not [s for s in seen if secrecy.leak(s)]


def test_no_flight_leaks_at_a_shared_desk_through_whole_turns():
    """Two people and a computer at Skip-Bo, every frame drawn while cards fly (draws, moves,
    the deal): nothing private is ever drawn for another viewer."""
    app = make_app()
    table = _skip_bo(app, ["human", "human", "build-first"], seed=7, pace=Pace.FAST)
    leaks: list[secrecy.Seen] = []
    faces = 0

    def spy(seen: secrecy.Seen) -> None:
        nonlocal faces
        faces += seen.kind == "card"
        if secrecy.leak(seen):
            leaks.append(seen)

    with secrecy.spying(spy, SKIP_BO):
        for _ in range(12):
            _tick_draw(app, table, lambda: table.passing is not None or table.my_turn())
            if table.passing is not None:
                table.reveal()
            legal = table.state.legal_actions()
            table.act(next((a for a in legal if ">B" in a), next(a for a in legal if ">D" in a)))
    assert faces and not leaks


def _tick_draw(app, table, done, limit=20.0) -> None:
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline
        table.update(0.05)
        app.draw(0.0)
        if table.thinking is not None and not table.thinking.done():
            time.sleep(0.001)


@pytest.mark.parametrize("game", ["skull-king", "skull"])
def test_every_animation_takes_its_time_from_the_pace(game):
    """Slow is slower and fast stays fast: a deal, a computer's card and a card turned over
    take their time from the pace chosen at setup."""
    took: dict[Pace, float] = {}
    for pace in (Pace.FAST, Pace.SLOW):
        app = make_app()
        if game == "skull-king":
            table = _sk(app, ["human", "heuristic", "heuristic"], pace=pace)
            table.update(0.0)
            longest = max(f.delay + f.duration for f in table.flights)  # the first deal
        else:
            seats = [
                skull.TableSeat(n, "human" if n == "Ann" else "random") for n in ["Ann", "Bo", "Cy"]
            ]
            match = Match(SKULL, SkullOptions(players=3), 3, seats, pace)
            table = _push(app, skull.SkullTable(app, match))
            table.update(0.0)
            longest = max(f.delay + f.duration for f in table.flights)
        if pace is Pace.FAST:
            assert longest <= 1.2  # a whole deal in about a second
        took[pace] = longest
    assert took[Pace.SLOW] > 2 * took[Pace.FAST]


def test_a_skull_card_turns_over_at_the_pace_one_card_at_a_time():
    """The Challenger's turned cards turn over where they lie, each its own animation, at the
    pace, then stay held up long enough to read: the next may not come before."""
    from skully_game.scenes.skull.table import READ

    app = make_app()
    seats = [
        skull.TableSeat("Ann"),
        skull.TableSeat("Bo", "random"),
        skull.TableSeat("Cy", "random"),
    ]
    table = _push(
        app, skull.SkullTable(app, Match(SKULL, SkullOptions(players=3), 3, seats, Pace.SLOW))
    )
    table.settle()
    for _ in range(300):
        table.run_bots_now()
        if table.state.phase.value == "reveal" and table.state.current_player() == 0:
            break
        legal = table.state.legal_actions()
        bids = [a for a in legal if a.startswith("BID:")]
        table.act(bids[-1] if bids else legal[0])
    assert table.state.phase.value == "reveal"
    table.act(table.state.legal_actions()[0])
    table.update(0.0)
    turning = [f for f in table.flights if f.turning >= 0]
    assert len(turning) == 1 and turning[0].turn == Pace.SLOW.turn  # turned at the pace,
    assert turning[0].duration == Pace.SLOW.turn + READ[Pace.SLOW]  # then held up to be read
    assert table.busy()
