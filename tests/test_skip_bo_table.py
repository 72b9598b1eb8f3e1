"""The Skip-Bo table driven headless by scripted mouse and keys: a whole game against computer
players, drag and drop with its refusals, the keys, hot-seat hiding, and saves that replay."""

from __future__ import annotations

import itertools

import pygame
import pytest

from cards.skip_bo import SkipBoOptions, SkipBoState
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.words import as_read_by
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skip_bo.adapter import GAME as SKIP_BO
from skully_game.scenes.skip_bo.table import SkipBoReplay, SkipBoTable, TableSeat
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.scripted import ev
from tests.ui_helpers import key, make_app, read_rules


def _table(kinds: list[str], seed: int = 5, size=(1280, 800), **options: object):
    app = make_app(size)
    app.stack.push(MenuScene(app))
    names = ["You", "Anne", "Calico", "Mary", "Edward", "Grace"]
    opts = SkipBoOptions(players=len(kinds), **options)  # type: ignore[arg-type]
    match = Match(SKIP_BO, opts, seed, [TableSeat(names[i], k) for i, k in enumerate(kinds)])
    table = SkipBoTable(app, match)
    app.stack.push(table)
    table.settle()
    return app, table


def drag(app, start, end) -> None:
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.dispatch(ev(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)))
    app.dispatch(ev(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=end, button=1))


def person_moves(app, table: SkipBoTable) -> str:
    """One move by dragging: a build when there is one (the stock first), else a discard."""
    table.settle()
    sources = table.sources()
    ranked = sorted(sources, key=lambda s: {"S": 0, "D": 1, "H": 2}[s[0]])
    for source in ranked:
        builds = [t for t in table.targets(source) if t.startswith("B")]
        if builds:
            target = builds[0]
            break
    else:
        source = next(s for s in sources if s.startswith("H"))
        target = table.targets(source)[0]
    start = table.place_rect(source).center
    end = table.target_rect(target).move(0, 4).topleft
    drag(app, start, (end[0] + 10, end[1] + 10))
    return f"{source}>{target}"


def test_a_whole_game_against_a_computer_player_by_dragging_cards():
    app, table = _table(["human", "build-first"], stock=10)
    moves = 0
    for _ in range(3000):
        table.run_bots_now()
        if table.state.is_terminal():
            break
        before = len(table.state.history())
        action = person_moves(app, table)
        assert table.state.history()[before:][:1] == [action]
        moves += 1
    assert table.state.is_terminal() and moves > 5
    saved = Match.load(SKIP_BO, table.match.path)
    assert saved.state.history() == table.state.history()
    assert saved.state.winners() == table.state.winners()


def test_a_drop_where_the_card_cannot_go_says_why_and_changes_nothing():
    app, table = _table(["human", "build-first"])
    state: SkipBoState = table.state
    hand = state.hands[0]
    card = next((c for c in hand if c not in (0, 1)), None)
    assert card is not None
    before = state.history()
    drag(app, table.place_rect(f"H{card}").center, table.target_rect("B2").center)
    assert state.history() == before
    assert "Building pile C needs a 1" in table.notice


def test_keys_pick_a_card_and_put_it_down_and_esc_puts_it_back_first():
    app, table = _table(["human", "build-first"])
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RETURN))
    assert table.picked is not None
    app.dispatch(key(pygame.K_ESCAPE))
    assert table.picked is None and not isinstance(app.stack.top, ConfirmDialog)
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RETURN))
    picked = table.picked
    targets = table.targets(picked)
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history()[-1] == f"{picked}>{targets[0]}"
    app.dispatch(key(pygame.K_ESCAPE))
    assert isinstance(app.stack.top, ConfirmDialog)


def test_hot_seat_shows_nothing_of_one_hand_to_the_next_person():
    _app, table = _table(["human", "human"], seed=3)
    table.reveal()
    first = list(table.state.hands[0])
    log = "\n".join(table.game.log(table.state, 0, table.names))
    assert "You draw 5 cards" in log or "draw" in log
    source = next(s for s in table.sources() if s.startswith("H"))
    table.picked = source
    discard = next(a for a in table.state.legal_actions() if a.startswith("H") and ">D" in a)
    table.act(discard)
    table.settle()
    assert table.passing == 1  # a pass screen before the second person
    assert table.hand_layout() == [] and table.picked is None and table.notice == ""
    table.reveal()
    shown = [c for c, _, _ in table.hand_layout()]
    assert shown == [str(c) if c else "W" for c in table.state.hands[1]]
    second_log = table.game.log(table.state, 1, table.names)
    drawn_line = next(line for line in second_log if line.startswith("You draw"))
    assert drawn_line
    for line in second_log:
        if "draws" in line and line.startswith(table.names[0]):
            assert ":" not in line, line  # the first person's cards are never named
    assert first  # (the first hand existed)


