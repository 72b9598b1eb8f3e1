"""Game options agreed before play (design note, "Options to offer"), with the named presets.

The out-of-town distance and the skull numbers are board proportions, so they live in the
BoardSpec, not here.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from skully_game.core.errors import DataError, is_whole

OPTIONS_FORMAT = "skully-options"
OPTIONS_VERSION = 1
MAX_PIPSIES_BONUS = 12


class HitAKiller(Enum):
    """What happens to a non-killer whose shot touches a killer (rules 3.3.1.5, ruling 11)."""

    BECOME_KILLER = "become_killer"
    ELIMINATED = "eliminated"


@dataclass(frozen=True)
class RuleOptions:
    """Every rule a table may vary; the defaults are the "official" preset."""

    pipsies_bonus: int = 2  # extra boxes for pipsies (rules 3.3.2)
    linesies: bool = True  # after an award, anywhere on the connected lines of a pair / 13+skull
    hit_a_killer: HitAKiller = HitAKiller.BECOME_KILLER
    blastsies: bool = True  # off: a hit knocking a victim off the board is a do-over
    killer_owns_board: bool = False  # the alternate rule of 3.2.4
    holdsies: bool = False  # caps of players not shooting do not move when hit
    switchsies: bool = False  # choose another cap at the start of your turn

    def with_changes(self, **changes: Any) -> RuleOptions:
        """A checked copy with some fields changed (what the setup screen applies)."""
        return options_from_dict({**options_to_dict(self), **_plain(changes)})


OPTION_HELP: dict[str, str] = {
    "pipsies_bonus": f"a whole number of boxes from 0 to {MAX_PIPSIES_BONUS}",
    "linesies": "true or false",
    "hit_a_killer": "'become_killer' or 'eliminated'",
    "blastsies": "true or false",
    "killer_owns_board": "true or false",
    "holdsies": "true or false",
    "switchsies": "true or false",
}

OPTION_PRESETS: dict[str, RuleOptions] = {
    "official": RuleOptions(),
    "baby stuff": RuleOptions(holdsies=True, switchsies=True),
}


def options_preset(name: str, source: str = "") -> RuleOptions:
    """A named preset; the refusal lists the names there are."""
    try:
        return OPTION_PRESETS[name]
    except KeyError:
        names = ", ".join(repr(n) for n in OPTION_PRESETS)
        raise DataError(source, "options", f"one of {names}", name) from None


def _plain(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v.value if isinstance(v, Enum) else v for k, v in values.items()}


def options_to_dict(options: RuleOptions) -> dict[str, Any]:
    """Plain data with format and version, ready for JSON or TOML."""
    data: dict[str, Any] = {"format": OPTIONS_FORMAT, "version": OPTIONS_VERSION}
    for f in fields(RuleOptions):
        value = getattr(options, f.name)
        data[f.name] = value.value if isinstance(value, Enum) else value
    return data


def options_from_dict(data: object, source: str = "", field: str = "options") -> RuleOptions:
    """Options from plain data: a preset name and/or fields; anything else is one clear refusal.

    `{"preset": "baby stuff", "pipsies_bonus": 3}` starts from the preset and changes one field;
    missing fields keep the preset's (or the official) value. `format`/`version` are optional
    but checked when present.
    """
    if isinstance(data, str):
        return options_preset(data, source)
    if not isinstance(data, dict):
        raise DataError(source, field, "a preset name or a table of options", data)
    if "format" in data and data["format"] != OPTIONS_FORMAT:
        raise DataError(source, f"{field}.format", f"'{OPTIONS_FORMAT}'", data["format"])
    if "version" in data and (not is_whole(data["version"]) or data["version"] != OPTIONS_VERSION):
        raise DataError(source, f"{field}.version", str(OPTIONS_VERSION), data["version"])
    base = RuleOptions()
    if "preset" in data:
        if not isinstance(data["preset"], str):
            raise DataError(source, f"{field}.preset", "a preset name", data["preset"])
        base = options_preset(data["preset"], source)
    known = {f.name for f in fields(RuleOptions)}
    changes: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("format", "version", "preset"):
            continue
        if key not in known:
            raise DataError(source, f"{field}.{key}", "a known option (unknown key)", value)
        changes[key] = _check(source, f"{field}.{key}", key, value)
    return replace(base, **changes)


def _check(source: str, where: str, key: str, value: object) -> object:
    if key == "pipsies_bonus":
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not 0 <= value <= MAX_PIPSIES_BONUS
        ):
            raise DataError(source, where, OPTION_HELP[key], value)
        return value
    if key == "hit_a_killer":
        try:
            return HitAKiller(value)
        except ValueError:
            raise DataError(source, where, OPTION_HELP[key], value) from None
    if not isinstance(value, bool):
        raise DataError(source, where, OPTION_HELP[key], value)
    return value
