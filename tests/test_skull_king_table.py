"""The Skull King table driven headless with scripted clicks: a 2-player game with Greybeard and
a 4-player game, start to finish; hot-seat hiding; undo; saves that resume."""

from __future__ import annotations

import pygame
import pytest

from cards.skull_king import Phase, RoundPlan, SkullKingOptions
from cards.skull_king import events as ev
from skully_game.scenes.cardtable.match import Match, Pace
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull_king.adapter import GAME, card_name
from skully_game.scenes.skull_king.lasttrick import last_trick
from skully_game.scenes.skull_king.setup import SkullKingSetup
from skully_game.scenes.skull_king.table import SkullKingTable, TableSeat
from skully_game.shell import theme
from skully_game.shell.dialogs import ConfirmDialog
from tests.ui_helpers import click, drawn_text_rects, key, make_app, take_pass_screen
from tests.ui_helpers import ev as event


def play_by_clicks(app, table: SkullKingTable, limit: int = 3000) -> None:
    """The person at the table clicks: the first bid button, the first playable card, the first
    choice; Greybeard and the computer players act on their own."""
    for _ in range(limit):
        if table.state.is_terminal():
            return
        table.run_bots_now()
        if table.state.is_terminal():
            return
        if table.passing is not None:
            take_pass_screen(app, table)
            continue
        table.settle()
        if table.passing is not None:
            continue
        confirm = [w for w in table.widgets.widgets if w.label.startswith("Confirm bid")]
        if confirm:  # a shared desk's bid: chosen, then confirmed
            click(app, confirm[0].rect.center)
            continue
        if table.card_menu or table.choice_buttons:
            buttons = table.choice_buttons or [
                w for w in table.widgets.widgets if w.label.startswith("Tigress")
            ]
            click(app, buttons[0].rect.center)
            continue
        for code, rect, _ in table.hand_layout():
            if table.playable(code):
                click(app, rect.move(0, -18).center)
                break
        else:
            raise AssertionError(f"nothing to click in phase {table.state.phase}")
        app.run_frames(1)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("kinds", "plan"),
    [
        (["human", "human"], RoundPlan.WHIRLPOOL),
        (["human", "heuristic", "random", "heuristic"], RoundPlan.WHIRLPOOL),
    ],
    ids=["greybeard", "four"],
)
def test_a_whole_game_by_clicks(kinds, plan):
    app = make_app()
    app.stack.push(MenuScene(app))
    options = SkullKingOptions(
        players=len(kinds), round_plan=plan, pirate_powers=True, advanced_cards=True
    )
    match = Match(GAME, options, 17, [TableSeat(f"P{i}", k) for i, k in enumerate(kinds)])
    table = SkullKingTable(app, match)
    app.stack.push(table)
    play_by_clicks(app, table)
    assert table.state.is_terminal()
    assert len(table.state.rounds) == 5
    app.run_frames(3)  # the final score sheet draws
    again = Match.load(GAME, match.path)
    assert again.state.scores == table.state.scores


def test_hot_seat_never_draws_another_persons_hand():
    app = make_app()
    match = Match(GAME, SkullKingOptions(players=2), 3, [TableSeat("A"), TableSeat("B")])
    table = SkullKingTable(app, match)
    app.stack.push(table)
    drawn: list[str] = []
    import skully_game.scenes.skull_king.adapter as module

    real = module.card_face

    def spy(code, *args, **kw):
        drawn.append(code)
        return real(code, *args, **kw)

    module.card_face = spy
    try:
        # two people: a pass screen at the start too, before the first person's hand shows
        assert table.viewer == 0 and table.passing == 0
        take_pass_screen(app, table)
        assert table.passing is None
        table.act(table.state.legal_actions()[0])  # A bids; B is next
        assert table.passing == 1
        drawn.clear()
        app.run_frames(2)
        assert drawn == [], "the pass screen shows no card"
        take_pass_screen(app, table)
        assert table.passing is None and table.viewer == 1
        drawn.clear()
        app.run_frames(1)
        b_hand = set(table.state.observation(1).hand)
        a_hand = set(table.state.observation(0).hand)
        assert set(drawn) <= b_hand | {c for _, c in table.state.observation(1).trick}
        assert not (set(drawn) & (a_hand - b_hand))
    finally:
        module.card_face = real


