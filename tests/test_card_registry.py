"""The one table-game registry: every game builds, its bots move, and the menu lists it."""

from __future__ import annotations

import importlib
import json

import pytest

from cards.engine import make_rng
from cards.registry import GAMES, GameEntry, entries, game
from skully_game.core.games import scene_package
from skully_game.modes import load_modes


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_registry_builds_every_game_and_each_bot_moves(info) -> None:
    entry = info.entry()
    assert isinstance(entry, GameEntry) and entry.name == info.key
    low, high = entry.players
    assert 1 <= low <= high
    for players in (low, high):
        options = entry.make_options(players, {})
        state = entry.new_state(options, 7)
        assert state.num_players == players and not state.is_terminal()
        for name in entry.bot_names:
            legal = state.legal_actions()
            seat = state.current_player()
            assert legal and 0 <= seat < players
            bot = entry.make_bot(name, make_rng(7, name))
            action = bot.act(state.observation(seat), legal)
            assert action in legal, f"{name} chose {action!r}"
            state.apply_action(action)
        record = json.loads(json.dumps(state.to_record()))
        assert entry.load(record).history() == state.history()
        again = entry.replay(options, 7, state.history())
        assert again.observation(0) == state.observation(0)
        assert json.dumps(entry.option_dict(options))
    with pytest.raises(ValueError):
        entry.make_options(low, {"no-such-option": "1"})


def test_the_menu_lists_every_registered_card_game_with_its_setup_scene() -> None:
    modes = {m.key: m for m in load_modes()}
    for info in GAMES:
        if not info.table:  # engine and self-play only: a game without its table is not offered
            assert info.key not in modes
            continue
        mode = modes[info.key]
        assert (mode.title, mode.order) == (info.title, info.order)
        module, _, attr = mode.scene.partition(":")
        assert module == scene_package(info)
        assert callable(getattr(importlib.import_module(module), attr))
    assert "skull-king" in modes and modes["skull-king"].title == "Skull King"


def test_lookup_by_key_and_entries_in_menu_order() -> None:
    assert game("skull-king").title == "Skull King"
    with pytest.raises(KeyError, match="skull-king"):
        game("no-such-game")
    assert list(entries()) == [g.key for g in sorted(GAMES, key=lambda g: g.order)]


def test_selfplay_reads_the_registry() -> None:
    from cards import selfplay

    assert set(selfplay.REGISTRY) == {g.key for g in GAMES}
    assert selfplay.REGISTRY["skull-king"]() is game("skull-king").entry()
    assert selfplay.GameEntry is GameEntry
