"""The one check of every name a file gives us (a player, a seat, a board, a shot, a scenario's
title): text of printable characters on one line. A NUL, a lone surrogate or a control character
would crash whatever draws or prints the name later (the font renderer, a UTF-8 terminal), so
it is refused on load instead. The name fields people type take printable characters only
(shell.widgets.TextField), so no name the program wrote is ever refused. No pygame here."""

from __future__ import annotations

from skully_game.core.errors import DataError, Said, kind_of


def name_problem(
    value: object, most: int, *, empty: bool = False, what: str = "a name"
) -> str | None:
    """What a name was expected to be, if `value` is not one; None when it is."""
    if not isinstance(value, str) or len(value) > most or not (value.strip() or empty):
        return f"{what} of {0 if empty else 1} to {most} characters"
    if not value.isprintable():
        return f"{what} of printable letters, on one line"
    return None


def check_name(
    value: object,
    source: str,
    field: str,
    most: int,
    *,
    empty: bool = False,
    what: str = "a name",
) -> str:
    """`value` if it is a name of at most `most` printable characters (blank only if `empty`);
    otherwise a one-line DataError naming the field. `what` says what the text is for."""
    problem = name_problem(value, most, empty=empty, what=what)
    if problem is None:
        return value  # type: ignore[return-value]
    if isinstance(value, str) and len(value) <= most:
        got: object = value  # a short text is quoted, its bad characters escaped
    elif isinstance(value, str):
        got = Said(f"{len(value):,} characters")
    else:
        got = Said(kind_of(value)) if isinstance(value, list | dict) else value
    raise DataError(source, field, problem, got)


def is_name(value: object, most: int) -> bool:
    """Whether a remembered choice is a usable name (lenient readers fall back when not)."""
    return name_problem(value, most) is None
