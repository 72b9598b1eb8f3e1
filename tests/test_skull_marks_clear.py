"""Nothing on the Skull table lies over the Win Markers, and the held-up card leaves every
other stack in sight, with 3 to 8 seats at 1280x800 and 1024x640 (issue 40: turned cards were
drawn over Win Markers, and with 7-8 seats the held card touched another stack). Rects, with
a stack's frames (lit, the keys' cursor) as drawn, through a reveal and at its round's end."""

from __future__ import annotations

import pygame
import pytest

from cards.skull import SkullOptions, SkullState
from cards.skull.state import Phase
from skully_game.scenes.cardtable import spots
from skully_game.scenes.skull.table import ShownTurn
from tests import test_skull_small_windows as small

SIZES = ((1280, 800), (1024, 640))


def _turned(players: int, flips: int) -> SkullState:
    """Every seat's two cards placed (Anne's second a Skull), every card bid, `flips` turned
    (spread over the stacks, Anne's last)."""
    state = small._script(players, "challenge")
    for k in range(flips):
        if state.phase is not Phase.REVEAL:
            break
        legal = [a for a in state.legal_actions() if a.startswith("FLIP:")]
        safe = [a for a in legal if a != "FLIP:1"] or legal
        state.apply_action(safe[k % len(safe)])
    return state


def _round_over(players: int) -> SkullState:
    """Three Flowers on every stack, all bid and all turned: the round's end, every stack
    fanned out in full."""
    state = SkullState(SkullOptions(players=players, decks=1 if players <= 4 else 3), 5)
    for _ in range(3 * players):
        hand = state.hands[state.current_player()]
        state.apply_action(f"PLACE:{next(c for c in hand if not c.startswith('K'))}")
    state.apply_action(f"BID:{3 * players}")
    while state.phase is Phase.REVEAL:
        state.apply_action(next(a for a in state.legal_actions() if a.startswith("FLIP:")))
    return state


def _laid(table, view) -> list[spots.Placed]:
    lay = table.lay()
    listed = table.game.spots(view, table.viewer, table.names)
    return spots.layout(listed, table.seat_rects(), lay.pile, lay.table, table.spot_scale(),
                        table.names, table.ring_room())  # fmt: skip


def _clash(placed: list[spots.Placed]) -> list[tuple[int | None, int | None]]:
    """Every (marks' seat, stack's seat) where a stack's cards lie on marks."""
    out = []
    for owner in placed:
        for _, mark in owner.marks:
            for other in placed:
                if other.cards and other.stack_rect().colliderect(mark):
                    out.append((owner.spot.seat, other.spot.seat))
    return out


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1024x640"])
def test_no_stack_lies_over_win_markers(monkeypatch, size, players) -> None:
    turned = _turned(players, 2 * players - 1)
    monkeypatch.setattr(small, "_script", lambda p, phase: turned)
    table = small._table(size, players, "challenge")
    # through the reveal: the table's own layout (the beaten Challenger's cards moved clear)
    assert _clash(table.spot_layout()) == []
    # the round's end as drawn while its summary shows: every stack fanned out in full
    ended = table.game.round_end_view(_round_over(players))
    assert _clash(_laid(table, ended)) == []


@pytest.mark.parametrize("players", (7, 8))
@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "1024x640"])
def test_the_held_card_leaves_other_stacks_and_markers_clear(monkeypatch, size, players) -> None:
    for flips in (players, 2 * players - 2):
        state = _turned(players, flips)
        monkeypatch.setattr(small, "_script", lambda p, phase, s=state: s)
        table = small._table(size, players, "challenge")
        seat = int(state.history()[-1].split(":")[1])
        shown = ShownTurn("2H", (0, 0), (0, 0), turning=seat, words="Anne's stack: a Flower")
        shown.t = 10.0
        held = table.held_rects(shown)
        assert held is not None
        seats = list(table.seat_rects().values())
        for placed in table.spot_layout():
            others = placed.spot.seat != seat
            rects = [spots._with_note(placed)] if others else [r for _, r in placed.marks]
            for rect in (held[0], held[1]):
                assert rect.collidelist(rects) < 0, (flips, seat, placed.spot.seat, rect)
                assert rect.collidelist(seats) < 0 and table.lay().table.contains(rect)


@pytest.mark.parametrize("players", (3, 8))
def test_the_keys_frame_is_drawn_under_every_win_marker(players) -> None:
    """The keys' frame reaches 7 px round a stack's cards, past the 4 px to its own markers
    (and, round a crowded table, to a neighbour's): the markers are drawn over it."""
    table = small._table((1024, 640), players, "challenge")
    placed = table.spot_layout()
    surface = pygame.Surface(table.app.size)
    for k in range(len(table.choosable_spots())):
        table.spot_cursor = k
        surface.fill((0, 0, 0))
        table.paint_spots(surface)
        for item in placed:
            for code, rect in item.marks:
                scale = round((item.scale or table.spot_scale()) * spots.MARK_SCALE, 3)
                img = table.game.card_image(code, scale) if code else table.game.card_back(scale)
                for x in range(rect.w - 4, rect.w):  # the side towards its stack
                    y = rect.h // 4  # (the next marker covers its lower half)
                    assert surface.get_at((rect.x + x, rect.y + y)) == img.get_at((x, y)), (
                        k,
                        item.spot.seat,
                    )
