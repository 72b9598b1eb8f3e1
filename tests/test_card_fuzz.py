"""Every registered table game survives seeded random playouts with its invariants, round-trips
its saves and ignores the global random generator (cards/fuzz.py, open_spiel's and rlcard's tests).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from cards import fuzz
from cards.registry import GAMES

SEEDS = range(60)


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_random_playouts_keep_every_invariant_and_round_trip(info) -> None:
    entry = info.entry()
    assert entry.all_cards is not None, "every card game says where its cards are"
    actions = fuzz.fuzz(entry, SEEDS, check_every=1)
    assert actions > len(SEEDS) * 10


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_the_global_random_generator_changes_nothing(info) -> None:
    for seed in range(3):
        fuzz.check_determinism(info.entry(), seed)


def test_fuzz_options_spread_over_every_seat_count() -> None:
    for info in GAMES:
        entry = info.entry()
        low, high = entry.players
        counts = {fuzz.options_for(entry, s) for s in range(200)}
        seats = {entry.new_state(o, 0).num_players for o in counts}
        assert seats == set(range(low, high + 1))


def test_a_lost_card_is_reported_with_game_seed_and_action() -> None:
    entry = GAMES[0].entry()
    losing = replace(entry, all_cards=lambda s: Counter({"card": 1 if len(s.history()) < 5 else 0}))
    with pytest.raises(fuzz.FuzzFailure, match=rf"{entry.name}, seed 3, action 5: cards lost"):
        fuzz.random_playout(losing, 3)


def test_a_broken_game_invariant_is_reported() -> None:
    entry = GAMES[0].entry()

    def never(state: object) -> None:
        raise AssertionError("scores add up")

    with pytest.raises(fuzz.FuzzFailure, match="action 1: invariant: scores add up"):
        fuzz.random_playout(replace(entry, invariants=never), 0)


def test_a_game_that_does_not_end_is_reported() -> None:
    with pytest.raises(fuzz.FuzzFailure, match="does not end"):
        fuzz.random_playout(GAMES[0].entry(), 0, max_actions=10)


def test_a_save_that_loads_another_game_is_reported() -> None:
    entry = GAMES[0].entry()
    playout = fuzz.random_playout(entry, 1)
    other = fuzz.random_playout(entry, 2).state

    class LoadsAnother(entry.state):  # type: ignore[misc, name-defined]
        @classmethod
        def from_record(cls, record):  # type: ignore[no-untyped-def]
            return other

    with pytest.raises(fuzz.FuzzFailure, match="the save loads a different game"):
        fuzz.check_round_trips(replace(entry, state=LoadsAnother), playout)
