"""Skip-Bo's computer players: build-first plays its stock, plays towards it, keeps its wilds,
discards into runs, and beats random play."""

from __future__ import annotations

import random

from cards.selfplay import BotSpec, Match, run_match, summarize
from cards.skip_bo import SkipBoOptions, SkipBoState, make_bot


def _position(**setup) -> SkipBoState:
    """A fresh four-player game with some piles set by hand (seat 0 to act)."""
    state = SkipBoState(SkipBoOptions(), 1)
    for name, value in setup.items():
        setattr(state, name, value)
    state.refresh_tops()  # piles set by hand: the tops views hand out follow
    return state


def _act(state: SkipBoState) -> str:
    bot = make_bot("build-first", random.Random(0))
    return bot.act(state.observation(0), state.legal_actions())


def test_build_first_plays_its_stock_top_when_it_can():
    state = _position(
        hands=[[2, 3, 9, 10, 11], [], [], []],
        build=[[1, 2], [], [], []],
        stocks=[[5, 3], [4], [4], [4]],
    )
    assert _act(state) == "S0>B0"


def test_build_first_plays_towards_its_stock_and_keeps_the_wild_otherwise():
    state = _position(
        hands=[[0, 2, 9, 10, 11], [], [], []],
        build=[[1], [], [], []],
        stocks=[[5, 4], [7], [7], [7]],
    )
    # 2 from the hand, then a wild for the 3, reaches the stock's 4: the 2 comes first
    assert _act(state) == "H2>B0"
    far = _position(
        hands=[[0, 9, 10, 11, 12], [], [], []],
        build=[[1, 2, 3, 4], [], [], []],
        stocks=[[5, 8], [7], [7], [7]],
    )
    # the stock's 8 needs 5, 6 and 7: one wild cannot do it, so the wild is kept
    assert not _act(far).startswith("HW>")


def test_build_first_discards_high_into_a_run():
    state = _position(
        hands=[[3, 4, 9, 10, 11], [], [], []],
        build=[[1, 2, 3, 4, 5, 6], [], [], []],
        stocks=[[5, 12], [7], [7], [7]],
        discards=[[[12], [8], [], []], [[], [], [], []], [[], [], [], []], [[], [], [], []]],
    )
    assert _act(state) == "H11>D0"


def test_build_first_beats_random_play():
    match = Match(
        "skip-bo",
        SkipBoOptions(players=4),
        3,
        (BotSpec("build-first", "build-first", {}), *(BotSpec("random", "random", {}),) * 3),
    )
    summary = summarize(match, run_match(match, 60), 1.0)
    first = next(r for r in summary["results"] if r["bot"] == "build-first")
    assert first["ci95"][0] > 0.25


def test_build_first_names_only_legal_actions_under_every_rule_set():
    """It names its actions from the engine's tables without the legal list: every one of them
    must still be legal, in pairs, the 1980 edition and every seat count."""
    from cards.skip_bo.options import random_options

    for g in range(60):
        rng = random.Random(g)
        options = random_options(rng)
        state = SkipBoState(options, g)
        bots = [make_bot("build-first", random.Random(p)) for p in range(options.players)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            action = bots[seat].act(state.observation(seat), legal)
            assert action in legal, (options, action)
            state.apply_action(action)
