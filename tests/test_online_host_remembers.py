"""The Host page remembers the last game night's choices (issue 43): per game, its rules, hints,
time per move and per game (or Skully's options) and the seats; spectators' watching and chat
for every game. A bad choices file is said and kept aside; a newer program's is backed up before
this one writes it, its unknown fields kept."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cards.skull_king.options import RoundPlan
from skully_game.core.choices import choices_path
from skully_game.scenes.online import host as host_module
from skully_game.scenes.online.games import online_game
from skully_game.scenes.online.host import HostScene
from tests.ui_helpers import make_app


def page(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, HostScene]:
    """A Host page that hosts nothing: its game is refused at once (no server is started)."""
    monkeypatch.setattr(host_module, "host_game", lambda *_: "not tonight")
    app = make_app((1024, 640))
    scene = HostScene(app)
    app.stack.push(scene)
    return app, scene


def row(scene: HostScene, label: str) -> Any:
    return next(w for w in scene.widgets.widgets if w.label == label)


def pick(scene: HostScene, label: str, value: Any) -> None:
    choice = row(scene, label)
    choice.set_value(value)
    choice.on_change(choice.value)


def test_the_next_game_night_opens_on_the_last_choices(monkeypatch) -> None:
    app, scene = page(monkeypatch)
    scene.name = "Anne"
    pick(scene, "Game", online_game("skull-king"))
    pick(scene, "Time per move", 60_000)
    pick(scene, "Time per game", 600_000)
    pick(scene, "Hints", False)
    pick(scene, "Rounds", RoundPlan.WHIRLPOOL)
    scene._add()
    scene._kind(scene.seats[2], "computer")
    pick(scene, "Spectators may chat", True)
    scene._host()
    again = HostScene(app)  # the page opened another evening
    assert again.game.key == "skull-king"
    assert row(again, "Time per move").value == 60_000
    assert row(again, "Time per game").value == 600_000
    assert row(again, "Hints").value is False
    assert row(again, "Rounds").value is RoundPlan.WHIRLPOOL
    assert [s.kind for s in again.seats] == ["me", "open", "computer"]
    assert again.watch_chat and row(again, "Spectators may chat").value is True
    assert not again.message
    pick(again, "Game", online_game("skull"))  # another game: its own choices (none yet)
    assert row(again, "Time per move").value == 0 and len(again.seats) == 2


def test_skully_keeps_its_options_and_a_value_no_longer_offered_is_left_out(monkeypatch) -> None:
    app, scene = page(monkeypatch)
    scene.name = "Anne"
    pick(scene, "Game", online_game("skully"))
    board = next(r for r in online_game("skully").options if r.name == "board")
    other = board.values[-1][0]
    scene.options["board"] = other
    scene._host()
    data = json.loads(choices_path("online").read_text())
    kept = data["choices"]["host"]["games"]["skully"]
    assert kept["options"]["board"] == other and data["choices"]["host"]["version"] == 1
    kept["options"]["board"] = "a board from a newer program"
    kept["seats"] = [["me", kept["seats"][0][1]], ["computer", "no such level"]]
    choices_path("online").write_text(json.dumps(data))
    again = HostScene(app)
    assert again.options["board"] == board.values[0][0]  # the page's default
    assert [s.kind for s in again.seats] == ["me", "open"]


def test_a_bad_file_is_said_and_kept_aside(monkeypatch) -> None:
    path = choices_path("online")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json")
    _app, scene = page(monkeypatch)
    assert "starting from the usual choices" in scene.message
    scene.name = "Anne"
    scene._host()
    assert path.with_name("online.json.bad").read_text() == "{ not json"
    assert json.loads(path.read_text())["choices"]["name"] == "Anne"


def test_a_newer_programs_file_is_backed_up_and_its_fields_kept(monkeypatch) -> None:
    path = choices_path("online")
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = {"format": "skully-setup-choices", "version": 3,
             "choices": {"name": "Bea", "future": [1, 2],
                         "host": {"version": 2, "later": True, "games": {}}}}  # fmt: skip
    path.write_text(json.dumps(newer))
    _app, scene = page(monkeypatch)
    assert scene.name == "Bea" and not scene.message
    scene._host()
    assert json.loads(path.with_name("online.json.v3-backup").read_text()) == newer
    written = json.loads(path.read_text())["choices"]
    assert written["future"] == [1, 2] and written["host"]["later"] is True
    assert written["host"]["version"] == 2  # a newer program's record keeps its version
