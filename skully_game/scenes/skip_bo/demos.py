"""Skip-Bo's screens for tools/render_scenes.py: the setup, a turn, drags, the summary, its cards.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.scenes.demokit import PEOPLE, Demos, Row, collect, gallery, half_way, until
from skully_game.shell.app import App
from skully_game.shell.scripted import ev, key

DEMOS: Demos = {}
screen = collect(DEMOS)


def _skip_bo(app: App, kinds: list[str], seed: int = 5, **options: object):
    from cards.skip_bo import SkipBoOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
    from skully_game.scenes.skip_bo.table import SkipBoTable, TableSeat

    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace"]
    match = Match(
        SKIP_BO,
        SkipBoOptions(players=len(kinds), **options),  # type: ignore[arg-type]
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkipBoTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


def _skip_bo_builds(legal: list[str]) -> str:
    """A person who builds what they can (the stock first), then discards."""
    for prefix in ("S", "D", "H"):
        for action in legal:
            if action.startswith(prefix) and ">B" in action:
                return action
    return legal[-1]


def _skip_bo_until(table, done, choose=_skip_bo_builds) -> None:
    """Computer players act, the person takes `choose(legal)`, until `done(state)`."""
    for _ in range(5000):
        table.run_bots_now()
        if done(table.state) or table.state.is_terminal():
            break
        table.act(choose(table.state.legal_actions()))
    table.settle()


def _skip_bo_turn(app: App, kinds: list[str], turns: int, seed: int = 5, **options: object):
    """The person's turn after `turns` turns, before they play."""
    table = _skip_bo(app, kinds, seed, **options)
    _skip_bo_until(
        table, lambda s: s.turn_count > turns and s.current_player() == 0 and s.played == 0
    )
    return table


@screen("skip-bo-setup")
def _skip_bo_setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skip_bo.setup import SkipBoSetup

    app.stack.push(MenuScene(app))
    app.stack.push(SkipBoSetup(app))
    app.run_frames(2)


@screen("skip-bo-rules")
def _skip_bo_rules(app: App) -> None:
    from skully_game.scenes.skip_bo.rules import SkipBoRules

    app.stack.push(SkipBoRules(app))
    app.run_frames(2)


@screen("skip-bo-turn")
def _skip_bo_turn_screen(app: App) -> None:
    """Four players, well into the game: the person's turn, cards to move lit."""
    _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    app.run_frames(2)


@screen("skip-bo-held")
def _skip_bo_held(app: App) -> None:
    """A card picked up with the keys: the places that take it lit, one chosen."""
    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RETURN))
    app.dispatch(key(pygame.K_RIGHT))
    app.run_frames(2)
    assert table.picked is not None


@screen("skip-bo-drag")
def _skip_bo_drag(app: App) -> None:
    """A hand card dragged half way to the middle."""

    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    _, rect, _ = table.hand_layout()[0]
    mid = table.geometry().builds[1].center
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-two")
def _skip_bo_two(app: App) -> None:
    _skip_bo_turn(app, ["human", "build-first"], 20, seed=9, stock=40)
    app.run_frames(2)


@screen("skip-bo-six")
def _skip_bo_six(app: App) -> None:
    _skip_bo_turn(app, ["human", *["build-first"] * 5], 16, seed=3)
    app.run_frames(2)


def _skip_bo_wild_turn(app: App):
    """The person's turn with a SKIP-BO card in hand that builds."""
    table = _skip_bo(app, ["human", "build-first", "build-first"], 5, stock=10)
    _skip_bo_until(
        table,
        lambda s: s.current_player() == 0 and any(a.startswith("HW>B") for a in s.legal_actions()),
        lambda legal: next(a for a in legal if ">D" in a),
    )
    return table


