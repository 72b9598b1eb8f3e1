"""Nothing on the Skull table lies over anything else in small windows (issue 40: at 1024x580
the held-up card overlapped a seat's box, "Mary bids 3" lay over the stacks, the beaten
Challenger's cards over the stacks' names, and eight seats' boxes over each other). Rects at
1024x520, 1024x580, 1024x640 and 1280x800 for 3, 6 and 8 seats, while placing, bidding, at a
challenge with a card held up, and while a beaten Challenger's cards are drawn."""

from __future__ import annotations

import itertools

import pygame
import pytest

from cards.skull import SkullOptions, SkullState
from cards.skull.state import Phase
from skully_game.scenes.cardtable import spots
from skully_game.scenes.cardtable.match import Match
from skully_game.scenes.cardtable.painting import HEADER_H
from skully_game.scenes.menu import MenuScene
from skully_game.scenes.skull.adapter import GAME
from skully_game.scenes.skull.table import ShownTurn, SkullTable, TableSeat
from skully_game.shell import theme
from tests.ui_helpers import make_app

NAMES = ["You", "Anne", "Calico", "Mary", "Edward", "Grace", "Ching", "Henry"]
SIZES = ((1024, 520), (1024, 580), (1024, 640), (1280, 800))
SEATS = (3, 6, 8)
PHASES = ("placing", "bidding", "challenge", "beaten")


def _script(players: int, phase: str) -> SkullState:
    """Two cards on every stack, then: the person to place (placing), the person to raise
    after a bid of 3 (bidding), the person Challenger of every card (challenge: own stack
    turned, then one of another's), or the person's Skull stopped a Challenger (beaten)."""
    options = SkullOptions(players=players, decks=1 if players <= 4 else 3)
    state = SkullState(options, 5)
    for _ in range(2 * players):
        seat = state.current_player()
        hand = state.hands[seat]
        flower = next(c for c in hand if not c.startswith("K"))
        skull = next(c for c in hand if c.startswith("K"))
        state.apply_action(f"PLACE:{skull if seat == 1 and len(hand) == 3 else flower}")
    if phase == "placing":
        return state
    total = 2 * players
    while state.current_player() != players - 1:
        state.apply_action(f"PLACE:{next(iter(state.hands[state.current_player()]))}")
        total += 1
    if phase == "bidding":
        state.apply_action("BID:3")
        return state
    if phase == "challenge":
        state.apply_action(f"BID:{total}")
        assert state.phase is Phase.REVEAL  # the bid of every card ends the bidding
        return state
    state.apply_action(f"BID:{total}")  # the last seat challenges, and meets Anne's Skull
    while state.phase is Phase.REVEAL:
        flips = [a for a in state.legal_actions() if a.startswith("FLIP:")]
        state.apply_action("FLIP:1" if "FLIP:1" in flips else flips[0])
    return state


def _table(size: tuple[int, int], players: int, phase: str) -> SkullTable:
    app = make_app(size)
    app.stack.push(MenuScene(app))
    state = _script(players, phase)
    seats = [TableSeat(n, "human" if i == 0 else "bold") for i, n in enumerate(NAMES[:players])]
    if phase in ("challenge", "beaten"):
        seats[0] = TableSeat("Abe", "bold")
        seats[players - 1 if phase == "challenge" else 1] = TableSeat(NAMES[0], "human")
    match = Match(GAME, state.options, 5, seats)
    match.state = GAME.replay(match.state, state.history())
    table = SkullTable(app, match)
    app.stack.push(table)
    table.settle()
    return table


def _named(table: SkullTable) -> dict[str, pygame.Rect]:
    """Every thing drawn that must stand clear of the others."""
    out: dict[str, pygame.Rect] = {}
    t = table.lay().table
    for seat, rect in table.seat_rects().items():
        out[f"seat {seat}"] = rect
        assert t.contains(rect), (seat, rect)
        assert rect.top >= HEADER_H, ("under the line at the top", seat, rect)
    for placed in table.spot_layout():
        name = f"stack {placed.spot.seat}" if placed.spot.seat is not None else "drawn card"
        out[f"{name} {placed.spot.action}"] = spots._with_note(placed)
    return out


def _overlaps(things: dict[str, pygame.Rect]) -> list[tuple[str, str]]:
    return [
        (a, b)
        for (a, ra), (b, rb) in itertools.combinations(things.items(), 2)
        if ra.colliderect(rb)
    ]


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
def test_nothing_on_the_table_lies_over_anything_else(size, players, phase) -> None:
    table = _table(size, players, phase)
    things = _named(table)
    if phase == "beaten":
        assert any(k.startswith("drawn card") for k in things), "the beaten Challenger's cards"
    if phase == "bidding":
        shout = "Mary bids 3"
        at, text_size = table.shout_at(shout, table.lay())
        w, h = theme.font(text_size, True).size(shout)
        things["shout"] = pygame.Rect(at[0] - w // 2, at[1] - h, w, h)
    if phase == "challenge":
        things["count"] = table.count_rect()
        shout = "You bid 24"  # the bid of every card brings the count while it shows
        at, text_size = table.shout_at(shout, table.lay())
        w, h = theme.font(text_size, True).size(shout)
        things["shout"] = pygame.Rect(at[0] - w // 2, at[1] - h, w, h)
    assert _overlaps(things) == [], (size, players, phase)


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
def test_the_card_held_up_lies_over_no_seat(size, players) -> None:
    table = _table(size, players, "challenge")
    for seat in range(players):  # a card of each stack held up in turn
        code = table.state.stacks[seat][-1]
        shown = ShownTurn(code, (0, 0), (0, 0), turning=seat, words=f"{NAMES[seat]}: a Flower")
        shown.t = 10.0
        placed = next(p for p in table.spot_layout() if p.spot.seat == seat)
        stack = placed.stack_rect()
        table._turned_rect = lambda f, r=stack: r  # type: ignore[method-assign]
        held = table.held_rects(shown)
        assert held is not None
        card, words, _, _ = held
        for rect in (card, words):
            assert rect.collidelist(list(table.seat_rects().values())) < 0, (seat, rect)
            assert table.lay().table.contains(rect)


@pytest.mark.parametrize("players", SEATS)
@pytest.mark.parametrize("size", SIZES)
def test_no_bubble_lies_on_the_shout(size, players) -> None:
    """In a real 1024x580 window "You bid 2" lay over Anne's "Pass"."""
    table = _table(size, players, "bidding")
    table.shout = ("Mary bids 3", 2.0)
    shout = table.shout_rect()
    assert shout is not None
    assert shout.midbottom == table.shout_at("Mary bids 3", table.lay())[0]
    taken: list[pygame.Rect] = []
    for seat in range(players):
        bubble = table.bubble_rect(seat, theme.rendered("Pass", 22, theme.ACCENT, True).get_size(),
                                   taken)  # fmt: skip
        assert bubble is not None and not bubble.colliderect(shout), (seat, bubble, shout)
        taken.append(bubble)
