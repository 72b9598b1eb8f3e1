"""Rule sets that play every value of every option a registered game declares (its OPTIONS, its
seat counts, its fuzz draws): what tools/save_roundtrip.py deals its card games from, so a new
option or a new game is played without a list written here."""

from __future__ import annotations

import json
import random
from dataclasses import fields
from enum import Enum
from typing import Any

from cards.registry import GameEntry


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


_option_sets: dict[str, list[Any]] = {}


def option_sets(entry: GameEntry) -> list[Any]:
    """Rule sets covering every value of every option the game declares: each seat count, each
    member of an enum, both values of a switch, every number its fuzz rule sets draw (and one
    limit where they draw none); each set is the defaults with that one option changed, or, if
    the rules refuse that alone, a rule set of the game's fuzz draws that has it."""
    if entry.name in _option_sets:
        return _option_sets[entry.name]
    low, high = entry.players
    counts = list(range(low, high + 1))
    draws = [entry.fuzz_options(random.Random(k)) for k in range(400)] if entry.fuzz_options else []
    base = entry.make_options(low, {})
    values: dict[str, list[Any]] = {}
    for f in fields(base):
        current = getattr(base, f.name)
        if f.name == "players":
            continue
        if isinstance(current, bool):
            found: list[Any] = [False, True]
        elif isinstance(current, Enum):
            found = list(type(current))
        else:
            found = sorted({current, *(getattr(d, f.name) for d in draws)})
            if len(found) == 1 and isinstance(current, int):
                found.append(current + 25)  # a limit the draws never set (Skip-Bo's turns)
        values[f.name] = found
    sets: list[Any] = [entry.make_options(n, {}) for n in counts]
    for name, found in values.items():
        for value in found:
            made = _with(entry, counts, name, value)
            if made is None:
                made = next((d for d in draws if getattr(d, name) == value), None)
            if made is not None:
                sets.append(made)
    unique: dict[str, Any] = {}
    for options in sets:
        unique.setdefault(json.dumps(options.to_dict(), sort_keys=True), options)
    _option_sets[entry.name] = list(unique.values())
    return _option_sets[entry.name]


def _with(entry: GameEntry, counts: list[int], name: str, value: Any) -> Any:
    """The defaults for the first seat count that allows `name` = `value`, or None."""
    order = sorted(counts, key=lambda n: (n != 4, n))  # four seats first: most rules allow it
    for n in order:
        try:
            return entry.make_options(n, {name: _plain(value)})
        except (ValueError, TypeError):
            continue
    return None
