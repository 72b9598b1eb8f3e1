"""One saved file as a list shows it (or names it as unreadable), and the one reader that makes
that line: what the lister and its index share. No pygame here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError, is_whole
from skully_game.core.fileio import read_json, read_toml

SHOWN_MAX = 60  # characters of a name or title a list shows
TITLE_MAX = 80  # characters of an entry's title (a shot's whole name); screens fit it by width


@dataclass(frozen=True)
class Summary:
    """What a list shows of one good file."""

    title: str
    detail: str = ""
    finished: bool = False
    value: Any = None  # what the mode read on the way (a board's spec), kept with the entry


@dataclass(frozen=True)
class SavedEntry:
    """One good saved file."""

    path: Path
    title: str
    detail: str
    finished: bool
    value: Any = None
    saved_ns: int = field(default=0, compare=False)  # the file's time when listed (0: unknown)


@dataclass(frozen=True)
class BadFile:
    """A file that could not be read, with its one-line problem (naming the field)."""

    path: Path
    problem: str

    @property
    def line(self) -> str:
        """'name.json: problem' with the folder left out (the list already says where)."""
        text = self.problem
        for prefix in (f"{self.path}: ", f"{self.path.name}: "):
            if text.startswith(prefix):
                text = text[len(prefix) :]
                break
        return f"{shown(self.path.name, 40)}: {shown(text, 160)}"


class Listing:
    """A folder's good entries (newest first) and its bad files, each named once.

    The entries may be made only when first asked for (`make`): a list from a folder's index
    (saves_index) holds each file's line as read, so a look at a folder's bad files or pending
    count (the menu's, with ten thousand saves) makes no entry. Compared, hashed and shown by
    its entries, bad files and pending count, as the frozen record it was."""

    __slots__ = ("_entries", "_make", "bad", "pending")

    def __init__(
        self,
        entries: tuple[SavedEntry, ...] = (),
        bad: tuple[BadFile, ...] = (),
        pending: int = 0,
        *,
        make: Callable[[], tuple[SavedEntry, ...]] | None = None,
    ) -> None:
        self._entries: tuple[SavedEntry, ...] | None = None if make is not None else entries
        self._make = make
        self.bad = bad
        self.pending = pending  # new or changed files not read yet (a quick listing)

    @property
    def entries(self) -> tuple[SavedEntry, ...]:
        made = self._entries
        if made is None:
            assert self._make is not None
            made = self._entries = self._make()
            self._make = None
        return made

    def unfinished(self) -> list[SavedEntry]:
        return [e for e in self.entries if not e.finished]

    def finished(self) -> list[SavedEntry]:
        return [e for e in self.entries if e.finished]

    def __add__(self, other: Listing) -> Listing:
        return Listing(
            self.entries + other.entries, self.bad + other.bad, self.pending + other.pending
        )

    def _key(self) -> tuple[tuple[SavedEntry, ...], tuple[BadFile, ...], int]:
        return self.entries, self.bad, self.pending

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Listing):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Listing(entries={self.entries!r}, bad={self.bad!r}, pending={self.pending!r})"


Summarize = Callable[[dict[str, Any], str], Summary]


def shown(value: object, limit: int = SHOWN_MAX) -> str:
    """A string fit to show in a list: text only, one line, at most `limit` characters.

    Cuts before it cleans, so the work is bounded whatever the value's length."""
    if not isinstance(value, str):
        return ""
    head = value[: limit + 1]
    if head.isprintable():  # as nearly every title is: no character to look at one by one
        text = head.strip()
    else:
        text = "".join(ch if ch.isprintable() else " " for ch in head).strip()
    if len(value) > limit:
        return text[: limit - 1].rstrip() + "…"
    return text


def read_entry(path: Path, fmt: str, summarize: Summarize, suffix: str) -> SavedEntry | BadFile:
    source = str(path)
    try:
        data = read_toml(path) if suffix == ".toml" else read_json(path)
        if not isinstance(data, dict):
            raise DataError(source, "record", "an object of fields")
        if data.get("format") != fmt:
            raise DataError(source, "format", f"'{fmt}'", _format_got(data.get("format")))
        version = data.get("version")
        if not is_whole(version) or version < 1:  # every file we write has one; never true
            raise DataError(source, "version", "a whole version number", _format_got(version))
        summary = summarize(data, source)
    except DataError as exc:
        return BadFile(path, str(exc))
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        # A summarize function met a shape it did not expect: still one line, never a crash.
        return BadFile(path, f"{source}: expected a {fmt} file ({_plain(exc)})")
    title = shown(summary.title, TITLE_MAX) or shown(path.stem)
    return SavedEntry(path, title, shown(summary.detail, 120), summary.finished, summary.value)


def _format_got(value: object) -> object:
    return shown(value, 30) if isinstance(value, str) else type(value).__name__


def _plain(exc: Exception) -> str:
    text = shown(str(exc), 80)
    return text or "a field of the wrong kind"