@screen("skip-bo-wild-drag")
def _skip_bo_wild_drag(app: App) -> None:
    """A SKIP-BO card dragged over a building pile: drawn as the number it will become."""

    table = _skip_bo_wild_turn(app)
    pile = next(t for t in table.targets("HW") if t.startswith("B"))
    start, end = table.place_rect("HW").center, table.target_rect(pile).center
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-wild-tip")
def _skip_bo_wild_tip(app: App) -> None:
    """The pointer resting on a SKIP-BO card of the hand: what the wild does."""

    table = _skip_bo_wild_turn(app)
    at = table.place_rect("HW").center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-pile-tip")
def _skip_bo_pile_tip(app: App) -> None:
    """The pointer resting on another player's discard pile: what it is for."""

    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    at = table.geometry().mats[2].piles[1].center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-hint")
def _skip_bo_hint(app: App) -> None:
    """Hint asked for: the card and the pile it goes to lit, the reason under the piles."""
    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    table.ask_hint()
    for _ in range(400):
        app.run_frames(1)
        if table.hinted is not None:
            break
    app.run_frames(2)


@screen("skip-bo-closing")
def _skip_bo_closing(app: App) -> None:
    """A card just played from the hand: the others half way through closing up."""

    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    laid = table.hand_layout()
    code, rect, _ = laid[len(laid) // 2]
    target = table.targets(f"H{code}")[0]
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=table.target_rect(target).center, rel=(0, 0),
                    buttons=(1, 0, 0)))  # fmt: skip
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=table.target_rect(target).center, button=1))
    table.hand_layout()  # (the slide sets off as the hand is next laid out)
    table.update(0.05)


@screen("skip-bo-partners")
def _skip_bo_partners(app: App) -> None:
    """Six players in three pairs, 1980 rules: the partner's stock and discards playable, marked."""
    _skip_bo_turn(
        app, ["human", *["build-first"] * 5], 16, seed=4, partners=True, edition_1980=True
    )
    app.run_frames(2)


@screen("skip-bo-summary")
def _skip_bo_summary(app: App) -> None:
    """A match: the first game's summary, with the points and the totals, over the table as
    that game ended (the next deal waits for "Next game")."""
    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=2, stock=10, match_to=500)
    for _ in range(5000):  # every seat steps, so the play stops on the game's last card
        table.settle()
        seat = table._to_act()
        if seat in table.humans:
            table.act(_skip_bo_builds(table.state.legal_actions()))
        else:
            table.act(table.bots[seat](table.state, seat)())
        if table.state.games:
            break
    for _ in range(1000):  # the happenings, as the table shows them, up to the summary
        table.flights.clear()
        if table.summary is not None or not table.pending:
            break
        table._next_happening()
    table.flights.clear()
    table._layout()
    app.run_frames(2)


@screen("skip-bo-sheet")
def _skip_bo_sheet(app: App) -> None:
    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=2, stock=10, match_to=250)
    _skip_bo_until(table, lambda s: len(s.games) >= 3)
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skip-bo-sheet-first")
def _skip_bo_sheet_first(app: App) -> None:
    """The sheet of a single game in pairs before it ends: nothing scored yet, and wins counted."""
    _skip_bo(app, ["human", "build-first", "build-first", "build-first"], seed=2, partners=True)
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skip-bo-game-over")
def _skip_bo_over(app: App) -> None:
    table = _skip_bo(app, ["human", "build-first", "build-first", "build-first"], seed=8, stock=10)
    _skip_bo_until(table, lambda s: False)
    app.run_frames(40)  # the end's buttons come once it has been on show a moment


@screen("skip-bo-final-table")
def _skip_bo_final_table(app: App) -> None:
    """Space on the game's end: the table as the game ended, and the way back to the result."""
    table = _skip_bo(app, ["human", "build-first", "build-first", "build-first"], seed=8, stock=10)
    _skip_bo_until(table, lambda s: False)
    app.run_frames(40)
    app.dispatch(key(pygame.K_SPACE))
    app.run_frames(2)


@screen("skip-bo-final-six")
def _skip_bo_final_six(app: App) -> None:
    """Six seats' final table: every hand face up where the viewer's hand lay."""
    table = _skip_bo(app, ["human", *["build-first"] * 5], seed=3, stock=10)
    _skip_bo_until(table, lambda s: False)
    app.run_frames(40)
    app.dispatch(key(pygame.K_SPACE))
    app.run_frames(2)