def test_a_saved_game_resumes_and_replays_step_by_step():
    app, table = _table(["human", "build-first", "build-first"], stock=10)
    for _ in range(5):
        table.run_bots_now()
        person_moves(app, table)
    saved = Match.load(SKIP_BO, table.match.path)
    assert saved.state.history() == table.state.history()
    replay = SkipBoReplay(app, saved)
    app.stack.push(replay)
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RIGHT))
    assert replay.state.history() == table.state.history()[:2]


def test_six_seats_lie_clear_of_each_other_at_both_sizes():
    for size in ((1280, 800), (1024, 640)):
        for partners in (False, True):
            _app, table = _table(["human", *["build-first"] * 5], size=size, partners=partners)
            geo = table.geometry()
            area = pygame.Rect(0, 0, size[0] - 300, size[1])
            mats = list(geo.mats.values())
            rects = [m.strip.unionall([m.stock, *(m.column(k) for k in range(4))]) for m in mats]
            for k, rect in enumerate(rects):
                assert area.contains(rect), (size, rect)
                for other in rects[k + 1 :]:
                    assert not rect.colliderect(other), (size, rect, other)
            for build in (*geo.builds, geo.draw):
                assert area.contains(build)
                assert build.collidelist(rects) < 0, (size, build)
                assert not build.colliderect(geo.hand)


def test_a_match_game_summary_shows_the_game_as_it_ended_not_the_next_deal():
    import random

    from cards.skip_bo import make_bot
    from skully_game.scenes.skip_bo.adapter import GAME as ADAPTER

    state = SkipBoState(SkipBoOptions(players=3, stock=10, match_to=500), 2, record=True)
    bots = [make_bot("build-first", random.Random(p)) for p in range(3)]
    while not state.games:
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    assert state.game_index == 1  # the next game is dealt at once
    shown = ADAPTER.round_end_view(state)
    winner = state.games[0].winners[0]
    assert shown.game_index == 0 and shown.stocks[winner] == []
    assert [len(s) for s in shown.stocks] == list(state.games[0].stocks_left)
    assert shown.history() == state.history()
    names = ["Ann", "Bo", "Cy"]
    said = ADAPTER.log(shown, 0, names)
    assert not [line for line in said if "Game 2" in str(line)]  # the log ends with the game
    assert [line for line in ADAPTER.log(state, 0, names) if "Game 2" in str(line)]
    state.apply_action(state.legal_actions()[0])  # once the next game moves on, the state itself
    assert ADAPTER.round_end_view(state) is state


def test_the_sheet_counts_wins_in_a_single_game_and_points_in_a_match():
    import random

    from cards.skip_bo import make_bot
    from skully_game.scenes.skip_bo.adapter import GAME as ADAPTER

    for match_to in (0, 500):
        state = SkipBoState(SkipBoOptions(players=4, partners=True, stock=10, match_to=match_to), 3)
        assert ADAPTER.sheet(state).rounds == ()  # nothing yet: the sheet says so
        bots = [make_bot("build-first", random.Random(p)) for p in range(4)]
        while not state.games:
            seat = state.current_player()
            state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
        sheet = ADAPTER.sheet(state)
        winners = state.games[0].winners
        assert len(winners) == 2  # a pair wins together
        if match_to:
            assert sheet.unit == "points" and "points won" in sheet.cell_note
            assert [sheet.totals[p] for p in winners] == [state.games[0].points] * 2
        else:
            assert sheet.unit == "wins" and "who won" in sheet.cell_note
            assert sheet.totals == tuple(int(p in winners) for p in range(4))


