"""What every table game's rule options share: one frozen dataclass, read from and written to
JSON and the command line the same way, so a save names its rules completely."""

from __future__ import annotations

from dataclasses import fields, replace
from enum import Enum
from typing import Any, Self


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
        text = str(raw).strip().lower().replace("_", "-")
        for member in enum:
            if text in (member.value, member.name.lower().replace("_", "-")):
                return member
        allowed = ", ".join(m.value for m in enum)
        raise ValueError(f"{name}: expected one of {allowed}, got {raw!r}")
    raise ValueError(f"{name}: cannot set from {raw!r}")
