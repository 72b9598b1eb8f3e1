"""The rules every message lives under, without a network: each is checked against its schema and
a refusal names the field; frames that are not one JSON object are refused in words; the rate
limit; room codes that cannot be guessed; the encoder writes what the engines hand out; and a
Skully shot is made with the seat's hand, on the server, whatever the client claims."""

from __future__ import annotations

import json
import random

import pytest

from skully_game.core.errors import DataError
from skully_game.net import PROTOCOL
from skully_game.net.protocol import RateLimit, check_message
from skully_game.net.rooms import CODE_ALPHABET, CODE_LENGTH, new_code, shown_code, typed_code
from skully_game.net.wire import WireError, decode, encode, to_wire


def act(**fields):
    return {"type": "act", "version": PROTOCOL, "token": "t", **fields}


def test_a_good_move_passes_and_comes_back_as_sent():
    assert check_message(act(action="BID:2"))["action"] == "BID:2"
    shot = {"kind": "shot", "angle": 1.5, "speed": 2, "flicked": True}
    assert check_message(act(action=shot))["action"]["speed"] == 2.0


@pytest.mark.parametrize(
    ("message", "field"),
    [
        ({"type": "fly", "version": PROTOCOL}, "type"),
        ({"type": "start", "version": 99, "token": "t"}, "version"),
        ({"type": "start", "version": True, "token": "t"}, "version"),
        (act(), "action"),
        (act(action="A", more=1), "more"),
        (act(action={"kind": "shot", "angle": 1e9, "speed": 1}), "action.angle"),
        (act(action={"kind": "shot", "angle": 1, "speed": "fast"}), "action.speed"),
        (act(action={"kind": "place", "at": [1]}), "action.at"),
        (act(action={"kind": "warp"}), "action.kind"),
        (act(action="x" * 401), "action"),
        ({"type": "join", "version": PROTOCOL, "name": "Bea\n", "room": "X"}, "name"),
        ({"type": "join", "version": PROTOCOL, "name": "", "room": "X"}, "name"),
        (
            {
                "type": "create",
                "version": PROTOCOL,
                "name": "A",
                "game": "skull",
                "seats": [{"kind": "me"}],
            },
            "seats",
        ),
        (
            {
                "type": "create",
                "version": PROTOCOL,
                "name": "A",
                "game": "skull",
                "seats": [{"kind": "me"}, {"kind": "king"}],
            },
            "seats[1].kind",
        ),
        (
            {
                "type": "create",
                "version": PROTOCOL,
                "name": "A",
                "game": "skull",
                "seats": [{"kind": "me"}, {"kind": "open"}],
                "options": {"decks": [1, 2]},
            },
            "options.decks",
        ),
    ],
)
def test_a_bad_message_is_refused_naming_the_field(message, field):
    with pytest.raises(DataError) as caught:
        check_message(message)
    assert f"field '{field}'" in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "frame",
    [
        "nope",
        b"\xff\xfe",
        "[1]",
        '"text"',
        '{"a": NaN}',
        '{"a": Infinity}',
        "[" * 50_000,
        "1" * 5000,
    ],
)
def test_a_frame_that_is_not_one_json_object_is_refused_in_words(frame):
    with pytest.raises(WireError) as caught:
        decode(frame)
    assert "frame" in str(caught.value)


def test_the_rate_limit_allows_a_burst_then_the_average():
    limit = RateLimit(rate=10, burst=5, at=0.0)
    assert all(limit.allow(0.0) for _ in range(5))
    assert not limit.allow(0.0)
    assert limit.allow(0.1)  # a tenth of a second earns one more
    assert not limit.allow(0.1)


def test_room_codes_are_long_random_and_read_out_easily():
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert len(CODE_ALPHABET) ** CODE_LENGTH > 10**14  # billions of guesses per open room
    assert not set("01OIL") & set(CODE_ALPHABET)
    code = next(iter(codes))
    assert typed_code(shown_code(code).lower().replace("-", " - ")) == code


def test_the_encoder_writes_views_events_enums_and_tuples():
    from cards.skull_king import SkullKingState

    state = SkullKingState(None, 7)
    state.listen()
    state.apply_action(state.legal_actions()[0])
    view = to_wire(state.observation(1))
    assert view["player"] == 1 and isinstance(view["hand"], list)
    assert view["phase"] == state.phase.value
    events = to_wire(state.events_for(1))
    assert events[0]["class"] == "Dealt"
    assert all(e["class"] != "HandDealt" or e["seat"] == 1 for e in events)  # others' unseen
    assert json.loads(encode({"type": "x", "t": (1, 2)}))["t"] == [1, 2]
    with pytest.raises(ValueError):
        encode({"x": float("nan")})
    with pytest.raises(TypeError):
        encode({"x": object()})


@pytest.mark.parametrize("how", ["slingshot", "flick"])
def test_a_skully_shot_is_made_with_the_seats_hand_on_the_server(how):
    from skully_game.net.hosted import Cursor, Refused, SeatPlan
    from skully_game.net.skullygame import SkullyGame
    from skully_game.skully.rules import suggested_spot

    seats = [
        SeatPlan("Anne", hand="beginner", input=how),
        SeatPlan("Bea", hand="beginner", input=how),
    ]
    game = SkullyGame(seats, {}, random.getrandbits(40), "T")
    while game.session.state.pending:  # both put their caps behind the start line
        seat = game.actor()
        at = suggested_spot(game.session.state, game.session.board, game.session.state.decision)
        game.apply(seat, game.check(seat, {"kind": "place", "at": list(at)}))
    shooter = game.actor()
    with pytest.raises(Refused, match="turn"):
        game.check(1 - shooter, {"kind": "shot", "angle": 0.0, "speed": 1.0})
    meant = {"kind": "shot", "angle": 1.0, "speed": 1.0, "offset": 0.0, "flicked": True}
    ready = game.prepare(shooter, game.check(shooter, meant))
    made = ready["flick"]
    if how == "slingshot":  # claiming a pointer flick changes nothing: the hand wobbles it
        assert (made.angle, made.speed) != (1.0, 1.0)
    else:  # at a flick seat, the pointer's flick is the shot made
        assert (made.angle, made.speed) == (1.0, 1.0)
    game.apply(shooter, ready)
    assert game.session.actions[-1].flick == made
    sent = game.news(1 - shooter, Cursor())["actions"][-1]
    assert sent["kind"] == "shot" and sent["flick"]["angle"] == made.angle
    assert sent["rest"] == [list(p) for p in game.session.actions[-1].rest]
