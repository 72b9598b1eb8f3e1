"""Skull's score sheet: what a Skull game is about, round by round (who challenged and how it
went, whose Skull stopped them), and two graphs that move: Win Markers won (2 wins) and cards
left (0 is out). It lay flat at 0 with an axis of one "0" (issue 40)."""

from __future__ import annotations

import random
from itertools import pairwise

import pygame

from cards.bots import RandomBot
from cards.skull import Outcome, SkullOptions, SkullState
from skully_game.scenes.cardtable.game import Sheet
from skully_game.scenes.cardtable.panels import TwoGraphSheet, draw_sheet
from skully_game.scenes.skull.adapter import GAME
from skully_game.shell import theme


def _played(rounds: int, seed: int = 4) -> SkullState:
    state = SkullState(SkullOptions(players=3), seed)
    bots = [RandomBot(random.Random(seed * 10 + p)) for p in range(3)]
    while len(state.rounds) < rounds and not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    while state.phase.name in ("DRAW", "DISCARD"):
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    return state


def test_the_sheet_counts_markers_won_and_cards_left_each_round() -> None:
    state = _played(6)
    sheet = GAME.sheet(state)
    assert isinstance(sheet, TwoGraphSheet)
    for seat in range(3):
        markers, cards = sheet.running[seat], sheet.lower[seat]
        assert len(markers) == len(cards) == len(state.rounds) + 1
        assert markers[0] == 0 and cards[0] == 4, "everyone starts with 4 cards, no marker"
        assert markers[-1] == state.won[seat]
        assert cards[-1] == len(state.hands[seat]) + len(state.stacks[seat])
        assert all(b - a in (0, 1) for a, b in pairwise(markers))
        assert all(a - b in (0, 1) for a, b in pairwise(cards))
    for (_, cells), rec in zip(sheet.rounds, state.rounds, strict=True):
        text, good = cells[rec.challenger]
        assert text.startswith(f"bid {rec.bid}, ")
        assert good is (rec.outcome is Outcome.WON)
        if rec.outcome is Outcome.WON:
            assert text.endswith("won a marker")
        else:
            assert text.endswith("lost a card")
    lost = sum(4 - sheet.lower[s][-1] for s in range(3))
    assert lost == sum(1 for rec in state.rounds if rec.outcome is not Outcome.WON)


def test_a_sheet_with_no_marker_won_still_has_its_axes_to_two_and_four(monkeypatch) -> None:
    state = _played(3)
    sheet = GAME.sheet(state)
    flat = TwoGraphSheet(
        sheet.players,
        sheet.rounds,
        (0, 0, 0),
        tuple((0,) * len(r) for r in sheet.running),
        sheet.cell_note,
        sheet.unit,
        top=2,
        lower=sheet.lower,
        lower_unit=sheet.lower_unit,
        lower_top=4,
    )
    labels: list[str] = []
    real = theme.text

    def text(surface, message, *args, **kw):
        labels.append(message)
        return real(surface, message, *args, **kw)

    monkeypatch.setattr(theme, "text", text)
    surface = pygame.Surface((960, 760))
    draw_sheet(surface, surface.get_rect(), flat, ["You", "Anne", "Calico"])
    assert {"0", "1", "2", "3", "4"} <= set(labels), "every whole number on the axes"
    assert "Win Markers (2 wins)" in labels and "Cards left (0: out of the game)" in labels


def test_other_games_sheets_draw_as_before(monkeypatch) -> None:
    """A plain Sheet keeps one graph with its own axis (the Skull King's, Skip-Bo's)."""
    plain = Sheet(
        (0, 1), (("R1", (("1", None), ("2", None))),) * 3, (9, 4), ((0, 5, 7, 9), (0, -2, 1, 4))
    )
    labels: list[str] = []
    real = theme.text

    def text(surface, message, *args, **kw):
        labels.append(message)
        return real(surface, message, *args, **kw)

    monkeypatch.setattr(theme, "text", text)
    surface = pygame.Surface((960, 760))
    draw_sheet(surface, surface.get_rect(), plain, ["You", "Anne"])
    numbers = [t for t in labels if t.lstrip("-").isdigit()]
    assert "-2" in numbers and "9" in numbers
    assert not {"-1", "6", "7", "8"} & set(numbers), "only the ends and 0 are labelled"
