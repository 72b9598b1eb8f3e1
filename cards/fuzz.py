"""Seeded random playouts, invariants and determinism checks for every registered table game.

open_spiel's random_sim_test and rlcard's determinism test, written once against `GameEntry`:
only legal actions are taken, no card is created or lost, the game ends, a save round-trips
through JSON, (options, seed, actions) rebuilds the same game, and calling the global `random`
between steps changes nothing. A game adds its own checks through `GameEntry.invariants`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cards.engine import GameState, make_rng, pick
from cards.registry import GameEntry

MAX_ACTIONS = 20_000  # a game still running after this many actions is taken not to end


class FuzzFailure(AssertionError):
    """An invariant broke: the message names the game, the seed and the action number."""


@dataclass(frozen=True)
class Playout:
    options: Any
    seed: int
    state: GameState[Any]


def options_for(entry: GameEntry, seed: int) -> Any:
    """The rule set a fuzz seed plays: the game's own spread, else a seat count in its range."""
    rng = make_rng(seed, "options")
    if entry.fuzz_options is not None:
        return entry.fuzz_options(rng)
    low, high = entry.players
    return entry.make_options(low + int(rng.random() * (high - low + 1)), {})


def _fail(entry: GameEntry, seed: int, step: int, what: str) -> FuzzFailure:
    return FuzzFailure(f"{entry.name}, seed {seed}, action {step}: {what}")


def random_playout(
    entry: GameEntry,
    seed: int,
    *,
    check_every: int = 1,
    meddle: bool = False,
    max_actions: int = MAX_ACTIONS,
    options: Any = None,
) -> Playout:
    """Play seed's game to the end with uniformly random legal actions, checking as it goes.

    `check_every` spaces the card count and the game's invariants (1: after every action);
    `meddle` calls the global generator between actions, which must change nothing; `options`
    fixes the rules (else the seed draws them).
    """
    options = options_for(entry, seed) if options is None else options
    state = entry.new_state(options, seed)
    rng = make_rng(seed, "fuzz")
    cards = entry.all_cards(state) if entry.all_cards is not None else None
    step = 0
    seen: list[Any] = []  # actions legal somewhere in this game: candidates for the cheap check
    while not state.is_terminal():
        legal = state.legal_actions()
        if not legal:
            raise _fail(entry, seed, step, "no legal action, yet the game is not over")
        keys = set(map(repr, legal))
        if len(keys) != len(legal):
            raise _fail(entry, seed, step, f"legal actions repeat: {legal!r}")
        if step % check_every == 0:
            _check_cheap_legality(entry, seed, step, state, legal, keys, seen)
        seen = [*seen, *legal][-60:]
        state.apply_action(pick(legal, rng))
        step += 1
        if meddle:
            random.seed(random.random())
            random.random()
        if step >= max_actions:
            raise _fail(entry, seed, step, "the game does not end")
        if step % check_every == 0 or state.is_terminal():
            _check(entry, seed, step, state, cards)
    if state.legal_actions():
        raise _fail(entry, seed, step, "legal actions after the game is over")
    return Playout(options, seed, state)


def _check_cheap_legality(
    entry: GameEntry,
    seed: int,
    step: int,
    state: GameState[Any],
    legal: list[Any],
    keys: set[str],
    candidates: list[Any],
) -> None:
    """A game's one-action check (what apply_action asks without the list) agrees with the list,
    on the legal actions and on actions legal elsewhere in the game."""
    for action in [*legal, *candidates]:
        if state._is_legal(action) != (repr(action) in keys):
            raise _fail(entry, seed, step, f"the cheap check is wrong about {action!r}")


def _check(entry: GameEntry, seed: int, step: int, state: GameState[Any], cards: Any) -> None:
    if cards is not None and entry.all_cards is not None:
        now = entry.all_cards(state)
        if now != cards:
            gone, made = cards - now, now - cards
            raise _fail(entry, seed, step, f"cards lost {dict(gone)}, created {dict(made)}")
    if entry.invariants is not None:
        try:
            entry.invariants(state)
        except AssertionError as err:
            raise _fail(entry, seed, step, f"invariant: {err}") from None


def same_game(a: GameState[Any], b: GameState[Any]) -> bool:
    """Equal as far as anyone can tell: history, outcome and every seat's observation."""
    return (
        a.history() == b.history()
        and a.returns() == b.returns()
        and a.is_terminal() == b.is_terminal()
        and all(a.observation(p) == b.observation(p) for p in range(a.num_players))
    )


def check_round_trips(entry: GameEntry, playout: Playout) -> None:
    """The save (through JSON) and (options, seed, actions) both rebuild the very same game."""
    state = playout.state
    record = json.loads(json.dumps(state.to_record()))  # type: ignore[attr-defined]
    if not same_game(entry.load(record), state):
        raise _fail(entry, playout.seed, len(state.history()), "the save loads a different game")
    actions = json.loads(json.dumps(state.history()))
    if not same_game(entry.replay(playout.options, playout.seed, actions), state):
        raise _fail(entry, playout.seed, len(actions), "replaying the actions differs")


def bot_playout(entry: GameEntry, seed: int, *, meddle: bool, max_actions: int) -> list[Any]:
    """The actions of seed's game with the bots seated in turn (quick settings), up to a cap."""
    options = options_for(entry, seed)
    state = entry.new_state(options, seed)
    bots = []
    for p in range(state.num_players):
        name = entry.bot_names[p % len(entry.bot_names)]
        settings = dict(entry.quick_bots.get(name, {}))
        bots.append(entry.make_bot(name, make_rng(seed, "bot", p), **settings))
    while not state.is_terminal() and len(state.history()) < max_actions:
        if meddle:
            random.seed(random.random())
            random.random()
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), state.legal_actions()))
    return state.history()


def check_determinism(entry: GameEntry, seed: int, max_actions: int = 150) -> None:
    """rlcard's test: random playouts and bot games ignore the global `random` entirely."""
    random.seed(seed)
    calm = random_playout(entry, seed, check_every=10**9).state.history()
    random.seed(seed + 1)
    busy = random_playout(entry, seed, check_every=10**9, meddle=True).state.history()
    if calm != busy:
        raise _fail(entry, seed, 0, "the global random generator changed a random playout")
    random.seed(seed)
    calm = bot_playout(entry, seed, meddle=False, max_actions=max_actions)
    random.seed(seed + 1)
    busy = bot_playout(entry, seed, meddle=True, max_actions=max_actions)
    if calm != busy:
        raise _fail(entry, seed, 0, "the global random generator changed the bots' game")


def fuzz(entry: GameEntry, seeds: Sequence[int], check_every: int = 1) -> int:
    """Random playouts of every seed with the round trips checked; the number of actions taken."""
    actions = 0
    for seed in seeds:
        playout = random_playout(entry, seed, check_every=check_every)
        check_round_trips(entry, playout)
        actions += len(playout.state.history())
    return actions