def test_a_press_or_drop_on_a_pile_that_is_not_yours_says_why():
    app, table = _table(["human", "build-first", "build-first", "build-first"], partners=True)
    geo = table.geometry()
    rival = geo.mats[1]
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=rival.stock.center, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=rival.stock.center, button=1))
    assert table.notice == "Anne's piles are not yours: you play from your own and your partner's."
    hand = next(s for s in table.sources() if s.startswith("H"))
    before = table.state.history()
    drag(app, table.place_rect(hand).center, rival.column(2).center)
    assert table.state.history() == before
    assert table.notice == "You discard onto your own four piles only."
    partner = geo.mats[2]
    drag(app, table.place_rect(hand).center, partner.column(0).center)
    assert table.notice == "You discard onto your own four piles only."
    # each pile its own reason: an earlier notice is never left standing for another drop
    drag(app, table.place_rect(hand).center, geo.mats[0].stock.center)
    assert table.notice == "A stock is only played from, never onto."
    drag(app, table.place_rect(hand).center, geo.draw.center)
    assert table.notice == "Cards are drawn from the draw pile, never put on it."
    assert table.state.history() == before


def test_setup_keeps_partners_asked_for_while_a_fifth_seat_comes_and_goes():
    from skully_game.scenes.cardtable.seating import seats_problem
    from skully_game.scenes.skip_bo.setup import SkipBoSetup

    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkipBoSetup(app)
    app.stack.push(setup)
    assert len(setup.seats) == 4
    setup._option("partners", True)
    assert setup.options.partners
    add = next(w for w in setup.widgets.widgets if w.label == "Add seat")
    add.on_click()
    assert setup.seats[-1].name != "You"  # a computer seat is never called You
    assert not setup.options.partners and setup.message == ""  # no warning: the row says it
    row = next(w for w in setup.widgets.widgets if w.label.startswith("Partners"))
    assert not row.enabled and row.options == [(False, "Not with 5 players")]
    setup.seats.pop()
    setup._seats_changed()
    assert setup.options.partners and setup.message == ""
    row = next(w for w in setup.widgets.widgets if w.label.startswith("Partners"))
    assert row.enabled and row.value is True
    setup.seats[0].name = "Alice"
    setup.seats[1].name = "You"
    assert "Only a person's seat may be called You" in (seats_problem(setup.seats) or "")


def test_a_computer_only_match_shows_each_games_summary_for_a_while_then_goes_on():
    _app, table = _table(["build-first", "build-first"], stock=10, match_to=100)
    for _ in range(20_000):  # the computer players' moves, each shown as at the table
        if table.summary is not None:
            break
        if table.busy():
            table.update(1.0)
            continue
        seat = table.sk.current_player()
        table.act(table.bots[seat](table.state, seat)())
    assert table.summary is not None and table.sk.game_index == 1  # the first game's, watched
    table.update(3 * table.match.pace.hold + 0.1)
    assert table.summary is None


def test_the_setup_forgets_what_the_names_lacked_once_they_are_mended():
    from skully_game.scenes.skip_bo.setup import SkipBoSetup

    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkipBoSetup(app)
    app.stack.push(setup)
    setup.seats[1].name = setup.seats[0].name
    setup._start()
    assert "different name" in setup.message and app.stack.top is setup
    app.run_frames(1)
    assert setup.message
    setup.seats[1].name = "Bob"
    app.run_frames(1)
    assert setup.message == ""


def test_hot_seat_hides_the_last_persons_hand_while_a_computer_plays_between_them():
    """You, Anne (people) and Calico (computer): once Anne discards, nothing of her hand is
    drawn, named in the log or noted while Calico plays, and You gets a pass screen first."""
    app, table = _table(["human", "human", "build-first"], seed=4)
    for _ in range(10):  # to Anne's turn, each person discarding at once
        table.settle()
        table.reveal()
        if table.state.current_player() == 1:
            break
        table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    assert table.viewer == 1 and table.hand_layout()
    assert any("cards:" in text for text, _ in table.log_rows(400))  # her own draw, named
    table.notice = "a word about her hand"
    table.act(next(a for a in table.state.legal_actions() if ">D" in a))
    assert table.state.current_player() == 2  # Calico plays next
    app.run_frames(2)
    assert table.hand_layout() == [] and table.notice == "" and table.private_views() == []
    assert not any("cards:" in text for text, _ in table.log_rows(400))
    assert all(not table.badges(table.state, seat) for seat in range(3))
    table.run_bots_now()
    assert table.state.current_player() == 0 and table.passing == 0 and table.hand_layout() == []
    table.reveal()
    assert table.viewer == 0 and table.hand_layout()


