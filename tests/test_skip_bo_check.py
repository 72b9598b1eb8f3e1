"""Skip-Bo's apply_action checks an action on its own copy of the one-action test (the action
parsed once for its check and its play), and play keeps the figures every decision reads up to
date by itself (the building piles' needs and their bits, which piles take a wild; the piles
each card fits, worked out again only when the legal list is read): both held here, position by
position, against `_is_legal`, the listed legal actions and a fresh `refresh_tops`."""

from __future__ import annotations

import random

import pytest

from cards.engine import NOT_AN_ACTION, IllegalActionError
from cards.skip_bo.options import SkipBoOptions
from cards.skip_bo.state import _PARSED, SkipBoState, _fits, bits

ACTIONS = [*_PARSED, "H13>B0", "S9>B0", "D0.4>B0", "", "END ", 7, None, ("END",)]


def _positions(options: SkipBoOptions, seed: int, moves: int) -> list[SkipBoState]:
    state = SkipBoState(options, seed)
    rng = random.Random(seed)
    out = [state.clone()]
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = list(state.legal_actions())
        state.apply_action(legal[int(rng.random() * len(legal))])
        out.append(state.clone())
    return out


def _fresh(state: SkipBoState) -> tuple[object, ...]:
    """The figures play keeps, worked out from the piles themselves."""
    copy = state.clone()
    copy.refresh_tops()
    return (
        copy.needs_now,
        copy.needs_bits_now,
        copy.wild_ok_now,
        copy.stock_tops_now,
        copy.discard_tops_now,
        copy.discard_bits_now,
        copy.hand_bits,
    )


@pytest.mark.parametrize(
    "options",
    [
        SkipBoOptions(players=3, stock=10),
        SkipBoOptions(players=4, partners=True, stock=10),
        SkipBoOptions(players=2, stock=10, edition_1980=True),
    ],
    ids=["three", "partners", "1980"],
)
def test_apply_action_allows_exactly_what_is_legal(options: SkipBoOptions) -> None:
    for seed in range(3):
        for state in _positions(options, seed, 400)[::3]:
            legal = set(state.legal_actions())
            for action in ACTIONS:
                try:
                    allowed = state._is_legal(action)  # type: ignore[arg-type]
                except NOT_AN_ACTION:  # what the engine's callers of it catch
                    allowed = False
                assert allowed == (action in legal), (seed, action)
                for listed in (False, True):  # on the one-action test, and on the kept list
                    copy = state.clone()
                    if listed:
                        copy._legal = copy._listed()
                    try:
                        copy.apply_action(action)  # type: ignore[arg-type]
                    except IllegalActionError:
                        assert not allowed, (seed, action, listed)
                    else:
                        assert allowed, (seed, action, listed)


def test_play_keeps_the_figures_as_the_piles_say() -> None:
    for options in (SkipBoOptions(players=4, stock=20), SkipBoOptions(edition_1980=True)):
        for state in _positions(options, 11, 1500):
            kept = (
                state.needs_now,
                state.needs_bits_now,
                state.wild_ok_now,
                state.stock_tops_now,
                state.discard_tops_now,
                state.discard_bits_now,
                state.hand_bits,
            )
            assert kept == _fresh(state)
            assert state.needs_bits_now == bits(state.needs_now)
            fits = state.fits_now
            assert fits is None or fits == _fits(state.needs_now, state.wild_ok_now)
