"""What every table game's rule options share: one frozen dataclass, read from and written to
JSON and the command line the same way, so a save names its rules completely; and what a setup
screen shows of each (`rule`: its row's label, tooltip and choices), so no screen lists them
again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from enum import Enum
from typing import Any, Self

OptionRow = tuple[str, list[tuple[Any, str]], Any, str]  # (label, choices, value, name)
OFF_ON = ((False, "Off"), (True, "On"))


def rule(label: str, tip: str, choices: Sequence[tuple[Any, str]] = ()) -> dict[str, Any]:
    """A rule option's field metadata (`field(default=..., metadata=rule(...))`): what a setup
    screen shows of it, its row's label and tooltip, and its choices as (value, words): Off
    and On for a true/false rule, each member of an enum by its value, unless given. A field
    without it (the seats, a board's edition) is no row."""
    return {"label": label, "tip": tip, "choices": tuple(choices)}


def rule_rows(options: Any) -> list[OptionRow]:
    """Every rule row of `options` (its fields made with `rule`), in the fields' order, each
    showing the option's value."""
    rows: list[OptionRow] = []
    for f in fields(options):
        label = f.metadata.get("label")
        if label:
            value = getattr(options, f.name)
            rows.append((label, list(f.metadata["choices"] or _choices(value)), value, f.name))
    return rows


def rule_tips(options: Any) -> dict[str, str]:
    """Each rule row's tooltip, by the option's name."""
    return {f.name: f.metadata["tip"] for f in fields(options) if f.metadata.get("label")}


def _choices(value: Any) -> Sequence[tuple[Any, str]]:
    if isinstance(value, bool):
        return OFF_ON
    if isinstance(value, Enum):
        return [(m, m.value.replace("-", " ").capitalize()) for m in type(value)]
    raise TypeError(f"a rule of {type(value).__name__} values names its choices")


class OptionSet:
    """Mixed into a game's frozen options dataclass: JSON form, and settings from text."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (enums by value) for saves."""
        out: dict[str, Any] = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, Enum) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Inverse of to_dict; unknown keys or bad values raise ValueError naming the field."""
        return cls().with_values(data)

    def with_values(self, data: dict[str, Any]) -> Self:
        """A copy with fields set from JSON values or CLI strings ("true", "rascal", "3")."""
        known = {f.name: f for f in fields(self)}  # type: ignore[arg-type]
        changes: dict[str, Any] = {}
        for key, raw in data.items():
            name = key.replace("-", "_")
            if name not in known:
                raise ValueError(f"unknown option {key!r} (known: {', '.join(known)})")
            changes[name] = coerce(name, getattr(self, name), raw)
        return replace(self, **changes)  # type: ignore[type-var]


def coerce(name: str, current: Any, raw: Any) -> Any:
    """`raw` (JSON or command-line text) as a value of `current`'s type, or ValueError."""
    if isinstance(current, bool):
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"{name}: expected true/false, got {raw!r}")
    if isinstance(current, int):
        if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
            raise ValueError(f"{name}: expected an integer, got {raw!r:.40}")
        try:
            return int(raw)
        except (TypeError, ValueError, OverflowError):  # a list; text; infinity
            raise ValueError(f"{name}: expected an integer, got {raw!r:.40}") from None
    if isinstance(current, Enum):
        enum = type(current)
        if isinstance(raw, enum):
            return raw
        text = str(raw).strip().lower().replace("_", "-")
        for member in enum:
            if text in (member.value, member.name.lower().replace("_", "-")):
                return member
        allowed = ", ".join(m.value for m in enum)
        raise ValueError(f"{name}: expected one of {allowed}, got {raw!r}")
    raise ValueError(f"{name}: cannot set from {raw!r}")
