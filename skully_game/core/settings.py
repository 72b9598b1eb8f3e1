"""Player settings, kept between runs in the user's config directory as TOML."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields, replace
from enum import Enum
from pathlib import Path

import tomli_w

from skully_game.core.errors import DataError
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
    max_fps: int = 120
    flick_sensitivity: float = 1.0  # cap speed per pointer speed, for the flick input (0.5-2)
    tutorial_offered: bool = False  # the lessons were offered once, on the first start

    def with_changes(self, **changes: object) -> Settings:
        return replace(self, **changes)


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def _coerce(name: str, default: object, value: object) -> object:
    """Take a stored value only if it has the default's type; anything else keeps the default."""
    if isinstance(default, Enum):
        try:
            return type(default)(value)
        except ValueError:
            return default
    if isinstance(default, bool):
        return value if isinstance(value, bool) else default
    if isinstance(default, int):
        return value if isinstance(value, int) and not isinstance(value, bool) else default
    if isinstance(default, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return float(value) if ok else default
    return default


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, and a one-line warning if the file was unreadable (defaults then)."""
    path = path or settings_path()
    if not os.path.lexists(path):
        return Settings(), None
    try:
        data = read_toml(path)
    except DataError as exc:
        return Settings(), f"{exc}; using the default settings"
    if data.get("format") != SETTINGS_FORMAT:
        return Settings(), f"{path}: field 'format': expected '{SETTINGS_FORMAT}'; using defaults"
    base = Settings()
    values = {
        f.name: _coerce(f.name, getattr(base, f.name), data[f.name])
        for f in fields(Settings)
        if f.name in data
    }
    settings = replace(base, **values)
    settings = replace(
        settings,
        volume=min(max(settings.volume, 0.0), 1.0),
        window_width=min(max(settings.window_width, 640), 7680),
        window_height=min(max(settings.window_height, 400), 4320),
        max_fps=min(max(settings.max_fps, 30), 240),
        flick_sensitivity=min(max(settings.flick_sensitivity, 0.5), 2.0),
    )
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically; a file we could not read is kept beside it as settings.toml.bad (or
    .bad-2, .bad-3...: an earlier kept copy is never overwritten)."""
    path = path or settings_path()
    if os.path.lexists(path):
        _, warning = load_settings(path)
        if warning:
            _keep_aside(path)
    data: dict[str, object] = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION}
    for key, value in asdict(settings).items():
        data[key] = value.value if isinstance(value, Enum) else value
    write_atomic(path, tomli_w.dumps(data))


def _keep_aside(path: Path) -> None:
    """Move an unreadable settings file (or folder, or pipe) out of the way, keeping it."""
    for n in range(1, 100):
        target = path.with_suffix(".toml.bad" if n == 1 else f".toml.bad-{n}")
        if not os.path.lexists(target):
            path.replace(target)
            return
    raise OSError(f"{path} could not be kept aside: too many settings.toml.bad files")
