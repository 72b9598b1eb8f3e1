"""Positions as text, as FEN is for chess: one line that sets a table game where it stands.

    skip-bo rules=players:2,stock:10 seed=7 game=0 starter=0 turn=1 ...

`state.position()` writes it and `type(state).from_position(text)` reads it back, so that a
test, a tool or a person can set any position without assigning a state's fields. The line is
the game's key (cards/registry.py), then `name=value` fields separated by single spaces, in the
order the game writes them (a reader takes them in any order); no value holds a space. What
every game shares:
- `rules=` the rule options that differ from the defaults, as `name:value` items (`players`
  always first);
- `seed=` the game's seed: with it the position is a full one (every card where it lies, the
  deck's order too), and the chance to come (deals, reshuffles, dice) follows exactly as in the
  game it was taken from. A seat's view (`state.position(seat)`) writes `view=SEAT` instead and
  leaves out what that seat cannot see: `from_position` fills it in at random (the game's
  `from_view`, a determinisation drawn from the generator it is given);
- numbers in decimal; `-` for nothing (an empty list, no seat, no bid yet);
- a list's items are separated by `,`, one list per seat by `/` (seat 0 first); an item's own
  parts by `:`;
- `?` for a card the viewer cannot see, `?N` for N of them.
Each game lists its fields in its module docstring (and the README's developer section shows
one of each). A bad or impossible position is refused with one line naming the field and what
was expected (`PositionError`, a ValueError).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from enum import Enum
from typing import Any, TypeVar

T = TypeVar("T")
NONE = "-"  # nothing: an empty list, no seat, no bid yet
HIDDEN = "?"  # a card the viewer cannot see


class PositionError(ValueError):
    """A position text that cannot be read: one line naming the field and what was expected."""


def fail(name: str, expected: str, got: str) -> PositionError:
    """The refusal of field `name`: `position: NAME: expected WHAT, got 'TEXT'`."""
    shown = got if len(got) <= 40 else got[:37] + "..."
    return PositionError(f"position: {name}: expected {expected}, got {shown!r}")


def game_key(kind: type) -> str:
    """The registry's key of a state class's game (its engine package's entry): the first word
    of its positions."""
    from cards.registry import GAMES

    for klass in kind.__mro__:
        parts = klass.__module__.split(".")
        if parts[0] == "cards" and len(parts) > 2:
            for info in GAMES:
                if info.package == parts[1]:
                    return info.key
    return kind.__name__


def write(key: str, pairs: Iterable[tuple[str, str]]) -> str:
    """The one line: the game's key, then `name=value` for each field."""
    return " ".join([key, *(f"{name}={value}" for name, value in pairs)])


class Fields:
    """A position's fields as read from its text, each taken once by the game's reader; `done()`
    refuses any left over (a field the game does not have)."""

    def __init__(self, text: str, key: str) -> None:
        if not isinstance(text, str):
            raise PositionError(f"position: expected a line of text, got {type(text).__name__}")
        words = text.split()
        if not words:
            raise PositionError("position: expected a line of text, got nothing")
        if words[0] != key:
            raise fail("game", f"{key!r} first", words[0])
        self.key = key
        self._values: dict[str, str] = {}
        for word in words[1:]:
            name, sep, value = word.partition("=")
            if not sep or not name or not value:
                raise fail(name or word, "name=value with no spaces", word)
            if name in self._values:
                raise fail(name, "each field once", word)
            self._values[name] = value

    def has(self, name: str) -> bool:
        return name in self._values

    def text(self, name: str, default: str | None = None) -> str:
        """The field's text, taken; a missing field is refused unless it has a default."""
        value = self._values.pop(name, None)
        if value is None:
            if default is None:
                raise PositionError(f"position: {name}: missing (expected {name}=...)")
            return default
        return value

    def int(
        self, name: str, low: int = 0, high: int | None = None, default: int | None = None
    ) -> int:
        value = self.text(name, None if default is None else str(default))
        return number(name, value, low, high)

    def seat(self, name: str, players: int, default: str | None = None) -> int | None:
        """A seat number below `players`, or None for `-`."""
        value = self.text(name, default)
        return None if value == NONE else number(name, value, 0, players - 1, "a seat")

    def flag(self, name: str, default: bool | None = None) -> bool:
        value = self.text(name, None if default is None else ("1" if default else "0"))
        if value not in ("0", "1"):
            raise fail(name, "0 or 1", value)
        return value == "1"

    def done(self) -> None:
        """Refuse a field the game did not read."""
        for name, value in self._values.items():
            raise fail(name, f"no such field in a {self.key} position", f"{name}={value}")


def number(name: str, text: str, low: int = 0, high: int | None = None, what: str = "") -> int:
    """`text` as a whole number from `low` to `high` (refused naming `name` otherwise)."""
    span = f"{low} to {high}" if high is not None else f"{low} or more"
    expected = f"{what} ({span})" if what else f"a whole number from {span}"
    try:
        value = int(text)
    except ValueError:
        raise fail(name, expected, text) from None
    if not text.lstrip("-").isdigit() or value < low or (high is not None and value > high):
        raise fail(name, expected, text)
    return value


def items(values: Iterable[str]) -> str:
    """A list: items joined by `,`, `-` when empty."""
    return ",".join(values) or NONE


def read_items(name: str, text: str, read: Callable[[str], T]) -> list[T]:
    """Inverse of `items`, each item read by `read` (a ValueError there names the item)."""
    if text == NONE:
        return []
    out = []
    for item in text.split(","):
        try:
            out.append(read(item))
        except PositionError:
            raise
        except (ValueError, KeyError, IndexError):
            raise fail(name, "a list of items separated by ','", item) from None
    return out


def per_seat(values: Iterable[str]) -> str:
    """One value per seat, joined by `/`."""
    return "/".join(values)


def read_per_seat(name: str, text: str, seats: int) -> list[str]:
    """Inverse of `per_seat`, exactly `seats` values."""
    parts = text.split("/")
    if len(parts) != seats:
        raise fail(name, f"{seats} values separated by '/' (one a seat)", text)
    return parts


def ints(values: Iterable[int | None]) -> str:
    """Numbers as a list (`-` for None)."""
    return items(NONE if v is None else str(v) for v in values)


def read_ints(name: str, text: str, count: int | None = None, low: int = 0) -> list[int]:
    """Inverse of `ints` for whole numbers (`count` of them, if given)."""
    out = read_items(name, text, lambda v: number(name, v, low))
    if count is not None and len(out) != count:
        raise fail(name, f"{count} numbers separated by ','", text)
    return out


def hidden(count: int) -> str:
    """`count` cards the viewer cannot see."""
    return HIDDEN if count == 1 else f"{HIDDEN}{count}"


def hidden_count(name: str, text: str) -> int | None:
    """How many hidden cards `text` stands for (`?`, `?N`), or None: it names cards."""
    if not text.startswith(HIDDEN):
        return None
    rest = text[1:]
    if not rest:
        return 1
    if not rest.isdigit():
        raise fail(name, "? or ?N for N cards not seen", text)
    return int(rest)


def read_cards(name: str, text: str, hidden_ok: bool, card: Callable[[str, str], str]) -> list[str]:
    """Field `name`'s cards, each read by the game's `card(name, code)`; "?N" (N cards the
    viewer cannot see) only where hidden cards may stand (a seat's view, not a full position)."""
    out: list[str] = []
    for item in read_items(name, text, str):
        count = hidden_count(name, item)
        if count is None:
            out.append(card(name, item))
        elif not hidden_ok:
            raise fail(name, "cards (a full position hides none)", item)
        else:
            out += [HIDDEN] * count
    return out


def rules(options: Any) -> str:
    """The rule options as `rules=`: `players` first, then those that differ from the
    defaults, as `name:value`."""
    default = type(options)()
    out = [f"players:{options.players}"]
    for f in fields(options):
        value = getattr(options, f.name)
        if f.name != "players" and value != getattr(default, f.name):
            shown = value.value if isinstance(value, Enum) else value
            if isinstance(shown, bool):
                shown = "true" if shown else "false"
            out.append(f"{f.name}:{shown}")
    return ",".join(out)


def read_rules(found: Fields, kind: type[T]) -> T:
    """The `rules=` field as the game's options (refused naming `rules` and the option)."""
    text = found.text("rules")
    pairs: dict[str, str] = {}
    for item in text.split(","):
        name, sep, value = item.partition(":")
        if not sep or not name or not value:
            raise fail("rules", "name:value items separated by ','", item)
        if name in pairs:
            raise fail("rules", "each option once", item)
        pairs[name] = value
    try:
        return kind().with_values(pairs)  # type: ignore[attr-defined, no-any-return]
    except (ValueError, TypeError) as err:
        raise PositionError(f"position: rules: {err}") from None


def seed_or_view(found: Fields, players: int) -> tuple[int | None, int | None]:
    """(seed, viewer): a full position has a seed, a seat's view names the seat instead."""
    if found.has("seed") and found.has("view"):
        raise fail("view", "no seed with a seat's view (a seed would tell the hidden cards)", "")
    if found.has("view"):
        return None, found.seat("view", players)
    text = found.text("seed")
    try:
        return int(text), None
    except ValueError:
        raise fail("seed", "a whole number", text) from None


def head(state: Any, viewer: int | None) -> list[tuple[str, str]]:
    """The fields every position starts with: its rules, then its seed or its viewer."""
    out = [("rules", rules(state.options))]
    if viewer is None:
        out.append(("seed", str(state.seed)))
    else:
        if not 0 <= viewer < state.num_players:
            raise ValueError(f"no seat {viewer}")
        out.append(("view", str(viewer)))
    return out


def settle(state: Any) -> Any:
    """A state read from a position, made ready to play on: no history before it (its actions
    are those applied since), no events, and not rebuilt by its actions alone (a held view is
    filled in rather than replayed)."""
    state._history = []
    state._events = []
    state.recording = False
    state._replayable = False
    state._legal = None
    state._views = None
    state._moves = 0
    state._start = None
    state._start = state.position()  # where its save and its events start
    return state


def require(ok: bool, name: str, expected: str, got: str) -> None:
    """Refuse field `name` unless `ok` (an impossible position)."""
    if not ok:
        raise fail(name, expected, got)