def test_the_line_under_the_piles_tells_a_keyboard_player_what_enter_does(monkeypatch):
    from skully_game.shell import theme

    app, table = _table(["human", "build-first"])
    said: list[str] = []
    real = theme.text

    def spy(surface, message, *args, **kw):
        said.append(message)
        return real(surface, message, *args, **kw)

    monkeypatch.setattr(theme, "text", spy)
    app.dispatch(key(pygame.K_RIGHT))
    app.draw(0.0)
    keyed = table._keyed()
    assert keyed is not None
    line = next(t for t in said if "Enter picks it up" in t)
    assert "drag" not in line and ("in your hand" in line or "on your" in line)


def _codes_shown(table: SkipBoTable) -> list[str]:
    """Every button label and the line under the piles that reads like an engine's action."""
    import re

    texts = [w.label for w in table.widgets.widgets]
    line = table.status_line()
    texts += [line[0]] if line else []
    return [t for t in texts if re.search(r"[HSDB]\d|>|\bD\d", t)]


def test_space_and_enter_choose_pick_and_put_down_in_words_never_in_action_codes():
    for size in ((1280, 800), (1024, 640)):
        app, table = _table(["human", "build-first"], size=size)
        for k in (pygame.K_TAB, pygame.K_TAB, pygame.K_SPACE):  # the sheet and back, then Space
            app.dispatch(key(k))
        keyed = table.picked  # Space at once picks the best card up and lights its pile
        assert keyed is not None and table.card_menu == []
        builds = [s for s in table.sources() if any(t[0] == "B" for t in table.targets(s))]
        best = sorted(builds, key=lambda s: ("S", "D", "H").index(s[0]) + (s == "HW"))
        assert keyed == (best[0] if best else table.sources()[0])
        assert "Enter puts it on building pile" in table.status_line()[0] or (
            "Enter discards it on your discard pile" in table.status_line()[0]
        )
        assert _codes_shown(table) == []
        before = len(table.state.history())
        target = table.targets(keyed)[0]
        app.dispatch(key(pygame.K_SPACE))
        assert table.state.history()[before:] == [f"{keyed}>{target}"]
        assert table.card_menu == [] and _codes_shown(table) == []


def test_a_discard_chosen_with_the_keys_goes_on_the_pile_the_table_numbers():
    app, table = _table(["human", "build-first"])
    hand = next(s for s in table.sources() if s.startswith("H"))
    table.key_at = table.sources().index(hand)
    app.dispatch(key(pygame.K_RETURN))
    assert table.picked == hand
    targets = table.targets(hand)
    app.dispatch(key(pygame.K_DOWN))  # down to one's own discard piles
    for _ in range(4):  # then along them to the first (a row's end stops the arrows)
        app.dispatch(key(pygame.K_LEFT))
    assert table._keyed() == "D0"
    app.dispatch(key(pygame.K_RIGHT))  # and on to the second
    assert table._keyed() == "D1"
    assert table.status_line()[0].startswith(
        f"{'A SKIP-BO card' if hand == 'HW' else 'The ' + hand[1:]}: Enter discards it on your "
        "discard pile 2"
    )
    assert "D1" in targets
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history()[-1] == f"{hand}>D1"
    assert table.state.discards[0][1][-1:] == [0 if hand == "HW" else int(hand[1:])]


def test_an_action_in_words_numbers_the_piles_as_the_table_shows_them():
    from skully_game.scenes.skip_bo.adapter import GAME as ADAPTER

    assert ADAPTER.action_label("H7>D1") == "Discard on pile 2"
    assert ADAPTER.action_label("S0>B1") == "Play on building pile B"
    assert ADAPTER.action_label("END") == "End turn"


def test_a_click_on_a_lit_discard_pile_whose_top_could_build_discards_the_held_card():
    from skully_game.shell.scripted import click

    app, table = _table(["human", "build-first"])
    s: SkipBoState = table.state
    s.discards[0][2] = [s.needs()[0]]  # the top of discard pile 3 could go on building pile A
    s.refresh_tops()
    s._legal = None  # (a position set by hand: its legal moves listed afresh)
    assert "D0.2" in table.sources()
    hand = next(p for p in table.sources() if p.startswith("H"))
    click(app, table.place_rect(hand).center)
    assert table.picked == hand
    click(app, table.place_rect("D0.2").center)
    assert table.state.history()[-1] == f"{hand}>D2"
    assert table.picked is None


