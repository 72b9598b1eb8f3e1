"""Skull King's screens for tools/render_scenes.py: the setup, bids, tricks, the summary, its cards.

Exported as DEMOS (scene name -> a function that drives a fresh App to the picture)."""

from __future__ import annotations

from typing import Any

import pygame

from skully_game.scenes.demokit import PEOPLE, Demos, Row, collect, gallery, half_way, until
from skully_game.shell.app import App
from skully_game.shell.scripted import ev, key

DEMOS: Demos = {}
screen = collect(DEMOS)


def _skull_king(app: App, kinds: list[str], seed: int = 5, **options: object):
    from cards.skull_king import SkullKingOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
    from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat

    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
    settings = {"pirate_powers": True, "advanced_cards": True, **options}
    match = Match(
        SKULL_KING,
        SkullKingOptions(players=len(kinds), **settings),  # type: ignore[arg-type]
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


def _sk_until(table, done, pick=0) -> None:
    """Computer players act, the person takes choice `pick`, until done(state)."""
    for _ in range(3000):
        table.run_bots_now()
        if done(table.state) or table.state.is_terminal():
            return
        legal = table.state.legal_actions()
        table.act(legal[pick if pick >= 0 else len(legal) + pick])
    table.settle()


@screen("skull-king-setup")
def _sk_setup(app: App) -> None:
    from skully_game.scenes.menu import MenuScene
    from skully_game.scenes.skull_king.setup import SkullKingSetup

    app.stack.push(MenuScene(app))
    app.stack.push(SkullKingSetup(app))
    app.run_frames(2)


@screen("skull-king-rules")
def _sk_rules(app: App) -> None:
    from skully_game.scenes.skull_king.rules import SkullKingRules

    app.stack.push(SkullKingRules(app))
    app.run_frames(2)


@screen("skull-king-bid")
def _sk_bid(app: App) -> None:
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 3)
    table.run_bots_now()
    app.run_frames(2)


@screen("skull-king-play")
def _sk_play(app: App) -> None:
    from skully_game.shell.scripted import ev

    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 4, pick=-1)
    _sk_until(
        table, lambda s: s.phase.value == "play" and bool(s.trick) and s.current_player() == 0
    )
    app.run_frames(2)
    _, rect, _ = table.hand_layout()[0]
    app.dispatch(ev(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1)


@screen("skull-king-eight")
def _sk_eight(app: App) -> None:
    table = _skull_king(app, ["human"] + ["heuristic"] * 7)
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play" and bool(s.trick))
    app.run_frames(2)


@screen("skull-king-greybeard")
def _sk_greybeard(app: App) -> None:
    table = _skull_king(app, ["human", "heuristic"], seed=9)
    _sk_until(table, lambda s: s.round_index >= 3 and s.phase.value == "play" and bool(s.trick))
    app.run_frames(2)


@screen("skull-king-pass")
def _sk_pass(app: App) -> None:
    table = _skull_king(app, ["human", "human"])
    table.reveal()
    table.act(table.state.legal_actions()[1])
    app.run_frames(2)


@screen("skull-king-pass-armed")
def _sk_pass_armed(app: App) -> None:
    """The pass screen once its delay is over: its named button takes a click."""
    table = _skull_king(app, ["human", "human"])
    table.reveal()
    table.act(table.state.legal_actions()[1])
    app.run_frames(40)


@screen("skull-king-trick-taken")
def _sk_taken(app: App) -> None:
    """The last trick of round 2 on show, before round 3's deal and bids."""
    table = _skull_king(app, ["human", "heuristic", "heuristic", "heuristic"])
    _sk_until(
        table,
        lambda s: s.round_index == 1 and len(s.tricks) == 1 and s.current_player() == 0,
    )
    table.act(table.state.legal_actions()[0])
    for _ in range(400):
        app.run_frames(1)
        if table.shown is not None:
            break
    app.run_frames(2)


@screen("skull-king-last-trick")
def _sk_last_trick(app: App) -> None:
    """The person looks back at the last trick (a tap of L) while the next one is under way."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 3 and len(s.tricks) >= 1 and bool(s.trick))
    _sk_until(table, lambda s: s.current_player() == 0 and s.phase.value == "play")
    app.run_frames(2)
    app.dispatch(key(pygame.K_l))
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_l, mod=0))
    app.run_frames(2)


@screen("skull-king-last-trick-tip")
def _sk_last_trick_tip(app: App) -> None:
    """The pointer rests on the Last trick button: its tooltip over the table, clear of the panel."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 1 and s.current_player() == 0)
    app.run_frames(2)
    at = table.peek_button().move(-30, 0).midright
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skull-king-last-trick-eight")
def _sk_last_trick_eight(app: App) -> None:
    """Eight seats: the last trick's eight cards side by side, over the whole table."""
    table = _skull_king(app, ["human"] + ["heuristic"] * 7)
    _sk_until(table, lambda s: s.round_index >= 2 and len(s.tricks) >= 1 and bool(s.trick))
    _sk_until(table, lambda s: s.current_player() == 0 and s.phase.value == "play")
    app.run_frames(2)
    app.dispatch(key(pygame.K_l))
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_l, mod=0))
    app.run_frames(2)


