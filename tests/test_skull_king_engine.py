"""The shared engine pieces Skull King is built on: seeded shuffles and the state interface."""

from __future__ import annotations

import random

import pytest

from cards.engine import CHANCE, SIMULTANEOUS, TERMINAL, Deck, make_rng, pick, replay, sample
from cards.engine import shuffled as fy_shuffled
from cards.skull_king import RoundPlan, SkullKingOptions, SkullKingState


def test_fisher_yates_is_pinned_across_python_versions() -> None:
    """rng.random() is promised stable; this pins our shuffle built on it (not random.shuffle)."""
    assert fy_shuffled(range(10), make_rng(42, "deal", 0)) == [1, 9, 0, 4, 7, 3, 6, 5, 8, 2]


def test_skull_king_deal_is_pinned_so_saves_stay_valid() -> None:
    state = SkullKingState(SkullKingOptions(round_plan=RoundPlan.BROADSIDE), 1)
    assert state.hands[0] == ["G3", "G6", "G14", "Y9", "Y10", "P1", "P7", "P8", "B8", "B11"]


def test_shuffle_is_a_permutation_and_depends_only_on_the_seed() -> None:
    items = list(range(74))
    a = fy_shuffled(items, random.Random(5))
    random.seed(0)
    random.random()
    b = fy_shuffled(items, random.Random(5))
    assert a == b and sorted(a) == items and a != items


def test_pick_and_sample_use_the_given_generator() -> None:
    assert pick("abc", random.Random(1)) == pick("abc", random.Random(1))
    picked = sample(range(20), 5, random.Random(2))
    assert len(set(picked)) == 5
    with pytest.raises(ValueError):
        sample(range(3), 4, random.Random(0))
    with pytest.raises(ValueError):
        pick([], random.Random(0))


def test_deck_deals_from_the_top() -> None:
    deck = Deck(range(10), random.Random(3))
    top = list(deck.cards[:3])
    assert deck.deal(3) == top and len(deck) == 7
    with pytest.raises(ValueError):
        deck.deal(8)


def test_sentinels_are_distinct_negative_ids() -> None:
    assert len({CHANCE, SIMULTANEOUS, TERMINAL}) == 3
    assert max(CHANCE, SIMULTANEOUS, TERMINAL) < 0


def test_generic_replay_rebuilds_a_state() -> None:
    opts = SkullKingOptions(players=3)
    state = SkullKingState(opts, 6)
    for _ in range(30):
        state.apply_string(state.action_to_string(state.legal_actions()[-1]))
    again = replay(lambda: SkullKingState(opts, 6), state.history())
    assert again.observation(0) == state.observation(0)


def test_one_seeded_shuffle_for_every_game() -> None:
    """Skully's seat order and the card deals draw from the same pinned Fisher-Yates."""
    from pathlib import Path

    from skully_game.skully import rules
    from skully_game.skully.game_setup import GameSetup

    assert rules.shuffled is fy_shuffled
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    # Pinned with Skully's own copy before it was merged: saved seat orders keep their meaning.
    assert fy_shuffled(names, random.Random(2024)) == ["Ed", "Ann", "Flo", "Bo", "Di", "Cy"]
    setup = GameSetup(seed=2024, shuffle=True)
    assert setup.ordered() == fy_shuffled(setup.seats, random.Random(2024))
    root = Path(__file__).resolve().parent.parent
    for folder in ("cards", "skully_game/skully"):
        for path in sorted((root / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for banned in (".shuffle(", ".sample(", "random.choice(", "def shuffled("):
                if path.name == "engine.py" and banned == "def shuffled(":
                    continue
                assert banned not in text, f"{path.relative_to(root)} uses {banned}"
