"""One error type for every file a user can hand us, so each refusal is one clear line."""

from __future__ import annotations

import reprlib


class _Repr(reprlib.Repr):
    """reprlib, but a number too long for str() (over 4,300 digits) is described, not shown."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 1000:  # about 300 digits: more than anyone reads
            return "a number of over 300 digits"
        return super().repr_int(x, level)


_REPR = _Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 70
_REPR.maxother = 70


class DataError(ValueError):
    """A file or value was refused: names where, which field, and what was expected."""

    def __init__(self, source: str, field: str, expected: str, got: object = None) -> None:
        self.source = source
        self.field = field
        self.expected = expected
        self.got = got
        where = f"{printable(source)}: " if source else ""
        tail = "" if got is None else f", got {_short(got)}"
        super().__init__(
            f"{where}field '{_cut(printable(field[:200]), 80)}': expected {expected}{tail}"
        )


class Said(str):
    """What was found, in words ("a folder", "17.0 MiB"): shown as is, not quoted like a value."""


def printable(text: str) -> str:
    """`text` with every character that cannot be shown or printed (NUL, a line break, a lone
    surrogate) written as its escape, so a refusal is one line any terminal or font can take."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


def _short(value: object) -> str:
    # bounded work whatever the value (a 50 MB string, lists nested a thousand deep); repr
    # escapes what is not printable in a quoted value, printable() does in words said
    if isinstance(value, Said):
        text = printable(str(value)[:80])
    elif isinstance(value, str) and len(value) > 60:
        text = f"text of {len(value):,} characters"
    else:
        text = _REPR.repr(value)
    return _cut(text, 60)


def is_whole(value: object) -> bool:
    """A whole number as a file means one: an int, never true or false (Python counts them as
    1 and 0, so `version = true` would pass for version 1) nor 1.0."""
    return isinstance(value, int) and not isinstance(value, bool)


def kind_of(value: object) -> str:
    """What a value found in a file is, in words ('a list', 'text'), never a Python type name."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a table of fields"
    return "something else"