def test_a_seats_strip_keeps_the_computers_level_and_partner_however_narrow():
    from skully_game.scenes.skip_bo.layout import FACT_SIZE, TO_PLAY, fit_header
    from skully_game.shell import theme

    make_app()
    figures = ["120 points", "hand 5"]
    for acting in (False, True):
        for width in range(160, 420, 6):  # the narrowest strip a table lays is 228
            name, facts, to_play = fit_header(
                "Edward", "build-first", ["with Calico"], figures, width, acting
            )
            assert facts.startswith(" · build-first · with Calico"), (width, facts)
            used = theme.font(17, True).size(name)[0] + theme.font(FACT_SIZE).size(facts)[0]
            if to_play:
                used += theme.font(15, True).size(TO_PLAY)[0] + 10
            assert used <= width, (width, name, facts, to_play)
            assert name == "Edward" or not facts.endswith("hand 5")  # the hand goes first
    wide = fit_header("Edward", "build-first", ["with Calico"], figures, 500, True)
    assert wide == ("Edward", " · build-first · with Calico · 120 points · hand 5", True)


def test_every_computers_level_shows_in_its_strip_at_both_sizes(monkeypatch):
    from skully_game.shell import theme

    said: list[str] = []
    real = theme.text

    def spy(surface, message, *args, **kw):
        said.append(message)
        return real(surface, message, *args, **kw)

    monkeypatch.setattr(theme, "text", spy)
    for size in ((1024, 640), (1280, 800)):
        for players in (4, 6):
            kinds = ["human", *["build-first"] * (players - 1)]
            app, _ = _table(kinds, size=size, seed=3, partners=True, match_to=500)
            said.clear()
            app.draw(0.0)
            assert sum("Builder" in text for text in said) == players - 1, (size, players)


def test_a_long_discard_pile_fans_inside_its_own_room_at_every_seat_count_and_size():
    """However long a pile grows its fan stays on the table, clear of the middle, the other
    mats, the line under the piles and the hand; and where the middle leaves room (two
    players), eight cards each show their corner number."""
    for size in ((1280, 800), (1024, 640)):
        for players in range(2, 7):
            _app, table = _table(["human", *["build-first"] * (players - 1)], size=size, seed=9)
            geo = table.geometry()
            area = pygame.Rect(0, 0, size[0] - 300, size[1])
            middle = geo.draw.union(geo.builds[-1])
            middle.h += 40  # the words under the piles
            for seat, mat in geo.mats.items():
                others = [m.strip.union(m.column(3)) for s, m in geo.mats.items() if s != seat]
                for count in (1, 8, 20, 60):
                    for k in range(4):
                        cards = mat.pile_rects(k, count)
                        fan = cards[0].unionall(cards)
                        assert area.contains(fan), (size, players, seat, count)
                        assert not fan.colliderect(middle), (size, players, seat, count)
                        assert fan.collidelist(others) < 0, (size, players, seat, count)
                        assert not fan.colliderect(geo.hand), (size, players, seat, count)
                        if seat != table.viewer:
                            assert fan.bottom < geo.prompt_y, (size, players, seat, count)
                if players == 2:
                    cards = mat.pile_rects(0, 8)
                    assert cards[1].y - cards[0].y >= round(cards[0].h * 0.2), (size, seat)


