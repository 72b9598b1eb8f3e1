"""Help at the Skirrid table (issue 40): where a held shape fits is plain square by square; the
numbers under placed shapes can be read (pointing at one, or N for all); the tray's shapes are
large enough to tell apart; each seat in the Arena shows its points towards 75; the tray's
shapes, blocks and ×2/×3 marks say what they are; Hint (a button and H) lights the strong
player's placement with one line why, from the person's own view; a held key's repeats never
place a shape."""

from __future__ import annotations

import random

import pygame
import pytest

from cards.skirrid import SkirridOptions, SkirridState, make_bot
from cards.skirrid.state import ARENA_SCORE, PASS, parse, piece_shape
from skully_game.scenes.cardtable.match import Match, TableSeat
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skirrid.adapter import GAME
from skully_game.scenes.skirrid.layout import TRAY_GAP
from skully_game.scenes.skirrid.table import SkirridTable
from tests.ui_helpers import Inline, drawn_texts, ev, make_app

NAMES = ["You", "Anne", "Calico", "Mary", "Edward", "Grace"]


def _table(kinds: list[str], seed: int = 5, size=(1280, 800), moves: int = 0):
    """A table, the computer players and a greedy person having made `moves` actions."""
    app = make_app(size)
    app.stack.push(MenuScene(app))
    opts = SkirridOptions(players=len(kinds))
    match = Match(GAME, opts, seed, [TableSeat(NAMES[i], k) for i, k in enumerate(kinds)])
    table = SkirridTable(app, match)
    table.pool = Inline()
    app.stack.push(table)
    person = make_bot("greedy", random.Random(1))
    for _ in range(200):
        table.run_bots_now()
        state = table.state
        if state.is_terminal() or len(state.history()) >= moves:
            break
        table.act(person.act(state.observation(state.turn), state.legal_actions()))
    table.run_bots_now()
    app.run_frames(2)
    return app, table


