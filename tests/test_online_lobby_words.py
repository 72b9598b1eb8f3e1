"""The lobby names a computer player's level as the host page and the table do ("Steady"), never
by the wire's word ("heuristic")."""

from __future__ import annotations

from types import SimpleNamespace

from skully_game.scenes.online.lobby import seat_words


def computer(level: str) -> dict:
    return {"seat": 1, "open": False, "kind": "computer", "level": level, "host": False}


def test_a_computer_seat_is_named_in_the_registry_s_plain_words() -> None:
    link = SimpleNamespace(game="skull-king", seat=0)
    assert seat_words(link, computer("heuristic")) == "computer, Steady"  # type: ignore[arg-type]
    link.game = "skip-bo"
    assert seat_words(link, computer("build-first")) == "computer, Builder"  # type: ignore[arg-type]


def test_skully_s_levels_read_as_words() -> None:
    link = SimpleNamespace(game="skully", seat=0)
    assert seat_words(link, computer("street-legend")) == "computer, street legend"  # type: ignore[arg-type]
