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
from skully_game.core.games import scene_package
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
    return importlib.import_module(scene_package(info)).TABLE_GAME


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


# (where, value, the field the refusal names): each a way a card save was found damaged
INF = "INF"  # written as 1e400, which Python's json reads as infinity
DAMAGE: list[tuple[tuple[str | int, ...], object, str]] = [
    (("game", "options"), 5, "game.options"),
    (("game", "options"), True, "game.options"),
    (("game", "options"), False, "game.options"),
    (("game", "options"), [1, 2], "game.options"),
    (("game", "options"), [["players", 3]], "game.options"),
    (("game", "options"), "rules", "game.options"),
    (("game", "options", "players"), INF, "json"),
    (("game", "options", "players"), 1e300, "game.options.players"),
    (("game", "options", "players"), 10**9, "game.options.players"),
    (("game", "options", "players"), 2.5, "game.options.players"),
    (("game", "options", "players"), True, "game.options.players"),
    (("game", "options", "players"), [2], "game.options.players"),
    (("game", "options", "players"), {"n": 2}, "game.options.players"),
    (("game", "options", "players"), 3, "seats"),
    (("game", "options", "no_such_rule"), 1, "game.options"),
    (("game", "seed"), "x", "game.seed"),
    (("game", "seed"), True, "game.seed"),
    (("game", "seed"), 2.5, "game.seed"),
    (("game", "seed"), [1], "game.seed"),
    (("game", "actions"), {"a": 1}, "game.actions"),
    (("game", "actions"), "BID:1", "game.actions"),
    (("game", "actions", 0), 7, "game.actions[0]"),
    (("game", "actions", 0), ["x"], "game.actions[0]"),
    (("game", "actions", 0), "no such move", "game.actions[0]"),
    (("game", "format"), 1, "game.format"),
    (("game",), [1], "game"),
    (("game",), 3, "game"),
    (("seats",), {"name": "A"}, "seats"),
    (("seats",), [], "seats"),
    (("seats", 1), "Anne", "seats[1]"),
    (("seats", 1, "kind"), ["human"], "seats[1].kind"),
    (("seats", 1, "kind"), {"human": 1}, "seats[1].kind"),
    (("seats", 1, "kind"), 1, "seats[1].kind"),
    (("seats", 1, "kind"), "wizard", "seats[1].kind"),
    (("seats", 1, "name"), ["Anne"], "seats[1].name"),
    (("seats", 1, "name"), 1e300, "seats[1].name"),
    (("seats", 1, "name"), "", "seats[1].name"),
    (("pace",), ["fast"], "pace"),
    (("pace",), 2, "pace"),
    (("over",), "yes", "over"),
    (("over",), 1, "over"),
]


NEEDS_REPLAY = DAMAGE.index((("game", "actions", 0), "no such move", "game.actions[0]"))


@pytest.mark.parametrize("info", TABLES, ids=[info.key for info in TABLES])
def test_a_damaged_card_save_is_refused_naming_the_field_and_never_listed_as_good(info) -> None:
    from skully_game.scenes.cardtable.match import list_tables, saves_dir

    game = table_game(info.key)
    good = card_save(info.key)
    text = good.read_text(encoding="utf-8")
    good.unlink()
    for n, (where, value, field) in enumerate(DAMAGE):
        path = saves_dir(game) / f"20250101-000000-{n:05d}.json"
        path.write_text(text)
        changed(path, where, value)
        if value == INF:
            path.write_text(path.read_text().replace('"INF"', "1e400"))
        try:
            Match.load(game, path)
        except DataError as exc:
            assert f"field '{field}'" in str(exc), (where, value, str(exc))
            assert "\n" not in str(exc)
        else:
            raise AssertionError(f"{where} = {value!r} was loaded")
    # the Resume list, Resume last game and Replay last game show none of them as good, but
    # for the one only a replay finds (the list never replays)
    listing = list_tables(game)
    assert [e.path.name for e in listing.entries] == [f"20250101-000000-{NEEDS_REPLAY:05d}.json"]
    assert len(listing.bad) == len(DAMAGE) - 1


def test_resume_says_why_a_damaged_card_save_cannot_be_opened() -> None:
    from skully_game.scenes.resume import open_table
    from tests.ui_helpers import make_app

    app = make_app()
    for info in TABLES:
        path = changed(card_save(info.key), ("seats", 0, "kind"), ["human"])
        open_table(app, table_game(info.key), path)
        assert "seats[0].kind" in app.toasts[-1].message
    assert not app.stack.scenes


BAD_NAMES = ["Ace\x00", "Ace\ud800", "Ace\nBo", "Ace\x1b[2J", "\t"]


def _refused_in_printable_words(exc: DataError, field: str) -> None:
    message = str(exc)
    assert f"field '{field}'" in message and message.isprintable()
    message.encode("utf-8")  # what a terminal or the font renderer needs of it