@screen("skull-king-full-hand")
def _sk_full_hand(app: App) -> None:
    """Ten cards fanned, specials among them: every card shows its corner index."""
    from cards.skull_king import RoundPlan

    table = _skull_king(
        app, ["human", "heuristic", "strong"], seed=7, round_plan=RoundPlan.BROADSIDE
    )
    _sk_until(table, lambda s: s.phase.value == "play" and s.current_player() == 0)
    app.run_frames(2)


@screen("skull-king-summary")
def _sk_summary(app: App) -> None:
    """Round 3's summary, as it comes up after its last trick."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(
        table,
        lambda s: s.round_index == 2 and len(s.tricks) == 2 and s.current_player() == 0,
    )
    table.act(table.state.legal_actions()[0])
    _to_summary(app, table)


@screen("skull-king-summary-first-game")
def _sk_summary_first_game(app: App) -> None:
    """Round 2's summary with the first game's rules: no Loot or stake column."""
    table = _skull_king(
        app, ["human", "heuristic", "strong", "random"], pirate_powers=False, advanced_cards=False
    )
    _sk_until(
        table,
        lambda s: s.round_index == 1 and len(s.tricks) == 1 and s.current_player() == 0,
    )
    table.act(table.state.legal_actions()[0])
    _to_summary(app, table)


def _to_summary(app: App, table) -> None:
    """The round's last trick waits for the person: they go on (Enter) to the summary."""
    for _ in range(2000):
        app.run_frames(1)
        if table.round_wait:
            app.dispatch(key(pygame.K_RETURN))
        if table.summary is not None:
            break
    app.run_frames(2)


@screen("skull-king-last-summary")
def _sk_last_summary(app: App) -> None:
    """The game's last round ends on its summary too, before the final standings."""
    from cards.skull_king import RoundPlan

    table = _skull_king(app, ["human", "heuristic", "strong"], round_plan=RoundPlan.WHIRLPOOL)
    _sk_until(
        table,
        lambda s: (
            s.round_index == len(s.plan) - 1 and s.phase.value == "play" and s.current_player() == 0
        ),
    )
    while not table.state.is_terminal():
        seat = table.game.to_act(table.state)
        table.act(
            table.state.legal_actions()[0] if seat == 0 else table.bots[seat](table.state, seat)()
        )
    _to_summary(app, table)


@screen("skull-king-sheet")
def _sk_sheet(app: App) -> None:
    table = _skull_king(app, ["human", "heuristic", "heuristic"])
    _sk_until(table, lambda s: s.round_index >= 6)
    app.dispatch(key(pygame.K_TAB))
    app.run_frames(2)


@screen("skull-king-game-over")
def _sk_over(app: App) -> None:
    from cards.skull_king import RoundPlan

    table = _skull_king(app, ["human", "heuristic", "strong"], round_plan=RoundPlan.WHIRLPOOL)
    _sk_until(table, lambda s: False)
    table.settle()
    app.run_frames(2)


@screen("skull-king-replay")
def _sk_replay(app: App) -> None:
    from cards.skull_king import RoundPlan
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
    from skully_game.scenes.skull_king.table import SkullKingReplay

    table = _skull_king(app, ["human", "heuristic", "strong"], round_plan=RoundPlan.WHIRLPOOL)
    _sk_until(table, lambda s: False)
    replay = SkullKingReplay(app, Match.load(SKULL_KING, table.match.path))
    app.stack.push(replay)
    for _ in range(40):
        app.dispatch(key(pygame.K_RIGHT))
    app.run_frames(2)


def _sk_codes() -> tuple[list[str], list[str]]:
    from skully_game.scenes.skull_king.carddraw import SPECIALS

    return [f"{s}{r}" for s in "GYPB" for r in range(1, 15)], list(SPECIALS)


