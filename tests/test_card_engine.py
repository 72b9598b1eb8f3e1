"""The card engine pattern (cards/engine.py): fast, and every guarantee kept.

A bot or an analysis runs the engines thousands of times, so the pattern skips work nobody needs;
these tests hold it to what a player relies on: an illegal action is refused whichever way it is
checked, a game is (options, seed, actions), events are there for whoever reads them, and an
observation shows the moment it was made and nothing hidden.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence

import pytest

from cards.engine import IllegalActionError, pick
from cards.registry import GAMES, game
from cards.skip_bo import SkipBoOptions, SkipBoState
from cards.skip_bo.bots import BuildFirst as SkipBoBuildFirst
from cards.skull_king import SkullKingOptions, SkullKingState
from cards.skull_king.cards import FULL_DECK, PLAYED_FORMS
from cards.skull_king.options import random_options

# Every action string any Skull King position could be offered, and some it never is.
ALL_PLAYS = [form for card in FULL_DECK for form in PLAYED_FORMS[card]]
OTHER_ACTIONS = [
    *(f"BID:{b}" for b in range(12)),
    *("MODE:BUCKSHOT", "MODE:CANNONBALL", "WAGER:0", "WAGER:10", "WAGER:20", "WAGER:5"),
    *(f"LEAD:{s}" for s in range(9)),
    *("ADJUST:-1", "ADJUST:0", "ADJUST:+1", "TIGRESS", "BID:-1", "BID:01", "", "G15"),
]


def positions(games: int, seed: int = 0):
    """Positions of random games under random rules (every phase and power turns up)."""
    r = random.Random(seed)
    for g in range(games):
        state = SkullKingState(random_options(r), seed=g)
        rng = random.Random(g)
        while not state.is_terminal():
            yield state
            state.apply_action(pick(state.legal_actions(), rng))


def test_the_cheap_check_agrees_with_the_legal_list_everywhere() -> None:
    checked = 0
    for state in positions(12):
        legal = set(state._legal_actions())
        discards = [f"DISCARD:{c}" for h in state.hands for c in h]
        for action in [*ALL_PLAYS, *OTHER_ACTIONS, *discards]:
            assert state._is_legal(action) == (action in legal), (action, state.phase)
            checked += 1
    assert checked > 100_000


def test_an_illegal_action_is_refused_whether_or_not_the_list_was_built() -> None:
    for ask_first in (False, True):
        state = SkullKingState(SkullKingOptions(players=3), seed=4)
        for _ in range(3):
            state.apply_action("BID:0")
        hand = state.hands[state.current_player()]
        wrong = next(a for a in ALL_PLAYS if a not in state._legal_actions())
        if ask_first:
            state.legal_actions()
        with pytest.raises(IllegalActionError, match="not legal in phase play"):
            state.apply_action(wrong)
        with pytest.raises(IllegalActionError):
            state.apply_action(42)  # type: ignore[arg-type]
        assert state.hands[state.current_player()] == hand  # nothing changed


@pytest.mark.parametrize("key", [g.key for g in GAMES])
def test_legal_actions_are_an_immutable_sequence_the_position_owns(key: str) -> None:
    """The contract (GameState.legal_actions): no caller can change the kept actions; one
    that wants a list of its own calls list(), and changing that changes nothing."""
    entry = game(key).entry()
    state = entry.new_state(entry.make_options(entry.players[0], {}), 4)
    legal = state.legal_actions()
    assert isinstance(legal, Sequence) and not isinstance(legal, MutableSequence)
    assert not hasattr(legal, "append") and state.legal_actions() == legal
    mine = list(legal)
    mine.append("BID:99")
    mine.clear()
    assert list(state.legal_actions()) == list(legal) and len(legal) > 0
    with pytest.raises(IllegalActionError):
        state.apply_action("BID:99")


def test_lazy_legal_actions_list_only_when_read_and_only_for_their_position() -> None:
    """Self-play hands bots the legal actions unlisted: `in` asks the one-action check, reading
    lists them, and a stale sequence refuses to answer for a later position."""
    state = SkullKingState(SkullKingOptions(players=3), seed=4)
    legal = state.lazy_legal_actions()
    assert "BID:1" in legal and "BID:2" not in legal and 42 not in legal
    assert state._legal is None  # nothing listed yet
    assert list(legal) == ["BID:0", "BID:1"] and len(legal) == 2 and legal[-1] == "BID:1"
    assert pick(legal, random.Random(0)) in ("BID:0", "BID:1")
    state.apply_action("BID:0")
    stale = state.lazy_legal_actions()
    state.apply_action("BID:0")
    with pytest.raises(RuntimeError, match="position the game has left"):
        list(stale)
    with pytest.raises(RuntimeError):
        "BID:0" in stale  # noqa: B015


def test_events_and_log_are_there_for_whoever_reads_them() -> None:
    """A state that nobody listened to tells the same story, on first asking, as one that
    recorded from the start, and goes on recording from then on."""
    options = SkullKingOptions(players=4, pirate_powers=True, advanced_cards=True)
    quiet = SkullKingState(options, seed=9)
    loud = SkullKingState(options, seed=9, record=True)
    rng = random.Random(3)
    for _ in range(120):
        action = pick(loud.legal_actions(), rng)
        quiet.apply_action(action)
        loud.apply_action(action)
    assert not quiet.recording and quiet._events == []
    assert quiet.events == loud.events and quiet.log == loud.log and quiet.recording
    while not loud.is_terminal():
        action = pick(loud.legal_actions(), rng)
        quiet.apply_action(action)
        loud.apply_action(action)
    assert quiet.events == loud.events and quiet.events_for(1) == loud.events_for(1)


def eager(state: SkullKingState, player: int) -> dict[str, object]:
    """Every field of a view read at once, while the state stands still."""
    return state.observation(player).values()


def test_a_view_held_across_actions_shows_the_moment_it_was_made() -> None:
    state = SkullKingState(SkullKingOptions(players=4, pirate_powers=True), seed=5, record=True)
    rng = random.Random(5)
    held = []
    for _ in range(150):
        seat = state.current_player()
        view = state.observation(seat)
        held.append((view, eager(state, seat)))
        _ = view.hand  # read one field now, the rest after the game has moved on
        state.apply_action(pick(state.legal_actions(), rng))
    for view, then in held:
        assert view.values() == then
        assert view._state is None  # let go of the state: it holds no other hand


def test_a_view_reads_only_what_its_seat_may_know() -> None:
    state = SkullKingState(SkullKingOptions(players=3), seed=2)
    state.apply_action("BID:1")
    mine, theirs = state.observation(0), state.observation(1)
    assert mine.bids == (1, None, None) and theirs.bids == (None, None, None)
    assert theirs.hand == tuple(state.hands[1]) and theirs.hand != tuple(state.hands[0])
    with pytest.raises(AttributeError, match="read-only"):
        mine.hand = ()  # type: ignore[misc]
    changed = mine.replace(hand=())
    assert changed.hand == () and changed.bids == mine.bids and changed != mine
    with pytest.raises(TypeError, match="no field"):
        mine.replace(cheat=1)


def test_a_game_is_still_its_options_seed_and_actions() -> None:
    for state in positions(3, seed=7):
        if len(state.history()) % 37 == 0:
            again = SkullKingState.replay(state.options, state.seed, state.history())
            assert again.observation(0) == state.observation(0)
            assert again.legal_actions() == state.legal_actions()


def test_a_detached_view_is_a_snapshot_for_another_thread() -> None:
    state = SkullKingState(SkullKingOptions(players=3), seed=2)
    view = state.observation(1).detached()
    assert view._state is None and view.values() == state.observation(1).values()
    state.apply_action("BID:0")
    assert view.has_bid == (False, False, False)  # still the moment it was made


def test_a_glance_shows_its_position_and_refuses_to_answer_for_a_later_one() -> None:
    """What a bot is handed in self-play: the same fields as the observation while the state
    stands still; a field first read after the next action raises rather than show it."""
    state = SkipBoState(SkipBoOptions(players=4), seed=3)
    seat = state.current_player()
    later = state.glance(seat)
    assert state._views is None  # nothing for the state to fill in when it moves on
    assert later.values() == state.observation(seat).values()
    later = state.glance(seat)
    hand = later.hand  # read now: it stays what it was
    state.apply_action(SkipBoBuildFirst(random.Random(0)).act(later, state.legal_actions()))
    assert later.hand == hand
    with pytest.raises(RuntimeError, match="position the game has left"):
        _ = later.build
