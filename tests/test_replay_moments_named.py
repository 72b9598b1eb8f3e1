"""The replay's moments say what happened (issue 39's play-test): "X is a killer" is no kill,
the Hits tab lists every hit (a hit that freed a cap from the skull too), pipsies and a cap
freed from the skull are moments, and the last shot's row says what it did."""

from __future__ import annotations

import pygame

from skully_game.scenes.replay.moments import MomentKind, last_words, moment_of
from skully_game.scenes.replay.momentsdialog import FILTERS, MomentsDialog
from skully_game.skully.rules.events import (
    Advanced,
    BecameKiller,
    Eliminated,
    Freed,
    Hit,
    Made,
    Missed,
    Pipsies,
    Winner,
)
from tests.ui_helpers import make_app


def _moments():  # type: ignore[no-untyped-def]
    shots = {
        1: [
            Made("Ace made 2", 0, 2),
            Pipsies("Pipsies! +2", 0, 2),
            Advanced("Ace is in 4", 0, 2, 4),
        ],
        4: [Hit("Ace hit Bobby", 0, 1, 1, skull_number=8), Freed("Bobby is out of the skull", 1)],
        6: [BecameKiller("Ace is a killer", 0)],
        8: [Eliminated("Bobby is out", 1, 0), Winner("Ace wins!", 0)],
    }
    return [m for k, ev in shots.items() if (m := moment_of(k, ev)) is not None]


def _rows(dialog: MomentsDialog, tab: str) -> list[str]:
    dialog.choose(next(k for k, (name, _) in enumerate(FILTERS) if name == tab))
    return [w.label for w in dialog.widgets.widgets if w.label.startswith("Shot ")]


def test_pipsies_and_a_freeing_hit_are_moments() -> None:
    pips, freed, *_ = _moments()
    assert pips.kind is MomentKind.PIPSIES and pips.label == "Shot 2: Ace made 2, pipsies +2"
    assert {MomentKind.SKULL, MomentKind.HIT} <= freed.kinds


def test_the_tabs_list_what_they_say() -> None:
    app = make_app((1024, 640))
    dialog = MomentsDialog(app, _moments(), 12, 0, lambda shot: None, last_words([]))
    app.stack.push(dialog)
    assert _rows(dialog, "Kills") == ["Shot 9: Bobby is out", "Shot 12: the last shot"]
    assert _rows(dialog, "Hits")[0] == "Shot 5: Ace hit Bobby"
    assert _rows(dialog, "Skull")[0] == "Shot 5: Bobby is out of the skull"
    pygame.event.clear()


def test_the_last_shots_row_says_what_it_did() -> None:
    assert last_words([Eliminated("Bobby is out", 1, 0), Winner("Ace wins!", 0)]) == "Ace wins!"
    assert last_words([Missed("Ace missed", 0)]) == "Ace missed"
    app = make_app((1280, 800))
    dialog = MomentsDialog(app, _moments()[:2], 12, 0, lambda shot: None, "Ace missed")
    app.stack.push(dialog)
    assert _rows(dialog, "All")[-1] == "Shot 12: Ace missed"
