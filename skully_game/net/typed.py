"""What the server sent back into the engines' own types: a seat's view (`cards.engine.View`) and
its events, as the table at one desk reads them.

`wire.encode` writes a view as its fields, an event or a record as its fields with its class's
name under "class", an enum as its value, tuples and named tuples as lists. Each value read back
is converted to the type the engine's own annotation gives that field (a tuple of pairs, a
phase, a round's record), and a tagged object is made only into a class of the game's
allow-list: the classes its view's fields and its events module name, all from `cards.`. Nothing
on the wire is evaluated and nothing is unpickled; a value of the wrong shape is refused with
DataError naming the field and what was expected. No pygame here."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any

from cards import registry
from cards.engine import View, observed
from cards.events import Event
from cards.options import OptionSet
from skully_game.core.errors import DataError, Said, kind_of

SOURCE = "the server"  # what a refusal names as the source of the bad value
CLASS = "class"  # the tag wire.py writes for a dataclass's name
MAX_DEPTH = 12  # nesting an engine's types never reach


@dataclasses.dataclass(frozen=True)
class Kinds:
    """One game's types as the wire carries them: its view, its options, its events by name and
    every other class its view or events may hold (records, enums, named tuples)."""

    key: str
    view: type[View]
    options: type[OptionSet]
    events: Mapping[str, type]
    allowed: frozenset[type]

    def names(self) -> list[str]:
        """Every allowed class by name (for the test that lists them)."""
        return sorted(k.__name__ for k in self.allowed)


@cache
def kinds(key: str) -> Kinds:
    """The allow-list of game `key` (KeyError names the games there are)."""
    info = registry.game(key)
    state = info.entry().state
    module = importlib.import_module(state.__module__)
    view = _view_class(module)
    events_module = importlib.import_module(f"{info.engine_package}.events")
    events = {
        name: cls
        for name, cls in vars(events_module).items()
        if inspect.isclass(cls)
        and issubclass(cls, Event)
        and dataclasses.is_dataclass(cls)
        and cls.__module__ == events_module.__name__
    }
    allowed: set[type] = set(events.values())
    for name in view.FIELDS:
        _reach(_field_type(view, name), allowed)
    for cls in events.values():
        for tp in _hints(cls).values():
            _reach(tp, allowed)
    return Kinds(key, view, state.OPTIONS, events, frozenset(allowed))


def _view_class(module: types.ModuleType) -> type[View]:
    found = [
        cls
        for cls in vars(module).values()
        if inspect.isclass(cls) and issubclass(cls, View) and cls.__module__ == module.__name__
    ]
    if len(found) != 1:
        raise TypeError(f"{module.__name__}: expected one view class, found {len(found)}")
    return found[0]


@cache
def _field_type(view: type[View], name: str) -> Any:
    """The engine's annotation of one view field (its `@observed` method's return type)."""
    for klass in view.__mro__:
        item = vars(klass).get(name)
        if isinstance(item, observed):
            return typing.get_type_hints(item.compute).get("return", Any)
    return Any


def _reach(tp: Any, out: set[type]) -> None:
    """Every class of `cards.` that a value of type `tp` may hold, into `out`."""
    for arg in typing.get_args(tp):
        _reach(arg, out)
    if not inspect.isclass(tp) or tp in out or not tp.__module__.startswith("cards."):
        return
    if issubclass(tp, OptionSet):
        return  # read by its own from_dict
    if issubclass(tp, Enum):
        out.add(tp)
    elif dataclasses.is_dataclass(tp) or _is_named_tuple(tp):
        out.add(tp)
        for sub in _hints(tp).values():
            _reach(sub, out)


@cache
def _hints(tp: type) -> dict[str, Any]:
    """A class's field annotations, resolved once."""
    return typing.get_type_hints(tp)


def _is_named_tuple(tp: Any) -> bool:
    return inspect.isclass(tp) and issubclass(tp, tuple) and hasattr(tp, "_fields")


# --- reading ----------------------------------------------------------------------------------


def read_view(key: str, data: Any) -> View:
    """A seat's view as the engine made it, from its wire form (DataError if it is not one)."""
    game = kinds(key)
    if not isinstance(data, dict):
        raise _bad("view", "a view's fields", data)
    cls = game.view
    expected = {"player", *cls.FIELDS}
    for name in data:
        if name not in expected:
            raise DataError(SOURCE, f"view.{str(name)[:40]}", "no such field")
    values: dict[str, Any] = {}
    for name in expected:
        if name not in data:
            raise DataError(SOURCE, f"view.{name}", "a value", Said("nothing"))
        where = f"view.{name}"
        if name == "player":
            values[name] = _convert(game, int, data[name], where, 0)
        elif name == "options":
            values[name] = _options(game, data[name], where)
        else:
            values[name] = _convert(game, _field_type(cls, name), data[name], where, 0)
    view = object.__new__(cls)
    view.__dict__.update(values, _state=None, _at=-1)  # detached: no state behind it
    return view


def read_events(key: str, data: Any) -> list[Event]:
    """A list of events, each made only into one of the game's event classes."""
    game = kinds(key)
    if not isinstance(data, list):
        raise _bad("events", "a list of events", data)
    out = []
    for i, item in enumerate(data):
        where = f"events[{i}]"
        name = item.get(CLASS) if isinstance(item, dict) else None
        cls = game.events.get(name) if isinstance(name, str) else None
        if cls is None:
            raise _bad(f"{where}.{CLASS}", f"one of the events of {key}", name)
        out.append(_convert(game, cls, item, where, 0))
    return out


