"""tools/bench_cards.py: what a reader of its figures relies on (never its speed: see the tool)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import bench_cards


def test_the_last_line_is_json_keyed_by_game_with_the_ratios(capsys) -> None:
    assert bench_cards.main(["--games", "1", "--repeats", "2", "--game", "skip-bo"]) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = json.loads(lines[-1])
    assert list(figures) == ["skip-bo"]
    game = figures["skip-bo"]
    for name in ("bare", "selfplay", "checked", "play_out"):
        median = game[f"{name}_games_per_s"]["median"]
        low, high = game[f"{name}_games_per_s"]["iqr"]
        assert low <= median <= high
    assert game["selfplay_vs_bare"]["median"] > 0
    assert game["checked_actions_per_game"] == game["play_out_actions_per_game"]  # same games
    assert any("selfplay / bare" in line and "target >= 0.9" in line for line in lines)


def test_the_checked_loop_plays_the_same_games_as_play_out() -> None:
    entry = next(info for info in bench_cards.GAMES if info.key == "skull-king").entry()
    options = entry.make_options(4, bench_cards.PAIRINGS["skull-king"].overrides)
    assert options.pirate_powers and options.advanced_cards  # the peer's ability path
    checked = bench_cards.checked_playout(entry, options, "random")(3)
    played = bench_cards.play_out_playout(entry, options, "random")(3)
    assert checked == played


def test_the_list_ceiling_plays_the_same_checked_games_with_a_constant_list() -> None:
    """Skip-Bo's build-first never reads the legal list, so swapping it for a constant one
    leaves every game as it was: the ceiling times the same games, every action checked."""
    entry = next(info for info in bench_cards.GAMES if info.key == "skip-bo").entry()
    pairing = bench_cards.PAIRINGS["skip-bo"]
    options = entry.make_options(4, pairing.overrides)
    length = bench_cards.mean_legal_length(entry, options, pairing.bot, 1)
    assert 10 <= length <= 30
    ceiling = bench_cards.list_ceiling_playout(entry, options, pairing.bot, pairing.won, length)
    checked = bench_cards.checked_playout(entry, options, pairing.bot, pairing.won)
    assert ceiling(4) == checked(4)


def test_prints_are_silenced_while_games_are_timed_and_shown_after(capsys) -> None:
    def noisy(seed: int) -> bench_cards.Played:
        print("a peer's chatter")
        return bench_cards.Played(1)

    timed = bench_cards.interleaved({"a": noisy, "b": noisy}, games=2, repeats=2, seed=1)
    assert "chatter" not in capsys.readouterr().out
    print("shown")
    assert capsys.readouterr().out == "shown\n"
    assert [t.actions for t in timed.values()] == [[2, 2], [2, 2]]


def test_a_peer_of_an_unknown_game_is_refused(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        bench_cards.main(["--peer", "chess=/tmp"])
    assert stop.value.code == 2
    assert "expected GAME=DIR" in capsys.readouterr().err
