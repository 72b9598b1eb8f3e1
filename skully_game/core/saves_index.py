"""A save folder's index: what each file's line in a list says, kept beside the files in
`.skully-index.json`, so a list costs a look at each file's size and time, not a read. Ten
thousand saves open the menu as fast as none. No pygame here.

The index is only a shortcut, never the truth: a file it does not hold, or whose size or time
differs from what it holds, is read again; one it holds that is gone is dropped; an index that
is missing, damaged or written by another version (of the program or of what the lists say,
SUMMARY_VERSION) is rebuilt as the files are read. A new or changed file is read on the main
thread only a few at a time (`quick_listing`): the rest are read by `refresh_in_background`
and the screens fill in when it is done. Only a whole list writes the index: a quick one keeps
what it read in memory for the next whole list, so no screen's first frame waits for a write.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError
from skully_game.core.fileio import WRITE_LISTENERS, read_text, write_atomic
from skully_game.core.save_entries import (
    BadFile,
    Listing,
    SavedEntry,
    Summarize,
    read_entry,
    shown,
)

INDEX_NAME = ".skully-index.json"  # starts with a dot: never listed as a save
INDEX_FORMAT = "skully-save-index"
INDEX_VERSION = 1
SUMMARY_VERSION = 5  # (2: Skip-Bo's lines say the stock; 3: finished games who won; 4: whose turn; 5: where each game stands, and what the statistics count) bump when a list line's words change: every index is rebuilt
QUICK_READS = 24  # new or changed files a quick listing reads on the spot
MAX_INDEX_BYTES = 64 * 1024 * 1024  # about 250,000 saves
# A file changed within this long of being read is read again next time: a file system's clock
# may tick coarsely, and a save rewritten in the same tick at the same size would look the same.
SETTLED_NS = 2_000_000_000

# size, mtime_ns, what the list shows, and whether the file had settled when it was read.
# What the list shows may still be the index's own line for the file (a list, checked when the
# index was read): made into its SavedEntry only when a list wants it (`_shown`), so a start
# with ten thousand saves builds the few entries its screens show, not every one.
Row = tuple[int, int, "SavedEntry | BadFile | list[Any]", bool]


@dataclass
class _Folder:
    rows: dict[str, Row] = field(default_factory=dict)
    unsaved: bool = False  # rows a quick list read or dropped, for the next whole list to keep


_lock = threading.Lock()
_local = threading.local()  # this thread's quick budget and looking-only flag
_folders: dict[tuple[str, str, str, object], _Folder] = {}
_generation = 0  # counts finished background refreshes
_worker: threading.Thread | None = None


@contextlib.contextmanager
def quick_listing(reads: int = QUICK_READS) -> Iterator[None]:
    """Lists made inside read at most `reads` new files in all (the rest are counted in
    Listing.pending for the background to read) and trust what the index holds of the others
    without looking at them: a screen shown at once, however many folders it lists (a first
    start with thousands of saves and no index read `reads` files of every folder on the main
    thread). The program's own writes are forgotten as they are made; a change made by another
    program shows once a whole list has looked."""
    before = getattr(_local, "reads", None)
    _local.reads = reads
    try:
        yield
    finally:
        _local.reads = before


@contextlib.contextmanager
def only_reading() -> Iterator[None]:
    """Lists made inside change no file: no index is written, no left temporary file removed
    (`skully saves --check` promises it)."""
    before = getattr(_local, "looking", False)
    _local.looking = True
    try:
        yield
    finally:
        _local.looking = before


def quick() -> bool:
    """Whether this thread is inside quick_listing(): a summarize function then leaves out
    what costs a replay (an older save's figures), marking its value `partial`, and the
    background's whole list reads that file again and does the rest."""
    return getattr(_local, "reads", None) is not None


def _partial(read: SavedEntry | BadFile) -> bool:
    """A line read in part on a quick look (see quick()): not kept as settled."""
    return isinstance(read, SavedEntry) and bool(getattr(read.value, "partial", False))


def looking_only() -> bool:
    """Whether this thread is inside only_reading()."""
    return bool(getattr(_local, "looking", False))


def list_from_index(
    folder: Path, names: list[str], fmt: str, summarize: Summarize, suffix: str
) -> Listing:
    """The listing of `names` in `folder`, each from the index when its size and time agree,
    else read (within this thread's quick budget) and kept in the index."""
    found, pending = _gather(folder, names, fmt, summarize, suffix)
    good: list[tuple[str, Row]] = []
    bad: list[BadFile] = []
    for name, row in found:
        if isinstance(row[2], BadFile):
            bad.append(row[2])
        else:
            good.append((name, row))
    state = _state(folder, fmt, suffix, summarize)
    make = functools.partial(_entries, folder, state, good)
    return Listing(bad=tuple(bad), pending=pending, make=make)


def _entries(folder: Path, state: _Folder, good: list[tuple[str, Row]]) -> tuple[SavedEntry, ...]:
    """A listing's entries, when first asked for: each index line held as read made into its
    entry, and kept so (unless its file was written meanwhile: then it is read again)."""
    entries: list[SavedEntry] = []
    made: list[tuple[str, list[Any], Row]] = []
    for name, row in good:
        shown_as = row[2]
        if type(shown_as) is list:
            line = shown_as
            shown_as = _entry(folder, name, line)
            made.append((name, line, (row[0], row[1], shown_as, row[3])))
        entries.append(shown_as)  # type: ignore[arg-type]
    if made:
        with _lock:
            rows = state.rows
            for name, line, row in made:
                held = rows.get(name)
                if held is not None and held[2] is line:
                    rows[name] = row
    return tuple(entries)


@dataclass(frozen=True)
class Glance:
    """What a folder holds, counted from its index without an entry made for every file: the
    menu's first frame needs only the newest unfinished game and the files it cannot read."""

    newest: SavedEntry | None = None  # the first unfinished entry with the latest file time
    newest_ns: int = 0  # ...that time (its saved_ns, else 0: ask the file)
    unfinished: int = 0
    finished: int = 0
    bad: tuple[BadFile, ...] = ()
    pending: int = 0  # as Listing.pending


def glance_from_index(
    folder: Path, names: list[str], fmt: str, summarize: Summarize, suffix: str
) -> Glance:
    """`list_from_index(...)` counted: the same files looked at and read (and the same index
    kept), but only the newest unfinished entry made (see Glance)."""
    found, pending = _gather(folder, names, fmt, summarize, suffix)
    bad: list[BadFile] = []
    unfinished = finished = 0
    best: tuple[str, Row] | None = None
    best_ns = -1
    for name, row in found:
        shown_as = row[2]
        if type(shown_as) is list:  # [size, mtime, title, detail, finished, value]
            done, when = shown_as[4], shown_as[1]
        elif isinstance(shown_as, SavedEntry):
            done, when = shown_as.finished, shown_as.saved_ns or _file_ns(shown_as.path)
        else:
            bad.append(shown_as)  # type: ignore[arg-type]
            continue
        if done:
            finished += 1
            continue
        unfinished += 1
        if best is None or when > best_ns:
            best, best_ns = (name, row), when
    newest = None
    if best is not None:
        shown_as = best[1][2]
        newest = _entry(folder, best[0], shown_as) if type(shown_as) is list else shown_as
    return Glance(newest, max(best_ns, 0), unfinished, finished, tuple(bad), pending)


def _file_ns(path: Path) -> int:
    """A file's time, asked of the file (a listed entry without one); 0 when it is gone."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _gather(
    folder: Path, names: list[str], fmt: str, summarize: Summarize, suffix: str
) -> tuple[list[tuple[str, Row]], int]:
    """Each listed file's name and row (from the index when its size and time agree, else read
    within this thread's quick budget and kept in the index), and how many were left to read."""
    state = _state(folder, fmt, suffix, summarize)
    budget: int | None = getattr(_local, "reads", None)
    found: list[tuple[str, Row]] = []
    pending = 0
    fresh: dict[str, Row] = {}
    where = str(folder) + os.sep
    for name in names:
        row = state.rows.get(name)
        if budget is not None and row is not None:
            # a quick list trusts what it holds (the program's own writes are forgotten as
            # they are made; the background's whole list looks at every file's size and time)
            found.append((name, row))
            continue
        if budget is not None and budget <= 0:
            pending += 1  # (not even looked at: the background reads it)
            continue
        try:
            info = os.stat(where + name)
            sign: tuple[int, int] | None = (info.st_size, info.st_mtime_ns)
        except OSError:
            sign = None
        if row is not None and sign is not None and row[:2] == sign and row[3]:
            found.append((name, row))
            continue
        if budget is not None:
            if budget <= 0:
                pending += 1
                continue
            budget -= 1
            _local.reads = budget  # (shared by every list of the quick_listing())
        read = read_entry(folder / name, fmt, summarize, suffix)
        if isinstance(read, SavedEntry) and sign is not None:
            read = replace(read, saved_ns=sign[1])
        if sign is None:
            found.append((name, (0, 0, read, False)))
            continue
        kept = time.time_ns() - sign[1] > SETTLED_NS and not _partial(read)
        fresh[name] = (*sign, read, kept)
        found.append((name, fresh[name]))
    settled = any(row[3] for row in fresh.values())  # (a file just saved is not kept yet)
    looking = looking_only()
    with _lock:
        gone = set(state.rows) - set(names)
        for name in gone:
            del state.rows[name]
        state.rows.update(fresh)
        changed = bool(settled or gone)
        if budget is not None or looking:
            # A quick list writes no index: the first frame waits for no write to the disk
            # (and no fsync); the background's whole list, which every screen starts after
            # its first frame, keeps what it read.
            state.unsaved = state.unsaved or changed
            changed = False
        elif state.unsaved:
            changed, state.unsaved = True, False
        rows = dict(state.rows) if changed else {}
    if changed:
        _write(folder, fmt, suffix, rows)
    return found, pending


def _state(folder: Path, fmt: str, suffix: str, summarize: Summarize) -> _Folder:
    key = (str(folder), fmt, suffix, summarize)
    with _lock:
        state = _folders.get(key)
    if state is not None:
        return state
    state = _Folder(_read(folder, fmt, suffix))
    with _lock:
        return _folders.setdefault(key, state)


def _written(path: Path) -> None:
    """A file the program is writing: what any list held of it is read again."""
    folder, name = str(path.parent), path.name
    with _lock:
        for key, state in _folders.items():
            if key[0] == folder:
                state.rows.pop(name, None)


WRITE_LISTENERS.append(_written)


def forget() -> None:
    """Drop what this run holds of every index (tests; a data folder changed under us)."""
    with _lock:
        _folders.clear()


# --- on disk ---------------------------------------------------------------------------------


def _read(folder: Path, fmt: str, suffix: str) -> dict[str, Row]:
    """The rows of the folder's index; none when it is missing, damaged or another version's."""
    path = folder / INDEX_NAME
    try:
        data = json.loads(read_text(path, "index", MAX_INDEX_BYTES))  # ours: no checks of
    except (DataError, ValueError, RecursionError):  # a user's file needed, only a fallback
        return {}
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
        return {}
    same = (data.get("version"), data.get("summary"), data.get("fmt"), data.get("suffix"))
    if same != (INDEX_VERSION, SUMMARY_VERSION, fmt, suffix):
        return {}
    files = data.get("files")
    rows: dict[str, Row] = {}
    if not isinstance(files, dict):
        return rows
    for name, raw in files.items():
        row = _row(folder, name, raw, suffix)
        if row is not None:
            rows[name] = row
    return rows


def _row(folder: Path, name: object, raw: object, suffix: str) -> Row | None:
    """One file's row as the index holds it, or None when it is not one (then it is read).
    (Exact type tests: ten thousand rows are read at a start, and `type(x) is int` is no bool.)"""
    if type(name) is not str or not name.endswith(suffix) or "/" in name or "\\" in name:
        return None
    if type(raw) is not list:
        return None
    if len(raw) == 3:
        size, mtime, problem = raw
        if type(size) is not int or type(mtime) is not int or type(problem) is not str:
            return None
        path = _child(folder, name)
        return size, mtime, BadFile(path, f"{path}: {problem}"), True
    if len(raw) != 6:
        return None
    size, mtime, title, detail, finished, value = raw
    if type(size) is not int or type(mtime) is not int or type(finished) is not bool:
        return None
    if type(title) is not str or type(detail) is not str:
        return None
    if value is not None:
        try:
            _kept_type(value)
        except (TypeError, ValueError, ImportError, AttributeError):
            return None
    return size, mtime, raw, True  # made into its entry when a list shows it (`_entry`)


def _entry(folder: Path, name: str, raw: list[Any]) -> SavedEntry:
    """An index line `_row` checked, as the SavedEntry a list shows."""
    _, mtime, title, detail, finished, value = raw
    return SavedEntry(
        _child(folder, name),
        _bounded(title, 80),
        _bounded(detail, 120),
        finished,
        _decode(value),
        mtime,
    )


def _bounded(text: str, limit: int) -> str:
    """What the index says, fit to show (as it was written: only a hand-edited one is cut)."""
    return text if len(text) <= limit and text.isprintable() else shown(text, limit)


def _child(folder: Path, name: str) -> Path:
    """folder / name, for ten thousand names: pathlib's own quick way where it has one."""
    quick = getattr(folder, "_make_child_relpath", None)
    return quick(name) if quick is not None else folder / name


def _write(folder: Path, fmt: str, suffix: str, rows: dict[str, Row]) -> None:
    """Keep the index beside the files; a folder we may not write to just keeps none."""
    files: dict[str, list[Any]] = {}
    for name, (size, mtime, found, settled) in rows.items():
        if not settled:
            continue  # read again next time: the same size in the same tick would look alike
        if type(found) is list:  # the index's own line, checked and never changed
            files[name] = found
            continue
        if isinstance(found, BadFile):
            prefix = f"{found.path}: "
            problem = found.problem[len(prefix) :] if found.problem.startswith(prefix) else ""
            if problem:
                files[name] = [size, mtime, problem]
            continue
        value = _encode(found.value)
        if value is not _UNKEPT:
            files[name] = [size, mtime, found.title, found.detail, found.finished, value]
    data = {
        "format": INDEX_FORMAT,
        "version": INDEX_VERSION,
        "summary": SUMMARY_VERSION,
        "fmt": fmt,
        "suffix": suffix,
        "files": files,
    }
    with contextlib.suppress(OSError):
        write_atomic(folder / INDEX_NAME, json.dumps(data, separators=(",", ":")))


_UNKEPT = object()  # a value the index cannot hold: that file is read again next run
_PLAIN = (str, int, float, bool, type(None))


def _encode(value: Any) -> Any:
    """A list entry's value as JSON: nothing, or a named tuple of plain fields (GameGist)."""
    if value is None:
        return None
    fields = getattr(value, "_fields", None)
    if not isinstance(value, tuple) or fields is None:
        return _UNKEPT
    module = type(value).__module__
    if not module.startswith("skully_game."):
        return _UNKEPT
    items: list[Any] = []
    for item in value:
        if isinstance(item, tuple) and all(isinstance(x, _PLAIN) for x in item):
            items.append(list(item))
        elif isinstance(item, _PLAIN):
            items.append(item)
        else:
            return _UNKEPT
    return {"type": f"{module}:{type(value).__qualname__}", "fields": items}


def _decode(value: Any) -> Any:
    if value is None:
        return None
    cls = _kept_type(value)
    return cls(*[tuple(x) if type(x) is list else x for x in value["fields"]])


def _kept_type(value: Any) -> type:
    """The named tuple a kept value makes, when it is one (else ValueError): what `_decode`
    needs checked, so that an index line checked when read always makes its entry."""
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ValueError("not a kept value")
    cls = _named_tuple(value["type"])
    items = value.get("fields")
    if not isinstance(items, list) or len(items) != len(cls._fields):  # type: ignore[attr-defined]
        raise ValueError("fields")
    return cls


@functools.cache
def _named_tuple(kind: str) -> type:
    """The named tuple a kept value is (GameGist): one of ours, looked up once a run."""
    module, _, name = kind.partition(":")
    if not module.startswith("skully_game.") or "." in name:
        raise ValueError("not one of ours")
    cls = getattr(importlib.import_module(module), name)
    if not (isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")):
        raise ValueError("not a named tuple")
    return cls


# --- in the background -----------------------------------------------------------------------


def refresh_in_background(jobs: Iterable[Callable[[], object]]) -> None:
    """Run full listings on a thread of their own (reading every new or changed file into the
    index); `generation()` goes up when they are done. One at a time: a refresh already
    running does the same lists."""
    global _worker
    with _lock:
        if _worker is not None and _worker.is_alive():
            return
        work = list(jobs)
        _worker = threading.Thread(target=_run, args=(work,), name="save-index", daemon=True)
        _worker.start()


def _run(jobs: list[Callable[[], object]]) -> None:
    global _generation
    for job in jobs:
        with contextlib.suppress(Exception):  # shown again on the main thread, with its words
            job()
    with _lock:
        _generation += 1


def generation() -> int:
    """How many background refreshes have finished: a screen lists again when it goes up."""
    return _generation


def refreshing() -> bool:
    """Whether a background refresh is still reading files."""
    worker = _worker
    return worker is not None and worker.is_alive()


def wait_for_refresh(timeout: float | None = None) -> None:
    """Wait for a background refresh to finish (tools and tests)."""
    worker = _worker
    if worker is not None:
        worker.join(timeout)