def test_a_computers_turn_shows_each_card_move_one_after_another_at_the_chosen_pace():
    """Bea and Anne (people) and Calico (computer): once Anne discards, each card Calico moves
    flies to its pile and stays lit a moment, one at a time, slower at a slower pace, and the
    log tells it as it lands; the pass screen to Bea comes only once the last has been seen."""
    import time

    from skully_game.scenes.cardtable.match import Pace
    from skully_game.scenes.skip_bo.table import Move

    watched: dict[Pace, float] = {}
    for pace in (Pace.FAST, Pace.SLOW):
        app = make_app()
        app.stack.push(MenuScene(app))
        seats = [TableSeat("Bea"), TableSeat("Anne"), TableSeat("Calico", "build-first")]
        table = SkipBoTable(app, Match(SKIP_BO, SkipBoOptions(players=3, stock=10), 4, seats, pace))
        app.stack.push(table)
        for _ in range(2):  # Bea, then Anne, discard at once
            table.settle()
            table.reveal()
            table.act(next(a for a in table.state.legal_actions() if ">D" in a))
        table.settle()
        assert table.state.current_player() == 2 and table.passing is None
        start = len(table.state.events)
        seen: list[Move] = []
        lines: dict[int, int] = {}  # the log's length when each move set off
        clock = 0.0
        deadline = time.monotonic() + 20
        while table.passing is None and time.monotonic() < deadline:
            table.update(0.02)
            clock += 0.02
            moves = [f for f in table.flights if isinstance(f, Move)]
            assert len(moves) <= 1  # one card at a time
            told = len([text for text, first in table.log_rows(2000) if first])
            for move in moves:
                if move not in seen:
                    seen.append(move)
                    lines[id(move)] = told
                # the log tells the move once its card has landed, not before
                assert told == lines[id(move)] + move.landed, move
            if table.thinking is not None and not table.thinking.done():
                time.sleep(0.001)  # the computer thinks on its own thread
        assert table.passing == 0 and table.state.current_player() == 0
        assert not [f for f in table.flights if isinstance(f, Move)]  # the last one was seen
        played = [
            e for e in table.state.events[start:] if type(e).__name__ in ("CardPlayed", "Discarded")
        ]
        assert len(seen) == len(played) >= 1
        assert seen[-1].target.startswith("D2.")  # the discard that ends Calico's turn
        assert all(m.duration > m.fly > 0 for m in seen)  # each flies, then stays lit
        assert seen[-1].duration - seen[-1].fly >= pace.move
        watched[pace] = clock / len(seen)
    assert watched[Pace.SLOW] > 2 * watched[Pace.FAST]


def test_a_replay_of_a_computers_hand_still_tells_the_one_person_you():
    """You against computers: shown Anne's hand, the log still says "You draw 5 cards", never
    '"You" draws'; at a desk of two people the other person reads the seat as a name."""
    app, table = _table(["human", "build-first", "build-first"], stock=10)
    for _ in range(3):
        table.run_bots_now()
        person_moves(app, table)
    replay = SkipBoReplay(app, Match.load(SKIP_BO, table.match.path))
    app.stack.push(replay)
    app.dispatch(key(pygame.K_END))
    app.dispatch(key(pygame.K_2))
    assert replay.viewer == 1
    lines = [text for text, first in replay.log_rows(2000) if first]
    assert not [t for t in lines if '"You"' in t], lines
    assert any(t.startswith("You draw 5 cards") for t in lines)
    assert not [t for t in lines if t.startswith("You draw 5 cards:")]  # Anne's view: no cards
    assert any(t.startswith("Anne draws 5 cards: ") for t in lines)
    assert as_read_by(["You", "Anne"], 1) == ['"You"', "Anne"]  # another person's eyes


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_stock_sizes_to_choose_read_on_one_line_of_how_to_play(size):
    from skully_game.scenes.skip_bo.rules import SkipBoRules
    from skully_game.scenes.skip_bo.setup import SkipBoSetup

    app = make_app(size)
    setup = SkipBoSetup(app)
    app.stack.push(setup)
    rules = read_rules(app, setup)
    assert isinstance(rules, SkipBoRules)
    rows = [text for text, *_ in rules.rows() if isinstance(text, str)]
    assert any("10, 15, 20, 30 or 40 cards each" in row for row in rows), "the sizes are split"


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_hand_keeps_clear_of_the_side_panel_at_full_size(size, players):
    """Full size where five fit side by side (1280x800), a little smaller where they would
    overlap (1024x640): never a card's corner under the next card."""
    from skully_game.scenes.cardtable.carddraw import CARD_W
    from skully_game.scenes.cardtable.layout import PANEL_W

    _app, table = _table(["human", *["build-first"] * (players - 1)], size=size)
    cards = [rect for _, rect, _ in table.hand_layout()]
    full = size == (1280, 800)
    assert len(cards) == 5 and all(rect.w == CARD_W or not full for rect in cards)
    assert all(rect.w >= round(CARD_W * 0.8) for rect in cards)  # readable across a desk
    panel_x = size[0] - PANEL_W
    for rect in cards:
        lit = rect.inflate(10, 10)  # the heavy frame round a card the keys or pointer pick
        assert lit.right <= panel_x - 12, f"{lit} crowds the panel at x={panel_x}"
    for left, right in itertools.pairwise(cards):
        assert right.x >= left.right + 4, "a card hides the corner of the one before"