def test_undo_against_computer_players_stops_at_revealed_cards():
    app = make_app()
    match = Match(
        GAME,
        SkullKingOptions(players=3),
        4,
        [TableSeat("Me"), TableSeat("B", "heuristic"), TableSeat("C", "heuristic")],
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    table.run_bots_now()
    assert table.state.current_player() == 0 and table.state.phase is Phase.BID
    before = table.state.history()
    table.act(table.state.legal_actions()[0])  # my bid, hidden until all have bid
    assert table.undo_target() is not None
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert table.state.history() == before
    table.act(table.state.legal_actions()[0])
    table.run_bots_now()  # the bids are revealed and cards are played
    assert table.undo_target() is None


def test_setup_starts_a_table_and_resume_offers_it():
    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    start = next(w for w in setup.widgets.widgets if w.label == "Start game")
    click(app, start.rect.center)
    table = app.stack.top
    assert isinstance(table, SkullKingTable)
    persons_move(table)
    app.run_frames(3)
    app.dispatch(key(pygame.K_ESCAPE))  # leaving asks first
    assert isinstance(app.stack.top, ConfirmDialog)
    app.dispatch(key(pygame.K_y))
    assert isinstance(app.stack.top, MenuScene)
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    resume = next(w for w in setup.widgets.widgets if w.label == "Resume last game")
    click(app, resume.rect.center)
    assert isinstance(app.stack.top, SkullKingTable)
    assert app.stack.top.state.history() == table.state.history()


def persons_move(table) -> None:
    """The computers up to the person, then the person's first choice: a game left after it
    is kept (one left before any person's move is not)."""
    table.run_bots_now()
    table.act(table.game.legal(table.state)[0])


def start_and_leave(app) -> None:
    """A Skull King game started from its setup, a move made, then left with Esc and Yes:
    kept unfinished."""
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    click(app, next(w for w in setup.widgets.widgets if w.label == "Start game").rect.center)
    persons_move(app.stack.top)
    app.run_frames(3)
    app.dispatch(key(pygame.K_ESCAPE))
    app.dispatch(key(pygame.K_y))


def test_a_new_game_leaves_the_older_unfinished_one_and_the_setup_says_where():
    app = make_app()
    app.stack.push(MenuScene(app))
    for _ in range(2):  # two games started and left unfinished
        start_and_leave(app)
        assert isinstance(app.stack.top, MenuScene)
    setup = SkullKingSetup(app)
    app.stack.push(setup)
    resume = next(w for w in setup.widgets.widgets if w.label == "Resume last game")
    assert resume.tooltip == (
        "Carry on the newest unfinished game; the main menu's Resume game lists 1 more"
    )


def test_back_from_a_game_left_unfinished_the_menu_offers_resume_first():
    app = make_app()
    menu = MenuScene(app)
    app.stack.push(menu)
    focused = menu.widgets.widgets[menu.widgets.focus].label
    assert focused == "Play the computer"  # nothing to resume: the menu's first entry
    start_and_leave(app)  # the game is kept unfinished
    assert app.stack.top is menu
    assert menu.widgets.widgets[menu.widgets.focus].label == "Resume game"
    # with Resume game offered already: a second game, started from its own entry and left
    menu.widgets.focus = next(
        i for i, w in enumerate(menu.widgets.widgets) if w.label.startswith("Skull King")
    )
    start_and_leave(app)
    assert menu.widgets.widgets[menu.widgets.focus].label == "Resume game"
    app.stack.push(SkullKingSetup(app))  # a screen that keeps no game: the focus stays put
    menu.widgets.focus = 1
    app.dispatch(key(pygame.K_ESCAPE))
    assert app.stack.top is menu and menu.widgets.focus == 1


def test_a_finished_game_replays_action_by_action():
    from skully_game.scenes.cardtable.match import finished
    from skully_game.scenes.skull_king.table import SkullKingReplay

    app = make_app()
    app.stack.push(MenuScene(app))
    options = SkullKingOptions(players=3, round_plan=RoundPlan.WHIRLPOOL)
    match = Match(
        GAME, options, 8, [TableSeat("A"), TableSeat("B", "heuristic"), TableSeat("C", "random")]
    )
    table = SkullKingTable(app, match)
    app.stack.push(table)
    play_by_clicks(app, table)
    assert finished(GAME) == [match.path]
    replay = SkullKingReplay(app, Match.load(GAME, match.path))
    app.stack.push(replay)
    assert replay.state.history() == []
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RIGHT))
    assert replay.state.history() == table.state.history()[:2]
    app.dispatch(key(pygame.K_END))
    assert replay.state.scores == table.state.scores
    app.dispatch(key(pygame.K_2))
    assert replay.viewer == 1
    app.run_frames(3)


