"""A cap the shooter may aim at is never drawn half under the see-through banner above the
board: the turn's panned view moves so it is seen whole below it, or out of sight above it
(issue 39, item 2), at both window sizes."""

from __future__ import annotations

import pytest

from tests.test_skully_framing import SIZES, drawn_caps, resumed
from tests.ui_helpers import settle_view


@pytest.mark.parametrize("size", SIZES)
def test_no_cap_lies_half_under_the_banner_when_bo_shoots_from_the_start(size, monkeypatch):
    app, scene = resumed(size, (0.2, 0.35), bo_shoots=False)
    settle_view(app, scene.table)
    band = scene.banner_rect()
    for colour, cap in drawn_caps(app, monkeypatch).items():
        assert not (cap.colliderect(band) and cap.bottom > band.bottom), (colour, cap, band)
    assert scene.table.in_frame(scene.session.state.to_play)  # the shooter stays in view
