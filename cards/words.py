"""Words as a person writes them: "1 card", "you bid", "Anne bids": every game's log and reasons
(the engines write their events in words with these; the tables re-export them)."""

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


def opening(text: str) -> str:
    """`text` to open a sentence: its first letter made a capital and nothing else changed
    (str.capitalize would lower the rest: 'McKay' as 'Mckay')."""
    return text[:1].upper() + text[1:]


def as_read_by(names: Sequence[str], reader: int) -> list[str]:
    """The seats' names as the person in seat `reader` reads them in a sentence. "You" means
    the reader only to the seat so named: to anyone else that seat is a name like any other,
    quoted and in the third person ('"You" plays'), so no line reads as the reader's own move."""
    if 0 <= reader < len(names) and names[reader] == YOU:
        return list(names)
    return [f'"{YOU}"' if name == YOU else name for name in names]


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


__all__ = [
    "YOU",
    "as_read_by",
    "listing",
    "obj",
    "opening",
    "plural",
    "possessive",
    "says",
    "winners_line",
]
