"""A view held while the game moves on shows the moment it was made, in every table game, read
whenever it is read: what an engine user who keeps `observation()` across `apply_action()`
relies on, and what lets the state move on without filling every view in first."""

from __future__ import annotations

import random

import pytest

from cards.bots import RandomBot, play_out
from cards.engine import pick
from cards.registry import GAMES

ENTRIES = {info.key: info.entry() for info in GAMES}


@pytest.mark.parametrize("game", sorted(ENTRIES))
@pytest.mark.parametrize("record", [False, True])
def test_a_view_read_after_the_game_moved_on_shows_its_moment(game: str, record: bool) -> None:
    entry = ENTRIES[game]
    options = entry.fuzz_options(random.Random(7)) if entry.fuzz_options else None
    options = options or entry.make_options(entry.players[0], {})
    state = entry.state(options, 11, record)  # type: ignore[call-arg]
    rng = random.Random(3)
    held = []
    for step in range(60):
        if state.is_terminal():
            break
        seat = state.current_player()
        view = state.observation(seat)
        if step % 3 == 0:
            _ = view.FIELDS and getattr(view, view.FIELDS[-1])  # one field read now
        held.append((view, state.clone().observation(seat).values()))
        state.apply_action(pick(state.legal_actions(), rng))
    assert len(held) > 10
    for view, then in reversed(held):  # read late, the latest first
        assert view._state is None  # the live state is let go
        assert view.values() == then


def test_a_world_changed_by_hand_fills_its_views_in_before_it_moves_on() -> None:
    """A clone may be changed by hand (a search world): its options, seed and actions do not
    rebuild it, so a view of it held across an action is filled in at once."""
    entry = ENTRIES["skull-king"]
    state = entry.new_state(entry.make_options(4, {}), 5)
    world = state.clone()
    world.hands[1], world.hands[2] = world.hands[2], world.hands[1]  # dealt otherwise
    view = world.observation(1)
    hand = tuple(world.hands[1])
    world.apply_action(world.legal_actions()[0])
    assert "_past" not in view.__dict__ and view.__dict__["hand"] == hand
    assert view.hand == hand != tuple(state.hands[1])


def test_a_detached_view_keeps_nothing_of_the_game() -> None:
    entry = ENTRIES["skip-bo"]
    state = entry.new_state(entry.make_options(4, {}), 2)
    view = state.observation(0)
    state.apply_action(state.legal_actions()[0])  # the view keeps its place in the game
    assert "_past" in view.__dict__
    detached = view.detached()
    assert detached._state is None and "_past" not in detached.__dict__
    assert set(detached.FIELDS) <= set(detached.__dict__)


@pytest.mark.parametrize("game", sorted(ENTRIES))
def test_a_bot_that_never_looks_is_handed_no_view_and_plays_the_same_game(game: str) -> None:
    """Self-play makes no view for the random bot; one that looks gets its own every time."""
    seen: list[int] = []

    class Looking(RandomBot):
        reads_view = True

        def act(self, observation, legal):  # type: ignore[no-untyped-def]
            seen.append(observation.player)
            return super().act(observation, legal)

    entry = ENTRIES[game]
    seats = entry.players[0]
    options = entry.make_options(seats, {})
    blind = play_out(
        entry.new_state(options, 4), [RandomBot(random.Random(p)) for p in range(seats)]
    )
    looking = play_out(
        entry.new_state(options, 4), [Looking(random.Random(p)) for p in range(seats)]
    )
    assert blind.is_terminal() and looking.history() == blind.history()
    assert len(seen) == len(blind.history()) > 0


def test_a_state_asked_again_and_again_keeps_track_of_the_views_still_held_only() -> None:
    """A table asks for views many times a second while a person thinks: the state lets go of
    those already gone, and a view still held still shows its moment."""
    entry = ENTRIES["skull"]
    state = entry.new_state(entry.make_options(4, {}), 3)
    kept = state.observation(state.current_player())
    for _ in range(1000):
        state.observation(0)
    assert len(state._views) <= 65
    hand = kept.hand
    state.apply_action(state.legal_actions()[0])
    assert kept.values() == {**kept.values(), "hand": hand} and "_past" in kept.__dict__