@screen("card-gallery-skull-king")
def _gallery_sk(app: App) -> None:
    """The special cards and the back at the hand's size, the trick's, the glance's."""
    from skully_game.scenes.skull_king.carddraw import card_back, card_face

    _, specials = _sk_codes()
    rows: list[Row] = []
    for scale, where in ((1.0, "in the hand"), (0.62, "in the trick"), (0.4, "in a glance")):
        faces = [card_face(c, scale) for c in specials] + [card_back(scale)]
        rows.append((f"special cards and the back, {where} ({scale:.0%})", faces, 0))
    gallery(app, "Skull King: special cards", rows)


@screen("card-gallery-skull-king-suits")
def _gallery_sk_suits(app: App) -> None:
    """Every number card of each suit at the hand's size, fanned as a hand shows them."""
    from skully_game.scenes.skull_king.carddraw import SUIT_WORDS, card_face

    numbers, _ = _sk_codes()
    rows: list[Row] = []
    for k, suit in enumerate("GYPB"):
        faces = [card_face(c, 1.0) for c in numbers[k * 14 : (k + 1) * 14]]
        rows.append((f"{SUIT_WORDS[suit]} 1-14, in the hand (100%)", faces, 54))
    gallery(app, "Skull King: the four suits", rows)


@screen("card-gallery-skull-king-small")
def _gallery_sk_small(app: App) -> None:
    from skully_game.scenes.skull_king.carddraw import card_face

    numbers, _ = _sk_codes()
    rows: list[Row] = [
        ("number cards in the trick (62%)", [card_face(c, 0.62) for c in numbers], 0)
    ]
    rows.append(("and in a glance, one dimmed (40%)",
                 [card_face(c, 0.4, dim=i == 3) for i, c in enumerate(numbers[::3])], 0))  # fmt: skip
    gallery(app, "Skull King: number cards, small", rows)


def _sk_to_reveal(app: App, players: int):
    """A table where the person's bid is the last: it is made, and the reveal starts."""
    table = _skull_king(app, ["human"] + ["heuristic"] * (players - 1), seed=4)
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "bid")
    table.run_bots_now()
    while table.state.phase.value == "bid":
        seat = table.state.current_player()
        action = table.state.legal_actions()[1] if seat == 0 else None
        table.act(action or table.bots[seat](table.state, seat)())
    for _ in range(200):
        app.run_frames(1)
        if table.bid_reveal is not None:
            break
    return table


@screen("skull-king-bids-revealed")
def _sk_bids_revealed(app: App) -> None:
    """Yo-ho-ho! Every bid at once, large, in front of its seat."""
    _sk_to_reveal(app, 5)
    app.run_frames(10)


@screen("skull-king-bids-revealed-eight")
def _sk_bids_revealed_eight(app: App) -> None:
    """Yo-ho-ho! with eight seats: every bid in front of its seat."""
    _sk_to_reveal(app, 8)
    app.run_frames(10)


@screen("skull-king-bids-kept")
def _sk_bids_kept(app: App) -> None:
    """After the reveal, each bid stays beside its seat while the tricks are played."""
    table = _sk_to_reveal(app, 5)
    table.settle()
    _sk_until(table, lambda s: len(s.tricks) >= 1 and bool(s.trick))
    app.run_frames(2)


@screen("skull-king-bids-kept-eight")
def _sk_bids_kept_eight(app: App) -> None:
    """Eight seats: each bid beside its seat, clear of every box and trick slot."""
    table = _sk_to_reveal(app, 8)
    table.settle()
    _sk_until(table, lambda s: len(s.tricks) >= 1 and len(s.trick) >= 5)
    app.run_frames(2)


@screen("skull-king-summary-last-trick")
def _sk_summary_last_trick(app: App) -> None:
    """L held over a round's summary: the last trick over the summary, inside the table."""
    _sk_summary(app)
    table = app.stack.top
    table.go_on()  # the round's last trick waits for Continue, then the summary comes
    for _ in range(2000):
        app.run_frames(1)
        if table.summary is not None:
            break
    app.dispatch(key(pygame.K_l))
    app.run_frames(2)


