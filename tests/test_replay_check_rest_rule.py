"""`skully replay --check` tells a shot that a later version's rest rule eased apart (caps an
earlier version left pressed into each other) from a true divergence, and exits 0 for those."""

from __future__ import annotations

import json
from pathlib import Path

from skully_game.cli.main import main

# A version-3 holdsies game (save_roundtrip's seed 25, played with the rest rule switched off as
# version 3 played): its 26th shot left two caps pressed 0.44 mm into each other. Kept apart
# from tests/data's fixtures, which must replay bit for bit.
OLD = Path(__file__).parent / "data" / "old-versions" / "game-v3-holdsies-eased-at-rest.json"


def test_a_shot_eased_apart_by_the_rest_rule_is_said_so_and_is_no_failure(capsys) -> None:
    assert main(["replay", str(OLD), "--check"]) == 0
    out = capsys.readouterr().out
    assert "shot 26 (action 56): eased apart by version 4's rest rule (0.437 mm" in out
    assert "DIVERGES" not in out
    assert out.rstrip().endswith(
        "1 shot eased apart by version 4's rest rule (a known change), the rest match"
    )


def test_the_json_counts_it_apart(capsys) -> None:
    assert main(["replay", str(OLD), "--check", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["eased_apart"], report["diverging"], report["ok"]) == (1, 0, True)
    assert [s["eased_by"] for s in report["shots"] if not s["matches"]] == [4]


def test_any_other_difference_still_diverges(tmp_path, capsys) -> None:
    data = json.loads(OLD.read_text())
    shots = [a for a in data["actions"] if a.get("type", a.get("kind")) == "shot" or "rest" in a]
    x, y = shots[25]["rest"][0]
    shots[25]["rest"][0] = [x + 0.002, y]  # 2 mm off: no rule explains it
    path = tmp_path / "moved.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--check"]) == 1
    out = capsys.readouterr().out
    assert "shot 26 (action 56): DIVERGES" in out
