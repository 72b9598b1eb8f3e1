"""Panels that lie over others at the card tables: the last trick over a round's summary covers
the summary wholly and leaves its button clear (at 1024x640 the summary's rows showed round
it)."""

from __future__ import annotations

import pygame

from cards.skull_king import SkullKingOptions
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.skull.adapter import GAME as SKULL
from skully_game.scenes.skull_king.adapter import GAME as SKULL_KING
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from tests.ui_helpers import Inline, key, make_app


def at_a_summary(size):
    app = make_app(size)
    seats = [TableSeat("You"), *(TableSeat(n, "heuristic") for n in ("Anne", "Calico", "Mary"))]
    table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=4), 5, seats))
    app.stack.push(table)
    for _ in range(400):
        table.run_bots_now()
        if table.state.round_index >= 2:
            break
        table.act(table.state.legal_actions()[0])
    table.pool = Inline()
    for _ in range(6000):  # the round played out at the table's pace, then its summary
        if table.round_wait:
            table.go_on()
        app.tick()
        if table.summary is not None:
            return app, table
        if table.my_turn():
            table.act(table.state.legal_actions()[0])
    raise AssertionError("no summary came")


def test_the_last_trick_over_a_summary_covers_it_and_leaves_its_button_clear():
    for size in ((1024, 640), (1280, 800)):
        app, table = at_a_summary(size)
        app.dispatch(key(pygame.K_l))
        app.draw(0.5)
        assert table.peeking
        box = table._summary_box()
        panel = table.peek_box
        button = next(w for w in table.widgets.widgets if w.label == table.game.next_label)
        assert panel.x <= box.x and panel.right >= box.right and panel.top <= box.top
        assert panel.bottom >= button.rect.top - 24, "the summary's rows show under the panel"
        assert not panel.colliderect(button.rect), "the summary's button is covered"


# --- Skull: the reveal's end and its keys -------------------------------------------------


def skull_table(kinds, seed=3):
    from cards.skull import SkullOptions
    from skully_game.scenes.cardtable.match import Match
    from skully_game.scenes.skull.table import SkullTable

    app = make_app((1024, 640))
    names = ["You", "Anne", "Calico", "Mary"]
    match = Match(
        SKULL,
        SkullOptions(players=len(kinds)),
        seed,
        [TableSeat(names[i], k) for i, k in enumerate(kinds)],
    )
    table = SkullTable(app, match)
    app.stack.push(table)
    return app, table


def bids_high(legal):
    bids = [a for a in legal if a.startswith("BID:")]
    if any(a.startswith("PLACE:") for a in legal) and len(bids) < 6:
        return next(a for a in legal if a.startswith("PLACE:"))
    return bids[-1] if bids else legal[0]


def until(table, done, choose=bids_high):
    for _ in range(3000):
        table.run_bots_now()
        if done(table.state) or table.state.is_terminal():
            return
        table.act(choose(table.state.legal_actions()))
    raise AssertionError("never came")


def test_a_stack_s_tooltip_never_covers_the_news_of_a_reveal_s_end():
    from skully_game.scenes.cardtable import spots
    from skully_game.scenes.cardtable.game import Taken

    app, table = skull_table(["human", "random", "random", "random"])
    until(table, lambda s: s.phase.value == "bid" and s.current_player() == 0)
    app.tick()
    # the news of a reveal's end, as the table shows it after the last card turned
    table.shown = Taken((), None, "Anne makes it: a Win Marker!")
    table.hold = 5.0
    news = table.news_rect()
    assert news is not None
    checked = 0
    for placed in table.spot_layout():
        rect = placed.stack_rect()
        for at in (rect.center, rect.midbottom, rect.midtop):
            found = spots.tip_place(
                table.spot_layout(), at, table.lay().table, table.spot_tip_avoids()
            )
            if found is not None:
                checked += 1
                assert not found[1].colliderect(news), f"the tip covers the news at {at}"
    assert checked


