"""Skip-Bo's strong player, and so the hint, discard as good players do (issue 40): onto an
empty discard pile first, then onto the card one above (a run down); never onto another card
while a pile of its own stands empty (it buried card after card on one pile)."""

from __future__ import annotations

import random

from cards.skip_bo import SkipBoOptions, SkipBoState, make_bot
from cards.skip_bo.cards import WILD
from skully_game.scenes.skip_bo.adapter import GAME

STUCK = [[1, 2, 3], [1, 2], [1, 2], [1, 2]]  # building piles that want a 4 and three 3s


def _laid(hand, discards, build=STUCK, stock=(9, 7)) -> SkipBoState:
    """Seat 0 to act with nothing it holds able to build (the others as dealt)."""
    state = SkipBoState(SkipBoOptions(players=2), 1)
    state.hands[0] = sorted(hand)
    state.stocks[0] = list(stock)
    state.build = [list(p) for p in build]
    state.discards[0] = [list(p) for p in discards]
    state.refresh_tops()
    return state


def _hint(state: SkipBoState, seed: int) -> str:
    return GAME.hinter(random.Random(seed))(state, 0)().action


def test_the_hint_discards_onto_an_empty_pile_before_covering_a_card():
    state = _laid([5, 8, 10, 11, 12], [[12], [], [9, 6], []])
    for seed in range(4):
        action = _hint(state, seed)
        pile = int(action.rsplit("D", 1)[1])
        assert state.discards[0][pile] == [], (seed, action)


def test_with_no_pile_empty_the_hint_runs_down():
    state = _laid([5, 8, 10, 11, 12], [[12, 9], [6], [12], [2]])
    for seed in range(4):
        action = _hint(state, seed)
        card, pile = action[1:].split(">D")
        assert int(card) == state.discards[0][int(pile)][-1] - 1, (seed, action)


def _covers_beside_an_empty_pile(games: int) -> tuple[int, int]:
    """Over seeded two-player games of the strong player against build-first: its discards,
    and those laid on a card that is neither one above it nor its twin while one of its own
    piles stood empty."""
    covered = total = 0
    for g in range(games):
        state = SkipBoState(SkipBoOptions(players=2, stock=10), g)
        bots = [make_bot("strong", random.Random(g)), make_bot("build-first", random.Random(g))]
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            action = bots[seat].act(obs, state.legal_actions())
            if seat == 0 and ">D" in action:
                code, pile = action[1:].split(">D")
                card = WILD if code == "W" else int(code)
                piles = obs.discards[0]
                total += 1
                top = piles[int(pile)][-1] if piles[int(pile)] else None
                if top is not None and top not in (card, card + 1) and any(not p for p in piles):
                    covered += 1
            state.apply_action(action)
    return covered, total


def test_over_seeded_games_it_covers_a_card_beside_an_empty_pile_almost_never():
    covered, total = _covers_beside_an_empty_pile(4)
    assert total >= 40 and covered <= total // 20, (covered, total)
