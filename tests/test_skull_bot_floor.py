"""No Skull character plays worse than random: each beats the uniformly random bot head to head
(seat-rotated, seeded). Cautious lost 0.40 of two-player games to it before it learned to play a
duel (issue 40); `tools/bench_skull_bots.py --vs-random` prints the full figures."""

from __future__ import annotations

import pytest

import cards.selfplay as selfplay
from cards.skull import SkullOptions
from cards.skull.bots import BOTS


@pytest.mark.parametrize("name", ["cautious", "bold", "bluffer"])
def test_each_character_beats_random_play_head_to_head(name: str) -> None:
    specs = tuple(selfplay.parse_bot(b, list(BOTS)) for b in (name, "random"))
    match = selfplay.Match("skull", SkullOptions(players=2), 11, specs)
    results = selfplay.run_match(match, 400)
    summary = selfplay.summarize(match, results, 1.0)
    row = next(r for r in summary["results"] if r["bot"] == name)
    assert row["ci95"][0] > 0.5, f"{name} won {row['win_rate']} of 400 against random"
