"""Words as a person writes them: "1 card", "you bid", "Anne bids" — for every game's log."""

from __future__ import annotations

from collections.abc import Sequence

YOU = "You"


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 card', '3 cards', '0 cards'."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def says(name: str, third: str, base: str) -> str:
    """A name with its verb: 'Anne plays', 'You play' (and mid-sentence 'you play')."""
    return f"{name} {base if name in (YOU, obj(YOU)) else third}"


def obj(name: str) -> str:
    """A name as the object of a verb: 'you', 'Anne'."""
    return "you" if name == YOU else name


def possessive(name: str) -> str:
    """'Your', 'Anne's': whose shapes, whose turn."""
    return "Your" if name == YOU else f"{name}'s"


def listing(items: Sequence[str]) -> str:
    """'Anne', 'Anne and Bo', 'Anne, Bo and Cy'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def winners_line(names: Sequence[str]) -> str:
    """'Anne wins!', 'You win!', 'Anne and Bo win!'."""
    if len(names) == 1:
        return f"{says(names[0], 'wins', 'win')}!"
    return f"{listing(names)} win!"


__all__ = ["YOU", "listing", "obj", "plural", "possessive", "says", "winners_line"]
