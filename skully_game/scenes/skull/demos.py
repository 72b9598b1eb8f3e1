"""Skull's screens for tools/render_scenes.py: the setup, placing, bids, the reveal, its cards.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.scenes.demokit import PEOPLE, Demos, Row, collect, gallery, half_way, until
from skully_game.shell.app import App
from skully_game.shell.scripted import ev, key

DEMOS: Demos = {}
screen = collect(DEMOS)


def _skull(app: App, kinds: list[str], seed: int = 5, **options: object):
    from cards.skull import SkullOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skull.adapter import GAME as SKULL
    from skully_game.scenes.skull.table import SkullTable, TableSeat

    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
    decks = 1 if len(kinds) <= 4 else 3
    settings = {"decks": decks, **options}
    match = Match(
        SKULL,
        SkullOptions(players=len(kinds), **settings),  # type: ignore[arg-type]
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkullTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


def _skull_until(table, done, choose=None) -> None:
    """Computer players act, the person takes `choose(legal)` (the first action), until done."""
    for _ in range(3000):
        table.run_bots_now()
        if done(table.state) or table.state.is_terminal():
            return
        legal = table.state.legal_actions()
        table.act(choose(legal) if choose else legal[0])
    table.settle()


def _skull_bids_high(legal: list[str]) -> str:
    """Place cards while there are some, then bid as much as allowed: a reveal follows."""
    bids = [a for a in legal if a.startswith("BID:")]
    if any(a.startswith("PLACE:") for a in legal) and len(bids) < 6:
        return next(a for a in legal if a.startswith("PLACE:"))
    return bids[-1] if bids else legal[0]


@screen("skull-setup")
def _skull_setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skull.setup import SkullSetup

    app.stack.push(MenuScene(app))
    app.stack.push(SkullSetup(app))
    app.run_frames(2)


@screen("skull-rules")
def _skull_rules(app: App) -> None:
    from skully_game.scenes.skull.rules import SkullRules

    app.stack.push(SkullRules(app))
    app.run_frames(2)


@screen("skull-place")
def _skull_place(app: App) -> None:
    """The person places a second card: stacks in front of every seat, the bid buttons."""
    table = _skull(app, ["human", "random", "random", "random"])
    _skull_until(table, lambda s: s.phase.value == "place" and s.current_player() == 0)
    app.run_frames(2)


@screen("skull-bid")
def _skull_bid(app: App) -> None:
    table = _skull(app, ["human", "random", "random", "random"], seed=7)
    _skull_until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0)
    app.run_frames(2)


@screen("skull-reveal")
def _skull_reveal(app: App) -> None:
    """The person is the Challenger, part way through: own stack turned, others to pick."""
    table = _skull(app, ["human", "random", "random", "random"], seed=3)
    _skull_until(
        table,
        lambda s: (
            s.phase.value == "reveal"
            and s.challenger == 0
            and s.flipped[0] == len(s.stacks[0])
            and s.current_player() == 0
        ),
        _skull_bids_high,
    )
    app.run_frames(2)


@screen("skull-turning")
def _skull_turning(app: App) -> None:
    """A card half way through being turned over."""
    table = _skull(app, ["human", "random", "random", "random"], seed=3)
    _skull_until(
        table,
        lambda s: s.phase.value == "reveal" and s.current_player() == 0,
        _skull_bids_high,
    )
    table.act(table.state.legal_actions()[0])
    app.run_frames(14)


@screen("skull-draw")
def _skull_draw(app: App) -> None:
    """A Skull's owner (the person) draws one of the beaten Challenger's cards."""
    table = _skull(app, ["human", "random", "random", "random"], seed=11)
    _skull_until(table, lambda s: s.phase.value == "draw" and s.current_player() == 0)
    app.run_frames(2)


@screen("skull-summary")
def _skull_summary(app: App) -> None:
    """A round's summary, as it comes up after the person's last turned card."""
    table = _skull(app, ["human", "random", "random", "random"], seed=3)
    _skull_until(
        table,
        lambda s: s.phase.value == "reveal" and s.current_player() == 0,
        _skull_bids_high,
    )
    rounds = len(table.state.rounds)
    while len(table.state.rounds) == rounds:
        table.act(table.state.legal_actions()[0])
    for _ in range(4000):
        app.run_frames(1)
        if table.summary is not None:
            break
    app.run_frames(2)


@screen("skull-summary-eight")
def _skull_summary_eight(app: App) -> None:
    """A round's summary at eight seats: the Win Markers stay seen (the box lay over them)."""
    table = _skull(app, ["human"] + ["random"] * 7, seed=4)
    _skull_until(table, lambda s: s.phase.value == "reveal" and s.current_player() == 0,
                 _skull_bids_high)  # fmt: skip
    rounds = len(table.state.rounds)
    while len(table.state.rounds) == rounds:
        table.act(table.state.legal_actions()[0])
    if table.state.phase.value == "discard":  # one's own Skull: the card one loses
        table.act(table.state.legal_actions()[0])
    for _ in range(4000):
        app.run_frames(1)
        if table.summary is not None:
            break
    app.run_frames(2)


