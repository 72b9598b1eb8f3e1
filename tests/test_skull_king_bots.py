"""Bots play legally from observations only; the strong bot's sampler respects what it saw."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from cards.bots import play_out
from cards.engine import pick
from cards.selfplay import wilson
from cards.skull_king import Phase, RoundPlan, SkullKingOptions, SkullKingState
from cards.skull_king.bots import HeuristicBot, StrongBot, choose_play, make_bot
from cards.skull_king.cards import HELD, SUIT, deck
from cards.skull_king.worlds import known_voids, sample_hidden
from skully_game.cli.selfplay import main as selfplay_main

ROOT = Path(__file__).resolve().parents[1]


def test_every_bot_finishes_games_with_legal_actions_across_options() -> None:
    for seed, players in enumerate((2, 3, 5, 8)):
        opts = SkullKingOptions(
            players=players, round_plan=RoundPlan.WHIRLPOOL, pirate_powers=True, advanced_cards=True
        )
        names = ["random", "heuristic", "strong"]
        bots = [
            make_bot(
                names[s % 3],
                random.Random(s),
                **({"rollouts": 12, "min_samples": 2} if names[s % 3] == "strong" else {}),
            )
            for s in range(players)
        ]
        state = play_out(SkullKingState(opts, seed), bots)  # apply_action refuses illegal moves
        assert state.is_terminal()


def test_heuristic_beats_random_clearly() -> None:
    wins = 0.0
    for g in range(40):
        names = ["heuristic", "random"] * 2 if g % 2 == 0 else ["random", "heuristic"] * 2
        bots = [make_bot(n, random.Random(g * 4 + i)) for i, n in enumerate(names)]
        state = play_out(SkullKingState(SkullKingOptions(round_plan=RoundPlan.BLITZ), g), bots)
        wins += sum(1 for w in state.winners() if names[w] == "heuristic") / len(state.winners())
    assert wins >= 36


def test_heuristic_ducks_when_bid_is_made_and_takes_when_needed() -> None:
    legal = ["G3", "G12"]
    assert choose_play(legal, ["G10"], after_me=1, need=0, tricks_left=3) == "G3"
    assert choose_play(legal, ["G10"], after_me=0, need=1, tricks_left=3) == "G12"
    # Cheapest winner when last to play; dump the highest loser when ducking.
    assert choose_play(["G11", "G14", "G2"], ["G10"], 0, 1, 3) == "G11"
    assert choose_play(["G9", "G5", "G14"], ["G10"], 1, 0, 3) == "G9"
    # The Tigress is an Escape when ducking, a Pirate when a trick is needed.
    tig = ["TIGRESS:PIRATE", "TIGRESS:ESCAPE"]
    assert choose_play(tig, ["B14"], 0, 0, 1) == "TIGRESS:ESCAPE"
    assert choose_play(tig, ["B14"], 0, 1, 1) == "TIGRESS:PIRATE"


def _mid_round(seed: int, players: int = 4) -> SkullKingState:
    """A game part-way through a big round, played by heuristic bots."""
    opts = SkullKingOptions(players=players, round_plan=RoundPlan.BROADSIDE)
    state = SkullKingState(opts, seed)
    bots = [HeuristicBot(random.Random(s)) for s in range(players)]
    while not (state.phase is Phase.PLAY and len(state.tricks) >= 4):
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    return state


def test_sampler_never_deals_seen_cards_and_respects_voids() -> None:
    for seed in range(30):
        state = _mid_round(seed)
        me = state.current_player()
        obs = state.observation(me)
        voids = known_voids(obs)
        seen = (
            Counter(obs.hand)
            + Counter(HELD[c] for t in obs.tricks for _, c in t.plays)
            + Counter(HELD[c] for _, c in obs.trick)
        )
        for k in range(5):
            world = sample_hidden(obs, random.Random(k))
            assert world.hands[me] == list(obs.hand)
            assert [len(h) for h in world.hands] == list(obs.hand_sizes)
            everything = Counter(c for h in world.hands for c in h) + Counter(world.undealt)
            everything += Counter(world.discards) + seen - Counter(obs.hand)
            assert everything == Counter(deck(False))
            for seat, suits in voids.items():
                assert not any(SUIT[c] in suits for c in world.hands[seat])


def test_voids_are_learned_from_failing_to_follow() -> None:
    """A seat that played another colour when a colour was led has none of the led colour."""
    found = False
    for seed in range(30):
        obs = _mid_round(seed).observation(0)
        for t in obs.tricks:
            led = SUIT[t.plays[0][1]]
            if led is None:
                continue
            for seat, code in t.plays[1:]:
                if seat != 0 and SUIT[code] not in (None, led):
                    assert led in known_voids(obs)[seat]
                    found = True
    assert found


def test_strong_bot_sees_only_the_observation() -> None:
    """Two games that differ only in cards the bot cannot see get the same decision."""
    state = _mid_round(5)
    me = state.current_player()
    twin = state.clone()
    others = [s for s in range(4) if s != me]
    a, b = twin.hands[others[0]], twin.undealt
    a[0], b[0] = b[0], a[0]
    assert twin.observation(me) == state.observation(me)
    first = StrongBot(random.Random(3), rollouts=40).act(
        state.observation(me), state.legal_actions()
    )
    second = StrongBot(random.Random(3), rollouts=40).act(
        twin.observation(me), twin.legal_actions()
    )
    assert first == second


def test_sampled_world_is_consistent_and_ends_with_the_round() -> None:
    state = _mid_round(2)
    me = state.current_player()
    world = SkullKingState.from_view(state.observation(me), random.Random(0))
    assert world.observation(me).hand == state.observation(me).hand
    assert world.legal_actions() == state.legal_actions()
    rounds = len(world.rounds)
    while not world.is_terminal():
        world.apply_action(pick(world.legal_actions(), random.Random(1)))
    assert len(world.rounds) == rounds + 1


def test_strong_bot_bids_in_every_phase_quickly() -> None:
    opts = SkullKingOptions(
        players=3, round_plan=RoundPlan.BLITZ, pirate_powers=True, advanced_cards=True
    )
    bots = [StrongBot(random.Random(s), rollouts=30, min_samples=3) for s in range(3)]
    assert play_out(SkullKingState(opts, 8), bots).is_terminal()


# ---- self-play statistics (the command itself is tested in test_cli.py) ---------------------


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0


# ---- engines never import pygame ---------------------------------------------------------------


def test_cards_package_never_imports_pygame() -> None:
    for path in (ROOT / "cards").rglob("*.py"):
        text = path.read_text()
        assert "import pygame" not in text and "from pygame" not in text, path
        assert "skully_game" not in text, path
    code = (
        "import sys, cards.engine, cards.bots, cards.selfplay, cards.skull_king, "
        "cards.skull_king.bots; assert 'pygame' not in sys.modules, 'pygame imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# ---- the clock never decides ---------------------------------------------------------------------


def _strong_game(seed: int) -> tuple[list[str], list[int]]:
    opts = SkullKingOptions(players=3, round_plan=RoundPlan.BLITZ, pirate_powers=True)
    bots = [StrongBot(random.Random(seed * 10 + s), rollouts=60, min_samples=6) for s in range(3)]
    state = play_out(SkullKingState(opts, seed), bots)
    return state.history(), [b.clock_stops for b in bots]


def test_a_slow_machine_plays_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Budgets are counted in rollouts: a clock that jumps 0.1 s per look changes no choice."""
    calm, calm_stops = _strong_game(4)
    now = [0.0]

    def slow_clock() -> float:
        now[0] += 0.1
        return now[0]

    monkeypatch.setattr("cards.skull_king.bots.time.perf_counter", slow_clock)
    busy, busy_stops = _strong_game(4)
    assert now[0] > 20  # the slow clock was read all along
    assert busy == calm and calm_stops == busy_stops == [0, 0, 0]


