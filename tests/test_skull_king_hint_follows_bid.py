"""Skull King's hint plays to make the bid the hint proposed (issue 40: a hint's bid of 6 with 9
cards, then a lead that lost, seemed to forget the bid). The strong player's play weighs each
card by the round's points, the bid's included: no card it proposes is much less likely to make
the bid than another; a low lead while tricks are still needed is a trick it can spare, and its
words say so."""

from __future__ import annotations

import random

from cards.skull_king import RoundPlan, SkullKingOptions
from cards.skull_king.bots import HeuristicBot, StrongBot, best_bid
from cards.skull_king.state import Phase, SkullKingState
from skully_game.scenes.skull_king.hints import _strong, hint_words


def _first_round(seed: int, seen):
    """Seat 0 bids and plays as the hint would (the strong player), the other as the heuristic,
    through a 9-card round; `seen(state, outcomes, action)` at each of seat 0's plays."""
    state = SkullKingState(SkullKingOptions(players=2, round_plan=RoundPlan.WHIRLPOOL), seed)
    strong = StrongBot(random.Random(seed), rollouts=120)
    other = HeuristicBot(random.Random(seed + 1))
    while state.round_index == 0 and not state.is_terminal():
        seat, legal = state.current_player(), state.legal_actions()
        obs = state.observation(seat)
        if seat != 0 or len(legal) == 1:
            action = other.act(obs, legal) if len(legal) > 1 else legal[0]
        elif state.phase is Phase.BID:
            action = best_bid(strong.weigh(obs, legal), strong.zero_sure)
        else:
            outcomes = strong.weigh(obs, legal)
            action = max(outcomes, key=lambda a: outcomes[a].value)
            seen(state, outcomes, action)
        state.apply_action(action)
    return state


def test_no_proposed_card_is_much_less_likely_to_make_the_bid_than_another():
    gaps: list[float] = []

    def seen(state, outcomes, action):
        gaps.append(max(o.exact for o in outcomes.values()) - outcomes[action].exact)

    for seed in range(3):
        _first_round(seed, seen)
    assert len(gaps) >= 20
    assert max(gaps) < 0.25  # (measured on 90 rounds at 2-4 seats: 0.14 at most)


def test_a_low_lead_while_tricks_are_needed_says_the_trick_can_be_spared():
    found: list[str] = []

    def seen(state, outcomes, action):
        need = state.bids[0] + state.adjustments[0] - state.tricks_won[0]
        left = state.cards - len(state.tricks)
        if not state.trick and 0 < need < left and not _strong(action):
            words = hint_words(state.observation(0), 0, action)
            found.append(words)
            assert f"you need {need} of the {left} tricks left, so this one can be lost" in words

    for seed in range(12):
        _first_round(seed, seen)
        if found:
            break
    assert found, "no low lead with tricks still needed in 12 rounds"
    assert "draws out" not in found[0]
