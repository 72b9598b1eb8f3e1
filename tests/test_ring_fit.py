"""Six Skull seats in a window 580 high (a 1024x640 screen less the desktop's bars): the stacks
in the middle's ring never lie on each other (they did, over each other's names)."""

from __future__ import annotations

from skully_game.scenes.skull.demos import _skull
from tests.ui_helpers import make_app


def test_six_stacks_in_a_short_window_lie_apart() -> None:
    for size in ((1024, 580), (1024, 640), (1280, 800)):
        app = make_app(size)
        table = _skull(app, ["human"] + ["bold"] * 5, seed=3)
        app.run_frames(2)
        placed = table.spot_layout()
        assert len(placed) == 6
        for k, a in enumerate(placed):
            for b in placed[k + 1 :]:
                assert not a.rect.colliderect(b.rect), (size, a.spot.seat, b.spot.seat)


def test_six_stacks_at_1024x580_are_drawn_readable_with_their_names_outside() -> None:
    """Six stacks round a 580-high window's middle: cards at least 40 pixels wide (they were
    27), each drawn at the size it was laid out at, its name under it and clear of the rest."""
    from skully_game.scenes.cardtable.spots import _with_note, card_size

    app = make_app((1024, 580))
    table = _skull(app, ["human"] + ["bold"] * 5, seed=3)
    app.run_frames(2)
    placed = table.spot_layout()
    assert len(placed) == 6
    for item in placed:
        w, h = card_size(item.scale)
        assert w >= 40, item
        assert item.note_at[1] >= item.rect.y + h  # the name under the cards
    boxes = [_with_note(p) for p in placed]
    for k, a in enumerate(boxes):
        assert all(not a.colliderect(b) for b in boxes[k + 1 :])
