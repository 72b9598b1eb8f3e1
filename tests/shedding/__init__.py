"""Shed, a small shedding game written only for the tests (issue 42): its engine package
(`engine`) and its scene package (`scenes`) beside each other here, registered through
`cards.registry.GAMES.register` for a test's duration (`registered()`), and then played by
every shared test, tool and screen without another file naming it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cards.registry import GAMES, GameInfo

INFO = GameInfo(
    key="shed",
    title="Shed",
    blurb="The tests' own shedding game: match the colour or the number, first out wins.",
    package="shed",
    order=95,
    save_format="skully-shed-table",
    engine="tests.shedding.engine",
    scenes="tests.shedding.scenes",
)


@contextmanager
def registered() -> Iterator[GameInfo]:
    """Shed is a registered game inside the block, and gone after it."""
    with GAMES.register(INFO) as info:
        yield info
