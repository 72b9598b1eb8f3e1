"""An update of a table game costs the server as little as it can: the rule options go on the
wire as worked out once a set, and the view's fields are read with one getter, with the same
frames as field by field (issue 44)."""

from __future__ import annotations

import json
import random

import pytest

from cards.skull_king.state import LogEntry
from skully_game.net import wire
from skully_game.net.cardgame import CardGame
from skully_game.net.hosted import Cursor, SeatPlan


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("SKULLY_DATA_DIR", str(tmp_path))


def _game(key: str, seats: int = 3) -> CardGame:
    plans = [SeatPlan("Me", None)] + [SeatPlan(f"C{i}", "random") for i in range(2, seats + 1)]
    return CardGame(key, plans, {}, 41, "t")


def _play(game: CardGame, moves: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        actor = game.actor()
        if actor is None:
            return
        game.apply(actor, rng.choice(list(game.state.legal_actions())))


def test_the_rule_options_are_worked_out_once_a_set(monkeypatch) -> None:
    game = _game("skull-king")
    options = game.state.glance(0).options
    kind = type(options)
    calls = []
    real = kind.to_dict

    def counted(self):  # type: ignore[no-untyped-def]
        calls.append(self)
        return real(self)

    monkeypatch.setattr(kind, "to_dict", counted)
    wire._options_of.cache_clear()
    first = wire.encode({"options": options})
    again = wire.encode({"view": {"options": options}, "more": [options, options]})
    assert len(calls) == 1  # (each update of every room read them again, field by field)
    assert json.loads(first)["options"] == real(options)
    assert json.loads(again)["more"] == [real(options)] * 2


@pytest.mark.parametrize("key", ["skull-king", "skull"])
def test_an_update_sends_every_field_but_the_growing_ones_as_read_one_by_one(key: str) -> None:
    game = _game(key)
    _play(game, 12)
    parts = game.update_parts(0, Cursor())
    view = game.state.glance(0)
    cls = type(view)
    growing = cls.HISTORY + cls.GROWS
    expected = {n: getattr(view, n) for n in ("player", *cls.FIELDS) if n not in growing}
    assert list(parts["view"]) == list(expected)  # the same fields, in the same order
    assert wire.encode(parts["view"]) == wire.encode(expected)


def test_an_event_goes_by_its_class_and_every_field_in_order() -> None:
    entry = LogEntry("play", 1, "plays G14", ())
    sent = json.loads(wire.encode([entry, entry]))
    assert sent == [{"class": "LogEntry", "kind": "play", "seat": 1, "detail": "plays G14",
                     "values": []}] * 2  # fmt: skip
    assert list(sent[0]) == ["class", "kind", "seat", "detail", "values"]
