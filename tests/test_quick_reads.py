"""A first start with years of saves and no index yet: the menu's first frame writes no index
(no write, no fsync before it is drawn; the background's whole list keeps what the quick one
read), and the saves it does read are read quickly (json's own C floats for every file no number
of which could overflow; titles that need no cleaning not looked at letter by letter), with every
refusal as before."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from skully_game.core import fileio, saves_index
from skully_game.core.errors import DataError
from skully_game.core.fileio import MAX_DEPTH, parse_json
from skully_game.core.save_entries import shown
from skully_game.skully.saves import game_listing, games_dir
from tests.test_many_saves import copy_games


def _saved_by_this_version() -> None:
    """The copied games saved again by the program, as it saves them now (with their tally)."""
    import os

    from skully_game.skully.session import load_session
    from tests.test_many_saves import OLD

    for path in games_dir().glob("*.json"):
        load_session(path).save(path)
        os.utime(path, (OLD, OLD))


def test_a_quick_list_writes_no_index_and_the_next_whole_list_keeps_what_it_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    copy_games(5)
    _saved_by_this_version()  # (an older save, without its tally, is read again: test_stats)
    saves_index.forget()
    written: list[Path] = []
    real = saves_index._write
    monkeypatch.setattr(
        saves_index, "_write", lambda folder, *a: (written.append(folder), real(folder, *a))
    )
    with saves_index.quick_listing():
        quick = game_listing()
    assert len(quick.entries) == 5 and quick.pending == 0
    assert written == [] and not (games_dir() / saves_index.INDEX_NAME).exists()
    read: list[Path] = []
    counting = saves_index.read_entry
    monkeypatch.setattr(
        saves_index, "read_entry", lambda p, *a: (read.append(p), counting(p, *a))[1]
    )
    whole = game_listing()  # as the background does after the first frame
    assert read == []  # what the quick list read is kept in memory, not read again
    assert whole.entries == quick.entries
    kept = json.loads((games_dir() / saves_index.INDEX_NAME).read_text())
    assert len(kept["files"]) == 5
    saves_index.forget()  # the next start lists from the index
    assert game_listing().entries == whole.entries and read == []


def test_a_quick_list_of_a_gone_file_leaves_it_to_the_whole_list(tmp_path: Path) -> None:
    copy_games(3)
    game_listing()
    gone = sorted(games_dir().glob("2026*.json"))[0]
    gone.unlink()
    with saves_index.quick_listing():
        assert len(game_listing().entries) == 2
    kept = json.loads((games_dir() / saves_index.INDEX_NAME).read_text())
    assert gone.name in kept["files"]  # not written by the quick list
    game_listing()
    kept = json.loads((games_dir() / saves_index.INDEX_NAME).read_text())
    assert gone.name not in kept["files"] and len(kept["files"]) == 2


def test_an_ordinary_save_is_read_without_a_python_call_per_float(monkeypatch) -> None:
    calls: list[dict[str, object]] = []
    real = fileio.json.loads

    def loads(text: str, **kwargs: object) -> object:
        calls.append(kwargs)
        return real(text, **kwargs)

    monkeypatch.setattr(fileio.json, "loads", loads)
    text = (Path(__file__).parent / "data" / "game-four-players-unfinished.json").read_text()
    assert parse_json(text, "a.json") == real(text)
    assert "parse_float" not in calls[-1]
    with pytest.raises(DataError, match="infinity"):
        parse_json("[1.5, 1e400]", "b.json")
    assert "parse_float" in calls[-1]


def _literal(rng: random.Random) -> str:
    digits = "".join(rng.choice("0123456789") for _ in range(rng.choice((1, 3, 17, 99, 100, 120))))
    text = rng.choice(("", "-")) + (digits.lstrip("0") or "0")
    if rng.random() < 0.5:
        text += "." + "".join(rng.choice("0123456789") for _ in range(rng.choice((1, 5, 99))))
    if rng.random() < 0.7:
        text += (
            rng.choice("eE")
            + rng.choice(("", "+", "-"))
            + str(rng.choice((0, 9, 99, 100, 250, 308, 309, 400)))
        )
    return text


def test_no_number_that_overflows_passes_the_quick_look() -> None:
    rng = random.Random(41)
    for _ in range(3000):
        literal = _literal(rng)
        if math.isinf(float(literal)):
            assert fileio._may_be_infinite(f"[{literal}]"), literal
            with pytest.raises(DataError, match="infinity"):
                parse_json(f'{{"x": [{literal}]}}', "c.json")
        else:
            assert parse_json(f"[{literal}]", "c.json") == json.loads(f"[{literal}]"), literal


@pytest.mark.parametrize("filler", ["", " ", '"é", ', '"x", 1, '])
def test_nesting_past_the_limit_is_refused_whatever_stands_between(filler: str) -> None:
    deep = ("[" + filler) * (MAX_DEPTH + 1) + "1" + "]" * (MAX_DEPTH + 1)
    with pytest.raises(DataError, match="nested at most"):
        parse_json(deep, "d.json")
    fine = ("[" + filler) * MAX_DEPTH + "1" + "]" * MAX_DEPTH
    assert parse_json(fine, "e.json")
    siblings = "[" + ",".join(["[[1]]"] * 200) + "]"  # many openers, none deep
    assert len(parse_json(siblings, "f.json")) == 200


def test_a_title_is_cleaned_as_before() -> None:
    assert shown("  Anne's game  ") == "Anne's game"
    assert shown("two\nlines\tand a bell\x07") == "two lines and a bell"
    assert shown("x" * 200, 10) == "x" * 9 + "…"
    assert shown(5) == ""
