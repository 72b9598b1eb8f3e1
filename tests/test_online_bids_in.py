"""Skull King's all-at-once bid online (issue 43): a bid made before its turn waits at the
server, and every other table (and a spectator's) says "has bid" at that seat, never its
number, until all are revealed; before, they said "no bid yet" there."""

from __future__ import annotations

from typing import Any

from skully_game.net.cardgame import CardGame
from skully_game.net.hosted import Cursor, SeatPlan
from skully_game.net.shadow import Shadow
from skully_game.net.watch import _news
from skully_game.net.wire import decode, encode
from skully_game.scenes.online.publicgame import PublicShadow
from skully_game.scenes.skull_king.adapter import GAME


def _update(game: CardGame, seat: int, move: int) -> dict[str, Any]:
    parts = game.update_parts(seat, Cursor())
    return decode(encode({"seat": seat, "move": move, "actor": game.actor(),
                          "legal": game.legal(seat), **parts}))  # fmt: skip


def _bid_words(state: Any, viewer: int, seat: int) -> str:
    return GAME.seat_lines(state, viewer, seat)[0].split(" · ")[0]


def test_other_tables_say_has_bid_for_a_held_bid_and_never_its_number() -> None:
    game = CardGame("skull-king", [SeatPlan("A"), SeatPlan("B"), SeatPlan("C")], {}, 7, "T")
    actor = game.actor()
    assert actor is not None
    later = [s for s in game.together() if s != actor]
    game.apply(later[0], game.check(later[0], "BID:1"))  # held: before its turn
    for seat in (actor, later[1]):
        update = _update(game, seat, 2)
        assert update["bids_in"] == [later[0]] and "held" not in update
        told = {k: v for k, v in update.items() if k != "legal"}  # (its own offered bids)
        assert "BID:1" not in encode(told)  # the number goes nowhere
        state = Shadow("skull-king", seat).take(update)
        assert _bid_words(state, seat, later[0]) == "has bid"
        assert _bid_words(state, seat, later[1]) == "no bid yet"
        assert state.current_player() == actor  # the seat to act is still the one to act
    watched = decode(encode({"seat": None, "move": 2, "actor": actor,
                             **_news(game, Cursor(), None)}))  # fmt: skip
    spectator = PublicShadow("skull-king")
    state = spectator.take(watched)
    assert watched["bids_in"] == [later[0]]
    assert _bid_words(state, (later[0] + 1) % 3, later[0]) == "has bid"
