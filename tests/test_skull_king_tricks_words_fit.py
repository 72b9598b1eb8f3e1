"""The Tricks view (T) says in full who took each trick, at every size and seat count (issue 40:
eight seats at 1024x640 cut "Edward took it with the black Jolly Roger 10" short)."""

from __future__ import annotations

import pygame
import pytest

from skully_game.scenes.skull_king import played
from skully_game.scenes.skull_king.demos import _skull_king
from skully_game.scenes.skull_king.lasttrick import LastTrick
from skully_game.shell import theme
from tests.ui_helpers import make_app

LONG = (
    "Edward took it with the black Jolly Roger 10",
    "Henry took it with the Tigress as a Pirate",
    "Calico took it with Rascal the Gambler",
    "The White Whale discarded it; Edward leads next",
    "The Kraken destroyed it; Calico leads next",
)


@pytest.mark.parametrize("size", [(1024, 640), (1024, 580), (1280, 800)])
def test_who_took_each_trick_is_never_cut_short(monkeypatch, size) -> None:
    app = make_app(size)
    table = _skull_king(app, ["human"] + ["heuristic"] * 7)
    said: list[str] = []
    real = theme.rendered

    def rendered(message: str, *args, **kw):
        said.append(message)
        return real(message, *args, **kw)

    monkeypatch.setattr(theme, "rendered", rendered)
    plays = tuple((seat, "G5") for seat in range(8))
    tricks = tuple(LastTrick(plays, 4, "", LONG[k % len(LONG)], 10, k + 1) for k in range(9))
    view = played.RoundTricks(10, tricks, False)
    card = pygame.Surface((10, 10))
    surface = pygame.Surface(size)
    played.draw(surface, table.tricks_area(), view, 8, table.names, lambda c, s: card, (0, 0))
    cut = [t for t in said if t.endswith("...")]
    assert cut == [], size
    shown = " ".join(said)
    for words in LONG:
        assert all(part in shown for part in words.split(" ")), words