def _pointer_on_stack(app: App, seat: int) -> None:
    """The person's turn to bid, the pointer on `seat`'s stack."""
    table = _skull(app, ["human", "random", "random", "random"], seed=7)
    _skull_until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0)
    spot = next(p for p in table.spot_layout() if p.spot.seat == seat)
    at = spot.stack_rect().center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skull-stack-tip")
def _skull_stack_tip(app: App) -> None:
    """The pointer on another seat's stack: its count in words."""
    _pointer_on_stack(app, 1)


@screen("skull-own-stack-tip")
def _skull_own_stack_tip(app: App) -> None:
    """The pointer on one's own stack: what one placed there, said to oneself alone."""
    _pointer_on_stack(app, 0)


@screen("skull-hint")
def _skull_hint(app: App) -> None:
    """The pointer on a card of one's hand while the bid buttons show: the card's words and
    why it cannot be played now, clear of one's own stack (four cards down)."""

    table = _skull(app, ["human", "random", "random", "random"], seed=7)

    def place(legal: list[str]) -> str:
        return next((a for a in legal if a.startswith("PLACE:")), legal[0])

    _skull_until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0, place)
    _, rect, _ = table.hand_layout()[0]
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skull-eight")
def _skull_eight(app: App) -> None:
    table = _skull(app, ["human"] + ["random"] * 7, seed=4)
    _skull_until(table, lambda s: s.phase.value == "reveal" and s.current_player() == 0,
                 _skull_bids_high)  # fmt: skip
    app.run_frames(2)


@screen("skull-eight-enlarged")
def _skull_eight_enlarged(app: App) -> None:
    """Eight seats, a stack with a card turned: the pointer on it shows its face-up cards large
    (at 1024x640 they are drawn 14 pixels wide)."""
    table = _skull(app, ["human"] + ["random"] * 7, seed=4)
    _skull_until(table, lambda s: s.phase.value == "reveal" and s.current_player() == 0,
                 _skull_bids_high)  # fmt: skip
    table.act(table.state.legal_actions()[0])
    app.run_frames(240)
    spot = max(table.spot_layout(), key=lambda p: sum(c is not None for c, _ in p.cards))
    at = spot.stack_rect().center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skull-eight-hint")
def _skull_eight_hint(app: App) -> None:
    """Eight seats, the person to bid asks for a hint (H): its line clear of their own box."""
    table = _skull(app, ["human"] + ["random"] * 7, seed=2)
    while table.state.on_table() < 9 or table.state.current_player() != 0:
        table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    table.settle()
    app.dispatch(key(pygame.K_h))
    app.run_frames(30)


@screen("skull-many-bids")
def _skull_many_bids(app: App) -> None:
    """Eight seats, most cards down: the bids wrap into rows above the hand."""
    table = _skull(app, ["human"] + ["random"] * 7, seed=2)
    while table.state.on_table() < 17 or table.state.current_player() != 0:
        table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    table.settle()
    app.run_frames(2)


@screen("skull-pass")
def _skull_pass(app: App) -> None:
    table = _skull(app, ["human", "human", "random"])
    table.reveal()
    table.act(table.state.legal_actions()[0])
    app.run_frames(2)


@screen("skull-reveal-shared")
def _skull_reveal_shared(app: App) -> None:
    """Two people at one desk: a reveal all watch shows no hand."""
    table = _skull(app, ["human", "human", "random"], seed=3)
    _skull_until(table, lambda s: s.phase.value == "reveal", _skull_bids_high)
    table.settle()
    app.run_frames(2)


def _skull_drawn(app: App) -> Any:
    """Three people: the Skull's owner has just drawn a beaten Challenger's card."""
    table = _skull(app, ["human", "human", "human"], seed=0)
    _skull_until(table, lambda s: s.phase.value == "draw")
    table.settle()
    spot = next(p for p in table.choosable_spots())
    from skully_game.shell.scripted import click

    click(app, spot.stack_rect().center)
    for _ in range(400):
        app.run_frames(1)
        if table.passing is not None:
            break
    return table


@screen("skull-peek-pass")
def _skull_peek_pass(app: App) -> None:
    """The pass screen before the drawer alone looks at the card drawn."""
    _skull_drawn(app)
    app.run_frames(40)