@screen("skull-king-replay-bids")
def _sk_replay_bids(app: App) -> None:
    """A replay stepped to just after a round's bids are revealed: each seat's bid shows."""
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
    from skully_game.scenes.skull_king.table import SkullKingReplay

    table = _skull_king(app, ["human", "heuristic", "strong"])
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play" and bool(s.trick))
    replay = SkullKingReplay(app, Match.load(SKULL_KING, table.match.path))
    app.stack.push(replay)
    steps = [i for i, a in enumerate(replay.actions) if a.startswith("BID")]
    for _ in range(steps[-1] + 2):
        app.dispatch(key(pygame.K_RIGHT))
    app.run_frames(2)


def _sk_tricks_open(app: App, kinds: list[str], round_index: int, tricks: int) -> Any:
    """A round part played, and T pressed: the round's tricks so far on show."""
    table = _skull_king(app, kinds)
    _sk_until(table, lambda s: s.round_index >= round_index and len(s.tricks) >= tricks)
    _sk_until(table, lambda s: s.current_player() == 0 and s.phase.value == "play")
    until(table, lambda: not table.pending and not table.flights)
    app.dispatch(key(pygame.K_t))
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_t, mod=0))
    app.run_frames(2)
    return table


@screen("skull-king-tricks")
def _sk_tricks(app: App) -> None:
    """T: the round's tricks so far, a row each, a column per seat, the pointer on a card."""
    table = _sk_tricks_open(app, ["human", "heuristic", "strong", "random"], 6, 4)
    spot = played_grid(table).card_rect(1, 2).center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


@screen("skull-king-tricks-eight")
def _sk_tricks_eight(app: App) -> None:
    """Eight seats, the last round's nine tricks: every row and column fits."""
    _sk_tricks_open(app, ["human"] + ["heuristic"] * 7, 9, 8)


@screen("skull-king-tricks-pass")
def _sk_tricks_pass(app: App) -> None:
    """At a shared desk, T on a pass screen: the tricks are public, the hands stay hidden."""
    table = _skull_king(app, ["human", "human", "heuristic"])
    for _ in range(600):
        table.run_bots_now()
        s = table.state
        if table.passing is not None and s.round_index >= 4 and len(s.tricks) >= 2:
            break
        if table.passing is not None:
            table.reveal()
            continue
        table.act(s.legal_actions()[0])
    app.run_frames(2)
    app.dispatch(key(pygame.K_t))
    app.dispatch(ev(pygame.KEYUP, key=pygame.K_t, mod=0))
    app.run_frames(2)


def played_grid(table: Any) -> Any:
    from skully_game.scenes.skull_king import played

    return played.grid(
        table.tricks_area(), table.state.num_players, len(table.round_tricks().tricks)
    )


def busiest_table(app: App, pace: Any) -> Any:
    """The busiest table of the game, for tools/frame_time.py: the most seats, computer players
    acting, every card on its way (`pace`, a cardtable.match.Pace)."""
    from cards.skull_king import SkullKingOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
    from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat

    seats = [TableSeat(PEOPLE[0])] + [TableSeat(n, "heuristic") for n in PEOPLE[1:]]
    options = SkullKingOptions(players=8, pirate_powers=True, advanced_cards=True)
    return SkullKingTable(app, Match(SKULL_KING, options, 5, seats, pace))


# --- mid-animation (tools/render_motion.py) -------------------------------------------------


@screen("skull-king-bid-hint")
def _sk_bid_hint(app: App) -> None:
    """Round 8's bid with its hint on show: the bid lit, and why in one line."""
    import random

    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 7)
    table.run_bots_now()
    hint = table.game.hinter(random.Random(0))(table.state, 0)()
    table.hinted = hint
    table.notice = f"Hint: {hint.words} · Enter takes it"
    table.relayout()
    app.run_frames(2)


@screen("skull-king-play-hint")
def _sk_play_hint(app: App) -> None:
    """Round 8's play with its hint on show, once the bid is in: the card lit, and why (it
    follows the bid: take the trick, or lose it once the bid is made)."""
    import random

    from cards.skull_king.state import Phase

    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 7 and s.phase is Phase.PLAY and s.trick)
    table.run_bots_now()
    hint = table.game.hinter(random.Random(0))(table.state, 0)()
    table.hinted = hint
    table.notice = f"Hint: {hint.words} · Enter takes it"
    table.relayout()
    app.run_frames(2)


MOTION: Demos = {}
motion = collect(MOTION)


