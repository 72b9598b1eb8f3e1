"""Every field of a file a player can hand us is checked for its kind and range on load: true or
1.0 is no version number, and a card save the Resume list shows as good never crashes Resume."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from cards.registry import GAMES
from skully_game.cli.main import main
from skully_game.core.errors import DataError
from skully_game.scenes.cardtable.game import SeatedGame
from skully_game.scenes.cardtable.match import HUMAN, Match, TableSeat
from skully_game.scenes.cardtable.prefs import load_choices, prefs_path
from skully_game.skully.board import load_board, preset, spec_to_dict
from skully_game.skully.records import load_shot
from skully_game.skully.rules.options import options_from_dict
from skully_game.skully.session import load_session

DATA = Path(__file__).parent / "data"
SCENARIOS = Path(__file__).parent / "scenarios"
TABLES = [info for info in GAMES if info.table]


def table_game(key: str) -> SeatedGame:
    info = next(i for i in GAMES if i.key == key)
    return importlib.import_module(f"skully_game.scenes.{info.package}").TABLE_GAME


def card_save(key: str) -> Path:
    """A good save of a two-seat game of `key`, a few moves in, as the table writes it."""
    game = table_game(key)
    options = next(i for i in GAMES if i.key == key).entry().make_options(2, {})
    seats = [TableSeat("You"), TableSeat("Anne", game.levels[0][0])]
    match = Match(game, options, 7, seats)
    for _ in range(3):
        if game.to_act(match.state) is not None:
            game.apply(match.state, game.legal(match.state)[0])
    match.save()
    return match.path


def changed(path: Path, where: tuple[str | int, ...], value: Any) -> Path:
    """The file with one field (by its path of keys) set to `value`."""
    data = json.loads(path.read_text(encoding="utf-8"))
    inner = data
    for key in where[:-1]:
        inner = inner[key]
    inner[where[-1]] = value
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("version", [True, 1.0])
def test_a_board_whose_version_is_not_a_whole_number_is_refused(
    tmp_path: Path, version: object
) -> None:
    path = tmp_path / "board.toml"
    data = spec_to_dict(preset("classic"))
    data["version"] = version
    path.write_text(tomli_w.dumps(data))
    with pytest.raises(DataError, match="field 'version'"):
        load_board(path)


@pytest.mark.parametrize("version", [True, 1.0])
def test_records_whose_version_is_not_a_whole_number_are_refused(
    tmp_path: Path, version: object
) -> None:
    shot = tmp_path / "shot.json"
    shot.write_text((DATA / "shot-break.json").read_text(encoding="utf-8"))
    with pytest.raises(DataError, match="field 'version'"):
        load_shot(changed(shot, ("version",), version))
    game = tmp_path / "game.json"
    game.write_text((DATA / "game-two-players-finished.json").read_text(encoding="utf-8"))
    with pytest.raises(DataError, match="field 'version'"):
        load_session(changed(game, ("version",), version))
    with pytest.raises(DataError, match=r"field 'options\.version'"):
        options_from_dict({"version": version})


@pytest.mark.parametrize("info", TABLES, ids=[info.key for info in TABLES])
@pytest.mark.parametrize("where", [("version",), ("game", "version")], ids=["save", "record"])
def test_a_card_save_whose_version_is_true_is_refused(info, where: tuple[str, ...]) -> None:
    path = changed(card_save(info.key), where, True)
    with pytest.raises(DataError, match="version"):
        Match.load(table_game(info.key), path)


def test_a_scenario_and_the_setup_choices_whose_version_is_true_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "scenario.json"
    scenario.write_text(sorted(SCENARIOS.glob("*.json"))[0].read_text(encoding="utf-8"))
    assert main(["judge", str(changed(scenario, ("version",), True))]) == 2
    assert "field 'version'" in capsys.readouterr().err
    path = prefs_path("skull")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": "skully-table-setup", "version": True, "choices": {}}))
    choices, problem = load_choices("skull")
    assert choices == {} and problem is not None and "field 'version'" in problem


def test_a_good_card_save_of_every_game_loads(tmp_path: Path) -> None:
    for info in TABLES:
        match = Match.load(table_game(info.key), card_save(info.key))
        assert [s.kind for s in match.seats] == [HUMAN, table_game(info.key).levels[0][0]]