def square_pos(table: SkirridTable, square: tuple[int, int]) -> tuple[int, int]:
    lay = table.lay()
    r, c = square
    return (lay.board.x + c * lay.cell + lay.cell // 2, lay.board.y + r * lay.cell + lay.cell // 2)


def point(app, pos) -> None:
    app.dispatch(ev(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def polled(kind: int, k: int) -> pygame.event.Event:
    """A key event as the keyboard sends it (polled: it carries `doubt`, shell/pacer.py)."""
    return ev(kind, key=k, mod=0, unicode="", scancode=0, t=0.0, doubt=0.0)


def press(app, k: int) -> None:
    app.dispatch(polled(pygame.KEYDOWN, k))
    app.dispatch(polled(pygame.KEYUP, k))


# --- where a held shape fits ------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_what_marks_where_a_shape_fits_lies_inside_that_square_alone(monkeypatch, size):
    """Every pixel the fit marks change lies inside one of the squares they mark: none strays
    over a grid line into the square beside it."""
    app, table = _table(["human", "greedy"], size=size, moves=4)
    press(app, pygame.K_3)  # a Quoin, where it fits
    fits = set(table.hints())
    assert len(fits) > 10
    point(app, (2, 2))  # the pointer off the board: no shape lies over it
    app.draw(0.5)
    marked = app.screen.copy()
    monkeypatch.setattr(SkirridTable, "hints", lambda self: set())
    app.draw(0.5)
    lay = table.lay()
    changed = 0
    for y in range(lay.board.top, lay.board.bottom):
        for x in range(lay.board.left, lay.board.right):
            if marked.get_at((x, y)) != app.screen.get_at((x, y)):
                changed += 1
                square = ((y - lay.board.y) // lay.cell, (x - lay.board.x) // lay.cell)
                assert square in fits, (x, y, square)
                inside = ((x - lay.board.x) % lay.cell, (y - lay.board.y) % lay.cell)
                assert 0 < inside[0] < lay.cell - 1 and 0 < inside[1] < lay.cell - 1, (x, y)
    assert changed > 20 * len(fits)  # a frame round each, not a speck


# --- the numbers under placed shapes ----------------------------------------------------------


def test_pointing_at_a_placed_shape_shows_its_numbers_and_what_it_scored(monkeypatch):
    app, table = _table(["human", "strong"], moves=14)
    state = table.state
    n = state.geo.board.size
    k = next(i for i, (_, piece, _, _) in enumerate(state.placed) if piece.endswith("3"))
    seat, piece, pid, score = state.placed[k]
    p = state.geo.placements[pid]
    point(app, square_pos(table, divmod(p.mark, n)))
    assert table.pointed_shape() == k
    said = " ".join(drawn_texts(app, monkeypatch))
    owner = "Your" if seat == 0 else "Anne's"
    value = state.numbers[p.mark]
    assert f"{owner} {piece_shape(piece)[0]} marked 3: {score} points" in said, said
    assert f"{value}×3" in said  # the sum, the mark's number counted three times
    assert f"×3 on the {value}: that number counts three times ({value * 3})" in said
    chips = chips_drawn(app, monkeypatch)
    assert sorted(chips) == sorted(state.numbers[i] for i in p.squares if state.numbers[i])


def chips_drawn(app, monkeypatch) -> list[int]:
    """The numbers drawn over placed shapes in one frame."""
    import skully_game.scenes.skirrid.painting as painting

    seen: list[int] = []
    real = painting.number_chip

    def chip(value: int, size: int):
        seen.append(value)
        return real(value, size)

    monkeypatch.setattr(painting, "number_chip", chip)
    app.draw(0.5)
    monkeypatch.setattr(painting, "number_chip", real)
    return seen


def test_n_shows_the_numbers_under_every_shape_and_the_panel_says_so(monkeypatch):
    app, table = _table(["human", "strong"], moves=10)
    point(app, (2, 2))
    assert "N: numbers under the shapes (off)" in drawn_texts(app, monkeypatch)
    assert chips_drawn(app, monkeypatch) == []
    press(app, pygame.K_n)
    assert table.show_numbers
    assert "N: numbers under the shapes" in drawn_texts(app, monkeypatch)
    state = table.state
    under = [
        state.numbers[i] for _, _, pid, _ in state.placed
        for i in state.geo.placements[pid].squares if state.numbers[i]
    ]  # fmt: skip
    assert sorted(chips_drawn(app, monkeypatch)) == sorted(under)  # one over each number
    press(app, pygame.K_n)
    assert not table.show_numbers


# --- the tray, the seats, the tooltips ---------------------------------------------------------


@pytest.mark.parametrize(("size", "least"), [((1280, 800), 18), ((1024, 640), 15)])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_trays_shapes_are_large_and_their_slots_apart_inside_the_panel(size, least, players):
    _, table = _table(["human"] + ["greedy"] * (players - 1), size=size)
    slots = table.tray_slots()
    assert slots and all(cell >= least for _, _, cell in slots), (size, slots[0][2])
    panel = table.lay().panel
    for i, (_, a, _) in enumerate(slots):
        assert panel.contains(a)
        for _, b, _ in slots[i + 1 :]:
            assert not a.inflate(TRAY_GAP - 1, TRAY_GAP - 1).colliderect(b)


def test_each_seat_in_the_arena_shows_its_points_towards_75(monkeypatch):
    app, table = _table(["human", "strong"], moves=6)
    state = table.state
    bound = [s for s in range(2) if state.arena_bound(s)]
    assert bound
    drawn = drawn_texts(app, monkeypatch)
    for seat in range(2):
        if seat in bound:
            assert f"{state.scores[seat]} / {ARENA_SCORE}" in drawn
        else:
            assert f"{state.scores[seat]} points" in drawn
    rect = table.seat_rows()[bound[0]][1]
    point(app, rect.center)
    said = " ".join(drawn_texts(app, monkeypatch))
    assert f"of the {ARENA_SCORE} points that open the whole board" in said


def test_a_tray_shape_says_what_it_is_and_what_its_mark_does(monkeypatch):
    app, table = _table(["human", "strong"])
    slot = next(rect for piece, rect, _ in table.tray_slots() if piece == "Door3")
    point(app, slot.center)
    said = " ".join(drawn_texts(app, monkeypatch))
    assert "Door marked 3: an arch of 5 squares (key 5; press it again for the next mark)." in said
    assert "The 3 on it triples the one number under that square, not the whole shape." in said
    slot = next(rect for piece, rect, _ in table.tray_slots() if piece == "Rod")
    point(app, slot.center)
    rod = "Rod: 2 squares in a row (key 2; press it again for the next mark)."
    assert f"{rod} It scores the numbers it covers." in " ".join(drawn_texts(app, monkeypatch))


def test_a_block_says_what_it_scored_and_that_it_binds_the_person_now(monkeypatch):
    # the strong player blocks the person on this deal (its ties drawn by its own generator)
    app, table = _table(["human", "strong"], seed=3, moves=18)
    state = table.state
    binding = state.active_blocks(state.turn)
    assert binding and state.turn == 0
    _, pid, _ = binding[0]
    p = state.geo.placements[pid]
    point(app, square_pos(table, divmod(p.squares[0], state.geo.board.size)))
    said = " ".join(drawn_texts(app, monkeypatch))
    plain = sum(state.numbers[i] for i in p.squares)
    assert f"Anne's block: a{'n' if p.shape[0] in 'AEIOU' else ''} {p.shape} turned over" in said
    assert f"(half of {plain}" in said
    assert "You may not play beside it on this turn." in said


def test_while_a_shape_is_held_the_board_shows_where_it_goes_not_the_shapes_under_it():
    app, table = _table(["human", "strong"], moves=10)
    _, _, pid, _ = table.state.placed[0]
    square = divmod(table.state.geo.placements[pid].squares[0], table.state.geo.board.size)
    point(app, square_pos(table, square))
    assert table.pointed_shape() == 0 and table.tip_text() is not None
    press(app, pygame.K_2)
    point(app, square_pos(table, square))
    assert table.pointed_shape() is None and table.tip_text() is None


# --- the hint -----------------------------------------------------------------------------------


def test_hint_lights_a_legal_placement_picking_its_shape_lays_it_there_and_enter_places_it():
    app, table = _table(["human", "strong"], moves=8)
    hint = next(b for b in table.widgets.widgets if getattr(b, "label", "") == "Hint")
    assert hint.enabled
    press(app, pygame.K_h)
    app.run_frames(1)
    assert table.hinted is not None
    action = table.hinted.action
    assert action in table.state.legal_actions()
    piece, pid = parse(action, table.state.geo)
    assert table.hinted_move() == (piece, pid)
    lines = " ".join(line for line, _ in table.prompt_lines(2000))
    assert f"Hint: {table.hinted.words}" in lines
    assert lines.count(table.hinted.words) == 1  # said once, not again as the notice
    slot = next(rect for p, rect, _ in table.tray_slots() if p == piece)
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=slot.center, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=slot.center, button=1))
    assert table.held == piece and table.placement() == table.state.geo.placements[pid]
    press(app, pygame.K_RETURN)
    assert table.state.history()[8] == action
    assert table.hinted is None  # a move drops it


def test_the_hint_is_the_strong_players_choice_from_the_persons_own_view():
    app, table = _table(["human", "strong"], moves=12)
    state = table.state
    obs = state.observation(0).detached()
    # the same generator the hint is given (it breaks ties among equal placements with it)
    strong = make_bot("strong", random.Random(f"hint:{table.match.seed}:{table._hint_key()[0]}:0"))
    press(app, pygame.K_h)
    app.run_frames(1)
    assert table.hinted.action == strong.act(obs, state.legal_actions())
    assert table.hinted.words == GAME.hint_words(obs, 0, table.hinted.action)


def test_a_hint_is_only_for_the_person_to_act_and_an_undo_drops_it():
    app, table = _table(["human", "strong"], moves=6)
    press(app, pygame.K_h)
    app.run_frames(1)
    assert table.hinted is not None
    app.dispatch(ev(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    assert table.hinted is None and table.hinted_move() is None


def _words(state: SkirridState, action: str) -> str:
    return GAME.hint_words(state.observation(state.turn).detached(), state.turn, action)


def test_hint_words_say_the_score_the_mark_the_block_and_the_way_out_of_the_arena():
    """Each kind of placement's words, checked on the first few of its kind in a greedy game
    (the words are worked out per move: every move of a game would take minutes)."""
    state = SkirridState(SkirridOptions(players=2), 5)
    bots = [make_bot("greedy", random.Random(1)), make_bot("greedy", random.Random(2))]
    checked: dict[str, int] = {"block": 0, "arena": 0, "mark": 0, "plain": 0}
    for _ in range(36):
        if state.is_terminal() or min(checked.values()) >= 2:
            break
        seat = state.turn
        for action in state.legal_actions()[::7]:
            if action == PASS:
                continue
            piece, pid = parse(action, state.geo)
            p = state.geo.placements[pid]
            score = state.score_of(piece, p)
            if p.block:
                kind = "block"
            elif state.arena_bound(seat) and state.scores[seat] + score >= ARENA_SCORE:
                kind = "arena"
            elif piece_shape(piece)[1] > 1 and state.numbers[p.mark] >= 10:
                kind = "mark"
            else:
                kind = "plain"
            if checked[kind] >= 2:
                continue
            checked[kind] += 1
            words = _words(state, action)
            assert f": {score} point" in words, words
            if kind == "block":
                assert words.startswith(f"Turn the {p.shape} over as a block: "), words
            elif kind == "arena":
                total = state.scores[seat] + score
                assert f"you to {total}, and the whole board opens to you." in words
            elif kind == "mark":
                mark = piece_shape(piece)[1]
                assert f"with its ×{mark} on the {state.numbers[p.mark]}: {score} points" in words
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    assert min(checked.values()) >= 1, checked
    assert GAME.move_words("PASS") == "Pass"


# --- no move the person did not choose ----------------------------------------------------------


def test_a_held_enters_repeats_never_place_a_shape():
    app, table = _table(["human", "strong"], moves=4)
    press(app, pygame.K_5)  # a Door, on a square where it fits
    assert table.held and table.verdict()[1] is None
    before = len(table.state.history())
    app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))  # pressed: it is placed ...
    assert len(table.state.history()) == before + 1
    table.run_bots_now()
    app.run_frames(2)
    press(app, pygame.K_5)
    assert table.held and table.verdict()[1] is None
    for _ in range(30):  # ... and held down: its repeats place nothing
        app.dispatch(polled(pygame.KEYDOWN, pygame.K_RETURN))
        app.run_frames(1)
    assert len(table.state.history()) == before + 2 and table.held
    app.dispatch(polled(pygame.KEYUP, pygame.K_RETURN))
    press(app, pygame.K_RETURN)  # a fresh press does
    assert len(table.state.history()) == before + 3


def test_at_a_shared_desk_a_double_click_gives_the_next_person_nothing():
    app, table = _table(["human", "human"])
    press(app, pygame.K_5)
    pos = square_pos(table, table.at)
    point(app, pos)
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))  # the Door is placed
    assert len(table.state.history()) == 1
    app.run_frames(1)
    assert table.viewer == 1
    slot = table.tray_slots()[0][1]
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=slot.center, button=1))  # the second click
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=slot.center, button=1))
    assert table.held is None
    app.run_frames(60)  # Anne's own click, later
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=slot.center, button=1))
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=slot.center, button=1))
    assert table.held == table.tray_slots()[0][0]
