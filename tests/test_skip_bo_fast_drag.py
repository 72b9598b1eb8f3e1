"""A quick second drag in Skip-Bo takes the card pressed on: while the first card still flies
to its pile and the hand closes up, a press anywhere on a card as it is drawn (its corners
too) picks that card, and a press where a sliding card is going picks it as well."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.skip_bo.table import SkipBoTable
from skully_game.shell.scripted import ev
from tests.test_skip_bo_table import _table, drag


def _first_play(size: tuple[int, int]):
    """A table whose person holds five cards, one of which builds: that one played."""
    for seed in range(40):
        app, table = _table(["human", "build-first"], seed=seed, size=size)
        builds = [s for s in table.sources() if s[0] == "H" and _builds(table, s)]
        if builds and len(table.state.hands[0]) == 5 and len(set(table.state.hands[0])) >= 4:
            break
    else:
        raise AssertionError("no seed with a card that builds")
    target = next(t for t in table.targets(builds[0]) if t[0] == "B")
    app.run_frames(1)
    drag(app, table.place_rect(builds[0]).center, table.target_rect(target).center)
    return app, table


def _builds(table: SkipBoTable, place: str) -> bool:
    return any(t[0] == "B" for t in table.targets(place))


def _pressed(app, table: SkipBoTable, pos: tuple[int, int]) -> str | None:
    """What a press at `pos` takes up (then let go where it was: a click, put back)."""
    app.dispatch(ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    got = table.drag.place if table.drag is not None else None
    app.dispatch(ev(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    table.picked = None
    return got


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("frames", [0, 4])
def test_a_press_on_a_card_as_drawn_just_after_a_play_takes_that_card(size, frames):
    """A reported miss: a press on the lower part of a card while one's own card still flew
    took nothing (the card rose by its lift as the flight was cut short)."""
    app, table = _at(size, frames)
    laid = [(c, rect.copy()) for _, c, rect in table._hand_places()]
    for c, rect in laid:
        for pos in ((rect.left + 3, rect.bottom - 3), (rect.right - 3, rect.bottom - 3)):
            app, table = _at(size, frames)  # a press lands every flight: the moment again
            assert [(c, r) for _, c, r in table._hand_places()] == laid
            assert _pressed(app, table, pos) == f"H{c}", (c, pos)


def _at(size: tuple[int, int], frames: int):
    """`frames` frames after the first play, one's own card still on its way."""
    app, table = _first_play(size)
    if frames:
        app.run_frames(frames)
    assert table.busy()  # one's own card still to fly, or flying
    return app, table


def test_a_press_where_a_sliding_card_is_going_takes_it():
    _app, table = _first_play((1280, 800))
    hand = [c for _, c, _ in table._hand_places()]
    assert table._slide is not None  # the hand is closing up
    homes = table._hand_homes(hand)
    drawn = [rect for _, _, rect in table._hand_places()]
    for k, (c, home) in enumerate(zip(hand, homes, strict=True)):
        spot = next(
            (
                (x, home.centery)
                for x in range(home.left + 2, home.right - 2)
                if not any(r.collidepoint((x, home.centery)) for r in drawn)
            ),
            None,
        )
        if spot is not None:  # a part of where it goes that no card covers yet
            assert table._source_at(spot) == f"H{c}", (k, c, spot)