@screen("skull-peek")
def _skull_peek(app: App) -> None:
    """The drawer alone looks at the card drawn, then says Done."""
    table = _skull_drawn(app)
    table.reveal()
    app.run_frames(2)


@screen("skull-sheet")
def _skull_sheet(app: App) -> None:
    table = _skull(app, ["human", "random", "random"], seed=2)
    _skull_until(table, lambda s: len(s.rounds) >= 4)
    table.settle()
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skull-sheet-long")
def _skull_sheet_long(app: App) -> None:
    """Four seats after 15 rounds: the sheet shows the latest and says how to reach the rest."""
    import random

    from cards.bots import RandomBot
    from cards.skull import SkullOptions, SkullState
    from skully_game.scenes.skull.adapter import GAME as SKULL

    state = SkullState(SkullOptions(players=4), 0)
    bots = [RandomBot(random.Random(p)) for p in range(4)]
    while len(state.rounds) < 15:
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    table = _skull(app, ["human", "random", "random", "random"], seed=0)
    table.match.state = SKULL.replay(table.match.state, state.history())
    table.settle()
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skull-sheet-long-top")
def _skull_sheet_long_top(app: App) -> None:
    """The long game's sheet scrolled to its first rounds with Home."""
    _skull_sheet_long(app)
    app.dispatch(key(pygame.K_HOME))
    app.run_frames(2)


@screen("skull-game-over")
def _skull_over(app: App) -> None:
    table = _skull(app, ["human", "random", "random"], seed=2)
    _skull_until(table, lambda s: False, _skull_bids_high)
    table.settle()
    app.run_frames(2)


@screen("card-gallery-skull")
def _gallery_skull(app: App) -> None:
    """A deck's every face at the hand's size, fanned as a hand shows them."""
    from cards.skull.cards import RANKS
    from skully_game.scenes.skull.carddraw import card_face

    rows: list[Row] = []
    for suit, name in zip("SHDC", ("spades", "hearts", "diamonds", "clubs"), strict=True):
        faces = [card_face(r + suit, 1.0) for r in RANKS]
        rows.append((f"{name}, ace to king (the King is the Skull), in the hand (100%)", faces, 60))
    gallery(app, "Skull: a deck", rows)


@screen("card-gallery-skull-small")
def _gallery_skull_small(app: App) -> None:
    """Win Markers face up, the Skull and the back at the sizes of stacks and marks."""
    from skully_game.scenes.cardtable.carddraw import card_back
    from skully_game.scenes.skull.carddraw import card_face

    marks = ["KS", "KH", "QD", "JC", "10H", "AS", "7D"]
    rows: list[Row] = []
    for scale, where in ((0.55, "on the table"), (0.48, "on a table of six"), (0.34, "as a mark")):
        faces = [card_face(c, scale, marker=True) for c in marks]
        faces += [card_face("KS", scale), card_face("KD", scale), card_face("9C", scale)]
        faces += [card_back(scale)]
        rows.append(
            (f"Win Markers, Skulls, a Flower and the back, {where} ({scale:.0%})", faces, 0)
        )
    rows.append(("a seat's count of cards (25%) and a dimmed card in the hand",
                 [card_back(0.25), card_face("5S", 1.0, dim=True)], 0))  # fmt: skip
    gallery(app, "Skull: markers, Skulls and backs", rows)


@screen("skull-turned-read")
def _skull_turned_read(app: App) -> None:
    """A computer Challenger's turned card held up over its stack to be read (fast pace)."""
    from skully_game.scenes.cardtable.match import Pace

    table = _skull(app, ["bold", "bold", "bold", "bold"], seed=3)
    table.match.pace = Pace.FAST
    for _ in range(60000):  # the computers play at their pace until one's card is turned
        table.update(1 / 60)
        shown = [f for f in table.flights if type(f).__name__ == "ShownTurn"]
        if shown and shown[0].turned() >= 1.0 and shown[0].t > shown[0].turn + 0.2:
            break


@screen("skull-marker-flies")
def _skull_marker_flies(app: App) -> None:
    """A Win Marker won, on its way from the middle to its winner's side."""
    table = _skull(app, ["human", "random", "random"], seed=2)
    for _ in range(200):
        _skull_until(table, lambda s: s.phase.value == "reveal" and s.current_player() == 0)
        won = sum(table.state.won)
        while table.state.phase.value == "reveal" and table.state.current_player() == 0:
            table.act(table.state.legal_actions()[0])
        if sum(table.state.won) > won:
            break
        table.settle()
    for _ in range(2000):
        app.run_frames(1)
        if any(f.code and f.code.startswith("marker:") and f.t > 0.2 for f in table.flights):
            break


