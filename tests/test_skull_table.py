"""The Skull table driven headless with scripted clicks and keys: a whole game against three
computer players, hot-seat hiding (a spy on every card face drawn), the draw from a beaten
Challenger, undo, saves that resume and replay, and the setup screen."""

from __future__ import annotations

import pygame
import pytest

from cards.skull import Phase, SkullOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull import adapter as adapter_module
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.setup import SkullSetup
from skully_game.scenes.skull.table import SkullReplay, SkullTable, TableSeat
from tests.ui_helpers import click, key, make_app, read_rules, take_pass_screen


def _table(kinds: list[str], seed: int = 5, **options: object) -> tuple[object, SkullTable]:
    app = make_app()
    app.stack.push(MenuScene(app))
    decks = 1 if len(kinds) <= 4 else 3
    opts = SkullOptions(players=len(kinds), decks=decks, **options)  # type: ignore[arg-type]
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
    match = Match(GAME, opts, seed, [TableSeat(names[i], k) for i, k in enumerate(kinds)])
    table = SkullTable(app, match)
    app.stack.push(table)
    return app, table


def _click_spot(app, table: SkullTable, action: str) -> None:
    spot = next(p for p in table.choosable_spots() if p.spot.action == action)
    click(app, spot.stack_rect().center)


def play_by_clicks(app, table: SkullTable, limit: int = 4000) -> dict[str, int]:
    """The person plays with the mouse only: places cards while fewer than three lie on the
    table, then bids them all (so they challenge) or passes; in a challenge clicks the stacks;
    draws and discards by clicking.
    Returns how often each kind of click was made."""
    made = {"place": 0, "bid": 0, "flip": 0, "draw": 0, "discard": 0, "pass": 0}
    for _ in range(limit):
        if table.state.is_terminal():
            return made
        table.run_bots_now()
        if table.state.is_terminal():
            return made
        if table.passing is not None:
            take_pass_screen(app, table)
            continue
        state = table.state
        assert table.my_turn(), f"the person cannot act in phase {state.phase}"
        spots = table.choosable_spots()
        if spots:
            kind = "flip" if spots[0].spot.action.startswith("FLIP") else "draw"
            click(app, spots[-1].stack_rect().center)
            made[kind] += 1
            continue
        hand = [(c, r) for c, r, _ in table.hand_layout() if table.playable(c)]
        placing = state.phase in (Phase.FIRST, Phase.PLACE)
        if hand and (state.phase is not Phase.PLACE or state.on_table() < 3):
            _, rect = hand[-1]
            click(app, rect.move(0, -18).center)
            made["place" if placing else "discard"] += 1
            continue
        buttons = table.choice_buttons
        assert buttons, f"nothing to click in phase {state.phase}"
        bids = [b for b in buttons if b.label.isdigit()]
        target = bids[-1] if bids and state.phase is Phase.PLACE else buttons[-1]
        click(app, target.rect.center)
        made["bid" if target.label.isdigit() else "pass"] += 1
    raise AssertionError("the game did not end")


def test_a_whole_game_by_clicks_against_three_characters() -> None:
    app, table = _table(["human", "cautious", "bold", "bluffer"], seed=21)
    made = play_by_clicks(app, table)
    state = table.state
    assert state.is_terminal() and state.winner is not None
    assert made["place"] and made["bid"] and made["flip"]
    app.run_frames(3)  # the game-over screen draws
    again = Match.load(GAME, table.match.path)
    assert again.state.history() == state.history()
    assert again.state.winner == state.winner


def test_three_decks_eight_seats_and_open_bid_by_clicks() -> None:
    app, table = _table(["human"] + ["random"] * 7, seed=4, open_bid=True, bold=True)
    play_by_clicks(app, table)
    assert table.state.is_terminal()


