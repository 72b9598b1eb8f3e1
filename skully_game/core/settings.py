"""Player settings, kept between runs in the user's config directory as TOML."""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from pathlib import Path

import tomli_w

from skully_game.core.errors import DataError, is_whole, printable
from skully_game.core.fileio import read_toml, write_atomic
from skully_game.core.paths import config_dir

SETTINGS_FORMAT = "skully-settings"
SETTINGS_VERSION = 1


class AimGuide(Enum):
    """How much the aim line tells: just the direction, or also how far a cap would slide."""

    DIRECTION = "direction"
    DISTANCE = "distance"


class Units(Enum):
    METRIC = "metric"
    IMPERIAL = "imperial"


@dataclass(frozen=True)
class Settings:
    muted: bool = False
    volume: float = 0.8
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 800
    aim_guide: AimGuide = AimGuide.DIRECTION
    units: Units = Units.METRIC
    show_labels: bool = True
    shot_effects: bool = True  # Skully's tails, dust and glows (off: a still, plain table)
    max_fps: int = 120
    flick_sensitivity: float = 1.0  # cap speed per pointer speed, for the flick input (0.5-2)
    tutorial_offered: bool = False  # the lessons were offered once, on the first start
    fast_computers: bool = False  # Skully's computer pace (P), kept from game to game

    def with_changes(self, **changes: object) -> Settings:
        return replace(self, **changes)


def settings_path() -> Path:
    return config_dir() / "settings.toml"


# The values a setting may take. A stored value outside them (nan, inf, 9.0, a word where a
# number goes) is not used: the default is, and the player is told which setting it was.
RANGES: dict[str, tuple[float, float]] = {
    "volume": (0.0, 1.0),
    "max_fps": (30, 240),
    "flick_sensitivity": (0.5, 2.0),  # the settings screen's slider
}
# The window is saved at the size it was left at, which may be larger than we open: such a size
# is fitted into these, not refused.
WINDOW_SIZES: dict[str, tuple[int, int]] = {
    "window_width": (640, 7680),
    "window_height": (400, 4320),
}


def _read(name: str, default: object, value: object) -> tuple[object, str | None]:
    """(the value to use, what was expected if the stored one could not be used)."""
    if isinstance(default, Enum):
        try:
            return type(default)(value), None
        except ValueError:
            return default, "one of " + ", ".join(str(m.value) for m in type(default))
    if isinstance(default, bool):
        return (value, None) if isinstance(value, bool) else (default, "true or false")
    if name in WINDOW_SIZES:
        low, high = WINDOW_SIZES[name]
        if is_whole(value):
            return min(max(value, low), high), None  # type: ignore[type-var]
        return default, f"a whole number of pixels from {low} to {high}"
    low, high = RANGES[name]
    if isinstance(default, int):
        if is_whole(value) and low <= value <= high:  # type: ignore[operator]
            return value, None
        return default, f"a whole number from {low:g} to {high:g}"
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and math.isfinite(value) and low <= value <= high:  # type: ignore[arg-type]
        return float(value), None  # type: ignore[arg-type]
    return default, f"a number from {low:g} to {high:g}"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, and a one-line warning if the file was unreadable (defaults then) or
    some settings in it could not be used (their defaults then, each named)."""
    path = path or settings_path()
    if not os.path.lexists(path):
        return Settings(), None
    try:
        data = read_toml(path)
    except DataError as exc:
        return Settings(), f"{exc}; using the default settings"
    if data.get("format") != SETTINGS_FORMAT:
        return Settings(), f"{path}: field 'format': expected '{SETTINGS_FORMAT}'; using defaults"
    newer = newer_version(data)
    said = ""
    if newer is not None:
        # one toast's width: the copy is made before the first change, unknown keys are kept
        said = (
            f"Settings from a newer Skully: kept as {printable(backup_path(path, newer).name)} "
            "before any change"
        )
    base = Settings()
    values: dict[str, object] = {}
    unusable: list[str] = []
    for f in fields(Settings):
        if f.name in data:
            value, expected = _read(f.name, getattr(base, f.name), data[f.name])
            values[f.name] = value
            if expected is not None:
                got = printable(repr(data[f.name]))
                got = got if len(got) <= 30 else got[:27] + "..."
                unusable.append(f"{f.name} (expected {expected}, got {got})")
    settings = replace(base, **values)
    if not unusable:
        return settings, said or None
    which = unusable[0] if len(unusable) == 1 else ", ".join(unusable[:-1]) + " and " + unusable[-1]
    line = f"{printable(str(path))}: using the default for {which}"
    return settings, f"{said}; {line}" if said else line


class SettingsUnsaved(OSError):
    """Settings that could not be written, with why in a player's words ("the disk is
    read-only"), never an errno or a temporary file's name."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why

    def __str__(self) -> str:
        return self.why


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically, keeping every key this version does not know (a newer version's).
    A file we could not read is kept beside it as settings.toml.bad (or .bad-2, .bad-3...: an
    earlier kept copy is never overwritten); a newer version's file is first copied to
    settings.toml.v2-backup (its version), as the warning at start said it would be.
    Raises SettingsUnsaved, in words, when the file cannot be written."""
    path = path or settings_path()
    try:
        _save(settings, path)
    except SettingsUnsaved:
        raise
    except OSError as exc:
        from skully_game.core.saves import why_not_saved

        raise SettingsUnsaved(why_not_saved(exc, path.parent)) from None


def _save(settings: Settings, path: Path) -> None:
    kept: dict[str, object] = {}
    if os.path.lexists(path):
        raw = _raw(path)
        _, warning = load_settings(path)
        if raw is not None and newer_version(raw) is not None:
            _back_up(path, newer_version(raw) or 0)
        elif warning:
            _keep_aside(path)
        if raw is not None:
            known = {f.name for f in fields(Settings)} | {"format", "version"}
            kept = {k: v for k, v in raw.items() if k not in known}
    data: dict[str, object] = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION}
    for key, value in asdict(settings).items():
        data[key] = value.value if isinstance(value, Enum) else value
    data.update(kept)
    write_atomic(path, tomli_w.dumps(data))


def _raw(path: Path) -> dict[str, object] | None:
    """The settings file's own fields, when it is one of ours that reads."""
    try:
        data = read_toml(path)
    except DataError:
        return None
    return data if data.get("format") == SETTINGS_FORMAT else None


def newer_version(data: dict[str, object]) -> int | None:
    """The version of a settings file a newer Skully wrote; None when it is not newer."""
    version = data.get("version")
    return version if is_whole(version) and version > SETTINGS_VERSION else None  # type: ignore[operator,return-value]


def backup_path(path: Path, version: int) -> Path:
    """Where a newer version's settings file is copied before this version first writes it:
    settings.toml.v2-backup (then -2, -3...: an earlier copy is never overwritten)."""
    for n in range(1, 100):
        tail = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{path.name}.v{version}-backup{tail}")
        if not os.path.lexists(target):
            return target
    raise SettingsUnsaved(f"too many {path.name}.v{version}-backup files are in the way")


def _back_up(path: Path, version: int) -> None:
    write_atomic(backup_path(path, version), path.read_bytes())


def _keep_aside(path: Path) -> None:
    """Move an unreadable settings file (or folder, or pipe) out of the way, keeping it."""
    for n in range(1, 100):
        target = path.with_suffix(".toml.bad" if n == 1 else f".toml.bad-{n}")
        if not os.path.lexists(target):
            path.replace(target)
            return
    raise OSError(f"{path} could not be kept aside: too many settings.toml.bad files")