@screen("skull-replay-reveal")
def _skull_replay_reveal(app: App) -> None:
    """A Skull replay stepped onto a turned card: it is held up to be read, as at the table."""
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skull.adapter import GAME as SKULL
    from skully_game.scenes.skull.table import SkullReplay

    table = _skull(app, ["human", "random", "random", "random"], seed=3)
    _skull_until(
        table, lambda s: s.phase.value == "reveal" and len(s.history()) > 20, _skull_bids_high
    )
    table.settle()
    replay = SkullReplay(app, Match.load(SKULL, table.match.path))
    app.stack.push(replay)
    flips = [i for i, a in enumerate(replay.actions) if a.startswith("FLIP")]
    for _ in range(flips[-2] + 1):  # onto a card turned, the reveal going on
        app.dispatch(key(pygame.K_RIGHT))
    app.run_frames(2)


def busiest_table(app: App, pace: Any) -> Any:
    """The busiest table of the game, for tools/frame_time.py: the most seats, computer players
    acting, every card on its way (`pace`, a cardtable.match.Pace)."""
    from cards.skull import SkullOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skull.adapter import GAME as SKULL
    from skully_game.scenes.skull.table import SkullTable, TableSeat

    seats = [TableSeat(PEOPLE[0])] + [TableSeat(n, "random") for n in PEOPLE[1:]]
    return SkullTable(app, Match(SKULL, SkullOptions(players=8, decks=3), 4, seats, pace))


# --- mid-animation (tools/render_motion.py) -------------------------------------------------

MOTION: Demos = {}
motion = collect(MOTION)


@motion("motion-skull-placed")
def _skull_placed(app: App) -> None:
    """A computer's card going face down onto its stack."""
    table = _skull(app, ["human", "random", "random", "random"], seed=2)
    _skull_until(table, lambda s: s.phase.value == "place" and s.current_player() == 0)
    table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    until(table, half_way(table, lambda f: f.onto > 0))


@motion("motion-skull-bids")
def _skull_bids(app: App) -> None:
    """A computer's bid or pass by its seat."""
    table = _skull(app, ["human", "random", "random", "random"], seed=7)
    _skull_until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0)
    table.act(next(a for a in table.state.legal_actions() if a.startswith("BID:")))
    until(table, lambda: len(table.bubbles) >= 2)


@motion("motion-skull-turning")
def _skull_turning(app: App) -> None:
    """A card of a stack turning over where it lies, half way."""
    table = _skull(app, ["human", "random", "random", "random"], seed=3)
    _skull_until(
        table,
        lambda s: s.phase.value == "reveal" and s.current_player() == 0,
        _skull_bids_high,
    )
    table.act(table.state.legal_actions()[0])
    until(table, half_way(table, lambda f: f.turning >= 0, 0.4))


@screen("skull-six-reveal")
def _skull_six_reveal(app: App) -> None:
    """Six seats, three cards in most stacks: the person, Challenger, has turned their own stack
    and another's card is held up to be read (a play-tester saw stacks overlap at 1024x640)."""

    def place_then_bid(legal: list[str]) -> str:
        bids = [a for a in legal if a.startswith("BID:")]
        places = [a for a in legal if a.startswith("PLACE:")]
        flowers = [a for a in places if not a.startswith("PLACE:K")]
        if places and len(bids) < 14:
            return (flowers or places)[0]
        return bids[-1] if bids else legal[0]

    table = _skull(app, ["human"] + ["bold"] * 5, seed=4)
    _skull_until(table, lambda s: s.phase.value == "reveal" and s.current_player() == 0,
                 place_then_bid)  # fmt: skip
    while "FLIP:0" in table.state.legal_actions():
        table.act("FLIP:0")
    table.settle()
    legal = [a for a in table.state.legal_actions() if a.startswith("FLIP:")]
    if legal:
        table.act(max(legal, key=lambda a: len(table.state.stacks[int(a[5:])])))
    for _ in range(120):
        app.run_frames(1)
        shown = [f for f in table.flights if type(f).__name__ == "ShownTurn"]
        if shown and shown[0].turned() >= 1.0:
            break


@screen("skull-six-markers")
def _skull_six_markers(app: App) -> None:
    """Six seats, two of them holding a Win Marker: each drawn beside its seat at every size
    (at 1024x640 only the words "Markers won" said so)."""

    def careful(legal: list[str]) -> str:  # the person places, passes, never challenges
        for start in ("PLACE:", "PASS", "BID:"):
            if any(a.startswith(start) for a in legal):
                return next(a for a in legal if a.startswith(start))
        return legal[0]

    table = _skull(app, ["human"] + ["bold"] * 5, seed=1)
    _skull_until(
        table,
        lambda s: sum(1 for w in s.won if w) >= 2 and s.current_player() == 0,
        careful,
    )
    app.run_frames(2)