def test_enter_plays_the_card_under_the_pointer_not_one_the_keys_left_behind():
    from tests.ui_helpers import ev

    app = make_app()
    options = SkullKingOptions(players=3, round_plan=RoundPlan.BLITZ)
    seats = [TableSeat("Me"), TableSeat("B", "heuristic"), TableSeat("C", "heuristic")]
    table = SkullKingTable(app, Match(GAME, options, 8, seats))
    app.stack.push(table)
    for _ in range(50):
        table.run_bots_now()
        if table.state.phase is not Phase.BID:
            break
        table.act(table.state.legal_actions()[0])
    assert table.my_turn() and table.state.phase is not Phase.BID
    app.dispatch(key(pygame.K_RIGHT))  # the keys' card: the first
    hand = table.hand_layout()
    target = max(k for k, (code, _, _) in enumerate(hand) if table.playable(code))
    code, rect, _ = hand[target]
    app.dispatch(
        ev(pygame.MOUSEMOTION, pos=rect.move(0, -18).center, rel=(0, 0), buttons=(0, 0, 0))
    )
    before = len(table.state.history())
    app.dispatch(key(pygame.K_RETURN))
    played = table.state.history()[before:]
    assert played and code in played[0], (code, played)


def test_the_note_under_the_trick_says_whether_a_suit_may_still_be_set():
    from cards.skull_king import SkullKingState
    from skully_game.scenes.skull_king.adapter import GAME

    state = SkullKingState.from_position(  # round 1's one trick: seat 0 led an Escape
        "skull-king rules=players:3 seed=1 round=0 phase=play leader=0 power=- will_left=0 "
        "harry=- hands=-/MERMAID/G5 undealt=rest bids=0,1,0 modes=-,-,- adjust=0,0,0 "
        "wagers=0,0,0 tricks=- trick=0:ESCAPE discards=-/-/- will_draws=- juanita=- "
        "scores=0,0,0 rounds=-"
    )
    assert GAME.pile_note(state) == "No suit to follow yet"
    state.apply_action("MERMAID")
    assert GAME.pile_note(state) == "No suit to follow in this trick"