def test_the_reveal_by_keyboard_own_stack_first() -> None:
    app, table = _table(["human", "random", "random"], seed=8)
    table.run_bots_now()
    for _ in range(200):  # place until the person can bid everything on the table
        table.run_bots_now()
        if table.state.phase is Phase.REVEAL and table.state.challenger == 0:
            break
        legal = table.state.legal_actions()
        bids = [a for a in legal if a.startswith("BID:")]
        places = [a for a in legal if a.startswith("PLACE:")]
        table.act(places[0] if places and table.state.on_table() < 4 else (bids or legal)[-1])
    table.settle()
    state = table.state
    assert state.phase is Phase.REVEAL and state.current_player() == 0
    own = len(state.stacks[0])
    assert [p.spot.action for p in table.choosable_spots()] == ["FLIP:0"]
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.flipped[0] == 1  # the arrow chose the own stack, Enter turned it
    if own > 1 and table.state.phase is Phase.REVEAL:
        table.settle()
        assert [p.spot.action for p in table.choosable_spots()] == ["FLIP:0"]


def test_hot_seat_never_draws_another_persons_cards() -> None:
    """Two people and a computer player: every card face drawn while a person looks is theirs
    or lies face up on the table; pass screens draw only what lies face up for everyone (the
    public table under them: turned cards and Win Markers), never a card of a hand or stack."""
    app, table = _table(["human", "human", "cautious"], seed=3)
    drawn: list[str] = []
    real = adapter_module.card_face

    def spy(code, *args, **kw):
        drawn.append(code)
        return real(code, *args, **kw)

    adapter_module.card_face = spy
    try:
        for _ in range(400):
            if table.state.is_terminal():
                break
            table.run_bots_now()
            if table.passing is not None:
                drawn.clear()
                app.run_frames(2)
                obs = table.state.observation(table.passing)
                public = {c for _, c in obs.revealed} | {c for m in obs.markers for c in m}
                for rec in obs.rounds:
                    public |= {c for _, c in rec.revealed}
                assert set(drawn) <= public, "a pass screen shows only the public table"
                take_pass_screen(app, table)
                continue
            viewer = table.viewer
            drawn.clear()
            app.run_frames(1)
            state = table.state
            obs = state.observation(viewer)
            mine = set(obs.hand) | set(obs.my_stack)
            public = {c for _, c in obs.revealed} | {c for m in obs.markers for c in m}
            for rec in obs.rounds:
                public |= {c for _, c in rec.revealed}
            public |= set(obs.my_lost) | {c for _, c in obs.my_draws}
            others = {c for p in range(state.num_players) if p != viewer for c in state.hands[p]}
            others |= {c for p in range(state.num_players) if p != viewer for c in state.stacks[p]}
            leaked = set(drawn) - mine - public
            assert not leaked & others, f"seat {viewer} saw {leaked & others}"
            log = "\n".join(text for text, _ in table.log_rows(400))
            for e in state.events:  # another seat's placed card is never named to this one
                if type(e).__name__ == "CardPlaced" and e.seat != viewer:
                    named = f"{table.names[e.seat]} places {adapter_module.card_name(e.card)}"
                    assert named not in log
            if state.is_terminal():
                break
            legal = state.legal_actions()
            table.act(legal[-1] if state.phase is Phase.BID else legal[0])
    finally:
        adapter_module.card_face = real


def test_a_person_draws_the_beaten_challengers_card_and_only_the_two_see_it() -> None:
    app, table = _table(["human", "random", "random", "random"], seed=11)
    for _ in range(3000):
        table.run_bots_now()
        state = table.state
        if state.phase is Phase.DRAW and state.current_player() == 0:
            break
        if state.is_terminal():
            pytest.skip("this seed never lets the person draw")
        table.act(state.legal_actions()[0])
    table.settle()
    state = table.state
    beaten = state.challenger
    assert beaten is not None
    cards = table.choosable_spots()
    assert len(cards) == len(state.hands[beaten]) and all(p.spot.seat is None for p in cards)
    assert all(p.spot.cards == (None,) for p in cards), "the cards to draw lie face down"
    click(app, cards[0].stack_rect().center)
    drawn = table.state.drawn[0][-1][1]
    mine = "\n".join(GAME.log(table.state, 0, table.names))
    theirs = "\n".join(GAME.log(table.state, beaten, table.names))
    assert f"You draw the {adapter_module.describe(drawn)}" in mine
    assert adapter_module.describe(drawn) not in theirs.split("draws one of")[-1]
    other = next(p for p in range(4) if p not in (0, beaten))
    assert adapter_module.describe(drawn) not in "\n".join(
        GAME.log(table.state, other, table.names)
    )
    summary = GAME.round_summary(table.state, len(table.state.rounds) - 1, table.names)
    assert adapter_module.describe(drawn) not in repr(summary)
    views = table.private_views()  # the drawer sees what they drew beside the log
    assert views and drawn in views[0].cards
    # the beaten Challenger is shown the card gone from their own hand, beside their log
    lost = GAME.private_views(table.state, beaten)
    assert [v.cards for v in lost] == [(drawn,)] and lost[0].title == "Your card out of the game"
    assert not any(drawn in v.cards for v in GAME.private_views(table.state, other))


