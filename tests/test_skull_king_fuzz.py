"""Seeded random playouts over player counts and option sets (open_spiel's random_sim_test).

Each game checks: only legal actions are taken, no card is created or lost, every round has its
number of tricks, the score sheet follows the scoring rules (recomputed here independently), the
game ends, and (options, seed, actions) round-trips through JSON and replays to the same game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cards.engine import make_rng, pick
from cards.skull_king import (
    KrakenLeader,
    Phase,
    RoundPlan,
    Scoring,
    SkullKingOptions,
    SkullKingState,
)
from cards.skull_king.bots import make_bot
from cards.skull_king.cards import deck
from cards.skull_king.options import random_options
from cards.skull_king.state import TrickRecord, all_cards
from cards.skull_king.tricks import resolve

GAMES_PER_BATCH = 125
BATCHES = 8  # 1000 games in all


def options_for(seed: int) -> SkullKingOptions:
    """A spread of rule sets: every option is varied across the seeds (the registry's hook)."""
    return random_options(make_rng(seed, "options"))


def expected_total(
    opts: SkullKingOptions, cards: int, bid: int, tricks: int, bonus: int, mode: str | None
) -> int:
    """The seed's scoring, written out again without the engine's helpers."""
    diff = abs(bid - tricks)
    if opts.scoring is Scoring.SKULL_KING:
        if diff:
            return -10 * cards if bid == 0 else -10 * diff
        return (10 * cards if bid == 0 else 20 * bid) + bonus
    if mode == "CANNONBALL":
        return 15 * cards + bonus if diff == 0 else 0
    if diff == 0:
        return 10 * cards + bonus
    return (10 * cards + bonus) // 2 if diff == 1 else 0


def check_round(opts: SkullKingOptions, state: SkullKingState, tricks: list[TrickRecord]) -> None:
    record = state.rounds[-1]
    n, gb = opts.players, state.greybeard_seat
    assert len(tricks) == record.cards == opts.round_cards()[record.round_index]
    won = [0] * (n + 1)
    bonus = [0] * (n + 1)
    alliances = []
    kraken_left = opts.kraken_leader is KrakenLeader.LEFT_OF_KRAKEN
    for t in tricks:
        seats = [s for s, _ in t.plays]
        assert sorted(seats) == list(range(opts.hands))
        result = resolve([c for _, c in t.plays], kraken_left)
        assert t.winner == (seats[result.winner] if result.winner is not None else None)
        if t.winner is not None:
            won[t.winner] += 1
            bonus[t.winner] += result.bonus
            alliances += [(seats[i], t.winner) for i in result.loot]
    final = [b + a for b, a in zip(record.bids, record.adjustments, strict=True)]
    loot = [0] * (n + 1)
    for giver, winner in alliances:
        if (
            gb not in (giver, winner)
            and final[giver] == won[giver]
            and final[winner] == won[winner]
        ):
            loot[giver] += 20
            loot[winner] += 20
    for p, line in enumerate(record.lines):
        assert line.tricks == won[p] and line.bid == final[p]
        assert line.loot == loot[p]
        assert line.wager in (0, 10, 20, -10, -20)
        assert line.wager == 0 or (line.wager > 0) == line.exact
        mode = record.modes[p] if opts.cannonball else None
        assert line.total - line.loot - line.wager == expected_total(
            opts, record.cards, final[p], won[p], bonus[p], mode
        )


def play_random_game(seed: int, check_cards_every_action: bool) -> SkullKingState:
    opts = options_for(seed)
    rng = random.Random(seed)
    state = SkullKingState(opts, seed)
    full = Counter(deck(opts.advanced_cards))
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = pick(legal, rng)
        round_before, tricks_before = state.round_index, state.tricks
        n_tricks = len(state.tricks)
        state.apply_action(action)
        steps += 1
        assert steps < 5000, "the game must end"
        if check_cards_every_action or len(state.tricks) != n_tricks:
            assert Counter(all_cards(state)) == full
        if state.round_index != round_before or state.is_terminal():
            check_round(opts, state, tricks_before)
        if state.phase is Phase.BID and not any(b is not None for b in state.bids):
            sizes = {len(h) for h in state.hands}
            assert sizes == {state.cards}
    assert len(state.rounds) == len(opts.round_cards())
    n = opts.players
    assert [sum(r.totals[p] for r in state.rounds) for p in range(n)] == state.scores
    return state


@pytest.mark.parametrize("batch", range(BATCHES))
def test_random_playouts_keep_every_invariant(batch: int) -> None:
    for i in range(GAMES_PER_BATCH):
        seed = batch * GAMES_PER_BATCH + i
        state = play_random_game(seed, check_cards_every_action=i % 8 == 0)
        if i % 10 == 0:
            record = json.loads(json.dumps(state.to_record()))
            again = SkullKingState.from_record(record)
            assert again.scores == state.scores and again.rounds == state.rounds


def test_fuzz_covers_every_player_count_and_option() -> None:
    seen = [options_for(s) for s in range(GAMES_PER_BATCH * BATCHES)]
    assert {o.players for o in seen} == set(range(2, 9))
    assert {o.round_plan for o in seen} == set(RoundPlan)
    assert any(o.has_greybeard for o in seen) and any(
        o.players == 2 and not o.greybeard for o in seen
    )
    for flag in ("cannonball", "pirate_powers", "advanced_cards"):
        assert {getattr(o, flag) for o in seen} == {True, False}
    assert {o.kraken_leader for o in seen} == set(KrakenLeader)


def test_replay_from_options_seed_actions_gives_same_game() -> None:
    for seed in range(40):
        state = play_random_game(10_000 + seed, check_cards_every_action=False)
        actions = json.loads(json.dumps(state.history()))
        again = SkullKingState.replay(state.options, state.seed, actions)
        assert again.scores == state.scores
        assert again.rounds == state.rounds
        assert again.log == state.log


def test_partial_replay_matches_every_observation() -> None:
    """An undo target: replaying a prefix rebuilds the state seen at that point."""
    opts = SkullKingOptions(players=3, pirate_powers=True, advanced_cards=True)
    state = SkullKingState(opts, seed=77)
    rng = random.Random(1)
    snapshots = []
    while not state.is_terminal() and len(snapshots) < 120:
        snapshots.append((len(state.history()), state.observation(1)))
        state.apply_action(pick(state.legal_actions(), rng))
    for length, obs in snapshots[::7]:
        again = SkullKingState.replay(opts, 77, state.history()[:length])
        assert again.observation(1) == obs


def _bot_game(seed: int, meddle: bool) -> SkullKingState:
    opts = SkullKingOptions(
        players=4, round_plan=RoundPlan.BLITZ, pirate_powers=True, advanced_cards=True
    )
    names = ["random", "heuristic", "strong", "heuristic"]
    bots = [
        make_bot(
            n,
            random.Random(seed * 10 + i),
            **({"rollouts": 16, "min_samples": 2} if n == "strong" else {}),
        )
        for i, n in enumerate(names)
    ]
    state = SkullKingState(opts, seed)
    while not state.is_terminal():
        if meddle:  # rlcard's test: the global generator must not matter
            random.seed(random.random())
            random.random()
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    return state


def test_determinism_global_random_between_actions_changes_nothing() -> None:
    random.seed(1234)
    calm = _bot_game(3, meddle=False)
    random.seed(999)
    busy = _bot_game(3, meddle=True)
    assert calm.history() == busy.history()
    assert calm.scores == busy.scores


def _swap_hidden(state: SkullKingState, viewer: int) -> SkullKingState | None:
    """The same game with two hidden cards exchanged between two places the viewer cannot see."""
    other = state.clone()
    places = [h for s, h in enumerate(other.hands) if s != viewer and h] + [other.undealt]
    places = [p for p in places if p]
    if len(places) < 2:
        return None
    a, b = places[0], places[-1]
    if a[0] == b[-1]:
        return None
    a[0], b[-1] = b[-1], a[0]
    return other


def test_observation_never_shows_other_hands_or_unrevealed_bids() -> None:
    """The observation is a function of what the seat may see: change the rest, it stays equal."""
    for seed in range(60):
        opts = options_for(seed)
        state = SkullKingState(opts, seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal() and steps < 150:
            viewer = steps % opts.players
            obs = state.observation(viewer)
            assert obs.hand == tuple(state.hands[viewer])
            twin = _swap_hidden(state, viewer)
            if twin is not None:
                assert twin.observation(viewer) == obs
            if state.phase is Phase.BID:
                twin = state.clone()
                for p in range(opts.players):
                    if p != viewer and twin.bids[p] is not None:
                        twin.bids[p] = (twin.bids[p] or 0) + 1
                assert twin.observation(viewer) == obs
            state.apply_action(pick(state.legal_actions(), rng))
            steps += 1
