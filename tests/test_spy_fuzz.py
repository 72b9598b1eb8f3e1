"""The spy at the shared desk (tools/spy_fuzz.py, the long run): a few seeded sequences of random
input at every table game leak nothing and raise nothing, and the spy does catch a leak planted
in a table."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from cards.registry import GAMES
from skully_game.scenes.cardtable.passgate import Verdict
from tests.ui_helpers import make_app

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("spy_fuzz", ROOT / "tools" / "spy_fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["spy_fuzz"] = module
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("spy_fuzz", None)


@pytest.mark.parametrize("game", [info.key for info in GAMES if info.table])
def test_a_few_sequences_at_each_table_leak_nothing(fuzz, game):
    app = make_app()
    total = fuzz.Tally()
    for seed in (1, 2):
        total.add(fuzz.run_sequence(game, seed, steps=25, app=app))
    assert total.errors == 0 and total.leaks == 0 and total.unchosen == 0, total.notes
    assert total.frames >= 20 and total.steps >= 20


@pytest.mark.slow
def test_the_fuzz_counts_a_move_made_by_a_held_key_s_repeats(fuzz):
    """A planted fault: past the pass screen every key passes, repeats included (as before)."""
    app = make_app()

    def plant(table) -> None:
        table.gate._past_the_screen = lambda key, fresh: Verdict.PASS

    total = fuzz.Tally()
    for seed in range(12):
        total.add(fuzz.run_sequence("skull-king", seed, steps=30, plant=plant, app=app))
        if total.unchosen:
            break
    assert total.unchosen, "no move by a repeat was seen"
    assert any("made by a repeat" in note for note in total.notes)


def _raw_face_on_the_pass_screen(table) -> None:
    """A planted fault: the pass screen also draws a card of another seat's hand, past the
    gate."""
    real = table._draw_pass

    def draw(surface, lay):
        real(surface, lay)
        hands = [h for seat, h in enumerate(table.state.hands) if seat != table.passing and h]
        if hands:
            surface.blit(table.game.card_image(hands[0][0]), (0, 0))

    table._draw_pass = draw


def _a_pass_screen_that_opens_to_any_click(table) -> None:
    """A planted fault: the pass screen as it was, opened by any click or Enter at once."""
    gate = table.gate

    def take(event, button):
        click = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        enter = event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN
        return Verdict.OPEN if gate.seat is not None and (click or enter) else Verdict.PASS

    gate.take = take


@pytest.mark.parametrize(
    ("plant", "says"),
    [
        (_raw_face_on_the_pass_screen, "a card face drawn past the gate"),
        (_a_pass_screen_that_opens_to_any_click, "at screen stray"),
    ],
    ids=["raw-face", "stray-click"],
)
def test_the_spy_reports_a_planted_leak_with_its_seed_and_step(fuzz, plant, says):
    app = make_app()
    total = fuzz.Tally()
    for seed in range(4):
        total.add(fuzz.run_sequence("skull-king", seed, steps=20, plant=plant, app=app))
        if total.leaks:
            break
    assert total.leaks, "the planted leak went unseen"
    assert any(
        says in note and "skull-king seed" in note and " step " in note for note in total.notes
    )


def test_skull_king_s_last_trick_draws_its_faces_through_the_gate(fuzz):
    """Seed 195 opens the last trick (L) at step 39: its cards were played face up, so they are
    everyone's, but drawn past the gate they were a leak the spy could not tell from a hand."""
    app = make_app()
    tally = fuzz.run_sequence("skull-king", 195, steps=40, app=app)
    assert tally.errors == 0 and tally.leaks == 0, tally.notes
