"""Where the program keeps its files: one place, so tests and portable installs can redirect both."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def config_dir() -> Path:
    """SKULLY_CONFIG_DIR wins (tests and portable installs), else the platform's config dir."""
    override = os.environ.get("SKULLY_CONFIG_DIR")
    return (
        Path(override)
        if override
        else Path(platformdirs.user_config_dir("skully", appauthor=False))
    )


def data_dir() -> Path:
    """Saves, replays and screenshots: SKULLY_DATA_DIR wins, else the platform's data dir."""
    override = os.environ.get("SKULLY_DATA_DIR")
    return (
        Path(override) if override else Path(platformdirs.user_data_dir("skully", appauthor=False))
    )
