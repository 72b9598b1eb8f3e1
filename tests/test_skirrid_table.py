"""The Skirrid board driven headless by scripted mouse and keys: a whole game against a computer
player by clicks, the reasons a placement is refused, the keyboard, hot seat, passing, undo,
saves that resume and replay, and the setup screen."""

from __future__ import annotations

import re

import pygame
import pytest

from cards.skirrid import SkirridOptions, SkirridState
from skully_game.scenes.cardtable.match import Match, TableSeat
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skirrid.adapter import GAME
from skully_game.scenes.skirrid.boarddraw import number_size
from skully_game.scenes.skirrid.table import SkirridReplay, SkirridTable
from skully_game.shell import theme
from skully_game.shell.dialogs import ConfirmDialog
from skully_game.shell.scripted import click, ev
from tests.ui_helpers import key, make_app

NAMES = ["You", "Anne", "Calico", "Mary", "Edward", "Grace"]


def _table(kinds: list[str], seed: int = 5, size=(1280, 800), **options: object):
    app = make_app(size)
    app.stack.push(MenuScene(app))
    opts = SkirridOptions(players=len(kinds), **options)  # type: ignore[arg-type]
    match = Match(GAME, opts, seed, [TableSeat(NAMES[i], k) for i, k in enumerate(kinds)])
    table = SkirridTable(app, match)
    app.stack.push(table)
    return app, table