@screen("skip-bo-over-six")
def _skip_bo_over_six(app: App) -> None:
    """Six seats' end in one box: every line and the four buttons inside it."""
    table = _skip_bo(app, ["human", *["build-first"] * 5], seed=3, stock=10)
    _skip_bo_until(table, lambda s: False)
    app.run_frames(40)


@screen("skip-bo-setup-two")
def _skip_bo_setup_two(app: App) -> None:
    """Two seats: Partners cannot apply and says why; the pointer on it shows its tooltip
    under the options, clear of every row."""
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skip_bo.setup import SkipBoSetup

    app.stack.push(MenuScene(app))
    setup = SkipBoSetup(app)
    app.stack.push(setup)
    while len(setup.seats) > 2:
        [w for w in setup.widgets.widgets if w.label == "x"][-1].on_click()
    row = next(w for w in setup.widgets.widgets if w.label.startswith("Partners"))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(40)


@screen("skip-bo-keys")
def _skip_bo_keys(app: App) -> None:
    """One Space chose the first card that builds, picked it up and lit its pile: the line
    under the piles says, in words, where Enter puts it."""
    table = _skip_bo_turn_where(["human", "build-first", "build-first"], 6, app, builds=True)
    app.dispatch(key(pygame.K_SPACE))
    app.run_frames(2)
    assert table.picked is not None and not table.card_menu


@screen("skip-bo-nothing-builds")
def _skip_bo_nothing_builds(app: App) -> None:
    """Nothing builds and Enter was pressed: it discards nothing, and says how to choose the
    card to discard (issue 40: two Enters discarded the first card)."""
    table = _skip_bo_turn_where(["human", "build-first", "build-first"], 6, app, builds=False)
    app.dispatch(key(pygame.K_RETURN))
    app.run_frames(2)
    assert table.picked is None and table.notice


def _skip_bo_turn_where(kinds: list[str], turns: int, app: App, builds: bool) -> Any:
    """The person's turn after `turns` turns, at the first where a card builds (or none)."""
    table = _skip_bo(app, kinds, 7)
    _skip_bo_until(
        table,
        lambda s: (
            s.turn_count > turns
            and s.current_player() == 0
            and s.played == 0
            and table.nothing_builds() is not builds
        ),
    )
    return table


@screen("skip-bo-gap")
def _skip_bo_gap(app: App) -> None:
    """A card played from the hand: the cards right of it have closed up from the right,
    those left of it stayed where they were."""
    table = _skip_bo_turn(app, ["human", "build-first"], 4, seed=11)
    builds = [a for a in table.state.legal_actions() if a.startswith("H") and ">B" in a]
    if builds:
        table.act(builds[0])
        table.settle()
    app.run_frames(2)


@screen("skip-bo-computer")
def _skip_bo_computer(app: App) -> None:
    """Bea and Anne (people), Calico (computer): Calico's card has just landed, lit, before
    the next move; Anne's hand is off the table meanwhile."""
    import time

    from cards.skip_bo import SkipBoOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
    from skully_game.scenes.skip_bo.table import Move, SkipBoTable, TableSeat

    app.stack.push(MenuScene(app))
    seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "build-first")]
    table = SkipBoTable(app, Match(SKIP_BO, SkipBoOptions(players=3, stock=10), 4, seats))
    app.stack.push(table)
    _skip_bo_until(table, lambda s: s.turn_count >= 7 and s.current_player() == 1)
    table.reveal()
    table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    table.settle()
    for _ in range(2000):  # Calico's first card, landed and lit
        table.update(0.02)
        moves = [f for f in table.flights if isinstance(f, Move) and f.lingers and f.landed]
        if moves:
            break
        time.sleep(0.001)
    table.draw(app.screen, 0.0)
    app.draw(0.0)


