"""The one lister of saved files for every mode: the good entries of a folder and every bad file
named once with its one-line problem, so a single damaged save never hides the others (or stops
the program). No pygame here.

A mode gives a folder (one per game key: `saves_folder("skull-king")`), the format name its files
carry, and a summarize function that turns a file's parsed data into what a list shows. Summaries
must stay cheap (no full validation, no simulation): a list is read when a screen opens. Every
string a list shows goes through `shown()`, which bounds it, so no 50 MB name reaches the text
renderer.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from skully_game.core.fileio import is_temp_name, sweep_temps
from skully_game.core.paths import data_dir
from skully_game.core.save_entries import (
    SHOWN_MAX,
    TITLE_MAX,
    BadFile,
    Listing,
    SavedEntry,
    Summarize,
    Summary,
    read_entry,
    shown,
)
from skully_game.core.saves_index import Glance, glance_from_index, list_from_index, looking_only

__all__ = [
    "SHOWN_MAX",
    "TITLE_MAX",
    "BadFile",
    "Glance",
    "Listing",
    "SavedEntry",
    "Summarize",
    "Summary",
    "bad_files_message",
    "cannot_save",
    "folder_problem",
    "glance_saves",
    "list_saves",
    "read_entry",
    "read_only",
    "saves_folder",
    "shown",
    "why_not_saved",
]


def saves_folder(key: str) -> Path:
    """Where a mode keeps its saves: a folder per game key in the data folder."""
    return data_dir() / key


def list_saves(
    folder: Path,
    fmt: str,
    summarize: Summarize,
    *,
    suffix: str = ".json",
    newest_first: bool = True,
) -> Listing:
    """Every `*suffix` file in the folder: good ones summarized, bad ones named with their problem.

    Never stops at a bad file, and never stops early: every file is listed (the screens page
    through them). Files are sorted by name (ours start with a timestamp), newest first unless
    asked otherwise; a file whose format is not `fmt` counts as bad. What each file says is
    kept in the folder's index (see saves_index), so a file is read only when it is new or has
    changed; inside `quick_listing()` at most a few such files are read and the rest counted in
    `pending`."""
    names = _files(folder, suffix, newest_first)
    return list_from_index(folder, names, fmt, summarize, suffix)


def glance_saves(
    folder: Path,
    fmt: str,
    summarize: Summarize,
    *,
    suffix: str = ".json",
    newest_first: bool = True,
) -> Glance:
    """`list_saves(...)` counted, with only its newest unfinished entry made (saves_index.Glance):
    the same files looked at and read, for a screen that shows no list (the menu)."""
    names = _files(folder, suffix, newest_first)
    return glance_from_index(folder, names, fmt, summarize, suffix)


def _files(folder: Path, suffix: str, newest_first: bool) -> list[str]:
    try:
        every = os.listdir(folder)
    except OSError:
        return []  # no folder yet (nothing saved), or one we may not read: nothing to list
    names = [n for n in every if n.endswith(suffix) and not n.startswith(".")]
    temps = [n for n in every if n.startswith(".") and is_temp_name(n)]
    if temps and not looking_only():
        sweep_temps(folder, temps)  # saves a kill left half-written
    names.sort(reverse=newest_first)
    return names


def bad_files_message(bad: Iterable[BadFile]) -> str:
    """One line for a toast: '1 saved file could not be read: a.json: ...' (or 'N saved files ...')."""
    files = list(bad)
    if not files:
        return ""
    head = (
        "1 saved file could not be read"
        if len(files) == 1
        else f"{len(files)} saved files could not be read"
    )
    more = f" (and {len(files) - 1} more)" if len(files) > 1 else ""
    return f"{head}: {files[0].line}{more}"


def folder_problem(folder: Path) -> str:
    """Why saves cannot be kept in `folder`, in words ("a file is in the way"); "" when they
    can (it is a folder, or can be made: nothing saved yet)."""
    for place in (folder, *folder.parents):
        try:
            if place.is_dir():
                need = os.R_OK | os.W_OK | os.X_OK if place == folder else os.W_OK | os.X_OK
                if os.access(place, need):
                    return ""
                if read_only(place):
                    return "the disk is read-only"
                return (
                    "Skully is not allowed to use it"
                    if place == folder
                    else f"Skully is not allowed to make folders in {place}"
                )
            if place.exists() or place.is_symlink():
                return "a file is in the way" if place == folder else f"{place} is a file"
        except OSError as exc:
            return (exc.strerror or "it cannot be reached").lower()
    return ""


def read_only(place: Path) -> bool:
    """Whether `place` is on a file system mounted read-only (no permission would help)."""
    try:
        return bool(os.statvfs(place).f_flag & getattr(os, "ST_RDONLY", 1))
    except (OSError, AttributeError):  # no statvfs (Windows): say what access said
        return False


def why_not_saved(exc: OSError, folder: Path) -> str:
    """An error from writing a save, in words: what stands in the way, never an errno."""
    if isinstance(exc, FileExistsError | NotADirectoryError):
        return folder_problem(folder) or "a file is in the way"
    if isinstance(exc, PermissionError):
        return folder_problem(folder) or "Skully is not allowed to write there"
    reason = {28: "the disk is full", 30: "the disk is read-only"}.get(exc.errno or 0)
    return reason or (exc.strerror or "it could not be written").lower()


def cannot_save(why: str, folder: str) -> str:
    """The one line that tells a player their game is not being kept, and why."""
    return f"Can't save games in {folder}: {why}; this game is not being saved."