def test_the_keys_stay_on_the_reveal_s_stacks_and_never_go_into_the_hand():
    from cards.skull import Phase

    app, table = skull_table(["human", "random", "random", "random"], seed=3)

    def choosing(s) -> bool:
        return (
            s.phase is Phase.REVEAL and s.current_player() == 0 and len(table.choosable_spots()) > 1
        )

    until(table, choosing)
    table.settle()
    assert table.hand_layout(), "the Challenger's hand is on show (one person at the desk)"
    app.dispatch(key(pygame.K_RETURN))  # nothing chosen yet: the keys choose a stack
    assert table.cursor == -1 and table.spot_cursor == 0
    count = len(table.state.history())
    chosen = table.choosable_spots()[0].spot.action
    app.dispatch(key(pygame.K_RETURN))  # ... and the next Enter turns it
    assert table.state.history()[count:] == [chosen]
    table.settle()
    if table.state.phase is Phase.REVEAL and table.state.current_player() == 0:
        app.dispatch(key(pygame.K_RETURN))
        assert table.cursor == -1, "Enter went into the hand"
        assert len(table.state.history()) == count + 2 or table.spot_cursor >= 0


# --- the side panel's tooltips --------------------------------------------------------------


def test_the_side_panel_s_tooltips_cover_neither_the_prompt_nor_the_hand():
    from cards.skull_king import Phase
    from skully_game.shell.scripted import ev

    for size in ((1280, 800), (1024, 640)):
        app = make_app(size)
        seats = [TableSeat("Bea"), TableSeat("Calico", "heuristic")]
        table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=2), 3, seats))
        app.stack.push(table)
        for _ in range(40):
            table.run_bots_now()
            if table.state.phase is Phase.PLAY and table.my_turn():
                break
            table.act(table.state.legal_actions()[0])
        lay = table.lay()
        prompt = pygame.Rect(lay.table.x, lay.prompt_y, lay.table.w, 28)
        cards = [rect for _, rect, _ in table.hand_layout()]
        assert cards
        panel = [w for w in table.widgets.widgets if w.rect.x >= lay.table.right and w.tooltip]
        assert {"Undo", "Hint", "Save and leave"} <= {w.label for w in panel}
        for w in panel:
            app.dispatch(ev(pygame.MOUSEMOTION, pos=w.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
            tip = table.widgets.tip(app.screen.get_rect())
            assert tip is not None
            box = tip[1]
            assert not box.colliderect(prompt), f"{w.label}'s tip covers the prompt at {size}"
            assert box.collidelist(cards) < 0, f"{w.label}'s tip covers the hand at {size}"


# --- the public table under a pass screen ---------------------------------------------------


def test_a_pass_screen_shows_the_trick_and_the_seats_but_no_hand():
    from cards.skull_king import Phase
    from skully_game.scenes.cardtable import secrecy

    for size in ((1280, 800), (1024, 640)):
        app = make_app(size)
        seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "heuristic")]
        table = SkullKingTable(app, Match(SKULL_KING, SkullKingOptions(players=3), 7, seats))
        app.stack.push(table)
        for _ in range(200):
            table.run_bots_now()
            if table.passing is not None and table.state.phase is Phase.PLAY and table.state.trick:
                break
            table.reveal()
            table.act(table.state.legal_actions()[0])
        assert table.passing is not None and table.state.trick
        seen: list = []
        with secrecy.spying(seen.append, table.game):
            app.draw(0.5)
        faces = {s.item for s in seen if s.kind == "card"}
        trick = {code for _, code in table.state.trick}
        hands = set().union(*map(set, table.state.hands))
        assert trick <= faces, "the trick shows under the pass screen"
        assert not faces & hands, "a card of a hand shows on a pass screen"
        assert all(s.owner is secrecy.EVERYONE for s in seen if s.kind == "card")
        box = table.pass_box()
        assert box is not None and box.contains(table.pass_button())
        for slot in table.trick_slots().values():
            assert not slot.colliderect(box), "the pass screen's panel covers the trick"