def test_harrys_buttons_name_the_bid_they_leave_and_cannonball_says_what_it_scores():
    import random

    from cards.engine import pick
    from cards.skull_king import Scoring, SkullKingState
    from skully_game.scenes.skull_king.adapter import GAME

    names = ["A", "B", "C"]
    options = SkullKingOptions(players=3, pirate_powers=True, scoring=Scoring.RASCAL,
                               cannonball=True)  # fmt: skip
    seen = set()
    for seed in range(200):
        state, rng = SkullKingState(options, seed), random.Random(seed)
        while not state.is_terminal() and len(seen) < 2:
            seat = state.current_player()
            if state.phase in (Phase.ADJUST, Phase.MODE) and state.phase not in seen:
                labels = dict((a, t) for t, a in GAME.choices(state, seat, names))
                if state.phase is Phase.ADJUST:
                    obs = state.observation(seat)
                    bid = obs.bids[seat] + obs.adjustments[seat]
                    assert labels["ADJUST:0"] == f"Keep {bid}"
                    assert labels.get("ADJUST:+1", f"Bid {bid + 1}") == f"Bid {bid + 1}"
                else:
                    assert "15 a card" in GAME.choice_tip("MODE:CANNONBALL")
                seen.add(state.phase)
            state.apply_action(pick(state.legal_actions(), rng))
        if len(seen) == 2:
            break
    assert seen == {Phase.ADJUST, Phase.MODE}


def test_a_round_summary_colours_the_points_and_the_total_by_their_sign(monkeypatch):
    """After a missed round the round's points are red, but a total still above 0 is green,
    not red with the rest of the row; the bid and tricks stay red: the bid was missed."""
    app = make_app()
    table = SkullKingTable(
        app,
        Match(
            GAME,
            SkullKingOptions(players=3),
            4,
            [TableSeat("You", "human"), TableSeat("Anne", "random"), TableSeat("Bo", "random")],
        ),
    )
    app.stack.push(table)
    found = None
    while found is None and not table.state.is_terminal():
        table.run_bots_now()
        table.act(table.state.legal_actions()[-1])
        for scored in (e for e in table.state.events if isinstance(e, ev.RoundScored)):
            for line in scored.lines:
                if line.points < 0 < line.total:  # this round's points, the running total
                    found = (scored.round_index, line.seat)
    assert found is not None, "no round missed while the total stayed above 0"
    index, seat = found
    table.settle()
    table.show_summary(index)
    drawn: list[tuple[str, tuple[int, int, int]]] = []
    real = theme.text

    def text(surface, message, pos, size=22, colour=theme.TEXT, *args, **kwargs):
        drawn.append((message, colour))
        return real(surface, message, pos, size, colour, *args, **kwargs)

    monkeypatch.setattr(theme, "text", text)
    app.run_frames(1)
    row = table.summary.rows[seat]
    messages = [message for message, _ in drawn]
    at = next(k for k in range(len(drawn)) if messages[k : k + len(row)] == list(row))
    cells = drawn[at : at + len(row)]
    colours = dict(zip(table.summary.headings, (colour for _, colour in cells), strict=True))
    assert int(row[-1]) > 0 and colours["Total"] == theme.OK
    assert int(row[-2]) < 0 and colours["Round"] == theme.DANGER
    assert colours["Bid"] == colours["Won"] == theme.DANGER


def table_after_a_trick(app, kinds=("human", "random", "random")) -> SkullKingTable:
    """A table where a trick has been taken and the person is to play the next."""
    seats = [
        TableSeat(name, kind) for name, kind in zip(["You", "Anne", "Bo"], kinds, strict=False)
    ]
    table = SkullKingTable(
        app, Match(GAME, SkullKingOptions(players=len(seats)), 3, seats, Pace.FAST)
    )
    app.stack.push(table)
    table.reveal()
    for _ in range(400):
        table.run_bots_now()
        state = table.state
        if state.tricks and state.phase is Phase.PLAY and state.current_player() == 0:
            break
        table.act(state.legal_actions()[0])
    table.settle()
    table.reveal()
    assert table.my_turn() and table.state.tricks
    return table


def ev_up(k: int) -> pygame.event.Event:
    return event(pygame.KEYUP, key=k, mod=0)


def drawn_texts_and_cards(app, monkeypatch) -> tuple[list[str], list[str]]:
    """Every line of text and every card face one frame draws."""
    texts: list[str] = []
    cards: list[str] = []
    real_text, real_card = theme.rendered, GAME.card_image
    monkeypatch.setattr(
        theme, "rendered", lambda m, *a, **k: texts.append(m) or real_text(m, *a, **k)
    )
    monkeypatch.setattr(
        GAME, "card_image", lambda c, *a, **k: cards.append(c) or real_card(c, *a, **k)
    )
    app.draw(0.5)
    monkeypatch.undo()
    return texts, cards


