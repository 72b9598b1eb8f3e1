"""Files in and out: atomic writes (a crash mid-save leaves the previous file intact) and the one
safe reader for every file a user can hand us (bounded, regular files only, depth-limited)."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from skully_game.core.errors import DataError


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write to a temporary file beside `path`, fsync it, then rename over the target."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# --- reading: every file a user can hand us comes in through here ---------------------------

MAX_FILE_BYTES = 16 * 1024 * 1024  # no board, record, save or settings file comes near this
MAX_DEPTH = 64  # nesting of lists/objects/tables: ours never go past 6


def read_text(path: str | os.PathLike[str], what: str = "file") -> str:
    """A regular file's UTF-8 text, refused in one line if it is not a regular file (a FIFO would
    block forever), is larger than MAX_FILE_BYTES, or cannot be read or decoded."""
    source = str(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise DataError(source, "file", f"an existing, readable {what}", _os_reason(exc)) from None
    if not stat.S_ISREG(info.st_mode):
        raise DataError(source, "file", f"a regular {what}", "a folder or a device")
    if info.st_size > MAX_FILE_BYTES:
        raise DataError(
            source, "file", f"a {what} of at most {_mib(MAX_FILE_BYTES)}", _size(info.st_size)
        )
    try:
        # O_NONBLOCK: if the file was swapped for a FIFO since the stat, opening it cannot hang.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DataError(source, "file", f"a readable {what}", _os_reason(exc)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DataError(source, "file", f"a {what} of at most {_mib(MAX_FILE_BYTES)}", "more")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(source, "file", f"a {what} in UTF-8 text", "other bytes") from None


def parse_json(text: str, source: str) -> Any:
    """JSON, refusing NaN/Infinity (Python's json takes them) and nesting deeper than MAX_DEPTH."""

    def no_constants(name: str) -> Any:
        raise DataError(source, "json", "finite numbers only", name)

    _check_depth(text, "[{", "]}", source, "json")
    try:
        return json.loads(text, parse_constant=no_constants)
    except json.JSONDecodeError as exc:
        raise DataError(source, "json", "valid JSON", f"{exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise DataError(
            source, "json", f"lists nested at most {MAX_DEPTH} deep", "deeper"
        ) from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """TOML, refusing nesting deeper than MAX_DEPTH (tomllib recurses on inline tables/arrays)."""
    _check_depth(text, "[{", "]}", source, "toml")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(source, "toml", "valid TOML", str(exc)) from None
    except RecursionError:
        raise DataError(
            source, "toml", f"tables nested at most {MAX_DEPTH} deep", "deeper"
        ) from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """A JSON file a user may have handed us, or a one-line DataError."""
    return parse_json(read_text(path, "JSON file"), str(path))


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A TOML file a user may have handed us, or a one-line DataError."""
    return parse_toml(read_text(path, "TOML file"), str(path))


def _check_depth(text: str, opens: str, closes: str, source: str, field: str) -> None:
    """Brackets outside strings may not nest deeper than MAX_DEPTH: a cheap scan that keeps the
    parsers from recursing until Python gives up (RecursionError, or a crash in C)."""
    if text.count(opens[0]) + text.count(opens[1]) <= MAX_DEPTH:
        return
    depth = 0
    quote = ""
    escaped = False
    for ch in text:
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote or ch == "\n":
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in opens:
            depth += 1
            if depth > MAX_DEPTH:
                raise DataError(source, field, f"nesting at most {MAX_DEPTH} deep", "deeper")
        elif ch in closes:
            depth -= 1


def _os_reason(exc: OSError) -> str:
    return (exc.strerror or "cannot be read").lower()


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MiB" if n >= 1024 * 1024 else f"{n} bytes"


def _mib(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB"
