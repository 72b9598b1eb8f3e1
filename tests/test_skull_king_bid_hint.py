"""The bid a hint shows (the strong computer player's) never asks a newcomer for a risky 0: a bid
of 0 missed costs 10 a card (a newcomer who followed "Bid 0" holding Will the Bandit lost 70).
Its rollouts duck more easily than people do, so it bids 0 only when nearly every sampled round
kept the 0, and its words say what the bid rests on."""

from __future__ import annotations

import random

import pytest

from cards.skull_king import SkullKingState
from cards.skull_king.bots import Outcome, StrongBot, best_bid
from skully_game.scenes.skull_king.hints import hint_words

REST = (
    "undealt=?40 bids=-,-,- modes=-,-,- adjust=0,0,0 wagers=0,0,0 tricks=- trick=- "
    "discards=-/-/- will_draws=- juanita=- scores=0,0,0 rounds=-"
)
HEAD = "skull-king rules=players:3,pirate_powers:true view=0 round=9 phase=bid leader=0 power=- "
# ten-card hands on which the strong player used to bid 0 (a 0 missed: -100) and the hint too
RISKY_ZEROS = {
    "Rascal": "G1,G10,G14,Y6,P10,B3,B4,ESCAPE,ESCAPE,RASCAL",
    "Juanita": "G5,G6,G12,Y4,Y10,Y13,P3,B1,ESCAPE,JUANITA",
}


def _bid_view(hand: str):
    text = f"{HEAD}will_left=0 harry=- hands={hand}/?10/?10 {REST}"
    state = SkullKingState.from_position(text, random.Random(0))
    return state.observation(0).detached(), tuple(state.legal_actions())


@pytest.mark.parametrize("pirate", list(RISKY_ZEROS))
def test_a_hint_bids_no_risky_0_with_a_pirate_in_a_long_round(pirate: str) -> None:
    obs, legal = _bid_view(RISKY_ZEROS[pirate])
    bids = [StrongBot(random.Random(seed)).act(obs, legal) for seed in range(3)]
    assert "BID:0" not in bids, bids
    words = hint_words(obs, 0, bids[0])
    assert words.startswith(f"Bid {bids[0][4:]}:") and pirate in words


def test_a_0_is_chosen_only_when_nearly_every_world_kept_it() -> None:
    outcomes = {
        "BID:0": Outcome(value=60.0, points=60.0, exact=0.7),
        "BID:1": Outcome(value=20.0, points=20.0, exact=0.6),
        "BID:2": Outcome(value=25.0, points=25.0, exact=0.5),
    }
    assert best_bid(outcomes, zero_sure=0.8) == "BID:2"
    outcomes["BID:0"] = Outcome(value=60.0, points=60.0, exact=0.9)
    assert best_bid(outcomes, zero_sure=0.8) == "BID:0"


def test_a_bid_of_0_says_what_a_miss_costs() -> None:
    obs, _ = _bid_view(RISKY_ZEROS["Rascal"])
    words = hint_words(obs, 0, "BID:0")
    assert "Rascal the Gambler" in words and "a miss costs 100" in words


def test_a_card_held_twice_is_named_once() -> None:
    """A play-tester read "Bid 2: your Mermaid, your Mermaid and ..."."""
    from types import SimpleNamespace

    hand = ("G4", "G9", "G14", "Y7", "MERMAID", "MERMAID")
    words = hint_words(SimpleNamespace(hand=hand), 0, "BID:2")
    assert words.startswith("Bid 2: your 2 Mermaids and your green parrot 14"), words