def test_l_shows_the_last_trick_and_who_took_it_and_a_second_l_closes_it(monkeypatch):
    app = make_app((1024, 640))
    table = table_after_a_trick(app)
    last = next(e for e in reversed(table.state.events) if isinstance(e, ev.TrickWon))
    texts, cards = drawn_texts_and_cards(app, monkeypatch)
    assert "Last trick" in texts and f"{table.names[last.seat]} took it" not in " ".join(texts)
    app.dispatch(key(pygame.K_l))
    app.dispatch(ev_up(pygame.K_l))  # a tap: it stays open
    assert table.peeking
    texts, cards = drawn_texts_and_cards(app, monkeypatch)
    words = f"{table.told_names()[last.seat]} took it with {card_name(last.card)}"
    assert words in texts
    assert [code for _, code in last.plays] == cards[-len(last.plays) :]  # drawn last, on top
    assert any(t.startswith("Last trick: round ") for t in texts)
    app.dispatch(key(pygame.K_l))
    app.dispatch(ev_up(pygame.K_l))
    assert not table.peeking
    texts, _ = drawn_texts_and_cards(app, monkeypatch)
    assert words not in texts


def test_before_the_first_trick_the_look_back_is_dimmed_and_neither_l_nor_a_click_opens_it():
    app = make_app()
    seats = [TableSeat("You"), TableSeat("Anne", "random"), TableSeat("Bo", "random")]
    table = SkullKingTable(app, Match(GAME, SkullKingOptions(players=3), 3, seats, Pace.FAST))
    app.stack.push(table)
    table.reveal()
    app.draw(0.5)
    assert not table.trick_shown()
    (button,) = table.peek_widgets.widgets
    assert not button.enabled and button.tooltip == "No trick has been played yet"
    app.dispatch(key(pygame.K_l))
    app.dispatch(ev_up(pygame.K_l))
    click(app, table.peek_button().center)
    assert not table.peeking
    after = table_after_a_trick(make_app())
    after.app.draw(0.5)
    assert after.trick_shown() and after.peek_widgets.widgets[0].enabled


def test_the_words_about_a_card_keep_clear_of_the_tigress_buttons(monkeypatch):
    """The report: at 1024x640, with the Tigress's two ways to play showing, the name of the
    card under the pointer was drawn in the buttons' row (a stray letter between them)."""
    app = make_app((1024, 640))
    seats = [TableSeat("You"), TableSeat("Anne", "random"), TableSeat("Bo", "random")]
    table = SkullKingTable(app, Match(GAME, SkullKingOptions(players=3), 2, seats, Pace.FAST))
    app.stack.push(table)
    for _ in range(3000):
        table.run_bots_now()
        table.settle()
        assert not table.state.is_terminal(), "no Tigress came to the person's hand"
        if table.choice_buttons:
            click(app, table.choice_buttons[0].rect.center)
            continue
        playable = [(c, r) for c, r, _ in table.hand_layout() if table.playable(c)]
        tigress = [r for c, r in playable if c == "TIGRESS"]
        if tigress:
            click(app, tigress[0].move(0, -18).center)
            break
        click(app, playable[0][1].move(0, -18).center)
    assert table.card_menu
    menu = [w for w in table.widgets.widgets if w.label.startswith("Tigress as")]
    assert len(menu) == 2
    card = next(r for c, r, _ in table.hand_layout() if c == "TIGRESS")
    app.dispatch(event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0), buttons=(0, 0, 0)))
    drawn = drawn_text_rects(table, monkeypatch)
    words = [(m, r) for m, r in drawn if not m.startswith("Tigress as")]
    assert any("Tigress" in m for m, _ in words), "the card's words were not drawn"
    for m, r in words:
        assert r.collidelist([b.rect for b in menu]) < 0, (m, r)