def test_undo_takes_back_a_placement_until_someone_bids() -> None:
    app, table = _table(["human", "cautious", "cautious"], seed=6)
    table.run_bots_now()
    assert table.state.phase is Phase.FIRST or table.state.current_player() == 0
    before = table.state.history()
    table.act(table.state.legal_actions()[0])
    assert table.undo_target() == len(before)
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert table.state.history() == before
    table.act("BID:1" if "BID:1" in table.state.legal_actions() else table.state.legal_actions()[0])
    table.run_bots_now()
    if any(not a.startswith("PLACE:") for a in table.state.history()[len(before) + 1 :]):
        assert table.undo_target() is None


def test_many_bids_come_a_row_at_a_time() -> None:
    app, table = _table(["human"] + ["random"] * 7, seed=2)
    while table.state.on_table() < 17:  # every seat places (the table acts for the bots too)
        table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    while table.state.current_player() != 0:
        table.act(next(a for a in table.state.legal_actions() if a.startswith("PLACE:")))
    table.settle()
    bids = sum(a.startswith("BID:") for a in table.state.legal_actions())
    seen: list[str] = []
    for _ in range(10):  # page through them all with the ">" button
        labels = [b.label for b in table.choice_buttons]
        assert len(labels) <= 13 and "Pass" not in labels
        table_rect = table.lay().table
        assert all(table_rect.contains(b.rect) for b in table.choice_buttons)
        seen += [t for t in labels if t.isdigit()]
        more = [b for b in table.choice_buttons if b.label == ">"]
        if not more:
            break
        click(app, more[0].rect.center)
    assert seen == [str(k) for k in range(1, bids + 1)]
    back = next(b for b in table.choice_buttons if b.label == "<")
    click(app, back.rect.center)
    top = max(int(b.label) for b in table.choice_buttons if b.label.isdigit())
    last = next(b for b in table.choice_buttons if b.label == str(top))
    click(app, last.rect.center)
    assert table.state.bid == top


def test_replay_steps_through_a_finished_game() -> None:
    app, table = _table(["human", "bold", "bluffer"], seed=9)
    play_by_clicks(app, table)
    replay = SkullReplay(app, Match.load(GAME, table.match.path))
    app.stack.push(replay)
    for _ in range(30):
        app.dispatch(key(pygame.K_RIGHT))
    app.run_frames(2)
    assert replay.step == 30
    app.dispatch(key(pygame.K_END))
    assert replay.state.is_terminal()


def test_setup_starts_three_decks_for_five_and_remembers() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkullSetup(app)
    app.stack.push(setup)
    add = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Add seat")
    click(app, add.rect.center)
    assert len(setup.seats) == 5 and setup.options.decks == 3
    cards = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Cards")
    assert not cards.enabled and cards.options[cards.index][1] == "Three decks for 5 players"
    start = next(w for w in setup.widgets.widgets if getattr(w, "label", "") == "Start game")
    click(app, start.rect.center)
    table = app.stack.top
    assert isinstance(table, SkullTable)
    assert table.state.options.decks == 3 and table.state.num_players == 5
    again = SkullSetup(app)
    assert len(again.seats) == 5


def test_rules_screen_scrolls_and_goes_back() -> None:
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkullSetup(app)
    app.stack.push(setup)
    read_rules(app, setup)