@pytest.mark.parametrize("name", BAD_NAMES, ids=["nul", "surrogate", "newline", "escape", "tab"])
def test_a_name_that_cannot_be_drawn_is_refused_by_every_reader(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from skully_game.core.paths import data_dir
    from skully_game.scenes.cardtable.match import list_tables
    from skully_game.skully.saves import game_listing, shot_listing

    games, shots = data_dir() / "games", data_dir() / "shots"
    games.mkdir(parents=True)
    shots.mkdir(parents=True)
    cases = [
        (games / "game.json", DATA / "game-two-players-finished.json", ("players", 1, "name")),
        (shots / "shot.json", DATA / "shot-break.json", ("name",)),
        (tmp_path / "board.json", DATA / "shot-break.json", ("board", "name")),
    ]
    for path, sample, where in cases:
        path.write_text(sample.read_text(encoding="utf-8"))
        changed(path, where, name)
        field = ".".join(str(w) for w in where).replace(".1.", "[1].")
        loader = load_session if path.parent == games else load_shot
        with pytest.raises(DataError) as caught:
            loader(path)
        _refused_in_printable_words(caught.value, field)
        assert main(["replay", "--check", str(path)]) == 2  # one line, not a traceback
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"field '{field}'" in err
    assert game_listing().entries == () and shot_listing().entries == ()
    # a card table's seat
    for info in TABLES:
        path = changed(card_save(info.key), ("seats", 1, "name"), name)
        with pytest.raises(DataError) as caught:
            Match.load(table_game(info.key), path)
        _refused_in_printable_words(caught.value, "seats[1].name")
        assert list_tables(table_game(info.key)).entries == ()


@pytest.mark.parametrize("name", BAD_NAMES[:2], ids=["nul", "surrogate"])
def test_judge_and_practice_refuse_a_name_that_cannot_be_printed(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "scenario.json"
    scenario.write_text(sorted(SCENARIOS.glob("*.json"))[0].read_text(encoding="utf-8"))
    text = scenario.read_text(encoding="utf-8")
    for where, field in ((("title",), "title"), (("players", 0, "name"), "players[0].name")):
        scenario.write_text(text)
        assert main(["judge", str(changed(scenario, where, name))]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"field '{field}'" in err and err.rstrip().isprintable()
        err.encode("utf-8")
    board = tmp_path / "board.toml"
    data = spec_to_dict(preset("classic"))
    data["name"] = name.replace("\ud800", "\x07")  # TOML cannot hold a lone surrogate
    board.write_text(tomli_w.dumps(data))
    assert main(["practice", "--board", str(board)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "field 'name'" in err and "printable" in err


def test_remembered_choices_with_such_names_fall_back_to_the_usual_names() -> None:
    from skully_game.core.choices import choices_path
    from skully_game.scenes.skull.setup import SkullSetup
    from skully_game.scenes.skully.practice import PracticeScene
    from skully_game.scenes.skully.setup import SkullySetupScene
    from tests.ui_helpers import make_app

    seats = [{"name": "Ann\x00", "who": ["flick"], "colour": True}, {"name": "B\ud800"}]
    path = choices_path("skully")
    path.parent.mkdir(parents=True, exist_ok=True)
    choices = {"seats": seats, "board": ["classic"], "hand": {"a": 1}, "board_file": "b\x00.toml"}
    path.write_text(json.dumps({"format": "skully-setup-choices", "choices": choices}))
    choices_path("practice").write_text(path.read_text())
    prefs = prefs_path("skull")
    prefs.parent.mkdir(parents=True, exist_ok=True)
    table_seats = [{"name": "Ann\x00", "kind": "human"}, {"name": "Bo", "kind": ["random"]}]
    prefs.write_text(
        json.dumps(
            {"format": "skully-table-setup", "version": 1, "choices": {"seats": table_seats}}
        )
    )
    app = make_app()
    skully = SkullySetupScene(app)
    assert all(s.name.isprintable() for s in skully.setup.seats)
    assert skully.setup.board == "classic"
    PracticeScene(app)
    skull = SkullSetup(app)
    assert [s.name for s in skull.seats][:1] == ["You"]
    app.stack.clear()


def test_a_refusal_is_one_printable_line_whatever_the_file_held() -> None:
    from skully_game.core.errors import Said

    unknown_key = "a\nb\ud800" * 50  # a field named by a file's own key
    exc = DataError("dir/\udcff.json", unknown_key, "no such field", Said("x\x00\ud800"))
    assert str(exc).isprintable() and len(str(exc)) < 200
    assert "\\udcff.json" in str(exc) and "x\\x00\\ud800" in str(exc)


def test_a_save_whose_version_is_true_is_named_in_the_list_not_offered_to_resume(tmp_path) -> None:
    import json

    from skully_game.core.saves import list_saves
    from skully_game.skully.board import preset
    from skully_game.skully.caps import CapType
    from skully_game.skully.rules import RuleOptions
    from skully_game.skully.saves import summarize_game
    from skully_game.skully.session import RECORD_FORMAT, Seat, Session

    seats = (Seat("Ace", CapType.CROWN, 0), Seat("Bo", CapType.CROWN, 1))
    Session(preset("classic"), RuleOptions(), seats, seed=1).save(tmp_path / "good.json")
    data = json.loads((tmp_path / "good.json").read_text())
    data["version"] = True
    (tmp_path / "bad.json").write_text(json.dumps(data))
    listing = list_saves(tmp_path, RECORD_FORMAT, summarize_game)
    assert [e.path.name for e in listing.entries] == ["good.json"]
    assert [b.path.name for b in listing.bad] == ["bad.json"]
    assert "version" in listing.bad[0].problem