def test_holding_l_shows_the_last_trick_until_it_is_let_go():
    app = make_app()
    table = table_after_a_trick(app)
    app.dispatch(key(pygame.K_l))
    for _ in range(3):
        app.dispatch(key(pygame.K_l))  # the key repeating while held
        table.update(0.2)
    assert table.peeking
    app.dispatch(ev_up(pygame.K_l))
    assert not table.peeking
    assert table.my_turn()  # looking back took no turn


def test_the_last_trick_button_opens_it_and_esc_or_a_click_closes_it():
    app = make_app((1024, 640))
    table = table_after_a_trick(app)
    hand = [code for code, _, _ in table.hand_layout()]
    click(app, table.peek_button().center)
    assert table.peeking
    app.dispatch(key(pygame.K_ESCAPE))
    assert table.peeking is False and not any(
        isinstance(s, ConfirmDialog) for s in app.stack.scenes
    )  # Esc closed the look back, and did not ask to leave
    click(app, table.peek_button().center)
    click(app, table.peek_box.center)
    assert not table.peeking and [code for code, _, _ in table.hand_layout()] == hand


def test_no_last_trick_on_a_pass_screen(monkeypatch):
    """Looking back ends when the screen passes to the next person, and cannot start there."""
    app = make_app()
    table = table_after_a_trick(app, ("human", "human", "human"))
    for _ in range(30):
        app.dispatch(key(pygame.K_l))
        app.dispatch(ev_up(pygame.K_l))
        assert table.peeking
        playable = next(code for code, _, _ in table.hand_layout() if table.playable(code))
        table.act(table.playable(playable)[0])
        for _ in range(600):
            if table.passing is not None or table.my_turn():
                break
            if table.summary is not None:
                table.close_summary()
            table.go_on()  # past a round's last trick
            app.run_frames(1)
        if table.passing is not None:
            break
    assert table.passing is not None and not table.peeking
    app.dispatch(key(pygame.K_l))
    assert not table.peeking and table.passing is not None
    texts, _ = drawn_texts_and_cards(app, monkeypatch)
    assert not any(t.startswith("Last trick") for t in texts)


def test_the_last_trick_says_when_the_kraken_destroyed_it():
    plays = ((0, "KRAKEN"), (1, "ESCAPE"), (2, "Y3"))
    events = [
        ev.Dealt(0, 10, 1, 2, 0, (1, 1, 1), 67),
        ev.TrickDestroyed(0, plays, 2, 2),
    ]
    trick = last_trick(events, ["You", "Anne", "Bo"])
    assert trick is not None and trick.winner is None and trick.plays == plays
    assert trick.words == "The Kraken destroyed it; Bo leads next"
    assert trick.title == "Last trick: round 1, trick 1"
    assert last_trick(events, ["You", "Anne", "Bo"], skip=1) is None


def test_another_seats_card_shows_skull_kings_own_back_not_the_plain_one():
    from skully_game.scenes.cardtable.carddraw import card_back

    app = make_app()
    table = table_after_a_trick(app)
    hidden = table.sight.face(GAME.card_image, "YELLOW:9", 1, 1.0)  # Anne's card, seen by You
    own, plain = GAME.card_back(1.0), card_back(1.0)
    assert pygame.image.tobytes(hidden, "RGBA") == pygame.image.tobytes(own, "RGBA")
    assert pygame.image.tobytes(own, "RGBA") != pygame.image.tobytes(plain, "RGBA")


def test_the_trick_in_plays_words_stay_under_the_last_trick(monkeypatch):
    """The last trick covers the trick in play: its "Suit to follow" line must not show
    round the panel's edge (at 1024x640 with many seats it peeked out below)."""
    app = make_app((1024, 640))
    table = table_after_a_trick(app)
    texts, _ = drawn_texts_and_cards(app, monkeypatch)
    assert any("suit to follow" in t.lower() for t in texts)
    app.dispatch(key(pygame.K_l))
    app.dispatch(ev_up(pygame.K_l))
    assert table.peeking
    texts, _ = drawn_texts_and_cards(app, monkeypatch)
    assert not any("suit to follow" in t.lower() for t in texts)


