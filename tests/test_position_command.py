"""`skully position GAME FILE [--move N] [--seat S]` and `skully selfplay GAME --from-position`:
a saved game's position as text, and matches played on from one; refusals in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cards.engine import make_rng, pick
from cards.registry import GAMES, game
from skully_game.cli.main import main

KEYS = [g.key for g in GAMES]


def _saved(key: str, folder: Path, moves: int = 12) -> tuple[Path, list[str]]:
    """A table's save of a game `moves` moves in (as the table writes it), and the position
    after each move."""
    info = game(key)
    entry = info.entry()
    state = entry.new_state(entry.make_options(entry.players[0], {}), 11)
    rng = make_rng(3, "saved")
    texts = [state.position()]
    for _ in range(moves):
        state.apply_action(pick(state.legal_actions(), rng))
        texts.append(state.position())
    table = {
        "format": info.save_format,
        "version": info.save_version,
        "seats": [{"name": f"P{p}", "kind": "human"} for p in range(state.num_players)],
        "pace": "normal",
        "game": state.to_record(),
        "over": False,
    }
    path = folder / f"{key}.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    return path, texts


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("key", KEYS)
def test_the_position_of_a_saved_game_after_any_move(key, tmp_path, capsys) -> None:
    path, texts = _saved(key, tmp_path)
    assert _run(capsys, "position", key, str(path)) == (0, texts[-1] + "\n", "")
    assert _run(capsys, "position", key, str(path), "--move", "5") == (0, texts[5] + "\n", "")
    assert _run(capsys, "position", key, str(path), "--move", "0")[1] == texts[0] + "\n"
    code, out, _ = _run(capsys, "position", key, str(path), "--seat", "1")
    kind = game(key).entry().state
    assert code == 0 and out.strip() == kind.from_position(texts[-1]).position(1)
    # the engine's own record (to_record's JSON) is a saved game too
    record = json.loads(path.read_text())["game"]
    path.write_text(json.dumps(record), encoding="utf-8")
    assert _run(capsys, "position", key, str(path), "--move", "3")[1] == texts[3] + "\n"


def test_a_bad_request_is_one_line_in_the_players_words(tmp_path, capsys) -> None:
    path, _ = _saved("skull", tmp_path)
    cases = {
        ("position", "chess", str(path)): "no table game 'chess'; there are skull-king, skull",
        ("position", "skull", str(path), "--move", "13"): "the game has only 12 moves, not 13",
        ("position", "skull", str(path), "--seat", "9"): "the game has 2 seats, 0 to 1",
        ("position", "skull-king", str(path)): "expected 'skully-skull-king-table' (a saved Skull",
        ("position", "skull", str(tmp_path / "none.json")): "no such file",
    }
    for argv, words in cases.items():
        code, out, err = _run(capsys, *argv)
        assert code == 2 and out == "" and words in err, err
        assert err.count("\n") == 1 and err.startswith("skully position: ")
        assert "Error" not in err and "Traceback" not in err


@pytest.mark.parametrize("key", KEYS)
def test_selfplay_plays_on_from_a_position(key, tmp_path, capsys) -> None:
    _, texts = _saved(key, tmp_path)
    (tmp_path / "at.txt").write_text(texts[-1] + "\n", encoding="utf-8")
    entry = game(key).entry()
    seats = entry.players[0]
    bots = ",".join(["random"] * seats)
    argv = ["selfplay", key, "--games", str(2 * seats), "--bots", bots, "--json"]
    code, out, err = _run(capsys, *argv, "--from-position", f"@{tmp_path / 'at.txt'}")
    assert code == 0 and err == "", err
    summary = json.loads(out)
    assert summary["position"] == texts[-1] and summary["games"] == 2 * seats
    view = entry.state.from_position(texts[-1]).position(0)
    code, out, err = _run(capsys, *argv, "--players", str(seats), "--from-position", view)
    assert code == 0 and json.loads(out)["games"] == 2 * seats, err


def test_selfplay_refuses_a_bad_position_in_one_line(tmp_path, capsys) -> None:
    _, texts = _saved("skip-bo", tmp_path)
    argv = ["selfplay", "skip-bo", "--games", "2", "--bots", "random,random"]
    cases = {
        "skip-bo rules=players:2 seed=1": "--from-position: reshuffles: missing",
        texts[-1].replace("turn=", "turn=x"): "--from-position: turn: expected a seat (0 to 1)",
        f"@{tmp_path / 'none.txt'}": "cannot read",
    }
    for text, words in cases.items():
        code, out, err = _run(capsys, *argv, "--from-position", text)
        assert code == 2 and out == "" and words in err and err.count("\n") == 1, err
        assert err.startswith("skully selfplay skip-bo: argument --from-position: ")
    code, _, err = _run(capsys, *argv, "--players", "3", "--from-position", texts[-1])
    assert code == 2 and "the position has 2 seats, not 3" in err
    code, _, err = _run(capsys, *argv, "--options", "stock=10", "--from-position", texts[-1])
    assert code == 2 and "a position's rules are its own" in err