@motion("motion-skull-king-deal")
def _sk_deal(app: App) -> None:
    """A new game's first deal, part way round the table."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    table.forget_shown()
    table.cursor_events = 0
    table._absorb()
    until(table, half_way(table, lambda f: f.dealt, 0.3))


@motion("motion-skull-king-played")
def _sk_played(app: App) -> None:
    """A computer's card half way to the trick."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play")
    if table.state.current_player() == 0:
        table.act(table.state.legal_actions()[0])
    until(table, half_way(table, lambda f: f.slot >= 0 and f.code is not None))


@motion("motion-skull-king-collected")
def _sk_collected(app: App) -> None:
    """A trick on its way to its winner's seat."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play")
    if table.state.current_player() == 0:
        table.act(table.state.legal_actions()[0])
    until(table, half_way(table, lambda f: f.code is None and not f.dealt, 0.4))


@motion("motion-skull-king-gathered-beat")
def _sk_gathered_beat(app: App) -> None:
    """A won trick lying gathered before its winner, named, for its beat."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play")
    if table.state.current_player() == 0:
        table.act(table.state.legal_actions()[0])
    until(table, lambda: table.gathered is not None and not table.flights)


def _sk_revealing(app: App, players: int = 4) -> Any:
    """A table whose bids are all made and whose reveal has begun."""
    kinds = ["human", "heuristic", "strong", "random", "heuristic", "strong", "random", "heuristic"]
    table = _skull_king(app, kinds[:players])
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "bid")
    table.act(table.state.legal_actions()[1])
    until(table, lambda: table.bid_reveal is not None)
    return table


@motion("motion-skull-king-bids")
def _sk_bids(app: App) -> None:
    """Yo-ho-ho! Every bid shown at once, large, in front of its seat."""
    table = _sk_revealing(app)
    until(table, lambda: table.bid_reveal is not None and table.bid_reveal.t >= 0.3)


@motion("motion-skull-king-bids-settling")
def _sk_bids_settling(app: App) -> None:
    """The bids half way from the table to their seats' boxes, where they stay for the round."""
    table = _sk_revealing(app)
    until(table, lambda: table.bid_reveal is not None and table.bid_reveal.settling() >= 0.4)


@motion("motion-skull-king-bids-eight")
def _sk_bids_eight(app: App) -> None:
    """Yo-ho-ho! at eight seats: each bid in front of its own seat, none over another."""
    table = _sk_revealing(app, 8)
    until(table, lambda: table.bid_reveal is not None and table.bid_reveal.t >= 0.3)


@motion("motion-skull-king-gathered")
def _sk_gathered(app: App) -> None:
    """A won trick sliding together, face up, in front of its winner."""
    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 2 and s.phase.value == "play")
    if table.state.current_player() == 0:
        table.act(table.state.legal_actions()[0])
    until(table, half_way(table, lambda f: f.code is not None and f.waits and f.slot < 0))


@motion("motion-skull-king-own-play")
def _sk_own_play(app: App) -> None:
    """At a shared desk, a person's own card half way from their hand to the trick, watched by
    the whole desk (no hand on show) before the next person's pass screen."""
    table = _skull_king(app, ["human", "human", "heuristic"])
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


@screen("skull-king-hint-greyed")
def _sk_hint_greyed(app: App) -> None:
    """A hint on show while the pointer is on a card that may not be played now: the hint's
    why and the card's reason (follow suit) both read."""
    import random

    table = _skull_king(app, ["human", "heuristic", "strong", "random"])
    _sk_until(table, lambda s: s.round_index >= 4, pick=-1)
    _sk_until(
        table,
        lambda s: (
            s.phase.value == "play"
            and bool(s.trick)
            and s.current_player() == 0
            and len(s.legal_actions()) < len(s.hands[0])
        ),
    )
    hint = table.game.hinter(random.Random(0))(table.state, 0)()
    table.hinted = hint
    table.notice = f"Hint: {hint.words} · Enter takes it"
    table.relayout()
    app.run_frames(2)
    greyed = [r for code, r, _ in table.hand_layout() if not table.playable(code)]
    at = greyed[0].center if greyed else table.hand_layout()[0][1].center
    app.dispatch(ev(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1)


@screen("skull-king-bid-confirm")
def _sk_bid_confirm(app: App) -> None:
    """Two people at one desk, round 10: a bid chosen and waiting for Confirm."""
    table = _skull_king(app, ["human", "human", "heuristic"])
    _sk_until(table, lambda s: s.round_index >= 9)
    table.run_bots_now()
    table.reveal()
    table.choose_bid("BID:2")
    app.run_frames(2)