@screen("skip-bo-replay")
def _skip_bo_replay(app: App) -> None:
    """You against computers, replayed with Anne's hand shown: the log still says "You"."""
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
    from skully_game.scenes.skip_bo.table import SkipBoReplay

    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=2, stock=10)
    _skip_bo_until(table, lambda s: s.turn_count > 9)
    replay = SkipBoReplay(app, Match.load(SKIP_BO, table.match.path))
    app.stack.push(replay)
    app.dispatch(key(pygame.K_END))
    app.dispatch(key(pygame.K_2))
    app.run_frames(2)


@screen("card-gallery-skip-bo")
def _gallery_skip_bo(app: App) -> None:
    """Every card at the hand's size, the wild standing for each number on a building pile."""
    from skully_game.scenes.skip_bo.carddraw import card_image, pile_base, wild_as

    codes = [str(n) for n in range(1, 13)] + ["W"]
    rows: list[Row] = [("1-12 and the SKIP-BO wild, in the hand (100%)",
                        [card_image(c, 1.0) for c in codes], 74)]  # fmt: skip
    rows.append(("a wild on a building pile, standing for 1-12 (90%)",
                 [wild_as(n, 0.9) for n in range(1, 13)], 60))  # fmt: skip
    rows.append(("empty places (72%)", [pile_base(0.72, t) for t in ("1", "2", "empty")], 0))
    gallery(app, "Skip-Bo: the cards", rows)


@screen("card-gallery-skip-bo-small")
def _gallery_skip_bo_small(app: App) -> None:
    from skully_game.scenes.cardtable.carddraw import card_back
    from skully_game.scenes.skip_bo.carddraw import card_image

    codes = [str(n) for n in range(1, 13)] + ["W"]
    rows: list[Row] = []
    for scale, where in ((0.72, "your stock and piles"), (0.62, "yours, small window"),
                         (0.55, "the others'"), (0.42, "the others', six seats")):  # fmt: skip
        faces = [card_image(c, scale) for c in codes] + [card_back(scale)]
        rows.append((f"{where} ({scale:.0%})", faces, 0))
    gallery(app, "Skip-Bo: the smaller sizes", rows)


@screen("skip-bo-own-pile-tip")
def _skip_bo_own_pile_tip(app: App) -> None:
    """The pointer resting on one's own discard pile: its tip over the middle, clear of the
    prompt and the hand (issue 40)."""
    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    mat = table.geometry().mats[0]
    pile = max(range(4), key=lambda k: len(table.state.discards[0][k]))
    at = mat.pile_rects(pile, len(table.state.discards[0][pile]))[-1].center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skip-bo-keys-no-play")
def _skip_bo_keys_no_play(app: App) -> None:
    """Up from the hand when no stock or discard card can play: the keys on one's own pile,
    the line saying why it stays (issue 40)."""
    table = _skip_bo_turn(app, ["human", "build-first", "build-first", "build-first"], 12)
    app.dispatch(key(pygame.K_DOWN))
    app.dispatch(key(pygame.K_UP))
    app.run_frames(2)
    assert table._keyed() is not None


def busiest_table(app: App, pace: Any) -> Any:
    """The busiest table of the game, for tools/frame_time.py: the most seats, computer players
    acting, every card on its way (`pace`, a cardtable.match.Pace)."""
    from cards.skip_bo import SkipBoOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
    from skully_game.scenes.skip_bo.table import SkipBoTable, TableSeat

    seats = [TableSeat(PEOPLE[0])] + [TableSeat(n, "build-first") for n in PEOPLE[1:6]]
    return SkipBoTable(app, Match(SKIP_BO, SkipBoOptions(players=6), 9, seats, pace))


# --- mid-animation (tools/render_motion.py) -------------------------------------------------

MOTION: Demos = {}
motion = collect(MOTION)


def _skip_bo_at(app: App, kinds: list[str], turns: int, seed: int = 5) -> Any:
    table = _skip_bo(app, kinds, seed=seed, stock=10)
    _skip_bo_until(table, lambda s: s.turn_count >= turns and s.current_player() == 0)
    return table


