"""A seat's game on its own machine (net/shadow.py, net/typed.py): what the server sent is read
back into the engine's own views and events, only ever into a class of the game's allow-list,
and the game rebuilt from the seat's view draws, for that seat, what the true game draws."""

from __future__ import annotations

import dataclasses
import importlib
import random
from typing import Any

import pytest

from cards import registry
from cards.events import visible
from skully_game.core.errors import DataError
from skully_game.core.games import scene_package
from skully_game.net.shadow import Shadow
from skully_game.net.typed import kinds, read_events, read_view
from skully_game.net.wire import to_wire

GAMES = [info.key for info in registry.GAMES if info.table]


def card_games() -> list[str]:
    """The games at the card table (a TableGame adapter: hands, piles, summaries)."""
    from skully_game.scenes.cardtable.game import TableGame

    return [
        key
        for key in GAMES
        if isinstance(
            importlib.import_module(scene_package(registry.game(key))).TABLE_GAME, TableGame
        )
    ]


NAMES = ["Anne", "Bea", "Cal"]


def positions(key: str, seed: int = 1, every: int = 1) -> Any:
    """(true state, move number) along a random 3-seat game to its end."""
    entry = registry.game(key).entry()
    state = entry.new_state(entry.make_options(3, {}), seed)
    state.listen()
    rng, move = random.Random(seed), 0
    while True:
        if move % every == 0 or state.is_terminal():
            yield state, move
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))
        move += 1


def update(state: Any, seat: int, start: int, move: int) -> dict[str, Any]:
    """The server's update message for `seat`, the events from `start` on (cardgame.py)."""
    actor = None if state.is_terminal() else state.current_player()
    message = {
        "type": "update",
        "seat": seat,
        "move": move + 1,
        "actor": actor,
        "thinking": None,
        "over": state.is_terminal(),
        "sync": False,
        "view": state.observation(seat),
        "events": visible(state.events[start:], seat),
    }
    if actor == seat:
        message["legal"] = list(state.legal_actions())  # as the server sends it
    return to_wire(message)  # type: ignore[no-any-return]


@pytest.mark.parametrize("key", GAMES)
def test_views_and_events_come_back_as_the_engine_made_them(key):
    for state, _ in positions(key, every=9):
        for seat in range(3):
            view = state.observation(seat)
            assert read_view(key, to_wire(view)) == view
            events = state.events_for(seat)
            assert read_events(key, to_wire(events)) == events


def test_the_allow_list_is_the_games_own_classes():
    assert kinds("skull").names() == [
        "BidMade", "CardDiscarded", "CardDrawn", "CardPlaced", "CardTurned", "ChallengeBegun",
        "ChallengeWon", "GameOver", "Held", "Outcome", "Passed", "Phase", "PlayerOut",
        "RoundRecord", "RoundStarted", "SkullFound",
    ]  # fmt: skip
    for key in GAMES:
        assert all(k.__module__.startswith("cards.") for k in kinds(key).allowed)


def test_anything_else_is_refused_in_one_line_naming_the_field():
    state = next(positions("skull"))[0]
    good = to_wire(state.observation(1))
    cases = [
        (read_events, [{"class": "Popen", "args": ["sh"]}], "events[0].class"),
        (read_events, [{"class": "Passed", "seat": "1"}], "events[0].seat"),
        (read_events, [{"class": "Passed", "seat": 1, "__init__": 2}], "events[0].__init__"),
        (read_events, {"class": "Passed"}, "events"),
        (read_view, {**good, "hand": [["KS"]]}, "view.hand[0]"),
        (read_view, {**good, "rounds": [{"class": "Popen"}]}, "view.rounds[0]"),
        (read_view, {**good, "phase": "lost"}, "view.phase"),
        (read_view, {**good, "extra": 1}, "view.extra"),
        (read_view, {k: v for k, v in good.items() if k != "won"}, "view.won"),
        (read_view, {**good, "options": {"players": 99}}, "view.options"),
    ]
    for read, data, field in cases:
        with pytest.raises(DataError) as caught:
            read("skull", data)
        said = str(caught.value)
        assert f"field '{field}'" in said and "\n" not in said and "Error" not in said


def adapter_outputs(game: Any, state: Any, seat: int) -> dict[str, Any]:
    """Everything the card table asks the adapter for, as `seat` sees it."""
    out: dict[str, Any] = {}
    for other in range(game.seat_count(state)):
        out[f"seat {other}"] = (
            game.seat_lines(state, seat, other),
            game.seat_badges(state, seat, other, NAMES),
            game.hand_size(state, seat, other),
        )
    hand = game.hand(state, seat)
    out["hand"] = hand
    out["cards"] = [(game.card_actions(state, seat, c), game.why_not(state, seat, c)) for c in hand]
    mine = game.to_act(state) == seat
    for name in ("pile", "pile_leader", "pile_note", "scores", "sheet", "table_order", "winners"):
        out[name] = getattr(game, name)(state)
    out["turn"] = (game.to_act(state), game.is_over(state), game.acting_word(state))
    out["asked"] = (
        (game.choices(state, seat, NAMES), game.prompt(state, seat, NAMES)) if mine else ()
    )
    out["header"] = game.header(state, seat)
    out["private"] = game.private_views(state, seat)
    out["spots"] = game.spots(state, seat, NAMES)
    out["out"] = game.out_of_game(state, NAMES)
    out["log"] = game.log(state, seat, NAMES)
    out["happenings"] = [known(h, seat) for h in game.happenings(state, 0, NAMES)]
    return out


