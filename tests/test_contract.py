"""Every registered game keeps the one contract the tables read (cards/engine.py): who won, why a
move is refused (in a player's words), a world rebuilt from a seat's view, and its facts written
once in the registry, the same ones its adapter and its saves use."""

from __future__ import annotations

import importlib
import json
import random
import re
from pathlib import Path

import pytest

from cards.engine import GameState, pick
from cards.events import as_told, visible
from cards.registry import GAMES, GameInfo
from skully_game.core.games import scene_package
from skully_game.scenes.cardtable.match import Match, TableSeat

# The formats on disk, keyed by game: a table's save, and the engine's record inside it. Saves
# already made must load, so these never change.
FORMATS_FILE = Path(__file__).resolve().parent / "data" / "pinned" / "save_formats.json"
FORMATS: dict[str, list[str]] = json.loads(FORMATS_FILE.read_text(encoding="utf-8"))
# What a player must never read in a reason: an action's code or a Python name.
CODE = re.compile(r"[A-Z]+:[A-Z0-9+-]+|[A-Z]\d*[>.]\w|\bNone\b|Error|__|\bself\b|[<>{}\[\]]")


def _played(info: GameInfo, players: int, seed: int) -> list[GameState[str]]:
    """A game played to its end by random choices: a copy of every position on the way."""
    entry = info.entry()
    state = entry.new_state(entry.make_options(players, {}), seed)
    rng = random.Random(seed)
    positions = []
    while not state.is_terminal():
        positions.append(state.clone())
        state.apply_action(pick(state.legal_actions(), rng))
    return [*positions, state]


def _seat_counts(info: GameInfo) -> tuple[int, ...]:
    low, high = info.players
    return (low, min(high, low + 1))


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_winners_are_named_at_the_end_and_only_then(info: GameInfo) -> None:
    for players in _seat_counts(info):
        *during, end = _played(info, players, 3)
        assert all(p.winners() == [] for p in during[:: max(1, len(during) // 20)])
        winners = end.winners()
        assert winners and all(0 <= p < players for p in winners), winners
        assert winners == sorted(set(winners))
        told = [e for e in end.events if hasattr(e, "winners")]  # the game's last word
        if told:
            assert sorted(told[-1].winners) == winners


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_refusal_is_none_for_a_legal_move_and_a_sentence_for_any_other(info: GameInfo) -> None:
    positions = _played(info, info.players[0], 5)
    seen = sorted({a for p in positions for a in p.legal_actions()})
    rng = random.Random(0)
    checked = 0
    for state in positions[:: max(1, len(positions) // 25)]:
        legal = state.legal_actions()
        for action in legal[:: max(1, len(legal) // 40)]:  # Skirrid's hundreds: a spread
            assert state.refusal(action) is None, action
        allowed = set(legal)
        others = [a for a in seen if a not in allowed]
        sample = [others[int(rng.random() * len(others))] for _ in range(6)] if others else []
        for action in [*sample, "", "NOPE", "12 34"]:
            why = state.refusal(action)
            assert why and why[0].isupper() and len(why.split()) >= 3, (action, why)
            assert not CODE.search(why), f"{action!r} refused as {why!r}"
            assert not action or action not in why or action.isalpha(), (action, why)
            checked += 1
            with pytest.raises(ValueError, match=re.escape(why)):
                state.clone().apply_action(action)  # the engine's refusal says the same
    assert checked > 20


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_a_world_rebuilt_from_a_view_shows_that_seat_the_same_view(info: GameInfo) -> None:
    for players in _seat_counts(info):
        positions = _played(info, players, 7)[:-1]
        for k, state in enumerate(positions[:: max(1, len(positions) // 12)]):
            seat = state.current_player()
            view = state.observation(seat)
            world = type(state).from_view(view, random.Random(k))
            again = world.observation(seat)
            for name in view.FIELDS:
                if name not in view.HISTORY:
                    assert getattr(again, name) == getattr(view, name), (players, k, name)
            assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("info", [g for g in GAMES if g.table], ids=lambda g: g.key)
def test_the_registry_holds_the_facts_the_adapter_setup_and_saves_use(info, tmp_path, monkeypatch):
    monkeypatch.setenv("SKULLY_HOME", str(tmp_path))
    scenes = importlib.import_module(scene_package(info))
    table, setup = scenes.TABLE_GAME, scenes.SetupScene
    assert (table.key, table.title, table.save_format) == (info.key, info.title, info.save_format)
    assert info.key in FORMATS, (
        f"no save formats pinned for {info.key}: add "
        f'"{info.key}": ["{info.save_format}", "{info.record_format}"] to {FORMATS_FILE.name}'
    )
    assert [info.save_format, info.record_format] == FORMATS[info.key]
    entry = info.entry()
    assert entry.name == info.key
    assert [kind for kind, _ in table.levels] == list(entry.bot_names)
    assert all(label == f"Computer: {entry.bot_word(kind)}" for kind, label in table.levels)
    assert all(entry.bot_tip(kind) for kind in entry.bot_names)  # how each plays, in words
    assert setup.game is table
    seats = [TableSeat("Anne"), TableSeat("Bo", table.levels[0][0])]
    match = Match(table, entry.make_options(2, {}), 11, seats)
    match.state.apply_action(match.state.legal_actions()[0])
    saved = match.to_dict()
    assert saved["format"] == info.save_format and saved["game"]["format"] == info.record_format
    match.save()
    again = Match.load(table, match.path)
    assert again.state.history() == match.state.history()
    assert type(again.state).OPTIONS is info.options


@pytest.mark.parametrize("info", GAMES, ids=lambda g: g.key)
def test_the_log_is_the_engines_words_and_keeps_each_seats_secrets(info: GameInfo) -> None:
    *_, end = _played(info, info.players[0], 9)
    names = ["You", "Anne", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"][: end.num_players]
    for viewer in (None, 0, 1):
        lines = [end.event_words(e, viewer, names) for e in visible(end.events, viewer)]
        told = [line for line in lines if line]
        assert told and not any(line[0].islower() for line in told)
        assert not any(CODE.search(line.replace("SKIP-BO", "")) for line in told), told[:5]
    if info.table:
        table = importlib.import_module(scene_package(info)).TABLE_GAME
        assert table.log(end, 1, names) == [
            w for e in as_told(end.events, 1) if (w := end.event_words(e, 1, names))
        ]  # as seen, but a secret of one's own that all have since seen told as they saw it
        for mine, seen in zip(as_told(end.events, 1), visible(end.events, 1), strict=True):
            assert mine in (seen, seen._redacted())