def test_the_clock_safety_net_is_counted_when_it_fires(monkeypatch: pytest.MonkeyPatch) -> None:
    state = SkullKingState(SkullKingOptions(players=3, round_plan=RoundPlan.BROADSIDE), 2)
    now = [0.0]

    def stalled_clock() -> float:
        now[0] += 60.0
        return now[0]

    monkeypatch.setattr("cards.skull_king.bots.time.perf_counter", stalled_clock)
    bot = StrongBot(random.Random(1))
    action = bot.act(state.observation(state.current_player()), state.legal_actions())
    assert action in state.legal_actions() and bot.clock_stops == 1


def test_selfplay_reports_clock_stops(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["skull-king", "--players", "2", "--games", "2", "--options", "round_plan=whirlpool"]
    selfplay_main([*args, "--bots", "strong:rollouts=24:max_seconds=0,heuristic", "--json"])
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    rows = {r["bot"]: r for r in data["results"]}
    assert data["clock_stops"] == rows["strong:rollouts=24:max_seconds=0"]["clock_stops"] > 0
    assert rows["heuristic"]["clock_stops"] == 0
    selfplay_main([*args, "--bots", "strong:rollouts=24:max_seconds=0,heuristic"])
    assert "the clock cut" in capsys.readouterr().out
    selfplay_main([*args, "--bots", "strong:rollouts=24,heuristic", "--json"])
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["clock_stops"] == 0
