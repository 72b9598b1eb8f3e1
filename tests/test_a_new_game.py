"""A new game is its engine package, its scene package and one registry entry (issue 42): Shed,
the tests' own small shedding game (tests/shedding/), registered for each test's duration
through the registry's own `GAMES.register`, is played by the contract tests, the card fuzz,
the spy fuzz, the save round trip, self-play, the frame-time tool, render_scenes and the menu,
none of which names it."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cards.registry import GAMES, GameInfo
from tests.shedding import INFO, registered
from tests.ui_helpers import make_app

ROOT = Path(__file__).resolve().parents[1]


def tool(name: str) -> ModuleType:
    """tools/<name>.py, loaded as the tests load the tools (its folder on the path)."""
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def shed() -> Iterator[GameInfo]:
    with registered() as info:
        yield info


def test_registering_adds_the_game_for_the_block_only() -> None:
    before = [g.key for g in GAMES]
    with registered() as info:
        assert [g.key for g in GAMES] == [*before, info.key]
        with pytest.raises(ValueError, match="is registered"), GAMES.register(INFO):
            pass
    assert [g.key for g in GAMES] == before


def test_the_contract_and_the_card_fuzz_hold(shed, tmp_path, monkeypatch) -> None:
    from tests import test_card_fuzz, test_contract

    test_contract.test_winners_are_named_at_the_end_and_only_then(shed)
    test_contract.test_refusal_is_none_for_a_legal_move_and_a_sentence_for_any_other(shed)
    test_contract.test_a_world_rebuilt_from_a_view_shows_that_seat_the_same_view(shed)
    test_contract.test_the_log_is_the_engines_words_and_keeps_each_seats_secrets(shed)
    formats = [shed.save_format, shed.record_format]  # pinned here: the game is the test's
    monkeypatch.setitem(test_contract.FORMATS, shed.key, formats)
    test_contract.test_the_registry_holds_the_facts_the_adapter_setup_and_saves_use(
        shed, tmp_path, monkeypatch
    )
    test_card_fuzz.test_random_playouts_keep_every_invariant_and_round_trip(shed)


def test_the_spy_fuzz_finds_nothing(shed) -> None:
    fuzz = tool("spy_fuzz")
    assert shed.key in fuzz.GAMES or shed.key in [g.key for g in GAMES]
    app = make_app()
    total = fuzz.Tally()
    for seed in (1, 2):
        total.add(fuzz.run_sequence(shed.key, seed, steps=25, app=app))
    assert total.errors == 0 and total.leaks == 0 and total.unchosen == 0, total.notes
    assert total.frames >= 20


def test_every_save_loads_back(shed) -> None:
    roundtrip = tool("save_roundtrip")
    lines: list[str] = []
    quick = roundtrip.Limits(shots=10, actions=60)
    summary = roundtrip.run(skully_games=0, card_games=2, seed=1, limits=quick, out=lines.append)
    tally = summary["modes"][shed.key]
    assert tally["games"] == 2 and tally["actions"] >= 8 and tally["unloadable"] == 0, lines


def test_self_play_plays_it(shed, capsys) -> None:
    from skully_game.cli.selfplay import main

    assert (
        main([shed.key, "--players", "2", "--games", "4", "--bots", "first,strong", "--seed", "2"])
        == 0
    )
    out = capsys.readouterr().out
    assert "first" in out and "strong" in out


def test_render_scenes_and_frame_time_find_its_screens(shed, tmp_path) -> None:
    render = tool("render_scenes")
    names = render.collect_screens()
    assert {"shed-setup", "shed-play"} <= set(names)
    assert render.main([str(tmp_path), "shed-setup", "shed-play", "--size", "1024x640"]) == 0
    assert (tmp_path / "1024x640" / "shed-play.png").stat().st_size > 0
    frames = tool("frame_time")
    from skully_game.scenes.cardtable.match import Pace

    figures = frames.measure(shed.key, 20, (1024, 640), Pace.FAST)
    assert figures["frames"] > 0


def test_the_menu_offers_it_and_its_table_plays(shed) -> None:
    from skully_game.scenes.menu import MenuScene
    from tests.shedding.scenes.setup import ShedSetup, ShedTable
    from tests.ui_helpers import click

    app = make_app()
    menu = MenuScene(app)
    app.stack.push(menu)
    app.run_frames(2)
    button = next(w for w in menu.widgets.widgets if w.label == shed.title)
    click(app, button.rect.center)
    app.run_frames(2)
    setup: Any = app.stack.top
    assert isinstance(setup, ShedSetup)
    start = next(w for w in setup.widgets.widgets if w.label.startswith("Start"))
    click(app, start.rect.center)
    app.run_frames(2)
    table = app.stack.top
    assert isinstance(table, ShedTable)
    for _ in range(400):
        if table.game.is_over(table.state):
            break
        table.run_bots_now()
        if table.my_turn():
            table.act(table.game.legal(table.state)[0])
        table.settle()
    assert table.game.is_over(table.state)
    app.stack.clear()


def test_a_game_without_pinned_digests_is_told_how_to_pin_them(shed) -> None:
    digest = tool("engine_digest")
    found = digest.digests(1, games=[shed.key])
    assert list(found) == [f"{shed.key} default random"]
    pinned = json.loads(digest.PINNED.read_text(encoding="utf-8"))
    assert shed.key not in pinned  # so test_engine_digests would say: run --record shed


def test_friends_at_other_desks_play_it_through_a_real_server(shed) -> None:
    from skully_game.net.scripted import COMPUTER, play_match
    from skully_game.net.server import ServerConfig, ServerThread

    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    try:
        report = play_match(server.url, shed.key, drop_after=3)
    finally:
        server.stop()
    assert report.finished and report.leaks == [] and report.rejoined is True
    kinds = [s["kind"] for s in report.record["seats"]]
    assert kinds == ["human", "human", COMPUTER[shed.key]]


def test_its_online_table_is_made_from_its_own_and_shows_nothing_hidden(shed) -> None:
    import random

    from skully_game.net.server import ServerConfig, ServerThread
    from skully_game.scenes.online.cards import online_table_class
    from tests import test_online_cards as online
    from tests.shedding.scenes.setup import ShedTable

    assert issubclass(online_table_class(shed.key), ShedTable)
    server = ServerThread(ServerConfig(port=0, quick=True, pace=0.0)).start()
    try:
        desk = online.seat(server, shed.key)
        online.play(desk, random.Random(3))
        assert desk.table.game.is_over(desk.table.state)
        assert online.judge(desk, shed.key) == []
        desk.bea.client.close()
    finally:
        server.stop()
