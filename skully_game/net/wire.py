"""What goes on the wire: one JSON encoder for everything the engines hand out (views, events,
enums, tuples, dataclasses), and one decoder that never evaluates anything.

A view goes by its fields, an event or a record by its fields with its class's name under
"class", an enum by its value, tuples (named ones too) and sets as lists. Numbers that are not
finite are refused: JSON has no word for them."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from enum import Enum
from functools import lru_cache
from operator import attrgetter
from typing import Any

from cards.engine import View
from cards.options import OptionSet


class WireError(ValueError):
    """A frame that is not one JSON object: said in words, the connection is closed."""


_CONVERT: dict[type, Callable[[Any], Any]] = {}  # by exact type: the way found once


def _plain(value: Any) -> Any:
    """What json cannot write by itself, one level down (json calls it again for the rest)."""
    convert = _CONVERT.get(type(value))
    if convert is None:
        convert = _CONVERT[type(value)] = _converter(value)
    return convert(value)


def _converter(value: Any) -> Callable[[Any], Any]:
    """How values of `value`'s type go on the wire (found once per type: a busy server writes
    many thousands of cards and events a second)."""
    if isinstance(value, View):
        return lambda v: v.values()
    if isinstance(value, OptionSet):
        return _options
    if isinstance(value, Enum):
        return lambda v: v.value
    if isinstance(value, set | frozenset):
        return lambda v: sorted(v, key=repr)
    kind = type(value)
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        raise TypeError(f"cannot send a {kind.__name__}")
    names = tuple(f.name for f in dataclasses.fields(value))
    label = kind.__name__  # under "class": no field of ours is named so
    if len(names) < 2:  # (attrgetter of one name gives the value, not a tuple)

        def few_fields_of(v: Any) -> dict[str, Any]:
            out: dict[str, Any] = {"class": label}
            for name in names:
                out[name] = getattr(v, name)
            return out

        return few_fields_of
    read = attrgetter(*names)  # every field in one call (a busy server writes thousands)

    def fields_of(v: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"class": label}
        out.update(zip(names, read(v), strict=True))
        return out

    return fields_of


@lru_cache(maxsize=256)
def _options_of(options: OptionSet) -> dict[str, Any]:
    """A game's rule options, as `to_dict` gives them, worked out once for each set of
    options (frozen, compared by value): every update of a table game carries them."""
    return options.to_dict()


def _options(options: OptionSet) -> dict[str, Any]:
    """`_options_of`, for options that cannot be compared by value (then made each time).
    The dict handed out is only read by the encoder, never changed."""
    try:
        return _options_of(options)
    except TypeError:  # (unhashable)
        return options.to_dict()


_ENCODER = json.JSONEncoder(default=_plain, separators=(",", ":"), allow_nan=False)


def encode(message: Any) -> str:
    """A message as compact JSON text."""
    return _ENCODER.encode(message)


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