def _options(game: Kinds, value: Any, where: str) -> OptionSet:
    if not isinstance(value, dict):
        raise _bad(where, "the rule options", value)
    try:
        return game.options.from_dict(dict(value))
    except (ValueError, TypeError) as exc:
        raise DataError(SOURCE, where, "rule options of this game", Said(str(exc)[:80])) from None


def _bad(where: str, expected: str, value: Any) -> DataError:
    got = value if isinstance(value, str | int | float | bool) else Said(kind_of(value))
    return DataError(SOURCE, where, expected, got)


def _convert(game: Kinds, tp: Any, value: Any, where: str, depth: int) -> Any:
    """`value` as the annotation `tp` says, only ever into an allowed class."""
    if depth > MAX_DEPTH:
        raise _bad(where, "a shallower value", value)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return _plain(value, where, depth)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        last: DataError | None = None
        for arm in args:
            if arm is type(None):
                continue
            try:
                return _convert(game, arm, value, where, depth + 1)
            except DataError as exc:
                last = exc
        raise last or _bad(where, "a value", value)
    if tp is type(None):
        if value is not None:
            raise _bad(where, "nothing", value)
        return None
    if origin is tuple or origin is list:
        if not isinstance(value, list):
            raise _bad(where, "a list", value)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            items = [args[0]] * len(value)
        elif origin is tuple:
            if len(value) != len(args):
                raise _bad(where, f"a list of {len(args)} items", Said(f"{len(value)} items"))
            items = list(args)
        else:
            items = [args[0] if args else Any] * len(value)
        out = [
            _convert(game, t, v, f"{where}[{i}]", depth + 1)
            for i, (t, v) in enumerate(zip(items, value, strict=True))
        ]
        return tuple(out) if origin is tuple else out
    if origin is dict:
        return _mapping(game, args, value, where, depth)
    if tp is bool:
        if not isinstance(value, bool):
            raise _bad(where, "true or false", value)
        return value
    if tp is int:
        if type(value) is not int:
            raise _bad(where, "a whole number", value)
        return value
    if tp is float:
        if type(value) not in (int, float):
            raise _bad(where, "a number", value)
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise _bad(where, "text", value)
        return value
    if inspect.isclass(tp) and tp in game.allowed:
        return _allowed(game, tp, value, where, depth)
    raise DataError(SOURCE, where, "a kind of value this game sends", Said(str(tp)[:60]))


def _mapping(game: Kinds, args: tuple[Any, ...], value: Any, where: str, depth: int) -> Any:
    if not isinstance(value, dict):
        raise _bad(where, "a table", value)
    key_type, value_type = args if args else (Any, Any)
    out = {}
    for k, v in value.items():
        key: Any = k
        if key_type is int:
            if not (isinstance(k, str) and k.lstrip("-").isdigit() and len(k) < 12):
                raise _bad(f"{where}.{str(k)[:20]}", "a whole number as a key", k)
            key = int(k)
        out[key] = _convert(game, value_type, v, f"{where}.{str(k)[:20]}", depth + 1)
    return out


def _allowed(game: Kinds, tp: type, value: Any, where: str, depth: int) -> Any:
    """An enum, a named tuple or a dataclass of the allow-list, from its wire form."""
    if issubclass(tp, Enum):
        try:
            return tp(value)
        except (ValueError, TypeError):
            raise _bad(where, "one of " + ", ".join(str(m.value) for m in tp), value) from None
    hints = _hints(tp)
    if _is_named_tuple(tp):
        names = tp._fields  # type: ignore[attr-defined]
        if not isinstance(value, list) or len(value) != len(names):
            raise _bad(where, f"a list of {len(names)} items", value)
        items = [
            _convert(game, hints.get(n, Any), v, f"{where}.{n}", depth + 1)
            for n, v in zip(names, value, strict=True)
        ]
        return tp(*items)
    if not isinstance(value, dict) or value.get(CLASS) != tp.__name__:
        raise _bad(
            where,
            f"a {tp.__name__}",
            value if not isinstance(value, dict) else Said(f"a {value.get(CLASS)!s:.40}"),
        )
    fields = {f.name: f for f in dataclasses.fields(tp) if f.init}
    for name in value:
        if name != CLASS and name not in fields:
            raise DataError(SOURCE, f"{where}.{str(name)[:40]}", "no such field")
    kwargs = {}
    for name, f in fields.items():
        if name not in value:
            no_default = dataclasses.MISSING
            if f.default is no_default and f.default_factory is no_default:
                raise DataError(SOURCE, f"{where}.{name}", "a value", Said("nothing"))
            continue
        kwargs[name] = _convert(
            game, hints.get(name, Any), value[name], f"{where}.{name}", depth + 1
        )
    return tp(**kwargs)


def _plain(value: Any, where: str, depth: int) -> Any:
    """A value the engine types as Any (a log entry's values): JSON's own kinds, lists as
    tuples (the engines keep tuples), never an object made of it."""
    if depth > MAX_DEPTH:
        raise _bad(where, "a shallower value", value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return tuple(_plain(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    raise _bad(where, "text, a number or a list", value)


__all__ = ["Kinds", "kinds", "read_events", "read_view"]
