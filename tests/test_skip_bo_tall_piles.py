"""A tall Skip-Bo discard pile still reads (issue 40: fourteen cards fanned 6 px apart at
1024x640, their numbers cut): the top cards fan at a step whose corner numbers read, the rest
square up under them with the pile's count on its foot, and the pile's tip names every card."""

from __future__ import annotations

import itertools

import pytest

from cards.skip_bo import SkipBoOptions, SkipBoState
from skully_game.scenes.skip_bo.layout import lay_out
from skully_game.scenes.skip_bo.tips import discard_tip


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_tall_pile_fans_what_reads_and_squares_up_the_rest(size) -> None:
    geo = lay_out(size, 3, 0)
    for mat in geo.mats.values():
        for count in range(1, 25):
            rects = mat.pile_rects(0, count)
            assert len(rects) == count
            assert rects[-1].bottom <= mat.piles[0].bottom + mat.room + 1, "within its room"
            tops = sorted({r.y for r in rects})
            steps = [b - a for a, b in itertools.pairwise(tops)]
            assert all(s >= mat.readable_step(0) - 1 for s in steps), (count, steps)
            assert mat.hidden_under(0, count) == count - len(tops)
        assert mat.hidden_under(0, 24) > 0


def test_the_pile_tip_names_every_card_from_the_bottom() -> None:
    state = SkipBoState(SkipBoOptions(players=2), seed=1)
    state.discards[1][0][:] = [12, 11, 10, 9]
    lines = discard_tip(state, 1, 0, ["You", "Anne"], 0)
    assert lines[0] == "Anne's discard pile 1: 4 cards"
    assert lines[1] == "from the bottom: 12, 11, 10, 9 (top)"


def test_a_long_hint_reads_to_its_end_at_1024x640(monkeypatch) -> None:
    """The hint line was cut with "..." at 1024x640, its "Enter takes it" lost: a status line
    too long for the table's width is drawn smaller, in two lines if it must be."""
    from skully_game.scenes.skip_bo.demos import DEMOS
    from tests.ui_helpers import drawn_text_rects, make_app

    app = make_app((1024, 640))
    DEMOS["skip-bo-hint"](app)
    table = app.stack.top
    drawn = drawn_text_rects(table, monkeypatch)
    hint = [(t, r) for t, r in drawn if t.startswith("Hint:") or "Enter takes it" in t]
    assert hint and hint[-1][0].endswith("Enter takes it"), [t for t, _ in hint]
    assert all("..." not in t for t, _ in hint)
    assert all(r.right <= 1024 - 300 for _, r in hint)


def test_a_double_click_on_a_hand_card_picks_it_once() -> None:
    """A play-test double-clicked a card: picked, then put back by the second click, and the
    next click on a discard pile said "That pile is empty" instead of discarding it. (A card
    with one building pile to go to is played there by a double click: not this one.)"""
    from skully_game.scenes.skip_bo.doubleplay import only_pile
    from skully_game.shell.app import DOUBLE_PRESS_S, TICK
    from skully_game.shell.scripted import click
    from tests.test_skip_bo_table import _table

    app, table = _table(["human", "build-first"])
    hand = next(
        p
        for p in table.sources()
        if p.startswith("H") and not only_pile(table.sk, table.targets(p))
    )
    at = table.place_rect(hand).center
    click(app, at)
    click(app, at)  # the double click's second half
    assert table.picked == hand
    for _ in range(round(DOUBLE_PRESS_S / TICK) + 5):
        app.tick()
    click(app, at)  # a click of its own, later: puts it back
    assert table.picked is None


def test_a_greyed_undo_at_a_shared_desk_says_why() -> None:
    """After a computer player moved, the greyed Undo's tooltip still offered to take a move
    back: a greyed Undo says why there is nothing to take back."""
    from tests.test_skip_bo_table import _table

    _app, table = _table(["human", "human", "build-first"])
    assert table.undo_target() is None
    assert table.undo_tip("") == table.SHARED_NOTHING
    undo = next(w for w in table.widgets.widgets if getattr(w, "label", "") == "Undo")
    assert not undo.enabled and undo.tooltip == table.SHARED_NOTHING
