"""What goes on the wire: one JSON encoder for everything the engines hand out (views, events,
enums, tuples, dataclasses), and one decoder that never evaluates anything.

A view goes by its fields, an event or a record by its fields with its class's name under
"class", an enum by its value, tuples (named ones too) and sets as lists. Numbers that are not
finite are refused: JSON has no word for them."""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from cards.engine import View
from cards.options import OptionSet


class WireError(ValueError):
    """A frame that is not one JSON object: said in words, the connection is closed."""


_FIELDS: dict[type, tuple[str, ...]] = {}


def _plain(value: Any) -> Any:
    """What json cannot write by itself, one level down (json calls it again for the rest)."""
    if isinstance(value, View):
        return value.values()
    if isinstance(value, OptionSet):
        return value.to_dict()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            raise TypeError(f"cannot send a {kind.__name__}")
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
    out: dict[str, Any] = {"class": kind.__name__}  # no field of ours is named so
    for name in names:
        out[name] = getattr(value, name)
    return out


def encode(message: Any) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, default=_plain, separators=(",", ":"), allow_nan=False)


def to_wire(value: Any) -> Any:
    """`value` as the receiving end reads it: plain dicts, lists, text and numbers."""
    return json.loads(encode(value))


def decode(frame: str | bytes) -> dict[str, Any]:
    """A received frame as a JSON object; anything else (bytes that are not UTF-8, bad JSON,
    numbers too long, nesting too deep, not an object) raises WireError."""
    if isinstance(frame, bytes):
        try:
            frame = frame.decode("utf-8")
        except UnicodeDecodeError:
            raise WireError("a frame that is not UTF-8 text") from None
    try:
        data = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise WireError("a frame that is not JSON") from None
    if not isinstance(data, dict):
        raise WireError("a frame that is not a JSON object")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