def test_a_bid_line_says_hidden_only_to_its_bidder_and_only_until_the_reveal():
    names = ["Bea", "Anne", "Calico"]  # a shared desk: each reads the log in turn
    state = GAME.new_state(SkullKingOptions(players=3), 3)
    bidder = state.current_player()
    state.apply_action(state.legal_actions()[-1])
    bid = state.bids[bidder]
    for viewer in range(3):
        log = " | ".join(GAME.log(state, viewer, names))
        if viewer == bidder:
            assert f"{names[bidder]} bids {bid} (hidden until everyone has bid)" in log
        else:
            assert f"{names[bidder]} has bid" in log and f"{names[bidder]} bids" not in log
    while state.phase is Phase.BID:
        state.apply_action(state.legal_actions()[0])
    for viewer in (0, 1, 2, None):  # after it, each one's own line reads as the others' do
        log = GAME.log(state, viewer, names)
        assert not any("hidden" in line for line in log)
        assert [line for line in log if line.endswith(" has bid")] == [
            f"{name} has bid" for name in (names * 2)[bidder : bidder + 3]
        ]
        assert "Yo-ho-ho! Bids: " in log[-1] and f"{names[bidder]} {bid}" in log[-1]


def test_my_bid_stops_saying_hidden_once_the_computer_players_have_bid():
    app = make_app()
    seats = [TableSeat("You"), TableSeat("B", "heuristic"), TableSeat("C", "heuristic")]
    table = SkullKingTable(app, Match(GAME, SkullKingOptions(players=3), 4, seats))
    app.stack.push(table)
    table.run_bots_now()
    table.act(table.state.legal_actions()[0])
    assert any("(hidden until everyone has bid)" in text for text, _ in table.log_rows(4000))
    table.run_bots_now()
    table.settle()
    log = [text for text, first in table.log_rows(4000) if first]
    assert "You have bid" in log and not any("hidden" in text for text in log)


def _point(app, pos: tuple[int, int]) -> None:
    app.dispatch(event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1)


def _one_person_table(app) -> SkullKingTable:
    seats = [TableSeat("You"), TableSeat("B", "heuristic"), TableSeat("C", "heuristic")]
    table = SkullKingTable(app, Match(GAME, SkullKingOptions(players=3), 4, seats))
    app.stack.push(table)
    table.run_bots_now()
    table.settle()
    app.run_frames(2)
    return table


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_last_trick_tooltip_stays_over_the_table_clear_of_the_panel(size):
    app = make_app(size)
    table = table_after_a_trick(app)
    app.run_frames(2)
    button = table.peek_button()
    for x in (button.left + 4, button.centerx, button.right - 4):
        _point(app, (x, button.centery))
        tip = table.peek_widgets.tip(app.screen.get_rect())
        assert (
            tip is not None
            and tip[0] == "L: the last trick (tap to open and close, or hold to look)"
        )
        assert table.lay().table.contains(tip[1]), f"{tip[1]} runs into the panel or off screen"


def test_the_last_trick_tooltip_goes_when_the_pointer_leaves_as_every_tooltip_does():
    app = make_app()
    table = _one_person_table(app)
    _point(app, table.peek_button().center)
    assert table.peek_widgets.tip(app.screen.get_rect()) is not None
    table.toggle_sheet()  # the button is away under the score sheet while the pointer moves on
    _point(app, table.lay().table.center)
    table.toggle_sheet()
    app.run_frames(1)
    assert table.peek_widgets.tip(app.screen.get_rect()) is None
    _point(app, table.peek_button().center)
    table.pause()  # a screen goes over the table (the rules): the pointer will be elsewhere
    table.resume()
    assert table.peek_widgets.tip(app.screen.get_rect()) is None
