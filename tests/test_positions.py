"""Positions as text (cards/position.py): every registered game writes each position of its
self-play games as text and reads it back to a game that writes the same text and goes on
exactly as the original: the same legal actions, the same views, the same outcome for the same
actions. A seat's view reads back to a game that seat sees the same way."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from cards.engine import GameState, make_rng, pick
from cards.position import PositionError
from cards.registry import GAMES, GameEntry, game

KEYS = [g.key for g in GAMES]
POSITIONS = 1200  # positions per game, from self-play games of several rule sets
SAME_EVERY = 5  # every so many, the legal actions and every seat's view are compared too
FOLLOW_EVERY = 97  # every so many, the rest of the game is played from it too


def _rule_sets(entry: GameEntry) -> list[Any]:
    """The default rules at the fewest and the most seats, and some of the fuzz's rule sets."""
    low, high = entry.players
    sets = [entry.make_options(low, {}), entry.make_options(high, {})]
    if entry.fuzz_options is not None:
        r = random.Random(5)
        sets += [entry.fuzz_options(r) for _ in range(7)]
    return sets


def _seen(state: GameState[Any], seat: int) -> dict[str, Any]:
    """A seat's view, every field but those that tell the past (its log)."""
    view = state.observation(seat)
    return {k: v for k, v in view.values().items() if k not in type(view).HISTORY}


def _facts(state: GameState[Any]) -> tuple[Any, ...]:
    """What a position shows its players: the legal actions, whose turn, the outcome so far
    and every seat's view."""
    seen = tuple(_seen(state, seat) for seat in range(state.num_players))
    return (
        tuple(state.legal_actions()),
        state.current_player(),
        state.is_terminal(),
        state.returns(),
        state.winners(),
        seen,
    )


Played = tuple[list[str], list[str], dict[int, tuple[Any, ...]]]


@cache
def _games(key: str) -> list[Played]:
    """Self-play games of uniform random moves, each rule set in turn, until there are
    POSITIONS positions: (each position's text, the actions taken, the facts of every
    SAME_EVERY-th position and of the last)."""
    entry = game(key).entry()
    out: list[Played] = []
    total = 0
    for seed in range(100):
        for r, options in enumerate(_rule_sets(entry)):
            state = entry.new_state(options, 100 * r + seed)
            rng = make_rng(seed, "positions")
            texts, actions, facts = [state.position()], [], {}
            while not state.is_terminal() and len(actions) < 300:
                if len(actions) % SAME_EVERY == 0:
                    facts[len(actions)] = _facts(state)
                actions.append(pick(state.legal_actions(), rng))
                state.apply_action(actions[-1])
                texts.append(state.position())
            facts[len(actions)] = _facts(state)
            out.append((texts, actions, facts))
            total += len(texts)
        if total >= POSITIONS:
            return out
    return out


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS)
def test_every_position_reads_back_and_goes_on_as_the_original(key: str) -> None:
    kind = game(key).entry().state
    positions = 0
    for texts, actions, facts in _games(key):
        for i, text in enumerate(texts):
            state = kind.from_position(text)
            assert state.position() == text
            positions += 1
            if i in facts:
                assert _facts(state) == facts[i], f"otherwise than the original at {text}"
            if i % FOLLOW_EVERY == 0:  # the whole rest of the game, as the original went on
                for j, action in enumerate(actions[i:], i + 1):
                    state.apply_action(action)
                    if j in facts:
                        assert _facts(state) == facts[j], f"{actions[i:j]} from {text}"
                assert state.position() == texts[-1]
            elif i < len(actions):
                state.apply_action(actions[i])
                assert state.position() == texts[i + 1], f"after {actions[i]!r} from {text}"
    assert positions >= POSITIONS


@pytest.mark.parametrize("key", KEYS)
def test_a_seats_view_reads_back_to_a_game_it_sees_the_same(key: str) -> None:
    """A view's text leaves the hidden parts out (no seed); read back, they are filled in at
    random, and the seat sees the same: the same text, the same view, the same legal actions."""
    kind = game(key).entry().state
    for texts, actions, _ in _games(key)[::4]:
        for i in range(0, len(actions), 7):
            full = kind.from_position(texts[i])
            for seat in range(full.num_players):
                seen = full.position(seat)
                assert "seed=" not in seen and f"view={seat}" in seen
                world = kind.from_position(seen, random.Random(i))
                assert world.position(seat) == seen
                assert _seen(world, seat) == _seen(full, seat)
                if world.current_player() == seat:
                    assert tuple(world.legal_actions()) == tuple(full.legal_actions())


@pytest.mark.parametrize("key", KEYS)
def test_a_game_set_to_a_position_saves_and_tells_its_events_from_there(key: str) -> None:
    entry = game(key).entry()
    texts, actions, _ = _games(key)[1]
    middle = len(actions) // 2
    state = entry.state.from_position(texts[middle])
    for action in actions[middle : middle + 10]:
        state.apply_action(action)
    record = state.to_record()
    assert record["position"] == texts[middle]
    assert entry.load(record).position() == state.position()
    assert len(state.events) >= min(10, len(actions) - middle) > 0  # (every action tells one)


def _refused(key: str, text: str) -> str:
    with pytest.raises(PositionError) as caught:
        game(key).entry().state.from_position(text)
    message = str(caught.value)
    assert "\n" not in message and message.startswith("position: ")
    return message


@pytest.mark.parametrize("key", KEYS)
def test_bad_texts_are_refused_naming_the_field(key: str) -> None:
    entry = game(key).entry()
    text = entry.new_state(entry.make_options(entry.players[0], {}), 3).position()
    fields = dict(word.split("=", 1) for word in text.split()[1:])
    assert "game" in _refused(key, "chess " + text.split(" ", 1)[1])
    assert "missing" in _refused(key, text.replace(" seed=3", ""))
    assert "seed:" in _refused(key, text.replace("seed=3", "seed=x"))
    assert "rules:" in _refused(key, text.replace("rules=", "rules=players:99,"))
    assert "colour:" in _refused(key, text + " colour=red")
    assert "each field once" in _refused(key, text + " seed=4")
    assert "name=value" in _refused(key, text + " seed")
    for name, value in fields.items():
        if name in ("rules", "seed"):
            continue
        message = _refused(key, text.replace(f" {name}={value}", f" {name}=9x,/:9"))
        assert f"position: {name}: expected" in message, message
