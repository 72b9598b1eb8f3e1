"""A card of one's Skull hand may be carried onto one's own mat: let go there it is placed, face
down, exactly as a click on it places it (the same action and the same checks); let go anywhere
else it goes back and nothing happens. The card is drawn under the pointer for its owner alone,
and the keys do what they did."""

from __future__ import annotations

import pygame

from cards.skull import Phase, SkullOptions, SkullState
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import SkullTable, TableSeat
from tests.ui_helpers import drag, ev, make_app

NAMES = ["You", "Anne", "Calico"]


def _table(state: SkullState, people: int = 1, size=(1280, 800)) -> tuple[object, SkullTable]:
    """A Skull table opened at `state` (as Resume opens it), seat 0 a person at the screen."""
    app = make_app(size)
    app.stack.push(MenuScene(app))
    seats = [TableSeat(n, "human" if i < people else "cautious") for i, n in enumerate(NAMES)]
    match = Match(GAME, SkullOptions(players=3), state.seed, seats)
    match.state = GAME.replay(match.state, state.history())
    table = SkullTable(app, match)
    app.stack.push(table)
    if table.passing is not None:
        table.reveal()
    table.settle()
    app.run_frames(2)
    return app, table


def _second_card() -> SkullState:
    """Everyone has placed a first card; seat 0 places or bids."""
    state = SkullState(SkullOptions(players=3), 3)
    for seat in range(3):
        state.apply_action(f"PLACE:{state.hands[seat][0]}")
    assert state.phase is Phase.PLACE and state.current_player() == 0
    return state


def _mat(table: SkullTable) -> pygame.Rect:
    return next(p.stack_rect() for p in table.spot_layout() if p.spot.seat == table.viewer)


def test_a_card_carried_onto_ones_mat_is_placed_face_down_as_a_click_places_it() -> None:
    app, table = _table(_second_card())
    code, rect, _ = table.hand_layout()[0]
    before = len(table.state.history())
    drag(app, rect.center, _mat(table).center)
    assert table.state.history()[before:] == [f"PLACE:{code}"]  # what a click on it does
    app.run_frames(1)
    flights = [f for f in table.flights if f.onto == 0]
    assert flights and all(f.code is None for f in flights), "it flies face down"
    table.settle()
    mine = next(p for p in table.spot_layout() if p.spot.seat == 0)
    assert mine.spot.cards == (None, None), "it lies face down on the stack"
    assert code not in [c for c, _, _ in table.hand_layout()]


def test_a_card_let_go_anywhere_else_goes_back_and_nothing_happens() -> None:
    app, table = _table(_second_card())
    code, rect, _ = table.hand_layout()[0]
    before = len(table.state.history())
    bid = next(b for b in table.choice_buttons if b.label == "1")
    for end in ((rect.centerx + 200, rect.centery - 300), bid.rect.center, (20, 300)):
        drag(app, rect.center, end)
        assert len(table.state.history()) == before, end
        assert table.carried() is None and not table.notice
        assert code in [c for c, _, _ in table.hand_layout()]


def test_a_carried_card_the_rules_refuse_is_refused_as_a_click_is() -> None:
    """In the bidding a card may not be placed: let go on the mat it says why, as a click."""
    state = _second_card()
    for action in ("BID:1", "BID:2", "PASS"):
        state.apply_action(action)
    assert state.phase is Phase.BID and state.current_player() == 0
    app, table = _table(state)
    code, rect, _ = table.hand_layout()[0]
    before = len(table.state.history())
    drag(app, rect.center, _mat(table).center)
    dragged = table.notice
    assert dragged and len(table.state.history()) == before
    table.notice = ""
    table.click_card(code)
    assert table.notice == dragged


def test_the_carried_card_follows_the_pointer_face_up_for_its_owner_only() -> None:
    app, table = _table(_second_card(), people=2)
    code, rect, _ = table.hand_layout()[0]
    far = (rect.centerx + 150, rect.centery - 250)
    drag(app, rect.center, far, release=False)
    carried = table.carried()
    assert carried is not None and carried.code == code and carried.pos == far
    faces: list[tuple[str, object]] = []
    real = table.face

    def spy(c, owner=None, *args, **kw):  # type: ignore[no-untyped-def]
        faces.append((c, owner))
        return real(c, owner, *args, **kw)

    table.face = spy  # type: ignore[method-assign]
    table.draw(app.screen, 1.0)
    assert (code, 0) in faces, "drawn under the pointer, through the gate, as seat 0's"
    assert all(owner == 0 for c, owner in faces if c == code)
    table.public = True  # a screen all may watch: nothing of the hand, carried or not
    assert table.carried() is None
    faces.clear()
    table.draw(app.screen, 1.0)
    assert code not in [c for c, _ in faces]
    table.public = False
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=far, button=1))
    assert table.carried() is None and table.hand_drag is None


def test_a_press_on_a_pass_screen_carries_nothing() -> None:
    state = _second_card()
    state.apply_action(f"PLACE:{state.hands[0][0]}")  # Anne, a person, is next
    app = make_app()
    app.stack.push(MenuScene(app))
    seats = [TableSeat(n, "human" if i < 2 else "cautious") for i, n in enumerate(NAMES)]
    match = Match(GAME, SkullOptions(players=3), state.seed, seats)
    match.state = GAME.replay(match.state, state.history())
    table = SkullTable(app, match)
    app.stack.push(table)
    assert table.passing is not None and table.hand_layout() == []
    w, h = app.size
    drag(app, (w // 3, h - 60), (w // 3 + 100, h - 300), release=False)
    assert table.hand_drag is None and table.carried() is None


def test_no_stack_words_cover_a_card_carried_over_ones_mat(monkeypatch) -> None:
    """The stack's tooltip ("Your stack: no cards") came up over the card being carried onto
    it; it shows again once the card is let go."""
    from skully_game.shell import theme

    app, table = _table(_second_card())
    _, rect, _ = table.hand_layout()[0]
    drag(app, rect.center, _mat(table).center, release=False)
    assert table.carried() is not None
    said: list[str] = []
    real = theme.rendered

    def rendered(message, *args, **kw):  # type: ignore[no-untyped-def]
        said.append(message)
        return real(message, *args, **kw)

    monkeypatch.setattr(theme, "rendered", rendered)
    table.draw(app.screen, 1.0)
    assert not [m for m in said if m.startswith("Your stack")]
    table.hand_drag = None  # as if let go elsewhere: the pointer still on the stack
    said.clear()
    table.draw(app.screen, 1.0)
    assert [m for m in said if m.startswith("Your stack")]