@motion("motion-skip-bo-deal")
def _skip_bo_deal(app: App) -> None:
    """A new game's deal to every stock."""
    table = _skip_bo(app, ["human", "build-first", "build-first"], stock=10)
    table.forget_shown()
    table.cursor_events = 0
    table._absorb()
    until(table, half_way(table, lambda f: f.code is None, 0.4))


@motion("motion-skip-bo-drawn")
def _skip_bo_drawn(app: App) -> None:
    """The person's own cards flying into their hand, face up, at the start of their turn."""
    table = _skip_bo_at(app, ["human", "build-first", "build-first"], 3)
    from skully_game.scenes.skip_bo.moves import Move

    legal = table.state.legal_actions()
    table.act(next(a for a in legal if ">D" in a))
    until(table, half_way(table, lambda f: f.dealt and f.code is not None and f.owner == 0, 0.4))
    assert not any(isinstance(f, Move) for f in table.flights)


@motion("motion-skip-bo-computer-draw")
def _skip_bo_computer_draw(app: App) -> None:
    """A computer's cards drawn, face down, to its strip."""
    table = _skip_bo_at(app, ["human", "build-first", "build-first"], 3)
    table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    until(table, half_way(table, lambda f: f.dealt and f.code is None, 0.4))


@motion("motion-skip-bo-cleared")
def _skip_bo_cleared(app: App) -> None:
    """A building pile of 12 set aside: its 12 flying to the draw pile."""
    from cards.skip_bo import events as ev

    table = _skip_bo(app, ["human", "build-first", "build-first"], seed=5, stock=10)
    before = 0
    for _ in range(400):
        before = sum(isinstance(e, ev.PileCompleted) for e in table.state.events)
        table.run_bots_now()
        legal = table.state.legal_actions()
        table.act(_skip_bo_builds(legal))
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


@screen("skip-bo-tall-discards")
def _skip_bo_tall_discards(app: App) -> None:
    """Long discard piles, the viewer's and another player's: a tall pile fans what reads and
    counts the rest."""
    table = _skip_bo_turn(app, ["human", "build-first", "build-first"], 12)
    state = table.state
    state.discards[0][1][:] = [12, 11, 11, 10, 9, 9, 8, 7, 6, 6, 5, 4, 3, 2]
    state.discards[1][2][:] = [12, 10, 9, 8, 8, 7, 5, 4, 4, 3]
    table.forget_shown()
    table.relayout()
    app.run_frames(2)


@screen("skip-bo-replay-end")
def _skip_bo_replay_end(app: App) -> None:
    """A finished game's replay at its end: the result, with the replay's own keys."""
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
    from skully_game.scenes.skip_bo.table import SkipBoReplay

    table = _skip_bo(app, ["human", "build-first"], seed=2, stock=10)
    _skip_bo_until(table, lambda s: s.is_terminal())
    replay = SkipBoReplay(app, Match.load(SKIP_BO, table.match.path))
    app.stack.push(replay)
    app.dispatch(key(pygame.K_END))
    app.run_frames(2)


@screen("skip-bo-double-click")
def _skip_bo_double_click(app: App) -> None:
    """A double click on a card that fits piles needing different numbers: it is only picked
    up, its piles lit, and the line says to click the one wanted (one pile: it is played)."""
    from skully_game.scenes.skip_bo.doubleplay import only_pile
    from skully_game.shell.scripted import click

    for turns in range(4, 40, 2):
        table = _skip_bo_turn(app, ["human", "build-first", "build-first"], turns)
        choice = [
            s for s in table.sources()
            if only_pile(table.sk, table.targets(s)) is None
            and sum(t[0] == "B" for t in table.targets(s)) > 1
        ]  # fmt: skip
        if choice:
            at = table.place_rect(choice[0]).center
            click(app, at)
            click(app, at)
            app.run_frames(2)
            assert table.picked == choice[0] and "click the one you want" in table.notice
            return
        app.stack.clear()
    raise AssertionError("no card with a choice of piles")