def square_pos(table: SkirridTable, square: tuple[int, int]) -> tuple[int, int]:
    lay = table.lay()
    r, c = square
    return (lay.board.x + c * lay.cell + lay.cell // 2, lay.board.y + r * lay.cell + lay.cell // 2)


def hover(app, pos) -> None:
    app.dispatch(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def person_places(app, table: SkirridTable) -> str:
    """One placement by the mouse: the tray's first shape, turned until it fits somewhere, put
    on the green dot that scores most."""
    before = len(table.state.history())
    if table.must_pass():
        app.dispatch(key(pygame.K_RETURN))
        assert table.state.history()[before:] == ["PASS"]
        return "PASS"
    for piece, rect, _ in table.tray_slots():
        click(app, rect.center)
        if table.held != piece:
            continue
        for _ in range(8):
            if table.hints():
                break
            app.dispatch(key(pygame.K_r))
        if not table.hints():
            continue
        scores = {}
        for sq in sorted(table.hints()):
            hover(app, square_pos(table, sq))
            p, reason = table.verdict()
            assert reason is None, (sq, reason)  # a green dot is a place it may go
            scores[sq] = table.state.score_of(piece, p)
        best = max(scores, key=lambda sq: scores[sq])
        click(app, square_pos(table, best))
        assert len(table.state.history()) == before + 1, table.notice
        return table.state.history()[-1]
    raise AssertionError("no shape of the tray fits, yet the person may not pass")


def test_a_whole_game_against_a_computer_player_by_clicks():
    app, table = _table(["human", "greedy"], seed=3)
    placed = 0
    for _ in range(100):
        table.run_bots_now()
        if table.state.is_terminal():
            break
        person_places(app, table)
        placed += 1
    state = table.state
    assert state.is_terminal() and placed >= 12
    assert sum(state.scores) > 300
    app.run_frames(3)  # the result is drawn over the board
    saved = Match.load(GAME, table.match.path)
    assert saved.state.history() == state.history() and saved.state.is_terminal()
    lines = GAME.log(state, None, table.you_names())
    assert lines[-1].startswith("The game ends: every shape is on the board.")
    assert any(line.startswith("You place ") for line in lines)


def test_a_refused_square_says_why_and_places_nothing():
    app, table = _table(["human", "greedy"])
    click(app, next(rect for piece, rect, _ in table.tray_slots() if piece == "Door").center)
    assert table.held == "Door"
    hover(app, square_pos(table, (2, 2)))
    assert table.verdict()[1] == "the first shape must cover the centre square"
    assert "must cover the centre square" in table.prompt_lines(400)[0][0]
    click(app, square_pos(table, (2, 2)))
    assert table.state.history() == []
    assert table.notice.startswith("Not there")
    app.dispatch(key(pygame.K_f))
    hover(app, square_pos(table, (9, 9)))
    assert table.verdict()[1] == "the first shape may not be turned over"
    app.run_frames(2)


def test_the_keyboard_picks_turns_moves_and_places():
    app, table = _table(["human", "greedy"])
    app.dispatch(key(pygame.K_5))  # the Door: five squares
    assert table.held == "Door"
    app.dispatch(key(pygame.K_5))
    assert table.held == "Door2"  # again: the next mark
    app.dispatch(key(pygame.K_r))
    assert table.held_orientation().code == "R1"
    app.dispatch(key(pygame.K_LEFT))
    app.dispatch(key(pygame.K_RIGHT))
    assert table.at == (9, 9)
    p, reason = table.verdict()
    assert reason is None and p.centre
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history() == [f"Door2 R1 {p.row},{p.col}"]
    app.dispatch(key(pygame.K_ESCAPE))  # nothing held: Esc asks before leaving
    assert isinstance(app.stack.top, ConfirmDialog)
    app.dispatch(key(pygame.K_RETURN))  # the default answer stays
    assert app.stack.top is table


def test_tab_and_space_never_act_for_a_person_who_holds_nothing():
    app, table = _table(["human", "greedy"])
    app.dispatch(key(pygame.K_SPACE))
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history() == []
    app.dispatch(key(pygame.K_TAB))
    assert table.held == "Eye"  # Tab goes through the tray, it places nothing
    app.dispatch(key(pygame.K_ESCAPE))
    assert table.held is None and app.stack.top is table


def test_hot_seat_gives_the_tray_to_the_person_whose_turn_it_is():
    app, table = _table(["human", "human"])
    app.run_frames(2)
    assert table.viewer == 0
    person_places(app, table)
    app.run_frames(2)
    assert table.viewer == 1 and table.banner[0] == "Anne's turn"
    assert table.tray_slots()[0][0] in table.state.left[1]
    app.run_frames(40)  # Anne comes to the desk (the last person's double click does nothing)
    person_places(app, table)
    app.run_frames(2)
    assert table.viewer == 0
    assert table.undo_target() is None  # it stands once placed (test_skirrid_shared_undo)


def test_undo_takes_back_the_persons_last_shape_and_the_reply():
    app, table = _table(["human", "greedy"])
    person_places(app, table)
    table.run_bots_now()
    assert len(table.state.history()) == 2
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert table.state.history() == []
    assert Match.load(GAME, table.match.path).state.history() == []


def test_a_person_with_nothing_to_place_passes_with_enter():
    import random

    from cards.skirrid import make_bot

    # a dice game played on by greedy players until the person's die names a shape they lack
    for seed in range(40):
        state = SkirridState(SkirridOptions(dice=True), seed)
        bots = [make_bot("greedy", random.Random(p)) for p in range(2)]
        while not state.is_terminal():
            if state.turn == 0 and list(state.legal_actions()) == ["PASS"]:
                break
            seat = state.turn
            state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
        if not state.is_terminal():
            break
    app, table = _table(["human", "greedy"], seed=seed, dice=True)
    table.match.state = GAME.replay(table.state, state.history())
    table._layout()
    assert table.must_pass()
    assert any(b.label.startswith("Pass") for b in table.widgets.widgets)
    said = " ".join(line for line, _ in table.prompt_lines(400))
    die = table.state.die
    assert f"No shape of {die} squares" in said and "you pass" in said  # the die's reason
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history()[-1] == "PASS"


def test_a_saved_game_resumes_from_the_menu_and_replays_step_by_step():
    from skully_game.scenes.resume import unfinished_games

    app, table = _table(["human", "strong"], seed=8)
    for _ in range(3):
        person_places(app, table)
        table.run_bots_now()
    found, bad = unfinished_games()
    mine = [u for u in found if u.path == table.match.path]
    assert mine and mine[0].title == "Skirrid" and not bad
    mine[0].open(app)
    resumed = app.stack.top
    assert isinstance(resumed, SkirridTable) and resumed is not table
    assert resumed.state.history() == table.state.history()
    replay = SkirridReplay(app, Match.load(GAME, table.match.path))
    app.stack.push(replay)
    app.dispatch(key(pygame.K_RIGHT))
    app.dispatch(key(pygame.K_RIGHT))
    assert replay.state.history() == table.state.history()[:2]
    app.dispatch(key(pygame.K_END))
    assert replay.state.history() == table.state.history()
    app.run_frames(2)


def test_every_seat_count_and_the_panel_fit_at_both_sizes():
    for size in ((1280, 800), (1024, 640)):
        for kinds, options in (
            (["human", "greedy"], {}),
            (["human", "greedy", "human", "greedy"], {"pairs": True, "dice": True}),
            (["human", *["random"] * 5], {}),
        ):
            app, table = _table(kinds, size=size, **options)
            table.run_bots_now()
            lay = table.lay()
            assert lay.board.right < lay.panel.x and lay.panel.right <= size[0]
            assert lay.board.bottom <= size[1]
            slots = [rect for _, rect, _ in table.tray_slots()]
            assert all(lay.panel.contains(r) for r in slots)
            buttons_top = min(w.rect.top for w in table.widgets.widgets)
            assert table.tray_bottom() + 40 < buttons_top, (size, kinds)
            app.run_frames(2)


def test_setup_offers_pairs_only_to_four_and_starts_the_game_chosen():
    from skully_game.scenes.skirrid.setup import SkirridSetup

    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkirridSetup(app)
    app.stack.push(setup)
    setup._option("pairs", True)
    assert not setup.options.pairs and "4 players" in setup.message
    while len(setup.seats) < 4:
        setup.seats.append(TableSeat(NAMES[len(setup.seats)], "greedy"))
    setup._seats_changed()
    setup._option("pairs", True)
    setup._option("dice", True)
    setup._start()
    table = app.stack.top
    assert isinstance(table, SkirridTable)
    assert table.state.options == SkirridOptions(players=4, pairs=True, dice=True)
    app.run_frames(2)


def test_the_result_lies_over_the_board_until_space_or_a_click_hides_it():
    app, table = _table(["human", "greedy"], seed=4)
    for _ in range(100):
        table.run_bots_now()
        if table.state.is_terminal():
            break
        person_places(app, table)
    assert table.shows_result()
    app.run_frames(40)  # a moment on show: a press now is meant for it
    app.dispatch(key(pygame.K_SPACE))
    assert not table.shows_result()
    click(app, square_pos(table, (9, 9)))
    assert table.shows_result()
    app.run_frames(2)


def test_a_refusal_is_forgotten_once_the_shape_moves_turns_or_is_put_back():
    app, table = _table(["human", "greedy"])
    click(app, next(rect for piece, rect, _ in table.tray_slots() if piece == "Door").center)
    click(app, square_pos(table, (2, 2)))
    assert table.notice.startswith("Not there")
    hover(app, square_pos(table, (9, 9)))  # a square where it fits: the refusal is old news
    assert table.notice == ""
    assert not [line for line, _ in table.prompt_lines(400) if "Not there" in line]
    click(app, square_pos(table, (2, 2)))
    app.dispatch(key(pygame.K_r))
    assert table.notice == ""
    click(app, square_pos(table, (2, 2)))
    app.dispatch(key(pygame.K_ESCAPE))  # put back
    assert table.held is None and table.notice == ""


def test_a_shape_picked_by_key_starts_where_it_fits_and_the_wheel_turns_both_ways():
    app, table = _table(["human", "greedy"])
    person_places(app, table)
    table.run_bots_now()
    table.at = None  # the pointer off the board
    app.dispatch(key(pygame.K_5))
    assert table.held is not None
    if table.hints():
        assert table.verdict()[1] is None  # Enter would place it at once
    hover(app, square_pos(table, (9, 9)))
    first = table.orient
    app.dispatch(ev(pygame.MOUSEWHEEL, x=0, y=1))
    assert table.orient != first
    app.dispatch(ev(pygame.MOUSEWHEEL, x=0, y=-1))
    assert table.orient == first


def test_undo_says_done_and_hot_seat_says_why_there_is_none():
    app, table = _table(["human", "greedy"])
    person_places(app, table)
    table.run_bots_now()
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    app.run_frames(3)
    assert table.notice == "Undone."
    app, table = _table(["human", "human"], dice=True)
    person_places(app, table)
    app.dispatch(key(pygame.K_z, pygame.KMOD_CTRL))
    assert "two or more people" in table.notice
    undo = next(b for b in table.widgets.widgets if b.label == "Undo")
    assert "two or more people" in undo.tooltip


def test_the_pairs_result_says_the_pair_win_and_every_name_is_you_not_yous(monkeypatch):
    import random

    from cards.skirrid import make_bot
    from skully_game.shell import theme

    state = SkirridState(SkirridOptions(players=4, pairs=True), 2)
    bots = [make_bot("greedy", random.Random(p)) for p in range(4)]
    while not state.is_terminal():
        seat = state.turn
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    app, table = _table(["human", "greedy", "greedy", "greedy"], pairs=True)
    table.match.state = GAME.replay(table.state, state.history())
    table._layout()
    drawn: list[str] = []
    real = theme.rendered
    monkeypatch.setattr(theme, "rendered", lambda m, *a, **k: drawn.append(m) or real(m, *a, **k))
    app.run_frames(2)
    banner = next(t for t in drawn if t.endswith("win!") or t.endswith("wins!"))
    assert " and " in banner and banner.endswith(" win!")  # a pair: "You and Mary win!"
    replay = SkirridReplay(app, table.match)
    app.stack.push(replay)
    drawn.clear()
    app.run_frames(2)
    assert "You's shapes" not in " ".join(drawn)


def test_setup_keeps_pairs_asked_for_while_a_fifth_seat_comes_and_goes():
    from skully_game.scenes.skirrid.setup import SkirridSetup, count_words

    app = make_app()
    app.stack.push(MenuScene(app))
    setup = SkirridSetup(app)
    app.stack.push(setup)
    while len(setup.seats) < 4:
        setup.seats.append(TableSeat(NAMES[len(setup.seats)], "greedy"))
    setup._seats_changed()
    setup._option("pairs", True)
    assert setup.options.pairs and setup.message == ""
    setup.seats.append(TableSeat(NAMES[4], "greedy"))
    setup._seats_changed()
    assert not setup.options.pairs and "Pairs need 4 players: with 5" in setup.message
    setup.seats.pop()
    setup._seats_changed()
    assert setup.options.pairs and setup.message == ""
    setup._option("dice", True)
    assert "die" in count_words(setup.final_options())


def test_a_shape_picked_by_key_with_the_pointer_on_a_taken_square_moves_to_a_green_dot():
    app, table = _table(["human", "greedy"])
    person_places(app, table)
    table.run_bots_now()
    placed = table.state.geo.placements[table.state.placed[-1][2]]
    n = table.state.geo.board.size
    hover(app, square_pos(table, divmod(placed.squares[0], n)))  # the pointer on a shape
    app.dispatch(key(pygame.K_5))
    if table.hints():
        assert table.verdict()[1] is None


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every line of text one frame draws."""
    drawn: list[str] = []
    real = theme.rendered
    monkeypatch.setattr(theme, "rendered", lambda m, *a, **k: drawn.append(m) or real(m, *a, **k))
    app.draw(0.5)
    monkeypatch.setattr(theme, "rendered", real)
    return drawn


def test_space_on_a_refused_square_says_the_reason_once(monkeypatch):
    app, table = _table(["human", "greedy"])
    app.dispatch(key(pygame.K_5))  # the Door
    hover(app, square_pos(table, (2, 2)))
    reason = "the first shape must cover the centre square"
    for press in (pygame.K_SPACE, pygame.K_RETURN):
        app.dispatch(key(press))
        assert table.state.history() == []
        said = " ".join(line for line, _ in table.prompt_lines(2000))
        assert said.count(reason) == 1, said
        drawn = drawn_texts(app, monkeypatch)
        assert sum(text.count("must cover the centre") for text in drawn) == 1, drawn


def test_the_tray_shows_the_held_shape_turned_and_turned_over_as_it_will_be_placed(monkeypatch):
    import skully_game.scenes.skirrid.painting as module

    app, table = _table(["human", "greedy"])
    person_places(app, table)  # the first shape may not be turned over: one on the board
    table.run_bots_now()
    drawn: list[tuple[tuple, bool]] = []
    real = module.shape_cells

    def shape_cells(surface, origin, cell, squares, colour, **kw):
        if slot.collidepoint(origin):
            drawn.append((tuple(sorted(squares)), kw.get("block", False)))
        return real(surface, origin, cell, squares, colour, **kw)

    monkeypatch.setattr(module, "shape_cells", shape_cells)
    piece = next(p for p, _, _ in table.tray_slots() if p.startswith("Gun"))
    slot = next(rect for p, rect, _ in table.tray_slots() if p == piece)
    click(app, slot.center)
    for keys in ([], [pygame.K_r], [pygame.K_r], [pygame.K_f], [pygame.K_r]):
        for k in keys:
            app.dispatch(key(k))
        drawn.clear()
        app.draw(0.5)
        o = table.held_orientation()
        assert drawn == [(tuple(sorted(o.squares)), o.mark is None)], (o.code, drawn)
    assert table.held_orientation().code.startswith("F")  # shown turned over, as a block


def _number_rects(table: SkirridTable) -> dict[tuple[int, int], pygame.Rect]:
    """Each numbered square's number, where the board draws it."""
    lay, board = table.lay(), table.state.geo.board
    size = number_size(lay.cell)
    out = {}
    for r in range(board.size):
        for c in range(board.size):
            value = board.value(r, c)
            if value:
                text = pygame.Rect((0, 0), theme.font(size, value >= 20).size(str(value)))
                text.center = (
                    lay.board.x + c * lay.cell + lay.cell // 2,
                    lay.board.y + r * lay.cell + lay.cell // 2,
                )
                out[(r, c)] = text
    return out


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_green_dots_leave_every_number_readable(monkeypatch, size):
    app, table = _table(["human", "greedy"], size=size)
    person_places(app, table)
    table.run_bots_now()
    app.dispatch(key(pygame.K_3))  # a Quoin, where it fits
    assert len(table.hints()) > 10
    app.draw(0.5)
    with_dots = app.screen.copy()
    monkeypatch.setattr(SkirridTable, "hints", lambda self: set())
    app.draw(0.5)
    for square, rect in _number_rects(table).items():
        for x in range(rect.left, rect.right):
            for y in range(rect.top, rect.bottom):
                assert with_dots.get_at((x, y)) == app.screen.get_at((x, y)), square


def test_the_numbers_under_the_held_shape_stay_readable():
    app, table = _table(["human", "greedy"])
    app.dispatch(key(pygame.K_5))  # a Door over the centre
    p, reason = table.verdict()
    assert reason is None
    app.draw(0.5)
    n = table.state.geo.board.size
    rects = _number_rects(table)
    covered = [divmod(i, n) for i in p.squares if divmod(i, n) in rects]
    assert covered
    for square in covered:  # the number in dark ink, on top of the translucent shape
        rect = rects[square]
        inks = {
            tuple(app.screen.get_at((x, y)))[:3]
            for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)
        }
        assert (24, 24, 24) in inks, square


def test_how_to_play_names_no_file():
    from skully_game.scenes.skirrid.rules import RULES

    text = " ".join(line for _, lines in RULES for line in lines)
    assert not re.search(r"\w\.(json|py|txt|toml)\b|\w/\w", text), text


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
@pytest.mark.parametrize(
    ("kinds", "options"),
    [
        (["human", "greedy"], {}),
        (["human", "greedy", "greedy"], {}),
        (["human", "greedy", "human", "greedy"], {"pairs": True, "dice": True}),
        (["human", "greedy", "greedy", "greedy"], {}),
        (["human", *["greedy"] * 5], {}),
    ],
    ids=["two", "three", "pairs-dice", "four", "six"],
)
def test_the_log_keeps_six_rows_with_a_full_tray_and_a_reason_shown(
    monkeypatch, size, kinds, options
):
    """At the start (every shape in the tray), a shape held where it may not go and Space
    pressed: the log under the tray still shows six rows or more."""
    from skully_game.scenes.cardtable import panels

    app, table = _table(kinds, size=size, **options)
    table.run_bots_now()
    for piece, _, _ in table.tray_slots():  # the first the die allows
        table.pick(piece)
        if table.held:
            break
    hover(app, square_pos(table, (0, 0)))
    app.dispatch(key(pygame.K_SPACE))
    assert table.notice.startswith("Not there") and len(table.prompt_lines(400)) <= 3
    rows: list[int] = []
    real = panels.draw_log

    def draw_log(surface, rect, log, scroll, sight=None):
        rows.append(rect.h // panels.LOG_ROW)
        return real(surface, rect, log, scroll, sight)

    monkeypatch.setattr(panels, "draw_log", draw_log)
    app.draw(0.5)
    assert rows and rows[0] >= 6, rows


def test_the_game_s_end_offers_play_again_and_the_replay_clear_of_the_log():
    app, table = _table(["human", "greedy"], seed=4, size=(1024, 640))
    for _ in range(100):
        table.run_bots_now()
        if table.state.is_terminal():
            break
        person_places(app, table)
    app.run_frames(2)
    buttons = {w.label: w for w in table.widgets.widgets}
    assert {"Play again", "Watch the replay", "Back to the menu"} <= set(buttons)
    rows = [w.rect for w in buttons.values()]
    assert not any(a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1 :])
    log_bottom = table.lay().panel.bottom - table.panel_reserved()
    assert all(r.top >= log_bottom for r in rows)
    click(app, buttons["Play again"].rect.center)
    new = app.stack.top
    assert isinstance(new, SkirridTable) and new is not table
    assert new.match.options == table.match.options and new.match.seed != table.match.seed
    assert [s.kind for s in new.match.seats] == ["human", "greedy"]


def test_enter_places_the_hinted_shape_while_nothing_is_held():
    from tests.ui_helpers import Inline

    app, table = _table(["human", "greedy"], seed=4)
    table.pool = Inline()
    app.dispatch(key(pygame.K_h))
    app.tick()
    hint = table.hinted
    said = " ".join(text for text, _ in table.prompt_lines(2000))
    assert hint is not None and "Enter takes it" in said
    count = len(table.state.history())
    app.dispatch(key(pygame.K_RETURN))
    assert table.state.history()[count : count + 1] == [hint.action]