def known(happening: Any, seat: int) -> Any:
    """A happening as `seat` may know it: the cards another seat drew are not told (Skip-Bo's
    draws fly face down to the others; their faces never reach this machine)."""
    if type(happening).__name__ == "Drew" and happening.seat != seat:
        return dataclasses.replace(happening, cards=())
    return happening


@pytest.mark.parametrize("key", card_games())
def test_the_game_rebuilt_from_a_seats_view_draws_what_the_true_game_draws(key):
    game = importlib.import_module(f"{scene_package(registry.game(key))}.adapter").GAME
    shadows = [Shadow(key, seat) for seat in range(3)]
    sent = [0, 0, 0]
    for state, move in positions(key, seed=2, every=3):
        for seat in range(3):
            shadow = shadows[seat].take(update(state, seat, sent[seat], move))
            sent[seat] = len(state.events)
            assert shadows[seat].turn.legal == (
                tuple(state.legal_actions()) if shadows[seat].my_turn() else ()
            )
            assert adapter_outputs(game, shadow, seat) == adapter_outputs(game, state, seat)
    summaries = [h.index for h in game.happenings(state, 0, NAMES) if hasattr(h, "index")]
    assert summaries  # the rounds' summaries, from the events the seat was sent
    for index in summaries:
        assert game.round_summary(shadow, index, NAMES) == game.round_summary(state, index, NAMES)


def test_an_update_for_another_seat_is_refused_and_nothing_is_kept():
    state = next(positions("skull-king"))[0]
    shadow = Shadow("skull-king", 0)
    shadow.take(update(state, 0, 0, 0))
    kept = (shadow.state, list(shadow.events))
    with pytest.raises(DataError):
        shadow.take(update(state, 1, 0, 1))
    with pytest.raises(DataError):
        shadow.take({**update(state, 0, 0, 1), "view": to_wire(state.observation(1))})
    assert (shadow.state, shadow.events) == kept


def test_an_update_carries_only_the_logs_new_lines_and_the_seat_has_the_whole_log():
    """A log only grows: each update sends its new lines, not the whole of it again (late in a
    game of Skull King that was most of every frame); the seat's copy is the whole log, and a
    catch-up after a rejoin sends it whole again."""
    from skully_game.net.cardgame import CardGame
    from skully_game.net.hosted import Cursor, SeatPlan
    from skully_game.net.wire import encode

    seats = [SeatPlan("Anne"), SeatPlan("Bea"), SeatPlan("Cal")]
    game = CardGame("skull-king", seats, {}, seed=5, name="TEST")
    shadow, cursor = Shadow("skull-king", 0), Cursor()
    rng = random.Random(5)
    biggest = 0
    for move in range(1, 120):
        parts = to_wire(game.update_parts(0, cursor))
        message = {"type": "update", "seat": 0, "move": move, "sync": False, **parts}
        assert "log" not in message["view"]
        biggest = max(biggest, len(encode(message["history"]["log"])))
        shadow.take(message)
        assert shadow.history["log"] == to_wire(game.state.observation(0).log)
        game.state.apply_action(rng.choice(game.state.legal_actions()))
    whole = len(encode(game.state.observation(0).log))
    assert biggest * 4 < whole  # a few lines at a time, never the whole log again
    fresh = Shadow("skull-king", 0)  # back after a dropped connection: a new cursor
    parts = to_wire(game.update_parts(0, Cursor()))
    fresh.take({"type": "update", "seat": 0, "move": 120, "sync": True, **parts})
    assert fresh.history["log"] == to_wire(game.state.observation(0).log)


def test_a_score_sheet_sends_only_its_new_rounds() -> None:
    """Skull King's finished rounds never change: an update carries only a round just scored
    (the whole sheet, sent at every move, was two thirds of a late update), and the seat's
    copy holds every round, as after a catch-up."""
    from skully_game.net.cardgame import CardGame
    from skully_game.net.hosted import Cursor, SeatPlan

    seats = [SeatPlan("Anne"), SeatPlan("Bea"), SeatPlan("Cal")]
    game = CardGame("skull-king", seats, {"round_plan": "whirlpool"}, seed=5, name="TEST")
    shadow, cursor = Shadow("skull-king", 0), Cursor()
    rng = random.Random(5)
    sent = 0
    for move in range(1, 90):
        parts = to_wire(game.update_parts(0, cursor))
        assert "rounds" not in parts["view"]
        new = parts["history"]["rounds"]
        assert len(new) <= 1
        sent += len(new)
        state = shadow.take({"type": "update", "seat": 0, "move": move, "sync": False, **parts})
        real = game.state.observation(0).rounds
        assert state.observation(0).rounds == real
        if game.state.is_terminal():
            break
        game.state.apply_action(rng.choice(game.state.legal_actions()))
    assert sent == len(game.state.rounds) >= 3
    fresh = Shadow("skull-king", 0)
    parts = to_wire(game.update_parts(0, Cursor()))
    state = fresh.take({"type": "update", "seat": 0, "move": 90, "sync": True, **parts})
    assert state.observation(0).rounds == game.state.observation(0).rounds
